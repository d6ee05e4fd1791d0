package games_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"rumref/games"
	"rumref/locale"
	"rumref/referee"
	"rumref/referee/pirates"
	"rumref/referee/runner"
)

// flags is the flags of entry with the given values set (and given).
func flags(entry *games.Entry, set ...string) games.Flags {
	f := games.Flags{Values: map[string]string{}, Given: map[string]bool{}}
	for _, fl := range entry.Flags {
		f.Values[fl.Name] = fl.Default
	}
	for i := 0; i+1 < len(set); i += 2 {
		f.Values[set[i]], f.Given[set[i]] = set[i+1], true
	}
	return f
}

// lines answers each asked setup question with the next line, as a
// person would type it, and records the question IDs.
type lines struct {
	answers []string
	asked   []string
	refused []string
}

func (l *lines) ask(e *referee.Engine) error {
	for {
		q := e.Next()
		if len(l.answers) == 0 {
			return fmt.Errorf("no answer left for %s", q.ID)
		}
		a := l.answers[0]
		l.answers = l.answers[1:]
		l.asked = append(l.asked, q.ID)
		if err := e.Answer(a); err != nil {
			l.refused = append(l.refused, err.Error())
			continue
		}
		return nil
	}
}

func TestSetupQuestionsHaveStableIDs(t *testing.T) {
	st, err := games.Pirates.Begin(flags(games.Pirates, "layout", "fixed"))
	if err != nil {
		t.Fatal(err)
	}
	l := &lines{answers: []string{"3", "Ann", "gold", "Bo", "blue", "Cy", "black", "2"}}
	before := 0
	ng, err := st.Run(l.ask, nil, func() error { before++; return nil })
	if err != nil {
		t.Fatal(err)
	}
	want := "setup.players setup.1.name setup.1.color setup.2.name setup.2.color setup.3.name setup.3.color setup.start"
	if got := strings.Join(l.asked, " "); got != want || before != 1 {
		t.Fatalf("asked %s (before called %d times), want %s", got, before, want)
	}
	cfg := ng.Setup.(*pirates.Config)
	if len(cfg.Players) != 3 || cfg.Players[2].Name != "Cy" || cfg.Players[1].Color != "blue" || cfg.Start != 1 {
		t.Fatalf("setup %+v", cfg)
	}
	if len(ng.Intro) != 2 || !strings.Contains(ng.Intro[0], "fixed layout") || !strings.Contains(ng.Intro[1], "Bo starts") {
		t.Fatalf("intro %q", ng.Intro)
	}
}

