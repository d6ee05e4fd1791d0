package httpd

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// start serves h on a loopback port with the given server settings and
// returns the base URL; the server is shut down at the end of the test.
func start(t *testing.T, s *Server, h Handler) (*Server, string) {
	t.Helper()
	if s == nil {
		s = &Server{}
	}
	s.Handler = h
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- s.Serve(ln) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		s.Shutdown(ctx)
		if err := <-done; err != ErrServerClosed {
			t.Errorf("Serve returned %v, want ErrServerClosed", err)
		}
	})
	return s, "http://" + ln.Addr().String()
}

// echo answers with the request's method, path, query q, Host, Origin
// and body.
func echo(w *Response, r *Request) {
	b, err := io.ReadAll(r.Body)
	if err != nil {
		w.WriteHeader(StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "text/plain")
	w.Header().Set("X-Remote", r.RemoteAddr)
	fmt.Fprintf(w, "%s %s q=%s host=%s origin=%s body=%s", r.Method, r.URL.Path, r.URL.Query().Get("q"), r.Host, r.Header.Get("Origin"), b)
}

// raw opens a connection, writes req and returns a reader of the replies.
func raw(t *testing.T, base, req string) (net.Conn, *bufio.Reader) {
	t.Helper()
	c, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	c.SetDeadline(time.Now().Add(10 * time.Second))
	if req != "" {
		io.WriteString(c, req)
	}
	return c, bufio.NewReader(c)
}

// readReply reads one reply (status line, header, a body of its
// Content-Length or up to the end) from br.
func readReply(t *testing.T, br *bufio.Reader, method string) (*http.Response, string) {
	t.Helper()
	res, err := http.ReadResponse(br, &http.Request{Method: method})
	if err != nil {
		t.Fatalf("reading a reply: %v", err)
	}
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("reading a reply's body: %v", err)
	}
	return res, string(b)
}

// send sends req with do (a client's Do, a transport's RoundTrip) and
// returns the reply with its body read.
func send(t *testing.T, do func(*http.Request) (*http.Response, error), req *http.Request) (*http.Response, string) {
	t.Helper()
	res, err := do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	return res, string(b)
}

// TestWithGoClient: Go's client gets its replies, posts bodies, and its
// connection is kept alive from one request to the next.
func TestWithGoClient(t *testing.T) {
	_, base := start(t, nil, echo)
	cl := &http.Client{Transport: &http.Transport{}}
	defer cl.CloseIdleConnections()
	var remote string
	for i := range 3 {
		req, _ := http.NewRequest("GET", base+"/tok/rules?q=raid%20rum", nil)
		res, b := send(t, cl.Do, req)
		if want := "GET /tok/rules q=raid rum host=" + strings.TrimPrefix(base, "http://") + " origin= body="; b != want || res.StatusCode != 200 {
			t.Fatalf("%d %q, want %q", res.StatusCode, b, want)
		}
		if i > 0 && res.Header.Get("X-Remote") != remote {
			t.Fatalf("request %d came on a new connection (%s, then %s)", i, remote, res.Header.Get("X-Remote"))
		}
		remote = res.Header.Get("X-Remote")
	}
	req, _ := http.NewRequest("POST", base+"/tok/answer", strings.NewReader(`{"step":3}`))
	req.Header.Set("Origin", "http://here")
	res, b := send(t, cl.Do, req)
	if !strings.HasSuffix(b, `origin=http://here body={"step":3}`) || res.Header.Get("X-Remote") != remote {
		t.Fatalf("POST: %q from %s", b, res.Header.Get("X-Remote"))
	}
	// A body of unknown length goes chunked: refused.
	res, err := cl.Post(base+"/", "application/json", io.MultiReader(strings.NewReader("{}")))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != StatusLengthRequired {
		t.Fatalf("chunked body: %d, want 411", res.StatusCode)
	}
	// A body over the limit gets 413, read by the client.
	s2, base2 := start(t, &Server{MaxBody: 10}, echo)
	_ = s2
	res, err = cl.Post(base2+"/", "application/json", strings.NewReader(strings.Repeat("x", 5000)))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != StatusRequestEntityTooLarge {
		t.Fatalf("a big body: %d, want 413", res.StatusCode)
	}
}

