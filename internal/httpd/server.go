// Package httpd is rumref's own small HTTP/1.1 server, for the phones'
// pages (package web). It serves what those pages need and no more, on
// top of package net: GET and POST (any method is parsed; the handler
// refuses), request bodies framed by Content-Length, keep-alive, and
// streams (server-sent events) whose body ends when the connection is
// closed.
//
// It exists so that rumref does not link net/http: net/http brings
// crypto/tls, crypto/x509, HTTP/2 and their package initialisation,
// which every start of rumref paid for (README: "The web server is
// rumref's own", and "Start-up without net/http" for the figures).
//
// What a request may be:
//   - a request line "METHOD TARGET HTTP/1.1" (or HTTP/1.0) of at most
//     MaxRequestLine bytes (414 beyond), the target a path or an http://
//     URL (parsed by net/url);
//   - every line ending in CR LF: a bare LF or CR is refused (400);
//   - at most MaxHeaders header fields and MaxHeaderBytes bytes of
//     request line and fields (431 beyond); a field name without spaces
//     before its colon, no folded lines, no control characters;
//   - an HTTP/1.1 request has exactly one Host header (400 without);
//   - a body only with one Content-Length of at most MaxBody bytes (400
//     for a second one or a value that is not a number, 413 beyond the
//     limit); a Transfer-Encoding is refused (411 for chunked, 501 for
//     any other coding);
//   - "Expect: 100-continue" is answered when the handler first reads
//     the body; another expectation gets 417;
//   - the HTTP/2 preface gets 505, like any version but 1.0 and 1.1.
//
// A refused request gets its status code and the connection is closed
// (after the client has had a moment to read the reply). The header must
// arrive within ReadHeaderTimeout of the connection (or of the request's
// first byte on a kept-alive connection; 408 then), the body within
// ReadHeaderTimeout more, and a kept-alive connection is closed after
// IdleTimeout without a request. At most MaxConns connections are held
// open: a new one beyond closes one that waits for a request, else one
// still sending a header or a body no handler waits for, or lingering
// after its last reply, or is closed
// itself when a handler runs on every one. A handler's panic is reported (Log),
// answered with 500 if nothing was sent yet, and closes that connection
// only.
//
// Replies are buffered and sent with a Content-Length when the handler
// returns, so connections stay open for the next request. A handler that
// calls Flush sends its status and header at once, without a length and
// with "Connection: close", and then each Flush sends what was written:
// the body ends when the handler returns and the connection is closed
// (close-delimited, which every HTTP/1.x client reads; no chunked
// encoding). The request's Context ends when the client closes its side
// of the connection, which is how a stream learns that its reader went
// away (what the client sends during a stream is dropped).
package httpd

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"runtime/debug"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// The limits of a Server whose field is zero.
const (
	DefaultReadHeaderTimeout = 10 * time.Second
	DefaultIdleTimeout       = 2 * time.Minute
	DefaultWriteTimeout      = time.Minute
	DefaultMaxRequestLine    = 4 << 10
	DefaultMaxHeaderBytes    = 8 << 10
	DefaultMaxHeaders        = 64
	DefaultMaxBody           = 64 << 10
	DefaultMaxConns          = 256
)

// ErrServerClosed is what Serve returns after Shutdown.
var ErrServerClosed = errors.New("httpd: server closed")

// Handler answers one request. It may write the reply after returning
// only by not returning: the reply is finished when it returns.
type Handler func(w *Response, r *Request)

// Server serves HTTP/1.x on the listeners given to Serve.
type Server struct {
	Handler Handler
	// Refuse writes the reply to a request the server refuses before
	// the handler sees it (nil: the reason as plain text).
	Refuse func(w *Response, code int, msg string)
	// Log reports a handler's panic (nil: to standard error).
	Log func(msg string)

	ReadHeaderTimeout time.Duration
	IdleTimeout       time.Duration
	// WriteTimeout bounds each write of a reply (a whole reply, or one
	// Flush of a stream): a client that stops reading for that long
	// loses its connection.
	WriteTimeout   time.Duration
	MaxRequestLine int
	MaxHeaderBytes int
	MaxHeaders     int
	MaxBody        int64
	// MaxConns bounds the connections held open at once, so that a
	// client opening connections without end cannot use up the
	// process's file descriptors (and with them the game's saves). A
	// connection beyond it closes one that waits for a request, else
	// one still sending a header or a body no handler waits for, or
	// lingering after its last reply (so that slow or closing clients
	// cannot keep everyone out), or is closed
	// itself when a handler runs on every one.
	MaxConns int

	mu        sync.Mutex
	open      int // connections in conns that are not stateClosed
	closing   bool
	listeners map[net.Listener]struct{}
	conns     map[*conn]connState
}

