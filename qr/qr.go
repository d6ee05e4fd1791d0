// Package qr draws QR codes: compactly for a terminal (two modules per
// character row, half blocks) and as SVG for the pages. The join code of
// the phones' pages and the BG Stats code both use it.
package qr

import (
	"fmt"
	"strings"

	qrcode "github.com/skip2/go-qrcode"
)

// Quiet is the quiet zone drawn around a terminal code, in modules. The
// standard asks for 4; phone cameras read 2 well, and 2 keep a short
// URL's code within 15 rows of an 80x24 terminal.
const Quiet = 2

// svgQuiet is the quiet zone of a page's code (the standard's 4).
const svgQuiet = 4

// Modules returns the QR code of text as rows of dark (true) modules
// with a quiet zone of quiet modules on every side, or nil if text is
// too long for a QR code.
func Modules(text string, quiet int) [][]bool {
	q, err := qrcode.New(text, qrcode.Low)
	if err != nil {
		return nil
	}
	q.DisableBorder = true
	core := q.Bitmap()
	n := len(core) + 2*quiet
	out := make([][]bool, n)
	for y := range out {
		out[y] = make([]bool, n)
		if y >= quiet && y < quiet+len(core) {
			copy(out[y][quiet:], core[y-quiet])
		}
	}
	return out
}

// Size is the size of Text(text) in character cells, (0, 0) if text is
// too long for a QR code.
func Size(text string) (cols, rows int) {
	m := Modules(text, Quiet)
	return len(m), (len(m) + 1) / 2
}

// Text draws the QR code of text for a terminal, two modules per
// character row: the upper and lower half blocks ▀ ▄, the full block █
// and a space, with a quiet zone of Quiet modules. Dark modules are
// spaces and light ones blocks, so the code reads on a terminal with
// light text on a dark background. Each row ends with a newline; ""
// if text is too long for a QR code.
func Text(text string) string {
	m := Modules(text, Quiet)
	var b strings.Builder
	for y := 0; y < len(m); y += 2 {
		for x := range m[y] {
			top := !m[y][x]
			bottom := y+1 < len(m) && !m[y+1][x]
			switch {
			case top && bottom:
				b.WriteString("█")
			case top:
				b.WriteString("▀")
			case bottom:
				b.WriteString("▄")
			default:
				b.WriteString(" ")
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

// Fit is Text(text) when it fits within cols x rows character cells
// (a size of 0 or less does not limit), else "" and false: the caller
// then prints the link alone and says how to show the code.
func Fit(text string, cols, rows int) (string, bool) {
	c, r := Size(text)
	if c == 0 || (cols > 0 && c > cols) || (rows > 0 && r > rows) {
		return "", false
	}
	return Text(text), true
}

// SVG draws the QR code of text as a small SVG (one unit per module,
// scaled by the page), or "" if text is too long for a QR code.
func SVG(text string) string {
	m := Modules(text, svgQuiet)
	if m == nil {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" shape-rendering="crispEdges"><rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="`, len(m), len(m), len(m), len(m))
	for y, row := range m {
		for x := 0; x < len(row); x++ {
			if !row[x] {
				continue
			}
			start := x
			for x < len(row) && row[x] {
				x++
			}
			fmt.Fprintf(&b, "M%d %dh%dv1h-%dz", start, y, x-start, x-start)
		}
	}
	b.WriteString(`"/></svg>`)
	return b.String()
}
