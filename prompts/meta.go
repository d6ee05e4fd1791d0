package prompts

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"rumref/referee"
	"rumref/safetext"
)

// meta runs a meta command typed at the prompt for q (q may be nil).
func (s *Session) meta(q *referee.Question, in input) error {
	switch in.cmd {
	case "undo":
		return s.undo(q)
	case "show":
		s.status(referee.Public)
	case "log":
		s.showLog()
	case "help":
		s.help(q)
	case "rules":
		query := in.arg
		if query == "" && q != nil {
			query = q.Rule
		}
		s.rules(query)
	case "peek":
		return s.peek(q, in.arg)
	case "setup":
		text := s.Setup
		if text == "" {
			text = "This game has no setup instructions to show."
		}
		s.fe.show(shown{kind: showMessage, text: text})
	case "correct":
		return s.correct(q, in.arg)
	case "quit":
		return ErrQuit
	}
	return nil
}

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

// shownAnswer is an answer as the public may see it.
func shownAnswer(e referee.Entry) string {
	if e.Secret {
		return "(secret)"
	}
	if e.Label != "" && e.Label != e.Answer {
		return fmt.Sprintf("%s (%s)", e.Label, e.Answer)
	}
	return e.Answer
}

// secretQuestionText stands for a secret question's text in the public
// log, as rumref log FILE shows it.
const secretQuestionText = "(a secret question)"

// others reports whether answer entry e is a secret of a player other
// than the one now asked: changing it needs that player.
func others(q *referee.Question, e referee.Entry) bool {
	return e.Secret && e.Actor != referee.Table && (q == nil || q.Actor != e.Actor)
}

// ownerAgrees asks the owner of another player's secret answer whether it
// may be changed: in a terminal after a pass-the-laptop screen (the owner
// sees the question and their answer, then the screen is cleared), in
// plain mode on one line addressed to them, in JSON mode as a confirm
// object that names them.
func (s *Session) ownerAgrees(e referee.Entry, n int, verb, id string) (bool, error) {
	owner := s.name(e.Actor)
	text := fmt.Sprintf("This %s %s's secret answer (answer %d). Pass the laptop to %s: %s, do you agree?", verb, owner, n, owner, owner)
	if !s.fe.can().private || s.Remote != nil {
		// With phones, the owner may agree on their own phone too.
		return s.confirm(id, e.Actor, text)
	}
	var ok bool
	err := s.fe.pass(passing{to: capital(owner)}, func() error {
		s.fe.show(shown{kind: showLine, text: fmt.Sprintf("%s, this %s your secret answer %d: %s -> %s", capital(owner), verb, n, safetext.CleanLines(strings.TrimSpace(e.Text)), safetext.Clean(e.Label))})
		line, err := s.fe.ask(asking{kind: askConfirm, id: id, actor: referee.Table, text: "Do you agree?"})()
		ok = isYes(line)
		return err
	})
	return ok, err
}

// undo takes back the last answer, or, right after a correction, the
// correction.
func (s *Session) undo(q *referee.Question) error {
	n := len(s.Engine.Answers())
	if n == 0 {
		s.reject(q, "There is nothing to undo yet.")
		return nil
	}
	entries := answerEntries(s.Engine.Log())
	c := s.Engine.Correction()
	back := s.Engine.TakesBack()
	// The answer that changes: the last one, or the one corrected.
	at := n
	if back {
		at = c.Answer
	}
	if at <= len(entries) && others(q, entries[at-1]) {
		verb := "takes back"
		if back {
			verb = "takes back the correction of"
		}
		ok, err := s.ownerAgrees(entries[at-1], at, verb, "undo.secret")
		if err != nil {
			return err
		}
		if !ok {
			s.info("Nothing was taken back.")
			return nil
		}
	}
	msg := fmt.Sprintf("Took back answer %d.", n)
	if len(entries) == n {
		e := entries[n-1]
		msg = fmt.Sprintf("Took back answer %d (%s: %s).", n, e.QuestionID, shownAnswer(e))
	}
	if back {
		msg = fmt.Sprintf("Took back the correction of answer %d: the game holds its %d answers again, exactly as before it.", c.Answer, c.Answer-1+len(c.Before))
	}
	if err := s.Engine.Undo(); err != nil {
		s.reject(q, "Nothing was taken back: "+err.Error())
		return nil
	}
	if err := s.save(); err != nil {
		return err
	}
	s.clampEvents()
	s.info(msg)
	return nil
}

