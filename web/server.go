package web

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/subtle"
	"embed"
	"encoding/base32"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"rumref/referee"
	"rumref/table"
	"rumref/wire"
)

//go:embed pages
var pages embed.FS

// KeepAlive is how often an idle event stream gets a comment line.
var KeepAlive = 15 * time.Second

// Tokens are the secret parts of the URLs: one for the table page and
// one per seat. The save keeps them, so a resumed game keeps its URLs.
type Tokens struct {
	Table string   `yaml:"table" json:"table"`
	Seats []string `yaml:"seats" json:"seats"`
}

// tokenBytes is the size of a token: 160 random bits.
const tokenBytes = 20

// NewTokens makes fresh unguessable tokens for n seats.
func NewTokens(n int) Tokens {
	t := Tokens{Table: newToken()}
	for range n {
		t.Seats = append(t.Seats, newToken())
	}
	return t
}

func newToken() string {
	b := make([]byte, tokenBytes)
	if _, err := rand.Read(b); err != nil {
		panic(fmt.Sprintf("no randomness for a token: %v", err))
	}
	return tokenEncoding.EncodeToString(b)
}

// tokenEncoding writes tokens in lower-case base32 without padding.
var tokenEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// Valid reports whether the tokens fit n seats and are each long enough
// and distinct.
func (t Tokens) Valid(n int) bool {
	if len(t.Seats) != n {
		return false
	}
	seen := map[string]bool{}
	for _, s := range append([]string{t.Table}, t.Seats...) {
		if len(s) < 26 || seen[s] || strings.Trim(s, "abcdefghijklmnopqrstuvwxyz234567") != "" {
			return false
		}
		seen[s] = true
	}
	return true
}

// viewerOf finds whose token tok is: Table, a seat, or ok false.
func (t Tokens) viewerOf(tok string) (referee.Viewer, bool) {
	found, v := false, referee.Viewer(0)
	if subtle.ConstantTimeCompare([]byte(tok), []byte(t.Table)) == 1 {
		found, v = true, Table
	}
	for i, s := range t.Seats {
		if subtle.ConstantTimeCompare([]byte(tok), []byte(s)) == 1 {
			found, v = true, referee.Viewer(i)
		}
	}
	return v, found
}

// Server is the HTTP side: it listens, serves the pages and the contract
// of docs/protocol.md on net/http, and stops with the game.
type Server struct {
	hub    *Hub
	tokens Tokens
	join   string // the join page's token (Tokens.Join)
	ln     *connLimit
	srv    *http.Server
	base   []string        // http://HOST:PORT for each address to show
	hosts  map[string]bool // the Host values the pages answer (lower case)

	mu       sync.Mutex
	byAddr   map[string]int         // open event streams per client address
	byViewer map[referee.Viewer]int // and per token
}

// The server's limits. A client without a token gets nothing but 404s,
// the script and the style sheet; these bound what it can hold.
const (
	// maxBody caps a request body.
	maxBody = 4 << 10
	// maxHeaderBytes caps a request's header (431 beyond).
	maxHeaderBytes = 8 << 10
	// streamsPerToken and streamsPerAddr bound the event streams open
	// at once for one page and from one client address (429 beyond).
	streamsPerToken = 8
	streamsPerAddr  = 16
)

// The server's timeouts (variables for the tests).
var (
	// readHeaderTimeout: a request's header within it, else the
	// connection is closed.
	readHeaderTimeout = 10 * time.Second
	// readTimeout: header and body within it.
	readTimeout = 20 * time.Second
	// writeTimeout bounds an ordinary reply (from its request's header
	// to its last byte; a POST's from the moment its answer is known),
	// and each write of an event stream: a client that stops reading
	// loses its connection.
	writeTimeout = 10 * time.Second
	// idleTimeout closes a kept-alive connection without a request.
	idleTimeout = 2 * time.Minute
	// discardTimeout: the rest of a refused request's body within it.
	discardTimeout = time.Second
)

