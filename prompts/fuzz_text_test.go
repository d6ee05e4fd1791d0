package prompts

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"rumref/locale"
	"rumref/referee"
	"rumref/safetext"
)

// outsideGame prints text that came from outside everywhere a game can:
// player names, question texts, option labels, event texts (public and
// private) and the status and view. The texts are not checked on the way
// in, as if a check had been missed, so the printers' cleaning is tested.
type outsideGame struct {
	names [2]string
	text  string
	got   string
}

func (g *outsideGame) Name() string          { return "outside" }
func (g *outsideGame) PlayerNames() []string { return g.names[:] }
func (g *outsideGame) Status(v referee.Viewer, _ locale.Lang, _ int) string {
	return fmt.Sprintf("%s and %s\n%s: %s", g.names[0], g.names[1], g.text, g.got)
}
func (g *outsideGame) View(v referee.Viewer, _ locale.Lang) any {
	return map[string]any{"names": g.names, "text": g.text, "got": g.got}
}
func (g *outsideGame) Play(t *referee.T) {
	t.Emit(referee.Event{Rule: "o.start", Text: g.names[0] + " says " + g.text})
	g.got = t.Ask(referee.Question{ID: "o.pick", Actor: 0, Rule: "o.pick", Text: g.text + "?",
		Options: []referee.Option{{Key: "a", Label: g.text}, {Key: "b", Label: g.names[1]}}})
	t.Emit(referee.Event{Rule: "o.pick", Text: g.names[0] + " picked.", Private: g.text, Player: 1})
	t.Ask(referee.Question{ID: "o.secret", Actor: 1, Secret: true, Rule: "o.secret", Text: g.names[1] + ", " + g.text,
		Options: []referee.Option{{Key: "x", Label: g.text}, {Key: "y", Label: "Y"}}})
	t.Ask(referee.Question{ID: "o.n", Actor: referee.Table, Kind: referee.Number, Min: 1, Max: 3, Text: g.text, Rule: "o.n"})
}

// badOutside reports the first character in s that no printer may let
// through (anything safetext.Bad reports except a line break).
func badOutside(s string) (rune, bool) {
	for _, r := range s {
		if r != '\n' && safetext.Bad(r) {
			return r, true
		}
	}
	return 0, false
}

// checkJSONStrings fails on any string in a decoded JSON value that holds
// a character badOutside reports.
func checkJSONStrings(t *testing.T, v any, line string) {
	switch x := v.(type) {
	case string:
		if r, bad := badOutside(x); bad {
			t.Fatalf("JSON string %q holds %U: %s", x, r, line)
		}
	case []any:
		for _, e := range x {
			checkJSONStrings(t, e, line)
		}
	case map[string]any:
		for k, e := range x {
			checkJSONStrings(t, k, line)
			checkJSONStrings(t, e, line)
		}
	}
}

// ownCSI matches the control sequences the terminal front end writes
// itself: SGR colors, cursor moves and erasing, showing and hiding the
// cursor.
var ownCSI = regexp.MustCompile(`\x1b\[[0-9;?]*[mKJAHhlBCD]`)

// FuzzPrintedText runs whole plain, JSON and terminal sessions over names, texts and
// typed lines from outside and checks that no control or formatting
// character from them reaches the output, the error output, or any string
// of any JSON object.
func FuzzPrintedText(f *testing.F) {
	f.Add("Ann\x1b]0;pwned\x07", "Bo\u202e", "text\nfake line", "a\n\u200f\nb\n2\n")
	f.Add("A\x1b[2J", "b\x9b", "\x1b]52;c;aGk=\x07", "b\nlog\nshow\nhelp\npeek 2\n\n\ny\n1\n")
	f.Add("Ann", "Bo", "plain", "x\x1b[31m\nrules \u202e\n:\u200b\nundo\na\ny\n3\n")
	f.Fuzz(func(t *testing.T, n1, n2, text, lines string) {
		for _, mode := range []Mode{Plain, JSON, Terminal} {
			factory := func() referee.Game { return &outsideGame{names: [2]string{n1, n2}, text: text} }
			e, err := referee.Start(factory)
			if err != nil {
				t.Fatal(err)
			}
			var out, errOut strings.Builder
			s := &Session{Engine: e, Mode: mode, In: strings.NewReader(lines), Out: &out, ErrOut: &errOut,
				SaveName: "save\x1b[2J" + n1 + ".yaml", Rules: func(q string) string { return "rule " + q + text }}
			if err := s.Run(); err != nil && !strings.Contains(err.Error(), "saved") {
				t.Fatalf("run: %v", err)
			}
			e.Close()
			if r, bad := badOutside(errOut.String()); bad {
				t.Fatalf("%v error output holds %U: %q", mode, r, errOut.String())
			}
			if mode == Plain {
				if r, bad := badOutside(out.String()); bad {
					t.Fatalf("plain output holds %U: %q", r, out.String())
				}
				continue
			}
			if mode == Terminal {
				// The terminal's own control sequences (colors, cursor
				// moves, clearing, carriage returns) are rumref's; what is
				// left must hold no character from outside.
				rest := ownCSI.ReplaceAllString(out.String(), "")
				rest = strings.ReplaceAll(rest, "\r", "")
				if r, bad := badOutside(rest); bad {
					t.Fatalf("terminal output holds %U: %q", r, rest)
				}
				continue
			}
			for _, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
				if r, bad := badOutside(line); bad {
					t.Fatalf("a JSON line holds %U raw: %q", r, line)
				}
				var v any
				if err := json.Unmarshal([]byte(line), &v); err != nil {
					t.Fatalf("not JSON: %q", line)
				}
				checkJSONStrings(t, v, line)
			}
		}
	})
}
