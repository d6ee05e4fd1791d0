package runner

import (
	"slices"

	"rumref/referee"
)

// SkillUse records the skill icons of one party card spent in this raid.
type SkillUse struct {
	ID         int `json:"id"`
	Navigation int `json:"navigation"`
	Combat     int `json:"combat"`
}

// Raid is a raid in progress.
type Raid struct {
	Island  int          `json:"island"`
	Party   []*ShipPiece `json:"-"`
	Spent   []SkillUse   `json:"spent,omitempty"`
	Stopped bool         `json:"stopped"`
}

// island is an island's index offered in a question; its key is "i" and
// the island's number (1-based).
type island int

// islandKeys are the keys of the islands, made once.
var islandKeys = referee.NewKeys("i", 16)

// Key is the island's option key.
func (i island) Key() string { return islandKeys.Of(int(i) + 1) }

// choice is one of a card's alternatives (a hazard's costs, a "choose
// one"); its key is "o" and its number (1-based).
type choice int

// choiceKeys are the keys of the alternatives, made once.
var choiceKeys = referee.NewKeys("o", 16)

// Key is the alternative's option key.
func (c choice) Key() string { return choiceKeys.Of(int(c) + 1) }

// cardName is a card offered by name; its key is its slug.
type cardName string

// Key is the card's option key.
func (n cardName) Key() string { return slug(string(n)) }

// skillSources lists the party cards with icons of a skill left unspent,
// and how many each has left.
func (r *Raid) skillSources(g *Game, op Op) ([]*Piece, []int) {
	var ps []*Piece
	var left []int
	for _, s := range r.Party {
		for _, p := range append([]*Piece{&s.Piece}, s.Crew...) {
			c := g.card(p.Name)
			have := c.Navigation
			if op == OpCombat {
				have = c.Combat
			}
			for _, u := range r.Spent {
				if u.ID == p.ID {
					if op == OpCombat {
						have -= u.Combat
					} else {
						have -= u.Navigation
					}
				}
			}
			if have > 0 {
				ps = append(ps, p)
				left = append(left, have)
			}
		}
	}
	return ps, left
}

// available counts unspent icons of a skill among the party (rulings A12).
func (r *Raid) available(g *Game, op Op) int {
	_, left := r.skillSources(g, op)
	n := 0
	for _, l := range left {
		n += l
	}
	return n
}

func (r *Raid) use(id int, op Op) {
	i := slices.IndexFunc(r.Spent, func(u SkillUse) bool { return u.ID == id })
	if i < 0 {
		r.Spent = append(r.Spent, SkillUse{ID: id})
		i = len(r.Spent) - 1
	}
	if op == OpCombat {
		r.Spent[i].Combat++
	} else {
		r.Spent[i].Navigation++
	}
}

// spend spends n icons of a skill; the pirate picks whose icons when there
// is a real choice (rulings A12).
func (r *Raid) spend(t *referee.T, g *Game, op Op, n int) {
	for k := 0; k < n; k++ {
		ps, left := r.skillSources(g, op)
		total := 0
		for _, l := range left {
			total += l
		}
		var pick *Piece
		if total == 0 {
			t.Say("rr.raid.skills", referee.Text("runner.raid.no-icon", referee.Sub(skillName(op))))
			return
		}
		if total <= n-k || len(ps) == 1 {
			pick = ps[0]
		} else {
			c := referee.Choose[*Piece](t)
			for i, p := range ps {
				c.Add(p, referee.Text("runner.raid.icons-left", referee.Sub(g.labelMsg(p)), referee.Int(left[i]), referee.Sub(skillName(op))))
			}
			pick = c.Pick(t, referee.Question{ID: "raid.skill", Actor: PirateSeat, Rule: "rr.raid.skills",
				Prompt: referee.Text("runner.raid.spend-whose", referee.Sub(skillName(op)), referee.Int(k+1), referee.Int(n))})
		}
		r.use(pick.ID, op)
		t.Say("rr.raid.skills", referee.Text("runner.raid.spent", referee.Sub(skillName(op)), referee.Sub(g.labelMsg(pick))))
	}
}

// skillName is the name of a skill (navigation or combat).
func skillName(op Op) referee.Msg {
	if op == OpCombat {
		return referee.Text("runner.skill.combat")
	}
	return referee.Text("runner.skill.navigation")
}

// canRaid reports whether the Raid action is legal (rulings A10).
func (g *Game) canRaid() bool { return len(g.readyShips()) > 0 && g.pirate().Supply >= 1 }

