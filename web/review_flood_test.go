//go:build linux

package web

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"rumref/referee"
	"rumref/wire"
)

// TestFloodOfConnectionsLeavesFilesForTheSave: with the file descriptors
// this process may open cut to 1500 more than it has, 800 connections
// that send nothing leave the game answering from the pages and a file
// to save to (the server holds at most maxConns of them; without the
// limit it held all 800, and with its clients' 800 the process ran out:
// in rumref the next save failed and the game stopped).
func TestFloodOfConnectionsLeavesFilesForTheSave(t *testing.T) {
	tb := serve(t, "runner", 2, 3)
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &old); err != nil {
		t.Skip(err)
	}
	lim := old
	lim.Cur = uint64(openFDs(t) + 1500)
	if lim.Cur > old.Max {
		t.Skipf("the hard limit %d is below %d", old.Max, lim.Cur)
	}
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Skip(err)
	}
	defer syscall.Setrlimit(syscall.RLIMIT_NOFILE, &old)
	host := strings.TrimPrefix(tb.srv.Base(), "http://")
	for i := range 800 {
		c, err := net.Dial("tcp", host)
		if err != nil {
			t.Fatalf("connection %d: %v", i, err)
		}
		defer c.Close()
	}
	time.Sleep(300 * time.Millisecond) // the server accepts them all
	f, err := os.CreateTemp(t.TempDir(), "save")
	if err != nil {
		t.Fatalf("no file for the save among 800 silent connections: %v (%d files open)", err, openFDs(t))
	}
	f.Close()
	if code, body := tb.post(0, "answer", map[string]any{"step": 0, "question": tb.answers[0].Q, "answer": tb.answers[0].A}); code != 200 {
		t.Fatalf("an answer among 800 silent connections: %d %s", code, body)
	}
}

// phones plays the players' phones: n requests, each on a connection of
// its own as a phone arriving opens one (a seat's page, a state, the
// script, and every fourth the next answer of the game, posted by the
// seat asked), and reports the latency of each one served and what
// failed. It takes at most about n times the client's 5 s timeout.
func (tb *served) phones(n int) (lat []time.Duration, failed []string) {
	c := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	defer c.CloseIdleConnections()
	do := func(what, method, u string, body string) []byte {
		req, _ := http.NewRequest(method, u, strings.NewReader(body))
		if method == "POST" {
			req.Header.Set("Content-Type", "application/json")
		}
		began := time.Now()
		res, err := c.Do(req)
		if err != nil {
			failed = append(failed, fmt.Sprintf("%s: %v", what, err))
			return nil
		}
		b, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil || res.StatusCode != 200 {
			failed = append(failed, fmt.Sprintf("%s: %d %v %.80s", what, res.StatusCode, err, b))
			return nil
		}
		lat = append(lat, time.Since(began))
		return b
	}
	for i := range n {
		switch i % 4 {
		case 0:
			do("a seat's page", "GET", tb.url(0), "")
		case 1:
			do("a seat's state", "GET", tb.url(1)+"/state", "")
		case 2:
			do("the script", "GET", tb.srv.Base()+"/assets/app.js", "")
		case 3:
			b := do("the table's state", "GET", tb.url(Table)+"/state", "")
			var s wire.State
			var q wire.Question
			if b == nil || json.Unmarshal(b, &s) != nil || json.Unmarshal(s.Question, &q) != nil || s.Step >= len(tb.answers) {
				continue
			}
			body := fmt.Sprintf(`{"step":%d,"question":%q,"answer":%q}`, s.Step, q.ID, tb.answers[s.Step].A)
			do(fmt.Sprintf("answer %d", s.Step+1), "POST", tb.url(referee.Viewer(q.Actor))+"/answer", body)
		}
	}
	return lat, failed
}

