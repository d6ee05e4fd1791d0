package web

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/subtle"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"

	"rumref/internal/httpd"
	"rumref/prompts"
	"rumref/referee"
	"rumref/wire"
)

//go:embed pages
var pages embed.FS

// maxBody caps a request body.
const maxBody = 4 << 10

// KeepAlive is how often an idle event stream gets a comment line.
var KeepAlive = 15 * time.Second

// waitSession is how long a request waits for the session to take it.
var waitSession = 30 * time.Second

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
	return base32Lower(b)
}

// base32Lower writes b in lower-case base32 without padding: what
// encoding/base32's StdEncoding writes, lower-cased (a test compares
// them), without linking encoding/base32, whose tables were built at
// every start of rumref.
func base32Lower(b []byte) string {
	const alphabet = "abcdefghijklmnopqrstuvwxyz234567"
	out := make([]byte, 0, (len(b)*8+4)/5)
	var acc uint
	bits := 0
	for _, c := range b {
		acc = acc<<8 | uint(c)
		bits += 8
		for bits >= 5 {
			bits -= 5
			out = append(out, alphabet[acc>>uint(bits)&31])
		}
	}
	if bits > 0 {
		out = append(out, alphabet[acc<<uint(5-bits)&31])
	}
	return string(out)
}

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
// of docs/protocol.md, and stops with the game. It runs on rumref's own
// small HTTP/1.1 server (internal/httpd), not net/http, whose package
// initialisation every start of rumref paid for.
type Server struct {
	hub    *Hub
	tokens Tokens
	ln     net.Listener
	srv    *httpd.Server
	base   []string // http://HOST:PORT for each address to show
}

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
	s := &Server{hub: hub, tokens: tokens, ln: ln}
	s.base = baseURLs(host, ln.Addr().(*net.TCPAddr).Port)
	// httpd's default timeouts and header limits are the pages'; only
	// the body is smaller.
	s.srv = &httpd.Server{Handler: s.serve, Refuse: refuse, MaxBody: maxBody}
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

// Serve serves until Close; run it in its own goroutine.
func (s *Server) Serve() error {
	err := s.srv.Serve(s.ln)
	if errors.Is(err, httpd.ErrServerClosed) {
		return nil
	}
	return err
}

// Close stops the hub (every stream gets its last messages and ends) and
// the server.
func (s *Server) Close() {
	s.hub.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	s.srv.Shutdown(ctx)
}

// Base is the first address the pages are reached at.
func (s *Server) Base() string { return s.base[0] }

// Bases are all the addresses (LAN first, loopback last for a wildcard).
func (s *Server) Bases() []string { return s.base }

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
func secure(h *httpd.Header) {
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
}

// refuse answers a request the HTTP server refused before serve saw it
// (malformed, too large, too slow): the usual error object.
func refuse(w *httpd.Response, code int, msg string) {
	secure(w.Header())
	httpError(w, code, msg)
}

// serve is the HTTP handler: GET and POST only, every path under a
// token, unknown tokens 404.
func (s *Server) serve(w *httpd.Response, r *httpd.Request) {
	h := w.Header()
	secure(h)
	if r.Method != "GET" && r.Method != "POST" {
		h.Set("Allow", "GET, POST")
		httpError(w, httpd.StatusMethodNotAllowed, "only GET and POST are served")
		return
	}
	if o := r.Header.Get("Origin"); o != "" && r.Method == "POST" {
		if u, err := url.Parse(o); err != nil || u.Host != r.Host {
			httpError(w, httpd.StatusForbidden, "requests from other sites are refused")
			return
		}
	}
	path := strings.TrimPrefix(r.URL.Path, "/")
	tok, rest, _ := strings.Cut(path, "/")
	if tok == "assets" && r.Method == "GET" {
		s.asset(w, rest)
		return
	}
	v, ok := s.tokens.viewerOf(tok)
	if !ok {
		httpError(w, httpd.StatusNotFound, "there is no such page: scan the QR code again or ask for the URL")
		return
	}
	route := r.Method + " " + rest
	switch route {
	case "GET ":
		s.page(w, v)
	case "GET state":
		writeJSON(w, httpd.StatusOK, s.hub.State(v))
	case "GET events":
		s.events(w, r, v)
	case "GET help":
		writeJSON(w, httpd.StatusOK, s.hub.Help(v))
	case "GET rules":
		s.rules(w, r)
	case "GET board.svg":
		if len(s.hub.cfg.Board) == 0 {
			httpError(w, httpd.StatusNotFound, "this game has no board picture")
			return
		}
		h.Set("Content-Type", "image/svg+xml")
		w.Write(s.hub.cfg.Board)
	case "GET join":
		if v != Table {
			httpError(w, httpd.StatusNotFound, "there is no such page")
			return
		}
		s.join(w)
	case "POST answer", "POST undo", "POST correct", "POST confirm":
		s.post(w, r, v, rest)
	default:
		httpError(w, httpd.StatusNotFound, "there is no such page")
	}
}

func httpError(w *httpd.Response, code int, msg string) {
	writeJSON(w, code, wire.Reply{OK: false, Error: msg})
}

func writeJSON(w *httpd.Response, code int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(code)
	b := mustJSON(v)
	w.Write(append(b, '\n'))
}