// raid runs the six steps of a raid. A fixed party (Treasure Map) skips
// the party step and its fee.
func (g *Game) raid(t *referee.T, fixed []*ShipPiece) {
	p := g.pirate()
	c := referee.Choose[island](t)
	for i, is := range g.Islands {
		c.Add(island(i), g.islandSummary(is))
	}
	r := &Raid{Island: int(c.Pick(t, referee.Question{ID: "raid.target", Actor: PirateSeat, Rule: "rr.raid.target",
		Prompt: referee.Text("runner.raid.which-island", referee.Str(p.Name))}))}
	g.lastRaid = false
	is := g.Islands[r.Island]
	t.Say("rr.raid.target", referee.Text("runner.raid.target", is.term()))
	g.Raid = r
	if fixed != nil {
		r.Party = fixed
	} else {
		for {
			var ready []*ShipPiece
			for _, s := range g.readyShips() {
				if !slices.Contains(r.Party, s) {
					ready = append(ready, s)
				}
			}
			if len(ready) == 0 || p.Supply == 0 {
				break
			}
			var done referee.Msg
			if len(r.Party) > 0 {
				done = referee.Text("runner.raid.no-more-ships")
			}
			x := g.choosePiece(t, "raid.party", PirateSeat, referee.Text("runner.raid.which-ship", referee.Int(p.Supply)), "rr.raid.party", g.shipPieces(ready), done)
			if x == nil {
				break
			}
			s := g.shipOf(x)
			p.Supply--
			s.Coins++
			r.Party = append(r.Party, s)
			t.Say("rr.raid.party", referee.Text("runner.raid.joins", referee.Sub(g.labelMsg(x)), referee.Count(len(s.Crew), "runner.noun.crew")))
		}
	}
	g.raise(t, is)
	success := g.faceHazards(t, r, is)
	if g.Over {
		return
	}
	if success {
		t.Say("rr.raid.island", referee.Text("runner.raid.success", is.term()))
		g.raidIsland(t, is)
		if g.Over {
			return
		}
	}
	// Crew texts and the card that started the raid may depend on its
	// outcome (rules 74-75): they see this raid's result.
	g.lastRaid = success
	g.crewEffects(t, r)
	g.Raid = nil
}

// raise lets the crown flip face-down hazards at the target island, in any
// order, by paying their cost, then add coins (rules 51-55, rulings A22, A23).
// The question is asked while any face-down hazard there is still
// undecided, even when none is affordable, and it is public and names the
// hazards by place only, every face-down one there: raising is done in
// the open at the table, a card turned face-up or none, so the crown
// answers at the shared screen and no laptop is passed. A hazard the
// crown cannot pay for stays face-down; the table reads only that the
// crown leaves it, and the crown alone is told why.
func (g *Game) raise(t *referee.T, is *IslandPlace) {
	cr := g.crown()
	var decided []*Piece
	for {
		c := referee.Choose[*Piece](t)
		waiting := false
		for i := len(is.Hazards) - 1; i >= 0; i-- {
			h := is.Hazards[i]
			if h.Up || containsPiece(decided, h) {
				continue
			}
			waiting = true
			c.Add(h, referee.Text("runner.raise.option", referee.Sub(g.labelMsg(h))))
		}
		if !waiting {
			break
		}
		c.Add(nil, referee.Text("runner.raise.nothing"))
		h := c.Pick(t, referee.Question{ID: "raid.raise", Actor: CrownSeat, Rule: "rr.raid.raise",
			Prompt: referee.Text("runner.raise.ask", referee.Str(cr.Name), referee.Sub(g.partySummary()), is.term(), referee.Count(cr.Supply, "runner.noun.coin"))})
		if h == nil {
			break
		}
		decided = append(decided, h)
		desc := g.labelMsg(h)
		cost := g.card(h.Name).Cost
		if cost > cr.Supply+h.Coins {
			t.Tell("rr.raid.raise", referee.Text("runner.raise.leaves", referee.Sub(desc)), CrownSeat, referee.Text("runner.raise.cannot", referee.Str(h.Name), referee.Int(cost), referee.Int(cr.Supply+h.Coins)))
			continue
		}
		lo, hi := max(0, cost-cr.Supply), min(cost, h.Coins)
		fromCard := lo
		if lo < hi {
			fromCard = t.AskNumber(referee.Question{ID: "raid.raise.card-coins", Actor: CrownSeat, Min: lo, Max: hi,
				Rule: "rr.raid.raise", Prompt: referee.Text("runner.raise.from-card", referee.Count(cost, "runner.noun.coin"))})
		}
		h.Coins -= fromCard
		cr.Supply -= cost - fromCard
		h.Up = true
		t.Say("rr.raid.raise", referee.Text("runner.raise.raised", referee.Str(h.Name), referee.Int(cost), referee.Int(fromCard), referee.Int(cost-fromCard)))
		if cr.Supply > 0 {
			n := t.AskNumber(referee.Question{ID: "raid.raise.extra", Actor: CrownSeat, Min: 0, Max: cr.Supply,
				Rule: "rr.raid.raise", Prompt: referee.Text("runner.raise.extra", referee.Str(h.Name), referee.Int(cr.Supply))})
			if n > 0 {
				cr.Supply -= n
				h.Coins += n
				t.Say("rr.raid.raise", referee.Text("runner.raise.added", referee.Count(n, "runner.noun.coin"), referee.Str(h.Name)))
			}
		}
	}
	down := 0
	for _, h := range is.Hazards {
		if !h.Up {
			down++
		}
	}
	if down > 0 {
		t.Say("rr.raid.raise", referee.Text("runner.raise.left", is.term(), referee.Int(down)))
	}
}

