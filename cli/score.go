package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"rumref/games"
	"rumref/internal/yamlfile"
	"rumref/journal"
	"rumref/locale"
	"rumref/prompts"
	"rumref/referee"
	"rumref/safetext"
	"rumref/wire"
)

// newScoreCmd builds "rumref score".
func newScoreCmd(a *app) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:  "score",
		Args: nArgs(a.lang, 0, 1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var res games.Scored
			var link string
			var err error
			if len(args) == 1 {
				res, link, err = scoreFile(a.lang, args[0], a.stderr)
			} else {
				res, link, err = scoreByHand(a)
			}
			if err != nil {
				return err
			}
			pad, obj := res.In(a.lang)
			text := pad
			if asJSON {
				b, err := json.MarshalIndent(obj, "", "  ")
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
			a.out(mode).Report(scoreObj{Score: obj, Text: pad, Play: playObj(link)}, text)
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "")
	return cmd
}

// scoreObj is the score pad as the JSON Lines protocol writes it (see
// docs/protocol.md): {"type":"score"}, the fields of the --json object
// (the game's), the pad as printed for people and the BG Stats link of a
// finished game.
type scoreObj struct {
	Score any
	Text  string
	Play  *wire.Play
}

// MarshalJSON writes the type, the score's fields and the rest, in that
// order.
func (o scoreObj) MarshalJSON() ([]byte, error) {
	score, err := json.Marshal(o.Score)
	if err != nil {
		return nil, err
	}
	rest, err := json.Marshal(struct {
		Text string     `json:"text"`
		Play *wire.Play `json:"play,omitempty"`
	}{o.Text, o.Play})
	if err != nil {
		return nil, err
	}
	b := []byte(`{"type":"score",`)
	if inner := bytes.TrimSpace(score); len(inner) > 2 && inner[0] == '{' {
		b = append(append(b, inner[1:len(inner)-1]...), ',')
	}
	return append(b, rest[1:]...), nil
}

// scoreFile scores a save or a score sheet, told apart by the save's
// format line, and makes the play's BG Stats link ("" for an unfinished
// save).
func scoreFile(l locale.Lang, path string, note io.Writer) (games.Scored, string, error) {
	data, err := yamlfile.ReadFile(path, journal.MaxSize)
	if err != nil {
		return games.Scored{}, "", err
	}
	if journal.IsSave(data) {
		file, _, e, err := openSave(l, path, note)
		if err != nil {
			return games.Scored{}, "", err
		}
		defer e.Close()
		entry, err := games.Of(file)
		if err != nil {
			return games.Scored{}, "", err
		}
		if entry.Score == nil {
			return games.Scored{}, "", errorf(l, "cli.score.game", path, entry.TitleIn(l), scoredTitles(l))
		}
		// An unfinished game is scored as the table may see it: other
		// players' kept wares and coins stay secret.
		return entry.Score.Game(e.Game(), referee.Public, e.Over()), savePlayLink(file, entry, e.Game()), nil
	}
	entry := sheetEntry(data)
	if entry == nil {
		return games.Scored{}, "", errorf(l, "cli.score.neither", path)
	}
	res, err := entry.Score.Sheet(data, false)
	if err != nil {
		return games.Scored{}, "", errorf(l, "cli.score.sheet", path, err)
	}
	return res, sheetPlayLink(entry, res, path), nil
}

// sheetEntry is the game whose score sheets have data's game: line, or
// the one game that scores sheets (its sheet reader then says what is
// wrong with the line); nil when none does.
func sheetEntry(data []byte) *games.Entry {
	var head struct {
		Game string `yaml:"game"`
	}
	_ = yamlfile.Peek(data, &head, journal.MaxSize)
	var sheets []*games.Entry
	for _, e := range games.All {
		if e.Score != nil && e.Score.Sheet != nil {
			if e.Score.SheetGame == head.Game {
				return e
			}
			sheets = append(sheets, e)
		}
	}
	if len(sheets) == 1 {
		return sheets[0]
	}
	return nil
}