// correctUsage says how to type a correction.
const correctUsage = "Type correct, the answer's number from the log, and the new value: for example correct 3 5 (correct 3 alone asks for the value)."

// correct replaces one past answer and replays the rest: "correct N
// VALUE", or "correct N" to be asked the value. A secret answer's new
// value is typed by its owner after a pass-the-laptop screen (masked in a
// terminal), and a refusal never shows its value or its choices. A
// correction that drops later answers says so and asks the table first.
func (s *Session) correct(q *referee.Question, arg string) error {
	num, value, _ := strings.Cut(strings.TrimSpace(arg), " ")
	value = strings.TrimSpace(value)
	total := len(s.Engine.Answers())
	n, err := strconv.Atoi(num)
	if err != nil {
		s.reject(q, correctUsage)
		return nil
	}
	if n < 1 || n > total {
		if total == 0 {
			s.reject(q, "There are no answers to correct yet.")
		} else {
			s.reject(q, fmt.Sprintf("There is no answer %d: pick a number from 1 to %d (see log).", n, total))
		}
		return nil
	}
	entries := answerEntries(s.Engine.Log())
	if len(entries) < n {
		s.reject(q, "This game has no log to correct from; resume it to correct answers.")
		return nil
	}
	e := entries[n-1]
	if value == "" && !s.fe.can().followUp {
		s.reject(q, "Type correct, the answer's number and the new value: for example correct 3 5. For a secret answer, collect the value from its owner privately.")
		return nil
	}
	if e.Secret || value == "" {
		v, ok, err := s.newValue(q, e, n, value)
		if err != nil || !ok {
			return err
		}
		value = v
	}
	aq, err := s.Engine.QuestionAt(n - 1)
	if err == nil {
		value = optionKey(aq, value) // "correct 5 2": option 2, as at the question
	}
	pre, err := s.Engine.Preview(n-1, value)
	if err != nil {
		if aq != nil {
			if _, verr := aq.Validate(value); verr != nil {
				err = errors.New(reason(aq, verr)) // with the options' numbers
			}
		}
		s.reject(q, refusedCorrection(e, n, err))
		return nil
	}
	if pre.Dropped > 0 {
		ok, err := s.confirm("correct.drop", referee.Table, fmt.Sprintf("Changing answer %d drops %s. Go ahead? (undo right after takes the correction back)", n, droppedWhat(pre)))
		if err != nil {
			return err
		}
		if !ok {
			s.info("Nothing was changed.")
			return nil
		}
	}
	old := append([]referee.Event(nil), s.Engine.Events()...)
	out, err := s.Engine.Correct(n-1, value)
	if err != nil {
		s.reject(q, refusedCorrection(e, n, err))
		return nil
	}
	if err := s.save(); err != nil {
		return err
	}
	s.clampEvents()
	shown := value
	if entries := answerEntries(s.Engine.Log()); len(entries) >= n {
		shown = shownAnswer(entries[n-1])
	}
	msg := fmt.Sprintf("Answer %d is now %s.", n, shown)
	if out.Dropped > 0 {
		msg += " " + droppedText(out, total)
	} else if out.Kept == n+1 {
		msg += " The later answer still fits."
	} else if out.Kept > n {
		msg += fmt.Sprintf(" All %d later answers still fit.", out.Kept-n)
	}
	msg += " Type undo to take the correction back, log to review the rulings."
	if e.Secret && (!s.fe.can().private || s.Remote != nil) {
		msg += fmt.Sprintf(" %s can peek at their private view.", capital(s.name(e.Actor)))
	}
	s.info(msg)
	return s.showRulings(n, old, e)
}

