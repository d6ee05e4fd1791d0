//go:build linux || darwin

package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// webObject reads the driver's output up to the first question and
// returns the "web" object that must come before it.
func webObject(t *testing.T, d *driver) (map[string]any, map[string]any) {
	t.Helper()
	q := d.next()
	if q == nil {
		t.Fatalf("no question; stderr: %s", d.errs.String())
	}
	for _, o := range d.objs {
		if o["type"] == "web" {
			return o, q
		}
	}
	t.Fatalf("no web object before the first question: %v", d.objs)
	return nil, nil
}

func httpJSON(t *testing.T, method, url, body string) (int, map[string]any) {
	t.Helper()
	req, _ := http.NewRequest(method, url, strings.NewReader(body))
	if method == "POST" {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	var m map[string]any
	json.Unmarshal(b, &m)
	return res.StatusCode, m
}

// TestWebNewAndResumeKeepTheirTokens starts a game with --web through the
// binary, answers from a phone, quits, resumes with the same URLs, then
// with --new-tokens, after which the old URLs are unknown.
func TestWebNewAndResumeKeepTheirTokens(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, "game.yaml")
	d := startDriver(t, nil, "new", "runner", "--crown", "Ann", "--pirate", "Bo", "--save", save, "--web", "127.0.0.1:0")
	web, q := webObject(t, d)
	table := web["table"].(string)
	seats := web["seats"].([]any)
	if len(seats) != 2 || !strings.HasPrefix(table, "http://127.0.0.1:") {
		t.Fatalf("web object: %v", web)
	}
	ann := seats[0].(map[string]any)["url"].(string)
	if seats[0].(map[string]any)["name"] != "Ann" || seats[1].(map[string]any)["seat"].(float64) != 1 {
		t.Fatalf("seats: %v", seats)
	}
	// The page's state matches the question the laptop sees.
	code, st := httpJSON(t, "GET", ann+"/state", "")
	pq, _ := st["question"].(map[string]any)
	if code != 200 || pq["id"] != q["id"] || len(pq["options"].([]any)) == 0 {
		t.Fatalf("Ann's state: %d %v", code, st)
	}
	key := pq["options"].([]any)[0].(map[string]any)["key"].(string)
	if code, _ := httpJSON(t, "GET", table+"x/state", ""); code != 404 {
		t.Fatalf("an unknown token: %d", code)
	}
	if code, body := httpJSON(t, "POST", ann+"/answer", `{"step":0,"question":"`+pq["id"].(string)+`","answer":"`+key+`"}`); code != 200 {
		t.Fatalf("answer from Ann's phone: %d %v", code, body)
	}
	// The laptop's JSON Lines stream moves on: an info says where the
	// answer came from, then the next question (step 1).
	q = d.next()
	if q == nil || q["step"].(float64) != 1 {
		t.Fatalf("after the phone's answer the laptop asks %v", q)
	}
	found := false
	for _, o := range d.objs {
		if o["type"] == "info" && strings.Contains(o["text"].(string), "came from Ann's phone") {
			found = true
		}
	}
	if !found {
		t.Error("no info object said the answer came from Ann's phone")
	}
	d.send("quit")
	if code := d.finish(); code != 2 {
		t.Fatalf("quit: exit %d", code)
	}
	// The server stopped with the session.
	if _, err := http.Get(table + "/state"); err == nil {
		t.Error("the server still answers after the game stopped")
	}
	data, err := os.ReadFile(save)
	if err != nil || !bytes.Contains(data, []byte("\nweb:\n")) {
		t.Fatalf("the save keeps no tokens: %v\n%s", err, data)
	}

	// Resume keeps the tokens (the path after the port is the same).
	tok := func(u string) string { return u[strings.LastIndex(u, "/")+1:] }
	d = startDriver(t, nil, "resume", save, "--web", "127.0.0.1:0")
	web2, _ := webObject(t, d)
	if tok(web2["table"].(string)) != tok(table) || tok(web2["seats"].([]any)[0].(map[string]any)["url"].(string)) != tok(ann) {
		t.Fatalf("resume changed the URLs: %v then %v", web, web2)
	}
	code, st = httpJSON(t, "GET", web2["table"].(string)+"/state", "")
	if code != 200 || st["step"].(float64) != 1 {
		t.Fatalf("resumed state: %d %v", code, st)
	}
	d.send("quit")
	d.finish()

	// --new-tokens issues fresh ones; the old ones are unknown.
	d = startDriver(t, nil, "resume", save, "--web", "127.0.0.1:0", "--new-tokens")
	web3, _ := webObject(t, d)
	if tok(web3["table"].(string)) == tok(table) {
		t.Fatal("--new-tokens kept the table's token")
	}
	base := web3["table"].(string)[:strings.LastIndex(web3["table"].(string), "/")]
	if code, _ := httpJSON(t, "GET", base+"/"+tok(ann)+"/state", ""); code != 404 {
		t.Fatalf("an old token after --new-tokens: %d", code)
	}
	d.send("quit")
	d.finish()
	data, _ = os.ReadFile(save)
	if bytes.Contains(data, []byte(tok(ann))) || !bytes.Contains(data, []byte(tok(web3["table"].(string)))) {
		t.Error("the save does not hold the new tokens only")
	}
}