// faceHazards runs step 4 and reports whether the raid succeeded.
func (g *Game) faceHazards(t *referee.T, r *Raid, is *IslandPlace) bool {
	var row []*Piece
	for i := len(is.Hazards) - 1; i >= 0; i-- {
		if is.Hazards[i].Up {
			row = append(row, is.Hazards[i])
		}
	}
	for _, h := range row {
		if at, _ := g.locate(h); at != is || !h.Up {
			continue
		}
		c := g.card(h.Name)
		ctx := &effectCtx{actor: PirateSeat, card: c, piece: h, rule: "rr.raid.hazards"}
		var payable []int
		for i, o := range c.Options {
			if g.allPossible(ctx, o) {
				payable = append(payable, i)
			}
		}
		failed := false
		switch len(payable) {
		case 0:
			failed = true
			t.Say("rr.raid.hazards", referee.Text("runner.hazard.cannot-pay", referee.Str(c.Name), referee.Sub(optionList(c))))
		case 1:
			t.Say("rr.raid.hazards", referee.Text("runner.hazard.only-cost", referee.Str(c.Name), referee.Sub(effectsMsg(c.Options[payable[0]]))))
			g.apply(t, ctx, c.Options[payable[0]])
		default:
			pc := referee.Choose[choice](t)
			for _, i := range payable {
				pc.Add(choice(i), effectsMsg(c.Options[i]))
			}
			i := pc.Pick(t, referee.Question{ID: "raid.hazard.cost", Actor: PirateSeat, Rule: "rr.raid.hazards",
				Prompt: referee.Text("runner.hazard.which-cost", referee.Str(c.Name), referee.Sub(optionList(c)))})
			t.Say("rr.raid.hazards", referee.Text("runner.hazard.pays", referee.Sub(effectsMsg(c.Options[i])), referee.Str(c.Name)))
			g.apply(t, ctx, c.Options[i])
		}
		if g.Over {
			return false
		}
		if at, _ := g.locate(h); at != nil {
			if h.Coins > 0 {
				h.Coins--
				t.Say("rr.raid.hazard-wear", referee.Text("runner.hazard.wear", referee.Str(c.Name), referee.Int(h.Coins)))
			} else {
				g.trashCrown(t, h, "rr.raid.hazard-wear")
			}
		}
		for _, s := range slices.Clone(r.Party) {
			if len(s.Crew) == 0 {
				r.Party = slices.DeleteFunc(r.Party, func(x *ShipPiece) bool { return x == s })
				t.Say("rr.raid.hazard-wear", referee.Text("runner.raid.ship-leaves", referee.Sub(g.labelMsg(&s.Piece))))
			}
		}
		if failed || len(r.Party) == 0 {
			r.Stopped = true
			t.Say("rr.raid.hazard-wear", referee.Text("runner.raid.stopped"))
			return false
		}
	}
	return true
}

// raidIsland runs step 5: the island's card, the top of Home Port's deck,
// or a random card from the crown's hand (rule 64, rulings A15).
func (g *Game) raidIsland(t *referee.T, is *IslandPlace) {
	cr := g.crown()
	switch {
	case is.Card != nil:
		x := is.Card
		g.raidCard(t, x.Name, x, func() { g.takeOff(x) })
	case is.Home && cr.Deck.Size() > 0:
		// The crown names the card in secret: the list of what can still be
		// in its deck would show the pirate what it holds or has placed.
		name := g.takeFromDeck(t, &cr.Deck, CrownSide, deckCard, sideDeckTypes(CrownSide), referee.Question{ID: "raid.deck-top", Actor: CrownSeat, Secret: true, Rule: "rr.raid.island", Prompt: referee.Text("runner.raid.deck-top", referee.Str(cr.Name), is.term())})
		g.raidCard(t, name, nil, nil)
	case is.Home && cr.HandSize() > 0:
		t.Say("rr.raid.island", referee.Text("runner.raid.from-hand", is.term(), referee.Count(cr.HandSize(), "runner.noun.card")))
		q := referee.Question{ID: "raid.hand-pick", Actor: CrownSeat, Secret: true, Rule: "rr.raid.island", Prompt: referee.Text("runner.raid.hand-pick", referee.Str(cr.Name))}
		name := g.pickFromHand(t, CrownSeat, handQuestion{q: q, types: sideDeckTypes(CrownSide), fits: anyCard})
		g.raidCard(t, name, nil, nil)
	default:
		t.Say("rr.raid.island", referee.Text("runner.raid.nothing", is.term()))
	}
}

