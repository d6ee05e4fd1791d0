package web

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"rumref/locale"
)

// rawReply writes req on a new connection to the game's server and reads
// one reply: its status, header and body, and whether the connection
// ended after it.
func rawReply(t *testing.T, tb *served, req string) (*http.Response, string, bool) {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(tb.srv.Base(), "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	io.WriteString(conn, req)
	br := bufio.NewReader(conn)
	method, _, _ := strings.Cut(req, " ")
	res, err := http.ReadResponse(br, &http.Request{Method: method})
	if err != nil {
		t.Fatalf("%.60q: %v", req, err)
	}
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("%.60q: the body: %v", req, err)
	}
	// A connection that ends ends at once (the server closes its side
	// first); a kept one is still open a moment later.
	conn.SetDeadline(time.Now().Add(300 * time.Millisecond))
	_, err = br.ReadByte()
	return res, string(b), err == io.EOF
}

// TestHostileRequests: requests no browser sends (smuggling attempts,
// malformed lines, paths that try to climb out of the assets, other
// methods) get their status, never a page or a state of another token,
// and the game answers as before afterwards. net/http refuses malformed
// framing itself (plain text, "net/http" below); what reaches the pages'
// handler gets the pages' error object. Folded header lines and bare LF
// line ends are read as net/http reads them (no proxy sits in front of
// rumref to read them otherwise).
func TestHostileRequests(t *testing.T) {
	defer func(h, r, d time.Duration) { readHeaderTimeout, readTimeout, discardTimeout = h, r, d }(readHeaderTimeout, readTimeout, discardTimeout)
	readHeaderTimeout, readTimeout, discardTimeout = time.Second, 2*time.Second, 100*time.Millisecond
	tb := serve(t, "runner", 2, 3)
	seat := tb.srv.tokens.Seats[0]
	host := strings.TrimPrefix(tb.srv.Base(), "http://")
	post := "POST /" + seat + "/answer HTTP/1.1\r\nHost: " + host + "\r\nContent-Type: application/json\r\n"
	answer := `{"step":0,"question":"` + tb.answers[0].Q + `","answer":"` + tb.answers[0].A + `"}`
	const netHTTP = true
	for _, c := range []struct {
		name, req string
		code      int
		closed    bool
		netHTTP   bool
	}{
		{"Transfer-Encoding with Content-Length (read as chunked: an empty body)", post + "Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /" + seat + "/state HTTP/1.1\r\nHost: h\r\n\r\n", 400, false, false},
		{"Transfer-Encoding twice", post + "Transfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n\r\n", 501, true, netHTTP},
		{"Transfer-Encoding folded (a chunked body that never comes)", post + "Transfer-Encoding:\r\n chunked\r\n\r\n", 400, true, false},
		{"conflicting Content-Lengths", post + "Content-Length: 2\r\nContent-Length: 40\r\n\r\n{}", 400, true, netHTTP},
		{"negative Content-Length", post + "Content-Length: -5\r\n\r\n", 400, true, netHTTP},
		{"huge Content-Length", post + "Content-Length: 184467440737095516160\r\n\r\n", 400, true, netHTTP},
		{"hex Content-Length", post + "Content-Length: 0x10\r\n\r\n", 400, true, netHTTP},
		{"Content-Length beyond the limit", post + "Content-Length: 5000\r\n\r\n", 413, true, false},
		{"a chunked body beyond the limit", post + "Transfer-Encoding: chunked\r\n\r\n1400\r\n" + strings.Repeat("a", 5120) + "\r\n0\r\n\r\n", 413, true, false},
		{"a body that is not JSON by its type", "POST /" + seat + "/answer HTTP/1.1\r\nHost: " + host + "\r\nContent-Type: text/plain\r\nContent-Length: " + strconv.Itoa(len(answer)) + "\r\n\r\n" + answer, 415, false, false},
		{"NUL in a value", "GET /" + seat + "/state HTTP/1.1\r\nHost: " + host + "\r\nX-A: a\x00b\r\n\r\n", 400, true, netHTTP},
		{"NUL in the target", "GET /" + seat + "/state\x00 HTTP/1.1\r\nHost: " + host + "\r\n\r\n", 400, true, netHTTP},
		{"non-ASCII header name", "GET /" + seat + "/state HTTP/1.1\r\nHost: " + host + "\r\nX-\xc3\xa9: 1\r\n\r\n", 400, true, netHTTP},
		{"bare CR", "GET /" + seat + "/state HTTP/1.1\rHost: " + host + "\r\n\r\n", 400, true, netHTTP},
		{"header name with a space", "GET /" + seat + "/state HTTP/1.1\r\nHost: " + host + "\r\nX A: 1\r\n\r\n", 400, true, netHTTP},
		{"no Host on HTTP/1.1", "GET /" + seat + "/state HTTP/1.1\r\n\r\n", 400, true, netHTTP},
		{"two Hosts", "GET /" + seat + "/state HTTP/1.1\r\nHost: " + host + "\r\nHost: " + host + "\r\n\r\n", 400, true, netHTTP},
		{"a foreign Host (DNS rebinding)", "GET /" + seat + "/state HTTP/1.1\r\nHost: rebind.example:" + tb.srv.port() + "\r\n\r\n", 421, false, false},
		{"a foreign Host by absolute form", "GET http://rebind.example/" + seat + "/state HTTP/1.1\r\nHost: " + host + "\r\n\r\n", 421, false, false},
		{"another port", "GET /" + seat + "/state HTTP/1.1\r\nHost: 127.0.0.1:1\r\n\r\n", 421, false, false},
		{"a header beyond 8 KB", "GET /" + seat + "/state HTTP/1.1\r\nHost: " + host + "\r\nX-A: " + strings.Repeat("a", 14<<10) + "\r\n\r\n", 431, true, netHTTP},
		{"CONNECT", "CONNECT " + host + " HTTP/1.1\r\nHost: " + host + "\r\n\r\n", 405, false, false},
		{"OPTIONS", "OPTIONS /" + seat + "/state HTTP/1.1\r\nHost: " + host + "\r\n\r\n", 405, false, false},
		{"HEAD", "HEAD /" + seat + "/state HTTP/1.1\r\nHost: " + host + "\r\n\r\n", 405, false, false},
		{"PUT with a body", "PUT /" + seat + "/answer HTTP/1.1\r\nHost: " + host + "\r\nContent-Length: " + strconv.Itoa(len(answer)) + "\r\n\r\n" + answer, 405, false, false},
		{"TRACE", "TRACE /" + seat + "/state HTTP/1.1\r\nHost: " + host + "\r\n\r\n", 405, false, false},
		{"asset path with ..", "GET /assets/../" + seat + "/state HTTP/1.1\r\nHost: " + host + "\r\n\r\n", 404, false, false},
		{"asset path with %2e%2e", "GET /assets/%2e%2e/pages/seat.html HTTP/1.1\r\nHost: " + host + "\r\n\r\n", 404, false, false},
		{"asset path with %2f", "GET /assets/..%2fpages%2fseat.html HTTP/1.1\r\nHost: " + host + "\r\n\r\n", 404, false, false},
		{"asset path with %00", "GET /assets/app.js%00.html HTTP/1.1\r\nHost: " + host + "\r\n\r\n", 404, false, false},
		{"asset path with a trailing slash", "GET /assets/app.js/ HTTP/1.1\r\nHost: " + host + "\r\n\r\n", 404, false, false},
		{"asset of another name", "GET /assets/pages/seat.html HTTP/1.1\r\nHost: " + host + "\r\n\r\n", 404, false, false},
		{"token with ..", "GET /x/../" + seat + "/state HTTP/1.1\r\nHost: " + host + "\r\n\r\n", 404, false, false},
		{"token percent-encoded with a slash", "GET /" + seat + "%2fstate HTTP/1.1\r\nHost: " + host + "\r\n\r\n", 200, false, false},
		{"long query", "GET /" + seat + "/rules?q=" + strings.Repeat("a", 3000) + " HTTP/1.1\r\nHost: " + host + "\r\n\r\n", 422, false, false},
		{"query with %00", "GET /" + seat + "/rules?q=a%00b HTTP/1.1\r\nHost: " + host + "\r\n\r\n", 200, false, false},
		{"a TLS hello", "\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03", 400, true, netHTTP},
		{"POST from another site", "POST /" + seat + "/answer HTTP/1.1\r\nHost: " + host + "\r\nOrigin: http://other.example\r\nContent-Type: application/json\r\nContent-Length: " + strconv.Itoa(len(answer)) + "\r\n\r\n" + answer, 403, false, false},
	} {
		res, body, closed := rawReply(t, tb, c.req)
		if res.StatusCode != c.code || closed != c.closed {
			t.Errorf("%s: %d, closed %v, want %d, closed %v (%s)", c.name, res.StatusCode, closed, c.code, c.closed, body)
		}
		if !c.netHTTP && c.code != 200 && (!strings.Contains(body, `"ok":false`) && c.name != "HEAD" || res.Header.Get("X-Content-Type-Options") != "nosniff" ||
			res.Header.Get("Cache-Control") != "no-store" || res.Header.Get("Content-Type") != "application/json; charset=utf-8") {
			t.Errorf("%s: not the pages' error object: %v %s", c.name, res.Header, body)
		}
		if c.code != 200 && strings.Contains(body, `"type":"state"`) {
			t.Errorf("%s: refused with a state: %s", c.name, body)
		}
		for _, tok := range append(tb.srv.tokens.Seats, tb.srv.tokens.Table) {
			if strings.Contains(body, tok) {
				t.Errorf("%s: the reply holds a token: %s", c.name, body)
			}
		}
	}
	// Nothing above was taken as an answer, and the game takes one now.
	if st, _ := tb.state(0); st.Step != 0 {
		t.Fatalf("a refused request moved the game to step %d", st.Step)
	}
	if code, body := tb.post(0, "answer", map[string]any{"step": 0, "question": tb.answers[0].Q, "answer": tb.answers[0].A}); code != 200 {
		t.Fatalf("the answer after the hostile requests: %d %s", code, body)
	}
}

