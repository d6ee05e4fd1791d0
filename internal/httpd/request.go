package httpd

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"net/url"
	"strconv"
	"strings"
)

// Request is one parsed request. Its body is read through Body, which
// ends after Content-Length bytes.
type Request struct {
	// Method is the request's method as sent (GET, POST, ...).
	Method string
	// Target is the request-target as sent: an origin form
	// ("/path?query") or an absolute form ("http://host/path").
	Target string
	// URL is Target parsed by net/url.
	URL *url.URL
	// Minor is the minor version of the request's HTTP/1.x: 0 or 1.
	Minor int
	// Host is the Host header, or the host of an absolute-form target.
	Host string
	// Header holds the header fields in the order received.
	Header Header
	// ContentLength is the body's length (0 without Content-Length).
	ContentLength int64
	// Body reads the body (empty when ContentLength is 0).
	Body io.Reader
	// RemoteAddr is the client's address.
	RemoteAddr string

	// expect is set when the client waits for "100 Continue" before it
	// sends the body; close when the connection ends after the reply.
	expect bool
	close  bool
	ctx    context.Context
}

// Context is cancelled when the client goes away (its side of the
// connection is closed), when the reply is finished, or when the server
// closes the connection.
func (r *Request) Context() context.Context {
	if r.ctx == nil {
		return context.Background()
	}
	return r.ctx
}

// Field is one header field.
type Field struct {
	Name, Value string
}

// Header is a list of header fields; names compare without regard to
// case.
type Header []Field

// Get is the value of the first field called name, or "".
func (h Header) Get(name string) string {
	for _, f := range h {
		if strings.EqualFold(f.Name, name) {
			return f.Value
		}
	}
	return ""
}

// count is how many fields are called name.
func (h Header) count(name string) int {
	n := 0
	for _, f := range h {
		if strings.EqualFold(f.Name, name) {
			n++
		}
	}
	return n
}

// Set replaces every field called name with one holding value. A CR or
// LF in value becomes a space, so a value cannot add a field.
func (h *Header) Set(name, value string) {
	h.Del(name)
	*h = append(*h, Field{name, strings.Map(func(r rune) rune {
		if r == '\r' || r == '\n' {
			return ' '
		}
		return r
	}, value)})
}

// Del removes every field called name.
func (h *Header) Del(name string) {
	out := (*h)[:0]
	for _, f := range *h {
		if !strings.EqualFold(f.Name, name) {
			out = append(out, f)
		}
	}
	*h = out
}

// limits bound what a request may hold.
type limits struct {
	requestLine int   // bytes of the request line, without CR LF
	headerBytes int   // bytes of the request line and header lines, with CR LF
	headers     int   // header fields
	body        int64 // Content-Length
}

// Error is a request refused with a status code and a reason for people.
type Error struct {
	Code int
	Msg  string
}

func (e *Error) Error() string { return strconv.Itoa(e.Code) + " " + e.Msg }

func refuse(code int, msg string) *Error { return &Error{code, msg} }

// errTooLong marks a line longer than it may be; the caller says which.
var errTooLong = errors.New("line too long")

// readLine reads one line ending in CR LF, of at most max bytes
// before the CR LF, and returns it without the CR LF. A bare LF or CR
// is refused. The line is copied out of br's buffer.
func readLine(br *bufio.Reader, max int) (string, error) {
	b, err := br.ReadSlice('\n')
	if err == bufio.ErrBufferFull || len(b) > max+2 {
		return "", errTooLong
	}
	if err != nil {
		if err == io.EOF && len(b) > 0 {
			err = io.ErrUnexpectedEOF
		}
		return "", err
	}
	if len(b) < 2 || b[len(b)-2] != '\r' {
		return "", refuse(StatusBadRequest, "each line of a request must end in CR LF")
	}
	b = b[:len(b)-2]
	if bytes.IndexByte(b, '\r') >= 0 {
		return "", refuse(StatusBadRequest, "a request may not hold a CR outside a line's end")
	}
	return string(b), nil
}