type connState int

const (
	stateNew     connState = iota // accepted, no request yet
	stateReading                  // reading a header, a body no handler waits for, or what comes after the last reply
	stateActive                   // a handler answers the request
	stateIdle                     // kept alive, waiting for the next request
	stateClosed                   // closed to make room for another (admit)
)

func orDefault[T int | int64 | time.Duration](v, def T) T {
	if v <= 0 {
		return def
	}
	return v
}

// Serve accepts connections on ln and serves each in its own goroutine
// until Shutdown, then returns ErrServerClosed.
func (s *Server) Serve(ln net.Listener) error {
	s.mu.Lock()
	if s.closing {
		s.mu.Unlock()
		ln.Close()
		return ErrServerClosed
	}
	if s.listeners == nil {
		s.listeners = map[net.Listener]struct{}{}
		s.conns = map[*conn]connState{}
	}
	s.listeners[ln] = struct{}{}
	s.mu.Unlock()
	var delay time.Duration
	for {
		rwc, err := ln.Accept()
		if err != nil {
			if s.isClosing() {
				return ErrServerClosed
			}
			if errors.Is(err, net.ErrClosed) {
				return err
			}
			// Out of file descriptors and the like: wait and retry.
			delay = min(max(2*delay, 5*time.Millisecond), time.Second)
			time.Sleep(delay)
			continue
		}
		delay = 0
		c := s.newConn(rwc)
		if !s.admit(c) {
			rwc.Close()
			continue
		}
		go c.serve()
	}
}

func (s *Server) isClosing() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closing
}

// admit records a new connection. At MaxConns it closes a connection
// that waits for a request (new or kept alive) to make room, else one
// that is still sending its request's header or a body no handler waits
// for (a client that drips them could otherwise keep everyone out), and
// when a handler runs on every one it reports false: the new one is to
// be closed.
func (s *Server) admit(c *conn) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		return false
	}
	if s.open >= orDefault(s.MaxConns, DefaultMaxConns) {
		var idle *conn
		for o, st := range s.conns {
			if st == stateNew || st == stateIdle {
				idle = o
				break
			}
			if st == stateReading {
				idle = o
			}
		}
		if idle == nil {
			return false
		}
		s.conns[idle] = stateClosed
		s.open--
		idle.rwc.Close()
	}
	s.conns[c] = stateNew
	s.open++
	return true
}

// setState records a connection's state; it reports false when the
// connection was closed to make room, or the server is closing and the
// connection should not wait for a request.
func (s *Server) setState(c *conn, st connState) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.conns[c] == stateClosed || s.closing && (st == stateNew || st == stateIdle) {
		return false
	}
	s.conns[c] = st
	return true
}

func (s *Server) forget(c *conn) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.conns[c] != stateClosed {
		s.open--
	}
	delete(s.conns, c)
}

// Shutdown stops accepting, closes the connections that wait for a
// request, and waits for the others to finish their replies (a stream
// ends when its handler returns) until ctx ends; then it closes them too
// and returns ctx's error.
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	s.closing = true
	for ln := range s.listeners {
		ln.Close()
	}
	s.mu.Unlock()
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for {
		s.mu.Lock()
		for c, st := range s.conns {
			if st == stateNew || st == stateIdle {
				c.rwc.Close()
			}
		}
		n := len(s.conns)
		s.mu.Unlock()
		if n == 0 {
			return nil
		}
		select {
		case <-ctx.Done():
			s.mu.Lock()
			for c := range s.conns {
				c.rwc.Close()
			}
			s.mu.Unlock()
			return ctx.Err()
		case <-tick.C:
		}
	}
}