// newValue gets the new value of answer n: for a secret answer from its
// owner in private (after a pass-the-laptop screen; masked in a
// terminal), otherwise from whoever typed correct N. In JSON mode the
// value comes with the command, and in plain mode a secret value may too;
// then another player's secret needs their agreement. ok is false when
// nothing is to change.
func (s *Session) newValue(q *referee.Question, e referee.Entry, n int, typed string) (string, bool, error) {
	can := s.fe.can()
	if !can.followUp || !can.private && e.Secret && typed != "" || s.fromRemote() {
		if others(q, e) {
			ok, err := s.ownerAgrees(e, n, "changes", "correct.secret")
			if err != nil || !ok {
				return "", false, s.unchanged(err)
			}
		}
		return typed, true, nil
	}
	aq, err := s.Engine.QuestionAt(n - 1)
	if err != nil {
		s.reject(q, fmt.Sprintf("Answer %d cannot be corrected: %v", n, err))
		return "", false, nil
	}
	owner := capital(s.name(e.Actor))
	var v string
	if !e.Secret {
		v, err = s.askValue(aq, e, n, false)
	} else {
		// The owner types the value (masked where the front end can),
		// which is their agreement; a value typed in the open is not
		// used.
		if typed != "" {
			s.fe.show(shown{kind: showSecret, text: "A secret answer's new value is typed hidden by its owner; the value on the command line is not used."})
		}
		err = s.fe.pass(passing{to: owner, typing: true}, func() error {
			var err error
			v, err = s.askValue(aq, e, n, true)
			return err
		})
	}
	if err != nil || v == "" {
		return "", false, s.unchanged(err)
	}
	return v, true, nil
}

// unchanged reports that a correction was given up; err passes through
// (a quit or the end of input while it was asked).
func (s *Session) unchanged(err error) error {
	if err == nil {
		s.info("Nothing was changed.")
	}
	return err
}

// askValue shows answer n's question with its legal answers and reads the
// new value (masked in a terminal when secret); "" keeps the answer.
func (s *Session) askValue(aq *referee.Question, e referee.Entry, n int, secret bool) (string, error) {
	mine := e // the owner, or anyone for a public answer, sees the value
	mine.Secret = false
	was := shownAnswer(mine)
	head := fmt.Sprintf("Answer %d, %s: %s -> %s", n, capital(s.name(e.Actor)), safetext.CleanLines(strings.TrimSpace(aq.Text)), safetext.Clean(was))
	label := fmt.Sprintf("New value for answer %d (Enter alone keeps it):", n)
	return s.fe.ask(asking{kind: askValue, q: aq, head: head, text: label, secret: secret})()
}

// refusedCorrection says why answer n was not changed. For a secret
// answer it names neither the value typed nor the question's choices.
func refusedCorrection(e referee.Entry, n int, err error) string {
	if e.Secret {
		return fmt.Sprintf("Answer %d was not changed: the new value is not a legal answer to that secret question. Its owner sees the choices with correct %d alone, in private.", n, n)
	}
	return fmt.Sprintf("Answer %d was not changed: %v", n, err)
}

// droppedWhat names the later answers a correction drops and why.
func droppedWhat(out referee.Outcome) string {
	what := fmt.Sprintf("the %d later answers from answer %d (%s) on", out.Dropped, out.From, out.ID)
	if out.Dropped == 1 {
		what = fmt.Sprintf("the later answer %d (%s)", out.From, out.ID)
	}
	return fmt.Sprintf("%s, because %s", what, out.Why)
}

// droppedText says which later answers a correction dropped, and why, in
// public words.
func droppedText(out referee.Outcome, total int) string {
	return fmt.Sprintf("Dropped %s; the game keeps %d of %d answers, and what was dropped will be asked again.", droppedWhat(out), out.Kept, total)
}

