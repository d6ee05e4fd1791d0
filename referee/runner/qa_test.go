package runner_test

import (
	"strings"
	"testing"

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

func TestPirateDiscardKeepsTheHandSecret(t *testing.T) {
	build := func() *runner.Game {
		g := blank(t)
		g.Players[runner.PirateSeat].Hand = []string{"Galleon", "Doug Doubloon"}
		return g
	}
	e, g := drive(t, build, runner.RunDiscard(runner.PirateSeat), []step{{"discard.card", "galleon"}})
	if asked, secret := secretAsked(e, "discard.card"); !asked || !secret {
		t.Error("the pirate's discard lists the pirate's hand and must be asked in secret")
	}
	if strings.Join(g.Players[runner.PirateSeat].Discard, ",") != "Galleon" {
		t.Error(g.Status(runner.PirateSeat))
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
		t.Error(g.Status(runner.CrownSeat))
	}
}
