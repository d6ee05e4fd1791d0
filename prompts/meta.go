package prompts

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"rumref/referee"
	"rumref/safetext"
	"rumref/table"
)

// meta runs a meta command typed at the prompt for the question tq
// shows (tq may be nil).
func (s *Session) meta(tq *table.Question, in input) error {
	var q *referee.Question
	if tq != nil {
		q = tq.Q
	}
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
			text = s.say("setup.none")
		}
		// A screen at a time in a terminal, which then waits for Enter
		// before it shows the question again below.
		_, err := s.fe.ask(asking{kind: askPause, parts: []string{text}, text: s.say("setup.back")})()
		return err
	case "correct":
		return s.correct(q, in.arg)
	case "phones":
		s.showPhones()
	case "seats":
		s.showSeats(q, in.arg)
	case "quit":
		return ErrQuit
	}
	return nil
}

// shownAnswer is an answer of the log as the public may see it.
func shownAnswer(e table.Entry) string {
	if e.Label != "" && e.Label != e.Answer {
		return fmt.Sprintf("%s (%s)", e.Label, e.Answer)
	}
	return e.Answer
}

// withoutKey is an answer as the table names it, "Label (key)", said by
// its label alone, as the options are listed to people.
func withoutKey(q *referee.Question, was string) string {
	if q == nil {
		return was
	}
	for _, o := range q.Options {
		if o.Label != "" && was == o.Label+" ("+o.Key+")" {
			return o.Label
		}
	}
	return was
}

// submit sends a command of the laptop's and shows its outcome: what was
// done, who was asked, or why not. It returns an error only when the
// game cannot go on (a save failed).
func (s *Session) submit(q *referee.Question, c table.Command) (table.Reply, error) {
	c.Step = s.cur.Step
	r := s.Table.Submit(s.command(c))
	switch r.Code {
	case table.OK:
		if r.Info != "" {
			s.info(r.Info)
		}
	case table.Pending:
		if r.Text != "" {
			s.info(r.Text)
		}
	case table.Failed:
		return r, r.Err
	default:
		s.reject(q, r.Text)
	}
	return r, nil
}

// undo takes back the last answer, or, right after a correction, the
// correction; the table asks the owner first where it must.
func (s *Session) undo(q *referee.Question) error {
	_, err := s.submit(q, table.Command{Kind: table.Undo})
	return err
}

// correct replaces one past answer and replays the rest: "correct N
// VALUE", or "correct N" to be asked the value. Who chooses the value is
// the table's ruling (package table, correct.go): a secret answer's
// owner, on their own device; at the laptop behind a pass-the-laptop
// screen, typed hidden in a terminal.
func (s *Session) correct(q *referee.Question, arg string) error {
	num, value, _ := strings.Cut(strings.TrimSpace(arg), " ")
	value = strings.TrimSpace(value)
	n, err := strconv.Atoi(num)
	if err != nil {
		s.reject(q, s.say("correct.usage"))
		return nil
	}
	if value == "" && !s.fe.can().followUp {
		s.reject(q, s.say("correct.usagevalue"))
		return nil
	}
	if value != "" && s.fe.can().private && s.secretAnswer(n) {
		// The owner types the value hidden, which is their agreement;
		// a value typed in the open is not used.
		s.fe.show(shown{kind: showSecret, text: s.say("correct.hidden")})
		value = ""
	}
	r, err := s.submit(q, table.Command{Kind: table.Correct, N: n, Text: value})
	if err != nil || r.Code != table.OK {
		return err
	}
	return s.corrected(r)
}

// secretAnswer reports whether answer n is a secret one.
func (s *Session) secretAnswer(n int) bool {
	for _, e := range s.Table.Log(s.Lang) {
		if e.N == n {
			return e.Secret
		}
	}
	return false
}

