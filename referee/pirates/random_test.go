package pirates_test

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"rumref/games"
	"rumref/internal/randplay"
	"rumref/locale"
	"rumref/referee"
	"rumref/referee/pirates"
	"rumref/setup"
)

// dump is a deterministic picture of the whole game state, for comparing
// a live game with its replay.
func dump(g *pirates.Game) string {
	var b strings.Builder
	fmt.Fprintf(&b, "round %d phase %d start %d turn %d captain %d\n", g.Round, g.Phase, g.StartPlayer, g.Turn, g.Captain)
	fmt.Fprintf(&b, "players %s\noccupant %v\nmast %+v\n", players(g.Players), g.Occupant, g.Mast)
	for s, st := range g.Stacks {
		fmt.Fprintf(&b, "stack %d %v %v", s, st.Counts, st.Under)
		if st.Unnamed != 0 {
			fmt.Fprintf(&b, " unnamed %d", st.Unnamed)
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "pubs %v maps %v chest %q %q sleep %q %q %q boxed %v rum %d\n", g.Pubs, g.Maps, g.Chest, g.Scorpion,
		g.Bunk, g.Hammock, g.Bedroll, g.Boxed, g.RumPool)
	return b.String()
}

// players prints the players as the goldens of old saves hold them: the
// counts of unnamed tiles only where they are not zero, and the targets
// held by name, which only revisions before 3 had (always none now).
func players(ps []pirates.Player) string {
	type before struct {
		Name           string
		Color          string
		Coins          int
		Supply, Office int
		Rum            int
		Out            bool
		Won            []string
		Wares          []string
		Targets        []string
	}
	parts := make([]string, len(ps))
	for i, p := range ps {
		s := fmt.Sprintf("%+v", before{p.Name, p.Color, p.Coins, p.Supply, p.Office, p.Rum, p.Out, p.Won, p.Wares, nil})
		if p.FaceDown != 0 || p.Unnamed != 0 {
			s = strings.TrimSuffix(s, "}") + fmt.Sprintf(" FaceDown:%d Unnamed:%d}", p.FaceDown, p.Unnamed)
		}
		parts[i] = s
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// checkInvariants checks what must hold after every answer.
func checkInvariants(g *pirates.Game) error {
	// Pirates, tiles, rum and coins: the simulator's checks.
	return games.CheckPirates(g)
}

// secretLabels lists the labels that must never show in public: every
// ware.
func secretLabels(g *pirates.Game) []string {
	var out []string
	for _, tt := range pirates.Catalog() {
		if tt.Sort == pirates.SortWare {
			out = append(out, tt.Label)
		}
	}
	return out
}

// rendezvousLabels lists the labels of the rendezvous tiles.
func rendezvousLabels() []string {
	var out []string
	for _, tt := range pirates.Catalog() {
		if tt.Sort == pirates.SortRendezvous {
			out = append(out, tt.Label)
		}
	}
	return out
}

// publicCoinWords are the ways public texts may speak of coins: what a
// player visibly pays or takes, and what things cost. Anything else that
// mentions coins in public (a count, a lack, a reason) gives a secret away.
var publicCoinWords = regexp.MustCompile(`(?i)(takes [12] coins?|pays( \w+)? 1 coin|` +
	`pays 1 coin for the (extra hop|dark alley)|pays 2 coins: 1 for the extra hop, 1 for the dark alley|` +
	`it shows a coin: \+1 coin|costs? no coin|costs its coin|no coin action|no hop coin|` +
	`\(1 coin\)|\(pay 1 coin\)|, [12] coins?$|` +
	// Rules revision 3 and later: a ware is sold in public.
	`sell it under the stack for 2 coins\?|take 2 coins|\(pay \w+ 1 coin\)|pay \w+ 1 coin$)`)

// allowedReasons are the public texts that tell of a lack of coins by
// design: a join the table names for a player without a coin (rumref #7,
// rules revision 3 and later).
var allowedReasons = regexp.MustCompile(`\w+ cannot pay the coin and does not join`)

// coinIntersection matches names with "coin" in them: the coin
// intersections and the small guards that show a coin.
var coinIntersection = regexp.MustCompile(`\bCoin [1-9]\b|small guard [12] with coin`)

// secretReasons are phrases that explain a ruling by a secret: a lack of
// coins, or what a player keeps face down.
var secretReasons = []string{"afford", "nor rest", "cannot rest", "cannot make another hop", "can neither",
	"cannot pay", "coins left", "no coins", "not enough", "keeps face down the"}

// secretReason returns the part of a public text that gives a secret
// reason, or "".
func secretReason(text string) string {
	text = allowedReasons.ReplaceAllString(text, "")
	rest := publicCoinWords.ReplaceAllString(coinIntersection.ReplaceAllString(text, ""), "")
	if i := strings.Index(strings.ToLower(rest), "coin"); i >= 0 {
		return rest[max(0, i-30):min(len(rest), i+30)]
	}
	low := strings.ToLower(text)
	for _, r := range secretReasons {
		if strings.Contains(low, r) {
			return r
		}
	}
	return ""
}

// checkSecrets looks for secrets in the public view, public event text and
// question wording.
func checkSecrets(g *pirates.Game, e *referee.Engine, from int) error {
	pub := g.Status(referee.Public, locale.English, 0)
	if strings.Contains(pub, "yours only") || strings.Contains(pub, "coin") && strings.Contains(pub, "coins:") {
		return fmt.Errorf("public status shows private lines:\n%s", pub)
	}
	v := g.View(referee.Public, locale.English).(pirates.View)
	for _, p := range v.Players {
		if p.Coins != nil || p.Wares != nil || p.Targets != nil {
			return fmt.Errorf("public view shows %s's secrets", p.Name)
		}
	}
	wares := secretLabels(g)
	rdv := rendezvousLabels()
	evs := e.Events()[from:]
	for _, ev := range evs {
		txt := ev.For(referee.Public)
		for _, w := range wares {
			if strings.Contains(txt, w) {
				return fmt.Errorf("public event names a ware: %q", txt)
			}
		}
		for _, l := range rdv {
			if strings.Contains(txt, l) && !strings.Contains(txt, "reveals") {
				return fmt.Errorf("public event names a rendezvous target: %q", txt)
			}
		}
		if strings.Contains(strings.ToLower(txt), " coins.") && strings.Contains(txt, "now have") {
			return fmt.Errorf("public event shows a coin total: %q", txt)
		}
		if r := secretReason(txt); r != "" {
			return fmt.Errorf("public event gives a secret reason (%q): %q", r, txt)
		}
	}
	for _, w := range wares {
		if strings.Contains(pub, w) {
			return fmt.Errorf("public status names a ware %q", w)
		}
	}
	// The secret wares.name question's example names wares picked from
	// public counts only (askWares).
	if q := e.Next(); q != nil && q.ID != "wares.name" {
		for _, l := range append(rdv, wares...) {
			if strings.Contains(q.Text, l) {
				return fmt.Errorf("question text names a secret tile: %q", q.Text)
			}
		}
		if !q.Secret {
			if r := secretReason(q.Text); r != "" {
				return fmt.Errorf("public question %s gives a secret reason (%q): %q", q.ID, r, q.Text)
			}
			for _, o := range q.Options {
				if r := secretReason(o.Label); r != "" {
					return fmt.Errorf("public question %s: option %q gives a secret reason (%q)", q.ID, o.Label, r)
				}
				for _, w := range wares {
					if strings.Contains(o.Label, w) || strings.Contains(q.Text, w) {
						return fmt.Errorf("public question %s names a ware", q.ID)
					}
				}
				if t, ok := pirates.Tile(o.Key); ok && t.Sort == pirates.SortRendezvous {
					return fmt.Errorf("public question %s offers a rendezvous tile", q.ID)
				}
			}
		}
	}
	return nil
}

// playRandom plays a whole game with a random legal player, checking every invariant after each answer and replay against
// the live state every replayEvery answers. It returns the number of
// answers.
func playRandom(t *testing.T, n int, seed uint64, layout pirates.Layout, replayEvery int, seen map[string]bool) int {
	t.Helper()
	board, err := setup.Assemble(layout)
	if err != nil {
		t.Fatal(err)
	}
	cfg := config(n)
	cfg.Layout = layout
	cfg.Start = int(seed % uint64(n))
	factory := func() referee.Game { return pirates.New(cfg, board) }
	e, err := referee.Start(factory)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	c := randplay.From(rand.New(rand.NewPCG(seed, 7)))
	from := 0
	for step := 0; e.Next() != nil; step++ {
		if step > 20000 {
			t.Fatalf("%d players seed %d: no end after %d answers", n, seed, step)
		}
		q := e.Next()
		if err := checkDarkCoin(e.Game().(*pirates.Game), q, seen); err != nil {
			t.Fatalf("%d players seed %d step %d at %s: %v", n, seed, step, q.ID, err)
		}
		a := randplay.Pirates(c, q)
		if err := e.Answer(a); err != nil {
			t.Fatalf("%d players seed %d step %d: legal answer %s=%s refused: %v", n, seed, step, q.ID, a, err)
		}
		g := e.Game().(*pirates.Game)
		if err := checkInvariants(g); err != nil {
			t.Fatalf("%d players seed %d step %d after %s=%s: %v", n, seed, step, q.ID, a, err)
		}
		if g.Phase == pirates.PhaseOver {
			// The final score reveals every tile.
		} else if err := checkSecrets(g, e, from); err != nil {
			t.Fatalf("%d players seed %d step %d after %s=%s: %v", n, seed, step, q.ID, a, err)
		}
		from = len(e.Events())
		seen[q.ID] = true
		if !q.Secret && q.Kind == referee.Choice && len(q.Options) == 1 {
			seen["lone public answer"] = true
			t.Errorf("%d players seed %d step %d: %s asked with one legal answer", n, seed, step, q.ID)
		}
		if replayEvery > 0 && step%replayEvery == 0 {
			r, err := referee.Replay(factory, e.Answers())
			if err != nil {
				t.Fatalf("replay at step %d: %v", step, err)
			}
			if a, b := dump(g), dump(r.Game().(*pirates.Game)); a != b {
				t.Fatalf("replay differs at step %d:\nlive   %s\nreplay %s", step, a, b)
			}
			r.Close()
		}
	}
	if g := e.Game().(*pirates.Game); g.Phase != pirates.PhaseOver {
		t.Fatalf("%d players seed %d: game ended in phase %d", n, seed, g.Phase)
	}
	return len(e.Answers())
}

// playRandomSet plays seeds games of every player count (seed s of n players is s*scale+n; even seeds on a
// random layout), checking every answer of the first seed's games every
// every answers, and returns the answers given.
func playRandomSet(t *testing.T, seeds, scale uint64, every int, seen map[string]bool) int {
	answers := 0
	for n := 2; n <= 5; n++ {
		for seed := uint64(1); seed <= seeds; seed++ {
			layout := setup.FixedLayout()
			if seed%2 == 0 {
				layout = setup.RandomLayout(int64(seed))
			}
			check := 0
			if seed == 1 {
				check = every
			}
			answers += playRandom(t, n, seed*scale+uint64(n), layout, check, seen)
		}
	}
	return answers
}

// TestRandomGames plays random games with every check after each answer:
// no public question with one legal answer is asked at
// all (a draw whose tile is known is an instruction), no guard question
// offers "none", and every dark alley a hop menu offers costs what the
// rulebook's waiver says (checkDarkCoin).
func TestRandomGames(t *testing.T) {
	seen := map[string]bool{}
	answers := playRandomSet(t, 4, 7000, 3, seen)
	t.Logf("%d answers in 16 games", answers)
	for _, id := range []string{"turn.menu", "move.again", "move.exit", "guard.stack", "guard.draw", "wares.name",
		"hq.alley", "hq.second", "supply.keep", "rendezvous.offer", "map.take", "map.refill",
		"pub.invite", "pub.join", "pub.roll", "pub.take", "pub.refill", "chest.roll", "chest.refill",
		"chest.scorpion.refill", "wrangle.roll", "rum.more",
		"dark alley for a coin", "dark alley free", "dark alley free for the mover"} {
		if !seen[id] {
			t.Errorf("the random games never reached %s", id)
		}
	}
	for _, id := range []string{"lone public answer", "guard.none"} {
		if seen[id] {
			t.Errorf("the random games asked %s", id)
		}
	}
}

// checkDarkCoin checks a hop menu (turn.menu,
// move.again) against the rulebook's waiver, worked out here from the
// state: a dark alley costs its extra coin only when an empty ordinary
// alley at the captain's intersection takes no more pirates than the
// mover has in supply; a hop after the first costs 1 coin more, unless
// every other player is out. Menus after a dead-end jump are left to
// TestDarkAlleyWaiverOnExtraHopsLastPlayerAndDeadEnds. It also notes a
// guard question offering "none" (seen["guard.none"]).
func checkDarkCoin(g *pirates.Game, q *referee.Question, seen map[string]bool) error {
	if q.ID == "guard.stack" && slices.ContainsFunc(q.Options, func(o referee.Option) bool { return o.Key == "none" }) {
		seen["guard.none"] = true
	}
	if q.ID != "turn.menu" && q.ID != "move.again" || g.DeadEndForTest(g.Captain) {
		return nil
	}
	p := int(q.Actor)
	pl := g.Players[p]
	due, emptyPlain := false, false
	for _, id := range g.Board.At[g.Captain] {
		if a := g.Board.Alleys[id]; !a.Dark && g.Occupant[id] < 0 {
			emptyPlain = true
			due = due || a.Segments <= pl.Supply
		}
	}
	last := true
	for i, o := range g.Players {
		if i != p && !o.Out {
			last = false
		}
	}
	coins := 0
	if q.ID == "move.again" && !last {
		coins++
	}
	if due {
		coins++
	}
	for _, o := range q.Options {
		var id int
		if _, err := fmt.Sscanf(o.Key, "a%d", &id); err != nil || !g.Board.Alleys[id].Dark {
			continue
		}
		want := ""
		switch coins {
		case 1:
			want = ", 1 coin"
		case 2:
			want = ", 2 coins"
		}
		if !strings.HasSuffix(o.Label, "the exit's)"+want) {
			return fmt.Errorf("%s (supply %d, coins %d, last %v) is offered %q: want it to cost %d coins", pl.Name, pl.Supply, pl.Coins, last, o.Label, coins)
		}
		switch {
		case due:
			seen["dark alley for a coin"] = true
		case emptyPlain:
			seen["dark alley free for the mover"] = true
		default:
			seen["dark alley free"] = true
		}
	}
	return nil
}

// BenchmarkRandomGame plays whole 4-player games with the random legal
// player through the engine, without the log.
func BenchmarkRandomGame(b *testing.B) {
	board, err := setup.Assemble(setup.FixedLayout())
	if err != nil {
		b.Fatal(err)
	}
	cfg := config(4)
	answers := 0
	for i := 0; b.Loop(); i++ {
		e, err := referee.Start(func() referee.Game { return pirates.New(cfg, board) }, referee.WithoutLog())
		if err != nil {
			b.Fatal(err)
		}
		c := randplay.From(rand.New(rand.NewPCG(uint64(i), 7)))
		for e.Next() != nil {
			if err := e.Answer(randplay.Pirates(c, e.Next())); err != nil {
				b.Fatal(err)
			}
		}
		answers += len(e.Answers())
		e.Close()
	}
	b.ReportMetric(float64(answers)/float64(b.N), "answers/game")
}
