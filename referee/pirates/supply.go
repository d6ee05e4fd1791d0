package pirates

import (
	"slices"
	"strconv"
	"strings"
	"sync"

	"rumref/locale"
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
	var exm []referee.Msg
	for i := range n {
		ty := types[(before+i)%len(types)]
		ex, exm = append(ex, ty.Label), append(exm, ty.Msg())
	}
	example := strings.Join(ex, ", ")
	prompt := referee.Text("pirates.supply.name-you-kept", referee.Str(pl.Name), referee.Count(n, nWare), referee.List(exm, ", ", ", "))
	if !clash.IsZero() {
		prompt = referee.Text("pirates.supply.your-naming-clashed",
			referee.Str(pl.Name), referee.Sub(clash), referee.Count(n, nWare), referee.List(exm, ", ", ", "))
	}
	a := t.Ask(referee.Question{ID: "wares.name", Kind: referee.TextLine, Actor: p, Rule: "rp.supply.named", Secret: true, Example: example,
		ExampleMsg: referee.Text("pirates.supply.example", referee.List(exm, ", ", ", ")),
		Prompt:     prompt,
		Check: func(s string) error {
			_, err := parseWares(s, n)
			return err
		}})
	w, _ := parseWares(a, n)
	return w
}

// wareWords is how a line names wares, made once: the kinds as typed in
// every language ("peg leg", "Holzbein"), in the order of WareKinds, and
// the separators read as spaces. A language's names are made the first
// time a line is read past the languages before it (English first), so
// that an English line does not read the German catalog (rumref show
// replays such lines: 0.1 ms, measured 2026-12-02).
var wareWords = sync.OnceValue(func() *wareSpelling {
	w := &wareSpelling{separators: strings.NewReplacer(",", " ", "-", " ", ";", " ")}
	for _, l := range locale.All {
		w.kinds = append(w.kinds, sync.OnceValue(func() []string {
			names := make([]string, len(WareKinds))
			for i, k := range WareKinds {
				names[i] = strings.ToLower(locale.Unmark(l.Sprintf(keyOf("pirates.ware.", k))))
			}
			return names
		}))
	}
	return w
})

type wareSpelling struct {
	kinds      []func() []string // by language, then kind
	separators *strings.Replacer
}

// kind is the index in WareKinds of a kind as typed, or -1.
func (w *wareSpelling) kind(typed string) int {
	for _, names := range w.kinds {
		if i := slices.Index(names(), typed); i >= 0 {
			return i
		}
	}
	return -1
}

// wareHelp is what a refusal of a wares line ends with.
func wareHelp() referee.Arg {
	kinds := make([]referee.Msg, len(WareKinds))
	for i, k := range WareKinds {
		kinds[i] = referee.Text(keyOf("pirates.ware.", k))
	}
	return referee.Sub(referee.Text("pirates.wares.help", referee.List(kinds, ", ", ", ")))
}

// parseWares reads a line naming exactly n wares, each a kind and a value
// ("hook 3, peg leg 5", "Haken 3", or tile keys such as "peg-leg-5"),
// into tile keys, or says what is wrong and what to type.
func parseWares(line string, n int) ([]string, error) {
	ww := wareWords()
	refuse := func(key string, args ...referee.Arg) error {
		return referee.Errorf(key, append(args, wareHelp())...)
	}
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
		i := ww.kind(kind)
		switch {
		case kind == "":
			return nil, refuse("pirates.wares.no-kind", referee.Int(v))
		case i < 0:
			return nil, refuse("pirates.wares.not-kind", referee.Str(kind))
		case v < 2 || v > 5:
			return nil, refuse("pirates.wares.no-value", referee.Sub(referee.Text(keyOf("pirates.ware.", WareKinds[i]))), referee.Int(v))
		}
		k := WareKinds[i] + "-" + strconv.Itoa(v)
		if slices.Contains(out, k) {
			return nil, refuse("pirates.wares.twice", theTile(k))
		}
		out = append(out, k)
	}
	if len(name) > 0 {
		return nil, refuse("pirates.wares.no-number", referee.Str(strings.Join(name, " ")))
	}
	if len(out) != n {
		return nil, referee.Errorf("pirates.wares.count", referee.Int(n), referee.Int(len(out)), referee.Int(n))
	}
	return out, nil
}