// Listen opens the listening socket for addr (HOST:PORT; port 0 picks a
// free port; an empty host means loopback).
func Listen(addr string, hub *Hub, tokens Tokens) (*Server, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("--web %q: give HOST:PORT, for example 127.0.0.1:8080, 0.0.0.0:8080 or :0", addr)
	}
	if host == "" || strings.EqualFold(host, "localhost") {
		host = "127.0.0.1"
	}
	if _, err := strconv.ParseUint(port, 10, 16); err != nil {
		return nil, fmt.Errorf("--web %q: the port must be a number from 0 to 65535", addr)
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(host, port))
	if err != nil {
		return nil, fmt.Errorf("--web %q: cannot listen there: %w", addr, err)
	}
	s := &Server{hub: hub, tokens: tokens, join: tokens.Join(), ln: newConnLimit(ln, maxConns),
		byAddr: map[string]int{}, byViewer: map[referee.Viewer]int{}}
	p := ln.Addr().(*net.TCPAddr).Port
	s.base = baseURLs(host, p)
	s.hosts = allowedHosts(s.base, p)
	s.srv = &http.Server{
		Handler:           http.HandlerFunc(s.serve),
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
		ConnState:         s.ln.state,
	}
	return s, nil
}

// baseURLs are the addresses to print: the host itself, or for a
// wildcard host every non-loopback IPv4 address of this machine (the LAN
// URLs), then loopback.
func baseURLs(host string, port int) []string {
	ip := net.ParseIP(host)
	var hosts []string
	if ip != nil && ip.IsUnspecified() {
		addrs, _ := net.InterfaceAddrs()
		for _, a := range addrs {
			if n, ok := a.(*net.IPNet); ok && n.IP.To4() != nil && !n.IP.IsLoopback() {
				hosts = append(hosts, n.IP.String())
			}
		}
		hosts = append(hosts, "127.0.0.1")
	} else {
		hosts = []string{host}
	}
	var out []string
	for _, h := range hosts {
		out = append(out, "http://"+net.JoinHostPort(h, strconv.Itoa(port)))
	}
	return out
}

// allowedHosts are the Host values of the addresses printed (bases),
// with localhost beside a loopback address, and without the port too
// when it is 80. A page reached under another name (DNS rebinding: a
// site whose name now points at this computer) is refused.
func allowedHosts(bases []string, port int) map[string]bool {
	out := map[string]bool{}
	add := func(h string) {
		out[strings.ToLower(net.JoinHostPort(h, strconv.Itoa(port)))] = true
		if port == 80 {
			out[strings.ToLower(strings.Trim(h, "[]"))] = true
			if strings.Contains(h, ":") {
				out["["+strings.ToLower(h)+"]"] = true
			}
		}
	}
	for _, b := range bases {
		h, _, _ := net.SplitHostPort(strings.TrimPrefix(b, "http://"))
		add(h)
		if ip := net.ParseIP(h); ip != nil && ip.IsLoopback() {
			add("localhost")
		}
	}
	return out
}

// Serve serves until Close; run it in its own goroutine.
func (s *Server) Serve() error {
	err := s.srv.Serve(s.ln)
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}

// Close stops the hub (every stream gets its last messages and ends),
// then the server: it waits up to 2 s for the replies under way and
// closes what is left.
func (s *Server) Close() {
	s.hub.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if s.srv.Shutdown(ctx) != nil {
		s.srv.Close()
	}
}

// Base is the first address the pages are reached at.
func (s *Server) Base() string { return s.base[0] }

// Bases are all the addresses (LAN first, loopback last for a wildcard).
func (s *Server) Bases() []string { return s.base }

// Port is the port the server listens on.
func (s *Server) Port() int { return s.ln.Addr().(*net.TCPAddr).Port }

// Loopback reports whether the server listens on loopback only.
func (s *Server) Loopback() bool {
	a := s.ln.Addr().(*net.TCPAddr)
	return a.IP.IsLoopback()
}

// TableURL is the table page's URL.
func (s *Server) TableURL() string { return s.Base() + "/" + s.tokens.Table }

// SeatURL is a seat page's URL.
func (s *Server) SeatURL(seat int) string { return s.Base() + "/" + s.tokens.Seats[seat] }

// secure sets the header fields every reply carries.
func secure(h http.Header) {
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
}

