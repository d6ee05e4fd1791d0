package prompts

import (
	"fmt"
	"strconv"
	"strings"

	"rumref/referee"
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

// guardSecret asks for confirmation before changing answer n (1-based) if
// it was a secret answer of someone other than the actor now asked.
func (s *Session) guardSecret(q *referee.Question, n int, verb, id string) (bool, error) {
	entries := answerEntries(s.Engine.Log())
	if n < 1 || n > len(entries) {
		return true, nil
	}
	e := entries[n-1]
	if !e.Secret || (q != nil && q.Actor == e.Actor) {
		return true, nil
	}
	text := fmt.Sprintf("This %s %s's secret answer (answer %d). Only do it with %s's agreement. Go ahead?", verb, s.name(e.Actor), n, s.name(e.Actor))
	return s.confirm(id, text)
}

// undo takes back the last answer.
func (s *Session) undo(q *referee.Question) error {
	n := len(s.Engine.Answers())
	if n == 0 {
		s.reject(q, "There is nothing to undo yet.")
		return nil
	}
	ok, err := s.guardSecret(q, n, "takes back", "undo.secret")
	if err != nil {
		return err
	}
	if !ok {
		s.info("Nothing was taken back.")
		return nil
	}
	what := ""
	if entries := answerEntries(s.Engine.Log()); len(entries) == n {
		e := entries[n-1]
		what = fmt.Sprintf(" (%s: %s)", e.QuestionID, shownAnswer(e))
	}
	msg := fmt.Sprintf("Took back answer %d%s.", n, what)
	if c := s.Engine.Correction(); s.Engine.TakesBack() {
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
	s.passed = ""
	s.info(msg)
	return nil
}

// correct replaces one past answer and replays the rest: "correct N VALUE".
func (s *Session) correct(q *referee.Question, arg string) error {
	num, value, _ := strings.Cut(strings.TrimSpace(arg), " ")
	value = strings.TrimSpace(value)
	total := len(s.Engine.Answers())
	n, err := strconv.Atoi(num)
	if err != nil || value == "" {
		s.reject(q, "Type correct, the answer's number from the log, and the new value: for example correct 3 5.")
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
	ok, err := s.guardSecret(q, n, "changes", "correct.secret")
	if err != nil {
		return err
	}
	if !ok {
		s.info("Nothing was changed.")
		return nil
	}
	out, err := s.Engine.Correct(n-1, value)
	if err != nil {
		s.reject(q, fmt.Sprintf("Answer %d was not changed: %v", n, err))
		return nil
	}
	if err := s.save(); err != nil {
		return err
	}
	s.clampEvents()
	s.passed = ""
	shown := value
	if entries := answerEntries(s.Engine.Log()); len(entries) >= n {
		shown = shownAnswer(entries[n-1])
	}
	msg := fmt.Sprintf("Answer %d is now %s.", n, shown)
	if out.Dropped > 0 {
		msg += " " + droppedText(out, total)
	}
	s.info(msg + " Type log to review the rulings.")
	return nil
}

// droppedText says which later answers a correction drops, and why, in
// public words.
func droppedText(out referee.Outcome, total int) string {
	what := fmt.Sprintf("the %d answers from answer %d (%s) on", out.Dropped, out.From, out.ID)
	if out.Dropped == 1 {
		what = fmt.Sprintf("answer %d (%s)", out.From, out.ID)
	}
	return fmt.Sprintf("Dropped %s, because %s; the game keeps %d of %d answers, and what was dropped will be asked again.", what, out.Why, out.Kept, total)
}

// seat finds a player by name or by seat number (1-based).
func (s *Session) seat(arg string) (int, bool) {
	names := s.Engine.Game().PlayerNames()
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
	names := s.Engine.Game().PlayerNames()
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
	switch s.Mode {
	case JSON:
		if seat < 0 {
			s.reject(q, fmt.Sprintf("Say whose secrets to show: peek NAME or peek NUMBER (%s).", strings.Join(names, ", ")))
			return nil
		}
		s.status(referee.Viewer(seat))
		return nil
	case Terminal:
		return s.term.peek(s.Engine.Game(), seat)
	}
	if seat < 0 {
		fmt.Fprintln(s.Out, "Whose secrets? Type a name or a number:")
		for i, n := range names {
			fmt.Fprintf(s.Out, "  %d) %s\n", i+1, n)
		}
		line, err := readLine(s.r)
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
	fmt.Fprintln(s.Out, s.pal.secret(fmt.Sprintf("Pass the laptop to %s; everyone else look away. (Plain mode cannot clear the screen.) Press Enter when ready.", names[seat])))
	if _, err := readLine(s.r); err != nil {
		return err
	}
	fmt.Fprintln(s.Out, s.pal.secret(fmt.Sprintf("-- %s's private view --", names[seat])))
	fmt.Fprintln(s.Out, s.Engine.Game().Status(referee.Viewer(seat)))
	fmt.Fprintln(s.Out, s.pal.secret("-- end of private view: press Enter, then pass the laptop back --"))
	_, err := readLine(s.r)
	return err
}
