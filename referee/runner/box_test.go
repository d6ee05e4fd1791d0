package runner_test

import (
	"reflect"
	"rumref/games"
	"rumref/locale"
	"slices"
	"strings"
	"testing"

	"rumref/referee"
	"rumref/referee/runner"
)

// boxed is the built-in catalog under the current edition of the rules.
func boxed(t *testing.T) runner.Config {
	return runner.Config{Crown: "Ann", Pirate: "Bo", Edition: runner.Edition, Cards: catalog(t)}
}

func boxedBlank(t *testing.T) *runner.Game { return runner.Blank(boxed(t)) }

// answerAll answers the questions in order, failing at the first that is
// not the expected one or refuses its answer.
func answerAll(t *testing.T, e *referee.Engine, steps []step) {
	t.Helper()
	for i, s := range steps {
		q := e.Next()
		if q == nil || q.ID != s.id {
			t.Fatalf("step %d: want %s, got %v\n%s", i+1, s.id, q, events(e))
		}
		if err := e.Answer(s.answer); err != nil {
			t.Fatalf("step %d (%s=%s): %v (options %v)", i+1, s.id, s.answer, err, optionKeys(q))
		}
	}
}

// startingHazards names the four starting hazards at the setup: the two
// of the catalog and two typed in.
var startingHazards = []step{{"hazard.identify", "rowdy-tavern"}, {"hazard.identify", "port-taxes"},
	{"hazard.identify", "unlisted"}, {"card.name", "Fog Bank"}, {"card.cost", "1"}, {"card.navigation", "0"},
	{"card.combat", "0"}, {"card.text", "1 navigation | pay 2"},
	{"hazard.identify", "unlisted"}, {"card.name", "Sea Fort"}, {"card.cost", "2"}, {"card.navigation", "0"},
	{"card.combat", "0"}, {"card.text", "1 combat or discard 1"}}

// TestSetupNamesTheStartingHazardsInSecret: once the four are placed the
// crown names each in secret, so none can be named later to suit a raid.
func TestSetupNamesTheStartingHazardsInSecret(t *testing.T) {
	cfg := boxed(t)
	e, err := referee.Start(factory(cfg))
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	for i := 0; i < 4; i++ {
		q := e.Next()
		if q.ID != "hazard.identify" || !q.Secret || q.Actor != runner.CrownSeat {
			t.Fatalf("question %d: want the crown's secret hazard.identify, got %s (secret %v, actor %d)", i+1, q.ID, q.Secret, q.Actor)
		}
	}
	answerAll(t, e, []step{{"hazard.identify", "rowdy-tavern"}})
	if q := e.Next(); slices.Contains(optionKeys(q), "rowdy-tavern") {
		t.Errorf("Rowdy Tavern is placed already, yet offered again: %v", optionKeys(q))
	}
	answerAll(t, e, []step{{"hazard.identify", "port-taxes"}})
	if got := optionKeys(e.Next()); !slices.Equal(got, []string{"unlisted"}) {
		t.Fatalf("with both known starting hazards placed only a typed-in one is left: %v", got)
	}
	answerAll(t, e, []step{
		{"hazard.identify", "unlisted"}, {"card.name", "Fog Bank"}, {"card.cost", "1"}, {"card.navigation", "0"},
		{"card.combat", "0"}, {"card.text", "1 navigation | pay 2"},
		{"hazard.identify", "unlisted"}, {"card.name", "Sea Fort"}, {"card.cost", "2"}, {"card.navigation", "0"},
		{"card.combat", "0"}, {"card.text", "1 combat or discard 1"},
	})
	if q := e.Next(); q.ID != "draw.card" || q.Actor != runner.CrownSeat {
		t.Fatalf("after the four hazards the crown draws: got %v", q)
	}
	g := e.Game().(*runner.Game)
	for _, is := range g.Islands {
		if is.Hazards[0].Name == "" {
			t.Errorf("the starting hazard at %s is still unnamed", is.Name)
		}
	}
	crown, pub := g.Status(runner.CrownSeat, locale.English, 0), g.Status(referee.Public, locale.English, 0)
	for _, n := range []string{"Rowdy Tavern", "Port Taxes", "Fog Bank", "Sea Fort"} {
		if !strings.Contains(crown, n) || strings.Contains(pub, n) {
			t.Errorf("%s should show to the crown only", n)
		}
	}
	for _, l := range e.Log() {
		if l.Event != nil && (strings.Contains(l.Event.Text, "Fog Bank") || strings.Contains(l.Event.Text, "Rowdy")) {
			t.Errorf("a public event names a starting hazard: %s", l.Event.Text)
		}
	}
	if err := games.CheckRunner(g); err != nil {
		t.Error(err)
	}
	fog, _ := g.CardData("Fog Bank")
	if !fog.Starting || fog.Text != "1 navigation | pay 2" || len(fog.Options) != 2 || fog.Options[0][0].Do != runner.OpNavigation {
		t.Errorf("Fog Bank as typed: %+v", fog)
	}
}