// raidCard reveals a raided card, has the pirate carry out its raid text,
// then trashes it unless the text scored or kept it (rules 66-71). A card
// discarded by the crown goes through the same steps (rule 40).
func (g *Game) raidCard(t *referee.T, name string, piece *Piece, remove func()) {
	c := g.card(name)
	if piece != nil {
		piece.Up = true
		t.Say("rr.raid.card", referee.Text("runner.raid.card-coins", referee.Str(name), referee.Count(piece.Coins, "runner.noun.coin"), referee.Sub(effectsMsg(c.Raid))))
	} else {
		t.Say("rr.raid.card", referee.Text("runner.raid.card", referee.Str(name), referee.Sub(effectsMsg(c.Raid))))
	}
	if piece == nil {
		g.Revealed = append(g.Revealed, name)
		remove = func() { g.Revealed, _ = removeName(g.Revealed, name) }
	}
	ctx := &effectCtx{actor: PirateSeat, card: c, piece: piece, remove: remove, rule: "rr.raid.card"}
	g.applyText(t, ctx, c.Raid)
	if g.Over || ctx.scored || ctx.kept || ctx.settled {
		return
	}
	if piece != nil {
		g.trashCrown(t, piece, "rr.raid.card")
		return
	}
	remove()
	g.crown().Discard = append(g.crown().Discard, name)
	t.Say("rr.raid.card", referee.Text("runner.raid.card-trashed", referee.Str(name)))
}

// crewEffects runs step 6: the text of every crew still in the party, in
// the pirate's order (rules 72-76, rulings A13).
func (g *Game) crewEffects(t *referee.T, r *Raid) {
	var todo []*Piece
	for _, c := range crewOf(r.Party) {
		if len(g.card(c.Name).After) > 0 {
			todo = append(todo, c)
		}
	}
	for len(todo) > 0 && !g.Over {
		x := todo[0]
		if len(todo) > 1 {
			x = g.choosePiece(t, "raid.crew.next", PirateSeat, referee.Text("runner.raid.crew-next"), "rr.raid.crew", todo, referee.Msg{})
		}
		todo = slices.DeleteFunc(todo, func(p *Piece) bool { return p == x })
		s := g.shipOf(x)
		if s == nil || !slices.Contains(r.Party, s) {
			continue
		}
		c := g.card(x.Name)
		t.Say("rr.raid.crew", referee.Text("runner.raid.crew-acts", referee.Str(x.Name), referee.Sub(effectsMsg(c.After))))
		g.applyText(t, &effectCtx{actor: PirateSeat, card: c, piece: x, ship: s, rule: "rr.raid.crew"}, c.After)
	}
}

// optionList is a hazard's costs, "a | b".
func optionList(c *Card) referee.Msg {
	opts := make([]referee.Msg, len(c.Options))
	for i, o := range c.Options {
		opts[i] = effectsMsg(o)
	}
	return referee.Text("runner.name", referee.List(opts, " | ", " | "))
}

// partySummary is the raiding party and its unspent skills.
func (g *Game) partySummary() referee.Msg {
	if g.Raid == nil {
		return referee.Text("runner.party.none")
	}
	nav, com := g.Raid.available(g, OpNavigation), g.Raid.available(g, OpCombat)
	ships := make([]referee.Msg, len(g.Raid.Party))
	for i, sh := range g.Raid.Party {
		ships[i] = asName(sh.Name)
		if len(sh.Crew) > 0 {
			ships[i] = referee.Text("runner.party.ship", referee.Str(sh.Name), referee.Words(pieceNames(sh.Crew), ", ", ", "))
		}
	}
	return referee.Text("runner.party", referee.List(ships, "; ", "; "), referee.Int(nav), referee.Int(com))
}

// islandSummary is an island as the raid's target question offers it.
func (g *Game) islandSummary(is *IslandPlace) referee.Msg {
	hazards := referee.Count(len(is.Hazards), "runner.noun.hazard")
	switch {
	case is.Card != nil:
		return referee.Text("runner.island.card", is.term(), referee.Sub(g.labelMsg(is.Card)), hazards)
	case is.Home && g.crown().Deck.Size() > 0:
		return referee.Text("runner.island.deck", is.term(), referee.Int(g.crown().Deck.Size()), hazards)
	}
	return referee.Text("runner.island.empty", is.term(), hazards)
}