// corrected shows what follows from a correction done: the public
// rulings that changed, so the table can fix its pieces, and the owner's
// own new rulings behind a pass screen.
func (s *Session) corrected(r table.Reply) error {
	s.info(s.say("correct.done"))
	if len(r.Rulings) > 0 {
		s.fe.show(shown{kind: showHeading, text: s.say("correct.rulings", r.Answer)})
	}
	for _, ev := range r.Rulings {
		s.event(ev)
	}
	if r.More {
		s.info(s.say("correct.more"))
	}
	if len(r.OwnerRulings) == 0 {
		return nil
	}
	owner := capital(s.name(r.Owner))
	if !s.fe.can().private {
		s.info(s.say("correct.canpeek", owner))
		return nil
	}
	if _, err := s.fe.ask(asking{kind: askEnter, text: s.say("correct.newprivate", owner, s.passWords(owner))})(); err != nil {
		return err
	}
	return s.fe.pass(passing{to: owner}, func() error {
		s.fe.show(shown{kind: showSecret, text: s.say("correct.yourrulings", owner, r.Answer)})
		for _, line := range r.OwnerRulings {
			s.fe.show(shown{kind: showEvent, event: table.Event{}, text: safetext.CleanLines(line)})
		}
		return nil
	})
}

// respond answers what the table asks of the laptop: a yes or no
// confirmation, or a correction's new value; a player's, after a
// pass-the-laptop screen.
func (s *Session) respond(c *table.Confirm) error {
	if !c.Value {
		var line string
		var err error
		if c.Pass && c.Detail != "" && s.fe.can().private {
			// The owner sees their answer behind the pass screen.
			err = s.fe.pass(passing{to: capital(c.SeatName)}, func() error {
				s.fe.show(shown{kind: showLine, text: safetext.CleanLines(c.Detail)})
				var err error
				line, err = s.fe.ask(asking{kind: askConfirm, id: c.ID, actor: referee.Table, text: s.say("confirm.agree")})()
				return err
			})
		} else {
			actor := referee.Table
			if c.Pass {
				actor = c.Seat
			}
			line, err = s.read(asking{kind: askConfirm, id: c.ID, actor: actor, text: c.Text})
		}
		if err != nil {
			return err
		}
		answer := "no"
		if isYes(line) {
			answer = "yes"
		}
		_, err = s.submit(nil, table.Command{Kind: table.Respond, ID: c.ID, Text: answer})
		return err
	}
	cq := s.local(c.Q)
	head := s.say("correct.head", c.N, capital(s.name(cq.Actor)), safetext.CleanLines(strings.TrimSpace(cq.Text)), safetext.Clean(withoutKey(cq, c.Was)))
	label := s.say("correct.value", c.N)
	var v string
	ask := func() error {
		var err error
		v, err = s.read(asking{kind: askValue, q: cq, head: head, text: label, secret: c.Secret})
		return err
	}
	var err error
	if c.Pass && c.Secret && s.fe.can().followUp {
		err = s.fe.pass(passing{to: capital(c.SeatName), typing: true}, ask)
	} else {
		err = ask()
	}
	if err != nil && !errors.Is(err, errNoFollowUp) {
		return err
	}
	r, err := s.submit(nil, table.Command{Kind: table.Respond, ID: c.ID, Text: v})
	if err != nil || r.Code != table.OK || v == "" {
		return err
	}
	return s.corrected(r)
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
		s.reject(q, s.say("peek.noplayers"))
		return nil
	}
	arg = strings.TrimSpace(arg)
	seat := -1
	if arg != "" {
		i, ok := s.seat(arg)
		if !ok {
			s.reject(q, s.say("peek.notplayer", arg, strings.Join(names, ", "), len(names)))
			return nil
		}
		seat = i
	}
	if seat < 0 {
		if !s.fe.can().followUp {
			s.reject(q, s.say("peek.whose", strings.Join(names, ", ")))
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
			s.reject(q, s.say("peek.notplayer2", strings.TrimSpace(line)))
			return nil
		}
		seat = i
	}
	return s.fe.pass(passing{to: names[seat]}, func() error {
		s.fe.status(referee.Viewer(seat))
		return nil
	})
}