// checkPhones runs n phone requests and fails the test unless every one
// was served, each within limit; it logs the latencies.
func checkPhones(t *testing.T, tb *served, n int, limit time.Duration, during string) {
	t.Helper()
	lat, failed := tb.phones(n)
	if len(failed) > 0 {
		t.Errorf("%s: %d phone requests failed, the first: %s", during, len(failed), strings.Join(failed[:min(3, len(failed))], "; "))
	}
	if len(lat) == 0 {
		return
	}
	slices.Sort(lat)
	t.Logf("%s: %d of %d phone requests served, latency median %v, p90 %v, max %v", during, len(lat), len(lat)+len(failed),
		lat[len(lat)/2].Round(10*time.Microsecond), lat[len(lat)*9/10].Round(10*time.Microsecond), lat[len(lat)-1].Round(10*time.Microsecond))
	if lat[len(lat)-1] > limit {
		t.Errorf("%s: the slowest phone request took %v, more than %v", during, lat[len(lat)-1], limit)
	}
}

// smallReceiveBuffer dials with a small receive buffer (set before the
// connection is made, so the window is small from the start): a client
// that does not read then fills the server's buffers with a few replies.
var smallReceiveBuffer = net.Dialer{Timeout: 5 * time.Second, Control: func(_, _ string, rc syscall.RawConn) error {
	return rc.Control(func(fd uintptr) {
		syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096)
	})
}}

// TestPhonesServedWhilePipeliningClientsDoNotRead: 300 connections that
// write request after request for the script and never read what comes
// back (no token needed) do not keep phones out: every one of the
// phones' requests, each on a new connection, is served. Before net/http
// the home-made server held at most 256 connections and closed every
// new one while all of them were writing: no phone got a page.
func TestPhonesServedWhilePipeliningClientsDoNotRead(t *testing.T) {
	tb := serve(t, "runner", 2, 3)
	defer pipeliners(t, tb, 300)()
	checkPhones(t, tb, 40, 3*time.Second, "300 connections pipelining without reading")
}

// TestPhonesServedWhile300StreamsOpen: a client holding one seat's URL
// asks for 300 event streams from one address and keeps them open; at
// most streamsPerToken are served, every other gets 429 in words, and
// the phones (from another address) keep getting pages, answers and
// their own stream.
func TestPhonesServedWhile300StreamsOpen(t *testing.T) {
	tb := serve(t, "runner", 2, 3)
	host := strings.TrimPrefix(tb.srv.Base(), "http://")
	from := net.Dialer{Timeout: 5 * time.Second, LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 2)}}
	ok, refused := 0, 0
	for i := range 300 {
		conn, err := from.Dial("tcp", host)
		if err != nil {
			t.Fatalf("stream %d: %v", i, err)
		}
		defer conn.Close()
		conn.SetDeadline(time.Now().Add(5 * time.Second))
		io.WriteString(conn, "GET /"+tb.srv.tokens.Seats[1]+"/events HTTP/1.1\r\nHost: "+host+"\r\n\r\n")
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("stream %d: %v", i, err)
		}
		switch res.StatusCode {
		case 200:
			ok++
		case 429:
			b, _ := io.ReadAll(res.Body)
			if !strings.Contains(string(b), `"ok":false`) || !strings.Contains(string(b), "too many") {
				t.Errorf("stream %d refused without the reason: %s", i, b)
			}
			refused++
		default:
			t.Fatalf("stream %d: %d", i, res.StatusCode)
		}
	}
	if ok != streamsPerToken || refused != 300-streamsPerToken {
		t.Errorf("300 streams for one seat: %d served, %d refused, want %d served", ok, refused, streamsPerToken)
	}
	checkPhones(t, tb, 40, 3*time.Second, "300 streams asked for")
	st := tb.open(0, "")
	st.waitFor(t, `"type":"state"`)
	st.close()
}

