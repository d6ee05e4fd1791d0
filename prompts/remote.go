package prompts

import (
	"errors"
	"fmt"
	"sync"

	"rumref/referee"
	"rumref/wire"
)

// Remote is another front end served beside the session's own input,
// such as the players' phones (package web). The session stays the only
// goroutine that touches the engine: it calls Sync whenever the game may
// have changed, and takes the remote's answers, commands and
// confirmations from Inputs while it waits for a line, so an answer may
// come from either side and the first one for a step wins.
type Remote interface {
	// Sync is called in the session goroutine before every question is
	// read, and when the game ends; the remote reads what it needs from
	// the engine then and must not keep the engine.
	Sync(e *referee.Engine)
	// Inputs delivers what the remote viewers send.
	Inputs() <-chan RemoteInput
	// Tell passes on a message of the session: an info for everyone, a
	// confirmation for its owner, the exit.
	Tell(m RemoteMessage)
}

// SeatPresence is what a Remote may also tell: whether a seat's own page
// is open now (the player's phone is connected). While it is, the laptop
// shows no pass screen for that player's secret questions: it says they
// are answering on their phone, and the laptop stays where it is.
type SeatPresence interface {
	Connected(seat referee.Seat) bool
}

// onPhone reports whether seat's phone is connected now.
func (s *Session) onPhone(seat referee.Seat) bool {
	p, ok := s.Remote.(SeatPresence)
	return ok && seat.Player() && p.Connected(seat)
}

// RemoteKind says what a RemoteInput is.
type RemoteKind int

const (
	// RemoteAnswer answers the pending question: Text is an option key or
	// a number.
	RemoteAnswer RemoteKind = iota
	// RemoteUndo takes back the last answer.
	RemoteUndo
	// RemoteCorrect replaces an answer: Text is "N VALUE" as for correct.
	RemoteCorrect
	// RemoteConfirm replies to a confirmation: Text is yes or no, ID the
	// confirmation's ID.
	RemoteConfirm
)

// RemoteInput is one thing a remote viewer sent.
type RemoteInput struct {
	// Viewer is a player's page (their seat) or referee.Public for the
	// table page.
	Viewer referee.Viewer
	// Step is the number of answers the viewer saw when it sent this: it
	// must be the pending step.
	Step int
	Kind RemoteKind
	Text string
	ID   string
	// Reply receives the outcome exactly once; it must not block (give it
	// a buffer of one).
	Reply chan<- RemoteReply

	// Question, when set, is the ID of the question the viewer was shown
	// when it sent this: it must be the pending question's.
	Question string
}

// RemoteCode is the outcome of a remote input.
type RemoteCode int

const (
	// RemoteOK means the input was taken.
	RemoteOK RemoteCode = iota
	// RemoteStale means the step is not the pending one (or the game has
	// ended): the viewer should fetch the state again.
	RemoteStale
	// RemoteForbidden means this viewer may not answer this question.
	RemoteForbidden
	// RemoteRefused means the answer or command was refused; Text says
	// why in words that reveal no other player's secret.
	RemoteRefused
)

// RemoteReply is the outcome of a remote input.
type RemoteReply struct {
	Code RemoteCode
	Text string
}

// RemoteMessage is a message of the session for the remote viewers.
type RemoteMessage struct {
	// Type is "info", "confirm" or "exit", as in the JSON Lines protocol.
	Type string
	Text string
	// ID is a confirmation's ID.
	ID string
	// Seat is who must answer a confirmation (referee.Table: anyone).
	Seat referee.Seat
	// Reason and Save are the exit's.
	Reason string
	Save   string
	Step   int
}

// MayAnswer reports whether a viewer may answer q: a seat answers its own
// questions; the table answers every question that is not secret (the
// table's draws and dice, and a player's public choice made at the
// laptop), never a secret one.
func MayAnswer(viewer referee.Viewer, q *referee.Question) bool {
	if q == nil {
		return false
	}
	if viewer == referee.Public {
		return !q.Secret
	}
	return viewer.Sees(q.Actor)
}