// TestDeckCountsRefuseWhatTheBoxCannotHold: the crown deck holds 3 events;
// after three Royal Decrees a fourth is refused with what is still possible.
func TestDeckCountsRefuseWhatTheBoxCannotHold(t *testing.T) {
	build := func() *runner.Game {
		g := boxedBlank(t)
		d := &g.Players[runner.CrownSeat].Deck
		d.Unknown, d.Open[runner.Event], d.Open[runner.Hazard] = 5, 3, 2
		return g
	}
	e, _ := start(t, build, runner.RunDraw(runner.CrownSeat, 4))
	answerAll(t, e, []step{{"draw.card", "royal-decree"}, {"draw.card", "royal-decree"}, {"draw.card", "royal-decree"}})
	q := e.Next()
	if slices.Contains(optionKeys(q), "royal-decree") {
		t.Fatalf("a fourth Royal Decree is offered: %v", optionKeys(q))
	}
	err := e.Answer("royal-decree")
	if err == nil || !strings.Contains(err.Error(), "not one of the choices") || !slices.Contains(optionKeys(q), "rough-seas") || !slices.Contains(optionKeys(q), "unlisted") {
		t.Fatalf("a fourth Royal Decree must be refused, with what is possible offered (%v), got %v", optionKeys(q), err)
	}
	answerAll(t, e, []step{{"draw.card", "unlisted"}})
	if got := optionKeys(e.Next()); !slices.Equal(got, []string{"hazard"}) {
		t.Errorf("a typed-in card can only be a hazard now (no event left, investments complete): %v", got)
	}
}

// TestPirateDeckHoldsFiveEvents: the pirate holds 6 cards unnamed from a
// deck of 5 events and a crew; after five discarded Treasure Maps no
// sixth is offered.
func TestPirateDeckHoldsFiveEvents(t *testing.T) {
	build := func() *runner.Game {
		g := boxedBlank(t)
		d := &g.Players[runner.PirateSeat].Deck
		d.Unknown, d.Open[runner.Event], d.Open[runner.Crew], d.Held = 6, 5, 1, 6
		return g
	}
	steps := []step{}
	for i := 0; i < 5; i++ {
		steps = append(steps, step{"discard.card", "treasure-map"})
	}
	e, _ := start(t, build, func(g *runner.Game, t *referee.T) {
		for i := 0; i < 6; i++ {
			runner.RunDiscard(runner.PirateSeat)(g, t)
		}
	})
	answerAll(t, e, steps)
	if got := optionKeys(e.Next()); slices.Contains(got, "treasure-map") || !slices.Contains(got, "doug-doubloon") {
		t.Errorf("a sixth Treasure Map is offered or the crew are not: %v", got)
	}
}

