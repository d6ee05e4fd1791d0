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
	"html/template"
	"io"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"rumref/locale"
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

// CheckAddr refuses, in l's words, a --web address that cannot be
// listened at, without listening: not HOST:PORT, a port outside 0 to
// 65535, a host that is neither an IP address, localhost nor a host
// name (999.1.1.1, a name with spaces). A new game checks it before its
// first setup question.
func CheckAddr(l locale.Lang, addr string) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return errors.New(l.Sprintf("web.listen.addr", addr))
	}
	if _, err := strconv.ParseUint(port, 10, 16); err != nil {
		return errors.New(l.Sprintf("web.listen.port", addr))
	}
	if host == "" || strings.EqualFold(host, "localhost") || net.ParseIP(host) != nil || hostName(host) {
		return nil
	}
	return errors.New(l.Sprintf("web.listen.host", addr))
}

// hostName reports whether host is written as a host name (labels of
// letters, digits and hyphens, the last one not all digits): 999.1.1.1
// is a wrong IP address, not a name.
func hostName(host string) bool {
	labels := strings.Split(strings.TrimSuffix(host, "."), ".")
	for _, label := range labels {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for _, r := range label {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-') {
				return false
			}
		}
	}
	last := labels[len(labels)-1]
	return strings.Trim(last, "0123456789") != ""
}

// Listen opens the listening socket for addr (HOST:PORT; port 0 picks a
// free port; an empty host means loopback).
func Listen(addr string, hub *Hub, tokens Tokens) (*Server, error) {
	l := hub.cfg.Lang
	if err := CheckAddr(l, addr); err != nil {
		return nil, err
	}
	host, port, _ := net.SplitHostPort(addr)
	if host == "" || strings.EqualFold(host, "localhost") {
		host = "127.0.0.1"
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(host, port))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", l.Sprintf("web.listen.fail", addr), err)
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
		refuse(w, r, http.StatusMethodNotAllowed, "web.refused.method")
		return
	}
	if r.Host != "" && !s.hosts[strings.ToLower(r.Host)] { // (HTTP/1.0 may send none)
		refuse(w, r, http.StatusMisdirectedRequest, "web.refused.host")
		return
	}
	if o := r.Header.Get("Origin"); o != "" && r.Method == "POST" {
		if u, err := url.Parse(o); err != nil || u.Host != r.Host {
			refuse(w, r, http.StatusForbidden, "web.refused.origin")
			return
		}
	}
	path := strings.TrimPrefix(r.URL.Path, "/")
	tok, rest, _ := strings.Cut(path, "/")
	if tok == "assets" && r.Method == "GET" {
		s.asset(w, r, rest)
		return
	}
	if subtle.ConstantTimeCompare([]byte(tok), []byte(s.join)) == 1 {
		s.joinRoute(w, r, rest)
		return
	}
	v, ok := s.tokens.viewerOf(tok)
	if !ok {
		if r.Method == "GET" && rest == "" {
			s.template(w, r, http.StatusNotFound, "gone.html")
			return
		}
		refuse(w, r, http.StatusNotFound, "web.refused.token")
		return
	}
	s.route(w, r, v, rest)
}

// route serves the page of viewer v and what is under it (rest).
func (s *Server) route(w http.ResponseWriter, r *http.Request, v referee.Viewer, rest string) {
	switch r.Method + " " + rest {
	case "GET ":
		s.page(w, r, v)
	case "GET state":
		writeJSON(w, http.StatusOK, s.hub.State(v, langOf(r)))
	case "GET events":
		s.events(w, r, v)
	case "GET help":
		writeJSON(w, http.StatusOK, s.hub.Help(v, langOf(r)))
	case "GET rules":
		s.rules(w, r)
	case "GET board.svg":
		if s.hub.cfg.Board == nil {
			httpError(w, r, http.StatusNotFound, "web.refused.board")
			return
		}
		writeBody(w, http.StatusOK, "image/svg+xml", s.hub.cfg.Board(langOf(r)))
	case "GET join":
		if v != Table {
			httpError(w, r, http.StatusNotFound, "web.refused.page")
			return
		}
		s.joinCode(w)
	case "POST answer", "POST undo", "POST correct", "POST confirm":
		s.post(w, r, v, rest)
	default:
		refuse(w, r, http.StatusNotFound, "web.refused.page")
	}
}