// readRequest reads a request's line and header fields from br and checks
// them against lim. It returns io.EOF when the connection ended before a
// request began, an *Error for a request to refuse, or the read error.
// The body is left in br.
func readRequest(br *bufio.Reader, lim limits) (*Request, error) {
	if b, err := br.Peek(1); err == nil && b[0] == 0x16 {
		// A TLS handshake record: a browser told https:// for an
		// http:// address.
		return nil, refuse(StatusBadRequest, "this server speaks plain HTTP: open the http:// address, not https://")
	}
	budget := lim.headerBytes
	var line string
	for {
		l, err := readLine(br, min(lim.requestLine, budget-2))
		if err == errTooLong {
			if lim.requestLine < budget-2 {
				return nil, refuse(StatusURITooLong, "the request line is too long: at most "+strconv.Itoa(lim.requestLine)+" bytes")
			}
			return nil, headerTooLarge(lim)
		}
		if err != nil {
			return nil, err
		}
		budget -= len(l) + 2
		if l != "" {
			line = l
			break
		}
		// Empty lines before a request line are skipped (RFC 9112 2.2).
	}
	r, err := parseRequestLine(line)
	if err != nil {
		return nil, err
	}
	for {
		if budget < 2 {
			return nil, headerTooLarge(lim)
		}
		l, err := readLine(br, budget-2)
		if err == errTooLong {
			return nil, headerTooLarge(lim)
		}
		if err != nil {
			return nil, err
		}
		budget -= len(l) + 2
		if l == "" {
			break
		}
		if len(r.Header) == lim.headers {
			return nil, refuse(StatusHeaderTooLarge, "the request has too many header fields: at most "+strconv.Itoa(lim.headers))
		}
		f, err := parseField(l)
		if err != nil {
			return nil, err
		}
		r.Header = append(r.Header, f)
	}
	return r, r.checkFields(lim)
}

// headerTooLarge refuses a request line and header fields longer than
// lim allows.
func headerTooLarge(lim limits) *Error {
	return refuse(StatusHeaderTooLarge, "the request's header is too large: at most "+strconv.Itoa(lim.headerBytes)+" bytes")
}

// parseRequestLine reads "METHOD TARGET HTTP/1.x".
func parseRequestLine(line string) (*Request, error) {
	method, rest, ok1 := strings.Cut(line, " ")
	target, proto, ok2 := strings.Cut(rest, " ")
	if !ok1 || !ok2 || !isToken(method) || target == "" || strings.Contains(proto, " ") {
		return nil, refuse(StatusBadRequest, "the request line must be METHOD TARGET HTTP/1.1, separated by single spaces")
	}
	if method == "PRI" && target == "*" && proto == "HTTP/2.0" {
		return nil, refuse(StatusHTTPVersionNotSupported, "this server speaks HTTP/1.1 only, not HTTP/2")
	}
	r := &Request{Method: method, Target: target}
	switch proto {
	case "HTTP/1.1":
		r.Minor = 1
	case "HTTP/1.0":
	default:
		if len(proto) == 8 && strings.HasPrefix(proto, "HTTP/") && isDigit(proto[5]) && proto[6] == '.' && isDigit(proto[7]) {
			return nil, refuse(StatusHTTPVersionNotSupported, "this server speaks HTTP/1.0 and HTTP/1.1 only")
		}
		return nil, refuse(StatusBadRequest, "the request line must end in HTTP/1.1 or HTTP/1.0")
	}
	for i := 0; i < len(target); i++ {
		if c := target[i]; c <= ' ' || c >= 0x7f {
			return nil, refuse(StatusBadRequest, "the request target holds a character that must be percent-encoded")
		}
	}
	if target[0] != '/' && !hasHTTPScheme(target) {
		return nil, refuse(StatusBadRequest, "the request target must be a path such as /page or an http:// URL")
	}
	u, err := url.ParseRequestURI(target)
	if err != nil {
		return nil, refuse(StatusBadRequest, "the request target is not a valid URL path")
	}
	if target[0] != '/' && u.Host == "" {
		return nil, refuse(StatusBadRequest, "an http:// request target must name a host")
	}
	r.URL = u
	return r, nil
}

