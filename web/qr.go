package web

import (
	"fmt"
	"strings"

	qrcode "github.com/skip2/go-qrcode"
)

// qrModules returns the QR code of text as rows of dark (true) modules,
// with the quiet zone, or nil if text is too long for a QR code.
func qrModules(text string) [][]bool {
	q, err := qrcode.New(text, qrcode.Low)
	if err != nil {
		return nil
	}
	return q.Bitmap()
}

// QRSVG draws the QR code of text as a small SVG (one unit per module,
// scaled by the page), or "" if text does not fit a QR code.
func QRSVG(text string) string {
	m := qrModules(text)
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

// QRText draws the QR code of text for a terminal, two modules per
// character cell (upper and lower half blocks), dark on light, so a phone
// can scan it from the screen.
func QRText(text string) string {
	m := qrModules(text)
	if m == nil {
		return ""
	}
	var b strings.Builder
	for y := 0; y < len(m); y += 2 {
		for x := range m[y] {
			top := m[y][x]
			bottom := y+1 < len(m) && m[y+1][x]
			switch {
			case top && bottom:
				b.WriteString(" ")
			case top:
				b.WriteString("▄")
			case bottom:
				b.WriteString("▀")
			default:
				b.WriteString("█")
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}
