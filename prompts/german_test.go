package prompts

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"rumref/internal/catalogcheck"
	"rumref/locale"
	"rumref/referee"
)

// germanGame is tableGame with long German texts, each marked as the
// catalog marks its messages under the check (as the rules' messages
// come): what the session adds around them must be the catalog's too.
type germanGame struct{ tableGame }

func (g *germanGame) Status(_ referee.Viewer, _ locale.Lang, _ int) string {
	return locale.Mark("Wurf " + strconv.Itoa(g.roll) + ", Ware von Bo verdeckt")
}

func (g *germanGame) Play(t *referee.T) {
	m := locale.Mark
	t.Emit(referee.Event{Rule: "t.setup", Text: m("Ann beginnt. Die Stadtwache schickt alle Piraten aus der Dunkelgasse zurück in die Heuerstelle, und niemand verliert dabei ein Rumfass.")})
	a := t.Ask(referee.Question{ID: "t.roll", Actor: 0, Kind: referee.Number, Min: 1, Max: 6, Text: m("Was hast du gewürfelt?"), Rule: "t.roll"})
	g.roll, _ = strconv.Atoi(a)
	g.ware = t.Ask(referee.Question{ID: "t.ware", Actor: 1, Kind: referee.Choice, Secret: true, Rule: "t.ware",
		Text: m("Welche Ware hast du gezogen?"), Options: []referee.Option{{Key: "rum", Label: m("Rumfass")}, {Key: "gold", Label: m("Gold")}}})
	t.Emit(referee.Event{Rule: "t.ware", Text: m("Bo hat eine Ware genommen."), Private: m("Es ist " + g.ware + "."), Player: 1})
	g.pick = t.Ask(referee.Question{ID: "t.pick", Actor: 0, Kind: referee.Choice, Rule: "t.pick",
		Text: m("Wähle eine Kreuzung."), Options: []referee.Option{{Key: "red", Label: m("Münzkreuzung 3")}, {Key: "blue", Label: m("Hauptquartier")}}})
	t.AskNumber(referee.Question{ID: "t.count", Actor: referee.Table, Min: 2, Max: 4, Text: m("Wie viele?"), Rule: "t.count"})
}

// TestGermanTerminalAt80Columns plays a game at a terminal of 80 columns
// in German under the catalog check, with help, the log, a refusal and
// the pass screens: every line fits, no word is cut at a line's end, and
// every word the laptop adds comes from the German catalog.
func TestGermanTerminalAt80Columns(t *testing.T) {
	locale.SetChecking(true)
	defer locale.SetChecking(false)
	e, err := referee.Start(func() referee.Game { return &germanGame{} })
	if err != nil {
		t.Fatal(err)
	}
	keys := "hilfe\r" + ":zz\r" + "4" + "\r" + ":zz\r" + "1\r" + "\r" + "protokoll\r" + "1" + "zeigen\r" + "3"
	var out bytes.Buffer
	s := &Session{Engine: e, Mode: Terminal, Lang: locale.German, In: iotest.OneByteReader(strings.NewReader(keys)), Out: &out, ErrOut: &out, SaveName: "spiel.yaml"}
	if err := s.Run(); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	screen := catalogcheck.StripANSI(out.Bytes())
	for _, want := range []string{"Befehle", "zurück, rückgängig", "Spielprotokoll", "GEHEIM: gib den Laptop an Bo weiter", "Nicht angenommen", "gewählt:"} {
		if !strings.Contains(locale.Unmark(screen), want) {
			t.Errorf("the screen does not say %q:\n%s", want, catalogcheck.Show(screen))
		}
	}
	for _, l := range catalogcheck.WideLines(screen, 80) {
		t.Errorf("too wide: %s", l)
	}
	sc := catalogcheck.New().Allow("Ann", "Bo", "zz").Tolerate(
		regexp.MustCompile(`\(t\.[a-z]+\)`),                       // the test game's rule IDs
		regexp.MustCompile(`(?m)^  > .*$`),                        // what is typed into a list
		regexp.MustCompile(`Enter`),                               // the key's name
		regexp.MustCompile(`\(a secret question\) -> \(secret\)`)) // the table's log (package table)
	sc.Scan("terminal de", screen)
	sc.Report(t, 20)
}

// TestGermanJSONLines: in German the ids and keys of the JSON Lines stay
// English and every text field comes from the German catalog.
func TestGermanJSONLines(t *testing.T) {
	locale.SetChecking(true)
	defer locale.SetChecking(false)
	e, err := referee.Start(func() referee.Game { return &germanGame{} })
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	s := &Session{Engine: e, Mode: JSON, Lang: locale.German, In: strings.NewReader("hilfe\n:zz\n4\n1\n2\n3\n"), Out: &out, ErrOut: &out}
	if err := s.Run(); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	sc := catalogcheck.New().Allow("Ann", "Bo", "zz").Tolerate(regexp.MustCompile(`\(t\.[a-z]+\)`))
	var ids []string
	for _, o := range jsonLines(t, out.String()) {
		if o["type"] == "question" {
			ids = append(ids, o["id"].(string))
		}
		for _, k := range []string{"text", "error", "commands", "actor_name"} {
			if v, ok := o[k].(string); ok && v != "Ann" && v != "Bo" {
				sc.Scan("json de "+k, v)
			}
		}
	}
	if strings.Join(ids, " ") != "t.roll t.roll t.roll t.ware t.pick t.count" {
		t.Errorf("the question ids: %v\n%s", ids, out.String())
	}
	for _, want := range []string{`"actor_name":"` + locale.Mark("der Tisch"), `"commands":"` + locale.Open + "Befehle", `"key":"rum","label":"` + locale.Mark("Rumfass")} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the JSON does not hold %q:\n%s", want, out.String())
		}
	}
	sc.Report(t, 20)
}