// QuestionFor is q's question object as viewer may see it: to anyone but
// its actor a secret question shows only who is asked (no options, no
// range, no example). name is the actor's name, step the answers so far.
func QuestionFor(q *referee.Question, name string, step int, viewer referee.Viewer) wire.Question {
	o := newJSONQuestion(q, name, step)
	if q.Secret && !viewer.Sees(q.Actor) {
		o.Text = fmt.Sprintf("(a secret question for %s)", o.ActorName)
		o.Options, o.Min, o.Max, o.Example = []wire.Option{}, nil, nil, ""
	}
	return o
}

// seatOf is the seat whose page a viewer is, or referee.Table for the
// table page.
func seatOf(v referee.Viewer) referee.Seat {
	if s, ok := v.Seat(); ok {
		return s
	}
	return referee.Table
}

// remoteState is the session's side of a Remote.
type remoteState struct {
	pending *RemoteInput // an input that arrived as a local line won
	// handling is the remote input being handled: its rejections go to
	// it, not to the shared screen.
	handling *RemoteInput
	refused  string
}

func (s *Session) remote() *remoteState {
	if s.rs == nil {
		s.rs = &remoteState{}
	}
	return s.rs
}

// sync tells the remote the game may have changed.
func (s *Session) sync() {
	if s.Remote != nil {
		s.Remote.Sync(s.Engine)
	}
}

// await runs read (a front end's reading of a local line) while it
// waits for an input from the remote that accept takes, whichever comes
// first. Inputs that accept refuses are answered at once. An accepted
// remote input interrupts the reading.
func (s *Session) await(read func() (string, error), accept func(RemoteInput) bool) (string, *RemoteInput, error) {
	rs := s.remote()
	if p := rs.pending; p != nil {
		rs.pending = nil
		if accept(*p) {
			return "", p, nil
		}
	}
	done := make(chan struct{})
	var got *RemoteInput
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-done:
				return
			case in := <-s.Remote.Inputs():
				if accept(in) {
					got = &in
					s.fe.interrupt()
					return
				}
			}
		}
	}()
	line, err := read()
	close(done)
	wg.Wait()
	interrupted := s.fe.resume()
	if got != nil {
		if interrupted && err != nil {
			return "", got, nil
		}
		// The line typed here came first: the remote input is handled
		// after it, against the step it then finds.
		rs.pending = got
	}
	return line, nil, err
}

// readAny shows q and waits for its answer from the local input or from
// the remote. A remote input is handled here (remote is then true).
func (s *Session) readAny(q *referee.Question) (line string, remote bool, err error) {
	passed := s.passedKey(q) == s.passed
	read := s.fe.ask(asking{kind: askQuestion, q: q, passed: passed, markPassed: func() { s.passed = s.passedKey(q) },
		phone: q.Secret && !passed && s.Remote != nil && s.onPhone(q.Actor)})
	if s.Remote == nil {
		line, err = read()
		return line, false, err
	}
	step := len(s.Engine.Answers())
	accept := func(in RemoteInput) bool {
		if in.Kind == RemoteConfirm {
			in.Reply <- RemoteReply{Code: RemoteStale, Text: "There is no confirmation to answer now."}
			return false
		}
		if in.Step != step {
			in.Reply <- RemoteReply{Code: RemoteStale, Text: fmt.Sprintf("That was for answer %d; the game is at answer %d now.", in.Step+1, step+1)}
			return false
		}
		if in.Question != "" && in.Question != q.ID {
			in.Reply <- RemoteReply{Code: RemoteStale, Text: fmt.Sprintf("That was for another question than the one asked now (answer %d).", step+1)}
			return false
		}
		if in.Kind == RemoteAnswer && !MayAnswer(in.Viewer, q) {
			in.Reply <- RemoteReply{Code: RemoteForbidden, Text: fmt.Sprintf("This question is for %s.", s.name(q.Actor))}
			return false
		}
		return true
	}
	line, in, err := s.await(read, accept)
	if err != nil || in == nil {
		return line, false, err
	}
	return "", true, s.handleRemote(q, in)
}

