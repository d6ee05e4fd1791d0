package runner_test

import (
	"testing"

	"rumref/referee/runner"
)

// fundingTable is a table of these cards with a face-down investment on
// each island but the home port, each holding coins.
func fundingTable(cards []runner.Card, coins int) *runner.Game {
	g := runner.Blank(runner.Config{Crown: "Ann", Pirate: "Bo", Edition: runner.Edition, Cards: cards})
	for _, is := range g.Islands {
		if !is.Home {
			is.Card = g.Put("Cash Crop", coins, false)
		}
	}
	return g
}

// TestCouldBeFundedFollowsTheCheapestPrice: a face-down investment could
// be funded once it holds the lowest price of an investment in the card
// list, a card added to the list included; a face-up one does not count.
func TestCouldBeFundedFollowsTheCheapestPrice(t *testing.T) {
	cards := catalog(t)
	least := -1
	for _, c := range cards {
		if c.Type == runner.Investment && (least < 0 || c.Cost < least) {
			least = c.Cost
		}
	}
	if least < 1 {
		t.Fatalf("the catalog's cheapest investment costs %d: the test needs 1 or more", least)
	}
	if fundingTable(cards, least-1).CouldBeFunded() || !fundingTable(cards, least).CouldBeFunded() {
		t.Errorf("with %d and %d coins, the cheapest price being %d", least-1, least, least)
	}
	g := fundingTable(cards, least-1)
	g.AddCard(runner.Card{Name: "Penny Stall", Side: runner.CrownSide, Type: runner.Investment, Cost: least - 1})
	if !g.CouldBeFunded() {
		t.Errorf("an investment of price %d typed in does not lower the price to %d", least-1, least-1)
	}
	g = fundingTable(cards, least)
	for _, is := range g.Islands {
		if is.Card != nil {
			is.Card.Up = true
		}
	}
	if g.CouldBeFunded() {
		t.Error("face-up investments count")
	}
}

// BenchmarkCouldBeFunded is the check the crown's action question makes
// (edition 3) with no face-down investment funded.
func BenchmarkCouldBeFunded(b *testing.B) {
	g := fundingTable(catalog(b), 0)
	for b.Loop() {
		if g.CouldBeFunded() {
			b.Fatal("funded with no coins")
		}
	}
}
