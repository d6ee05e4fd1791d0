package scoring

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"rumref/locale"
	"rumref/referee"
	"rumref/safetext"
)

// PadIn writes the result as a score pad in language l: the categories as
// rows and the players as columns, then the totals, the places, the
// tiebreak counts, the tiles that scored nothing, how each tie was broken
// and the winner.
func PadIn(r Result, l locale.Lang) string {
	var b strings.Builder
	say := func(m referee.Msg) string { return m.In(l) }
	if r.Provisional {
		b.WriteString(l.Sprintf("scoring.pad.provisional") + "\n")
	}
	for _, n := range r.Notes {
		b.WriteString(say(n) + "\n")
	}
	if r.Provisional || len(r.Notes) > 0 {
		b.WriteString("\n")
	}
	rows := [][]string{column(r, "", func(s Score) string { return l.Sprintf("scoring.pad.name", s.Name) })}
	for _, c := range Categories() {
		rows = append(rows, column(r, c.LabelIn(l), func(s Score) string { return strconv.Itoa(s.Points[c]) }))
	}
	rule := len(rows)
	rows = append(rows, column(r, l.Sprintf("scoring.pad.total"), func(s Score) string { return strconv.Itoa(s.Total) }))
	rows = append(rows, column(r, l.Sprintf("scoring.pad.place"), func(s Score) string { return OrdinalIn(s.Place, l) }))
	rows = append(rows, column(r, l.Sprintf("scoring.pad.unemployed"), func(s Score) string { return strconv.Itoa(s.Unemployed) }))
	rows = append(rows, column(r, l.Sprintf("scoring.pad.rum"), func(s Score) string { return strconv.Itoa(s.Rum) }))
	rows = append(rows, column(r, l.Sprintf("scoring.pad.coins"), func(s Score) string {
		if s.CoinsHidden {
			return l.Sprintf("scoring.pad.secret")
		}
		return strconv.Itoa(s.Coins)
	}))
	width := func(cell string) int { return safetext.Width(locale.Unmark(cell)) }
	widths := make([]int, len(rows[0]))
	for _, row := range rows {
		for i, cell := range row {
			widths[i] = max(widths[i], width(cell))
		}
	}
	line := func(row []string) {
		for i, cell := range row {
			pad := strings.Repeat(" ", widths[i]-width(cell))
			if i == 0 {
				b.WriteString(cell + pad)
			} else {
				b.WriteString("  " + pad + cell)
			}
		}
		b.WriteString("\n")
	}
	total := 0
	for _, w := range widths {
		total += w + 2
	}
	for i, row := range rows {
		if i == rule || i == rule+2 {
			b.WriteString(strings.Repeat("-", total-2) + "\n")
		}
		line(row)
	}
	for _, s := range r.Scores {
		if len(s.Worthless) > 0 {
			b.WriteString("\n" + say(referee.Text("scoring.pad.worthless", referee.Str(s.Name), referee.List(Msgs(s.Worthless), "; ", "; "))))
		}
	}
	if slices.ContainsFunc(r.Scores, func(s Score) bool { return len(s.Worthless) > 0 }) {
		b.WriteString("\n")
	}
	for _, t := range r.Ties {
		b.WriteString("\n" + say(referee.Text("scoring.pad.tie", referee.Sub(r.TieMsg(t)))))
	}
	if len(r.Ties) > 0 {
		b.WriteString("\n")
	}
	winners := referee.Words(r.Winners, ", ", " and ")
	switch {
	case len(r.Winners) == 0:
	case len(r.Winners) == 1 && r.Provisional:
		// Nobody has won a game that goes on.
		b.WriteString("\n" + say(referee.Text("scoring.pad.leading", winners)) + "\n")
	case len(r.Winners) == 1:
		b.WriteString("\n" + say(referee.Text("scoring.pad.winner", winners)) + "\n")
	case r.Provisional:
		b.WriteString("\n" + say(referee.Text("scoring.pad.level", winners)) + "\n")
	default:
		b.WriteString("\n" + say(referee.Text("scoring.pad.shared", winners)) + "\n")
	}
	return b.String()
}

func column(r Result, label string, f func(Score) string) []string {
	row := []string{label}
	for _, s := range r.Scores {
		row = append(row, f(s))
	}
	return row
}

// CategoryPoints is one player's points by category, in score pad order.
// It encodes as a JSON object whose keys keep that order.
type CategoryPoints [NumCategories]int

// MarshalJSON writes the points as {"pubs": n, "chests": n, ...} in score
// pad order.
func (c CategoryPoints) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, v := range c {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%q:%d", Category(i).String(), v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON reads points written by MarshalJSON; unknown categories are
// errors.
func (c *CategoryPoints) UnmarshalJSON(data []byte) error {
	var m map[string]int
	if err := json.Unmarshal(data, &m); err != nil {
		return err
	}
	*c = CategoryPoints{}
	for k, v := range m {
		i := slices.Index(categoryNames[:], k)
		if i < 0 {
			return fmt.Errorf("unknown scoring category %q", k)
		}
		c[i] = v
	}
	return nil
}

// PadJSON is the score pad as data for --json.
type PadJSON struct {
	Players     []PlayerJSON `json:"players"`
	Winners     []string     `json:"winners"`
	Ties        []TieJSON    `json:"ties,omitempty"`
	Provisional bool         `json:"provisional,omitempty"`
	Notes       []string     `json:"notes,omitempty"`
}

// PlayerJSON is one player's column of the score pad as data.
type PlayerJSON struct {
	Name       string         `json:"name"`
	Total      int            `json:"total"`
	Place      int            `json:"place"`
	Categories CategoryPoints `json:"categories"`
	Unemployed int            `json:"unemployed"`
	Rum        int            `json:"rum"`
	Coins      int            `json:"coins"`
	// CoinsSecret: the coins are secret to the viewer (coins is 0).
	CoinsSecret bool     `json:"coins_secret,omitempty"`
	Worthless   []string `json:"worthless,omitempty"`
}

// TieJSON is one broken (or shared) tie as data.
type TieJSON struct {
	Players []string `json:"players"`
	Points  int      `json:"points"`
	Place   int      `json:"place"`
	Decided string   `json:"decided"`
	Text    string   `json:"text"`
}

// JSONIn returns the result as JSON-ready data, its texts (notes,
// worthless tiles, ties) in l.
func (r Result) JSONIn(l locale.Lang) PadJSON {
	out := PadJSON{Winners: append([]string{}, r.Winners...), Provisional: r.Provisional, Notes: notes(r.Notes, l), Players: []PlayerJSON{}}
	for _, s := range r.Scores {
		out.Players = append(out.Players, PlayerJSON{Name: s.Name, Total: s.Total, Place: s.Place,
			Categories: CategoryPoints(s.Points), Unemployed: s.Unemployed, Rum: s.Rum, Coins: s.Coins,
			CoinsSecret: s.CoinsHidden, Worthless: notes(Msgs(s.Worthless), l)})
	}
	for _, t := range r.Ties {
		m := r.TieMsg(t)
		out.Ties = append(out.Ties, TieJSON{Players: t.Players, Points: t.Points, Place: t.Place,
			Decided: t.Decided.String(), Text: m.In(l)})
	}
	return out
}

// notes writes messages in l, for the JSON output.
func notes(ms []referee.Msg, l locale.Lang) []string {
	if len(ms) == 0 {
		return nil
	}
	out := make([]string, len(ms))
	for i := range ms {
		out[i] = ms[i].In(l)
	}
	return out
}