// serve is the HTTP handler: GET and POST only, only under the addresses
// printed, every path under a token, unknown tokens 404.
func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	secure(h)
	if r.Method != "GET" && r.Method != "POST" {
		h.Set("Allow", "GET, POST")
		refuse(w, r, http.StatusMethodNotAllowed, "only GET and POST are served")
		return
	}
	if r.Host != "" && !s.hosts[strings.ToLower(r.Host)] { // (HTTP/1.0 may send none)
		refuse(w, r, http.StatusMisdirectedRequest, "this is not an address the pages are served at: open the URL rumref printed, or scan the QR code again")
		return
	}
	if o := r.Header.Get("Origin"); o != "" && r.Method == "POST" {
		if u, err := url.Parse(o); err != nil || u.Host != r.Host {
			refuse(w, r, http.StatusForbidden, "requests from other sites are refused")
			return
		}
	}
	path := strings.TrimPrefix(r.URL.Path, "/")
	tok, rest, _ := strings.Cut(path, "/")
	if tok == "assets" && r.Method == "GET" {
		s.asset(w, rest)
		return
	}
	if subtle.ConstantTimeCompare([]byte(tok), []byte(s.join)) == 1 {
		s.joinRoute(w, r, rest)
		return
	}
	v, ok := s.tokens.viewerOf(tok)
	if !ok {
		if r.Method == "GET" && rest == "" {
			gonePage(w)
			return
		}
		refuse(w, r, http.StatusNotFound, "there is no such page: scan the QR code again or ask for the URL")
		return
	}
	s.route(w, r, v, rest)
}

// route serves the page of viewer v and what is under it (rest).
func (s *Server) route(w http.ResponseWriter, r *http.Request, v referee.Viewer, rest string) {
	switch r.Method + " " + rest {
	case "GET ":
		s.page(w, v)
	case "GET state":
		writeJSON(w, http.StatusOK, s.hub.State(v))
	case "GET events":
		s.events(w, r, v)
	case "GET help":
		writeJSON(w, http.StatusOK, s.hub.Help(v))
	case "GET rules":
		s.rules(w, r)
	case "GET board.svg":
		if len(s.hub.cfg.Board) == 0 {
			httpError(w, http.StatusNotFound, "this game has no board picture")
			return
		}
		writeBody(w, http.StatusOK, "image/svg+xml", s.hub.cfg.Board)
	case "GET join":
		if v != Table {
			httpError(w, http.StatusNotFound, "there is no such page")
			return
		}
		s.joinCode(w)
	case "POST answer", "POST undo", "POST correct", "POST confirm":
		s.post(w, r, v, rest)
	default:
		refuse(w, r, http.StatusNotFound, "there is no such page")
	}
}

// refuse answers a request with an error without reading its body.
// net/http reads what is left of a body after the reply, to keep the
// connection; a client that sends a body it never finishes is given
// discardTimeout for it, not readTimeout.
func refuse(w http.ResponseWriter, r *http.Request, code int, msg string) {
	if r.ContentLength != 0 {
		http.NewResponseController(w).SetReadDeadline(time.Now().Add(discardTimeout))
	}
	httpError(w, code, msg)
}

func httpError(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, wire.Reply{OK: false, Error: msg})
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	writeBody(w, code, "application/json; charset=utf-8", append(mustJSON(v), '\n'))
}

// writeBody sends a whole reply with its length (so the connection stays
// open for the next request).
func writeBody(w http.ResponseWriter, code int, contentType string, b []byte) {
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(code)
	w.Write(b)
}

// page serves the table or seat page.
func (s *Server) page(w http.ResponseWriter, v referee.Viewer) {
	name := "pages/seat.html"
	if v == Table {
		name = "pages/table.html"
	}
	b, err := pages.ReadFile(name)
	if err != nil {
		httpError(w, http.StatusInternalServerError, "the page is missing from this build")
		return
	}
	writeBody(w, http.StatusOK, "text/html; charset=utf-8", b)
}

