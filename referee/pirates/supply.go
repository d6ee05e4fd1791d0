package pirates

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"rumref/referee"
)

// supply resolves the "Pirate supply" intersection: the mover draws the
// top ware and looks at it, and rumref asks nothing about it; keep or sell
// is seen by everyone at a real table, so it is asked in public: a kept
// ware goes face down under the flag, a sold one under the stack for 2
// coins. A kept ware is named, in secret, only at the game's end
// (nameWares), and a sold one never (rp.supply.unnamed).
func (g *Game) supply(t *referee.T, p referee.Seat) {
	pl := &g.Players[p]
	if !g.drawUnnamed(t, SortWare, p) {
		return
	}
	// While the player decides, the ware is in their hand.
	pl.Unnamed++
	c := referee.Choose[referee.Key](t)
	c.Add("keep", referee.Text("pirates.supply.keep-under-my"))
	c.Add("sell", referee.Text("pirates.supply.sell-put-under"))
	if c.Pick(t, referee.Question{ID: "supply.keep", Actor: p, Rule: "rp.supply.unnamed",
		Prompt: referee.Text("pirates.supply.draw-top-ware", referee.Str(pl.Name))}) == "keep" {
		t.Say("rp.supply.unnamed", referee.Text("pirates.supply.keeps-ware-face", referee.Str(pl.Name), referee.Count(pl.Unnamed+len(pl.Wares), nWare)))
		return
	}
	pl.Unnamed--
	g.Stacks[SortWare].ReturnUnnamed()
	pl.Coins += 2
	t.Tell("rp.supply.unnamed", referee.Text("pirates.supply.sells-ware-goes", referee.Str(pl.Name), referee.Str(pl.Name)), p, referee.Text("pirates.coins.now", referee.Count(pl.Coins, nCoin)))
}

// nameWares runs at the game's end, before the score: each player who kept wares names them, in secret and on one line
// ("hook 3, parrot 5"), as only the final score needs them. If two players
// name the same tile (the box has one of each), the table is told only
// that their namings clash, each of them alone which tile, and those
// players name theirs again (rp.supply.named; what the naming cannot
// check is rp.supply.named.trust).
func (g *Game) nameWares(t *referee.T) {
	named := make([][]string, len(g.Players))
	var ask []referee.Seat
	for i, pl := range g.Players {
		if pl.Unnamed > 0 {
			ask = append(ask, referee.Seat(i))
		}
	}
	if len(ask) == 0 {
		return
	}
	t.Say("rp.supply.named", referee.Text("pirates.supply.before-score-each"))
	var clashes []referee.Msg
	for len(ask) > 0 {
		for _, p := range ask {
			var clash referee.Msg
			if clashes != nil {
				clash = clashes[p]
			}
			named[p] = g.askWares(t, p, clash)
		}
		ask, clashes = g.clashingWares(t, named)
	}
	st := g.Stacks[SortWare]
	for i, keys := range named {
		pl := &g.Players[i]
		for _, k := range keys {
			st.Name(k)
			pl.Wares = append(pl.Wares, k)
		}
		pl.Unnamed = 0
	}
}

// clashingWares finds the tiles several players named and returns those
// players (in seat order) to name their wares again, with each seat's
// clash ("you and Cy both named the hook 3"). The table is told, in
// public, only whose namings clash; each of them is told in private which
// tiles, and with whom, in a ruling's private part and again in their
// secret question (askWares), which reaches them on a shared laptop too:
// which wares a player kept stays secret while the namings are put right
// (rp.supply.named).
func (g *Game) clashingWares(t *referee.T, named [][]string) ([]referee.Seat, []referee.Msg) {
	clashes := make([][]referee.Msg, len(named)) // each seat's clashes, privately
	var seats []int
	for _, ty := range g.Stacks[SortWare].types {
		seats = seats[:0]
		for i, keys := range named {
			if slices.Contains(keys, ty.Key) {
				seats = append(seats, i)
			}
		}
		if len(seats) < 2 {
			continue
		}
		for _, i := range seats {
			var others []string
			for _, j := range seats {
				if j != i {
					others = append(others, g.Players[j].Name)
				}
			}
			clashes[i] = append(clashes[i], referee.Text("pirates.supply.you-both-named", referee.Words(others, ", ", " and "), theTile(ty.Key)))
		}
	}
	var out []referee.Seat
	var who []string
	told := make([]referee.Msg, len(named))
	for i, c := range clashes {
		if len(c) > 0 {
			out = append(out, referee.Seat(i))
			who = append(who, g.Players[i].Name)
			told[i] = referee.Text("pirates.supply.clashes", referee.List(c, "; ", "; "))
		}
	}
	if len(out) == 0 {
		return nil, nil
	}
	public := referee.Text("pirates.supply.namings-clash-tile", referee.Words(who, ", ", " and "))
	for _, p := range out {
		t.Tell("rp.supply.named", public, p, referee.Text("pirates.supply.your-naming-clashes", referee.Sub(told[p])))
		public = referee.Msg{} // said once
	}
	return out, told
}