// handleRemote acts on one remote input for q; its step and viewer are
// already checked.
func (s *Session) handleRemote(q *referee.Question, in *RemoteInput) error {
	rs := s.remote()
	rs.handling, rs.refused = in, ""
	defer func() { rs.handling = nil }()
	reply := func(err error) error {
		if err != nil {
			// Only the laptop's screen shows the error itself.
			text := "The game stopped at the laptop; its screen says why."
			if errors.As(err, new(saveError)) {
				text = "The laptop could not save the game, so it stopped; the laptop's screen says why."
			}
			in.Reply <- RemoteReply{Code: RemoteRefused, Text: text}
			return err
		}
		if rs.refused != "" {
			in.Reply <- RemoteReply{Code: RemoteRefused, Text: rs.refused}
			return nil
		}
		// The pages see the change before the sender hears it was taken.
		if q := s.Engine.Next(); q != nil || s.Engine.Over() {
			s.sync()
		}
		in.Reply <- RemoteReply{Code: RemoteOK}
		return nil
	}
	who := s.name(seatOf(in.Viewer))
	if in.Viewer != referee.Public {
		who += "'s phone"
	} else {
		who += " page"
	}
	// For undo and correct, the one asking is the viewer, not the
	// player the question is for: taking back another player's secret
	// answer needs that player's confirmation.
	asker := *q
	asker.Actor = seatOf(in.Viewer)
	switch in.Kind {
	case RemoteUndo:
		s.info(fmt.Sprintf("Undo asked from %s.", who))
		return reply(s.undo(&asker))
	case RemoteCorrect:
		s.info(fmt.Sprintf("A correction asked from %s.", who))
		return reply(s.correct(&asker, in.Text))
	}
	if _, err := q.Validate(in.Text); err != nil {
		// Only the one who may answer q gets here, so the reason may
		// name its options.
		rs.refused = capital(reason(q, err))
		return reply(nil)
	}
	if err := s.Engine.Answer(in.Text); err != nil {
		rs.refused = capital(reason(q, err))
		return reply(nil)
	}
	if err := s.save(); err != nil {
		return reply(err)
	}
	s.info(fmt.Sprintf("Answer %d (%s) came from %s.", len(s.Engine.Answers()), q.ID, who))
	s.flushEvents()
	return reply(nil)
}

// refuseRemote keeps a rejection for the remote input being handled, so
// it is not shown on the shared screen; it reports whether it did.
func (s *Session) refuseRemote(why string) bool {
	if s.rs == nil || s.rs.handling == nil {
		return false
	}
	s.rs.refused = capital(why)
	return true
}

// fromRemote reports whether the session is handling a remote input: a
// correction's value then comes with the command, as in JSON mode.
func (s *Session) fromRemote() bool { return s.rs != nil && s.rs.handling != nil }

// confirmAny asks a yes/no question locally and on the owner's phone;
// the first reply wins.
func (s *Session) confirmAny(id string, owner referee.Seat, text string) (bool, error) {
	s.Remote.Tell(RemoteMessage{Type: "confirm", ID: id, Text: text, Seat: owner})
	defer s.Remote.Tell(RemoteMessage{Type: "confirm", ID: "", Seat: owner})
	accept := func(in RemoteInput) bool {
		if in.Kind != RemoteConfirm || in.ID != id {
			in.Reply <- RemoteReply{Code: RemoteStale, Text: "A confirmation is pending: answer it first."}
			return false
		}
		if owner != referee.Table && !in.Viewer.Sees(owner) {
			in.Reply <- RemoteReply{Code: RemoteForbidden, Text: fmt.Sprintf("Only %s can answer this.", s.name(owner))}
			return false
		}
		in.Reply <- RemoteReply{Code: RemoteOK}
		return true
	}
	read := s.fe.ask(asking{kind: askConfirm, id: id, actor: owner, text: text})
	if owner != referee.Table {
		s.fe.show(shown{kind: showNote, text: fmt.Sprintf("(%s can also answer this on their phone.)", s.name(owner))})
	}
	line, in, err := s.await(read, accept)
	if err != nil {
		return false, err
	}
	if in != nil {
		line = in.Text
	}
	return isYes(line), nil
}

// stopRemote tells the remote the session stopped.
func (s *Session) stopRemote(reason string) {
	if s.Remote != nil {
		s.Remote.Tell(RemoteMessage{Type: "exit", Reason: reason, Save: s.SaveName, Step: len(s.Engine.Answers())})
	}
}
