package setup

import (
	"bytes"
	"encoding/xml"
	"fmt"

	"rumref/locale"
	"rumref/referee"
	"rumref/referee/pirates"
)

// SVG picture geometry, in pixels.
const (
	svgSection = 200 // side of one board section
	svgMargin  = 36  // space round the board, where dark alleys lead off
	svgSize    = 3*svgSection + 2*svgMargin
)

// svgKindColors gives each intersection kind its fill colour, in Kind order.
var svgKindColors = [...]string{
	pirates.Coin:            "#e9c46a",
	pirates.Headquarters:    "#d62828",
	pirates.Recruit:         "#8d99ae",
	pirates.RumBarrel:       "#8b5a2b",
	pirates.Rendezvous:      "#6a4c93",
	pirates.PirateSupply:    "#2a9d8f",
	pirates.Guard:           "#264653",
	pirates.TreasureChest:   "#b08968",
	pirates.MapRose:         "#ff8fab",
	pirates.MapGreen:        "#57cc99",
	pirates.MapYellow:       "#ffd60a",
	pirates.PubSwan:         "#3a86ff",
	pirates.PubEsCruce:      "#2d6a4f",
	pirates.PubFrereJacques: "#c9184a",
}

// px converts a board coordinate (0-3) to a pixel position.
func px(v float64) float64 { return svgMargin + v*svgSection }

// svgText writes s escaped for XML text (writing to a bytes.Buffer cannot fail).
func svgText(buf *bytes.Buffer, s string) {
	_ = xml.EscapeText(buf, []byte(s))
}

