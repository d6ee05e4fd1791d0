package web

import (
	"bytes"
	"encoding/json"
	"io"
	"net"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"rumref/referee"
	"rumref/wire"
)

// dropper is a TCP proxy in front of the game's server that can drop
// every connection through it at once (a phone's Wi-Fi gone for a
// moment), and keeps what the clients sent. It writes the server's
// address for its own in what the clients send (Host, Origin), as the
// server answers only under its own addresses.
type dropper struct {
	ln       net.Listener
	from, to []byte
	mu       sync.Mutex
	conns    []net.Conn
	sent     bytes.Buffer
	// stopped: every connection is closed as soon as it is accepted.
	stopped bool
}

func newDropper(t *testing.T, to string) *dropper {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	d := &dropper{ln: ln, from: []byte(ln.Addr().String()), to: []byte(to)}
	t.Cleanup(func() { ln.Close(); d.drop() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			d.mu.Lock()
			stopped := d.stopped
			d.mu.Unlock()
			if stopped {
				c.Close()
				continue
			}
			s, err := net.Dial("tcp", to)
			if err != nil {
				c.Close()
				continue
			}
			d.mu.Lock()
			d.conns = append(d.conns, c, s)
			d.mu.Unlock()
			go io.Copy(c, s)
			go io.Copy(s, io.TeeReader(readerFunc(func(p []byte) (int, error) {
				// A request's header comes in one read on loopback.
				n, err := c.Read(p[:len(p)/2])
				b := bytes.ReplaceAll(p[:n], d.from, d.to)
				return copy(p, b), err
			}), d))
		}
	}()
	return d
}

type readerFunc func([]byte) (int, error)

func (f readerFunc) Read(p []byte) (int, error) { return f(p) }

func (d *dropper) Write(p []byte) (int, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.sent.Write(p)
}

// drop closes every connection through the proxy and forgets what was
// sent.
func (d *dropper) drop() {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, c := range d.conns {
		c.Close()
	}
	d.conns = nil
	d.sent.Reset()
}

// stop makes the proxy close every connection, open and new (a laptop
// that stopped accepting), or accept them again.
func (d *dropper) stop(on bool) {
	d.mu.Lock()
	d.stopped = on
	d.mu.Unlock()
	if on {
		d.drop()
	}
}

func (d *dropper) saw(s string) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return strings.Contains(d.sent.String(), s)
}

// TestBrowserReconnectsAfterTheServerDrops: a seat's page whose
// connections are all dropped reconnects its event stream (with
// Last-Event-ID), shows the answer given meanwhile, and posts the next
// answer from its button.
func TestBrowserReconnectsAfterTheServerDrops(t *testing.T) {
	chromium(t)
	tb := serve(t, "runner", 2, 3)
	d := newDropper(t, strings.TrimPrefix(tb.srv.Base(), "http://"))
	b := newBrowser(t, tb)
	b.tabs[0] = b.root
	seatURL := "http://" + d.ln.Addr().String() + "/" + tb.srv.tokens.Seats[0]
	b.run(0, "opening the seat page through the proxy", chromedp.EmulateViewport(360, 740), chromedp.Navigate(seatURL),
		chromedp.WaitVisible(chromedp.CSS("#question .who, #question p")))
	waitText := func(id, want string) {
		t.Helper()
		var got string
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			b.eval(0, `document.getElementById("`+id+`").textContent`, &got)
			if got == want {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("#%s shows %q, want %q", id, got, want)
			}
		}
	}
	waitText("conn", "live")
	waitText("stepinfo", "answer 1")
	d.drop()
	// The answer goes in from elsewhere while the page is cut off.
	if code, body := tb.post(0, "answer", map[string]any{"step": 0, "question": tb.answers[0].Q, "answer": tb.answers[0].A}); code != 200 {
		t.Fatalf("%d %s", code, body)
	}
	waitText("stepinfo", "answer 2")
	waitText("conn", "live")
	if !d.saw("GET /"+tb.srv.tokens.Seats[0]+"/events HTTP/1.1") || !d.saw("Last-Event-ID: ") {
		t.Fatal("the page did not reconnect its stream with Last-Event-ID")
	}
	// The next answer, whoever gives it, from the page's button when it
	// is this seat's.
	clicked := 0
	for step := 1; step < 5; step++ {
		ts, _ := tb.state(Table)
		var q wire.Question
		if json.Unmarshal(ts.Question, &q) != nil || ts.Step != step {
			t.Fatalf("step %d: the table is at %d with %s", step, ts.Step, ts.Question)
		}
		if q.Actor == 0 {
			b.click(0, step, tb.answers[step].A)
			clicked++
		} else if code, body := tb.post(referee.Viewer(q.Actor), "answer", map[string]any{"step": step, "question": tb.answers[step].Q, "answer": tb.answers[step].A}); code != 200 {
			t.Fatalf("step %d: %d %s", step, code, body)
		}
		waitText("stepinfo", "answer "+strconv.Itoa(step+2))
	}
	if clicked == 0 || !d.saw("POST /"+tb.srv.tokens.Seats[0]+"/answer HTTP/1.1") {
		t.Fatalf("no answer was posted from the page through the proxy (%d clicks)", clicked)
	}
}
