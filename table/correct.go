package table

import (
	"strings"

	"rumref/locale"
	"rumref/referee"
)

// Corrections
//
// correct N VALUE replaces answer N and replays the rest. Who chooses the
// value: the owner of a secret answer, always, on their own device (their
// phone, or the laptop behind its pass screen when they have none), and
// the one who asked never sees it; for a public answer whoever asked, but
// from a phone another player's answer needs that player's yes. A
// correction that drops later answers needs a yes from whoever chose.

// correct starts a correction.
func (t *Table) correct(c Command) Reply {
	total := len(t.e.Answers())
	n := c.N
	if c.Step != total {
		return t.stale(c)
	}
	if n < 1 || n > total {
		if total == 0 {
			return Reply{Code: Refused, text: say("correct.none")}
		}
		return Reply{Code: Refused, text: say("correct.no_answer", referee.Int(n), referee.Int(total))}
	}
	entries := answerEntries(t.e.Log())
	if len(entries) < n {
		return Reply{Code: Refused, text: say("correct.no_log")}
	}
	e := entries[n-1]
	aq, err := t.e.QuestionAt(n - 1)
	if err != nil {
		return Reply{Code: Refused, text: say("correct.cannot", referee.Int(n), referee.Err(err))}
	}
	value := strings.TrimSpace(c.Text)
	owner := e.Actor
	own := owner.Player() && !c.From.Laptop && c.From.Viewer == owner.Viewer()
	if e.Secret && owner.Player() && !own {
		if c.From.Laptop && !t.onPhone(owner) && value != "" {
			// The laptop is the owner's device, and the value came
			// with the command: the owner agrees behind the pass screen.
			return t.ask(t.ownerAsked("correct", c.From, e, n, referee.Msg{}, func(string) Reply { return t.apply(Laptop, e, n, aq, value) }))
		}
		return t.requestValue(c.From, e, n, aq, owner)
	}
	if value == "" {
		return t.requestValue(c.From, e, n, aq, referee.Table)
	}
	if !e.Secret && t.needsOwner(c.From, e) {
		key := keyAt(aq, value)
		if _, err := aq.Validate(key); err != nil {
			return Reply{Code: Refused, text: say("correct.unchanged", referee.Int(n), referee.Err(err)), Err: err}
		}
		return t.ask(t.ownerAsked("correct", c.From, e, n, aq.LabelOf(key), func(string) Reply { return t.apply(c.From, e, n, aq, value) }))
	}
	return t.apply(c.From, e, n, aq, value)
}

// requestValue asks chooser (referee.Table: the asker itself) for the
// new value of answer n, on their device.
func (t *Table) requestValue(asker From, e referee.Entry, n int, aq *referee.Question, chooser referee.Seat) Reply {
	whose := t.player(e.Actor)
	if !e.Actor.Player() {
		whose = referee.Sub(say("seat.table.capital"))
	}
	p := &pending{id: "correct.value", owner: chooser, asker: asker, value: true, n: n, q: aq, was: e, secret: e.Secret,
		text: say("correct.value", referee.Int(n), whose, promptArg(aq), ownAnswerArg(e)),
		no:   say("nothing.changed")}
	p.yes = func(value string) Reply {
		decider := asker
		if chooser.Player() {
			decider = Page(chooser.Viewer())
			if !t.onPhone(chooser) {
				decider = Laptop
			}
		}
		if !e.Secret && t.needsOwner(asker, e) {
			key := keyAt(aq, value)
			if _, err := aq.Validate(key); err != nil {
				return Reply{Code: Refused, text: say("correct.unchanged", referee.Int(n), referee.Err(err)), Err: err}
			}
			return t.ask(t.ownerAsked("correct", asker, e, n, aq.LabelOf(key), func(string) Reply { return t.apply(asker, e, n, aq, value) }))
		}
		return t.apply(decider, e, n, aq, value)
	}
	r := t.ask(p)
	if chooser.Player() && e.Secret && !t.to(p, asker) {
		r.text = say("correct.chooses", t.nameArg(chooser), referee.Int(n))
		if t.onPhone(chooser) {
			r.text = say("correct.chooses.phone", t.nameArg(chooser), referee.Int(n))
		}
	}
	return r
}

// keyAt is a correction's value v for q as the question takes it: an
// option's number, as its list shows it, stands for its key.
func keyAt(q *referee.Question, v string) string {
	v = strings.TrimSpace(v)
	if k, ok := q.KeyAt(v); ok {
		return k
	}
	return v
}

// apply checks a correction's value and, when it drops later answers,
// asks decider first.
func (t *Table) apply(decider From, e referee.Entry, n int, aq *referee.Question, value string) Reply {
	key := keyAt(aq, value)
	pre, err := t.e.Preview(n-1, key)
	if err != nil {
		if _, verr := aq.Validate(key); verr != nil {
			err = verr
			if aq.Numbered() {
				err = referee.Wrap(verr, "table.error.or_number", referee.Int(len(aq.Options)))
			}
		}
		return Reply{Code: Refused, text: refusedCorrection(e, n, err), Err: err}
	}
	if pre.Dropped > 0 {
		return t.ask(&pending{id: "correct.drop", owner: referee.Table, asker: decider,
			text: say("correct.drop", referee.Int(n), droppedWhat(pre, t.e.Because())),
			no:   say("nothing.changed"),
			yes:  func(string) Reply { return t.doCorrect(decider, e, n, key) }})
	}
	return t.doCorrect(decider, e, n, key)
}

