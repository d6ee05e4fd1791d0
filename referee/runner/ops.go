package runner

import (
	"fmt"
	"slices"
	"strings"

	"rumref/referee"
)

// opDef is everything the referee knows about one effect primitive, in one
// place: its name in the card file, how it reads, when it can be carried
// out in full, and what it does.
type opDef struct {
	// name is the primitive's name as the card file spells it.
	name string
	// describe writes the primitive as a short phrase.
	describe func(e Effect) string
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
	ops = [numOps]opDef{
		OpNavigation: {
			name: "navigation",
			describe: func(e Effect) (s string) {
				s = fmt.Sprintf("%d navigation", e.N)
				return s
			},
			possible: func(g *Game, c *effectCtx, e Effect) bool {
				return g.Raid != nil && g.Raid.available(g, e.Do) >= e.N
			},
			adds: true,
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				g.Raid.spend(t, g, e.Do, e.N)
			},
		},
		OpCombat: {
			name: "combat",
			describe: func(e Effect) (s string) {
				s = fmt.Sprintf("%d combat", e.N)
				return s
			},
			possible: func(g *Game, c *effectCtx, e Effect) bool {
				return g.Raid != nil && g.Raid.available(g, e.Do) >= e.N
			},
			adds: true,
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				g.Raid.spend(t, g, e.Do, e.N)
			},
		},
		OpPay: {
			name: "pay",
			describe: func(e Effect) (s string) {
				s = fmt.Sprintf("pay %d", e.N)
				return s
			},
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
				emit(referee.Text("%s pays %s to the bank.", referee.Str(p.Name), referee.Count(n, "coin")))
			},
		},
		OpGain: {
			name: "gain",
			describe: func(e Effect) (s string) {
				s = fmt.Sprintf("gain %d", e.N)
				return s
			},
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				p := g.Players[c.actor]
				emit := func(m referee.Msg) { t.Say(c.rule, m) }
				p.Supply += e.N
				emit(referee.Text("%s gains %s from the bank.", referee.Str(p.Name), referee.Count(e.N, "coin")))
			},
		},
		OpRivalGain: {
			name: "rival-gain",
			describe: func(e Effect) (s string) {
				s = fmt.Sprintf("the other player gains %d", e.N)
				return s
			},
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				rival := g.Players[other(c.actor)]
				emit := func(m referee.Msg) { t.Say(c.rule, m) }
				rival.Supply += e.N
				emit(referee.Text("%s gains %s from the bank.", referee.Str(rival.Name), referee.Count(e.N, "coin")))
			},
		},
		OpTake: {
			name: "take",
			describe: func(e Effect) (s string) {
				s = fmt.Sprintf("take %d from the other player's supply", e.N)
				return s
			},
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
				emit(referee.Text("%s takes %s from %s's supply.", referee.Str(p.Name), referee.Count(n, "coin"), referee.Str(rival.Name)))
			},
		},
		OpDiscard: {
			name: "discard",
			describe: func(e Effect) (s string) {
				s = fmt.Sprintf("discard %d", e.N)
				return s
			},
			possible: func(g *Game, c *effectCtx, e Effect) bool {
				p := g.Players[c.actor]
				return p.HandSize() >= e.N
			},
			adds: true,
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				p := g.Players[c.actor]
				for i := 0; i < e.N && p.HandSize() > 0 && !g.Over; i++ {
					g.discard(t, c.actor, c.rule, referee.Text("%s: discard a card (%d of %d).", referee.Str(c.name()), referee.Int(i+1), referee.Int(e.N)))
				}
			},
		},
		OpDraw: {
			name: "draw",
			describe: func(e Effect) (s string) {
				s = fmt.Sprintf("draw %d", e.N)
				return s
			},
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				g.draw(t, c.actor, e.N)
			},
		},
		OpCoinThis: {
			name: "coin-this",
			describe: func(e Effect) (s string) {
				s = fmt.Sprintf("+%d coin on this card", e.N)
				return s
			},
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				emit := func(m referee.Msg) { t.Say(c.rule, m) }
				if c.piece != nil {
					c.piece.Coins += e.N
					emit(referee.Text("+%d on %s.", referee.Int(e.N), referee.Sub(g.labelMsg(c.piece))))
				}
			},
		},
		OpCoinShip: {
			name: "coin-ship",
			describe: func(e Effect) (s string) {
				s = fmt.Sprintf("+%d coin on this ship", e.N)
				return s
			},
			possible: func(g *Game, c *effectCtx, e Effect) bool {
				return c.ship != nil
			},
			target: true,
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				emit := func(m referee.Msg) { t.Say(c.rule, m) }
				if c.ship != nil {
					c.ship.Coins += e.N
					emit(referee.Text("+%d on %s.", referee.Int(e.N), referee.Sub(g.labelMsg(&c.ship.Piece))))
				}
			},
		},
		OpCoinRaiders: {
			name: "coin-raiders",
			describe: func(e Effect) (s string) {
				s = fmt.Sprintf("+%d coin on each raiding ship", e.N)
				return s
			},
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				emit := func(m referee.Msg) { t.Say(c.rule, m) }
				if g.Raid == nil {
					emit(referee.Text("%s: there is no raiding party, so no ship gets a coin.", referee.Str(c.name())))
					return
				}
				for _, s := range g.Raid.Party {
					s.Coins += e.N
					emit(referee.Text("+%d on the raiding %s.", referee.Int(e.N), referee.Sub(g.labelMsg(&s.Piece))))
				}
			},
		},
		OpCoinOwn: {
			name: "coin-own",
			describe: func(e Effect) (s string) {
				s = fmt.Sprintf("+1 coin on up to %d of your cards", e.N)
				if e.N == 1 {
					s = "+1 coin on one of your cards, if you want"
				}
				if e.Exactly {
					s = fmt.Sprintf("+1 coin on %d of your cards", e.N)
					if e.N == 1 {
						s = "+1 coin on one of your cards"
					}
				}
				return s
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
					done, text := "no more", referee.Text("%s: put 1 coin from the bank on one of your cards (%d of up to %d).", referee.Str(c.name()), referee.Int(len(chosen)+1), referee.Int(e.N))
					if e.N == 1 {
						done, text = "no coin", referee.Text("%s: put 1 coin from the bank on one of your cards, if you want to?", referee.Str(c.name()))
					}
					if e.Exactly {
						done, text = "", referee.Text("%s: put 1 coin from the bank on one of your cards (%d of %d).", referee.Str(c.name()), referee.Int(len(chosen)+1), referee.Int(e.N))
					}
					x := g.choosePiece(t, "effect.coin-own", CrownSeat, text, c.rule, left, done)
					if x == nil {
						break
					}
					chosen = append(chosen, x)
					x.Coins++
					emit(referee.Text("+1 on %s.", referee.Sub(g.labelMsg(x))))
				}
			},
		},
		OpCoinPirateShip: {
			name: "coin-pirate-ship",
			describe: func(e Effect) (s string) {
				s = "+1 coin on a pirate ship"
				return s
			},
			possible: func(g *Game, c *effectCtx, e Effect) bool {
				return len(g.Ships) > 0
			},
			target: true,
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				emit := func(m referee.Msg) { t.Say(c.rule, m) }
				x := g.choosePiece(t, "effect.coin-ship", c.actor, referee.Text("%s: which pirate ship gets 1 coin?", referee.Str(c.name())), c.rule, g.shipPieces(g.Ships), "")
				x.Coins++
				emit(referee.Text("+1 on %s.", referee.Sub(g.labelMsg(x))))
			},
		},
		OpRemoveCoin: {
			name: "remove-coin",
			describe: func(e Effect) (s string) {
				s = "remove a coin from a hazard"
				return s
			},
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
				x := g.choosePiece(t, "effect.remove-coin", c.actor, referee.Text("%s: remove 1 coin from which hazard?", referee.Str(c.name())), c.rule, hz, "")
				x.Coins--
				emit(referee.Text("1 coin is removed from %s.", referee.Sub(g.labelMsg(x))))
			},
		},
		OpTrashCrew: {
			name: "trash-crew",
			describe: func(e Effect) (s string) {
				s = fmt.Sprintf("trash %d crew", max(e.N, 1))
				return s
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
						emit(referee.Text("%s: there is no crew to trash.", referee.Str(c.name())))
						return
					}
					x := g.choosePiece(t, "effect.trash-crew", PirateSeat, referee.Text("%s: which crew is trashed?", referee.Str(c.name())), c.rule, crew, "")
					g.trashCrew(t, x, c.rule)
				}
			},
		},
		OpTrashShip: {
			name: "trash-ship",
			describe: func(e Effect) (s string) {
				s = "trash a ship"
				if e.Hand {
					s += " (its crew go to hand)"
				}
				return s
			},
			possible: func(g *Game, c *effectCtx, e Effect) bool {
				return len(g.partyShips()) > 0
			},
			target: true,
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				emit := func(m referee.Msg) { t.Say(c.rule, m) }
				ships := g.partyShips()
				if len(ships) == 0 {
					emit(referee.Text("%s: there is no ship to trash.", referee.Str(c.name())))
					return
				}
				x := g.choosePiece(t, "effect.trash-ship", c.actor, referee.Text("%s: which ship is trashed?", referee.Str(c.name())), c.rule, g.shipPieces(ships), "")
				g.trashShip(t, g.shipOf(x), e.Hand, c.rule)
			},
		},
		OpScore: {
			name: "score",
			describe: func(e Effect) (s string) {
				s = "score it"
				return s
			},
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
			describe: func(e Effect) (s string) {
				s = "move a coin between two hazards or two ships"
				return s
			},
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
			describe: func(e Effect) (s string) {
				s = "shuffle your hand into your deck"
				return s
			},
			possible: func(g *Game, c *effectCtx, e Effect) bool {
				return !g.deckRanOut(c.actor)
			},
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				p := g.Players[c.actor]
				emit := func(m referee.Msg) { t.Say(c.rule, m) }
				if g.deckRanOut(c.actor) {
					t.Say("rr.rum.shuffle-empty", referee.Text("%s's deck has run out, and a crown deck that has run out stays out: the hand is not shuffled into a new deck.", referee.Str(p.Name)))
					return
				}
				n := p.HandSize()
				g.note(BoxMove{Kind: "shuffle-hand", Seat: c.actor})
				p.shuffleHandIn()
				emit(referee.Text("%s shuffles %s from hand into the deck (now %s).", referee.Str(p.Name), referee.Count(n, "card"), referee.Count(p.Deck.Size(), "card")))
			},
		},
		OpPeek: {
			name: "peek",
			describe: func(e Effect) (s string) {
				s = "look at a face-down crown card"
				return s
			},
			possible: func(g *Game, c *effectCtx, e Effect) bool {
				return len(g.faceDown()) > 0
			},
			target: true,
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				g.peek(t, c)
			},
		},
		OpRaidWithShip: {
			name: "raid-with-ship",
			describe: func(e Effect) (s string) {
				s = fmt.Sprintf("+%d coins on a ready ship and raid with it", e.N)
				return s
			},
			possible: func(g *Game, c *effectCtx, e Effect) bool {
				return g.Raid == nil && len(g.readyShips()) > 0
			},
			target: true,
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				emit := func(m referee.Msg) { t.Say(c.rule, m) }
				x := g.choosePiece(t, "effect.raid-ship", PirateSeat, referee.Text("%s: which ready ship (no coins, with crew) raids?", referee.Str(c.name())), c.rule, g.shipPieces(g.readyShips()), "")
				s := g.shipOf(x)
				s.Coins += e.N
				emit(referee.Text("+%d on %s; it raids alone.", referee.Int(e.N), referee.Sub(g.labelMsg(x))))
				g.raid(t, []*ShipPiece{s})
			},
		},
		OpKeepUnlessPaid: {
			name: "keep-unless-paid",
			describe: func(e Effect) (s string) {
				s = "stays unless the pirate pays 1 per coin on it"
				return s
			},
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
					k := t.Ask(yesNo("effect.pay-to-trash", PirateSeat, fmt.Sprintf("%s has %s on it: pay %d to trash it, or leave it in play?", c.name(), plural(n, "coin", "coins"), n),
						c.rule, fmt.Sprintf("pay %d and trash it", n), "leave it"))
					if k == "yes" {
						g.pirate().Supply -= n
						emit(referee.Text("The pirate pays %d to trash %s.", referee.Int(n), referee.Str(c.name())))
						return
					}
				}
				c.kept = true
				t.Say("rr.raid.not-trashed", referee.Text("%s stays in play face-up with its coins: the pirate did not pay %d.", referee.Str(c.name()), referee.Int(n)))
			},
		},
		OpHazardFromDiscard: {
			name: "hazard-from-discard",
			describe: func(e Effect) (s string) {
				s = "take a hazard from the discard pile into hand"
				return s
			},
			possible: func(g *Game, c *effectCtx, e Effect) bool {
				return slices.ContainsFunc(g.crown().Discard, func(n string) bool { return g.card(n).Type == Hazard })
			},
			target: true,
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				g.fromDiscard(t, c, CrownSeat, Hazard, "effect.hazard-from-discard", "hazard")
			},
		},
		OpMoveHazard: {
			name: "move-hazard",
			describe: func(e Effect) (s string) {
				s = "move a hazard to another island"
				return s
			},
			possible: func(g *Game, c *effectCtx, e Effect) bool {
				return len(g.hazardPieces()) > 0
			},
			target: true,
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				emit := func(m referee.Msg) { t.Say(c.rule, m) }
				x := g.choosePiece(t, "effect.move-hazard", c.actor, referee.Text("%s: which hazard moves?", referee.Str(c.name())), c.rule, g.hazardPieces(), "")
				from, _ := g.locate(x)
				ic := referee.Choose[island](t)
				for i, is := range g.Islands {
					if is != from {
						ic.AddText(island(i), is.Name)
					}
				}
				k := ic.Pick(t, referee.Question{ID: "effect.move-hazard.to", Actor: referee.Seat(c.actor), Rule: c.rule,
					Prompt: referee.Text("To which island? It goes to the outermost place.")})
				coins := x.Coins
				g.takeOff(x)
				x.Coins = coins
				to := g.Islands[k]
				to.Hazards = append(to.Hazards, x)
				emit(referee.Text("The hazard moves to the outer end of %s's row.", referee.Str(to.Name)))
			},
		},
		OpCrewFromDiscard: {
			name: "crew-from-discard",
			describe: func(e Effect) (s string) {
				s = "take a crew from the discard pile into hand"
				return s
			},
			possible: func(g *Game, c *effectCtx, e Effect) bool {
				return slices.ContainsFunc(g.pirate().Discard, func(n string) bool { return g.card(n).Type == Crew })
			},
			target: true,
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				g.fromDiscard(t, c, PirateSeat, Crew, "effect.crew-from-discard", "crew")
			},
		},
		OpChoose: {
			name: "choose",
			describe: func(e Effect) (s string) {
				alts := make([]string, 0, len(e.Or))
				for _, a := range e.Or {
					alts = append(alts, DescribeEffects(a))
				}
				s = "either " + strings.Join(alts, " or ")
				return s
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
						oc.AddText(choice(i), DescribeEffects(alt))
					}
				}
				if oc.Len() == 0 {
					emit(referee.Text("%s: none of its choices can be carried out now.", referee.Str(c.name())))
					return
				}
				i := oc.Pick(t, referee.Question{ID: "effect.choose", Actor: referee.Seat(c.actor), Rule: c.rule, Prompt: referee.Text("%s: choose one.", referee.Str(c.name()))})
				g.apply(t, c, e.Or[i])
			},
		},
		OpManual: {
			name: "manual",
			describe: func(e Effect) (s string) {
				s = "apply the card text by hand"
				return s
			},
			run: func(g *Game, t *referee.T, c *effectCtx, e Effect) {
				g.adjust(t, c, e)
			},
		},
	}
}
