package cli

import (
	"context"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"rumref/games"
)

// browserTab opens url in a headless chromium at phone size (the web
// package's browser tests say how chromium is found and skipped).
func browserTab(t *testing.T, url string) context.Context {
	t.Helper()
	if os.Getenv("RUMREF_SKIP_BROWSER") == "1" {
		t.Skip("RUMREF_SKIP_BROWSER=1: browser tests skipped")
	}
	path := ""
	for _, name := range []string{os.Getenv("CHROMIUM"), "chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); name != "" && err == nil {
			path = p
			break
		}
	}
	if path == "" {
		t.Fatal("chromium is not installed: ./test.sh installs it, or set RUMREF_SKIP_BROWSER=1 to skip the browser tests")
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox,
		chromedp.DisableGPU, chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck, chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("disable-background-networking", true))
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelA() })
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844), chromedp.Navigate(url),
		chromedp.WaitVisible(chromedp.CSS("#question .who, #question p"))); err != nil {
		t.Fatalf("opening %s: %v", url, err)
	}
	return ctx
}

// waitPage waits up to 20 s until js is true in the tab.
func waitPage(t *testing.T, ctx context.Context, what, js string) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js)); err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			body, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
			t.Fatalf("the page never showed %s; it shows:\n%s", what, body)
		}
	}
}

func portOf(t *testing.T, u string) string {
	t.Helper()
	p, err := url.Parse(u)
	if err != nil {
		t.Fatal(err)
	}
	return p.Port()
}

// TestWebResumeKeepsThePort: a seat's page is open while the game is
// quit at the laptop (the real binary); resumed with --web 127.0.0.1:0,
// the game listens on the port it used before (kept in the save beside
// the tokens), and the page, never reloaded, goes on by itself at the
// question asked now. Before, the resumed game took a new port and the
// page said "The game stopped" until it was reloaded from a new code.
// With the old port taken, the resume takes another and records it.
func TestWebResumeKeepsThePort(t *testing.T) {
	save, answers := simGame(t, "pirates", 3, 7)
	d := startDriver(t, nil, "resume", save, "--web", "127.0.0.1:0")
	web, q := webObject(t, d)
	_, seats := pageURLs(t, web)
	port := portOf(t, seats[0])
	for i := 0; i < 3; i++ {
		d.send(answers[stepOf(q)].A)
		if q = d.next(); q == nil {
			t.Fatalf("the game stopped: %s", d.errs.String())
		}
	}
	tab := browserTab(t, seats[0])
	waitPage(t, tab, "the question at answer 4", `document.querySelector('#question[data-step="3"]') !== null`)
	if _, err := chromedp.Run(tab, chromedp.Evaluate[int](`window.rumrefNoReload = 1`)); err != nil {
		t.Fatal(err)
	}
	d.send("quit")
	if code := d.finish(); code != exitInterrupted {
		t.Fatalf("quit: exit %d", code)
	}
	waitPage(t, tab, "that the game stopped", `document.getElementById("question").textContent.includes("The game stopped")`)
	f, _, err := games.Read(save)
	if err != nil {
		t.Fatal(err)
	}
	if f.Web == nil || fmt.Sprint(f.Web.Port) != port {
		t.Fatalf("the save does not keep the port %s: %+v", port, f.Web)
	}

	d = startDriver(t, nil, "resume", save, "--web", "127.0.0.1:0")
	web, q = webObject(t, d)
	_, again := pageURLs(t, web)
	if again[0] != seats[0] {
		t.Fatalf("the resumed game serves Ann's page at %s, before at %s", again[0], seats[0])
	}
	waitPage(t, tab, "the question at answer 4 again", `document.querySelector('#question[data-step="3"]') !== null && !document.getElementById("question").textContent.includes("stopped")`)
	// It follows the game live: the next answer shows without a reload.
	d.send(answers[stepOf(q)].A)
	if q = d.next(); q == nil {
		t.Fatalf("the game stopped: %s", d.errs.String())
	}
	waitPage(t, tab, "the question at answer 5", `document.querySelector('#question[data-step="4"]') !== null && window.rumrefNoReload === 1`)
	d.send("quit")
	if code := d.finish(); code != exitInterrupted {
		t.Fatalf("quit: exit %d", code)
	}

	// The port taken by another program: another one, kept in the save.
	busy, err := net.Listen("tcp", "127.0.0.1:"+port)
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	d = startDriver(t, nil, "resume", save, "--web", "127.0.0.1:0")
	web, _ = webObject(t, d)
	_, moved := pageURLs(t, web)
	other := portOf(t, moved[0])
	if other == port || !strings.HasSuffix(moved[0], strings.TrimPrefix(seats[0], "http://127.0.0.1:"+port)) {
		t.Fatalf("with port %s taken the page is at %s", port, moved[0])
	}
	d.send("quit")
	d.finish()
	if f, _, err = games.Read(save); err != nil || fmt.Sprint(f.Web.Port) != other {
		t.Fatalf("the save keeps port %v, the pages moved to %s (%v)", f.Web, other, err)
	}
}