// TestCompleteListsOfferNoTypedInInvestmentOrShip (rulings A4): the
// investment and ship lists are complete, so a card not in the list can
// only be of a type whose list is not. (The crown's draws are named; the
// pirate's are counts, and a card he names leaving his hand is offered
// by the same counts: TestPublicCardQuestionsLeakNothing.)
func TestCompleteListsOfferNoTypedInInvestmentOrShip(t *testing.T) {
	for _, c := range []struct {
		seat int
		want []string
	}{{runner.CrownSeat, []string{"hazard", "event"}}} {
		e, err := referee.Start(factory(boxed(t)))
		if err != nil {
			t.Fatal(err)
		}
		answerAll(t, e, []step{{"hazard.identify", "rowdy-tavern"}, {"hazard.identify", "port-taxes"}})
		for i := 0; i < 2; i++ {
			answerAll(t, e, []step{{"hazard.identify", "unlisted"}, {"card.name", []string{"Fog", "Fort"}[i]}, {"card.cost", "0"},
				{"card.navigation", "0"}, {"card.combat", "0"}, {"card.text", "pay 1"}})
		}
		if q := e.Next(); int(q.Actor) != c.seat {
			t.Fatalf("seat %d should draw now, got %v", c.seat, q)
		}
		answerAll(t, e, []step{{"draw.card", "unlisted"}})
		if got := optionKeys(e.Next()); !slices.Equal(got, c.want) {
			t.Errorf("seat %d: typed-in types %v, want %v", c.seat, got, c.want)
		}
		e.Close()
	}
}

// TestPirateTypedInCardHasTheTypesLeft (rulings A4): the pirate names a
// card as it leaves his hand; one not in the list can only be of a type
// his deck still holds unknown cards of, never a ship (the ship list is
// complete).
func TestPirateTypedInCardHasTheTypesLeft(t *testing.T) {
	build := func() *runner.Game {
		g := boxedBlank(t)
		d := &g.Players[runner.PirateSeat].Deck
		d.Unknown, d.Held = 3, 1
		d.Open[runner.Crew], d.Open[runner.Event] = 2, 1
		return g
	}
	e, _ := start(t, build, runner.RunDiscard(runner.PirateSeat))
	answerAll(t, e, []step{{"discard.card", "unlisted"}})
	if got := optionKeys(e.Next()); !slices.Equal(got, []string{"crew", "event"}) {
		t.Errorf("typed-in types %v, want crew and event", got)
	}
}

// TestCrewSwapBetweenFullShips (rulings A26): two Longboats with one slot
// each, both full, trade their crew in one step.
func TestCrewSwapBetweenFullShips(t *testing.T) {
	build := func() *runner.Game {
		g := boxedBlank(t)
		g.Active = runner.PirateSeat
		g.AddShip("Longboat", 0, "Peg Leg Paul")
		g.AddShip("Longboat", 0, "Doug Doubloon")
		return g
	}
	var first []string
	_, g := driveWatch(t, build, runner.RunAction, []step{
		{"action", "crew"}, {"crew.step", "swap"}, {"crew.which", "c2"}, {"crew.step", "done"},
	}, func(q *referee.Question) {
		if q.ID == "crew.step" && first == nil {
			first = optionKeys(q)
		}
	})
	if slices.Contains(first, "move") || !slices.Contains(first, "swap") {
		t.Errorf("two full ships: no move, but a swap: %v", first)
	}
	if g.Ships[0].Crew[0].Name != "Doug Doubloon" || g.Ships[1].Crew[0].Name != "Peg Leg Paul" {
		t.Errorf("the crew should have swapped\n%s", g.Status(1, locale.English, 0))
	}
}

// TestCashCropCoinIsTheCrownsChoice: its card says the crown can put
// the end-of-turn coin on one of its cards, so the catalog's Cash Crop
// offers placing no coin, and choosing that places none (issue 21). A
// save's own copy of an older catalog, whose Cash Crop must place it
// (exactly: true), still asks without that option.
func TestCashCropCoinIsTheCrownsChoice(t *testing.T) {
	build := func(exactly bool) func() *runner.Game {
		return func() *runner.Game {
			cfg := boxed(t)
			for i := range cfg.Cards {
				if c := &cfg.Cards[i]; c.Name == "Cash Crop" && exactly {
					c.TurnEnd[0].Exactly = true
				}
			}
			g := runner.Blank(cfg)
			island(g, "Bivalve Bay").Card = g.Put("Cash Crop", 1, true)
			island(g, "Privateer Point").Hazards = []*runner.Piece{g.Put("Reef", 0, false)}
			return g
		}
	}
	var opts []string
	_, g := driveWatch(t, build(false), runner.RunTurnEnd, []step{{"effect.coin-own", "done"}}, func(q *referee.Question) { opts = optionKeys(q) })
	if !slices.Contains(opts, "done") || len(opts) != 3 {
		t.Errorf("Cash Crop's coin is the crown's choice: want the two crown cards and no coin, got %v", opts)
	}
	if c := island(g, "Bivalve Bay").Card.Coins + island(g, "Privateer Point").Hazards[0].Coins; c != 1 {
		t.Errorf("declining the coin left %d coins on the crown's cards, want the 1 there was", c)
	}
	driveWatch(t, build(true), runner.RunTurnEnd, []step{{"effect.coin-own", "c2"}}, func(q *referee.Question) { opts = optionKeys(q) })
	if slices.Contains(opts, "done") || len(opts) != 2 {
		t.Errorf("an older catalog's Cash Crop must place its coin: %v", opts)
	}
}

