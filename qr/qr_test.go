package qr

import (
	"strings"
	"testing"

	qrcode "github.com/skip2/go-qrcode"
)

// readText turns a drawn code back into modules (dark true).
func readText(t *testing.T, s string) [][]bool {
	t.Helper()
	var m [][]bool
	for _, line := range strings.Split(strings.TrimSuffix(s, "\n"), "\n") {
		var top, bottom []bool
		for _, r := range line {
			switch r {
			case '█':
				top, bottom = append(top, false), append(bottom, false)
			case '▀':
				top, bottom = append(top, false), append(bottom, true)
			case '▄':
				top, bottom = append(top, true), append(bottom, false)
			case ' ':
				top, bottom = append(top, true), append(bottom, true)
			default:
				t.Fatalf("unexpected character %q in %q", r, line)
			}
		}
		m = append(m, top, bottom)
	}
	return m
}

// TestTextIsTheCode: the half blocks carry every module of the code
// go-qrcode makes, two per row, inside a light quiet zone of Quiet.
func TestTextIsTheCode(t *testing.T) {
	for _, u := range []string{"http://192.168.178.23:45678/j", "https://dialog.bgstatsapp.com/?createPlay=" + strings.Repeat("x", 300)} {
		q, err := qrcode.New(u, qrcode.Low)
		if err != nil {
			t.Fatal(err)
		}
		want := q.Bitmap() // with go-qrcode's own border of 4
		got := readText(t, Text(u))
		n := len(want) - 8 + 2*Quiet
		cols, rows := Size(u)
		if cols != n || rows != (n+1)/2 || len(got) != 2*rows {
			t.Fatalf("%q: size %dx%d, %d module rows drawn; want %d modules", u, cols, rows, len(got), n)
		}
		for y := range n {
			for x := range n {
				w := false
				if wy, wx := y-Quiet+4, x-Quiet+4; wy >= 4 && wy < len(want)-4 && wx >= 4 && wx < len(want)-4 {
					w = want[wy][wx]
				}
				if got[y][x] != w {
					t.Fatalf("%q: module (%d,%d) drawn %v, the code has %v", u, x, y, got[y][x], w)
				}
			}
		}
		if n%2 == 1 {
			for x := range n {
				if !got[n][x] {
					t.Fatalf("%q: the half row below the code is not blank", u)
				}
			}
		}
	}
}

// TestAShortURLFitsAnOldTerminal: a join URL's code takes at most 29
// columns and 15 rows, and Fit refuses a code that is too big.
func TestAShortURLFitsAnOldTerminal(t *testing.T) {
	u := "http://192.168.178.23:45678/j"
	cols, rows := Size(u)
	if cols > 29 || rows > 15 {
		t.Errorf("the code of %q is %dx%d", u, cols, rows)
	}
	if s, ok := Fit(u, 80, 24); !ok || s != Text(u) {
		t.Errorf("Fit(80x24) = %v", ok)
	}
	if _, ok := Fit(u, 80, rows-1); ok {
		t.Errorf("Fit with a row too few fits")
	}
	if _, ok := Fit(u, cols-1, 0); ok {
		t.Errorf("Fit with a column too few fits")
	}
	if s, ok := Fit(strings.Repeat("x", 4000), 0, 0); ok || s != "" || Text(strings.Repeat("x", 4000)) != "" {
		t.Errorf("a text too long for a code is drawn")
	}
}

func TestSVG(t *testing.T) {
	s := SVG("http://127.0.0.1:1/j")
	if !strings.HasPrefix(s, "<svg ") || !strings.HasSuffix(s, "</svg>") || !strings.Contains(s, `viewBox="0 0 33 33"`) {
		t.Errorf("SVG = %.120s", s)
	}
}
