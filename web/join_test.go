package web

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"sync"
	"testing"
	"time"

	"rumref/locale"
	"rumref/table"
	"rumref/wire"
)

// device is one browser of the join tests: its own cookies, and all it
// received.
type device struct {
	t    *testing.T
	c    *http.Client
	got  strings.Builder
	last []*http.Cookie
}

func newDevice(t *testing.T, ua string) *device {
	jar, _ := cookiejar.New(nil)
	return &device{t: t, c: &http.Client{Jar: jar, Transport: uaTransport(ua)}}
}

type uaTransport string

func (u uaTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("User-Agent", string(u))
	return http.DefaultTransport.RoundTrip(r)
}

// do sends a request and returns the status and body, keeping both.
func (d *device) do(method, url string, body any) (int, []byte) {
	d.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, url, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := d.c.Do(req)
	if err != nil {
		d.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	d.last = res.Cookies()
	for k, vs := range res.Header {
		d.got.WriteString(k + ": " + strings.Join(vs, ", ") + "\n")
	}
	d.got.Write(b)
	return res.StatusCode, b
}

func (d *device) seats(j string) wire.JoinState {
	d.t.Helper()
	code, b := d.do("GET", j+"/seats", nil)
	var st wire.JoinState
	if code != 200 || json.Unmarshal(b, &st) != nil {
		d.t.Fatalf("GET J/seats: %d %s", code, b)
	}
	return st
}

// scanTokens fails when s holds a seat's token.
func scanTokens(t *testing.T, what, s string, tokens Tokens) {
	t.Helper()
	for i, tok := range tokens.Seats {
		if strings.Contains(s, tok) {
			t.Errorf("%s holds seat %d's token", what, i)
		}
	}
}

const (
	uaAndroid = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36"
	uaIPhone  = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
)

// TestJoinWithOneCode: a phone takes a free seat from the join page and
// its cookie opens that seat's page; a second device asking for the seat
// gets nothing until the owner says yes on their phone, then gets in; a
// third is kept out by a no. Nothing the table page, the join page or a
// device that was not let in received holds a seat's token.
func TestJoinWithOneCode(t *testing.T) {
	tb := serve(t, "pirates", 3, 5)
	j := tb.srv.JoinURL()
	tokens := tb.srv.tokens
	if strings.Contains(j, tokens.Table) || len(strings.TrimPrefix(j, tb.srv.Base()+"/")) != joinLen {
		t.Fatalf("join URL %s", j)
	}
	tableStream := tb.open(Table, "")
	defer tableStream.close()
	ann := newDevice(t, uaAndroid)
	if code, b := ann.do("GET", j, nil); code != 200 || !strings.Contains(string(b), `data-page="join"`) {
		t.Fatalf("GET J: %d %.200s", code, b)
	}
	st := ann.seats(j)
	if st.Mine != -1 || st.Asked != -1 || len(st.Seats) != 3 || st.Seats[0].Taken || st.Seats[0].Name != tb.names[0] {
		t.Fatalf("the join page's state: %+v", st)
	}
	if code, _ := ann.do("GET", j+"/state", nil); code != 403 {
		t.Errorf("J/state without a seat: %d, want 403", code)
	}
	if code, b := ann.do("POST", j+"/claim", wire.Claim{Seat: 0}); code != 200 || strings.Contains(string(b), "pending") {
		t.Fatalf("claiming a free seat: %d %s", code, b)
	}
	var cookie *http.Cookie
	for _, c := range ann.last {
		if c.Name == seatCookie {
			cookie = c
		}
	}
	if cookie == nil || cookie.Value != tokens.Seats[0] || !cookie.HttpOnly || cookie.SameSite != http.SameSiteStrictMode || cookie.Path != "/"+tokens.Join() {
		t.Fatalf("the seat's cookie: %+v", cookie)
	}
	if code, b := ann.do("GET", j, nil); code != 200 || !strings.Contains(string(b), `data-page="seat"`) {
		t.Fatalf("GET J with the seat's cookie: %d %.200s", code, b)
	}
	if code, b := ann.do("GET", j+"/state", nil); code != 200 || !strings.Contains(string(b), `"viewer":0`) {
		t.Fatalf("J/state with the seat's cookie: %d %.200s", code, b)
	}
	// Ann's phone follows its page.
	annStream := openWith(t, ann, j+"/events")
	defer annStream.close()
	annStream.waitFor(t, `"devices":["Android phone, Chrome"]`)
	tableStream.waitFor(t, `"devices":["Android phone, Chrome"]`)
	// The per-seat URL keeps working.
	if s, _ := tb.state(1); s.Viewer != 1 {
		t.Fatalf("a seat's own URL: viewer %d", s.Viewer)
	}

	// A second device asks for Ann's seat: it waits and gets nothing.
	other := newDevice(t, uaIPhone)
	code, b := other.do("POST", j+"/claim", wire.Claim{Seat: 0})
	if code != 200 || !strings.Contains(string(b), `"pending":true`) {
		t.Fatalf("asking for a taken seat: %d %s", code, b)
	}
	if st := other.seats(j); st.Mine != -1 || st.Asked != 0 {
		t.Fatalf("while it waits: %+v", st)
	}
	for _, u := range []string{j, j + "/state", j + "/events"} {
		if code, b := other.do("GET", u, nil); u == j && !strings.Contains(string(b), `data-page="join"`) || u != j && code != 403 {
			t.Errorf("GET %s before the yes: %d %.100s", u, code, b)
		}
	}
	annStream.waitFor(t, `"id":"join.0"`)
	annStream.waitFor(t, "iPhone, Safari")
	// The laptop is not asked while Ann's phone is there; the table page
	// is never asked.
	if s, _ := tb.state(Table); string(s.Confirm) != "null" {
		t.Errorf("the table page is asked: %s", s.Confirm)
	}
	scanTokens(t, "what the device asking received before the yes", other.got.String(), tokens)
	// Ann says yes on her phone.
	if code, b := ann.do("POST", j+"/confirm", wire.ConfirmReply{Step: tb.core0Step(), ID: "join.0", Yes: true}); code != 200 {
		t.Fatalf("Ann's yes: %d %s", code, b)
	}
	if st := other.seats(j); st.Mine != 0 {
		t.Fatalf("after the yes: %+v", st)
	}
	if code, b := other.do("GET", j+"/state", nil); code != 200 || !strings.Contains(string(b), `"viewer":0`) {
		t.Fatalf("the second device after the yes: %d %.200s", code, b)
	}
	otherStream := openWith(t, other, j+"/events")
	defer otherStream.close()
	// Both devices show on Ann's seat, for Ann and for the table.
	annStream.waitFor(t, `"devices":["Android phone, Chrome","iPhone, Safari"]`)
	tableStream.waitFor(t, `"devices":["Android phone, Chrome","iPhone, Safari"]`)

	// A third device is kept out by a no.
	third := newDevice(t, uaIPhone)
	if code, b := third.do("POST", j+"/claim", wire.Claim{Seat: 0}); code != 200 || !strings.Contains(string(b), `"pending":true`) {
		t.Fatalf("a third device: %d %s", code, b)
	}
	annStream.waitFor(t, `"id":"join.0"`)
	if code, b := ann.do("POST", j+"/confirm", wire.ConfirmReply{Step: tb.core0Step(), ID: "join.0", Yes: false}); code != 200 {
		t.Fatalf("Ann's no: %d %s", code, b)
	}
	if st := third.seats(j); st.Mine != -1 || st.Asked != -1 || !strings.Contains(st.Text, "kept this device out") {
		t.Fatalf("after the no: %+v", st)
	}
	if code, _ := third.do("GET", j+"/state", nil); code != 403 {
		t.Errorf("the device kept out: J/state %d", code)
	}
	scanTokens(t, "what the device kept out received", third.got.String(), tokens)

	// Bad claims.
	for _, c := range []struct {
		body any
		code int
	}{{wire.Claim{Seat: 7}, 422}, {map[string]any{"seat": 0, "x": 1}, 400}} {
		if code, b := third.do("POST", j+"/claim", c.body); code != c.code {
			t.Errorf("claim %v: %d %s, want %d", c.body, code, b, c.code)
		}
	}

	// The table page: its HTML, state, join code and stream.
	table := newDevice(t, "")
	for _, u := range []string{tb.url(Table), tb.url(Table) + "/state", tb.url(Table) + "/join", j + "/seats", "/assets/app.js", "/assets/join.js"} {
		if strings.HasPrefix(u, "/") {
			u = tb.srv.Base() + u
		}
		if code, _ := table.do("GET", u, nil); code != 200 {
			t.Errorf("GET %s: %d", u, code)
		}
	}
	if !strings.Contains(table.got.String(), j) {
		t.Errorf("GET TABLE/join does not give the join URL")
	}
	scanTokens(t, "the table page, its state and join code", table.got.String(), tokens)
	tb.play(nil)
	tableStream.waitFor(t, `"type":"end"`)
	_, data := tableStream.snapshot()
	scanTokens(t, "the table page's stream", strings.Join(data, "\n"), tokens)
}

// core0Step is the step the table is at.
func (tb *served) core0Step() int { s, _ := tb.state(Table); return s.Step }

// openWith opens an event stream with a device's cookies.
func openWith(t *testing.T, d *device, url string) *stream {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	res, err := d.c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != 200 {
		t.Fatalf("events: %d", res.StatusCode)
	}
	st := &stream{res: res, gone: make(chan struct{})}
	go st.read()
	return st
}

// TestJoinRequestAtTheLaptop: without the owner's phone connected, the
// request for their seat is the laptop's to answer (the table core's
// confirmation, behind the pass screen); it does not lapse when the
// game moves on.
func TestJoinRequestAtTheLaptop(t *testing.T) {
	tb := serve(t, "pirates", 3, 5)
	var got []bool
	done := make(chan struct{}, 2)
	r := tb.core.AskJoin(1, "iPhone, Safari", locale.English, func(yes bool) { got = append(got, yes); done <- struct{}{} })
	if r.Code != table.Pending || !strings.Contains(r.Text, "at the laptop") {
		t.Fatalf("AskJoin: %+v", r)
	}
	var c *table.Confirm
	stop := tb.core.Watch(table.Laptop, locale.English, func(u table.Update) { c = u.Confirm })
	stop()
	if c == nil || c.ID != "join.1" || !c.Pass || c.Seat != 1 {
		t.Fatalf("the laptop is not asked: %+v", c)
	}
	// The game moves on; the request still waits.
	a := tb.answers[0]
	if rep := tb.core.Submit(table.Command{From: table.Page(Table), Kind: table.Answer, Step: 0, Question: a.Q, Text: a.A}); rep.Code != table.OK {
		t.Fatalf("answer 1: %+v", rep)
	}
	if s, _ := tb.state(Table); string(s.Confirm) != "null" || s.Step != 1 {
		t.Fatalf("the table page sees the request, or the game did not move: %d %s", s.Step, s.Confirm)
	}
	if rep := tb.core.Submit(table.Command{From: table.Laptop, Kind: table.Respond, ID: "join.1", Text: "yes"}); rep.Code != table.OK {
		t.Fatalf("the laptop's yes: %+v", rep)
	}
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("no answer")
	}
	if len(got) != 1 || !got[0] {
		t.Fatalf("answers %v", got)
	}
}

