package setup

import (
	"fmt"
	"strings"
	"testing"

	"rumref/internal/yamlfile"
	"rumref/referee/runner"
)

func TestRunnerCatalogHoldsTheKnownCards(t *testing.T) {
	cards, err := RunnerCatalog(nil)
	if err != nil {
		t.Fatal(err)
	}
	count := map[runner.CardType]int{}
	rum := 0
	for _, c := range cards {
		if c.Copies > 0 {
			count[c.Type] += c.Copies
		}
		if c.Points > 0 {
			rum += c.Copies
		}
		if c.Text == "" && c.Type != runner.Island && c.Type != runner.Ship {
			t.Errorf("%s has no text", c.Name)
		}
	}
	if count[runner.Investment] != 13 || rum != 7 {
		t.Errorf("want 13 investments with 7 rum, got %d and %d", count[runner.Investment], rum)
	}
	if count[runner.Ship] != 8 {
		t.Errorf("want 2 Longboats and 6 deck ships, got %d", count[runner.Ship])
	}
}

func TestRunnerCatalogAddsAndOverrides(t *testing.T) {
	extra := []byte(`cards:
  - {name: Squall, side: crown, type: hazard, cost: 1, options: [[{do: navigation, n: 1}], [{do: discard, n: 1}]]}
  - {name: Sloop, side: pirate, type: ship, copies: 2, cost: 2, navigation: 2, slots: 2}
`)
	cards, err := RunnerCatalog(extra)
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, c := range cards {
		if c.Name == "Squall" && len(c.Options) == 2 {
			found++
		}
		if c.Name == "Sloop" && c.Navigation == 2 {
			found++
		}
	}
	if found != 2 {
		t.Errorf("want Squall added and Sloop overridden, found %d", found)
	}
}

func TestRunnerCatalogErrorsNameTheCardAndField(t *testing.T) {
	cases := []struct{ file, want string }{
		{`cards: [{name: Raft, side: pirate, type: ship, cost: 1}]`, `card "Raft": slots`},
		{`cards: [{name: Fog, side: crown, type: hazard, cost: 1}]`, `card "Fog": options`},
		{`cards: [{name: Fog, side: crown, type: hazard, cost: 1, options: [[{do: fly}]]}]`, `effect "fly"`},
		{`cards: [{name: Fog, side: sea, type: hazard}]`, `side "sea"`},
		{`cards: [{name: Fog, side: crown, type: hazard, cost: 1, colour: blue}]`, `colour`},
		{`cards: [{name: Mate, side: crown, type: crew, cost: 1}]`, `card "Mate": side`},
		{`cards: [{name: Fog, side: crown, type: hazard, cost: -2, options: [[{do: pay, n: 1}]]}]`, `card "Fog": cost`},
	}
	for _, c := range cases {
		_, err := RunnerCatalog([]byte(c.file))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want it to mention %q", c.file, err, c.want)
		}
	}
}

func FuzzRunnerCards(f *testing.F) {
	f.Add([]byte(`cards: [{name: Fog, side: crown, type: hazard, cost: 1, options: [[{do: pay, n: 1}]]}]`))
	f.Add([]byte(`cards: [{name: Sloop, side: pirate, type: ship, cost: 2, slots: 2}]`))
	f.Add([]byte("cards:\n  - name: X\n    side: crown\n    type: event\n    play: [{do: choose, or: [[], [{do: gain, n: 2}]]}]\n"))
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		cards, err := RunnerCatalog(data)
		if err != nil {
			return
		}
		cfg := runner.Config{Crown: "a", Pirate: "b", Cards: cards}
		if err := cfg.Validate(); err != nil {
			t.Fatalf("accepted catalog fails validation: %v", err)
		}
	})
}

func TestRunnerConfigRoundTripsThroughYAML(t *testing.T) {
	cards, err := RunnerCatalog(nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := runner.Config{Crown: "Ann", Pirate: "Bo", Mulligan: true, TurnCap: 50, Cards: cards}
	data, err := yamlfile.Encode(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var back runner.Config
	if err := yamlfile.Decode(data, &back, yamlfile.MaxSize); err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	again, _ := yamlfile.Encode(back)
	if string(again) != string(data) {
		t.Errorf("config changed in the round trip")
	}
	if err := back.Validate(); err != nil {
		t.Error(err)
	}
}

// TestCardFileAliasesCannotGrowTheSave: a card file of about 1 MB whose
// aliases repeat a long text would be a save of about 10 MB; it is
// refused, with the line (a card's text is at most 600 characters, and
// yaml.v3 refuses excessive aliasing).
func TestCardFileAliasesCannotGrowTheSave(t *testing.T) {
	var b strings.Builder
	b.WriteString("cards:\n")
	b.WriteString("  - {name: Card0, side: crown, type: event, cost: 1, text: &t \"" + strings.Repeat("x", 1<<20) + "\"}\n")
	for i := 1; i < 10; i++ {
		fmt.Fprintf(&b, "  - {name: Card%d, side: crown, type: event, cost: 1, text: *t}\n", i)
	}
	_, err := RunnerCatalog([]byte(b.String()))
	if err == nil || !strings.Contains(err.Error(), "line 2") || !strings.Contains(err.Error(), "keep it to 600") {
		t.Fatalf("alias growth: %v", err)
	}
	// Written out once, the same card is fine.
	if _, err := RunnerCatalog([]byte("cards:\n  - {name: Card0, side: crown, type: event, cost: 1, text: &t long}\n  - {name: Card1, side: crown, type: event, cost: 1, text: *t}\n")); err != nil {
		t.Fatalf("a small alias: %v", err)
	}
}
