package pirates

import (
	"slices"

	"rumref/referee"
)

// roll asks the player to roll the die for a contest (a pub, the scorpion
// chest or the wrangle) and then offers rum-barrel re-rolls: one barrel
// buys up to two re-rolls of this roll, the last result stands, unused
// re-rolls lapse, and further barrels may be spent on the same roll. It
// returns the result that stands. id is the contest's question ID, e.g.
// "pub.roll", and contest names the contest in the texts (Str or Sub); the imaginary
// player never uses rum.
//
// Under revisionAsksLess rum is offered only where it can help: not when
// best reports that no other roll could serve the roller better (a 6 in a
// wrangle, a pub roll that beats every tile left, a scorpion total that
// stings whatever the roll), and not again in the same roll once the
// player keeps a re-rolled result.
func (g *Game) roll(t *referee.T, p referee.Seat, id string, contest referee.Arg, best func(n int) bool) int {
	actor := p
	if p == referee.Imaginary {
		actor = referee.Table
	}
	helps := func(n int) bool { return !g.asksLess() || !best(n) }
	var n int
	if g.rumInOne() && p != referee.Imaginary && g.Players[p].Rum > 0 && slices.ContainsFunc([]int{1, 2, 3, 4, 5, 6}, helps) {
		n = g.rollWithRum(t, p, id, contest, helps)
	} else {
		n = askDie(t, id, actor, referee.Text("%s: %s rolls the die. What did it show?", contest, referee.Str(g.name(p))), "rp.dice")
		if p == referee.Imaginary {
			return n
		}
		if g.asksNeeded() && !g.rumInOne() {
			n = g.rumRerolls(t, p, contest, n, helps)
		} else {
			n = g.rumSpends(t, p, contest, n, helps)
		}
	}
	t.Say("rp.dice", referee.Text("%s: %s's roll stands at %d.", contest, referee.Str(g.name(p)), referee.Int(n)))
	return n
}

// rumSpends offers rum after roll n in games of rules revisions before
// revisionAsksNeeded, and under revisionRumInOne to a player whose rum
// cannot help: whether to spend a barrel (rum.spend), the re-roll's
// result, whether to use the barrel's second re-roll, and so on. It
// returns the result that stands.
func (g *Game) rumSpends(t *referee.T, p referee.Seat, contest referee.Arg, n int, helps func(int) bool) int {
	for g.Players[p].Rum > 0 && helps(n) {
		pl := &g.Players[p]
		c := referee.Choose[referee.Key](t)
		c.Add("keep", referee.Text("Keep the %d", referee.Int(n)))
		c.AddText("spend", "Spend 1 barrel and re-roll")
		if c.Pick(t, referee.Question{ID: "rum.spend", Actor: p, Rule: "rp.rum",
			Prompt: referee.Text("%s: %s rolled %d. Spend a rum barrel for up to two re-rolls? (%d barrels)", contest, referee.Str(pl.Name), referee.Int(n), referee.Int(pl.Rum))}) != "spend" {
			break
		}
		g.handBackBarrel(p)
		t.Say("rp.rum", referee.Text("%s hands back a rum barrel (%d left) for up to two re-rolls.", referee.Str(pl.Name), referee.Int(pl.Rum)))
		n = askDie(t, "rum.reroll", p, referee.Text("%s: %s re-rolls. What did it show?", contest, referee.Str(pl.Name)), "rp.rum")
		if !helps(n) {
			break
		}
		again := referee.Choose[referee.Key](t)
		again.Add("keep", referee.Text("Keep the %d", referee.Int(n)))
		again.AddText("reroll", "Re-roll again (the new result stands)")
		if again.Pick(t, referee.Question{ID: "rum.again", Actor: p, Rule: "rp.rum",
			Prompt: referee.Text("%s: %s re-rolled %d. Use the second re-roll of this barrel?", contest, referee.Str(pl.Name), referee.Int(n))}) == "reroll" {
			n = askDie(t, "rum.reroll", p, referee.Text("%s: %s re-rolls a second time. What did it show?", contest, referee.Str(pl.Name)), "rp.rum")
		} else if g.asksLess() {
			break
		}
	}
	return n
}

