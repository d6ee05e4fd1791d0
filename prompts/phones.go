package prompts

import (
	"strings"

	"rumref/referee"
)

// Pages are the phones' pages of a game served with --web, as the
// laptop shows them.
type Pages struct {
	// Join draws the join code that every phone opens, fitted to a
	// screen of cols x rows (0: any), with its address and the table
	// page's, or says how to show it where it cannot fit.
	Join func(cols, rows int) string
	// Seats lists each seat's own page address.
	Seats func() string
	// Seat draws one seat's own page as a code, fitted as Join, for
	// the laptop to hand that seat to a phone.
	Seat func(seat, cols, rows int) string
}

// showPhones shows the join code again (the phones command).
func (s *Session) showPhones() {
	if s.Pages == nil {
		s.fe.show(shown{kind: showMessage, text: s.say("phones.none")})
		return
	}
	s.fe.show(shown{kind: showMessage, text: s.Pages.Join(Columns(s.Out), Rows(s.Out))})
}

// showSeats lists each seat's own page, or with a player's name or
// number shows that seat's code (the seats command).
func (s *Session) showSeats(q *referee.Question, arg string) {
	if s.Pages == nil {
		s.fe.show(shown{kind: showMessage, text: s.say("phones.none")})
		return
	}
	arg = strings.TrimSpace(arg)
	if arg == "" {
		s.fe.show(shown{kind: showMessage, text: s.Pages.Seats()})
		return
	}
	seat, ok := s.seat(arg)
	if !ok {
		s.reject(q, s.say("seats.notplayer", arg, strings.Join(s.playerNames(), ", "), len(s.playerNames())))
		return
	}
	s.fe.show(shown{kind: showMessage, text: s.Pages.Seat(seat, Columns(s.Out), Rows(s.Out))})
}

// waitsForPhone reports whether the laptop waits for the phone of q's
// player before asking q: a secret question, the phones served, the
// player's phone not connected, in a terminal (plain and JSON go on, as
// at every pause), and the laptop has not chosen to go on without them.
func (s *Session) waitsForPhone(q *referee.Question) bool {
	if s.Pages == nil || s.noPhones || s.Mode != Terminal || !q.Secret || !q.Actor.Player() {
		return false
	}
	seat := int(q.Actor)
	return seat >= len(s.cur.Phones) || !s.cur.Phones[seat]
}

// waitForPhone shows the join code and waits: for the player's phone to
// join (the table then asks them there and the read is cut short), or
// for Enter, which goes on without the phones that have not joined.
func (s *Session) waitForPhone(q *referee.Question, step int) error {
	name := capital(s.name(q.Actor))
	label := s.say("phones.goon", name)
	head := s.say("phones.waiting", name)
	rows, cols := Rows(s.Out), Columns(s.Out)
	if rows > 0 && cols > 1 {
		rows -= len(strings.Split(wrapText(head, cols-1), "\n"))
	}
	_, err := s.read(asking{kind: askPause, q: q, step: step, parts: []string{head, s.Pages.Join(cols, rows)}, text: label})
	if err != nil {
		return err
	}
	s.noPhones = true
	s.info(s.say("phones.without"))
	return nil
}
