package runner_test

import (
	"strings"
	"testing"

	"rumref/locale"
	"rumref/referee"
	"rumref/referee/runner"
)

// secretAsked reports whether every question with the ID was asked in secret.
func secretAsked(e *referee.Engine, id string) (asked, secret bool) {
	secret = true
	for _, en := range e.Log() {
		if en.QuestionID == id {
			asked = true
			secret = secret && en.Secret
		}
	}
	return asked, secret
}

// TestPirateDiscardIsNamedInPublic: the pirate's hand is a count, and a
// discard names its card in public (from what the hand can hold).
func TestPirateDiscardIsNamedInPublic(t *testing.T) {
	build := func() *runner.Game {
		g := blank(t)
		g.Players[runner.PirateSeat].Hand = []string{"Galleon", "Doug Doubloon"}
		return g
	}
	e, g := drive(t, build, runner.RunDiscard(runner.PirateSeat), []step{{"discard.card", "galleon"}})
	if asked, secret := secretAsked(e, "discard.card"); !asked || secret {
		t.Error("the pirate's discard must be asked, in public")
	}
	if strings.Join(g.Players[runner.PirateSeat].Discard, ",") != "Galleon" {
		t.Error(g.Status(runner.PirateSeat, locale.English, 0))
	}
}

func TestSecretHandQuestionIsAskedEvenWhenEveryCardIsTheSame(t *testing.T) {
	// Skipping the question when the hand holds one name only would tell
	// the other player that the rest of the hand matches the card shown.
	build := func() *runner.Game {
		g := blank(t)
		g.Players[runner.CrownSeat].Hand = []string{"Reef", "Reef"}
		return g
	}
	e, g := drive(t, build, runner.RunDiscardC, []step{{"discard.card", "reef"}})
	if asked, secret := secretAsked(e, "discard.card"); !asked || !secret {
		t.Error("the crown's discard must always be asked, in secret")
	}
	if strings.Join(g.Players[runner.CrownSeat].Discard, ",") != "Reef" || len(g.Players[runner.CrownSeat].Hand) != 1 {
		t.Error(g.Status(runner.CrownSeat, locale.English, 0))
	}
}
func TestRaiseIsAskedEvenWhenNoHazardIsAffordable(t *testing.T) {
	// Whether the crown is asked must not show that it cannot pay for the
	// face-down hazards: the question comes whenever one is face-down, in
	// public, naming the hazards by place only.
	build := func() *runner.Game {
		g := blank(t)
		g.Players[runner.PirateSeat].Supply = 1
		g.Players[runner.PirateSeat].Deck = runner.Deck{Known: []string{"Galleon"}}
		g.AddShip("Longboat", 0, "Doug Doubloon")
		island(g, "Bivalve Bay").Hazards = []*runner.Piece{g.Put("Uncharted Waters", 0, false)}
		return g
	}
	e, _ := drive(t, build, runner.RunRaid, []step{
		{"raid.target", "i3"}, {"raid.raise", "done"},
	})
	if asked, secret := secretAsked(e, "raid.raise"); !asked || secret {
		t.Error("the raise question must be asked, in public, while a face-down hazard waits")
	}
}

func TestUnaffordableHazardStaysHiddenWhenRaiseFails(t *testing.T) {
	// Every face-down hazard is offered, by place; when the one raised is
	// too dear, the public log must not give its name or cost away.
	build := func() *runner.Game {
		g := blank(t)
		g.Players[runner.PirateSeat].Supply = 1
		g.Players[runner.PirateSeat].Deck = runner.Deck{Known: []string{"Galleon"}}
		g.AddShip("Longboat", 0, "Doug Doubloon")
		island(g, "Bivalve Bay").Hazards = []*runner.Piece{g.Put("Uncharted Waters", 0, false)}
		return g
	}
	probe := build()
	h := island(probe, "Bivalve Bay").Hazards[0]
	e, g := drive(t, build, runner.RunRaid, []step{
		{"raid.target", "i3"}, {"raid.raise", key(h)},
	})
	var pub string
	for _, ev := range e.Events() {
		pub += ev.For(referee.Public) + "\n"
	}
	if strings.Contains(pub, "pay 3") || strings.Contains(pub, "Uncharted") {
		t.Errorf("the public log names or prices the face-down hazard:\n%s", pub)
	}
	if hz := island(g, "Bivalve Bay").Hazards[0]; hz.Up || hz.Name != "Uncharted Waters" {
		t.Errorf("the hazard should stay face-down: %+v", hz)
	}
}
func TestTakingBackThePlayCrewActionGivesTheActionBack(t *testing.T) {
	build := func() *runner.Game {
		g := blank(t)
		g.Active = runner.PirateSeat
		g.Players[runner.PirateSeat].Hand = []string{"Doug Doubloon"}
		g.Players[runner.PirateSeat].Supply = 5
		g.AddShip("Longboat", 0)
		return g
	}
	// RunAction carries out one action: after "take it back" nothing more
	// is asked, so the action is not spent on an empty crew step.
	e, _ := drive(t, build, runner.RunAction, []step{
		{"action", "crew"}, {"crew.step", "play"}, {"crew.card", "cancel"},
	})
	if !strings.Contains(events(e), "takes the action back") {
		t.Error(events(e))
	}
}