// pipeliners opens n connections that each write 64 requests for the
// script at once (no token needed) and never read, and waits until the
// server's writes to most of them block; it returns what closes them.
func pipeliners(t *testing.T, tb *served, n int) func() {
	t.Helper()
	host := strings.TrimPrefix(tb.srv.Base(), "http://")
	reqs := strings.Repeat("GET /assets/app.js HTTP/1.1\r\nHost: "+host+"\r\n\r\n", 64)
	var conns []net.Conn
	stop := func() {
		for _, c := range conns {
			c.Close()
		}
	}
	for i := range n {
		conn, err := smallReceiveBuffer.Dial("tcp", host)
		if err != nil {
			stop()
			t.Fatalf("connection %d: %v", i, err)
		}
		conns = append(conns, conn)
		conn.SetWriteDeadline(time.Now().Add(5 * time.Second))
		if _, err := io.WriteString(conn, reqs); err != nil {
			stop()
			t.Fatalf("connection %d: %v", i, err)
		}
	}
	for deadline := time.Now().Add(5 * time.Second); blockedWrites(tb.srv.ln) < n*9/10; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			stop()
			t.Fatalf("the server's writes to %d of %d connections that do not read block, want most", blockedWrites(tb.srv.ln), n)
		}
	}
	return stop
}

// blockedWrites counts the connections with a write under way for more
// than 100 ms.
func blockedWrites(l *connLimit) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for c := range l.open {
		if w := c.writing.Load(); w != 0 && time.Since(time.Unix(0, w)) > 100*time.Millisecond {
			n++
		}
	}
	return n
}

// TestStuckWritersMakeRoom: at the connection limit, every connection
// one whose client does not read, a phone's new connection closes the
// one whose write has been blocked longest: the phones still get in, and
// the server holds no more than the limit.
func TestStuckWritersMakeRoom(t *testing.T) {
	defer func(n int) { maxConns = n }(maxConns)
	maxConns = 100
	tb := serve(t, "runner", 2, 3)
	defer pipeliners(t, tb, 100)()
	time.Sleep(1100 * time.Millisecond) // blocked for over a second
	checkPhones(t, tb, 20, 3*time.Second, "100 connections (the limit) pipelining without reading")
	tb.srv.ln.mu.Lock()
	held := len(tb.srv.ln.open)
	tb.srv.ln.mu.Unlock()
	if held > 100 {
		t.Errorf("the server holds %d connections, over its limit of 100", held)
	}
}

// TestStreamsBoundedPerAddress: one client address gets at most
// streamsPerAddr event streams over all the pages' tokens (each under
// its own bound); the next is refused with 429 in words, and another
// address still gets its stream.
func TestStreamsBoundedPerAddress(t *testing.T) {
	tb := serve(t, "pirates", 5, 1)
	host := strings.TrimPrefix(tb.srv.Base(), "http://")
	from := net.Dialer{Timeout: 5 * time.Second, LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 3)}}
	toks := append([]string{tb.srv.tokens.Table}, tb.srv.tokens.Seats...)
	open := func(d *net.Dialer, tok string) (int, string) {
		conn, err := d.Dial("tcp", host)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close() })
		conn.SetDeadline(time.Now().Add(5 * time.Second))
		io.WriteString(conn, "GET /"+tok+"/events HTTP/1.1\r\nHost: "+host+"\r\n\r\n")
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.StatusCode != 200 {
			b, _ := io.ReadAll(res.Body)
			return res.StatusCode, string(b)
		}
		return 200, ""
	}
	for i := range streamsPerAddr {
		if code, body := open(&from, toks[i%len(toks)]); code != 200 {
			t.Fatalf("stream %d from one address: %d %s", i, code, body)
		}
	}
	if code, body := open(&from, toks[streamsPerAddr%len(toks)]); code != 429 || !strings.Contains(body, "from this device") {
		t.Errorf("stream %d from one address: %d %s, want 429 saying why", streamsPerAddr+1, code, body)
	}
	if code, body := open(&net.Dialer{}, toks[0]); code != 200 {
		t.Errorf("a stream from another address: %d %s", code, body)
	}
}