// maxRulings is how many changed rulings a correction shows.
const maxRulings = 12

// changedRulings lists the rulings from answer n on, as viewer sees them,
// that were not there before the correction (old is the event list
// before it). For a player it lists only the rulings with a private part
// for them; for the public, every ruling with public text.
func (s *Session) changedRulings(n int, old []referee.Event, viewer referee.Viewer) []referee.Event {
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
	for _, ev := range s.Engine.Events() {
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

// showRulings shows the public rulings that follow from correcting answer
// n and were not there before (old is the event list before), so the
// table can fix its pieces. In a terminal, the owner of a corrected
// secret answer then sees their own new private rulings behind a pass
// screen.
func (s *Session) showRulings(n int, old []referee.Event, e referee.Entry) error {
	fresh := s.changedRulings(n, old, referee.Public)
	if len(fresh) > 0 {
		s.fe.show(shown{kind: showHeading, text: fmt.Sprintf("Rulings that now follow from answer %d (fix the pieces on the table):", n)})
	}
	for i, ev := range fresh {
		if i == maxRulings {
			s.info(fmt.Sprintf("... and %d more: type log to see them all.", len(fresh)-maxRulings))
			break
		}
		s.event(ev)
	}
	if !s.fe.can().private || s.Remote != nil || !e.Secret || !e.Actor.Player() {
		return nil
	}
	mine := s.changedRulings(n, old, e.Actor.Viewer())
	if len(mine) == 0 {
		return nil
	}
	owner := capital(s.name(e.Actor))
	if _, err := s.fe.ask(asking{kind: askEnter, text: fmt.Sprintf("%s has new private rulings: press Enter, then %s.", owner, passWords(owner))})(); err != nil {
		return err
	}
	return s.fe.pass(passing{to: owner}, func() error {
		s.fe.show(shown{kind: showSecret, text: fmt.Sprintf("%s, your rulings that now follow from answer %d:", owner, n)})
		for _, ev := range mine {
			s.fe.show(shown{kind: showEvent, event: ev, text: safetext.CleanLines(ev.For(e.Actor.Viewer()))})
		}
		return nil
	})
}

// seat finds a player by name or by seat number (1-based).
func (s *Session) seat(arg string) (int, bool) {
	names := s.playerNames()
	if n, err := strconv.Atoi(arg); err == nil && n >= 1 && n <= len(names) {
		return n - 1, true
	}
	for i, name := range names {
		if strings.EqualFold(name, arg) {
			return i, true
		}
	}
	return 0, false
}

// peek lets one player look at their own secrets.
func (s *Session) peek(q *referee.Question, arg string) error {
	names := s.playerNames()
	if len(names) == 0 {
		s.reject(q, "There are no players to peek for.")
		return nil
	}
	arg = strings.TrimSpace(arg)
	seat := -1
	if arg != "" {
		i, ok := s.seat(arg)
		if !ok {
			s.reject(q, fmt.Sprintf("%q is not a player: type peek and a name (%s) or a seat number 1 to %d.", arg, strings.Join(names, ", "), len(names)))
			return nil
		}
		seat = i
	}
	if seat < 0 {
		if !s.fe.can().followUp {
			s.reject(q, fmt.Sprintf("Say whose secrets to show: peek NAME or peek NUMBER (%s).", strings.Join(names, ", ")))
			return nil
		}
		line, err := s.fe.ask(asking{kind: askSeat})()
		if errors.Is(err, errBack) {
			return nil
		}
		if err != nil {
			return err
		}
		i, ok := s.seat(strings.TrimSpace(line))
		if !ok {
			s.reject(q, fmt.Sprintf("%q is not a player; nothing was shown.", strings.TrimSpace(line)))
			return nil
		}
		seat = i
	}
	return s.fe.pass(passing{to: names[seat]}, func() error {
		s.fe.status(referee.Viewer(seat))
		return nil
	})
}