// TestWebBadAddress refuses an address it cannot listen on, before
// anything is saved.
func TestWebBadAddress(t *testing.T) {
	save := filepath.Join(t.TempDir(), "g.yaml")
	r := rumref(t, "", "--io", "json", "new", "runner", "--crown", "Ann", "--pirate", "Bo", "--save", save, "--web", "nonsense")
	if r.code == 0 || !strings.Contains(r.stderr, "HOST:PORT") {
		t.Fatalf("--web nonsense: exit %d, %s", r.code, r.stderr)
	}
}

// TestWebTerminalAnswerFromAPage plays in a real terminal with the pages
// served: an answer given on the table page interrupts the terminal's
// selection list, the terminal moves on to the next question, and its own
// next answer reaches the page.
func TestWebTerminalAnswerFromAPage(t *testing.T) {
	save := filepath.Join(t.TempDir(), "g.yaml")
	c := startTTY(t, "new", "pirates", "--players", "Ann:gold,Bo:blue", "--start", "1", "--layout", "fixed", "--save", save, "--web", "127.0.0.1:0")
	c.through("once the phones have joined")
	if !strings.Contains(c.screen(), "Phones: scan this code") || !strings.Contains(c.screen(), "▀") {
		t.Fatalf("no join code on the screen:\n%s", c.screen())
	}
	if strings.Contains(c.screen(), "Build the board") {
		t.Fatalf("the board to build came before the join code:\n%s", c.screen())
	}
	c.send(keyEnter)
	c.buildTheBoard()
	c.waitFor("face-up pub 1 of 4")
	m := regexp.MustCompile(`Table page[^:]*: (http://127\.0\.0\.1:[0-9]+/[a-z2-7]+)`).FindStringSubmatch(c.screen())
	if m == nil {
		t.Fatalf("no table URL on the screen:\n%s", c.screen())
	}
	table := m[1]
	_, st := httpJSON(t, "GET", table+"/state", "")
	q := st["question"].(map[string]any)
	key := q["options"].([]any)[0].(map[string]any)["key"].(string)
	if code, body := httpJSON(t, "POST", table+"/answer", `{"step":0,"question":"`+q["id"].(string)+`","answer":"`+key+`"}`); code != 200 {
		t.Fatalf("the table page's answer: %d %v", code, body)
	}
	c.waitFor("came from the table page")
	c.waitFor("face-up pub 2 of 4")
	c.send("3") // the terminal answers the next one itself (a digit chooses)
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, st = httpJSON(t, "GET", table+"/state", "")
		if st["step"].(float64) == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the page never saw the terminal's answer: %v\n%s", st["step"], c.screen())
		}
		time.Sleep(20 * time.Millisecond)
	}
	c.waitFor("face-up pub 3 of 4")
	c.send(keyCtrlC)
	<-c.done
	c.cmd.Wait()
	data, _ := os.ReadFile(save)
	if !strings.Contains(string(data), "a: "+key) {
		t.Fatalf("the page's answer is not in the save:\n%s", data)
	}
}

