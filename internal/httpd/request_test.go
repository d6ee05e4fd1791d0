package httpd

import (
	"bufio"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"
)

var testLimits = limits{requestLine: 200, headerBytes: 1024, headers: 8, body: 4096}

func parse(s string) (*Request, *bufio.Reader, error) {
	r, br, _, err := parseCounting(s)
	return r, br, err
}

// parseCounting also says how many bytes of s the parser took.
func parseCounting(s string) (*Request, *bufio.Reader, int, error) {
	src := strings.NewReader(s)
	br := bufio.NewReaderSize(src, max(testLimits.headerBytes, testLimits.requestLine+2))
	r, err := readRequest(br, testLimits)
	return r, br, len(s) - src.Len() - br.Buffered(), err
}

func codeOf(err error) int {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return 0
}

// TestMalformedRequests: every request that is refused gets its code,
// and the ones that are taken are read as meant.
func TestMalformedRequests(t *testing.T) {
	long := strings.Repeat("a", 300)
	fields := ""
	for i := range 9 {
		fields += "X-" + string(rune('a'+i)) + ": 1\r\n"
	}
	cases := []struct {
		name, req string
		code      int // 0: taken
	}{
		{"plain GET", "GET /tok/state?q=a+b HTTP/1.1\r\nHost: x\r\n\r\n", 0},
		{"HTTP/1.0 without Host", "GET / HTTP/1.0\r\n\r\n", 0},
		{"HTTP/1.1 without Host", "GET / HTTP/1.1\r\n\r\n", 400},
		{"two Hosts", "GET / HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n", 400},
		{"a Host that is no host", "GET / HTTP/1.1\r\nHost: x/y\r\n\r\n", 400},
		{"empty lines first", "\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n", 0},
		{"bare LF ending the request line", "GET / HTTP/1.1\nHost: x\r\n\r\n", 400},
		{"bare LF ending a field", "GET / HTTP/1.1\r\nHost: x\n\r\n", 400},
		{"bare LF ending the header", "GET / HTTP/1.1\r\nHost: x\r\n\n", 400},
		{"bare CR in a field", "GET / HTTP/1.1\r\nHost: x\rX: y\r\n\r\n", 400},
		{"overlong request line", "GET /" + long + " HTTP/1.1\r\nHost: x\r\n\r\n", 414},
		{"overlong header", "GET / HTTP/1.1\r\nHost: x\r\nX: " + strings.Repeat(long, 4) + "\r\n\r\n", 431},
		{"header of many short lines", "GET / HTTP/1.1\r\nHost: x\r\n" + strings.Repeat("X: "+strings.Repeat("b", 150)+"\r\n", 5) + "Y: " + strings.Repeat("b", 300) + "\r\n\r\n", 431},
		{"too many fields", "GET / HTTP/1.1\r\nHost: x\r\n" + fields + "\r\n", 431},
		{"folded field", "GET / HTTP/1.1\r\nHost: x\r\nX: a\r\n b\r\n\r\n", 400},
		{"space before the colon", "GET / HTTP/1.1\r\nHost : x\r\n\r\n", 400},
		{"control character in a value", "GET / HTTP/1.1\r\nHost: x\r\nX: a\x01b\r\n\r\n", 400},
		{"tab in a value", "GET / HTTP/1.1\r\nHost: x\r\nX: a\tb\r\n\r\n", 0},
		{"two spaces in the request line", "GET  / HTTP/1.1\r\nHost: x\r\n\r\n", 400},
		{"no version", "GET /\r\nHost: x\r\n\r\n", 400},
		{"lower-case version", "GET / http/1.1\r\nHost: x\r\n\r\n", 400},
		{"HTTP/1.2", "GET / HTTP/1.2\r\nHost: x\r\n\r\n", 505},
		{"HTTP/2 preface", "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", 505},
		{"asterisk target", "OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n", 400},
		{"target not a path", "GET tok HTTP/1.1\r\nHost: x\r\n\r\n", 400},
		{"non-ASCII target", "GET /\xc3\xa9 HTTP/1.1\r\nHost: x\r\n\r\n", 400},
		{"bad percent escape", "GET /%zz HTTP/1.1\r\nHost: x\r\n\r\n", 400},
		{"absolute target", "GET http://h:1/p HTTP/1.1\r\nHost: x\r\n\r\n", 0},
		{"absolute target of another scheme", "GET https://h/p HTTP/1.1\r\nHost: x\r\n\r\n", 400},
		{"method not a token", "G(T / HTTP/1.1\r\nHost: x\r\n\r\n", 400},
		{"body", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}", 0},
		{"duplicate Content-Length", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}", 400},
		{"two Content-Lengths", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}", 400},
		{"Content-Length list", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2, 2\r\n\r\n{}", 400},
		{"negative Content-Length", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n", 400},
		{"signed Content-Length", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: +2\r\n\r\n{}", 400},
		{"empty Content-Length", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length:\r\n\r\n", 400},
		{"huge Content-Length", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\n\r\n", 400},
		{"Content-Length over the limit", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 4097\r\n\r\n", 413},
		{"Content-Length at the limit", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 4096\r\n\r\n", 0},
		{"chunked body", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n", 411},
		{"chunked and Content-Length", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n", 411},
		{"gzip body", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501},
		{"Expect: 100-continue", "POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-Continue\r\nContent-Length: 2\r\n\r\n", 0},
		{"another expectation", "POST / HTTP/1.1\r\nHost: x\r\nExpect: coffee\r\n\r\n", 417},
	}
	for _, c := range cases {
		r, _, err := parse(c.req)
		if c.code == 0 {
			if err != nil {
				t.Errorf("%s: refused: %v", c.name, err)
			}
			continue
		}
		if got := codeOf(err); got != c.code {
			t.Errorf("%s: got %v (request %+v), want %d", c.name, err, r, c.code)
		}
	}
}

// TestRequestFields: what the handler reads comes out of the request.
func TestRequestFields(t *testing.T) {
	r, _, err := parse("GET /tok/rules?q=raid%20rum&x=1 HTTP/1.1\r\nhost: 192.168.1.2:8080\r\nOrigin:  http://a  \r\nConnection: keep-alive, Close\r\n\r\n")
	if err != nil {
		t.Fatal(err)
	}
	if r.Method != "GET" || r.URL.Path != "/tok/rules" || r.URL.Query().Get("q") != "raid rum" || r.Host != "192.168.1.2:8080" ||
		r.Header.Get("ORIGIN") != "http://a" || !r.close || r.Minor != 1 {
		t.Fatalf("read as %+v", r)
	}
	r, _, _ = parse("GET http://h:1/p HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
	if r.Host != "h:1" || r.URL.Path != "/p" || r.close {
		t.Fatalf("absolute form, HTTP/1.0 kept alive: %+v", r)
	}
	r, _, _ = parse("GET / HTTP/1.0\r\n\r\n")
	if !r.close {
		t.Fatal("HTTP/1.0 without keep-alive is not closed")
	}
	r, _, _ = parse("POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 0\r\n\r\n")
	if r.expect {
		t.Fatal("an empty body waits for 100 Continue")
	}
}

// TestPipelinedRequests: two requests sent at once are read one after
// the other, the first one's body left for its handler.
func TestPipelinedRequests(t *testing.T) {
	_, br, err := parse("POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhelloGET /b HTTP/1.1\r\nHost: x\r\n\r\n")
	if err != nil {
		t.Fatal(err)
	}
	body := make([]byte, 5)
	if _, err := io.ReadFull(br, body); err != nil || string(body) != "hello" {
		t.Fatalf("body %q, %v", body, err)
	}
	r, err := readRequest(br, testLimits)
	if err != nil || r.URL.Path != "/b" {
		t.Fatalf("second request %+v, %v", r, err)
	}
	if _, err := readRequest(br, testLimits); err != io.EOF {
		t.Fatalf("after the last request: %v, want EOF", err)
	}
}

// serialise writes a parsed request again.
func serialise(r *Request) string {
	var b strings.Builder
	b.WriteString(r.Method + " " + r.Target + " HTTP/1." + strconv.Itoa(r.Minor) + "\r\n")
	for _, f := range r.Header {
		b.WriteString(f.Name + ": " + f.Value + "\r\n")
	}
	b.WriteString("\r\n")
	return b.String()
}

// FuzzReadRequest: no input panics, a request that is taken keeps within
// the limits, and a taken request written again is read the same.
func FuzzReadRequest(f *testing.F) {
	for _, s := range []string{
		"GET /tok/state HTTP/1.1\r\nHost: x\r\n\r\n",
		"POST /tok/answer HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nOrigin: http://127.0.0.1:8080\r\nContent-Type: application/json\r\nContent-Length: 24\r\n\r\n{\"step\":0,\"answer\":\"x\"}",
		"GET /tok/rules?q=a%20b HTTP/1.0\r\nConnection: keep-alive\r\n\r\n",
		"POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n{}",
		"GET http://h/p HTTP/1.1\r\nHost: y\r\n\r\n",
		"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n",
		"GET / HTTP/1.1\nHost: x\n\n",
		"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 4096\r\n\r\n" + strings.Repeat("x", 4096),
		"POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, _, used, err := parseCounting(s)
		if err != nil {
			if code := codeOf(err); code == 0 && err != io.EOF && err != io.ErrUnexpectedEOF {
				t.Fatalf("%q: an error without a status: %v", s, err)
			}
			return
		}
		if used > testLimits.headerBytes || len(r.Header) > testLimits.headers || r.ContentLength > testLimits.body || r.ContentLength < 0 {
			t.Fatalf("%q: over the limits: %d bytes, %d fields, length %d", s, used, len(r.Header), r.ContentLength)
		}
		again := serialise(r)
		r2, _, err := parse(again)
		if err != nil {
			t.Fatalf("%q written again as %q is refused: %v", s, again, err)
		}
		if r2.Method != r.Method || r2.Target != r.Target || r2.Minor != r.Minor || r2.Host != r.Host || r2.URL.String() != r.URL.String() ||
			r2.ContentLength != r.ContentLength || r2.close != r.close || r2.expect != r.expect || serialise(r2) != again {
			t.Fatalf("%q written again as %q reads differently: %+v, then %+v", s, again, r, r2)
		}
	})
}
