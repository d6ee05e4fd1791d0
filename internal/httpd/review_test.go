package httpd

import (
	"io"
	"net"
	"strings"
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