// TestPipelinedPostAndState: an answer posted with its body and a state
// request written at once on one connection are answered in order, the
// state already past the answer.
func TestPipelinedPostAndState(t *testing.T) {
	tb := serve(t, "runner", 2, 3)
	seat := tb.srv.tokens.Seats[0]
	host := strings.TrimPrefix(tb.srv.Base(), "http://")
	answer := `{"step":0,"question":"` + tb.answers[0].Q + `","answer":"` + tb.answers[0].A + `"}`
	conn, err := net.Dial("tcp", host)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	io.WriteString(conn, "POST /"+seat+"/answer HTTP/1.1\r\nHost: "+host+"\r\nOrigin: http://"+host+"\r\nContent-Type: application/json\r\nContent-Length: "+strconv.Itoa(len(answer))+"\r\n\r\n"+answer+
		"GET /"+seat+"/state HTTP/1.1\r\nHost: "+host+"\r\n\r\n"+
		"GET /"+seat+"/nosuch HTTP/1.0\r\n\r\n")
	br := bufio.NewReader(conn)
	for _, want := range []struct {
		code  int
		holds string
	}{{200, `"ok":true`}, {200, `"step":1`}, {404, `"ok":false`}} {
		res, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		if res.StatusCode != want.code || !strings.Contains(string(b), want.holds) || res.ContentLength != int64(len(b)) {
			t.Fatalf("%d %q (length %d), want %d holding %s", res.StatusCode, b, res.ContentLength, want.code, want.holds)
		}
	}
	if _, err := br.ReadByte(); err != io.EOF {
		t.Fatalf("after an HTTP/1.0 request without keep-alive: %v, want the end of the connection", err)
	}
}