// typeIn draws one card for the crown and types it in as the given type.
func typeIn(t *testing.T, typ, name, text string) (*referee.Engine, *runner.Game) {
	build := func() *runner.Game {
		g := boxedBlank(t)
		d := &g.Players[runner.CrownSeat].Deck
		d.Unknown, d.Open[runner.Event], d.Open[runner.Hazard] = 2, 1, 1
		return g
	}
	return drive(t, build, runner.RunDraw(runner.CrownSeat, 1), []step{
		{"draw.card", "unlisted"}, {"card.type", typ}, {"card.name", name}, {"card.cost", "1"},
		{"card.navigation", "0"}, {"card.combat", "0"}, {"card.text", text}})
}

// publicTranscript is the game as the public sees it: events as public
// text, secret answers as their question and actor only.
func publicTranscript(e *referee.Engine) string {
	var b strings.Builder
	for _, l := range e.Log() {
		switch {
		case l.Event != nil:
			b.WriteString(l.Event.For(referee.Public) + "\n")
		case l.Secret:
			b.WriteString(l.QuestionID + " by " + string(rune('0'+l.Actor)) + "\n")
		default:
			b.WriteString(l.QuestionID + " " + l.Answer + "\n")
		}
	}
	return b.String()
}

// TestTypedInCardsLookAlikeInPublic: a typed-in hazard and a typed-in
// event are asked the same secret questions, with the same texts, so the
// public cannot tell the type; each keeps its name and text.
func TestTypedInCardsLookAlikeInPublic(t *testing.T) {
	eh, gh := typeIn(t, "hazard", "Kraken", "trash a crew or pay 3")
	ee, ge := typeIn(t, "event", "Sea Shanty", "The crown gains a coin.")
	if a, b := publicTranscript(eh), publicTranscript(ee); a != b {
		t.Errorf("the public sees a typed-in hazard and event differently:\n%s\n---\n%s", a, b)
	}
	texts := func(e *referee.Engine) []string {
		var out []string
		for _, l := range e.Log() {
			if l.Event == nil {
				if !l.Secret {
					t.Errorf("%s is not secret", l.QuestionID)
				}
				if l.QuestionID != "card.type" {
					out = append(out, l.Text)
				}
			}
		}
		return out
	}
	if a, b := texts(eh), texts(ee); !slices.Equal(a, b) {
		t.Errorf("the questions' texts differ by type:\n%q\n%q", a, b)
	}
	k, _ := gh.CardData("Kraken")
	if k.Type != runner.Hazard || len(k.Options) != 2 || k.Options[1][0].Do != runner.OpPay || k.Options[1][0].N != 3 || k.Text != "trash a crew or pay 3" {
		t.Errorf("Kraken as typed: %+v", k)
	}
	s, _ := ge.CardData("Sea Shanty")
	if s.Type != runner.Event || len(s.Play) != 1 || s.Play[0].Do != runner.OpManual {
		t.Errorf("Sea Shanty as typed: %+v", s)
	}
	crown, pub := ge.Status(runner.CrownSeat, locale.English, 0), ge.Status(referee.Public, locale.English, 0)
	if !strings.Contains(crown, "Sea Shanty (event, cost 1): The crown gains a coin.") {
		t.Errorf("the crown's status should show the typed-in card with its text:\n%s", crown)
	}
	if strings.Contains(pub, "Sea Shanty") || strings.Contains(pub, "Typed-in") {
		t.Errorf("the public status shows a card in the crown's hand:\n%s", pub)
	}
}