// conn is one client connection.
type conn struct {
	srv *Server
	rwc net.Conn
	br  *bufio.Reader
	bw  *bufio.Writer
	lim limits

	// The background read that watches for the client closing its side
	// while a handler runs (after the request's body was read).
	bgDone   chan struct{}
	bgAbort  atomic.Bool
	bgGone   bool
	bgCancel context.CancelFunc
	// bgMu guards bgStream (the reply streams: the connection closes
	// after it, so what the client sends meanwhile is dropped) and
	// bgEnded (the watch stopped at the first byte of a next request).
	bgMu     sync.Mutex
	bgStream bool
	bgEnded  bool
}

func (s *Server) newConn(rwc net.Conn) *conn {
	lim := limits{
		requestLine: orDefault(s.MaxRequestLine, DefaultMaxRequestLine),
		headerBytes: orDefault(s.MaxHeaderBytes, DefaultMaxHeaderBytes),
		headers:     orDefault(s.MaxHeaders, DefaultMaxHeaders),
		body:        orDefault(s.MaxBody, DefaultMaxBody),
	}
	return &conn{srv: s, rwc: rwc, lim: lim,
		br: bufio.NewReaderSize(rwc, max(lim.headerBytes, lim.requestLine+2)),
		bw: bufio.NewWriterSize(rwc, 4<<10)}
}

func (s *Server) logf(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if s.Log != nil {
		s.Log(msg)
		return
	}
	fmt.Fprintln(os.Stderr, msg)
}

// serve reads and answers requests until the connection ends.
func (c *conn) serve() {
	s := c.srv
	defer func() {
		if p := recover(); p != nil {
			s.logf("httpd: panic serving %s: %v\n%s", c.rwc.RemoteAddr(), p, debug.Stack())
		}
		c.rwc.Close()
		s.forget(c)
	}()
	headerTimeout := orDefault(s.ReadHeaderTimeout, DefaultReadHeaderTimeout)
	c.rwc.SetReadDeadline(time.Now().Add(headerTimeout))
	for first := true; ; first = false {
		if !first {
			if !s.setState(c, stateIdle) {
				return
			}
			c.rwc.SetReadDeadline(time.Now().Add(orDefault(s.IdleTimeout, DefaultIdleTimeout)))
		}
		if _, err := c.br.Peek(1); err != nil {
			return
		}
		if !s.setState(c, stateReading) {
			return
		}
		if !first {
			c.rwc.SetReadDeadline(time.Now().Add(headerTimeout))
		}
		req, err := readRequest(c.br, c.lim)
		if err != nil {
			c.refuse(err)
			return
		}
		if !s.setState(c, stateActive) {
			return
		}
		c.rwc.SetReadDeadline(time.Now().Add(headerTimeout))
		if !c.handle(req) {
			s.setState(c, stateReading) // lingering: room may be made
			c.lingeringClose()
			return
		}
	}
}