// TestPipelinedRepliesInOrder: requests written at once on one
// connection get their replies in order, a HEAD's without a body.
func TestPipelinedRepliesInOrder(t *testing.T) {
	_, base := start(t, nil, echo)
	_, br := raw(t, base, "GET /a HTTP/1.1\r\nHost: h\r\n\r\n"+
		"POST /b HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nxyz"+
		"HEAD /c HTTP/1.1\r\nHost: h\r\n\r\n"+
		"GET /d HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
	for _, c := range []struct{ method, body string }{
		{"GET", "GET /a q= host=h origin= body="},
		{"POST", "POST /b q= host=h origin= body=xyz"},
		{"HEAD", ""},
		{"GET", "GET /d q= host=h origin= body="},
	} {
		res, body := readReply(t, br, c.method)
		if res.StatusCode != 200 || body != c.body {
			t.Fatalf("%s: %d %q, want %q", c.method, res.StatusCode, body, c.body)
		}
		if c.method == "HEAD" && res.ContentLength != int64(len("HEAD /c q= host=h origin= body=")) {
			t.Fatalf("HEAD: Content-Length %d", res.ContentLength)
		}
	}
	if _, err := br.ReadByte(); err != io.EOF {
		t.Fatalf("after Connection: close: %v, want the end of the connection", err)
	}
}

// TestRefusedRequestsCloseTheConnection: a request the server cannot
// take gets its status code, then the connection ends.
func TestRefusedRequestsCloseTheConnection(t *testing.T) {
	_, base := start(t, &Server{MaxBody: 100, Refuse: func(w *Response, code int, msg string) {
		w.Header().Set("X-Refused", "yes")
		w.WriteHeader(code)
		io.WriteString(w, msg)
	}}, echo)
	for _, c := range []struct {
		req  string
		code int
	}{
		{"GET / HTTP/1.1\nHost: h\n\n", 400},
		{"GET / HTTP/1.1\r\n\r\n", 400},
		{"GET /" + strings.Repeat("a", 5000) + " HTTP/1.1\r\nHost: h\r\n\r\n", 414},
		{"GET / HTTP/1.1\r\nHost: h\r\nX: " + strings.Repeat("a", 9000) + "\r\n\r\n", 431},
		{"POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\nx", 400},
		{"POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 101\r\n\r\n" + strings.Repeat("x", 101), 413},
		{"POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nx\r\n0\r\n\r\n", 411},
		{"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", 505},
		{"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03", 400}, // a TLS hello
	} {
		_, br := raw(t, base, c.req)
		res, body := readReply(t, br, "GET")
		if res.StatusCode != c.code || res.Header.Get("X-Refused") != "yes" || body == "" || !res.Close {
			t.Errorf("%.40q: %d %q close %v, want %d", c.req, res.StatusCode, body, res.Close, c.code)
		}
		if _, err := br.ReadByte(); err != io.EOF {
			t.Errorf("%.40q: the connection stays open (%v)", c.req, err)
		}
	}
}

// TestExpectContinue: the client that waits for 100 Continue gets it
// when the handler reads the body, and none when the handler does not.
func TestExpectContinue(t *testing.T) {
	_, base := start(t, nil, func(w *Response, r *Request) {
		if r.URL.Path == "/read" {
			echo(w, r)
		}
	})
	c, br := raw(t, base, "POST /read HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n")
	line, _ := br.ReadString('\n')
	blank, _ := br.ReadString('\n')
	if line != "HTTP/1.1 100 Continue\r\n" || blank != "\r\n" {
		t.Fatalf("got %q %q, want 100 Continue", line, blank)
	}
	io.WriteString(c, "{}")
	if res, body := readReply(t, br, "POST"); res.StatusCode != 200 || !strings.HasSuffix(body, "body={}") {
		t.Fatalf("%d %q", res.StatusCode, body)
	}
	_, br = raw(t, base, "POST /skip HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n")
	if res, _ := readReply(t, br, "POST"); res.StatusCode != 200 || !res.Close {
		t.Fatalf("a body never asked for: %d, close %v", res.StatusCode, res.Close)
	}
	// Go's client sends Expect: 100-continue when told to.
	tr := &http.Transport{ExpectContinueTimeout: 5 * time.Second}
	defer tr.CloseIdleConnections()
	req, _ := http.NewRequest("POST", base+"/read", strings.NewReader("hi"))
	req.Header.Set("Expect", "100-continue")
	_, b := send(t, tr.RoundTrip, req)
	if !strings.HasSuffix(b, "body=hi") {
		t.Fatalf("Go's client with 100-continue: %q", b)
	}
}

// TestHalfClosedClient: a client that closes its sending side after its
// request still gets the reply (its request's context ends, as with
// net/http).
func TestHalfClosedClient(t *testing.T) {
	_, base := start(t, nil, func(w *Response, r *Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
			t.Error("the request's context did not end when the client closed its side")
		}
		echo(w, r)
	})
	c, br := raw(t, base, "GET /a HTTP/1.1\r\nHost: h\r\n\r\n")
	c.(*net.TCPConn).CloseWrite()
	if res, body := readReply(t, br, "GET"); res.StatusCode != 200 || body != "GET /a q= host=h origin= body=" {
		t.Fatalf("%d %q", res.StatusCode, body)
	}
	if _, err := br.ReadByte(); err != io.EOF {
		t.Fatalf("after the reply: %v, want the end of the connection", err)
	}
}

