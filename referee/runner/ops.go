package runner

import (
	"slices"

	"rumref/referee"
)

// opDef is everything the referee knows about one effect primitive, in one
// place: its name in the card file, how it reads, when it can be carried
// out in full, and what it does.
type opDef struct {
	// name is the primitive's name as the card file spells it.
	name string
	// key is the catalog message of its phrase, runner.op.NAME (made
	// from name), which takes N when counted is set; describe, when set,
	// writes the phrase instead.
	key      string
	counted  bool
	describe func(e Effect) referee.Msg
	// possible reports whether the actor can carry it out in full now
	// (nil: always).
	possible func(g *Game, c *effectCtx, e Effect) bool
	// target marks a primitive that needs a card to act on: it does
	// nothing when there is none.
	target bool
	// adds marks a primitive whose parts in one list are added up before
	// checking them (two skill parts, two payments); atLeastOne counts its
	// N as at least 1 there.
	adds, atLeastOne bool
	// run carries it out.
	run func(g *Game, t *referee.T, c *effectCtx, e Effect)
}

// ops holds every effect primitive, by Op. Init fills it, since some
// primitives carry out effect lists themselves.
var ops [numOps]opDef

// opNames lists the primitives' names, by Op.
func opNames() []string {
	out := make([]string, numOps)
	for i := range ops {
		out[i] = ops[i].name
	}
	return out
}

