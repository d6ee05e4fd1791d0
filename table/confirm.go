package table

import (
	"slices"
	"strings"

	"rumref/locale"
	"rumref/referee"
)

// Confirmations and requests
//
// Some commands need someone else first: taking back or changing
// another player's secret answer needs its owner; from a phone, another
// player's public answer too; a correction that drops later answers
// needs a yes from whoever asked for it; a secret answer's new value is
// chosen by its owner, on their own device, and the one who asked never
// sees it. The table keeps each such question pending and hands it to
// the device of the person asked: their phone when it is connected, the
// laptop (behind its pass screen) when it is not. A pending question
// belongs to the answers it was asked at: once the game moves on, or an
// answer is replaced (a correction that keeps every later one), it lapses,
// and its asker is told, so nobody can be kept waiting and nothing
// agreed to can land on a different answer.

// pending is one confirmation or request.
type pending struct {
	// id names the kind: undo.secret, undo.other, correct.secret,
	// correct.other, correct.drop, correct.value (the protocol's IDs); a
	// new one of a kind replaces its asker's own, and is refused while
	// another asker's waits (a yes lands on what was shown).
	id string
	// owner decides: a player, or referee.Table for the asker itself.
	owner referee.Seat
	asker From
	step  int
	// text is the question in public words (the laptop shows it before
	// its pass screen); detail is what the one asked sees of it on their
	// own device or behind the pass screen ("" : text says it all).
	text, detail referee.Msg
	// page, when set, is text as the one asked reads it on their own
	// phone (no laptop to pass).
	page referee.Msg
	// value: the owner chooses the new value of answer n (question q,
	// whose answer was shown as was to the owner only).
	value  bool
	n      int
	q      *referee.Question
	was    referee.Entry
	secret bool
	// yes runs on a yes (a value request: with the value).
	yes func(value string) Reply
	// no is what everyone is told on a no (say("nothing.changed") or
	// say("nothing.taken_back") where it may lapse); refused, when set,
	// runs then too.
	no      referee.Msg
	refused func()
	// steady: it belongs to no answer (a device asking for a seat), so
	// it does not lapse when the game moves on.
	steady bool
}

// Confirm is a confirmation or request as the one asked sees it.
type Confirm struct {
	ID string
	// Text is the question in public words; Detail, when set, what only
	// the one asked may see of it (their answer as it is and as it would
	// be): a phone shows both, the laptop Detail only behind its pass
	// screen.
	Text, Detail string
	// Seat decides (referee.Table: whoever asked, at their screen).
	Seat     referee.Seat
	SeatName string
	// Pass (the laptop's view) says to pass the laptop to Seat first:
	// the player has no phone connected.
	Pass bool
	// Value marks a request for the new value of answer N: Q is that
	// answer's question with its legal answers, Was its answer now, and
	// Secret says to type it hidden.
	Value  bool
	N      int
	Q      *referee.Question
	Was    string
	Secret bool
}

// ask keeps p pending and says who was asked.
func (t *Table) ask(p *pending) Reply {
	p.step = len(t.e.Answers())
	if i := slices.IndexFunc(t.pending, func(o *pending) bool { return o.id == p.id && o.asker != p.asker }); i >= 0 {
		// Another sender's request of this kind waits: it keeps its
		// place, so a yes given to it lands on what was shown.
		o := t.pending[i]
		if !o.owner.Player() {
			return Reply{Code: Refused, text: say("refused.deciding", t.who(o.asker))}
		}
		return Reply{Code: Refused, text: say("refused.asked", t.nameArg(o.owner), t.who(o.asker))}
	}
	t.pending = slices.DeleteFunc(t.pending, func(o *pending) bool { return o.id == p.id })
	t.pending = append(t.pending, p)
	if t.to(p, p.asker) {
		return Reply{Code: Pending} // the asker answers it next
	}
	if t.onPhone(p.owner) {
		return Reply{Code: Pending, text: say("pending.phone", t.nameArg(p.owner))}
	}
	return Reply{Code: Pending, text: say("pending.laptop", t.nameArg(p.owner))}
}

// to reports whether p is asked of viewer v now.
func (t *Table) to(p *pending, v Viewer) bool {
	if p.owner.Player() {
		if t.onPhone(p.owner) {
			return !v.Laptop && v.Viewer == p.owner.Viewer()
		}
		return v.Laptop
	}
	return v == p.asker
}

// confirmFor is what viewer v is asked to confirm now, in language l
// (nil: nothing).
func (t *Table) confirmFor(v Viewer, l locale.Lang) *Confirm {
	for _, p := range t.pending {
		if !t.to(p, v) {
			continue
		}
		text := p.text
		if !v.Laptop && !p.page.IsZero() {
			text = p.page
		}
		c := &Confirm{ID: p.id, Text: sentence(text, l), Detail: sentence(p.detail, l), Seat: p.owner, SeatName: t.name(p.owner, l), Pass: v.Laptop && p.owner.Player(),
			Value: p.value, N: p.n, Q: p.q, Secret: p.secret}
		if p.value {
			c.Was = t.ownAnswer(p.was, l)
		}
		if p.q != nil {
			c.Q = p.q.In(l)
		}
		return c
	}
	return nil
}

// lapse drops the pending questions of another step, or all of them
// when answers were replaced (rewound: a correction, or its undo, that
// keeps as many answers), telling their askers.
func (t *Table) lapse(rewound bool) {
	step := len(t.e.Answers())
	var gone []*pending
	t.pending = slices.DeleteFunc(t.pending, func(p *pending) bool {
		if !p.steady && (p.step != step || rewound) {
			gone = append(gone, p)
			return true
		}
		return false
	})
	why := "lapsed.moved"
	if rewound {
		why = "lapsed.changed"
	}
	for _, p := range gone {
		if p.no.Format() == "table.nothing.taken_back" {
			why += ".undo"
		}
		t.tell(say(why), func(v Viewer) bool { return v == p.asker || t.to(p, v) })
	}
}

// confirm answers a pending confirmation or request: the one asked
// answers it; its asker (or the laptop) may withdraw it with no.
func (t *Table) confirm(c Command) Reply {
	i := slices.IndexFunc(t.pending, func(p *pending) bool { return p.id == c.ID })
	if i < 0 {
		return Reply{Code: Stale, text: say("stale.confirm_gone")}
	}
	p := t.pending[i]
	answer := strings.TrimSpace(c.Text)
	yes := isYes(answer)
	if p.value {
		yes = answer != "" // "" keeps the answer
	}
	if !t.to(p, c.From) && (yes || c.From != p.asker && !c.From.Laptop) {
		if p.owner.Player() {
			return Reply{Code: Forbidden, text: say("forbidden.owner", t.nameArg(p.owner))}
		}
		return Reply{Code: Forbidden, text: say("forbidden.asker")}
	}
	t.pending = slices.Delete(t.pending, i, i+1)
	if !yes {
		t.tell(p.no, func(v Viewer) bool { return v == p.asker || t.to(p, v) || v == c.From })
		if p.refused != nil {
			p.refused()
		}
		return Reply{Code: OK, info: p.no}
	}
	value := ""
	if p.value {
		value = answer
	}
	r := p.yes(value)
	if !r.info.IsZero() && c.From != p.asker && r.skipped == p.asker {
		// The one who asked hears how it went, in public words (unless
		// they were told with everyone).
		t.tell(r.info, func(v Viewer) bool { return v == p.asker })
	}
	return r
}

// isYes reports whether a line means yes.
func isYes(line string) bool {
	switch strings.ToLower(strings.TrimSpace(line)) {
	case "y", "yes":
		return true
	}
	return false
}