// TestWebEndShowsThePlayLoggerLink finishes a whole game in plain mode
// with the pages served: the terminal prints the BG Stats link with its
// QR code.
func TestWebEndShowsThePlayLoggerLink(t *testing.T) {
	save, answers := simGame(t, "pirates", 3, 7)
	var lines strings.Builder
	for _, a := range answers {
		lines.WriteString(a.A + "\n")
	}
	r := rumref(t, lines.String(), "--io", "plain", "resume", save, "--web", "127.0.0.1:0")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	// Its code is shown on a terminal large enough for it
	// (TestPlayCodeWhereItFits), not in a pipe.
	i := strings.Index(r.stdout, "Log this play in BG Stats")
	if i < 0 || !strings.Contains(r.stdout[i:], "https://app.bgstatsapp.com/createPlay.html?data=") {
		t.Fatalf("no play logger link at the end:\n%s", r.stdout[max(0, len(r.stdout)-3000):])
	}
	if !strings.Contains(r.stdout[i:], "19948") {
		t.Error("the link does not name Rum & Pirates' BGG id")
	}
}

// TestWebTerminalNoPassScreenForAConnectedPhone plays in a real terminal
// with the pages served: the join code comes first; Rum Runner's first
// question, Ann's secret, waits for her phone instead of passing the
// laptop; her phone takes her seat on the join page (a cookie), the
// laptop says she answers on her phone, and her phone's answers move the
// game on without a pass screen.
func TestWebTerminalNoPassScreenForAConnectedPhone(t *testing.T) {
	save := filepath.Join(t.TempDir(), "g.yaml")
	c := startTTY(t, "new", "runner", "--crown", "Ann", "--pirate", "Bo", "--save", save, "--web", "127.0.0.1:0")
	c.through("once the phones have joined")
	m := regexp.MustCompile(`  Join: (http://127\.0\.0\.1:[0-9]+/[a-z2-7]+)`).FindStringSubmatch(c.screen())
	if m == nil {
		t.Fatalf("no join URL on the screen:\n%s", c.screen())
	}
	join := m[1]
	c.send(keyEnter)
	c.buildTheBoard()
	c.waitFor("their phone has not joined: waiting for it")
	// Ann's phone takes her seat and opens her page: its event stream
	// stays open.
	phone, res := claimAnnsSeat(t, join)
	defer res.Body.Close()
	var stream syncBuffer
	go io.Copy(&stream, res.Body)
	c.waitFor("Ann is answering a secret question on their phone.")
	answer := func(step int) {
		t.Helper()
		res, err := phone.Get(join + "/state")
		if err != nil {
			t.Fatal(err)
		}
		var st map[string]any
		json.NewDecoder(res.Body).Decode(&st)
		res.Body.Close()
		q := st["question"].(map[string]any)
		key := q["options"].([]any)[0].(map[string]any)["key"].(string)
		body := fmt.Sprintf(`{"step":%d,"question":%q,"answer":%q}`, step, q["id"], key)
		res, err = phone.Post(join+"/answer", "application/json", strings.NewReader(body))
		if err != nil || res.StatusCode != 200 {
			t.Fatalf("answer %d from Ann's phone: %v %v", step+1, err, res)
		}
		res.Body.Close()
	}
	answer(0)
	c.waitFor("Answer 1 came from Ann's phone")
	answer(1)
	c.waitFor("Answer 2 came from Ann's phone")
	if strings.Contains(c.screen(), "pass the laptop to Ann") {
		t.Fatalf("a pass screen for Ann, whose phone joined:\n%s", c.screen())
	}
	c.send(keyCtrlC)
	<-c.done
	// Ann's phone heard that the game stopped before its stream closed.
	if !strings.Contains(stream.String(), `"type":"exit"`) {
		t.Errorf("Ann's stream did not carry the exit:\n%s", stream.String())
	}
}