func TestDeviceOf(t *testing.T) {
	for ua, want := range map[string]string{
		uaAndroid: "Android phone, Chrome",
		uaIPhone:  "iPhone, Safari",
		"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0 Safari/537.36": "Linux computer, Chrome",
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0":                          "Windows computer, Firefox",
		"<script>alert(1)</script>": "device",
		"":                          "device",
	} {
		if got := deviceOf(ua).In(locale.English); got != want {
			t.Errorf("deviceOf(%q) = %q, want %q", ua, got, want)
		}
	}
}

// TestJoinRaceForAFreeSeat: devices tapping the same free seat at once:
// exactly one gets its cookie, every other is asked to wait for the
// owner's yes and is given no token.
func TestJoinRaceForAFreeSeat(t *testing.T) {
	tb := serve(t, "pirates", 3, 5)
	j := tb.srv.JoinURL()
	const n = 8
	devs := make([]*device, n)
	for i := range devs {
		devs[i] = newDevice(t, uaIPhone)
	}
	won := make(chan int, n)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i, d := range devs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			req, _ := http.NewRequest("POST", j+"/claim", strings.NewReader(`{"seat":1}`))
			req.Header.Set("Content-Type", "application/json")
			res, err := d.c.Do(req)
			if err != nil {
				t.Error(err)
				return
			}
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			for _, c := range res.Cookies() {
				if c.Name == seatCookie && c.Value != "" {
					won <- i
					return
				}
			}
			if res.StatusCode != 200 || !strings.Contains(string(b), `"pending":true`) {
				t.Errorf("device %d: %d %s", i, res.StatusCode, b)
			}
			scanTokens(t, "a device that lost the race", string(b), tb.srv.tokens)
		}()
	}
	close(start)
	wg.Wait()
	close(won)
	var winners []int
	for i := range won {
		winners = append(winners, i)
	}
	if len(winners) != 1 {
		t.Fatalf("%d devices took the free seat: %v", len(winners), winners)
	}
}

