package pirates

import (
	"slices"

	"rumref/referee"
)

// roll asks for the die of a contest (a pub, the scorpion chest or the
// wrangle) and returns the result that stands. One rum barrel buys up to
// two re-rolls of this roll, the last result stands, unused re-rolls
// lapse, and further barrels may be spent on the same roll: a player
// holding rum answers in one go, the die or r and the result after a
// barrel (rollWithRum). id is the contest's question ID, e.g. "pub.roll",
// and contest names the contest in the texts (Str or Sub); the imaginary
// player never uses rum. Rum is offered only where it can help: not when
// best reports that no other roll could serve the roller better (a 6 in a
// wrangle, a pub roll that beats every tile left, a scorpion total that
// stings whatever the roll).
func (g *Game) roll(t *referee.T, p referee.Seat, id string, contest referee.Arg, best func(n int) bool) int {
	helps := func(n int) bool { return !best(n) }
	var n int
	if p != referee.Imaginary && g.Players[p].Rum > 0 && slices.ContainsFunc([]int{1, 2, 3, 4, 5, 6}, helps) {
		n = g.rollWithRum(t, p, id, contest, helps)
	} else {
		actor := p
		if p == referee.Imaginary {
			actor = referee.Table
		}
		n = askDie(t, id, actor, referee.Text("pirates.dice.rolls-die-what", contest, g.who(p)), "rp.dice")
		if p == referee.Imaginary {
			return n
		}
	}
	t.Say("rp.dice", referee.Text("pirates.dice.roll-stands", contest, g.who(p), referee.Int(n)))
	return n
}

// askDie asks for a die result from 1 to 6.
func askDie(t *referee.T, id string, actor referee.Seat, text referee.Msg, rule string) int {
	return t.AskNumber(referee.Question{ID: id, Actor: actor, Min: 1, Max: 6, Prompt: text, Rule: rule})
}

// rollWithRum is the roll of a player holding rum, one answer: the die
// ("4"), or "r" and the result after handing back a barrel for up to two
// re-rolls ("r5"), as the table says it: only the result that stands
// matters. After a barrel, if another could still help, the player may
// hand back the next one (rum.more), and so on. It returns the result
// that stands.
func (g *Game) rollWithRum(t *referee.T, p referee.Seat, id string, contest referee.Arg, helps func(int) bool) int {
	pl := &g.Players[p]
	c := referee.Choose[rolled](t)
	for d := 1; d <= 6; d++ {
		c.Add(rolled{die: d}, referee.Text("pirates.dice.die", referee.Int(d)))
	}
	for d := 1; d <= 6; d++ {
		c.Add(rolled{die: d, rum: true}, referee.Text("pirates.dice.after-rum-barrel", referee.Int(d)))
	}
	r := c.Pick(t, referee.Question{ID: id, Actor: p, Rule: "rp.dice",
		Prompt: referee.Text("pirates.dice.rolls-die-what-2", contest, referee.Str(pl.Name))})
	n := r.die
	for spent := r.rum; spent; {
		g.handBackBarrel(p)
		t.Say("rp.rum", referee.Text("pirates.dice.hands-back-rum", referee.Str(pl.Name), referee.Int(pl.Rum), referee.Int(n)))
		if pl.Rum == 0 || !helps(n) {
			break
		}
		n, spent = rumChoice(t, "rum.more", p, referee.Text("pirates.dice.re-rolls-end", contest, referee.Str(pl.Name), referee.Int(n), referee.Int(pl.Rum)), n, "pirates.dice.another")
	}
	return n
}

// rolled is an answer to a roll question: the die's result, or the
// result that stands after a rum barrel's re-rolls, or keeping the roll
// that stands (rum.more). Its keys are the die's number ("4"), r and the
// result ("r5"), and "keep".
type rolled struct {
	die  int
	rum  bool
	keep bool
}

// dieKeys and rumKeys are the keys of a die's result, "1" to "6", and of
// a result after a rum barrel, "r1" to "r6", made once.
var (
	dieKeys = referee.NewKeys("", 7)
	rumKeys = referee.NewKeys("r", 7)
)

// Key is the answer's stable key.
func (r rolled) Key() string {
	switch {
	case r.keep:
		return "keep"
	case r.rum:
		return rumKeys.Of(r.die)
	}
	return dieKeys.Of(r.die)
}

// rumChoice asks whether p keeps roll n or re-rolls, and what the re-roll
// showed: options r1 to r6 are the re-roll's result, in that order (so a
// typed digit, an option's place in the list, is the die's number), then
// "keep".
func rumChoice(t *referee.T, id string, p referee.Seat, prompt referee.Msg, n int, label string) (int, bool) {
	c := referee.Choose[rolled](t)
	for d := 1; d <= 6; d++ {
		c.Add(rolled{die: d, rum: true}, referee.Text(label, referee.Int(d)))
	}
	c.Add(rolled{keep: true}, referee.Text("pirates.dice.keep", referee.Int(n)))
	r := c.Pick(t, referee.Question{ID: id, Actor: p, Rule: "rp.rum", Prompt: prompt})
	if r.keep {
		return n, false
	}
	return r.die, true
}