// TestReplyHeaders: every route's reply has an exact Content-Length, a
// Content-Type (with a charset for text), the security fields and a
// Date; an HTTP/1.0 client without keep-alive gets its reply and the end
// of the connection.
func TestReplyHeaders(t *testing.T) {
	tb := serve(t, "pirates", 3, 5)
	host := strings.TrimPrefix(tb.srv.Base(), "http://")
	for _, c := range []struct{ path, ct string }{
		{"/" + tb.srv.tokens.Table, "text/html; charset=utf-8"},
		{"/" + tb.srv.tokens.Seats[1], "text/html; charset=utf-8"},
		{"/assets/app.js", "text/javascript; charset=utf-8"},
		{"/assets/style.css", "text/css; charset=utf-8"},
		{"/" + tb.srv.tokens.Seats[1] + "/state", "application/json; charset=utf-8"},
		{"/" + tb.srv.tokens.Seats[1] + "/help", "application/json; charset=utf-8"},
		{"/" + tb.srv.tokens.Table + "/join", "application/json; charset=utf-8"},
		{"/" + tb.srv.tokens.Table + "/board.svg", "image/svg+xml"},
		{"/nosuch", "text/html; charset=utf-8"},
		{"/nosuch/state", "application/json; charset=utf-8"},
	} {
		for _, proto := range []string{"HTTP/1.1\r\nHost: " + host, "HTTP/1.0"} {
			res, body, closed := rawReply(t, tb, "GET "+c.path+" "+proto+"\r\n\r\n")
			date, err := http.ParseTime(res.Header.Get("Date"))
			if res.Header.Get("Content-Type") != c.ct || res.ContentLength != int64(len(body)) || len(body) == 0 ||
				res.Header.Get("X-Content-Type-Options") != "nosniff" || res.Header.Get("Cache-Control") != "no-store" ||
				err != nil || time.Since(date).Abs() > time.Minute {
				t.Errorf("GET %s %.8s: %d %v, %d bytes", c.path, proto, res.StatusCode, res.Header, len(body))
			}
			if http10 := proto == "HTTP/1.0"; closed != http10 || res.Close != http10 {
				t.Errorf("GET %s %.8s: closed %v, Connection %q", c.path, proto, closed, res.Header.Get("Connection"))
			}
		}
	}
}