func hasHTTPScheme(s string) bool {
	return len(s) >= 7 && strings.EqualFold(s[:7], "http://")
}

// parseField reads "Name: value": no space before the colon, no folded
// lines, no control characters but tabs in the value.
func parseField(l string) (Field, error) {
	name, value, ok := strings.Cut(l, ":")
	if !ok || !isToken(name) {
		return Field{}, refuse(StatusBadRequest, "a header line must be Name: value, the name without spaces (folded lines are refused)")
	}
	for i := 0; i < len(value); i++ {
		if c := value[i]; (c < ' ' && c != '\t') || c == 0x7f {
			return Field{}, refuse(StatusBadRequest, "the header field "+name+" holds a control character")
		}
	}
	return Field{name, strings.Trim(value, " \t")}, nil
}

// checkFields reads the fields that frame the request: Host,
// Content-Length, Transfer-Encoding, Expect and Connection.
func (r *Request) checkFields(lim limits) error {
	h := r.Header
	switch n := h.count("Host"); {
	case n > 1:
		return refuse(StatusBadRequest, "a request must have one Host header, not several")
	case n == 0 && r.Minor == 1:
		return refuse(StatusBadRequest, "an HTTP/1.1 request must have a Host header")
	}
	r.Host = h.Get("Host")
	if !validHost(r.Host) {
		return refuse(StatusBadRequest, "the Host header is not a host name or address")
	}
	if r.URL.Host != "" {
		r.Host = r.URL.Host
	}
	if h.count("Transfer-Encoding") > 0 {
		if strings.EqualFold(h.Get("Transfer-Encoding"), "chunked") && h.count("Transfer-Encoding") == 1 {
			return refuse(StatusLengthRequired, "send the request body with a Content-Length, not chunked")
		}
		return refuse(StatusNotImplemented, "request bodies with a Transfer-Encoding are not accepted: send a Content-Length")
	}
	switch h.count("Content-Length") {
	case 0:
	case 1:
		v := h.Get("Content-Length")
		if v == "" || len(v) > 18 || strings.Trim(v, "0123456789") != "" {
			return refuse(StatusBadRequest, "Content-Length must be a number of bytes")
		}
		n, _ := strconv.ParseInt(v, 10, 64)
		if n > lim.body {
			return refuse(StatusRequestEntityTooLarge, "the request is too large: at most "+strconv.FormatInt(lim.body, 10)+" bytes")
		}
		r.ContentLength = n
	default:
		return refuse(StatusBadRequest, "a request must have at most one Content-Length")
	}
	if h.count("Expect") > 0 && r.Minor == 1 {
		if h.count("Expect") > 1 || !strings.EqualFold(h.Get("Expect"), "100-continue") {
			return refuse(StatusExpectationFailed, "the only expectation served is 100-continue")
		}
		r.expect = r.ContentLength > 0
	}
	// The connection closes after the reply when the client says close,
	// or speaks HTTP/1.0 without asking for keep-alive.
	var closeAsked, keepAsked bool
	for _, f := range h {
		if !strings.EqualFold(f.Name, "Connection") {
			continue
		}
		for _, opt := range strings.Split(f.Value, ",") {
			opt = strings.TrimSpace(opt)
			closeAsked = closeAsked || strings.EqualFold(opt, "close")
			keepAsked = keepAsked || strings.EqualFold(opt, "keep-alive")
		}
	}
	r.close = closeAsked || r.Minor == 0 && !keepAsked
	return nil
}

// validHost reports whether h may be a Host header: empty (HTTP/1.0), or
// the characters of a host name, an IPv4 or bracketed IPv6 address and a
// port.
func validHost(h string) bool {
	for i := 0; i < len(h); i++ {
		c := h[i]
		if !(isAlnum(c) || strings.IndexByte("-._~!$&'()*+,;=:[]%", c) >= 0) {
			return false
		}
	}
	return true
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isAlnum(c byte) bool {
	return isDigit(c) || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z')
}

// isToken reports whether s is an RFC 9110 token (a method or a field
// name).
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isAlnum(c) && strings.IndexByte("!#$%&'*+-.^_`|~", c) < 0 {
			return false
		}
	}
	return true
}
