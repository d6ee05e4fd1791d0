package table

import (
	"strings"

	"rumref/locale"
	"rumref/referee"
)

// answerEntries returns the log entries that are answers, oldest first, so
// entry i is answer i+1.
func answerEntries(log []referee.Entry) []referee.Entry {
	var out []referee.Entry
	for _, e := range log {
		if e.Event == nil {
			out = append(out, e)
		}
	}
	return out
}

// saidAnswer is an answer as a sentence names it to people: its label
// (a key is for the log, which lists both), or "(secret)".
func saidAnswer(e referee.Entry) referee.Arg {
	switch {
	case e.Secret:
		return referee.Sub(say("secret"))
	case !e.Said.IsZero():
		return referee.Sub(e.Said)
	case e.Label != "":
		return referee.Str(e.Label)
	}
	return referee.Str(e.Answer)
}

// shownAnswer is an answer as the public may see it in a list of
// answers, in l: its label and its key.
func shownAnswer(e referee.Entry, l locale.Lang) string {
	if e.Secret {
		return word("secret", l)
	}
	if label := e.LabelIn(l); label != "" && e.Label != e.Answer {
		return label + " (" + e.Answer + ")"
	}
	return e.Answer
}

// shownArg is shownAnswer as an argument of a message.
func shownArg(e referee.Entry) referee.Arg {
	if e.Secret {
		return referee.Sub(say("secret"))
	}
	if e.Label != "" && e.Label != e.Answer {
		return referee.Sub(say("answer.keyed", saidAnswer(e), referee.Str(e.Answer)))
	}
	return referee.Str(e.Answer)
}

// promptArg is a question's text as an argument of a message.
func promptArg(q *referee.Question) referee.Arg {
	if !q.Prompt.IsZero() {
		return referee.Sub(q.Prompt)
	}
	return referee.Str(strings.TrimSpace(q.Text))
}

// evMsg is an event as viewer sees it, as a message.
func evMsg(ev referee.Event, viewer referee.Viewer) referee.Msg {
	if !ev.Aside.IsZero() && viewer.Sees(ev.Player) {
		if ev.Said.IsZero() {
			return ev.Aside
		}
		return say("two", referee.Sub(ev.Said), referee.Sub(ev.Aside))
	}
	return ev.Said
}

// needsOwner reports whether sender f needs the agreement of the owner
// of answer e to take it back or change it: always for another player's
// secret answer (unless the laptop is asking that player's questions
// now, so the owner is the one at it), and from a phone for another
// player's public answer. From a shared screen a public answer goes
// ahead: everyone sees it there.
func (t *Table) needsOwner(f From, e referee.Entry) bool {
	owner := e.Actor
	if !owner.Player() || !f.Laptop && f.Viewer == owner.Viewer() {
		return false
	}
	if e.Secret {
		if f.Laptop && !t.onPhone(owner) {
			if q := t.e.Next(); q != nil && q.Actor == owner {
				return false // the owner holds the laptop
			}
		}
		return true
	}
	return !f.shared()
}

// undo takes back the last answer, or, right after a correction, the
// correction.
func (t *Table) undo(c Command) Reply {
	n := len(t.e.Answers())
	if n == 0 {
		return Reply{Code: Refused, text: say("undo.none")}
	}
	if c.Step != n {
		return t.stale(c)
	}
	entries := answerEntries(t.e.Log())
	back := t.e.TakesBack()
	at := n
	if back {
		at = t.e.Correction().Answer
	}
	if at <= len(entries) && t.needsOwner(c.From, entries[at-1]) {
		e := entries[at-1]
		kind := "undo"
		if back {
			kind = "uncorrect"
		}
		return t.ask(t.ownerAsked(kind, c.From, e, at, referee.Msg{}, func(string) Reply { return t.doUndo(c.From) }))
	}
	return t.doUndo(c.From)
}

// ownAnswer is answer e as its owner sees it (they are the one asked),
// in l.
func (t *Table) ownAnswer(e referee.Entry, l locale.Lang) string {
	e.Secret = false
	return shownAnswer(e, l)
}

// ownAnswerArg is ownAnswer as an argument of a message.
func ownAnswerArg(e referee.Entry) referee.Arg {
	e.Secret = false
	return shownArg(e)
}

// doUndo takes back the last answer or correction, saves, and tells
// everyone whose answer was taken back and from where.
func (t *Table) doUndo(f From) Reply {
	n := len(t.e.Answers())
	entries := answerEntries(t.e.Log())
	c := t.e.Correction()
	back := t.e.TakesBack()
	msg := say("undone", referee.Int(n))
	if len(entries) == n {
		e := entries[n-1]
		msg = say("undone.answer", referee.Int(n), t.player(e.Actor), saidAnswer(e))
	}
	if back {
		msg = say("undone.correction", referee.Int(c.Answer), referee.Int(c.Answer-1+len(c.Before)))
	}
	if err := t.e.Undo(); err != nil {
		return Reply{Code: Refused, text: say("undo.failed", referee.Err(err))}
	}
	if err := t.save(); err != nil {
		// The save on disk still holds the answer; the table stops.
		return t.failure()
	}
	t.tell(say("two", referee.Sub(msg), referee.Sub(t.whose(f, entries, n, "taken_back"))), func(v Viewer) bool { return v != f })
	return Reply{Code: OK, info: msg, text: msg, skipped: f}
}

// ownerAsked is the question to the owner of answer e (number n) whether
// f may change it: kind says how ("undo": takes it back, "uncorrect":
// takes back its correction, "correct": changes it), to (a public
// answer's correction) what it would become.
func (t *Table) ownerAsked(kind string, f From, e referee.Entry, n int, to referee.Msg, yes func(string) Reply) *pending {
	owner := t.player(e.Actor)
	p := &pending{owner: e.Actor, asker: f, yes: yes, no: say("nothing.changed")}
	id := kind
	if kind != "correct" {
		p.no, id = say("nothing.taken_back"), "undo"
	}
	if e.Secret {
		p.id = id + ".secret"
		p.text = say("ask."+kind+".secret", owner, referee.Int(n))
		p.page = say("ask."+kind+".page", t.who(f), referee.Int(n))
		p.detail = say("ask."+kind+".detail", owner, referee.Int(n), promptEntry(e), labelArg(e))
		return p
	}
	p.id = id + ".other"
	if !to.IsZero() {
		p.text = say("ask."+kind+".other.to", t.who(f), referee.Int(n), saidAnswer(e), referee.Sub(to))
		return p
	}
	p.text = say("ask."+kind+".other", t.who(f), referee.Int(n), saidAnswer(e))
	return p
}

// promptEntry is an answer's question, trimmed, as an argument.
func promptEntry(e referee.Entry) referee.Arg {
	if !e.Prompt.IsZero() {
		return referee.Sub(e.Prompt)
	}
	return referee.Str(strings.TrimSpace(e.Text))
}

// labelArg is an answer's label as an argument.
func labelArg(e referee.Entry) referee.Arg {
	if !e.Said.IsZero() {
		return referee.Sub(e.Said)
	}
	return referee.Str(e.Label)
}

// whose says, for everyone but the one who asked, whose answer it was
// and from where it was taken back or changed (done: "changed",
// "taken_back").
func (t *Table) whose(f From, entries []referee.Entry, n int, done string) referee.Msg {
	if n >= 1 && n <= len(entries) && entries[n-1].Actor.Player() {
		return say("whose."+done, t.player(entries[n-1].Actor), t.who(f))
	}
	return say("whose."+done+".table", t.who(f))
}