// TestTypedInNamesAreChecked: a name already in the list, a menu word or
// one without letters is refused; a hazard's text must read as costs.
func TestTypedInNamesAreChecked(t *testing.T) {
	build := func() *runner.Game {
		g := boxedBlank(t)
		d := &g.Players[runner.CrownSeat].Deck
		d.Unknown, d.Open[runner.Hazard] = 1, 1
		return g
	}
	e, _ := start(t, build, runner.RunDraw(runner.CrownSeat, 1))
	answerAll(t, e, []step{{"draw.card", "unlisted"}, {"card.type", "hazard"}})
	for _, bad := range []string{"Reef", "REEF!", "done", "???", strings.Repeat("x", 41)} {
		if err := e.Answer(bad); err == nil {
			t.Errorf("the name %q is taken", bad)
		}
	}
	answerAll(t, e, []step{{"card.name", "Whirlpool"}, {"card.cost", "2"}, {"card.navigation", "0"}, {"card.combat", "0"}})
	for _, bad := range []string{"-", "sing a song", "pay 0", "pay 2 | "} {
		if err := e.Answer(bad); err == nil {
			t.Errorf("the hazard text %q is not a cost, yet taken", bad)
		}
	}
	answerAll(t, e, []step{{"card.text", "🧭🧭 | trash a ship, its crew go back to hand | pay 1 and discard 2"}})
	g := e.Game().(*runner.Scenario).G
	w, _ := g.CardData("Whirlpool")
	want := [][]runner.Effect{{{Do: runner.OpNavigation, N: 2}}, {{Do: runner.OpTrashShip, Hand: true}},
		{{Do: runner.OpPay, N: 1}, {Do: runner.OpDiscard, N: 2}}}
	if !reflect.DeepEqual(w.Options, want) {
		t.Errorf("Whirlpool's costs: %+v", w.Options)
	}
	if err := w.Validate(); err != nil {
		t.Error(err)
	}
}

// TestCardFileBeyondTheBox: a catalog with more events than the box holds
// is refused with the counts, unless the game is started beyond the box,
// and then the status says so.
func TestCardFileBeyondTheBox(t *testing.T) {
	cards := catalog(t)
	for i := range cards {
		if cards[i].Name == "Royal Decree" {
			cards[i].Copies = 5
		}
	}
	cfg := runner.Config{Crown: "Ann", Pirate: "Bo", Edition: runner.Edition, Cards: cards}
	err := cfg.Validate()
	if err == nil || !strings.Contains(err.Error(), "5 event cards (Royal Decree 5)") || !strings.Contains(err.Error(), "holds 3") {
		t.Fatalf("five Royal Decrees must be refused with the counts: %v", err)
	}
	if runner.CheckBox(cards) == nil {
		t.Error("CheckBox should refuse it too")
	}
	cfg.BeyondBox = true
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	if n := cfg.DeckSize(runner.CrownDeck); n != 29 {
		t.Errorf("the crown deck should hold 29 cards, got %d", n)
	}
	g := runner.New(cfg)
	if s := g.Status(referee.Public, locale.English, 0); !strings.Contains(s, "crown deck: 5 event (the box has 3)") {
		t.Errorf("the status should name the piles beyond the box:\n%s", s)
	}
}

// start builds a table and runs one procedure to its first question,
// leaving the answers to the test.
func start(t *testing.T, build func() *runner.Game, run func(*runner.Game, *referee.T)) (*referee.Engine, *runner.Game) {
	t.Helper()
	var g *runner.Game
	e, err := referee.Start(func() referee.Game {
		g = build()
		return &runner.Scenario{G: g, Run: run}
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	return e, g
}

// TestEditionOutOfRangeSaysWhy: an edition above today's asks for a newer
// rumref (an older one is journal/migrate's).
func TestEditionOutOfRangeSaysWhy(t *testing.T) {
	cfg := boxed(t)
	cfg.Edition = runner.Edition + 1
	if err := cfg.Validate(); err == nil || !strings.Contains(err.Error(), "newer rumref") {
		t.Errorf("edition %d: %v, want a newer rumref asked for", cfg.Edition, err)
	}
}
