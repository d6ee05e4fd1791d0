//go:build linux || darwin

package cli

import (
	"regexp"
	"strings"
	"testing"

	"rumref/qr"
)

// joinURLOn finds the join URL on a screen.
func joinURLOn(t *testing.T, screen string) string {
	t.Helper()
	m := regexp.MustCompile(`Join: (http://127\.0\.0\.1:[0-9]+/[a-z2-7]+)`).FindStringSubmatch(screen)
	if m == nil {
		t.Fatalf("no join URL on the screen:\n%s", screen)
	}
	return m[1]
}

// TestTmuxJoinCodeWholeAt80x24: at 80x24 the join code comes first,
// before the board to build, whole on the screen with its URL; Rum
// Runner's first secret question waits for Ann's phone showing the code
// whole again, and goes to her phone once it takes her seat. On a screen
// too small for the code, the URL is given and how to show the code.
func TestTmuxJoinCodeWholeAt80x24(t *testing.T) {
	p := startTmuxSize(t, 80, 24, "new", "runner", "--crown", "Ann", "--pirate", "Bo", "--save", t.TempDir()+"/g.yaml", "--web", "127.0.0.1:0")
	s := p.waitFor("once the phones have joined")
	join := joinURLOn(t, s)
	code := strings.TrimSuffix(qr.Text(join), "\n")
	if !strings.Contains(s, code) {
		t.Fatalf("the join code is not whole on the screen:\n%s", s)
	}
	if !strings.Contains(s, "Phones: scan this code") {
		t.Fatalf("the line above the code is gone:\n%s", s)
	}
	t.Logf("the join code at 80x24:\n%s", s)
	p.keys(false, "Enter")
	p.waitFor("then press Enter to start")
	p.keys(false, "Enter")
	s = p.waitFor("go on without phones") // the last line of the wait
	t.Logf("the wait for Ann's phone:\n%s", s)
	if !strings.Contains(s, code) || !strings.Contains(s, "their phone has not joined") {
		t.Fatalf("the wait for Ann's phone does not show the code whole:\n%s", s)
	}
	_, res := claimAnnsSeat(t, join)
	defer res.Body.Close()
	p.waitFor("Ann is answering a secret question on their phone.")

	small := startTmuxSize(t, 80, 16, "new", "runner", "--crown", "Ann", "--pirate", "Bo", "--save", t.TempDir()+"/h.yaml", "--web", "127.0.0.1:0")
	s = small.waitFor("once the phones have joined")
	if !strings.Contains(s, "does not fit this window") || !strings.Contains(s, "type phones") || strings.Contains(s, "▀▀▀") {
		t.Fatalf("at 80x16 the screen does not say how to show the code:\n%s", s)
	}
	joinURLOn(t, s)
	t.Logf("at 80x16:\n%s", s)
}