// goneHTML is the page for a browser that opens an unknown or old code
// (a game resumed with new codes, another game's, a mistyped one): a
// short page in words, not the pages' JSON error.
var goneHTML = []byte(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>rumref: code not valid</title>
<link rel="stylesheet" href="/assets/style.css">
</head>
<body>
<main class="seat"><section class="panel">
<h1>This code is no longer valid</h1>
<p>This code is no longer valid: ask the laptop for the new one.</p>
</section></main>
</body>
</html>
`)

// gonePage answers GET of an unknown token's page (404).
func gonePage(w http.ResponseWriter) {
	writeBody(w, http.StatusNotFound, "text/html; charset=utf-8", goneHTML)
}

// asset serves the pages' script and style sheet.
func (s *Server) asset(w http.ResponseWriter, name string) {
	types := map[string]string{"app.js": "text/javascript; charset=utf-8", "join.js": "text/javascript; charset=utf-8", "style.css": "text/css; charset=utf-8"}
	ct, ok := types[name]
	if !ok {
		httpError(w, http.StatusNotFound, "there is no such file")
		return
	}
	b, err := pages.ReadFile("pages/" + name)
	if err != nil {
		httpError(w, http.StatusNotFound, "there is no such file")
		return
	}
	writeBody(w, http.StatusOK, ct, b)
}

// rules searches the rules reference: GET U/rules?q=WORDS.
func (s *Server) rules(w http.ResponseWriter, r *http.Request) {
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	text := ""
	switch {
	case len(q) > 200:
		httpError(w, http.StatusUnprocessableEntity, "the search is too long: type a few words")
		return
	case s.hub.cfg.Rules == nil:
		text = "The rules reference is not available here."
	case q == "":
		text = "Type a few words to look up, for example: wrangle."
	default:
		text = strings.TrimRight(s.hub.cfg.Rules(q), "\n")
	}
	writeJSON(w, http.StatusOK, wire.Rules{Type: "rules", Query: q, Text: text})
}

// decodeBody reads a POST's JSON body into v (one of wire's request
// types): every field known, and the step present.
func decodeBody(body []byte, v any) bool {
	var step struct {
		Step *int `json:"step"`
	}
	if json.NewDecoder(bytes.NewReader(body)).Decode(&step) != nil || step.Step == nil {
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	return dec.Decode(v) == nil
}

// post hands an answer or command to the session and reports its fate.
func (s *Server) post(w http.ResponseWriter, r *http.Request, v referee.Viewer, what string) {
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		refuse(w, r, http.StatusUnsupportedMediaType, `send the body as JSON, with "Content-Type: application/json"`)
		return
	}
	if r.ContentLength > maxBody {
		refuse(w, r, http.StatusRequestEntityTooLarge, fmt.Sprintf("the request's body is over %d bytes", maxBody))
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		httpError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the request's body is over %d bytes", maxBody))
		return
	}
	if err != nil {
		httpError(w, http.StatusBadRequest, "the request's body did not arrive whole")
		return
	}
	bad := func() {
		httpError(w, http.StatusBadRequest, `send JSON such as {"step":3,"question":"pub.join","answer":"join"}`)
	}
	c := table.Command{From: table.Page(v)}
	switch what {
	case "answer":
		var p wire.Answer
		if !decodeBody(body, &p) {
			bad()
			return
		}
		c.Step, c.Kind, c.Text, c.Question = p.Step, table.Answer, strings.TrimSpace(p.Answer), p.Question
		if c.Question == "" {
			httpError(w, http.StatusBadRequest, `name the question answered: send JSON such as {"step":3,"question":"pub.join","answer":"join"}`)
			return
		}
		if c.Text == "" || len(c.Text) > 200 {
			httpError(w, http.StatusUnprocessableEntity, "send the key of one of the answers")
			return
		}
	case "undo":
		var p wire.Undo
		if !decodeBody(body, &p) {
			bad()
			return
		}
		c.Step, c.Kind = p.Step, table.Undo
	case "correct":
		var p wire.Correct
		if !decodeBody(body, &p) {
			bad()
			return
		}
		c.Step, c.Kind, c.N = p.Step, table.Correct, p.N
		value := strings.TrimSpace(p.Value)
		if p.N < 1 || len(value) > 200 || strings.ContainsAny(value, "\r\n") {
			httpError(w, http.StatusUnprocessableEntity, "send the answer's number n (as in the log) and the new value")
			return
		}
		c.Text = value
	case "confirm":
		var p wire.ConfirmReply
		if !decodeBody(body, &p) {
			bad()
			return
		}
		// No is "": a yes-or-no question's no, and a value request's
		// "keep it" (a value request takes any other text as the value).
		c.Step, c.Kind, c.ID, c.Text = p.Step, table.Respond, p.ID, ""
		if p.Yes {
			c.Text = "yes"
		}
		if v := strings.TrimSpace(p.Value); v != "" {
			c.Text = v
		}
	}
	code, reply := s.hub.submit(c)
	writeJSON(w, code, reply)
}

// clientAddr is the client's IP address.
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// openStream counts a stream for its client address and token, or says
// in words why it is refused (too many open already).
func (s *Server) openStream(addr string, v referee.Viewer) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.byViewer[v] >= streamsPerToken:
		return fmt.Sprintf("too many copies of this page are open (%d): close one, or wait a minute for a closed one to end", streamsPerToken)
	case s.byAddr[addr] >= streamsPerAddr:
		return fmt.Sprintf("too many pages are open from this device (%d): close one, or wait a minute for a closed one to end", streamsPerAddr)
	}
	s.byViewer[v]++
	s.byAddr[addr]++
	return ""
}

func (s *Server) closeStream(addr string, v referee.Viewer) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.byViewer[v]--; s.byViewer[v] == 0 {
		delete(s.byViewer, v)
	}
	if s.byAddr[addr]--; s.byAddr[addr] == 0 {
		delete(s.byAddr, addr)
	}
}

// events streams server-sent events to one viewer. It outlives the
// server's timeouts: net/http reads nothing more once the request is in
// (its context ends when the client closes the connection), and each
// write here gets writeTimeout of its own.
func (s *Server) events(w http.ResponseWriter, r *http.Request, v referee.Viewer) {
	addr := clientAddr(r)
	if msg := s.openStream(addr, v); msg != "" {
		httpError(w, http.StatusTooManyRequests, msg)
		return
	}
	defer s.closeStream(addr, v)
	c, first, ok := s.hub.subscribe(v, r.Header.Get("Last-Event-ID"), deviceKey(r), deviceOf(r.UserAgent()))
	if !ok {
		httpError(w, http.StatusGone, "the game has ended or stopped")
		return
	}
	defer s.hub.unsubscribe(v, c)
	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	var last int64
	send := func(m message) error {
		if m.id <= last {
			return nil
		}
		last = m.id
		_, err := fmt.Fprintf(w, "id: %s\ndata: %s\n\n", s.hub.eventID(m.id), m.data)
		return err
	}
	// deadline starts a write: it must be done within writeTimeout.
	deadline := func() { rc.SetWriteDeadline(time.Now().Add(writeTimeout)) }
	deadline()
	fmt.Fprint(w, "retry: 1000\n\n")
	for _, m := range first {
		if send(m) != nil {
			return
		}
	}
	if rc.Flush() != nil {
		return
	}
	tick := time.NewTicker(KeepAlive)
	defer tick.Stop()
	for {
		select {
		case m := <-c.ch:
			deadline()
			if send(m) != nil {
				return
			}
			// Send what else is waiting in one write.
			for more := true; more; {
				select {
				case m := <-c.ch:
					if send(m) != nil {
						return
					}
				default:
					more = false
				}
			}
		case <-c.resync:
			for drained := false; !drained; {
				select {
				case <-c.ch:
				default:
					drained = true
				}
			}
			deadline()
			if send(s.hub.resyncMessage(v)) != nil {
				return
			}
		case <-tick.C:
			deadline()
			if _, err := fmt.Fprint(w, ": keep-alive\n\n"); err != nil {
				return
			}
		case <-r.Context().Done():
			return
		case <-s.hub.done:
			deadline()
			for more := true; more; {
				select {
				case m := <-c.ch:
					send(m)
				default:
					more = false
				}
			}
			rc.Flush()
			return
		}
		if rc.Flush() != nil {
			return
		}
	}
}