// TestHTTP10: an HTTP/1.0 request is answered and closed, unless it asks
// for keep-alive.
func TestHTTP10(t *testing.T) {
	_, base := start(t, nil, echo)
	_, br := raw(t, base, "GET /a HTTP/1.0\r\n\r\n")
	if res, body := readReply(t, br, "GET"); res.StatusCode != 200 || body != "GET /a q= host= origin= body=" || !res.Close {
		t.Fatalf("%d %q close %v", res.StatusCode, body, res.Close)
	}
	_, br = raw(t, base, "GET /a HTTP/1.0\r\nConnection: keep-alive\r\n\r\nGET /b HTTP/1.0\r\n\r\n")
	res, _ := readReply(t, br, "GET")
	if res.Header.Get("Connection") != "keep-alive" {
		t.Fatalf("HTTP/1.0 keep-alive: Connection %q", res.Header.Get("Connection"))
	}
	if res, body := readReply(t, br, "GET"); !strings.HasPrefix(body, "GET /b") || !res.Close {
		t.Fatalf("second HTTP/1.0 request: %q close %v", body, res.Close)
	}
}

// TestTimeouts: a client that sends its header too slowly gets 408, one
// that sends nothing is closed, a kept-alive connection is closed once
// idle too long.
func TestTimeouts(t *testing.T) {
	_, base := start(t, &Server{ReadHeaderTimeout: 150 * time.Millisecond, IdleTimeout: 300 * time.Millisecond}, echo)
	c, br := raw(t, base, "GET / HTTP/1.1\r\n")
	go func() {
		// Slowly: one byte every 50 ms, past the timeout.
		for _, b := range []byte("Host: h\r\n\r\n") {
			time.Sleep(50 * time.Millisecond)
			if _, err := c.Write([]byte{b}); err != nil {
				return
			}
		}
	}()
	if res, _ := readReply(t, br, "GET"); res.StatusCode != StatusRequestTimeout {
		t.Fatalf("slow header: %d, want 408", res.StatusCode)
	}
	_, br = raw(t, base, "")
	began := time.Now()
	if _, err := br.ReadByte(); err != io.EOF || time.Since(began) > 5*time.Second {
		t.Fatalf("a silent client: %v after %v", err, time.Since(began))
	}
	_, br = raw(t, base, "GET / HTTP/1.1\r\nHost: h\r\n\r\n")
	readReply(t, br, "GET")
	if _, err := br.ReadByte(); err != io.EOF {
		t.Fatalf("an idle connection: %v, want its end", err)
	}
	// A body that does not come in time ends the request.
	_, br = raw(t, base, "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nab")
	if res, _ := readReply(t, br, "POST"); res.StatusCode != StatusBadRequest {
		t.Fatalf("a body that stops: %d, want the handler's 400", res.StatusCode)
	}
}

