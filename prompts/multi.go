package prompts

import (
	"strings"

	"rumref/referee"
	"rumref/table"
)

// Several answers on one line
//
// Where the table has several answers at once (a string of dice for the
// scorpion roll or a wrangle column, the tiles drawn for a display), they
// may be typed on one line: "3 5 2", tiles as they are printed or said
// with commas between them ("The Swan 3, es cruce 2") or without, where
// each ends at its number ("swan 3 swan 4 frere 5"; see drawnTiles). The first
// value answers the question asked, each later one the question the game
// asks next. Every value is checked where it lands; if one does not fit,
// or would land on a secret or a text question, or after the game's end,
// nothing of the line is taken and the refusal says which value and why.
// A line that is itself one answer (an option key or label) is that
// answer. A secret question takes one answer a line.

// multiValues splits a line typed for q into its values when it holds
// more than one, or returns nil: q is a public choice or number question
// and the line is not one answer to it.
func multiValues(q *referee.Question, line string) []string {
	if q == nil || q.Secret || q.Kind == referee.TextLine {
		return nil
	}
	s := strings.TrimSpace(line)
	if _, err := valueKey(q, s); err == nil {
		return nil
	}
	var vals []string
	if strings.Contains(s, ",") {
		for _, v := range strings.Split(s, ",") {
			vals = append(vals, strings.TrimSpace(v))
		}
	} else {
		vals = strings.Fields(s)
		if q.Kind == referee.Choice && q.Confirm {
			vals = drawnTiles(vals)
		}
	}
	if len(vals) < 2 {
		return nil
	}
	return vals
}

// drawnTiles groups the words of a line typed at a draw into the tiles
// as people say them, each ending at its number: "swan 3 es cruce 2" is
// "swan 3" and "es cruce 2"; a word holding its number ("swan-3") is a
// tile of its own, and the words after the last number are one more.
func drawnTiles(fields []string) []string {
	var vals []string
	cur := ""
	for _, f := range fields {
		cur = strings.TrimSpace(cur + " " + f)
		if strings.ContainsAny(f, "0123456789") {
			vals, cur = append(vals, cur), ""
		}
	}
	if cur != "" {
		vals = append(vals, cur)
	}
	return vals
}

// valueKey is the answer key one value stands for at q: an option's
// position, key or label, or a number.
func valueKey(q *referee.Question, v string) (string, error) {
	if v == "" {
		return "", referee.Errorf("prompts.multi.empty", referee.Sub(q.AllowedMsg()))
	}
	raw := v
	if in := parseInput(q, v); in.kind == answerInput {
		raw = in.raw
	}
	if q.Kind == referee.Choice {
		for _, o := range q.Options {
			if o.Label != "" && strings.EqualFold(o.Label, v) {
				return o.Key, nil
			}
		}
	}
	return q.Validate(raw)
}

// byPosition reports whether a later value v of a line whose first value
// answered first would answer q, a choice, only as an option's position
// where a position is not the line's: at a player's decision (not a tile
// the table draws, Confirm), and after a string of dice at any choice. A
// die that reaches "hand back another barrel?" (rum.more) or the pub refill's draw is not
// that option's number; a string of tile numbers typed at a draw's list
// goes on through the next draws.
func byPosition(first, q *referee.Question, v string) bool {
	if q.Kind != referee.Choice || q.Confirm && first.Kind == referee.Choice || !isDigits(strings.TrimSpace(v)) {
		return false // a name, not a position
	}
	for _, o := range q.Options {
		if strings.EqualFold(o.Key, v) || o.Label != "" && strings.EqualFold(o.Label, v) {
			return false
		}
	}
	return true
}

// parseValue reads the values of a line typed for first, each for the
// question cur pending when its turn comes (the table gives the values to
// the engine one by one, and takes back the whole line when one does
// not fit).
func (s *Session) parseValue(first, cur *referee.Question, i int, v string) (string, error) {
	{
		key, err := valueKey(cur, v)
		if err == nil && i > 0 && byPosition(first, cur, v) {
			key := "multi.byposition"
			if cur.Confirm {
				key = "multi.bypositiondraw"
			}
			return "", table.Why(s.say(key, i+1, v, s.name(cur.Actor)))
		}
		if err != nil {
			return "", err
		}
		return key, nil
	}
}
