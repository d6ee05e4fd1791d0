package table

import (
	"fmt"
	"strings"

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
func saidAnswer(e referee.Entry) string {
	if e.Secret {
		return "(secret)"
	}
	if e.Label != "" {
		return e.Label
	}
	return e.Answer
}

// shownAnswer is an answer as the public may see it in a list of
// answers: its label and its key.
func shownAnswer(e referee.Entry) string {
	if e.Secret {
		return "(secret)"
	}
	if e.Label != "" && e.Label != e.Answer {
		return fmt.Sprintf("%s (%s)", e.Label, e.Answer)
	}
	return e.Answer
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
		return Reply{Code: Refused, Text: "There is nothing to undo yet."}
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
		verb := "takes back"
		if back {
			verb = "takes back the correction of"
		}
		return t.ask(t.ownerAsked("undo", c.From, e, at, verb, "", func(string) Reply { return t.doUndo(c.From) }))
	}
	return t.doUndo(c.From)
}

// ownAnswer is answer e as its owner sees it (they are the one asked).
func (t *Table) ownAnswer(e referee.Entry) string {
	e.Secret = false
	return shownAnswer(e)
}

// doUndo takes back the last answer or correction, saves, and tells
// everyone whose answer was taken back and from where.
func (t *Table) doUndo(f From) Reply {
	n := len(t.e.Answers())
	entries := answerEntries(t.e.Log())
	c := t.e.Correction()
	back := t.e.TakesBack()
	msg := fmt.Sprintf("Took back answer %d.", n)
	if len(entries) == n {
		e := entries[n-1]
		msg = fmt.Sprintf("Took back answer %d (%s: %s).", n, capital(t.name(e.Actor)), saidAnswer(e))
	}
	if back {
		msg = fmt.Sprintf("Took back the correction of answer %d: the game holds its %d answers again, exactly as before it.", c.Answer, c.Answer-1+len(c.Before))
	}
	if err := t.e.Undo(); err != nil {
		return Reply{Code: Refused, Text: "Nothing was taken back: " + err.Error()}
	}
	if err := t.save(); err != nil {
		// The save on disk still holds the answer; the table stops.
		return t.failure()
	}
	t.tell(msg+t.whose(f, entries, n, "taken back"), func(v Viewer) bool { return v != f })
	return Reply{Code: OK, Info: msg, Text: msg, skipped: f}
}

// ownerAsked is the question to the owner of answer e (number n) whether
// f may change it: verb says how ("takes back", "changes"), to (a public
// answer) what it would become.
func (t *Table) ownerAsked(kind string, f From, e referee.Entry, n int, verb, to string, yes func(string) Reply) *pending {
	owner := capital(t.name(e.Actor))
	p := &pending{owner: e.Actor, asker: f, yes: yes, no: "Nothing was changed."}
	if kind == "undo" {
		p.no = "Nothing was taken back."
	}
	if e.Secret {
		p.id = kind + ".secret"
		p.text = fmt.Sprintf("This %s %s's secret answer (answer %d). Pass the laptop to %s: %s, do you agree?", verb, owner, n, owner, owner)
		p.page = fmt.Sprintf("%s asks: this %s your secret answer %d. Do you agree?", capital(t.who(f)), verb, n)
		p.detail = fmt.Sprintf("%s, this %s your secret answer %d: %s -> %s", owner, verb, n, strings.TrimSpace(e.Text), e.Label)
		return p
	}
	p.id = kind + ".other"
	if to != "" {
		to = " to " + to
	}
	p.text = fmt.Sprintf("%s asks: this %s your answer %d (%s)%s. Do you agree?", capital(t.who(f)), verb, n, saidAnswer(e), to)
	return p
}

// whose says, for everyone but the one who asked, whose answer it was
// and from where it was taken back or changed (done).
func (t *Table) whose(f From, entries []referee.Entry, n int, done string) string {
	if n >= 1 && n <= len(entries) && entries[n-1].Actor.Player() {
		return fmt.Sprintf(" It was %s's answer, %s from %s.", capital(t.name(entries[n-1].Actor)), done, t.who(f))
	}
	return fmt.Sprintf(" %s from %s.", capital(done), t.who(f))
}