// TestStream: a flushed reply reaches the client at once, its body ends
// when the handler returns, and the handler learns when the client
// closes its side.
func TestStream(t *testing.T) {
	gone := make(chan struct{})
	stop := make(chan struct{})
	_, base := start(t, nil, func(w *Response, r *Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, "data: one\n\n")
		w.Flush()
		if r.URL.Path == "/until-gone" {
			<-r.Context().Done()
			close(gone)
			return
		}
		<-stop
		io.WriteString(w, "data: last\n\n")
	})
	res, err := http.Get(base + "/until-gone")
	if err != nil {
		t.Fatal(err)
	}
	line, _ := bufio.NewReader(res.Body).ReadString('\n')
	if line != "data: one\n" || res.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("first event %q, type %q", line, res.Header.Get("Content-Type"))
	}
	res.Body.Close()
	select {
	case <-gone:
	case <-time.After(5 * time.Second):
		t.Fatal("the handler did not learn that the client went away")
	}
	_, br := raw(t, base, "GET /until-stop HTTP/1.1\r\nHost: h\r\n\r\n")
	res, err = http.ReadResponse(br, nil)
	if err != nil || res.ContentLength != -1 || !res.Close {
		t.Fatalf("stream reply %v: length %d close %v", err, res.ContentLength, res.Close)
	}
	b := make([]byte, len("data: one\n\n"))
	if _, err := io.ReadFull(res.Body, b); err != nil {
		t.Fatalf("first event before the handler ends: %v", err)
	}
	close(stop)
	rest, err := io.ReadAll(res.Body)
	if err != nil || string(rest) != "data: last\n\n" {
		t.Fatalf("the stream's end: %q %v", rest, err)
	}
}

// TestShutdown: idle connections close at once, a stream's last message
// goes out when its handler ends, and a handler that never ends is cut
// off when the wait is over.
func TestShutdown(t *testing.T) {
	end := make(chan struct{})
	started := make(chan struct{}, 2)
	s, base := start(t, nil, func(w *Response, r *Request) {
		if r.URL.Path == "/plain" {
			return
		}
		w.Flush()
		started <- struct{}{}
		if r.URL.Path == "/stuck" {
			select {}
		}
		<-end
		io.WriteString(w, "bye\n")
	})
	_, idle := raw(t, base, "GET /plain HTTP/1.1\r\nHost: h\r\n\r\n")
	readReply(t, idle, "GET")
	_, stream := raw(t, base, "GET /stream HTTP/1.1\r\nHost: h\r\n\r\n")
	_, stuck := raw(t, base, "GET /stuck HTTP/1.1\r\nHost: h\r\n\r\n")
	<-started
	<-started
	res, err := http.ReadResponse(stream, nil)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	wg.Add(1)
	var shut error
	began := time.Now()
	go func() {
		defer wg.Done()
		ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
		defer cancel()
		shut = s.Shutdown(ctx)
	}()
	if _, err := idle.ReadByte(); err != io.EOF {
		t.Fatalf("the idle connection: %v, want its end", err)
	}
	close(end)
	if b, err := io.ReadAll(res.Body); string(b) != "bye\n" || err != nil {
		t.Fatalf("the stream's last message: %q %v", b, err)
	}
	wg.Wait()
	if shut != context.DeadlineExceeded || time.Since(began) > 3*time.Second {
		t.Fatalf("Shutdown with a stuck handler: %v after %v", shut, time.Since(began))
	}
	sr, _ := http.ReadResponse(stuck, nil)
	if _, err := io.ReadAll(sr.Body); err != nil {
		t.Fatalf("the stuck stream is not closed: %v", err)
	}
	if _, err := net.Dial("tcp", strings.TrimPrefix(base, "http://")); err == nil {
		t.Fatal("the server still accepts connections")
	}
}

// TestPanicIsContained: a handler's panic gets 500 and is logged
// without the request's path (a page's path holds its secret token); the
// server goes on serving.
func TestPanicIsContained(t *testing.T) {
	var mu sync.Mutex
	var logged []string
	_, base := start(t, &Server{Log: func(m string) { mu.Lock(); logged = append(logged, m); mu.Unlock() }}, func(w *Response, r *Request) {
		if r.URL.Path == "/boom" {
			panic("boom")
		}
		echo(w, r)
	})
	res, err := http.Get(base + "/boom")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 500 {
		t.Fatalf("a panic: %d, want 500", res.StatusCode)
	}
	if res, err = http.Get(base + "/ok"); err != nil || res.StatusCode != 200 {
		t.Fatalf("after a panic: %v", err)
	}
	res.Body.Close()
	mu.Lock()
	defer mu.Unlock()
	if len(logged) != 1 || !strings.Contains(logged[0], "boom") || strings.Contains(logged[0], "/boom") {
		t.Fatalf("logged %q", logged)
	}
}

