package cli

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"rumref/games"
	"strings"
	"testing"

	"rumref/internal/randplay"
	"rumref/journal"
	"rumref/prompts"
	"rumref/referee"
	"rumref/referee/pirates"
	"rumref/setup"
)

// savedAt plays a fixed-layout Rum & Pirates game with seeded random legal
// answers until stop says the pending question is the one wanted, and
// writes it as a save. It fails the test if no game gets there.
func savedAt(t *testing.T, stop func(q *referee.Question) bool) (string, *referee.Question) {
	t.Helper()
	cfg := pirates.Config{Players: []pirates.PlayerConfig{{Name: "Ann", Color: "gold"}, {Name: "Bo", Color: "blue"}, {Name: "Cy", Color: "black"}},
		Layout: setup.FixedLayout(), Rules: pirates.RulesRevision}
	board, err := setup.Assemble(cfg.Layout)
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed < 40; seed++ {
		r := rand.New(rand.NewPCG(seed, 7))
		e, err := referee.Start(games.PiratesFactory(cfg, board))
		if err != nil {
			t.Fatal(err)
		}
		for q := e.Next(); q != nil; q = e.Next() {
			if stop(q) {
				path := filepath.Join(t.TempDir(), "g.yaml")
				data, err := journal.Encode(games.Pirates.File(&cfg, e.Answers()))
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, data, 0o600); err != nil {
					t.Fatal(err)
				}
				cp := *q
				e.Close()
				return path, &cp
			}
			a := randplay.From(r).Any(q)
			if err := e.Answer(a); err != nil {
				t.Fatalf("seed %d: %s=%s refused: %v", seed, q.ID, a, err)
			}
		}
		e.Close()
	}
	t.Fatal("no game reached the question wanted")
	return "", nil
}

// TestShowAsksThePendingQuestionAsTheSessionDoes checks that show, show
// --json and a resumed session print the same pending question, with the
// "Wrangle, match 1, column N" and "Scorpion chest (goal, total)" prefixes
// that a replay without a log used to drop.
func TestShowAsksThePendingQuestionAsTheSessionDoes(t *testing.T) {
	for _, tc := range []struct {
		name, prefix string
		stop         func(q *referee.Question) bool
	}{
		{"wrangle roll", "Wrangle, match", func(q *referee.Question) bool {
			return q.ID == "wrangle.roll" && strings.Contains(q.Text, "column")
		}},
		{"rum after a roll", ": ", func(q *referee.Question) bool {
			// Rules revision 3 asks a player holding rum for the die or
			// the result after a barrel in one question; rum.spend before.
			rum := q.ID == "rum.spend" || q.Kind == referee.Choice && (q.ID == "wrangle.roll" || q.ID == "chest.roll")
			return rum && (strings.HasPrefix(q.Text, "Wrangle") || strings.HasPrefix(q.Text, "Scorpion"))
		}},
		// Rules revision 2's questions: the turn menu and hop again open
		// with the player's name (asked without a "Bo: " prefix), the pub
		// invitation is the table's.
		{"turn menu", "'s turn", func(q *referee.Question) bool { return q.ID == "turn.menu" && q.Actor == 1 }},
		{"hop again", "", func(q *referee.Question) bool { return q.ID == "move.again" }},
		{"pub invitation", "invites the others", func(q *referee.Question) bool { return q.ID == "pub.invite" }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			save, q := savedAt(t, tc.stop)
			if !strings.Contains(q.Text, tc.prefix) {
				t.Fatalf("live question %q lacks %q", q.Text, tc.prefix)
			}
			// The session in JSON mode.
			res := rumref(t, "", "--io", "json", "resume", save)
			var asked map[string]any
			for _, o := range jsonLines(t, res.stdout) {
				if o["type"] == "question" {
					asked = o
				}
			}
			if asked == nil || asked["text"] != q.Text {
				t.Fatalf("the resumed session asks %v, the live game %q", asked, q.Text)
			}
			// show --json.
			res = rumref(t, "", "show", "--json", save)
			var shown map[string]any
			if err := json.Unmarshal([]byte(res.stdout), &shown); err != nil {
				t.Fatalf("show --json: %v\n%s", err, res.stdout)
			}
			next, _ := shown["next"].(map[string]any)
			if next == nil || next["text"] != q.Text || next["id"] != q.ID || next["rule"] != q.Rule {
				t.Fatalf("show --json next is %v, the session asks %q", next, q.Text)
			}
			// Plain show and the plain session print the same lines.
			res = rumref(t, "", "show", save)
			plain := rumref(t, "", "--io", "plain", "resume", save)
			name := "the table"
			if q.Actor >= 0 {
				name = []string{"Ann", "Bo", "Cy"}[q.Actor]
			}
			line := prompts.QuestionLine(name, q)
			if !strings.Contains(res.stdout, "Waiting for "+name+":\n"+line+"\n") {
				t.Errorf("show lacks the question line %q:\n%s", line, res.stdout)
			}
			if !strings.Contains(plain.stdout, line+"\n") {
				t.Errorf("the plain session lacks %q:\n%s", line, plain.stdout)
			}
			if q.Kind == referee.Choice {
				for _, o := range q.Options {
					if !strings.Contains(res.stdout, o.Label) {
						t.Errorf("show lacks option %q", o.Label)
					}
				}
			}
		})
	}
}