// askDie asks for a die result from 1 to 6.
func askDie(t *referee.T, id string, actor referee.Seat, text referee.Msg, rule string) int {
	return t.AskNumber(referee.Question{ID: id, Actor: actor, Min: 1, Max: 6, Prompt: text, Rule: rule})
}

// rollWithRum is the roll of a player holding rum under
// revisionRumInOne, where a roll with rum takes one answer: the die
// ("4"), or "r" and the result after handing back a barrel for up to two
// re-rolls ("r5"), as the table says it: only the result that stands
// matters. After a barrel, if another could still help, the player may
// hand back the next one (rum.more), and so on. It returns the result
// that stands.
func (g *Game) rollWithRum(t *referee.T, p referee.Seat, id string, contest referee.Arg, helps func(int) bool) int {
	pl := &g.Players[p]
	c := referee.Choose[rolled](t)
	for d := 1; d <= 6; d++ {
		c.Add(rolled{die: d}, referee.Text("%d", referee.Int(d)))
	}
	for d := 1; d <= 6; d++ {
		c.Add(rolled{die: d, rum: true}, referee.Text("%d after a rum barrel (up to two re-rolls; the last stands)", referee.Int(d)))
	}
	r := c.Pick(t, referee.Question{ID: id, Actor: p, Rule: "rp.dice",
		Prompt: referee.Text("%s: %s rolls the die. What did it show? (With rum, r and the result that stands, e.g. r5.)", contest, referee.Str(pl.Name))})
	n := r.die
	for spent := r.rum; spent; {
		g.handBackBarrel(p)
		t.Say("rp.rum", referee.Text("%s hands back a rum barrel (%d left) and re-rolls: %d.", referee.Str(pl.Name), referee.Int(pl.Rum), referee.Int(n)))
		if pl.Rum == 0 || !helps(n) {
			break
		}
		n, spent = rumChoice(t, "rum.more", p, referee.Text("%s: %s's re-rolls end at %d. Keep it, or hand back another barrel (%d left): what did its re-rolls end at?", contest, referee.Str(pl.Name), referee.Int(n), referee.Int(pl.Rum)), n, "Another barrel: its re-rolls end at %d")
	}
	return n
}

// rumRerolls offers rum after roll n in games of rules revision 3 (saves
// written before revisionRumInOne; see rollWithRum for today's): the
// re-roll's result is the answer, "keep" or the number the re-roll showed
// (a barrel is handed back for it). After a barrel's first re-roll the
// player keeps it or gives the second re-roll's number; keeping settles
// the roll, and after the second another barrel may be offered. It
// returns the result that stands.
func (g *Game) rumRerolls(t *referee.T, p referee.Seat, contest referee.Arg, n int, helps func(int) bool) int {
	pl := &g.Players[p]
	for pl.Rum > 0 && helps(n) {
		r, ok := rumChoice(t, "rum.use", p, referee.Text("%s: %s rolled %d. Keep it, or hand back a rum barrel (%d left) and re-roll: what did the re-roll show?", contest, referee.Str(pl.Name), referee.Int(n), referee.Int(pl.Rum)), n, "Spend a barrel: the re-roll shows %d")
		if !ok {
			return n
		}
		g.handBackBarrel(p)
		n = r
		t.Say("rp.rum", referee.Text("%s hands back a rum barrel (%d left) and re-rolls a %d.", referee.Str(pl.Name), referee.Int(pl.Rum), referee.Int(n)))
		if !helps(n) {
			return n
		}
		r, ok = rumChoice(t, "rum.second", p, referee.Text("%s: %s re-rolled %d. Keep it, or use the barrel's second re-roll: what did it show?", contest, referee.Str(pl.Name), referee.Int(n)), n, "Second re-roll: it shows %d")
		if !ok {
			return n
		}
		n = r
		t.Say("rp.rum", referee.Text("%s re-rolls a second time: %d.", referee.Str(pl.Name), referee.Int(n)))
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
	c.Add(rolled{keep: true}, referee.Text("Keep the %d", referee.Int(n)))
	r := c.Pick(t, referee.Question{ID: id, Actor: p, Rule: "rp.rum", Prompt: prompt})
	if r.keep {
		return n, false
	}
	return r.die, true
}
