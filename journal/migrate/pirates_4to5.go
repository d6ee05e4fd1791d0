package migrate

import (
	"fmt"
	"strings"

	"rumref/referee"
	"rumref/referee/pirates"
)

// pirates4to5 carries a revision 4 save over to revision 5, which follows
// the rulebook closer at three places (pirates.RulesRevision). It replays
// the answers under today's rules one by one:
//
//   - A draw that can show only one kind of tile is no longer asked
//     (rp.draw.known): revision 4 asked it with that one option, so its
//     answer is dropped where revision 5 says which tile was taken.
//   - With one guard stack empty, revision 5 draws from the other without
//     asking (rp.guard.count): revision 4's answer naming that stack is
//     dropped; one that faced no guard is refused there, since revision 5
//     would have drawn.
//   - Where the dark-alley coin is waived because the dark alley is the
//     only move the mover can make (rp.dark-alley.free), revision 4 charged
//     it or offered no dark alley: a save that met it is refused there.
//
// Any other answer that does not fit today's question is refused too.
func pirates4to5(s any, old []referee.Answer) (*Rewrite, error) {
	factory, err := piratesFactory(piratesRevision(s, 5))
	if err != nil {
		return nil, err
	}
	e, err := referee.Start(factory)
	if err != nil {
		return nil, err
	}
	defer e.Close()
	out := make([]referee.Answer, 0, len(old))
	kept := make([]int, len(old)+1)
	seen := 0 // events looked at
	// skipped is what revision 5 did without asking since the last
	// answer given, oldest first, for the old answers that asked it.
	var skipped []referee.Event
	look := func() error {
		evs := e.Events()
		for _, ev := range evs[seen:] {
			switch {
			case ev.Rule == "rp.draw.known" || ev.Rule == "rp.guard.count" && strings.Contains(ev.Text, " stack is empty: "):
				skipped = append(skipped, ev)
			case ev.Rule == "rp.dark-alley.free" && strings.Contains(ev.Text, "it is the only move"):
				return &Stop{Answer: len(out), Why: "a dark alley there was free for the mover, which revision 4 charged a coin for or did not offer"}
			}
		}
		seen = len(evs)
		return nil
	}
	if err := look(); err != nil {
		return nil, err
	}
	for i, a := range old {
		q := e.Pending()
		fits := q != nil && q.ID == a.Q && (!a.HasActor || referee.Seat(a.Actor) == q.Actor)
		if fits {
			if len(skipped) > 0 {
				return nil, &Stop{Answer: i + 1, Why: fmt.Sprintf("rumref cannot match its answers to what revision 5 asks (%s: %s)", skipped[0].Rule, skipped[0].Text)}
			}
			if err := e.Answer(a.A); err != nil {
				return nil, &Stop{Answer: i + 1, Why: fmt.Sprintf("its answer %s does not fit revision 5 (%v)", a, err)}
			}
			out = append(out, a)
			kept[i+1] = len(out)
			if err := look(); err != nil {
				return nil, err
			}
			continue
		}
		if len(skipped) == 0 {
			return nil, &Stop{Answer: i + 1, Why: fmt.Sprintf("revision 5 asks %s where the save answered %s", asked(q), a.Q)}
		}
		ev := skipped[0]
		switch {
		case ev.Rule == "rp.draw.known":
			ty, ok := pirates.Tile(a.A)
			if !ok || !strings.Contains(ev.Text, ": "+ty.Label) && !strings.Contains(ev.Text, "it is "+ty.Label+",") {
				return nil, &Stop{Answer: i + 1, Why: fmt.Sprintf("its answer %s is not the draw revision 5 took without asking (%s)", a, ev.Text)}
			}
		case a.Q != "guard.stack":
			return nil, &Stop{Answer: i + 1, Why: fmt.Sprintf("revision 5 asks %s where the save answered %s", asked(q), a.Q)}
		case a.A == "none":
			return nil, &Stop{Answer: i + 1, Why: "with one guard stack empty the mover faced no guard, where revision 5 draws from the other stack"}
		case !strings.Contains(ev.Text, "from the "+a.A+" guard stack"):
			return nil, &Stop{Answer: i + 1, Why: fmt.Sprintf("its answer %s is not the guard stack revision 5 drew from (%s)", a, ev.Text)}
		}
		skipped = skipped[1:]
		kept[i+1] = len(out)
	}
	return &Rewrite{Answers: out, Kept: kept}, nil
}

// asked names the question a game asks, or says it is over.
func asked(q *referee.Question) string {
	if q == nil {
		return "nothing (the game is over)"
	}
	return q.ID
}