// refusedCorrection says why answer n was not changed. For a secret
// answer it names neither the value typed nor the question's choices.
func refusedCorrection(e referee.Entry, n int, err error) referee.Msg {
	if e.Secret {
		return say("correct.unchanged.secret", referee.Int(n))
	}
	return say("correct.unchanged", referee.Int(n), referee.Err(err))
}

// droppedWhat names the later answers a correction drops and why.
func droppedWhat(out referee.Outcome, because referee.Msg) referee.Arg {
	if out.Dropped == 1 {
		return referee.Sub(say("dropped.one", referee.Int(out.From), referee.Sub(because)))
	}
	return referee.Sub(say("dropped.many", referee.Int(out.Dropped), referee.Int(out.From), referee.Sub(because)))
}

// maxRulings is how many changed rulings a correction reports.
const maxRulings = 12

// doCorrect replaces answer n with key, saves, and tells everyone what
// changed; the owner of a secret answer gets their own new rulings.
func (t *Table) doCorrect(by From, e referee.Entry, n int, key string) Reply {
	total := len(t.e.Answers())
	old := append([]referee.Event(nil), t.e.Events()...)
	out, err := t.e.Correct(n-1, key)
	if err != nil {
		return Reply{Code: Refused, text: refusedCorrection(e, n, err), Err: err}
	}
	if err := t.save(); err != nil {
		return t.failure()
	}
	entries := answerEntries(t.e.Log())
	shown := referee.Str(key)
	if len(entries) >= n {
		shown = saidAnswer(entries[n-1])
	}
	msg := say("corrected", referee.Int(n), shown)
	switch {
	case out.Dropped > 0:
		msg = say("two", referee.Sub(msg), referee.Sub(say("corrected.dropped", droppedWhat(out, t.e.Because()), referee.Int(out.Kept), referee.Int(total))))
	case out.Kept == n+1:
		msg = say("two", referee.Sub(msg), referee.Sub(say("corrected.fits.one")))
	case out.Kept > n:
		msg = say("two", referee.Sub(msg), referee.Sub(say("corrected.fits", referee.Int(out.Kept-n))))
	}
	r := Reply{Code: OK, info: msg, text: msg, Answer: n, skipped: by}
	if len(entries) >= n {
		mine := entries[n-1]
		mine.Secret = false
		r.Value = shownAnswer(mine, t.lang)
	}
	for i, ev := range changedRulings(t.e.Events(), n, old, referee.Public) {
		if i == maxRulings {
			r.More = true
			break
		}
		r.Rulings = append(r.Rulings, Event{Rule: ev.Rule, Text: ev.In(t.lang, referee.Public), Step: ev.Step})
	}
	if e.Secret && e.Actor.Player() {
		mine := changedRulings(t.e.Events(), n, old, e.Actor.Viewer())
		if len(mine) > 0 {
			if t.onPhone(e.Actor) {
				var lines []referee.Msg
				for _, ev := range mine {
					lines = append(lines, evMsg(ev, e.Actor.Viewer()))
				}
				t.tell(say("corrected.yours", referee.Int(n), referee.List(lines, " ", " ")),
					func(v Viewer) bool { return !v.Laptop && v.Viewer == e.Actor.Viewer() })
			} else if by.Laptop {
				r.Owner = e.Actor
				for _, ev := range mine {
					r.OwnerRulings = append(r.OwnerRulings, ev.In(t.lang, e.Actor.Viewer()))
				}
			}
		}
	}
	t.tell(say("two", referee.Sub(msg), referee.Sub(t.whose(by, entries, n, "changed"))), func(v Viewer) bool { return v != by })
	return r
}

// changedRulings lists the rulings from answer n on, as viewer sees them,
// that were not there before the correction (old is the event list
// before it). For a player it lists only the rulings with a private part
// for them; for the public, every ruling with public text.
func changedRulings(now []referee.Event, n int, old []referee.Event, viewer referee.Viewer) []referee.Event {
	type key struct {
		step       int
		rule, text string
	}
	seen := func(ev referee.Event) (key, bool) {
		if viewer != referee.Public && (ev.Private == "" || !viewer.Sees(ev.Player)) {
			return key{}, false
		}
		text := ev.For(viewer)
		return key{ev.Step, ev.Rule, text}, ev.Step >= n && text != ""
	}
	had := map[key]int{}
	for _, ev := range old {
		if k, ok := seen(ev); ok {
			had[k]++
		}
	}
	var fresh []referee.Event
	for _, ev := range now {
		k, ok := seen(ev)
		if !ok {
			continue
		}
		if had[k] > 0 {
			had[k]--
			continue
		}
		fresh = append(fresh, ev)
	}
	return fresh
}

// Answered is answer n's question and its answer as sender f may see
// them, in language l: a public answer to anyone, a secret one only to
// its owner's device (the laptop for a seat without a phone).
func (t *Table) Answered(f From, n int, l locale.Lang) (*referee.Question, string, error) {
	var q *referee.Question
	var was string
	err := ErrStopped
	t.call(func() {
		entries := answerEntries(t.e.Log())
		if n < 1 || n > len(entries) {
			err = referee.Errorf("table.error.no_answer", referee.Int(n), referee.Int(len(entries)))
			return
		}
		e := entries[n-1]
		if e.Secret && e.Actor.Player() && !(f.Laptop && !t.onPhone(e.Actor)) && !(!f.Laptop && f.Viewer == e.Actor.Viewer()) {
			err = referee.Errorf("table.error.not_yours")
			return
		}
		q, err = t.e.QuestionAt(n - 1)
		if q != nil {
			q = q.In(l)
		}
		was = t.ownAnswer(e, l)
	})
	return q, was, err
}