// smallSendBuffers accepts connections whose send buffer is small, so
// that a client that does not read blocks the server's writes at once.
type smallSendBuffers struct{ net.Listener }

func (l smallSendBuffers) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		c.(*net.TCPConn).SetWriteBuffer(4096)
	}
	return c, err
}

// TestStuckStreamDoesNotStallTheGame: stream clients that never read,
// so that the server's writes to them block, do not hold up the game,
// the other viewers' streams or Close.
func TestStuckStreamDoesNotStallTheGame(t *testing.T) {
	tb := serve(t, "pirates", 3, 5)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go tb.srv.srv.Serve(smallSendBuffers{ln})
	seat := tb.srv.tokens.Seats[0]
	for range 3 {
		conn, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		conn.(*net.TCPConn).SetReadBuffer(1024)
		io.WriteString(conn, "GET /"+seat+"/events HTTP/1.1\r\nHost: "+strings.TrimPrefix(tb.srv.Base(), "http://")+"\r\n\r\n")
	}
	table := tb.open(Table, "")
	defer table.close()
	tb.play(nil)
	table.waitFor(t, `"type":"end"`)
	tb.hub.mu.Lock()
	stalled := 0
	for c := range tb.hub.viewers[seen{0, locale.English}].clients {
		if len(c.ch) == queueSize {
			stalled++
		}
	}
	tb.hub.mu.Unlock()
	if stalled != 3 {
		t.Fatalf("%d of the 3 streams not read have a full queue: the test did not block their writes", stalled)
	}
	began := time.Now()
	tb.srv.Close()
	if d := time.Since(began); d > 4*time.Second {
		t.Fatalf("Close took %v with streams that are not read", d)
	}
}

// openFDs is how many file descriptors this process has open.
func openFDs(t *testing.T) int {
	t.Helper()
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skip("no /proc/self/fd here")
	}
	return len(ents)
}

// ownGoroutines counts the goroutines but the session's line reader,
// which outlives a session that ended with its game (prompts' affair,
// not the server's: it waits to hand over the end of its input).
func ownGoroutines() int {
	buf := make([]byte, 1<<20)
	n := 0
	for _, g := range strings.Split(string(buf[:runtime.Stack(buf, true)]), "\n\n") {
		if !strings.Contains(g, "prompts.(*lineFront).readLine") {
			n++
		}
	}
	return n
}

