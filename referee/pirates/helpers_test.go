package pirates_test

import (
	"fmt"
	"strings"
	"testing"

	"rumref/locale"
	"rumref/referee"
	"rumref/referee/pirates"
	"rumref/setup"
)

// scene runs one procedure of a game whose state a test built directly.
type scene struct {
	*pirates.Game
	run func(g *pirates.Game, t *referee.T)
}

// Play runs the scene's procedure instead of a whole game.
func (s scene) Play(t *referee.T) { s.run(s.Game, t) }

var colors = []string{"gold", "violet", "black", "silver", "blue"}
var names = []string{"Ann", "Bo", "Cy", "Di", "Ed"}

// fixedBoard is the board of the fixed layout (sections 1-9 in reading
// order, none turned).
func fixedBoard(tb testing.TB) *pirates.Board {
	tb.Helper()
	b, err := setup.Assemble(setup.FixedLayout())
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// config is an n-player setup starting with seat 0.
func config(n int) pirates.Config {
	c := pirates.NewConfig(setup.FixedLayout())
	for i := range n {
		c.Players = append(c.Players, pirates.PlayerConfig{Name: names[i], Color: colors[i]})
	}
	return c
}

// freshGame is an n-player game on the fixed board with the displays laid
// out from the stacks: pubs swan-3 swan-4 escruce-2 frere-5, chest-5 and
// scorpion-12, maps rose-3 rose-6 green-4 yellow-5.
func freshGame(tb testing.TB, n int) *pirates.Game {
	g := pirates.New(config(n), fixedBoard(tb))
	g.Pubs = takeAll(g, pirates.SortPub, "swan-3", "swan-4", "escruce-2", "frere-5")
	g.Chest = takeAll(g, pirates.SortChest, "chest-5")[0]
	g.Scorpion = takeAll(g, pirates.SortScorpion, "scorpion-12")[0]
	g.Maps = takeAll(g, pirates.SortMap, "map-rose-3", "map-rose-6", "map-green-4", "map-yellow-5")
	g.Bunk = takeAll(g, pirates.SortBunk, "bunk-7")[0]
	g.Hammock = takeAll(g, pirates.SortHammock, "hammock-4")[0]
	if n >= 4 {
		g.Bedroll = takeAll(g, pirates.SortBedroll, "bedroll-1")[0]
	}
	g.Phase = pirates.PhaseAction
	return g
}

// takeAll removes tiles from a stack and returns them.
func takeAll(g *pirates.Game, s pirates.TileSort, keys ...string) []string {
	for _, k := range keys {
		g.Stacks[s].Take(k)
	}
	return keys
}

// at finds an intersection by name.
func at(tb testing.TB, b *pirates.Board, name string) int {
	tb.Helper()
	for _, in := range b.Intersections {
		if in.Name == name {
			return in.ID
		}
	}
	tb.Fatalf("no intersection %q", name)
	return -1
}

// between finds the ordinary alleys joining two intersections.
func between(b *pirates.Board, x, y int) []int {
	var out []int
	for _, a := range b.Alleys {
		if !a.Dark && ((a.A == x && a.B == y) || (a.A == y && a.B == x)) {
			out = append(out, a.ID)
		}
	}
	return out
}

// darkAt lists the dark alleys at intersection c.
func darkAt(b *pirates.Board, c int) []int {
	var out []int
	for _, a := range b.Alleys {
		if a.Dark && a.A == c {
			out = append(out, a.ID)
		}
	}
	return out
}

// key is the option key of an alley.
func key(id int) string { return fmt.Sprintf("a%d", id) }

// fillAround puts seat p's pirates (on paper) into every alley touching c,
// except the listed ones.
func fillAround(g *pirates.Game, c, p int, except ...int) {
	for _, id := range g.Board.At[c] {
		skip := false
		for _, e := range except {
			skip = skip || e == id
		}
		if !skip {
			g.Occupant[id] = p
		}
	}
}

// run starts a scene and answers the steps in order; each step is
// "question.id=answer", and the pending question must have that ID.
func run(tb testing.TB, build func() *pirates.Game, proc func(*pirates.Game, *referee.T), steps ...string) (*pirates.Game, *referee.Engine) {
	tb.Helper()
	e, err := referee.Start(func() referee.Game { return scene{build(), proc} })
	if err != nil {
		tb.Fatal(err)
	}
	for i, s := range steps {
		id, ans, _ := strings.Cut(s, "=")
		q := e.Next()
		if q == nil {
			tb.Fatalf("step %d %s: the scene is over; events:\n%s", i+1, s, events(e))
		}
		if q.ID != id {
			tb.Fatalf("step %d: asked %s (%s, options %v), want %s; events:\n%s", i+1, q.ID, q.Text, q.Options, id, events(e))
		}
		if err := e.Answer(ans); err != nil {
			tb.Fatalf("step %d %s: %v", i+1, s, err)
		}
	}
	return e.Game().(scene).Game, e
}

// turn runs one turn of seat p.
func turn(p int) func(*pirates.Game, *referee.T) {
	return func(g *pirates.Game, t *referee.T) { g.TurnForTest(t, p) }
}

// events is the public log of an engine, one event a line.
func events(e *referee.Engine) string {
	var b strings.Builder
	for _, ev := range e.Events() {
		fmt.Fprintf(&b, "[%s] %s\n", ev.Rule, ev.For(referee.Public))
	}
	return b.String()
}

// pending returns the pending question's ID, or "" when the scene is over.
func pending(e *referee.Engine) string {
	if q := e.Next(); q != nil {
		return q.ID
	}
	return ""
}

// optionKeys lists the pending question's option keys.
func optionKeys(e *referee.Engine) []string {
	var out []string
	for _, o := range e.Next().Options {
		out = append(out, o.Key)
	}
	return out
}

// hasEvent reports whether some event has the rule and contains text.
// It compares what the event says: under the catalog check
// (RUMREF_LOCALE_CHECK=1) the event's text carries the marks, around
// each message and each nested one ("Ann⁨ and ⁩Cy"), and text has none.
func hasEvent(e *referee.Engine, rule, text string) bool {
	for _, ev := range e.Events() {
		if ev.Rule == rule && strings.Contains(locale.Unmark(ev.Text), text) {
			return true
		}
	}
	return false
}