// langOf is the language of a page's request: the one its ?lang= names
// (the choice made on the page, which it sends with every request), else
// the browser's (Accept-Language).
func langOf(r *http.Request) locale.Lang {
	if l, err := locale.Parse(r.URL.Query().Get("lang")); err == nil {
		return l
	}
	return locale.FromAcceptLanguage(r.Header.Get("Accept-Language"))
}

// refuse answers a request with an error without reading its body.
// net/http reads what is left of a body after the reply, to keep the
// connection; a client that sends a body it never finishes is given
// discardTimeout for it, not readTimeout.
func refuse(w http.ResponseWriter, r *http.Request, code int, key string, args ...any) {
	if r.ContentLength != 0 {
		http.NewResponseController(w).SetReadDeadline(time.Now().Add(discardTimeout))
	}
	httpError(w, r, code, key, args...)
}

// httpError answers with the error of catalog key in the request's
// language.
func httpError(w http.ResponseWriter, r *http.Request, code int, key string, args ...any) {
	writeJSON(w, code, wire.Reply{OK: false, Error: langOf(r).Sprintf(key, args...)})
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
func (s *Server) page(w http.ResponseWriter, r *http.Request, v referee.Viewer) {
	name := "seat.html"
	if v == Table {
		name = "table.html"
	}
	s.template(w, r, http.StatusOK, name)
}

// templates are the pages (pages/*.html): each is written in the
// request's language, its words from the catalog (pageData.T).
//
// They are parsed at the first page served, not when rumref starts:
// parsing them took about 0.4 ms of every command's start-up (measured
// 2026-12-02).
var templates = sync.OnceValue(func() *template.Template { return template.Must(template.ParseFS(pages, "pages/*.html")) })

// pageData is what a page's template is given: its language, the
// languages to choose from, and its script's messages.
type pageData struct {
	L     locale.Lang
	Langs []locale.Lang
	// Messages are the catalog's web.page.* messages in L, as JSON, for
	// the script's t (app.js); Check says the catalog check is on.
	Messages string
	Check    bool
}

// T is catalog message key in the page's language.
func (p pageData) T(key string, args ...any) string { return p.L.Sprintf(key, args...) }

// template writes the page name (a file of pages/) in the request's
// language, such as the page for a browser that opens an unknown or old
// code (gone.html: a game resumed with new codes, another game's, a
// mistyped one), a short page in words, not the pages' JSON error.
func (s *Server) template(w http.ResponseWriter, r *http.Request, code int, name string) {
	l := langOf(r)
	var b bytes.Buffer
	if err := templates().ExecuteTemplate(&b, name, pageData{L: l, Langs: locale.All, Messages: string(pageMessages(l)), Check: locale.Checking}); err != nil {
		httpError(w, r, http.StatusInternalServerError, "web.refused.build")
		return
	}
	writeBody(w, code, "text/html; charset=utf-8", b.Bytes())
}

// pageMessages are the pages' own messages (keys web.page.*) in l for
// the script: a text, or a plural's forms by CLDR category, which the
// script picks with Intl.PluralRules. A message l lacks is given in
// English, but not under the catalog check: the script then shows it
// missing, as the catalog does.
func pageMessages(l locale.Lang) []byte {
	out := map[string]any{}
	locale.English.Has("web.page.")
	l.Has("web.page.")
	for _, k := range locale.Keys(locale.English) {
		if !strings.HasPrefix(k, "web.page.") {
			continue
		}
		from := l
		if !l.Has(k) {
			if locale.Checking {
				continue
			}
			from = locale.English
		}
		if f := locale.Forms(from, k); f != nil {
			out[k] = f
		} else {
			out[k], _ = locale.Raw(from, k)
		}
	}
	return mustJSON(out)
}

// asset serves the pages' script and style sheet.
func (s *Server) asset(w http.ResponseWriter, r *http.Request, name string) {
	types := map[string]string{"app.js": "text/javascript; charset=utf-8", "join.js": "text/javascript; charset=utf-8", "style.css": "text/css; charset=utf-8"}
	ct, ok := types[name]
	if !ok {
		httpError(w, r, http.StatusNotFound, "web.refused.file")
		return
	}
	b, err := pages.ReadFile("pages/" + name)
	if err != nil {
		httpError(w, r, http.StatusNotFound, "web.refused.file")
		return
	}
	writeBody(w, http.StatusOK, ct, b)
}

// rules searches the rules reference: GET U/rules?q=WORDS.
func (s *Server) rules(w http.ResponseWriter, r *http.Request) {
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	l := langOf(r)
	text := ""
	switch {
	case len(q) > 200:
		httpError(w, r, http.StatusUnprocessableEntity, "web.rules.long")
		return
	case s.hub.cfg.Rules == nil:
		text = l.Sprintf("web.rules.none")
	case q == "":
		text = l.Sprintf("web.rules.empty")
	default:
		text = strings.TrimRight(s.hub.cfg.Rules(l, q), "\n")
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
		refuse(w, r, http.StatusUnsupportedMediaType, "web.refused.json")
		return
	}
	if r.ContentLength > maxBody {
		refuse(w, r, http.StatusRequestEntityTooLarge, "web.refused.large", maxBody)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		httpError(w, r, http.StatusRequestEntityTooLarge, "web.refused.large", maxBody)
		return
	}
	if err != nil {
		httpError(w, r, http.StatusBadRequest, "web.refused.partial")
		return
	}
	c, code, refusal := command(what, body)
	if refusal != "" {
		httpError(w, r, code, refusal)
		return
	}
	c.From, c.Lang = table.Page(v), langOf(r)
	code, reply := s.hub.submit(c)
	writeJSON(w, code, reply)
}

// command reads a POST's body as the command what (answer, undo,
// correct, confirm), or names why it is refused: a catalog key and the
// status.
func command(what string, body []byte) (c table.Command, code int, refusal string) {
	var (
		a wire.Answer
		u wire.Undo
		k wire.Correct
		y wire.ConfirmReply
	)
	if !decodeBody(body, map[string]any{"answer": &a, "undo": &u, "correct": &k, "confirm": &y}[what]) {
		return c, http.StatusBadRequest, "web.refused.shape"
	}
	switch what {
	case "answer":
		c = table.Command{Kind: table.Answer, Step: a.Step, Question: a.Question, Text: strings.TrimSpace(a.Answer)}
		if c.Question == "" {
			return c, http.StatusBadRequest, "web.refused.question"
		}
		if c.Text == "" || len(c.Text) > 200 {
			return c, http.StatusUnprocessableEntity, "web.refused.answer"
		}
	case "undo":
		c = table.Command{Kind: table.Undo, Step: u.Step}
	case "correct":
		c = table.Command{Kind: table.Correct, Step: k.Step, N: k.N, Text: strings.TrimSpace(k.Value)}
		if k.N < 1 || len(c.Text) > 200 || strings.ContainsAny(c.Text, "\r\n") {
			return c, http.StatusUnprocessableEntity, "web.refused.correct"
		}
	case "confirm":
		// No is "": a yes-or-no question's no, and a value request's
		// "keep it" (a value request takes any other text as the value).
		c = table.Command{Kind: table.Respond, Step: y.Step, ID: y.ID, Text: strings.TrimSpace(y.Value)}
		if c.Text == "" && y.Yes {
			c.Text = "yes"
		}
	}
	return c, 0, ""
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
func (s *Server) openStream(addr string, v referee.Viewer, l locale.Lang) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.byViewer[v] >= streamsPerToken:
		return l.Sprintf("web.refused.copies", streamsPerToken)
	case s.byAddr[addr] >= streamsPerAddr:
		return l.Sprintf("web.refused.devices", streamsPerAddr)
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
	addr, l := clientAddr(r), langOf(r)
	if msg := s.openStream(addr, v, l); msg != "" {
		writeJSON(w, http.StatusTooManyRequests, wire.Reply{Error: msg})
		return
	}
	defer s.closeStream(addr, v)
	c, first, ok := s.hub.subscribe(v, l, r.Header.Get("Last-Event-ID"), deviceKey(r), deviceOf(r.UserAgent()))
	if !ok {
		httpError(w, r, http.StatusGone, "web.refused.ended")
		return
	}
	defer s.hub.unsubscribe(v, l, c)
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
			if send(s.hub.resyncMessage(v, l)) != nil {
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