func TestPlayingNoCrewAfterAMoveKeepsTheAction(t *testing.T) {
	build := func() *runner.Game {
		g := blank(t)
		g.Active = runner.PirateSeat
		g.Players[runner.PirateSeat].Hand = []string{"Doug Doubloon"}
		g.Players[runner.PirateSeat].Supply = 5
		g.AddShip("Longboat", 0, "Peg Leg Paul")
		g.AddShip("Sloop", 0)
		return g
	}
	// Once a crew has moved the action is spent; the way out of the card
	// question then plays no crew and the crew step goes on.
	e, g := drive(t, build, runner.RunAction, []step{
		{"action", "crew"}, {"crew.step", "move"}, // Peg Leg Paul to the Sloop, the only choice
		{"crew.step", "play"}, {"crew.card", "cancel"}, {"crew.step", "done"},
	})
	if !strings.Contains(events(e), "plays no crew from hand") || len(g.Ships[1].Crew) != 1 {
		t.Errorf("%s\n%s", events(e), g.Status(runner.PirateSeat, locale.English, 0))
	}
}

func TestCrewTextForASuccessfulRaidSeesThisRaid(t *testing.T) {
	// A crew text marked for success (from a --cards file) must look at the
	// raid that just ended, not at the one before it.
	lucky := runner.Card{Name: "Lucky Lou", Side: runner.PirateSide, Type: runner.Crew, Cost: 1,
		After: []runner.Effect{{Do: runner.OpGain, N: 2, Success: true}}}
	build := func(stopped bool) func() *runner.Game {
		return func() *runner.Game {
			g := runner.Blank(runner.Config{Crown: "Ann", Pirate: "Bo", Cards: append(catalog(t), lucky)})
			g.Players[runner.PirateSeat].Supply = 1
			g.AddShip("Longboat", 0, "Lucky Lou")
			if stopped {
				island(g, "Bivalve Bay").Hazards = []*runner.Piece{g.Put("Uncharted Waters", 0, true)}
			}
			return g
		}
	}
	_, g := drive(t, build(false), runner.RunRaid, []step{{"raid.target", "i3"}})
	if g.Players[runner.PirateSeat].Supply != 2 {
		t.Errorf("after a successful raid Lucky Lou gains 2: supply %d", g.Players[runner.PirateSeat].Supply)
	}
	_, g = drive(t, build(true), runner.RunRaid, []step{{"raid.target", "i3"}})
	if g.Players[runner.PirateSeat].Supply != 0 {
		t.Errorf("after a stopped raid Lucky Lou gains nothing: supply %d", g.Players[runner.PirateSeat].Supply)
	}
}

func TestHomePortDeckTopIsNamedByTheCrownInSecret(t *testing.T) {
	// The options for the top card of the crown deck are the cards that
	// can still be in it; shown to the pirate they would tell which
	// investments the crown holds or has placed face-down (here: that the
	// single Aged Rum is no longer in the deck).
	build := func() *runner.Game {
		g := homeTable(t, []string{"Gold Rum", "Reef"}, []string{"Aged Rum"}, 0)()
		return g
	}
	q := firstQuestionAfter(t, build, runner.RunRaid, "i1")
	if q.ID != "raid.deck-top" || !q.Secret || q.Actor != runner.CrownSeat {
		t.Errorf("the deck top must be named by the crown in secret: %s actor %d secret %v", q.ID, q.Actor, q.Secret)
	}
	e, g := drive(t, build, runner.RunRaid, []step{{"raid.target", "i1"}, {"raid.deck-top", "gold-rum"}})
	if g.Players[runner.PirateSeat].Points() != 1 || !strings.Contains(events(e), "The raided card is Gold Rum") {
		t.Errorf("the named card is shown to both and raided\n%s", events(e))
	}
}

// firstQuestionAfter runs a procedure, gives one answer and returns the
// next question.
func firstQuestionAfter(t *testing.T, build func() *runner.Game, run func(*runner.Game, *referee.T), answer string) *referee.Question {
	t.Helper()
	e, err := referee.Start(func() referee.Game { return &runner.Scenario{G: build(), Run: run} })
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	if err := e.Answer(answer); err != nil {
		t.Fatal(err)
	}
	return e.Next()
}

func TestProvisionalTextsAreFlaggedWhenApplied(t *testing.T) {
	build := func() *runner.Game {
		g := blank(t)
		g.Players[runner.PirateSeat].Supply = 1
		g.AddShip("Longboat", 0, "Peg Leg Paul")
		island(g, "Bivalve Bay").Card = g.Put("Lighthouse", 0, false)
		island(g, "Privateer Point").Card = g.Put("Light Rum", 0, false)
		return g
	}
	e, _ := drive(t, build, runner.RunRaid, []step{{"raid.target", "i3"}, {"effect.choose", "o2"}})
	if !strings.Contains(events(e), "[rr.cards.provisional] Lighthouse is only partly known") {
		t.Errorf("the Lighthouse's raid text is a provisional reading and must say so\n%s", events(e))
	}
	e, _ = drive(t, build, runner.RunRaid, []step{{"raid.target", "i2"}, {"effect.choose", "o2"}})
	if strings.Contains(events(e), "provisional") {
		t.Errorf("the Light Rum's text is read off the card, not provisional\n%s", events(e))
	}
}

func TestHomePortInvestmentIsRaidedBeforeTheDeck(t *testing.T) {
	// Rulings A15: an investment on Home Port sits on top of a rebuilt deck.
	build := func() *runner.Game {
		g := homeTable(t, []string{"Gold Rum"}, nil, 0)()
		island(g, "Home Port").Card = g.Put("Light Rum", 0, false)
		return g
	}
	_, g := drive(t, build, runner.RunRaid, []step{{"raid.target", "i1"}})
	cr := g.Players[runner.CrownSeat]
	if island(g, "Home Port").Card != nil || cr.Deck.Size() != 1 || g.Players[runner.PirateSeat].Points() != 1 {
		t.Errorf("the Light Rum on Home Port is raided, the deck stays\n%s", g.Status(runner.CrownSeat, locale.English, 0))
	}
}
