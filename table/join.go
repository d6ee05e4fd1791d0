package table

import (
	"fmt"
	"slices"

	"rumref/locale"
	"rumref/referee"
)

// Another device on a seat
//
// A seat's page shows that player's secrets. A device asking for a seat
// that another device has taken (the join page, package web) gets it
// only with the owner's yes: on their phone when it is connected, else
// at the laptop behind its pass-the-laptop screen. It is a confirmation
// like the others (confirm.go), except that it belongs to no answer and
// does not lapse when the game moves on. The device asking is nobody
// the table sends anything to: its client learns the answer from the
// callback, and the device is told nothing before it.

// guest is the sender of a join request.
var guest = From{Viewer: referee.Public, Guest: true}

// JoinID is the ID of the confirmation that asks seat's owner to let
// another device in.
func JoinID(seat referee.Seat) string { return fmt.Sprintf("join.%d", int(seat)) }

// AskJoin asks seat's owner whether the device described (in a few
// words, such as "iPhone, Safari") may open their page. answer is called
// once, on the table's goroutine, with the owner's reply; with false as
// well when another device asks for the seat before it is answered. The
// reply's text is in l, the asking device's language.
func (t *Table) AskJoin(seat referee.Seat, device string, l locale.Lang, answer func(yes bool)) Reply {
	var r Reply
	if !t.call(func() { t.lang = l; r = t.askJoin(seat, device, answer) }) {
		r = Reply{Code: Stale, text: say("stopped")}
	}
	r.render(l)
	return r
}

func (t *Table) askJoin(seat referee.Seat, device string, answer func(yes bool)) Reply {
	if !seat.Player() || int(seat) >= len(t.names) {
		return Reply{Code: Refused, text: say("refused.no_seat")}
	}
	if t.stopped {
		return Reply{Code: Stale, text: say("stopped")}
	}
	id := JoinID(seat)
	// A device that asked before and still waits gives way to this one:
	// the owner is asked about the device that asks now.
	for _, o := range t.pending {
		if o.id == id && o.refused != nil {
			o.refused()
		}
	}
	t.pending = slices.DeleteFunc(t.pending, func(o *pending) bool { return o.id == id })
	name, dev := t.nameArg(seat), referee.Str(device)
	p := &pending{id: id, owner: seat, asker: guest, steady: true, step: len(t.e.Answers()),
		text: say("join.ask", dev, name),
		page: say("join.ask.page", dev),
		no:   say("join.no", name, dev),
		yes: func(string) Reply {
			answer(true)
			return Reply{Code: OK, info: say("join.yes", name, dev)}
		},
		refused: func() { answer(false) }}
	t.pending = append(t.pending, p)
	t.publish()
	if t.onPhone(seat) {
		return Reply{Code: Pending, text: say("join.wait.phone", name)}
	}
	return Reply{Code: Pending, text: say("join.wait.laptop", name)}
}