// TestWebSeatsAndPhonesCommands: the laptop lists each seat's own page
// (seats) and shows the join code again (phones); the JSON web object
// names the join page too.
func TestWebSeatsAndPhonesCommands(t *testing.T) {
	save := filepath.Join(t.TempDir(), "g.yaml")
	r := rumref(t, "seats\nphones\nseats bo\nseats zed\nquit\n", "--io", "plain", "new", "runner", "--crown", "Ann", "--pirate", "Bo", "--save", save, "--web", "127.0.0.1:0")
	i := strings.Index(r.stdout, "Each seat's own page")
	seats := regexp.MustCompile(`  (Ann|Bo): http://127\.0\.0\.1:[0-9]+/[a-z2-7]{32}`).FindAllString(r.stdout[max(i, 0):], -1)
	if i < 0 || len(seats) < 2 || !strings.HasPrefix(seats[0], "  Ann: ") || !strings.HasPrefix(seats[1], "  Bo: ") {
		t.Fatalf("seats does not list both seats' pages:\n%s", r.stdout)
	}
	if strings.Count(r.stdout, "Phones: scan this code") != 2 || !strings.Contains(r.stdout, "▀") {
		t.Fatalf("phones does not show the join code again:\n%s", r.stdout)
	}
	if !strings.Contains(r.stdout, "Bo's own page: only Bo scans this code") || !strings.Contains(r.stdout+r.stderr, `"zed" is not a player`) {
		t.Fatalf("seats bo does not show Bo's code, or seats zed is not refused:\n%s", r.stdout)
	}
	if strings.Index(r.stdout, "Phones: scan this code") > strings.Index(r.stdout, "Lay out the islands") {
		t.Fatalf("the board to set up came before the join code:\n%s", r.stdout)
	}
	d := startDriver(t, nil, "new", "runner", "--crown", "Ann", "--pirate", "Bo", "--save", filepath.Join(t.TempDir(), "h.yaml"), "--web", "127.0.0.1:0")
	web, _ := webObject(t, d)
	if j, _ := web["join"].(string); !regexp.MustCompile(`^http://127\.0\.0\.1:[0-9]+/[a-z2-7]{10}$`).MatchString(j) {
		t.Errorf("the web object's join is %q", web["join"])
	}
	d.send("quit")
	d.finish()
}

// TestWebTerminalGoOnWithoutPhones: at the wait for a phone, Enter goes
// on without the phones: the laptop passes itself to Ann as before.
func TestWebTerminalGoOnWithoutPhones(t *testing.T) {
	save := filepath.Join(t.TempDir(), "g.yaml")
	c := startTTY(t, "new", "runner", "--crown", "Ann", "--pirate", "Bo", "--save", save, "--web", "127.0.0.1:0")
	c.through("once the phones have joined")
	c.send(keyEnter)
	c.buildTheBoard()
	c.through("go on without phones")
	c.send(keyEnter)
	c.waitFor("Going on without phones")
	c.waitFor("pass the laptop to Ann")
	c.send(keyCtrlC)
	<-c.done
}

// syncBuffer is a bytes.Buffer safe for a writer and a reader.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// claimAnnsSeat is Ann's phone taking seat 0 on the join page at join (a
// cookie) and opening her page's event stream, which it returns open.
func claimAnnsSeat(t *testing.T, join string) (*http.Client, *http.Response) {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	phone := &http.Client{Jar: jar}
	res, err := phone.Post(join+"/claim", "application/json", strings.NewReader(`{"seat":0}`))
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("claiming Ann's seat: %v %v", err, res)
	}
	res.Body.Close()
	res, err = phone.Get(join + "/events")
	if err != nil {
		t.Fatal(err)
	}
	return phone, res
}
