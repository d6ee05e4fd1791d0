package migrate

import (
	"strings"

	"rumref/locale"
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
			switch text := said(ev); {
			case ev.Rule == "rp.draw.known" || ev.Rule == "rp.guard.count" && strings.Contains(text, " stack is empty: "):
				skipped = append(skipped, ev)
			case ev.Rule == "rp.dark-alley.free" && strings.Contains(text, "it is the only move"):
				return stop(len(out), "pirates.dark_free")
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
				return nil, stop(i+1, "pirates.unmatched", referee.Str(skipped[0].Rule), referee.Sub(skipped[0].Said))
			}
			if err := e.Answer(a.A); err != nil {
				return nil, stop(i+1, "pirates.misfit", referee.Str(a.String()), referee.Err(err))
			}
			out = append(out, a)
			kept[i+1] = len(out)
			if err := look(); err != nil {
				return nil, err
			}
			continue
		}
		if len(skipped) == 0 {
			return nil, stop(i+1, "pirates.asks", asked(q), referee.Str(a.Q))
		}
		ev := skipped[0]
		text := said(ev)
		switch {
		case ev.Rule == "rp.draw.known":
			ty, ok := pirates.Tile(a.A)
			if !ok || !strings.Contains(text, ": "+ty.Label) && !strings.Contains(text, "it is "+ty.Label+",") {
				return nil, stop(i+1, "pirates.draw", referee.Str(a.String()), referee.Sub(ev.Said))
			}
		case a.Q != "guard.stack":
			return nil, stop(i+1, "pirates.asks", asked(q), referee.Str(a.Q))
		case a.A == "none":
			return nil, stop(i+1, "pirates.no_guard")
		case !strings.Contains(text, "from the "+a.A+" guard stack"):
			return nil, stop(i+1, "pirates.guard", referee.Str(a.String()), referee.Sub(ev.Said))
		}
		skipped = skipped[1:]
		kept[i+1] = len(out)
	}
	return &Rewrite{Answers: out, Kept: kept}, nil
}

// said is what revision 5 said in the event, in English, as the checks
// above read it: without the catalog check's marks (RUMREF_LOCALE_CHECK=1
// wraps each message and each nested one, "it is ⁨bunk 7⁩,").
func said(ev referee.Event) string { return locale.Unmark(ev.Text) }

// asked names the question a game asks, or says it is over.
func asked(q *referee.Question) referee.Arg {
	if q == nil {
		return referee.Sub(referee.Text("migrate.pirates.over"))
	}
	return referee.Str(q.ID)
}
