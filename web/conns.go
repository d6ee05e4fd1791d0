package web

import (
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// maxConns bounds the connections the pages' server holds at once. Each
// is a file descriptor: a client that opened connections without end
// used up rumref's, and the game stopped at its next save ("too many
// open files"). (A variable for the tests.)
var maxConns = 512

// sendBuffer and receiveBuffer are the kernel's buffers for each
// connection. Left to grow on their own (to megabytes on loopback), the
// buffers of a few hundred clients that send requests and never read the
// replies pushed the kernel's TCP memory to its limit, where it aborts
// connections, the phones' too. The pages' largest reply (the board
// picture) is about 50 KB, a request at most 12 KB.
const (
	sendBuffer    = 64 << 10
	receiveBuffer = 32 << 10
)

// connLimit is the listener of the pages' server: it holds at most max
// connections. A connection beyond that closes one that waits for a
// request (new, still sending its header, or kept alive), else the one
// whose write has been blocked longest (at least a second: its client
// does not read), else it is closed itself. So neither silent nor
// non-reading clients keep a phone from connecting. net/http reports
// each connection's state through state (http.Server.ConnState).
type connLimit struct {
	net.Listener
	max  int
	mu   sync.Mutex
	open map[*limitedConn]http.ConnState
}

func newConnLimit(ln net.Listener, max int) *connLimit {
	return &connLimit{Listener: ln, max: max, open: map[*limitedConn]http.ConnState{}}
}

// limitedConn is one connection of a connLimit.
type limitedConn struct {
	net.Conn
	l *connLimit
	// writing is when the write under way began (UnixNano; 0: none).
	writing atomic.Int64
}

func (c *limitedConn) Write(p []byte) (int, error) {
	c.writing.Store(time.Now().UnixNano())
	defer c.writing.Store(0)
	return c.Conn.Write(p)
}

func (c *limitedConn) Close() error {
	c.l.mu.Lock()
	delete(c.l.open, c)
	c.l.mu.Unlock()
	return c.Conn.Close()
}

// CloseWrite lets net/http end its side first when it closes a
// connection after a reply (the client then reads the whole reply).
func (c *limitedConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// Accept returns the next connection, making room for it (see
// connLimit); one that finds no room is closed and not returned.
func (l *connLimit) Accept() (net.Conn, error) {
	for {
		rwc, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if tc, ok := rwc.(*net.TCPConn); ok {
			tc.SetWriteBuffer(sendBuffer)
			tc.SetReadBuffer(receiveBuffer)
		}
		c := &limitedConn{Conn: rwc, l: l}
		if l.admit(c) {
			return c, nil
		}
		rwc.Close()
	}
}

func (l *connLimit) admit(c *limitedConn) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.open) >= l.max {
		v := l.victim()
		if v == nil {
			return false
		}
		delete(l.open, v)
		v.Conn.Close()
	}
	l.open[c] = http.StateNew
	return true
}

// victim is the connection to close to make room, or nil.
func (l *connLimit) victim() *limitedConn {
	var stuck *limitedConn
	since := time.Now().Add(-time.Second).UnixNano()
	for c, st := range l.open {
		if st == http.StateNew || st == http.StateIdle {
			return c
		}
		if w := c.writing.Load(); w != 0 && w < since {
			stuck, since = c, w
		}
	}
	return stuck
}

// state records a connection's state (http.Server.ConnState).
func (l *connLimit) state(nc net.Conn, st http.ConnState) {
	c, ok := nc.(*limitedConn)
	if !ok {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if _, open := l.open[c]; !open {
		return
	}
	if st == http.StateClosed || st == http.StateHijacked {
		delete(l.open, c)
		return
	}
	l.open[c] = st
}
