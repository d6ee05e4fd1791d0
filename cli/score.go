package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"rumref/games"
	"rumref/internal/yamlfile"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"rumref/journal"
	"rumref/prompts"
	"rumref/referee"
	"rumref/safetext"
	"rumref/scoring"
	"rumref/setup"
	"rumref/wire"
)

// newScoreCmd builds "rumref score".
func newScoreCmd(a *app) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "score [SAVE|SHEET.yaml]",
		Short: "Score a Rum & Pirates game: a save, a score sheet, or tiles typed in",
		Long: `Score a Rum & Pirates game and print the score pad: every category, the
totals, the places and how any tie was broken.

  rumref score SAVE         a saved game (an unfinished one is marked provisional)
  rumref score SHEET.yaml   a game played without the referee (sheet format in the README)
  rumref score              asks player by player for the tile values`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var res scoring.Result
			var link string
			var err error
			if len(args) == 1 {
				res, link, err = scoreFile(args[0], a.stderr)
			} else {
				res, link, err = scoreByHand(a)
			}
			if err != nil {
				return err
			}
			text := scoring.Pad(res)
			if asJSON {
				b, err := json.MarshalIndent(res.JSON(), "", "  ")
				if err != nil {
					return err
				}
				text = string(safetext.CleanJSON(b))
			}
			mode, err := a.mode()
			if err != nil {
				mode = prompts.Plain
			}
			if link != "" && !asJSON {
				text = strings.TrimRight(text, "\n") + "\n\n" + a.playText(link)
			}
			// The JSON Lines protocol writes one score object.
			a.out(mode).Report(scoreObj{Type: "score", PadJSON: res.JSON(), Text: scoring.Pad(res), Play: playObj(link)}, text)
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"players":[...],"winners":[...]} as JSON`)
	return cmd
}

// scoreObj is the score pad as the JSON Lines protocol writes it (see
// docs/protocol.md): the --json fields, and the pad as printed for people.
type scoreObj struct {
	Type string `json:"type"`
	scoring.PadJSON
	Text string `json:"text"`
	// Play is the BG Stats link of a finished game (none for an
	// unfinished save).
	Play *wire.Play `json:"play,omitempty"`
}

// scoreFile scores a save or a score sheet, told apart by the save's
// format line, and makes the play's BG Stats link ("" for an unfinished
// save).
func scoreFile(path string, note io.Writer) (scoring.Result, string, error) {
	data, err := yamlfile.ReadFile(path, journal.MaxSize)
	if err != nil {
		return scoring.Result{}, "", err
	}
	if journal.IsSave(data) {
		file, _, e, err := openSave(path, note)
		if err != nil {
			return scoring.Result{}, "", err
		}
		defer e.Close()
		entry, err := games.Of(file)
		if err != nil {
			return scoring.Result{}, "", err
		}
		if entry.Score == nil {
			return scoring.Result{}, "", fmt.Errorf("%s is a %s game: score works on %s games", path, file.Game, scoredTitles())
		}
		// An unfinished game is scored as the table may see it: other
		// players' kept wares and coins stay secret.
		res := entry.Score(e.Game(), referee.Public)
		res.Provisional = !e.Over()
		return res, savePlayLink(file, entry, e.Game()), nil
	}
	players, err := setup.ParseSheet(data)
	if err != nil {
		return scoring.Result{}, "", fmt.Errorf("%s: %w", path, err)
	}
	res := scoring.Rank(players)
	return res, sheetPlayLink(players, res, path), nil
}

// scoreByHand asks player by player for their tiles and scores them. The
// answers are assembled into a score sheet so that they get exactly the
// sheet's checks.
func scoreByHand(a *app) (scoring.Result, string, error) {
	mode, err := a.mode()
	if err != nil {
		return scoring.Result{}, "", err
	}
	ask := prompts.NewAsker(mode, a.input(), a.stdout, a.color())
	var opts []referee.Option
	for n := 2; n <= 5; n++ {
		opts = append(opts, referee.Option{Key: strconv.Itoa(n), Label: fmt.Sprintf("%d players", n)})
	}
	ns, err := ask.Choose("How many players to score?", opts)
	if err != nil {
		return scoring.Result{}, "", interrupted(err, "")
	}
	n, _ := strconv.Atoi(ns)
	fields := []struct{ key, prompt string }{
		{"pubs", "pub tile values (e.g. 5 3 2)"},
		{"chests", "treasure chest values, -2 for each scorpion chest"},
		{"guards", "guard tile values"},
		{"sleeping", "bunk, hammock and bedroll values"},
		{"wares", "pirate wares as KIND VALUE pairs (e.g. hook 5, parrot 2)"},
		{"rendezvous", "fulfilled rendezvous values"},
		{"maps", "treasure maps as COLOR VALUE pairs (e.g. yellow 3, rose 5)"},
		{"unemployed", "pirates left in the unemployment office"},
		{"rum", "rum barrels"},
		{"coins", "coins"},
	}
	// The answers are assembled into a score sheet, so they get exactly
	// the sheet's checks; each field is checked at once against the sheet
	// so far (with empty stand-ins for the players still to come), so box
	// counts across players are checked too.
	var done []string
	sheetOf := func(current string, rest int) []byte {
		var b strings.Builder
		b.WriteString("game: rum-and-pirates\nplayers:\n")
		for _, p := range done {
			b.WriteString(p)
		}
		b.WriteString(current)
		for k := 0; k < rest; k++ {
			fmt.Fprintf(&b, "  - name: \"(player still to come %d)\"\n", k+1)
		}
		return []byte(b.String())
	}
	for i := 0; i < n; i++ {
		name, err := ask.Text(fmt.Sprintf("Name of player %d", i+1), func(s string) error {
			s, err := safetext.Name(s)
			if err != nil {
				return err
			}
			_, err = setup.ParseTypedSheet(sheetOf(fmt.Sprintf("  - name: %q\n", s), n-i-1))
			return err
		})
		if err != nil {
			return scoring.Result{}, "", interrupted(err, "")
		}
		if name, err = safetext.Name(name); err != nil {
			return scoring.Result{}, "", err
		}
		cur := fmt.Sprintf("  - name: %q\n", name)
		for _, f := range fields {
			// The line checked against the sheet so far; a refusal is
			// shown by the asker in the mode's own way (a JSON error
			// object, "Not taken:", or under the terminal prompt).
			line := func(v string) (string, error) {
				yamlValue, err := handValue(f.key, v)
				if err != nil {
					return "", err
				}
				l := fmt.Sprintf("    %s: %s\n", f.key, yamlValue)
				if _, err := setup.ParseTypedSheet(sheetOf(cur+l, n-i-1)); err != nil {
					return "", err
				}
				return l, nil
			}
			v, err := ask.Text(fmt.Sprintf("%s: %s (empty for none)", name, f.prompt), func(v string) error {
				_, err := line(v)
				return err
			})
			if err != nil {
				return scoring.Result{}, "", interrupted(err, "")
			}
			l, err := line(v)
			if err != nil {
				return scoring.Result{}, "", err
			}
			cur += l
		}
		done = append(done, cur)
	}
	players, err := setup.ParseTypedSheet(sheetOf("", 0))
	if err != nil {
		return scoring.Result{}, "", err
	}
	res := scoring.Rank(players)
	return res, sheetPlayLink(players, res, ""), nil
}

// handValue turns a typed list into the sheet's YAML for one field.
func handValue(key, v string) (string, error) {
	v = strings.TrimSpace(v)
	switch key {
	case "unemployed", "rum", "coins":
		if v == "" {
			return "0", nil
		}
		if _, err := yamlfile.ParseWhole(v); err != nil {
			return "", fmt.Errorf("%s: type one whole number: %w", key, err)
		}
		return v, nil
	case "wares", "maps":
		field := map[string]string{"wares": "kind", "maps": "color"}[key]
		var items []string
		for _, part := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ';' }) {
			w := strings.Fields(part)
			if len(w) != 2 {
				return "", fmt.Errorf("%s: %q should be a %s and a value, e.g. %s", key, strings.TrimSpace(part), field,
					map[string]string{"wares": "hook 5", "maps": "yellow 3"}[key])
			}
			if _, err := yamlfile.ParseWhole(w[1]); err != nil {
				return "", fmt.Errorf("%s: %w", key, err)
			}
			items = append(items, fmt.Sprintf("{%s: %q, value: %s}", field, strings.ToLower(w[0]), w[1]))
		}
		return "[" + strings.Join(items, ", ") + "]", nil
	}
	var nums []string
	for _, w := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' || r == ';' }) {
		if _, err := yamlfile.ParseWhole(w); err != nil {
			return "", fmt.Errorf("%s: %w; type the values separated by spaces", key, err)
		}
		nums = append(nums, w)
	}
	return "[" + strings.Join(nums, ", ") + "]", nil
}

// scoredTitles names the games score works on: "Rum & Pirates".
func scoredTitles() string {
	var titles []string
	for _, e := range games.All {
		if e.Score != nil {
			titles = append(titles, e.Title)
		}
	}
	return strings.Join(titles, " and ")
}