// TestJoinAfterTheEndIsRefused: once the game is over no device takes a
// seat, free or taken: the join page says so in the device's language.
func TestJoinAfterTheEndIsRefused(t *testing.T) {
	tb := serve(t, "runner", 2, 3)
	j := tb.srv.JoinURL()
	ann := newDevice(t, uaAndroid)
	if code, b := ann.do("POST", j+"/claim", wire.Claim{Seat: 0}); code != 200 {
		t.Fatalf("claiming a free seat during the game: %d %s", code, b)
	}
	tb.play(nil)
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if s, _ := tb.state(Table); len(s.End) > 0 && string(s.End) != "null" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the table page never saw the end")
		}
	}
	for _, l := range locale.All {
		for seat := range 2 { // seat 0 is Ann's device's, seat 1 free
			late := newDevice(t, uaIPhone)
			code, b := late.do("POST", j+"/claim?lang="+l.String(), wire.Claim{Seat: seat})
			var rep wire.Reply
			if json.Unmarshal(b, &rep) != nil || code != http.StatusGone || rep.Error != l.Sprintf("web.refused.over") {
				t.Errorf("%s: claiming seat %d after the end: %d %s", l, seat, code, b)
			}
			for _, c := range late.last {
				if c.Name == seatCookie && c.Value != "" {
					t.Errorf("%s: a device got seat %d's cookie after the end", l, seat)
				}
			}
		}
	}
}