// BoardSVGIn draws the assembled board as a standalone SVG picture: the
// 3x3 grid of sections, each with its printed number faintly in the
// middle, turned as the section is; every alley as a line with its segment
// count in a small circle (where it crosses the seam for a cross-seam
// alley); dark alleys dashed, leading off the board edge; and every
// intersection as a coloured dot with its name. The output depends only
// on the board and l, the language of its words (the title, the sections'
// tags, the places' and alleys' names), from the catalog. An alley's
// tooltip is its number's prefix ("alley 5: ") and then its name as the
// view names it (pirates.Board.AlleyMsg), which the pages match.
func BoardSVGIn(b *pirates.Board, l locale.Lang) []byte {
	say := func(m referee.Msg) string { return m.In(l) }
	var buf bytes.Buffer
	fmt.Fprintf(&buf, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif">`+"\n",
		svgSize, svgSize, svgSize, svgSize)
	buf.WriteString("<title>")
	svgText(&buf, say(referee.Text("setup.svg.title", referee.Str(FormatLayout(b.Layout)))))
	buf.WriteString("</title>\n")
	fmt.Fprintf(&buf, `<rect width="%d" height="%d" fill="#1d2330"/>`+"\n", svgSize, svgSize)
	fmt.Fprintf(&buf, `<rect x="%d" y="%d" width="%d" height="%d" fill="#f1e4c3" stroke="#000" stroke-width="3"/>`+"\n",
		svgMargin, svgMargin, 3*svgSection, 3*svgSection)
	for cell, p := range b.Layout {
		x, y := px(float64(cell%3)), px(float64(cell/3))
		cx, cy := x+svgSection/2, y+svgSection/2
		fmt.Fprintf(&buf, `<rect class="section" x="%.1f" y="%.1f" width="%d" height="%d" fill="none" stroke="#a08a60" stroke-dasharray="6 4"/>`+"\n",
			x, y, svgSection, svgSection)
		fmt.Fprintf(&buf, `<text class="section-number" x="%.1f" y="%.1f" font-size="120" fill="#000" fill-opacity="0.07" text-anchor="middle" dominant-baseline="central" transform="rotate(%d %.1f %.1f)">%d</text>`+"\n",
			cx, cy, 90*p.Turn, cx, cy, p.Section)
	}
	type label struct {
		x, y float64
		n    int
	}
	var counts []label
	for _, a := range b.Alleys {
		from := b.Intersections[a.A]
		pts := [][2]float64{{px(from.X), px(from.Y)}}
		if a.Crosses {
			pts = append(pts, [2]float64{px(a.CrossX), px(a.CrossY)})
		}
		style := `stroke="#7a5230" stroke-width="3"`
		if a.Dark {
			// Lead on past the edge into the dark margin.
			ex, ey := a.CrossX, a.CrossY
			switch {
			case ey == 0:
				ey = -0.12
			case ex == 3:
				ex = 3.12
			case ey == 3:
				ey = 3.12
			default:
				ex = -0.12
			}
			pts = append(pts, [2]float64{px(ex), px(ey)})
			style = `stroke="#000" stroke-width="3" stroke-dasharray="5 3"`
		} else {
			to := b.Intersections[a.B]
			pts = append(pts, [2]float64{px(to.X), px(to.Y)})
		}
		class := "alley"
		if a.Dark {
			class = "alley dark"
		}
		fmt.Fprintf(&buf, `<polyline class="%s" id="alley-%d" fill="none" %s points="`, class, a.ID, style)
		for i, p := range pts {
			if i > 0 {
				buf.WriteByte(' ')
			}
			fmt.Fprintf(&buf, "%.1f,%.1f", p[0], p[1])
		}
		buf.WriteString(`"><title>`)
		svgText(&buf, say(referee.Text("setup.svg.alley", referee.Int(a.ID)))+say(b.AlleyMsg(a.ID)))
		buf.WriteString("</title></polyline>\n")
		at := label{x: (pts[0][0] + pts[len(pts)-1][0]) / 2, y: (pts[0][1] + pts[len(pts)-1][1]) / 2, n: a.Segments}
		if a.Crosses {
			at.x, at.y = px(a.CrossX), px(a.CrossY)
		}
		counts = append(counts, at)
	}
	for _, c := range counts {
		fmt.Fprintf(&buf, `<circle class="segments" cx="%.1f" cy="%.1f" r="7" fill="#fff" stroke="#7a5230"/>`, c.x, c.y)
		fmt.Fprintf(&buf, `<text x="%.1f" y="%.1f" font-size="10" text-anchor="middle" dominant-baseline="central">%d</text>`+"\n", c.x, c.y, c.n)
	}
	for cell, p := range b.Layout {
		fmt.Fprintf(&buf, `<text x="%.1f" y="%.1f" font-size="11" fill="#6b5a3a" stroke="#f1e4c3" stroke-width="3" paint-order="stroke">`,
			px(float64(cell%3))+5, px(float64(cell/3))+13)
		key := "setup.svg.section"
		if p.Turn > 0 && p.Turn < 4 {
			key = [4]string{"", "setup.svg.section.east", "setup.svg.section.south", "setup.svg.section.west"}[p.Turn]
		}
		svgText(&buf, say(referee.Text(key, referee.Int(p.Section))))
		buf.WriteString("</text>\n")
	}
	for _, in := range b.Intersections {
		x, y := px(in.X), px(in.Y)
		color := "#999"
		if int(in.Kind) >= 0 && int(in.Kind) < len(svgKindColors) {
			color = svgKindColors[in.Kind]
		}
		fmt.Fprintf(&buf, `<circle class="intersection" id="intersection-%d" cx="%.1f" cy="%.1f" r="12" fill="%s" stroke="#000" stroke-width="1.5"/>`,
			in.ID, x, y, color)
		if in.Kind == pirates.Coin {
			fmt.Fprintf(&buf, `<text x="%.1f" y="%.1f" font-size="13" font-weight="bold" text-anchor="middle" dominant-baseline="central">%d</text>`,
				x, y, in.Section)
		}
		fmt.Fprintf(&buf, `<text x="%.1f" y="%.1f" font-size="11" text-anchor="middle" stroke="#f1e4c3" stroke-width="3" paint-order="stroke">`, x, y+24)
		svgText(&buf, say(in.Msg()))
		buf.WriteString("</text>\n")
	}
	buf.WriteString("</svg>\n")
	return buf.Bytes()
}