// askWares asks player p in secret to name the wares they kept; clash,
// when not zero, is why they are asked again (clashingWares).
func (g *Game) askWares(t *referee.T, p referee.Seat, clash referee.Msg) []string {
	pl := &g.Players[p]
	n := pl.Unnamed
	// The example is the wares after those the players before p kept, in
	// box order: it depends only on public counts, and the examples of
	// all players never clash.
	before := 0
	for i := range p {
		before += g.Players[i].Unnamed
	}
	types := g.Stacks[SortWare].types
	var ex []string
	for i := range n {
		ex = append(ex, types[(before+i)%len(types)].Label)
	}
	example := strings.Join(ex, ", ")
	prompt := referee.Text("pirates.supply.name-you-kept", referee.Str(pl.Name), referee.Count(n, nWare), referee.Str(example))
	if !clash.IsZero() {
		prompt = referee.Text("pirates.supply.your-naming-clashed",
			referee.Str(pl.Name), referee.Sub(clash), referee.Count(n, nWare), referee.Str(example))
	}
	a := t.Ask(referee.Question{ID: "wares.name", Kind: referee.TextLine, Actor: p, Rule: "rp.supply.named", Secret: true, Example: example,
		Prompt: prompt,
		Check: func(s string) error {
			_, err := parseWares(s, n)
			return err
		}})
	w, _ := parseWares(a, n)
	return w
}

// wareWords is how a line names wares, made once: the kinds as typed
// ("peg leg"), in the order of WareKinds; the help a refusal ends with;
// and the separators read as spaces.
var wareWords = sync.OnceValue(func() *wareSpelling {
	w := &wareSpelling{kinds: make([]string, len(WareKinds)), separators: strings.NewReplacer(",", " ", "-", " ", ";", " ")}
	for i, k := range WareKinds {
		w.kinds[i] = strings.ReplaceAll(k, "-", " ")
	}
	w.help = fmt.Sprintf("name each ware by kind and value, for example hook 3 (kinds: %s; values 2 to 5)", strings.Join(w.kinds, ", "))
	return w
})

type wareSpelling struct {
	kinds      []string
	help       string
	separators *strings.Replacer
}

// parseWares reads a line naming exactly n wares, each a kind and a value
// ("hook 3, peg leg 5", or tile keys such as "peg-leg-5"), into tile keys,
// or says what is wrong and what to type.
func parseWares(line string, n int) ([]string, error) {
	ww := wareWords()
	kinds, help := ww.kinds, ww.help
	words := strings.Fields(ww.separators.Replace(strings.ToLower(line)))
	var out, name []string
	for _, w := range words {
		v, err := strconv.Atoi(w)
		if err != nil {
			name = append(name, w)
			continue
		}
		kind := strings.Join(name, " ")
		name = nil
		i := slices.Index(kinds, kind)
		switch {
		case kind == "":
			return nil, fmt.Errorf("%d has no ware kind before it: %s", v, help)
		case i < 0:
			return nil, fmt.Errorf("%q is not a ware kind: %s", kind, help)
		case v < 2 || v > 5:
			return nil, fmt.Errorf("no %s has the value %d: %s", kind, v, help)
		}
		k := WareKinds[i] + "-" + strconv.Itoa(v)
		if slices.Contains(out, k) {
			return nil, fmt.Errorf("the %s is named twice, and the box holds one: %s", mustTile(k).Label, help)
		}
		out = append(out, k)
	}
	if len(name) > 0 {
		return nil, fmt.Errorf("%q has no value after it: %s", strings.Join(name, " "), help)
	}
	if len(out) != n {
		return nil, fmt.Errorf("you kept %d and named %d: name exactly %d, for example hook 3", n, len(out), n)
	}
	return out, nil
}