// refuse answers a request that could not be read, when it deserves an
// answer, and lets the client read it before the connection closes.
func (c *conn) refuse(err error) {
	var e *Error
	switch {
	case errors.As(err, &e):
	case isTimeout(err):
		e = refuse(StatusRequestTimeout, "the request did not arrive in time")
	default: // the client went away in the middle of a request
		return
	}
	w := &Response{c: c, req: &Request{Method: "GET", close: true}}
	if c.srv.Refuse != nil {
		c.srv.Refuse(w, e.Code, e.Msg)
	} else {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(e.Code)
		io.WriteString(w, e.Msg+"\n")
	}
	w.finish(true)
	c.lingeringClose()
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// lingeringClose closes the writing side (the client sees the reply
// end) and reads what the client still sends for a moment: closing with
// unread bytes would reset the connection, and the client could lose
// the reply.
func (c *conn) lingeringClose() {
	if cw, ok := c.rwc.(interface{ CloseWrite() error }); ok {
		cw.CloseWrite()
	}
	c.rwc.SetReadDeadline(time.Now().Add(500 * time.Millisecond))
	io.CopyN(io.Discard, c.rwc, 256<<10)
}

// handle runs the handler for one request and finishes its reply. It
// reports whether the connection stays open for another request.
func (c *conn) handle(req *Request) bool {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req.ctx = ctx
	req.RemoteAddr = c.rwc.RemoteAddr().String()
	b := &body{c: c, n: req.ContentLength, expect: req.expect, cancel: cancel}
	req.Body = b
	if b.n == 0 {
		c.watchClose(cancel)
	}
	w := &Response{c: c, req: req}
	panicked := c.run(w, req)
	// The handler may have left some of the body. Without the 100
	// Continue the client has not sent it: the connection cannot be
	// kept. Else read the rest (at most MaxBody bytes), before the
	// background read stops.
	bodyLeft := b.n > 0 && b.expect
	if b.n > 0 && !bodyLeft && !panicked && !w.streaming {
		c.srv.setState(c, stateReading)
		_, err := io.Copy(io.Discard, b)
		bodyLeft = err != nil
	}
	gone := c.stopWatch()
	switch {
	case panicked:
		if !w.streaming {
			w.header, w.code, w.body = nil, StatusInternalServerError, []byte("the server failed on this request\n")
			w.finish(true)
		}
		return false
	case w.streaming:
		if !gone {
			w.Flush()
		}
		return false
	}
	// A client that closed its side may still read the reply (it
	// half-closed the connection after its request): send it, then close.
	keep := !req.close && !gone && !bodyLeft && !c.srv.isClosing()
	if !w.finish(!keep) {
		return false
	}
	return keep
}

// run calls the handler and reports whether it panicked.
func (c *conn) run(w *Response, req *Request) (panicked bool) {
	defer func() {
		if p := recover(); p != nil {
			panicked = true
			// Not the target: its path holds a page's secret token, and
			// the log may go to the table's shared screen.
			c.srv.logf("httpd: panic serving a %s request for %s: %v\n%s", req.Method, req.RemoteAddr, p, debug.Stack())
		}
	}()
	c.srv.Handler(w, req)
	return false
}

// watchClose starts the background read: once the request's body is
// read, the next byte from the client belongs to its next request (it
// stays buffered), and an end of the connection cancels the request's
// context.
func (c *conn) watchClose(cancel context.CancelFunc) {
	c.rwc.SetReadDeadline(time.Time{})
	c.bgAbort.Store(false)
	c.bgGone, c.bgCancel = false, cancel
	c.bgMu.Lock()
	c.bgStream, c.bgEnded = false, false
	c.bgMu.Unlock()
	c.startWatch()
}

func (c *conn) startWatch() {
	c.bgDone = make(chan struct{})
	go func() {
		defer close(c.bgDone)
		for {
			if _, err := c.br.Peek(1); err != nil {
				if !c.bgAbort.Load() {
					c.bgGone = true
					c.bgCancel()
				}
				return
			}
			c.bgMu.Lock()
			stream := c.bgStream
			c.bgEnded = !stream
			c.bgMu.Unlock()
			if !stream {
				return // the next request's first byte, kept for after this reply
			}
			c.br.Discard(c.br.Buffered())
		}
	}()
}

// watchStream is called when the reply begins to stream: the connection
// closes after it, so the watch drops what the client sends and goes on
// until the client's end, also when it had stopped at bytes it took for
// a next request (a stream's context would else outlive its client).
func (c *conn) watchStream() {
	c.bgMu.Lock()
	c.bgStream = true
	restart := c.bgEnded
	c.bgEnded = false
	c.bgMu.Unlock()
	if restart {
		<-c.bgDone
		c.startWatch()
	}
}

// stopWatch ends the background read and reports whether it saw the
// client close the connection.
func (c *conn) stopWatch() bool {
	if c.bgDone == nil {
		return false
	}
	c.bgAbort.Store(true)
	c.rwc.SetReadDeadline(time.Unix(1, 0))
	<-c.bgDone
	c.bgDone = nil
	return c.bgGone
}

// writeDeadline bounds the next write to the client (WriteTimeout).
func (c *conn) writeDeadline() {
	c.rwc.SetWriteDeadline(time.Now().Add(orDefault(c.srv.WriteTimeout, DefaultWriteTimeout)))
}

// body reads a request's body: n bytes more, sending 100 Continue first
// when the client waits for it.
type body struct {
	c      *conn
	n      int64
	expect bool
	cancel context.CancelFunc
	err    error
}

func (b *body) Read(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	if b.n == 0 {
		return 0, io.EOF
	}
	if b.expect {
		b.expect = false
		b.c.writeDeadline()
		b.c.bw.WriteString("HTTP/1.1 100 Continue\r\n\r\n")
		if err := b.c.bw.Flush(); err != nil {
			b.err = err
			return 0, err
		}
	}
	if int64(len(p)) > b.n {
		p = p[:b.n]
	}
	n, err := b.c.br.Read(p)
	b.n -= int64(n)
	if b.n == 0 {
		b.c.watchClose(b.cancel)
		return n, nil
	}
	if err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	if err != nil {
		b.err = err
	}
	return n, err
}

// Response is the reply being written to one request.
type Response struct {
	c         *conn
	req       *Request
	header    Header
	code      int
	body      []byte
	streaming bool
	err       error
}

// Header is the reply's header, to change before the first Flush. The
// server writes Date, Content-Length and Connection itself.
func (w *Response) Header() *Header { return &w.header }

// WriteHeader sets the status code (200 if never called); only the
// first call counts.
func (w *Response) WriteHeader(code int) {
	if w.code == 0 {
		w.code = code
	}
}

// Write adds to the body: kept until the handler returns, or sent at the
// next Flush once the reply streams.
func (w *Response) Write(p []byte) (int, error) {
	w.WriteHeader(StatusOK)
	if !w.streaming {
		w.body = append(w.body, p...)
		return len(p), nil
	}
	if w.err != nil {
		return 0, w.err
	}
	if w.req.Method == "HEAD" {
		return len(p), nil
	}
	n, err := w.c.bw.Write(p)
	if err != nil {
		w.err = err
	}
	return n, err
}

// Flush sends what was written. The first Flush makes the reply a
// stream: its status and header go now, without a length, and the
// connection closes when the handler returns.
func (w *Response) Flush() error {
	if w.err != nil {
		return w.err
	}
	w.c.writeDeadline()
	if !w.streaming {
		w.WriteHeader(StatusOK)
		w.streaming = true
		w.c.watchStream()
		w.writeHead(-1, true)
		if w.req.Method != "HEAD" {
			w.c.bw.Write(w.body)
		}
		w.body = nil
	}
	if err := w.c.bw.Flush(); err != nil {
		w.err = err
	}
	return w.err
}

// finish sends a reply that did not stream, with its length, and reports
// whether it was sent.
func (w *Response) finish(close bool) bool {
	w.WriteHeader(StatusOK)
	w.c.writeDeadline()
	w.writeHead(int64(len(w.body)), close)
	if w.req.Method != "HEAD" {
		w.c.bw.Write(w.body)
	}
	return w.c.bw.Flush() == nil
}

// writeHead writes the status line and the header; length -1 means none.
func (w *Response) writeHead(length int64, close bool) {
	b := make([]byte, 0, 512)
	b = append(b, "HTTP/1.1 "...)
	b = strconv.AppendInt(b, int64(w.code), 10)
	b = append(b, ' ')
	b = append(b, StatusText(w.code)...)
	b = append(b, "\r\nDate: "...)
	b = time.Now().UTC().AppendFormat(b, "Mon, 02 Jan 2006 15:04:05 GMT")
	b = append(b, "\r\n"...)
	w.header.Del("Content-Length")
	w.header.Del("Connection")
	w.header.Del("Transfer-Encoding")
	w.header.Del("Date")
	for _, f := range w.header {
		b = append(b, f.Name...)
		b = append(b, ": "...)
		b = append(b, f.Value...)
		b = append(b, "\r\n"...)
	}
	if length >= 0 {
		b = append(b, "Content-Length: "...)
		b = strconv.AppendInt(b, length, 10)
		b = append(b, "\r\n"...)
	}
	switch {
	case close:
		b = append(b, "Connection: close\r\n"...)
	case w.req.Minor == 0:
		b = append(b, "Connection: keep-alive\r\n"...)
	}
	b = append(b, "\r\n"...)
	w.c.bw.Write(b)
}