func init() {
	defer func() {
		for i := range ops {
			ops[i].key = "runner.op." + ops[i].name
		}
	}()
	// Navigation and combat are spent alike, on the raid.
	raidPossible := func(g *Game, c *effectCtx, e Effect) bool {
		return g.Raid != nil && g.Raid.available(g, e.Do) >= e.N
	}
	raidSpend := func(g *Game, t *referee.T, c *effectCtx, e Effect) { g.Raid.spend(t, g, e.Do, e.N) }
	ops = [numOps]opDef{
		OpNavigation: {name: "navigation", counted: true, possible: raidPossible, adds: true, run: raidSpend},
		OpCombat:     {name: "combat", counted: true, possible: raidPossible, adds: true, run: raidSpend},
		OpPay: {
			name:    "pay",
			counted: true,
			possible: func(g *Game, c *effectCtx, e Effect) bool {
				p := g.Players[c.actor]
				return p.Supply >= e.N
			},
			adds: true,
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				p := g.Players[c.actor]
				emit := func(m referee.Msg) { t.Say(c.rule, m) }
				n := min(e.N, p.Supply)
				p.Supply -= n
				emit(referee.Text("runner.effect.pays", referee.Str(p.Name), referee.Count(n, "runner.noun.coin")))
			},
		},
		OpGain: {
			name:    "gain",
			counted: true,
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				p := g.Players[c.actor]
				emit := func(m referee.Msg) { t.Say(c.rule, m) }
				p.Supply += e.N
				emit(referee.Text("runner.effect.gains", referee.Str(p.Name), referee.Count(e.N, "runner.noun.coin")))
			},
		},
		OpRivalGain: {
			name:    "rival-gain",
			counted: true,
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				rival := g.Players[other(c.actor)]
				emit := func(m referee.Msg) { t.Say(c.rule, m) }
				rival.Supply += e.N
				emit(referee.Text("runner.effect.gains", referee.Str(rival.Name), referee.Count(e.N, "runner.noun.coin")))
			},
		},
		OpTake: {
			name:    "take",
			counted: true,
			possible: func(g *Game, c *effectCtx, e Effect) bool {
				return g.Players[other(c.actor)].Supply >= max(e.N, 1)
			},
			adds:       true,
			atLeastOne: true,
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				p := g.Players[c.actor]
				rival := g.Players[other(c.actor)]
				emit := func(m referee.Msg) { t.Say(c.rule, m) }
				n := min(e.N, rival.Supply)
				rival.Supply -= n
				p.Supply += n
				emit(referee.Text("runner.effect.takes", referee.Str(p.Name), referee.Count(n, "runner.noun.coin"), referee.Str(rival.Name)))
			},
		},
		OpDiscard: {
			name:    "discard",
			counted: true,
			possible: func(g *Game, c *effectCtx, e Effect) bool {
				p := g.Players[c.actor]
				return p.HandSize() >= e.N
			},
			adds: true,
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				p := g.Players[c.actor]
				for i := 0; i < e.N && p.HandSize() > 0 && !g.Over; i++ {
					g.discard(t, c.actor, c.rule, referee.Text("runner.effect.discard", referee.Sub(c.name()), referee.Int(i+1), referee.Int(e.N)))
				}
			},
		},
		OpDraw: {
			name:    "draw",
			counted: true,
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				g.draw(t, c.actor, e.N)
			},
		},
		OpCoinThis: {
			name:    "coin-this",
			counted: true,
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				emit := func(m referee.Msg) { t.Say(c.rule, m) }
				if c.piece != nil {
					c.piece.Coins += e.N
					emit(referee.Text("runner.effect.coin-on", referee.Int(e.N), referee.Sub(g.labelMsg(c.piece))))
				}
			},
		},
		OpCoinShip: {
			name:    "coin-ship",
			counted: true,
			possible: func(g *Game, c *effectCtx, e Effect) bool {
				return c.ship != nil
			},
			target: true,
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				emit := func(m referee.Msg) { t.Say(c.rule, m) }
				if c.ship != nil {
					c.ship.Coins += e.N
					emit(referee.Text("runner.effect.coin-on", referee.Int(e.N), referee.Sub(g.labelMsg(&c.ship.Piece))))
				}
			},
		},
		OpCoinRaiders: {
			name:    "coin-raiders",
			counted: true,
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				emit := func(m referee.Msg) { t.Say(c.rule, m) }
				if g.Raid == nil {
					emit(referee.Text("runner.effect.no-party", referee.Sub(c.name())))
					return
				}
				for _, s := range g.Raid.Party {
					s.Coins += e.N
					emit(referee.Text("runner.effect.coin-on-raider", referee.Int(e.N), referee.Sub(g.labelMsg(&s.Piece))))
				}
			},
		},
		OpCoinOwn: {
			name: "coin-own",
			describe: func(e Effect) referee.Msg {
				switch {
				case e.Exactly && e.N == 1:
					return referee.Text("runner.op.coin-own.one")
				case e.Exactly:
					return referee.Text("runner.op.coin-own.exactly", referee.Int(e.N))
				case e.N == 1:
					return referee.Text("runner.op.coin-own.may-one")
				}
				return referee.Text("runner.op.coin-own", referee.Int(e.N))
			},
			possible: func(g *Game, c *effectCtx, e Effect) bool {
				return g.crownHasPieces()
			},
			target: true,
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				emit := func(m referee.Msg) { t.Say(c.rule, m) }
				var chosen []*Piece
				for len(chosen) < e.N {
					left := slices.DeleteFunc(g.crownPieces(), func(x *Piece) bool { return slices.Contains(chosen, x) })
					if len(left) == 0 {
						break
					}
					// Royal Decree's "up to" may stop early, and so may Cash
					// Crop's one coin in today's catalog (its card says the
					// crown can place it; older saves' catalogs say
					// exactly); a card of exactly N
					// must place them all.
					done, text := referee.Text("runner.no-more"), referee.Text("runner.effect.coin-own", referee.Sub(c.name()), referee.Int(len(chosen)+1), referee.Int(e.N))
					if e.N == 1 {
						done, text = referee.Text("runner.effect.no-coin"), referee.Text("runner.effect.coin-own.may-one", referee.Sub(c.name()))
					}
					if e.Exactly {
						done, text = referee.Msg{}, referee.Text("runner.effect.coin-own.exactly", referee.Sub(c.name()), referee.Int(len(chosen)+1), referee.Int(e.N))
					}
					x := g.choosePiece(t, "effect.coin-own", CrownSeat, text, c.rule, left, done)
					if x == nil {
						break
					}
					chosen = append(chosen, x)
					x.Coins++
					emit(referee.Text("runner.effect.coin-on", referee.Int(1), referee.Sub(g.labelMsg(x))))
				}
			},
		},
		OpCoinPirateShip: {
			name: "coin-pirate-ship",
			possible: func(g *Game, c *effectCtx, e Effect) bool {
				return len(g.Ships) > 0
			},
			target: true,
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				emit := func(m referee.Msg) { t.Say(c.rule, m) }
				x := g.choosePiece(t, "effect.coin-ship", c.actor, referee.Text("runner.effect.which-pirate-ship", referee.Sub(c.name())), c.rule, g.shipPieces(g.Ships), referee.Msg{})
				x.Coins++
				emit(referee.Text("runner.effect.coin-on", referee.Int(1), referee.Sub(g.labelMsg(x))))
			},
		},
		OpRemoveCoin: {
			name: "remove-coin",
			possible: func(g *Game, c *effectCtx, e Effect) bool {
				return slices.ContainsFunc(g.hazardPieces(), func(h *Piece) bool { return h.Coins > 0 })
			},
			target: true,
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				emit := func(m referee.Msg) { t.Say(c.rule, m) }
				var hz []*Piece
				for _, h := range g.hazardPieces() {
					if h.Coins > 0 {
						hz = append(hz, h)
					}
				}
				if len(hz) == 0 {
					return
				}
				x := g.choosePiece(t, "effect.remove-coin", c.actor, referee.Text("runner.effect.remove-which", referee.Sub(c.name())), c.rule, hz, referee.Msg{})
				x.Coins--
				emit(referee.Text("runner.effect.removed", referee.Sub(g.labelMsg(x))))
			},
		},
		OpTrashCrew: {
			name: "trash-crew",
			describe: func(e Effect) referee.Msg {
				return referee.Text("runner.op.trash-crew", referee.Int(max(e.N, 1)))
			},
			possible: func(g *Game, c *effectCtx, e Effect) bool {
				return len(g.partyCrew()) >= max(e.N, 1)
			},
			adds:       true,
			atLeastOne: true,
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				emit := func(m referee.Msg) { t.Say(c.rule, m) }
				for i := 0; i < max(e.N, 1); i++ {
					crew := g.partyCrew()
					if len(crew) == 0 {
						emit(referee.Text("runner.effect.no-crew", referee.Sub(c.name())))
						return
					}
					x := g.choosePiece(t, "effect.trash-crew", PirateSeat, referee.Text("runner.effect.which-crew", referee.Sub(c.name())), c.rule, crew, referee.Msg{})
					g.trashCrew(t, x, c.rule)
				}
			},
		},
		OpTrashShip: {
			name: "trash-ship",
			describe: func(e Effect) referee.Msg {
				if e.Hand {
					return referee.Text("runner.op.trash-ship.hand")
				}
				return referee.Text("runner.op.trash-ship")
			},
			possible: func(g *Game, c *effectCtx, e Effect) bool {
				return len(g.partyShips()) > 0
			},
			target: true,
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				emit := func(m referee.Msg) { t.Say(c.rule, m) }
				ships := g.partyShips()
				if len(ships) == 0 {
					emit(referee.Text("runner.effect.no-ship", referee.Sub(c.name())))
					return
				}
				x := g.choosePiece(t, "effect.trash-ship", c.actor, referee.Text("runner.effect.which-ship", referee.Sub(c.name())), c.rule, g.shipPieces(ships), referee.Msg{})
				g.trashShip(t, g.shipOf(x), e.Hand, c.rule)
			},
		},
		OpScore: {
			name: "score",
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				pts := 1
				if c.actor == CrownSeat {
					pts = c.card.Points
				}
				if c.remove != nil {
					c.remove()
				}
				c.scored = true
				g.score(t, c.actor, c.card.Name, pts)
			},
		},
		OpMoveCoin: {
			name: "move-coin",
			possible: func(g *Game, c *effectCtx, e Effect) bool {
				return len(g.coinSources()) > 0
			},
			target: true,
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				g.moveCoin(t, c)
			},
		},
		OpShuffleHand: {
			name: "shuffle-hand",
			possible: func(g *Game, c *effectCtx, e Effect) bool {
				return !g.deckRanOut(c.actor)
			},
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				p := g.Players[c.actor]
				emit := func(m referee.Msg) { t.Say(c.rule, m) }
				if g.deckRanOut(c.actor) {
					t.Say("rr.rum.shuffle-empty", referee.Text("runner.effect.deck-out", referee.Str(p.Name)))
					return
				}
				n := p.HandSize()
				g.note(BoxMove{Kind: "shuffle-hand", Seat: c.actor})
				p.shuffleHandIn()
				emit(referee.Text("runner.effect.shuffled", referee.Str(p.Name), referee.Count(n, "runner.noun.card"), referee.Count(p.Deck.Size(), "runner.noun.card")))
			},
		},
		OpPeek: {
			name: "peek",
			possible: func(g *Game, c *effectCtx, e Effect) bool {
				return len(g.faceDown()) > 0
			},
			target: true,
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				g.peek(t, c)
			},
		},
		OpRaidWithShip: {
			name:    "raid-with-ship",
			counted: true,
			possible: func(g *Game, c *effectCtx, e Effect) bool {
				return g.Raid == nil && len(g.readyShips()) > 0
			},
			target: true,
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				emit := func(m referee.Msg) { t.Say(c.rule, m) }
				x := g.choosePiece(t, "effect.raid-ship", PirateSeat, referee.Text("runner.effect.which-raider", referee.Sub(c.name())), c.rule, g.shipPieces(g.readyShips()), referee.Msg{})
				s := g.shipOf(x)
				s.Coins += e.N
				emit(referee.Text("runner.effect.raids-alone", referee.Int(e.N), referee.Sub(g.labelMsg(x))))
				g.raid(t, []*ShipPiece{s})
			},
		},
		OpKeepUnlessPaid: {
			name: "keep-unless-paid",
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				emit := func(m referee.Msg) { t.Say(c.rule, m) }
				n := 0
				if c.piece != nil {
					n = c.piece.Coins
				}
				if n == 0 {
					return
				}
				if g.pirate().Supply >= n {
					if yes(t, referee.Question{ID: "effect.pay-to-trash", Rule: c.rule, Prompt: referee.Text("runner.effect.pay-to-trash", referee.Sub(c.name()), referee.Count(n, "runner.noun.coin"), referee.Int(n))},
						PirateSeat, referee.Text("runner.effect.pay-and-trash", referee.Int(n)), referee.Text("runner.effect.leave-it")) {
						g.pirate().Supply -= n
						emit(referee.Text("runner.effect.paid-to-trash", referee.Int(n), referee.Sub(c.name())))
						return
					}
				}
				c.kept = true
				t.Say("rr.raid.not-trashed", referee.Text("runner.effect.stays", referee.Sub(c.name()), referee.Int(n)))
			},
		},
		OpHazardFromDiscard: {
			name: "hazard-from-discard",
			possible: func(g *Game, c *effectCtx, e Effect) bool {
				return slices.ContainsFunc(g.crown().Discard, func(n string) bool { return g.card(n).Type == Hazard })
			},
			target: true,
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				g.fromDiscard(t, c, CrownSeat, Hazard, "effect.hazard-from-discard", referee.Text("runner.effect.back.hazard"))
			},
		},
		OpMoveHazard: {
			name: "move-hazard",
			possible: func(g *Game, c *effectCtx, e Effect) bool {
				return len(g.hazardPieces()) > 0
			},
			target: true,
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				emit := func(m referee.Msg) { t.Say(c.rule, m) }
				x := g.choosePiece(t, "effect.move-hazard", c.actor, referee.Text("runner.effect.which-hazard", referee.Sub(c.name())), c.rule, g.hazardPieces(), referee.Msg{})
				from, _ := g.locate(x)
				ic := referee.Choose[island](t)
				for i, is := range g.Islands {
					if is != from {
						ic.Add(island(i), referee.Text("runner.name", is.term()))
					}
				}
				k := ic.Pick(t, referee.Question{ID: "effect.move-hazard.to", Actor: referee.Seat(c.actor), Rule: c.rule,
					Prompt: referee.Text("runner.effect.to-island")})
				coins := x.Coins
				g.takeOff(x)
				x.Coins = coins
				to := g.Islands[k]
				to.Hazards = append(to.Hazards, x)
				emit(referee.Text("runner.effect.hazard-moved", to.term()))
			},
		},
		OpCrewFromDiscard: {
			name: "crew-from-discard",
			possible: func(g *Game, c *effectCtx, e Effect) bool {
				return slices.ContainsFunc(g.pirate().Discard, func(n string) bool { return g.card(n).Type == Crew })
			},
			target: true,
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				g.fromDiscard(t, c, PirateSeat, Crew, "effect.crew-from-discard", referee.Text("runner.effect.back.crew"))
			},
		},
		OpChoose: {
			name: "choose",
			describe: func(e Effect) referee.Msg {
				alts := make([]referee.Msg, 0, len(e.Or))
				for _, a := range e.Or {
					alts = append(alts, effectsMsg(a))
				}
				return referee.Text("runner.op.choose", referee.List(alts, " or ", " or "))
			},
			possible: func(g *Game, c *effectCtx, e Effect) bool {
				for _, alt := range e.Or {
					if g.allPossible(c, alt) {
						return true
					}
				}
				return false
			},
			target: true,
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				emit := func(m referee.Msg) { t.Say(c.rule, m) }
				oc := referee.Choose[choice](t)
				for i, alt := range e.Or {
					if g.allPossible(c, alt) {
						oc.Add(choice(i), effectsMsg(alt))
					}
				}
				if oc.Len() == 0 {
					emit(referee.Text("runner.effect.no-choice", referee.Sub(c.name())))
					return
				}
				i := oc.Pick(t, referee.Question{ID: "effect.choose", Actor: referee.Seat(c.actor), Rule: c.rule, Prompt: referee.Text("runner.effect.choose", referee.Sub(c.name()))})
				g.apply(t, c, e.Or[i])
			},
		},
		OpManual: {
			name: "manual",
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				g.adjust(t, c, e)
			},
		},
	}
}