// TestNothingLeftAfterClose: after a game served to streams, kept-alive
// and half-sent requests and clients gone in the middle of a reply, and
// the server's Close, no goroutine or file descriptor is left.
func TestNothingLeftAfterClose(t *testing.T) {
	http.DefaultTransport.(*http.Transport).CloseIdleConnections()
	goroutines, fds := ownGoroutines(), openFDs(t)
	t.Run("game", func(t *testing.T) {
		tb := serve(t, "runner", 2, 3)
		host := strings.TrimPrefix(tb.srv.Base(), "http://")
		streams := []*stream{tb.open(Table, ""), tb.open(0, ""), tb.open(1, "")}
		var held []net.Conn
		for i, req := range []string{
			"GET /" + tb.srv.tokens.Table + "/state HTTP/1.1\r\nHost: " + host + "\r\n\r\n",                             // kept alive
			"GET /" + tb.srv.tokens.Table + "/sta",                                                                      // half a request
			"POST /" + tb.srv.tokens.Seats[0] + "/answer HTTP/1.1\r\nHost: " + host + "\r\nContent-Length: 30\r\n\r\n{", // half a body
			"GET /" + tb.srv.tokens.Seats[1] + "/events HTTP/1.1\r\nHost: " + host + "\r\n\r\n",                         // a stream not read
			"", // silent
		} {
			conn, err := net.Dial("tcp", host)
			if err != nil {
				t.Fatal(err)
			}
			io.WriteString(conn, req)
			if i == 0 {
				http.ReadResponse(bufio.NewReader(conn), nil)
			}
			held = append(held, conn)
		}
		// Clients that close in the middle of a reply.
		for range 50 {
			conn, err := net.Dial("tcp", host)
			if err != nil {
				t.Fatal(err)
			}
			io.WriteString(conn, "GET /"+tb.srv.tokens.Table+" HTTP/1.1\r\nHost: "+host+"\r\n\r\n")
			conn.Read(make([]byte, 10))
			conn.Close()
		}
		t.Cleanup(func() {
			for _, s := range streams {
				s.close()
			}
			for _, c := range held {
				c.Close()
			}
		})
		tb.play(nil)
		streams[0].waitFor(t, `"type":"end"`)
	})
	http.DefaultTransport.(*http.Transport).CloseIdleConnections()
	for deadline := time.Now().Add(10 * time.Second); ownGoroutines() > goroutines || openFDs(t) > fds; {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<17)
			t.Fatalf("after Close: %d goroutines (%d before), %d open files (%d before):\n%s", ownGoroutines(), goroutines, openFDs(t), fds, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// port is the port the server listens on.
func (s *Server) port() string { return strconv.Itoa(s.ln.Addr().(*net.TCPAddr).Port) }

// TestStreamOutlivesTheTimeouts: an event stream lives past the read
// timeout and the write timeout of ordinary replies (each of its writes
// gets writeTimeout of its own), and carries the next answer's question.
func TestStreamOutlivesTheTimeouts(t *testing.T) {
	defer func(r, w, k time.Duration) { readTimeout, writeTimeout, KeepAlive = r, w, k }(readTimeout, writeTimeout, KeepAlive)
	readTimeout, writeTimeout, KeepAlive = 300*time.Millisecond, 300*time.Millisecond, 100*time.Millisecond
	tb := serve(t, "runner", 2, 3)
	st := tb.open(0, "")
	defer st.close()
	st.waitFor(t, `"type":"state"`)
	time.Sleep(1200 * time.Millisecond)
	select {
	case <-st.gone:
		t.Fatal("the stream ended")
	default:
	}
	if _, data := st.snapshot(); strings.Contains(strings.Join(data, "\n"), `"step":1`) {
		t.Fatal("the stream carries step 1 before the answer")
	}
	if code, body := tb.post(0, "answer", map[string]any{"step": 0, "question": tb.answers[0].Q, "answer": tb.answers[0].A}); code != 200 {
		t.Fatalf("the answer: %d %s", code, body)
	}
	st.waitFor(t, `"step":1`)
}

// TestSlowHeaderIsCut: a connection whose header does not arrive within
// readHeaderTimeout is closed (after a 400 from net/http), and
// requests on other connections are answered meanwhile.
func TestSlowHeaderIsCut(t *testing.T) {
	defer func(h time.Duration) { readHeaderTimeout = h }(readHeaderTimeout)
	readHeaderTimeout = 300 * time.Millisecond
	tb := serve(t, "runner", 2, 3)
	conn, err := net.Dial("tcp", strings.TrimPrefix(tb.srv.Base(), "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	began := time.Now()
	io.WriteString(conn, "GET /"+tb.srv.tokens.Seats[0]+"/state HTTP/1.1\r\nHo")
	if st, _ := tb.state(0); st.Step != 0 {
		t.Errorf("the state meanwhile is at step %d", st.Step)
	}
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	b, err := io.ReadAll(conn)
	if err != nil || time.Since(began) > 3*time.Second || len(b) > 0 && !strings.HasPrefix(string(b), "HTTP/1.1 400 ") {
		t.Errorf("a header that does not come: %v after %v (%q), want the connection's end after about 300 ms", err, time.Since(began), b)
	}
}

// TestAllowedHosts: the pages answer under the addresses printed, with
// localhost beside loopback and the port left out only for port 80.
func TestAllowedHosts(t *testing.T) {
	for _, c := range []struct {
		bases    []string
		port     int
		yes, not []string
	}{
		{[]string{"http://127.0.0.1:8080"}, 8080, []string{"127.0.0.1:8080", "localhost:8080"}, []string{"127.0.0.1", "127.0.0.1:80", "rebind.example:8080", "192.168.1.5:8080", "[::1]:8080"}},
		{[]string{"http://192.168.1.5:8080", "http://10.0.0.2:8080", "http://127.0.0.1:8080"}, 8080, []string{"192.168.1.5:8080", "10.0.0.2:8080", "127.0.0.1:8080", "localhost:8080"}, []string{"laptop.local:8080", "192.168.1.6:8080"}},
		{[]string{"http://192.168.1.5:8080"}, 8080, []string{"192.168.1.5:8080"}, []string{"localhost:8080", "127.0.0.1:8080"}},
		{[]string{"http://127.0.0.1:80"}, 80, []string{"127.0.0.1", "127.0.0.1:80", "localhost", "localhost:80"}, []string{"rebind.example"}},
		{[]string{"http://[::1]:8080"}, 8080, []string{"[::1]:8080", "localhost:8080"}, []string{"::1", "[::1]"}},
	} {
		got := allowedHosts(c.bases, c.port)
		for _, h := range c.yes {
			if !got[h] {
				t.Errorf("%v: %s refused", c.bases, h)
			}
		}
		for _, h := range c.not {
			if got[h] {
				t.Errorf("%v: %s allowed", c.bases, h)
			}
		}
	}
}

// TestFailedSaveToldWithoutThePath: when the laptop cannot save an
// answer given on a phone, the phone is told that the laptop could not
// save, and neither its reply nor any page's stream holds the save's
// path or the system's words (only the laptop's screen shows them).
func TestFailedSaveToldWithoutThePath(t *testing.T) {
	tb := serve(t, "runner", 2, 3)
	streams := []*stream{tb.open(Table, ""), tb.open(0, ""), tb.open(1, "")}
	err := fmt.Errorf("write /home/ann/rumref/saves/ann-and-bo.yaml.tmp: no space left on device")
	tb.failSave.Store(&err)
	code, body := tb.post(0, "answer", map[string]any{"step": 0, "question": tb.answers[0].Q, "answer": tb.answers[0].A})
	if code == 200 || !strings.Contains(strings.ToLower(string(body)), "could not save") {
		t.Errorf("an answer the laptop could not save: %d %s, want a refusal saying the laptop could not save", code, body)
	}
	select {
	case err := <-tb.done: // the session stops: the game cannot go on unsaved
		tb.done <- err
	case <-time.After(10 * time.Second):
		t.Fatal("the session goes on without saving")
	}
	time.Sleep(100 * time.Millisecond) // what the streams get last
	for i, st := range streams {
		st.close()
		_, data := st.snapshot()
		for _, got := range append(data, string(body)) {
			if strings.Contains(got, "/home/ann") || strings.Contains(got, "no space left") {
				t.Errorf("viewer %d was shown the save's error: %s", i-1, got)
			}
		}
	}
}

// TestUnknownCodeGetsAPageInWords: a browser opening an unknown or old
// code (here a seat's code of another game) gets a short page that says
// so in words, not the pages' JSON; the routes under it keep their JSON
// error.
func TestUnknownCodeGetsAPageInWords(t *testing.T) {
	tb := serve(t, "runner", 2, 3)
	old := NewTokens(2).Seats[0]
	res, err := http.Get(tb.srv.Base() + "/" + old)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 404 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") ||
		!strings.Contains(string(b), "This code is no longer valid: ask the laptop for the new one.") || strings.Contains(string(b), `"ok"`) {
		t.Errorf("GET of an old code: %d %s: %s", res.StatusCode, res.Header.Get("Content-Type"), b)
	}
	res, err = http.Get(tb.srv.Base() + "/" + old + "/state")
	if err != nil {
		t.Fatal(err)
	}
	b, _ = io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 404 || !strings.Contains(string(b), `"ok":false`) {
		t.Errorf("GET of an old code's state: %d %s", res.StatusCode, b)
	}
}
