package httpd

import (
	"bufio"
	"context"
	"io"
	"net"
	"strings"
	"sync"
	"testing"
	"time"
)

// held is how many connections the server has open now (the ones it
// closed to make room are gone once their goroutine ends).
func held(s *Server) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.conns)
}

// dial opens a connection that sends nothing.
func dial(t *testing.T, base string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// waitHeld waits until the server holds at most n connections.
func waitHeld(t *testing.T, s *Server, n int, what string) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); held(s) > n; {
		if time.Now().After(deadline) {
			t.Fatalf("%s: the server holds %d connections, want at most %d", what, held(s), n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestConnectionLimit: a client that opens connections without end
// cannot make the server hold more than MaxConns (each one a file
// descriptor: once they ran out, the game could not save and stopped);
// a new connection closes one that waits for a request, so a real
// request is still answered, and when every connection is busy the new
// one is closed at once.
func TestConnectionLimit(t *testing.T) {
	s, base := start(t, nil, echo)
	for range DefaultMaxConns + 40 {
		dial(t, base)
	}
	waitHeld(t, s, DefaultMaxConns, "silent connections")
	_, br := raw(t, base, "GET /real HTTP/1.1\r\nHost: h\r\n\r\n")
	if res, body := readReply(t, br, "GET"); res.StatusCode != 200 || !strings.HasPrefix(body, "GET /real") {
		t.Fatalf("a request among silent connections: %d %q", res.StatusCode, body)
	}
	waitHeld(t, s, DefaultMaxConns, "after a request")

	release := make(chan struct{})
	defer close(release)
	busy, base2 := start(t, &Server{MaxConns: 3}, func(w *Response, r *Request) {
		w.Flush()
		select {
		case <-release:
		case <-r.Context().Done():
		}
	})
	for range 3 {
		_, br := raw(t, base2, "GET /stream HTTP/1.1\r\nHost: h\r\n\r\n")
		if line, err := br.ReadString('\n'); line != "HTTP/1.1 200 OK\r\n" {
			t.Fatalf("a stream: %q %v", line, err)
		}
	}
	c := dial(t, base2)
	c.SetDeadline(time.Now().Add(5 * time.Second))
	if n, err := c.Read(make([]byte, 1)); err != io.EOF {
		t.Fatalf("a connection beyond the limit, every one busy: read %d, %v, want its end", n, err)
	}
	if n := held(busy); n != 3 {
		t.Fatalf("the busy server holds %d connections, want its 3 streams", n)
	}
}

// FuzzServe writes arbitrary bytes to a real connection, then closes
// its sending side: the server never panics (a handler's or its own),
// every connection ends in time, and what comes back is HTTP replies.
func FuzzServe(f *testing.F) {
	for _, s := range []string{
		"GET / HTTP/1.1\r\nHost: h\r\n\r\n",
		"POST /a HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nxyzGET /b HTTP/1.1\r\nHost: h\r\n\r\n",
		"POST / HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\nabc",
		"POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
		"HEAD /stream HTTP/1.1\r\nHost: h\r\n\r\nGET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n",
		"GET /stream HTTP/1.1\r\nHost: h\r\n\r\nX",
		"GET / HTTP/1.1\r\nHost: h\r\nX: a\r\n b\r\n\r\n",
		"\r\n\r\nGET http://h/p?q=%00 HTTP/1.1\r\nHost: h\r\n\r\n",
	} {
		f.Add(s)
	}
	var mu sync.Mutex
	var panics []string
	s := &Server{ReadHeaderTimeout: time.Second, IdleTimeout: time.Second, WriteTimeout: time.Second, MaxBody: 64,
		Log: func(m string) { mu.Lock(); panics = append(panics, m); mu.Unlock() }}
	s.Handler = func(w *Response, r *Request) {
		if r.URL.Path == "/stream" {
			w.Header().Set("Content-Type", "text/event-stream")
			io.WriteString(w, "data: one\n\n")
			w.Flush()
			<-r.Context().Done()
			return
		}
		echo(w, r)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		f.Fatal(err)
	}
	go s.Serve(ln)
	f.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		s.Shutdown(ctx)
	})
	f.Fuzz(func(t *testing.T, in string) {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		c.SetDeadline(time.Now().Add(5 * time.Second))
		go func() {
			io.WriteString(c, in)
			c.(*net.TCPConn).CloseWrite()
		}()
		out, err := io.ReadAll(c)
		if err != nil && !strings.Contains(err.Error(), "reset") {
			t.Fatalf("%q: the connection did not end: %v after %q", in, err, out)
		}
		if len(out) > 0 && !strings.HasPrefix(string(out), "HTTP/1.1 ") {
			t.Fatalf("%q: the reply is not HTTP: %q", in, out)
		}
		mu.Lock()
		defer mu.Unlock()
		if len(panics) > 0 {
			t.Fatalf("%q: %s", in, panics[0])
		}
	})
}

// TestStreamSeesTheClientGoAfterMoreBytes: a stream's context ends when
// its client closes the connection even when the client sent more after
// the stream's request (the watch for the end stopped at the first byte
// of what it took for the next request, and the stream was left to a
// write that failed: in package web, two keep-alive comments, 30 s,
// with the seat shown connected meanwhile).
func TestStreamSeesTheClientGoAfterMoreBytes(t *testing.T) {
	gone := make(chan string, 4)
	_, base := start(t, nil, func(w *Response, r *Request) {
		if r.URL.Path != "/stream" {
			echo(w, r)
			return
		}
		w.Flush()
		select {
		case <-r.Context().Done():
			gone <- r.URL.RawQuery
		case <-time.After(5 * time.Second):
			gone <- "still open: " + r.URL.RawQuery
		}
	})
	for _, c := range []struct{ name, after string }{
		{"a request behind it", "GET /next HTTP/1.1\r\nHost: h\r\n\r\n"},
		{"a byte behind it, sent after the reply began", "X"},
		{"more than the buffer holds", strings.Repeat("y", 20000)},
	} {
		conn, br := raw(t, base, "GET /stream?"+strings.ReplaceAll(c.name, " ", "-")+" HTTP/1.1\r\nHost: h\r\n\r\n")
		if c.after != "X" {
			io.WriteString(conn, c.after)
		}
		if line, err := br.ReadString('\n'); line != "HTTP/1.1 200 OK\r\n" {
			t.Fatalf("%s: %q %v", c.name, line, err)
		}
		if c.after == "X" {
			io.WriteString(conn, c.after)
			time.Sleep(50 * time.Millisecond)
		}
		conn.Close()
		if got := <-gone; got != strings.ReplaceAll(c.name, " ", "-") {
			t.Errorf("%s: the stream's context: %s", c.name, got)
		}
	}
	// A request behind an ordinary one is still served after it.
	_, br := raw(t, base, "GET /a HTTP/1.1\r\nHost: h\r\n\r\nGET /b HTTP/1.1\r\nHost: h\r\n\r\n")
	for _, want := range []string{"GET /a", "GET /b"} {
		if res, body := readReply(t, br, "GET"); res.StatusCode != 200 || !strings.HasPrefix(body, want) {
			t.Fatalf("%d %q, want %s", res.StatusCode, body, want)
		}
	}
}

// TestSlowClientsCannotLockOthersOut: connections that send their
// header or an unread body slowly, which no handler waits for, are
// closed to make room at MaxConns like silent ones: with them counted
// busy, a client without any page's address could keep every other
// client out by dripping headers (slowloris) on MaxConns connections.
func TestSlowClientsCannotLockOthersOut(t *testing.T) {
	_, base := start(t, &Server{MaxConns: 3}, func(w *Response, r *Request) {
		if r.URL.Path == "/ignore" {
			return
		}
		echo(w, r)
	})
	var slow []net.Conn
	var slowBR []*bufio.Reader
	for _, req := range []string{
		"GET / HTTP/1.1\r\nHost: h\r\nX-Drip: a",
		"GET / HTTP/1.1\r\n",
		"POST /ignore HTTP/1.1\r\nHost: h\r\nContent-Length: 100\r\n\r\nabc",
	} {
		c, br := raw(t, base, req)
		slow, slowBR = append(slow, c), append(slowBR, br)
	}
	time.Sleep(100 * time.Millisecond) // the server reads what they sent
	_, br := raw(t, base, "GET /real HTTP/1.1\r\nHost: h\r\n\r\n")
	if res, body := readReply(t, br, "GET"); res.StatusCode != 200 || !strings.HasPrefix(body, "GET /real") {
		t.Fatalf("a request among slow clients: %d %q", res.StatusCode, body)
	}
	ended := 0
	for i, c := range slow {
		c.SetReadDeadline(time.Now().Add(500 * time.Millisecond))
		if _, err := slowBR[i].ReadByte(); err == io.EOF {
			ended++
		}
	}
	if ended == 0 {
		t.Fatal("no slow client was closed to make room")
	}
}

// TestLingeringConnectionsMakeRoom: a connection that ends after its
// reply, while the server reads what its client still sends for a
// moment (so that the client does not lose the reply to a reset), is
// closed to make room at MaxConns: clients that asked to close and
// linger could else keep every other client out by opening connections
// faster than they linger.
func TestLingeringConnectionsMakeRoom(t *testing.T) {
	_, base := start(t, &Server{MaxConns: 3}, echo)
	for range 3 {
		_, br := raw(t, base, "GET /bye HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
		if res, _ := readReply(t, br, "GET"); res.StatusCode != 200 || !res.Close {
			t.Fatalf("%d close %v", res.StatusCode, res.Close)
		}
	}
	_, br := raw(t, base, "GET /real HTTP/1.1\r\nHost: h\r\n\r\n")
	if res, body := readReply(t, br, "GET"); res.StatusCode != 200 || !strings.HasPrefix(body, "GET /real") {
		t.Fatalf("a request among lingering connections: %d %q", res.StatusCode, body)
	}
}