// page serves the table or seat page.
func (s *Server) page(w *httpd.Response, v referee.Viewer) {
	name := "pages/seat.html"
	if v == Table {
		name = "pages/table.html"
	}
	b, err := pages.ReadFile(name)
	if err != nil {
		httpError(w, httpd.StatusInternalServerError, "the page is missing from this build")
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(b)
}

// asset serves the pages' script and style sheet.
func (s *Server) asset(w *httpd.Response, name string) {
	types := map[string]string{"app.js": "text/javascript; charset=utf-8", "style.css": "text/css; charset=utf-8"}
	ct, ok := types[name]
	if !ok {
		httpError(w, httpd.StatusNotFound, "there is no such file")
		return
	}
	b, err := pages.ReadFile("pages/" + name)
	if err != nil {
		httpError(w, httpd.StatusNotFound, "there is no such file")
		return
	}
	w.Header().Set("Content-Type", ct)
	w.Write(b)
}

// join lists the seat URLs with their QR codes, for the table page.
func (s *Server) join(w *httpd.Response) {
	conn := s.hub.connected()
	out := wire.Join{Seats: []wire.JoinSeat{}}
	for i, n := range s.hub.cfg.Names {
		out.Seats = append(out.Seats, wire.JoinSeat{Seat: i, Name: n, URL: s.SeatURL(i), QR: QRSVG(s.SeatURL(i)), Connected: conn[i+1]})
	}
	writeJSON(w, httpd.StatusOK, out)
}

// rules searches the rules reference: GET U/rules?q=WORDS.
func (s *Server) rules(w *httpd.Response, r *httpd.Request) {
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	text := ""
	switch {
	case len(q) > 200:
		httpError(w, httpd.StatusUnprocessableEntity, "the search is too long: type a few words")
		return
	case s.hub.cfg.Rules == nil:
		text = "The rules reference is not available here."
	case q == "":
		text = "Type a few words to look up, for example: wrangle."
	default:
		text = strings.TrimRight(s.hub.cfg.Rules(q), "\n")
	}
	writeJSON(w, httpd.StatusOK, wire.Rules{Type: "rules", Query: q, Text: text})
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
func (s *Server) post(w *httpd.Response, r *httpd.Request, v referee.Viewer, what string) {
	// The server refused a Content-Length over maxBody (413).
	body, err := io.ReadAll(r.Body)
	if err != nil {
		httpError(w, httpd.StatusBadRequest, "the request's body did not arrive whole")
		return
	}
	bad := func() { httpError(w, httpd.StatusBadRequest, `send JSON such as {"step":3,"answer":"join"}`) }
	in := prompts.RemoteInput{Viewer: v}
	switch what {
	case "answer":
		var p wire.Answer
		if !decodeBody(body, &p) {
			bad()
			return
		}
		in.Step, in.Kind, in.Text, in.Question = p.Step, prompts.RemoteAnswer, strings.TrimSpace(p.Answer), p.Question
		if in.Text == "" || len(in.Text) > 200 {
			httpError(w, httpd.StatusUnprocessableEntity, "send the key of one of the answers")
			return
		}
	case "undo":
		var p wire.Undo
		if !decodeBody(body, &p) {
			bad()
			return
		}
		in.Step, in.Kind = p.Step, prompts.RemoteUndo
	case "correct":
		var p wire.Correct
		if !decodeBody(body, &p) {
			bad()
			return
		}
		in.Step, in.Kind = p.Step, prompts.RemoteCorrect
		value := strings.TrimSpace(p.Value)
		if p.N < 1 || value == "" || len(value) > 200 || strings.ContainsAny(value, "\r\n") {
			httpError(w, httpd.StatusUnprocessableEntity, "send the answer's number n (as in the log) and the new value")
			return
		}
		in.Text = fmt.Sprintf("%d %s", p.N, value)
	case "confirm":
		var p wire.ConfirmReply
		if !decodeBody(body, &p) {
			bad()
			return
		}
		in.Step, in.Kind, in.ID, in.Text = p.Step, prompts.RemoteConfirm, p.ID, "no"
		if p.Yes {
			in.Text = "yes"
		}
	}
	code, reply := s.hub.submit(r.Context(), in)
	if code == httpd.StatusOK {
		writeJSON(w, code, wire.Reply{OK: true, Queued: reply != ""})
		return
	}
	httpError(w, code, reply)
}

// events streams server-sent events to one viewer.
func (s *Server) events(w *httpd.Response, r *httpd.Request, v referee.Viewer) {
	c, first, ok := s.hub.subscribe(v, r.Header.Get("Last-Event-ID"))
	if !ok {
		httpError(w, httpd.StatusGone, "the game has ended or stopped")
		return
	}
	defer s.hub.unsubscribe(v, c)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(httpd.StatusOK)
	var last int64
	send := func(m message) error {
		if m.id <= last {
			return nil
		}
		last = m.id
		_, err := fmt.Fprintf(w, "id: %s\ndata: %s\n\n", s.hub.eventID(m.id), m.data)
		return err
	}
	fmt.Fprint(w, "retry: 1000\n\n")
	for _, m := range first {
		if send(m) != nil {
			return
		}
	}
	w.Flush()
	tick := time.NewTicker(KeepAlive)
	defer tick.Stop()
	for {
		select {
		case m := <-c.ch:
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
			w.Flush()
		case <-c.resync:
			for drained := false; !drained; {
				select {
				case <-c.ch:
				default:
					drained = true
				}
			}
			if send(s.hub.resyncMessage(v)) != nil {
				return
			}
			w.Flush()
		case <-tick.C:
			if _, err := fmt.Fprint(w, ": keep-alive\n\n"); err != nil {
				return
			}
			w.Flush()
		case <-r.Context().Done():
			return
		case <-s.hub.done:
			for more := true; more; {
				select {
				case m := <-c.ch:
					send(m)
				default:
					more = false
				}
			}
			w.Flush()
			return
		}
	}
}