func TestFlagsArePreAnswers(t *testing.T) {
	st, err := games.Pirates.Begin(flags(games.Pirates, "players", "Ann:Gold, Bo :violet", "start", "bo", "seed", "5"))
	if err != nil {
		t.Fatal(err)
	}
	before := 0
	ng, err := st.Run(func(e *referee.Engine) error {
		return fmt.Errorf("asked %s although every flag was given", e.Next().ID)
	}, nil, func() error { before++; return nil })
	if err != nil {
		t.Fatal(err)
	}
	cfg := ng.Setup.(*pirates.Config)
	if before != 1 || cfg.Players[0] != (pirates.PlayerConfig{Name: "Ann", Color: "gold"}) || cfg.Players[1].Name != "Bo" || cfg.Start != 1 {
		t.Fatalf("setup %+v (before called %d times)", cfg, before)
	}
	// A flag given for some questions only: the rest are asked.
	st, _ = games.Runner.Begin(flags(games.Runner, "pirate", "Bo"))
	l := &lines{answers: []string{"Ann"}}
	ng, err = st.Run(l.ask, nil, func() error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	if cfg := ng.Setup.(*runner.Config); cfg.Crown != "Ann" || cfg.Pirate != "Bo" || strings.Join(l.asked, " ") != "setup.crown.name" {
		t.Fatalf("runner setup %+v after asking %v", cfg, l.asked)
	}
}

// TestOneValidatorForFlagsAndLines: a bad value is refused alike from a
// flag and from a typed line, with the question's words.
func TestOneValidatorForFlagsAndLines(t *testing.T) {
	for _, tc := range []struct {
		flag, value string
		lines       []string
		why         string
	}{
		{"pirate", "ANN", []string{"Ann", "ANN", "Bo"}, "Ann is taken"},
		{"pirate", "Bo\u202e", []string{"Ann", "Bo\u202e", "Bo"}, "text-direction mark"},
		{"pirate", strings.Repeat("x", 25), []string{"Ann", strings.Repeat("x", 25), "Bo"}, "keep it to 24"},
	} {
		st, err := games.Runner.Begin(flags(games.Runner, "crown", "Ann", tc.flag, tc.value))
		if err != nil {
			t.Fatal(err)
		}
		_, err = st.Run(func(*referee.Engine) error { return errors.New("asked") }, nil, func() error { return nil })
		if err == nil || !strings.Contains(err.Error(), "--"+tc.flag+": ") || !strings.Contains(err.Error(), tc.why) {
			t.Errorf("--%s %q: %v, want a refusal saying %q", tc.flag, tc.value, err, tc.why)
		}
		st, _ = games.Runner.Begin(flags(games.Runner))
		l := &lines{answers: tc.lines}
		if _, err := st.Run(l.ask, nil, func() error { return nil }); err != nil {
			t.Fatal(err)
		}
		if len(l.refused) != 1 || !strings.Contains(l.refused[0], tc.why) {
			t.Errorf("typed %q: refusals %q, want one saying %q", tc.value, l.refused, tc.why)
		}
	}
	// A choice: the color of a flag and of a line.
	st, _ := games.Pirates.Begin(flags(games.Pirates, "players", "Ann:gold,Bo:gold", "start", "1"))
	_, err := st.Run(func(*referee.Engine) error { return errors.New("asked") }, nil, func() error { return nil })
	if err == nil || !strings.Contains(err.Error(), `--players: player 2's color: "gold" is not one of the choices`) {
		t.Errorf("two golds: %v", err)
	}
	// In German, the part of the flag's value is named in German too.
	if de := locale.Unmark(referee.ErrorIn(err, locale.German)); !strings.Contains(de, `--players: die Farbe von Spieler 2: "gold" ist keine der Möglichkeiten`) {
		t.Errorf("two golds in German: %s", de)
	}
	if _, err := games.Pirates.Begin(flags(games.Pirates, "players", "Ann")); err == nil || !strings.Contains(locale.Unmark(referee.ErrorIn(err, locale.German)), "(Farben: Gold, Violett, Schwarz, Silber, Blau)") ||
		!strings.Contains(err.Error(), "(colors: gold, violet, black, silver, blue)") {
		t.Errorf("a player without a color: %v", err)
	}
	st, _ = games.Pirates.Begin(flags(games.Pirates))
	l := &lines{answers: []string{"2", "Ann", "gold", "Bo", "gold", "blue", "1"}}
	if _, err := st.Run(l.ask, nil, func() error { return nil }); err != nil {
		t.Fatal(err)
	}
	if len(l.refused) != 1 || !strings.Contains(l.refused[0], `"gold" is not one of the choices`) {
		t.Errorf("typed gold twice: refusals %q", l.refused)
	}
}

func TestSettingsAreCheckedBeforeAnyQuestion(t *testing.T) {
	if _, err := games.Runner.Begin(flags(games.Runner, "cards", "/no/such/cards.yaml")); err == nil || !strings.Contains(err.Error(), "--cards") {
		t.Errorf("a missing card file: %v", err)
	}
	st, err := games.Pirates.Begin(flags(games.Pirates, "layout", "1 2 3 / 4 5 6 / 7 8 8"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Run(func(*referee.Engine) error { return errors.New("asked") }, nil, func() error { return nil }); err == nil || !strings.HasPrefix(err.Error(), "--layout: ") {
		t.Errorf("a layout with section 8 twice: %v", err)
	}
}

// TestAMistypedFlagAfterTypedAnswersIsAsked: when the names were typed
// and --start names nobody, the table is told why and asked who starts;
// nothing typed is lost.
func TestAMistypedFlagAfterTypedAnswersIsAsked(t *testing.T) {
	st, err := games.Pirates.Begin(flags(games.Pirates, "start", "Zed"))
	if err != nil {
		t.Fatal(err)
	}
	l := &lines{answers: []string{"2", "Ann", "gold", "Bo", "blue", "2"}}
	var said []string
	ng, err := st.Run(l.ask, func(s string) { said = append(said, s) }, func() error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	if cfg := ng.Setup.(*pirates.Config); cfg.Start != 1 || len(said) != 1 || !strings.Contains(said[0], `--start: "Zed" is not one of the choices`) ||
		l.asked[len(l.asked)-1] != games.QStart {
		t.Fatalf("start %d, said %q, asked %v", cfg.Start, said, l.asked)
	}
}

// TestUndoDuringSetup: "undo" at a setup question takes the last typed
// answer back (and the flags' answers after it, given again at once);
// the flags' own answers are never taken back.
func TestUndoDuringSetup(t *testing.T) {
	// l.ask with "undo" lines: the asker returns referee.ErrTakeBack.
	undoing := func(l *lines) func(e *referee.Engine) error {
		return func(e *referee.Engine) error {
			if len(l.answers) > 0 && l.answers[0] == "undo" {
				l.answers = l.answers[1:]
				l.asked = append(l.asked, e.Next().ID+"(undo)")
				return referee.ErrTakeBack
			}
			return l.ask(e)
		}
	}
	st, err := games.Pirates.Begin(flags(games.Pirates, "layout", "fixed"))
	if err != nil {
		t.Fatal(err)
	}
	l := &lines{answers: []string{"undo", "3", "Ann", "undo", "undo", "2", "Ann", "gold", "Bo", "undo", "Bob", "blue", "1"}}
	var said []string
	ng, err := st.Run(undoing(l), func(s string) { said = append(said, s) }, func() error { return nil })
	if err != nil {
		t.Fatalf("%v (asked %v)", err, l.asked)
	}
	cfg := ng.Setup.(*pirates.Config)
	if len(cfg.Players) != 2 || cfg.Players[0].Name != "Ann" || cfg.Players[1].Name != "Bob" || cfg.Start != 0 {
		t.Fatalf("after the undos: %+v (asked %v)", cfg, l.asked)
	}
	if len(said) != 4 || !strings.Contains(said[0], "no answer to take back") || !strings.Contains(said[1], "Taken back") {
		t.Errorf("said %q", said)
	}

	// With the players given as a flag, undo at the start question has
	// nothing typed to take back; the flag's answers stay.
	st, err = games.Pirates.Begin(flags(games.Pirates, "players", "Ann:gold,Bo:blue"))
	if err != nil {
		t.Fatal(err)
	}
	l = &lines{answers: []string{"undo", "2"}}
	said = nil
	ng, err = st.Run(undoing(l), func(s string) { said = append(said, s) }, func() error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	if cfg := ng.Setup.(*pirates.Config); len(cfg.Players) != 2 || cfg.Start != 1 || len(said) != 1 || !strings.Contains(said[0], "command line") {
		t.Fatalf("start %d, players %d, said %q", cfg.Start, len(cfg.Players), said)
	}
}

// TestIntroAndInstructionsInTheTablesLanguage: what a new game says was
// set up, and how to set up the box again, are in the setup's language.
func TestIntroAndInstructionsInTheTablesLanguage(t *testing.T) {
	for _, c := range []struct {
		entry *games.Entry
		flags []string
		de    string
	}{
		{games.Runner, []string{"crown", "Ann", "pirate", "Bo"}, "Ann spielt die Krone"},
		{games.Pirates, []string{"players", "Ann:gold,Bo:blue", "start", "Ann", "layout", "fixed"}, "Spielplanteile"},
	} {
		st, err := c.entry.Begin(flags(c.entry, c.flags...))
		if err != nil {
			t.Fatal(err)
		}
		st.Lang = locale.German
		ng, err := st.Run(func(e *referee.Engine) error { return fmt.Errorf("asked %s", e.Next().ID) }, nil, func() error { return nil })
		if err != nil {
			t.Fatal(err)
		}
		if intro := strings.Join(ng.Intro, "\n"); !strings.Contains(intro, c.de) {
			t.Errorf("%s: the German intro does not say %q:\n%s", c.entry.Name, c.de, intro)
		}
		how, err := c.entry.Instructions(ng.Setup, 80, locale.German)
		if err != nil || !strings.Contains(how, c.de) {
			t.Errorf("%s: the German instructions (%v) do not say %q:\n%s", c.entry.Name, err, c.de, how)
		}
	}
}