// TestResponseHeader: the handler's header fields go out once, with the
// server's own framing fields, and a CR or LF cannot add a field.
func TestResponseHeader(t *testing.T) {
	_, base := start(t, nil, func(w *Response, r *Request) {
		h := w.Header()
		h.Set("X-A", "1")
		h.Set("X-A", "2")
		h.Set("X-B", "a\r\nX-Evil: 1")
		h.Set("Content-Length", "99")
		w.WriteHeader(StatusConflict)
		w.WriteHeader(StatusOK)
		io.WriteString(w, "body")
	})
	req, _ := http.NewRequest("GET", base+"/", nil)
	res, b := send(t, http.DefaultClient.Do, req)
	if res.StatusCode != 409 || b != "body" || len(res.Header.Values("X-A")) != 1 || res.Header.Get("X-A") != "2" ||
		res.Header.Get("X-Evil") != "" || res.Header.Get("Date") == "" || res.ContentLength != 4 {
		t.Fatalf("%d %q %v", res.StatusCode, b, res.Header)
	}
}

// TestUnreadBodyIsSkipped: a body the handler does not read is skipped,
// and the next request on the connection is read after it.
func TestUnreadBodyIsSkipped(t *testing.T) {
	_, base := start(t, nil, func(w *Response, r *Request) { io.WriteString(w, r.URL.Path) })
	_, br := raw(t, base, "POST /x HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nxyzGET /y HTTP/1.1\r\nHost: h\r\n\r\n")
	for _, want := range []string{"/x", "/y"} {
		if res, body := readReply(t, br, "GET"); res.StatusCode != 200 || body != want || res.Close {
			t.Fatalf("%d %q close %v, want %q on a kept connection", res.StatusCode, body, res.Close, want)
		}
	}
}

// TestContinueAfterIdle: a 100 Continue on a connection idle for longer
// than the write timeout still goes out.
func TestContinueAfterIdle(t *testing.T) {
	_, base := start(t, &Server{WriteTimeout: 100 * time.Millisecond}, echo)
	c, br := raw(t, base, "GET / HTTP/1.1\r\nHost: h\r\n\r\n")
	readReply(t, br, "GET")
	time.Sleep(250 * time.Millisecond)
	io.WriteString(c, "POST / HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n")
	if line, _ := br.ReadString('\n'); line != "HTTP/1.1 100 Continue\r\n" {
		t.Fatalf("got %q, want 100 Continue", line)
	}
	br.ReadString('\n')
	io.WriteString(c, "{}")
	if res, body := readReply(t, br, "POST"); res.StatusCode != 200 || !strings.HasSuffix(body, "body={}") {
		t.Fatalf("%d %q", res.StatusCode, body)
	}
}

// TestNothingLeftAfterShutdown: after Shutdown every connection's
// goroutine has ended: kept-alive, streaming, half-read and refused ones.
func TestNothingLeftAfterShutdown(t *testing.T) {
	before := runtime.NumGoroutine()
	stop := make(chan struct{})
	s := &Server{Handler: func(w *Response, r *Request) {
		if r.URL.Path == "/stream" {
			w.Flush()
			select {
			case <-stop:
			case <-r.Context().Done():
			}
			return
		}
		echo(w, r)
	}}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- s.Serve(ln) }()
	base := "http://" + ln.Addr().String()
	_, kept := raw(t, base, "GET / HTTP/1.1\r\nHost: h\r\n\r\n")
	readReply(t, kept, "GET")
	_, streaming := raw(t, base, "GET /stream HTTP/1.1\r\nHost: h\r\n\r\n")
	if _, err := http.ReadResponse(streaming, nil); err != nil {
		t.Fatal(err)
	}
	raw(t, base, "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 10\r\n\r\nabc")
	_, refused := raw(t, base, "GET / HTTP/1.1\r\n\r\n")
	readReply(t, refused, "GET")
	raw(t, base, "")
	close(stop)
	// The half-sent body keeps its request active until the wait ends.
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if err := s.Shutdown(ctx); err != context.DeadlineExceeded {
		t.Errorf("Shutdown: %v, want the wait to end with a request still reading its body", err)
	}
	<-served
	for deadline := time.Now().Add(5 * time.Second); runtime.NumGoroutine() > before; {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			t.Fatalf("%d goroutines after Shutdown, %d before:\n%s", runtime.NumGoroutine(), before, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(10 * time.Millisecond)
	}
}