// scoreByHand asks player by player for their tiles and scores them. The
// answers are assembled into a score sheet so that they get exactly the
// sheet's checks.
func scoreByHand(a *app) (games.Scored, string, error) {
	mode, err := a.mode()
	if err != nil {
		return games.Scored{}, "", err
	}
	ask := a.out(mode)
	var typed []*games.Entry
	var gameOpts []referee.Option
	for _, e := range games.All {
		if e.Score != nil && e.Score.Sheet != nil && len(e.Score.Fields) > 0 {
			typed = append(typed, e)
			gameOpts = append(gameOpts, referee.Option{Key: e.Name, Label: e.TitleIn(a.lang)})
		}
	}
	if len(typed) == 0 {
		return games.Scored{}, "", errorf(a.lang, "cli.score.notyped")
	}
	entry := typed[0]
	if len(typed) > 1 {
		name, err := ask.Choose(a.lang.Sprintf("cli.score.which"), gameOpts)
		if err != nil {
			return games.Scored{}, "", a.interrupted(err, "")
		}
		entry, _ = games.Lookup(name)
	}
	sc := entry.Score
	var opts []referee.Option
	for n := entry.MinPlayers; n <= entry.MaxPlayers; n++ {
		opts = append(opts, referee.Option{Key: strconv.Itoa(n), Label: a.lang.Sprintf("cli.score.players", n)})
	}
	ns, err := ask.Choose(a.lang.Sprintf("cli.score.howmany"), opts)
	if err != nil {
		return games.Scored{}, "", a.interrupted(err, "")
	}
	n, _ := strconv.Atoi(ns)
	check := func(sheet []byte) error {
		_, err := sc.Sheet(sheet, true)
		return err
	}
	// The answers are assembled into a score sheet, so they get exactly
	// the sheet's checks; each field is checked at once against the sheet
	// so far (with empty stand-ins for the players still to come), so box
	// counts across players are checked too.
	var done []string
	sheetOf := func(current string, rest int) []byte {
		var b strings.Builder
		fmt.Fprintf(&b, "game: %s\nplayers:\n", sc.SheetGame)
		for _, p := range done {
			b.WriteString(p)
		}
		b.WriteString(current)
		for k := 0; k < rest; k++ {
			fmt.Fprintf(&b, "  - name: %q\n", locale.Unmark(a.lang.Sprintf("cli.score.tocome", k+1)))
		}
		return []byte(b.String())
	}
	for i := 0; i < n; i++ {
		name, err := ask.Text(a.lang.Sprintf("cli.score.name", i+1), func(s string) error {
			s, err := safetext.Name(s)
			if err != nil {
				return err
			}
			return check(sheetOf(fmt.Sprintf("  - name: %q\n", s), n-i-1))
		})
		if err != nil {
			return games.Scored{}, "", a.interrupted(err, "")
		}
		if name, err = safetext.Name(name); err != nil {
			return games.Scored{}, "", err
		}
		cur := fmt.Sprintf("  - name: %q\n", name)
		for _, f := range sc.Fields {
			// The line checked against the sheet so far; a refusal is
			// shown by the asker in the mode's own way (a JSON error
			// object, "Not taken:", or under the terminal prompt).
			line := func(v string) (string, error) {
				yamlValue, err := f.Value(v)
				if err != nil {
					return "", err
				}
				l := fmt.Sprintf("    %s: %s\n", f.Key, yamlValue)
				if err := check(sheetOf(cur+l, n-i-1)); err != nil {
					return "", err
				}
				return l, nil
			}
			v, err := ask.Text(a.lang.Sprintf("cli.score.field", name, f.PromptIn(a.lang)), func(v string) error {
				_, err := line(v)
				return err
			})
			if err != nil {
				return games.Scored{}, "", a.interrupted(err, "")
			}
			l, err := line(v)
			if err != nil {
				return games.Scored{}, "", err
			}
			cur += l
		}
		done = append(done, cur)
	}
	res, err := sc.Sheet(sheetOf("", 0), true)
	if err != nil {
		return games.Scored{}, "", err
	}
	return res, sheetPlayLink(entry, res, ""), nil
}

// scoredTitles names the games score works on in l: "Rum & Pirates".
func scoredTitles(l locale.Lang) string {
	var titles []string
	for _, e := range games.All {
		if e.Score != nil {
			titles = append(titles, e.TitleIn(l))
		}
	}
	return listIn(l, titles, " and ")
}
