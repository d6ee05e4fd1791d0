// Package web serves a game to the players' phones and to a shared table
// screen over HTTP on the local network: one page per seat with that
// player's secrets and questions, one table page with the public board.
//
// The package is one more front end of a prompts.Session: the Hub
// implements prompts.Remote. The session goroutine stays the only one that
// touches the engine; at every Sync the hub computes what each viewer may
// see (the same view as peek for a seat, as show for the table), turns the
// changes into the JSON objects of the JSON Lines protocol and fans them
// out as server-sent events, each viewer's filtered for that viewer. The
// HTTP contract is documented in docs/protocol.md.
package web

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"rumref/games"
	"rumref/prompts"
	"rumref/referee"
	"rumref/wire"
)

// Table is the viewer of the table page (the public view).
const Table = referee.Public

// historySize is how many messages the hub keeps per viewer for a
// reconnect with Last-Event-ID; an older ID gets the full state instead.
const historySize = 256

// queueSize is how many messages may wait for one slow client before it
// is dropped to a resync.
const queueSize = 64

// recentEvents is how many of a viewer's latest rulings the state holds.
const recentEvents = 40

// Config describes the game being served.
type Config struct {
	// Game is "pirates" or "runner".
	Game string
	// Title is the game's name for people.
	Title string
	// Names are the players in seat order.
	Names []string
	// Board is the Rum & Pirates board as SVG (nil for Rum Runner).
	Board []byte
	// Rules looks up the rules reference (may be nil).
	Rules func(query string) string
	// Factory makes fresh games; with Parallel it lets the hub look
	// ahead for questions that may be answered in any order.
	Factory referee.Factory
	// Parallel names question IDs (such as pub.join) that the players
	// may answer before their turn when the hub can show that their
	// question is the same whatever the earlier players answer.
	Parallel map[string]bool
	// Play is how the game is logged in a play logger (nil: no link at
	// the end).
	Play *games.PlayLog
	// Clock says when the game began and how long it has been played in
	// all (for the play logger link; nil: since the hub was made).
	Clock func() (started time.Time, played time.Duration)
}

// message is one server-sent event for one viewer.
type message struct {
	id   int64
	data []byte
}

// viewer is what the hub keeps for one viewer (the table or a seat).
type viewer struct {
	hist    []message
	trimmed int64 // the highest ID dropped from hist
	// The latest of each, as sent.
	view     json.RawMessage
	text     string
	question json.RawMessage
	ahead    bool
	events   []json.RawMessage
	confirm  json.RawMessage
	end      json.RawMessage
	exit     json.RawMessage
	info     []json.RawMessage
	// help is the help object for the question this viewer sees.
	help json.RawMessage
	// clients of this viewer connected now
	clients map[*client]struct{}
}

// client is one open event stream.
type client struct {
	ch     chan message
	resync chan struct{}
}

// Hub holds the game's state for every viewer and the open streams. Its
// methods are safe for concurrent use, except Sync, Tell and Close, which
// the session goroutine calls.
type Hub struct {
	cfg    Config
	run    string // this process's prefix of event IDs
	inputs chan prompts.RemoteInput
	done   chan struct{}
	once   sync.Once

	mu      sync.Mutex
	seq     int64
	step    int
	over    bool
	stopped bool
	viewers []*viewer // index: viewer + 1
	// ahead are the questions the players may answer before their turn,
	// by step, and queued the answers given to them.
	ahead  map[int]*referee.Question
	queued map[int]queuedAnswer

	// Only the session goroutine uses these.
	prevAnswers []referee.Answer
	seenEvents  int
}

// NewHub makes a hub for the game.
func NewHub(cfg Config) *Hub {
	if cfg.Clock == nil {
		made := time.Now()
		cfg.Clock = func() (time.Time, time.Duration) { return made, time.Since(made) }
	}
	var b [4]byte
	rand.Read(b[:])
	h := &Hub{cfg: cfg, run: hex.EncodeToString(b[:]), inputs: make(chan prompts.RemoteInput), done: make(chan struct{}),
		ahead: map[int]*referee.Question{}, queued: map[int]queuedAnswer{}}
	for range len(cfg.Names) + 1 {
		h.viewers = append(h.viewers, &viewer{clients: map[*client]struct{}{}, question: json.RawMessage("null")})
	}
	return h
}

// Inputs delivers the viewers' answers and commands to the session.
func (h *Hub) Inputs() <-chan prompts.RemoteInput { return h.inputs }

// Done is closed when the hub stops.
func (h *Hub) Done() <-chan struct{} { return h.done }

// name is a viewer's name.
func (h *Hub) name(v referee.Viewer) string {
	if v >= 0 && int(v) < len(h.cfg.Names) {
		return h.cfg.Names[v]
	}
	return "the table"
}

// actorName is the name of who answers a question.
func (h *Hub) actorName(s referee.Seat) string { return h.name(s.Viewer()) }

// The objects sent are package wire's (docs/protocol.md).

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(map[string]string{"type": "error", "error": fmt.Sprintf("could not encode: %v", err)})
	}
	return b
}

// questionFor is q as viewer v may see it: to anyone but its actor a
// secret question shows only who is asked.
func (h *Hub) questionFor(q *referee.Question, v referee.Viewer, step int) wire.Question {
	return prompts.QuestionFor(q, h.actorName(q.Actor), step, v)
}

// helpFor explains the question a viewer sees, the commands of the pages
// and the question's rule.
func (h *Hub) helpFor(q *wire.Question) json.RawMessage {
	var b strings.Builder
	id := ""
	if q != nil {
		id = q.ID
		fmt.Fprintf(&b, "%s asks %s: %s\n", q.ID, q.ActorName, q.Text)
		switch {
		case q.Min != nil:
			fmt.Fprintf(&b, "Answer with a number from %d to %d.\n", *q.Min, *q.Max)
		case len(q.Options) > 0:
			fmt.Fprintf(&b, "Answer with one of the %d buttons.\n", len(q.Options))
		default:
			fmt.Fprintf(&b, "%s answers this on their own screen.\n", q.ActorName)
		}
		if q.Rule != "" {
			fmt.Fprintf(&b, "Rule: %s.\n", q.Rule)
		}
	}
	rules := ""
	if h.cfg.Rules != nil && q != nil && q.Rule != "" {
		rules = strings.TrimRight(h.cfg.Rules(q.Rule), "\n")
	}
	return mustJSON(wire.Help{Type: "help", Question: id, Text: strings.TrimRight(b.String(), "\n"),
		Commands: "Undo takes back the last answer; Correct replaces answer N (numbers as in the log) and replays the rest; Rules searches the rules reference. Taking back another player's secret answer needs that player's confirmation on their phone.",
		Rules:    rules})
}

// Sync reads the game after a change and sends every viewer what changed
// for them. It runs in the session goroutine.
func (h *Hub) Sync(e *referee.Engine) {
	answers := e.Answers()
	step := len(answers)
	rewound := len(answers) < len(h.prevAnswers)
	for i := 0; !rewound && i < len(h.prevAnswers); i++ {
		rewound = answers[i] != h.prevAnswers[i]
	}
	h.prevAnswers = append(h.prevAnswers[:0], answers...)
	evs := e.Events()
	var fresh []referee.Event
	if rewound || h.seenEvents > len(evs) {
		h.seenEvents = len(evs)
	}
	fresh = evs[h.seenEvents:]
	h.seenEvents = len(evs)
	g := e.Game()
	q := e.Next()
	over := e.Over()
	ahead := h.lookAhead(e, q)

	type update struct {
		events   []json.RawMessage
		status   json.RawMessage
		view     json.RawMessage
		text     string
		question json.RawMessage
		isAhead  bool
		help     json.RawMessage
		end      json.RawMessage
	}
	ups := make([]update, len(h.viewers))
	for i := range h.viewers {
		v := referee.Viewer(i - 1)
		var u update
		for _, ev := range fresh {
			if t := ev.For(v); t != "" {
				u.events = append(u.events, mustJSON(wire.Event{Type: "event", Rule: ev.Rule, Text: t, Step: ev.Step}))
			}
		}
		u.view = mustJSON(g.View(v))
		// The text says what the view says: make it only when the view
		// changed (drawing the board is the costly part).
		h.mu.Lock()
		same := bytes.Equal(u.view, h.viewers[i].view)
		u.text = h.viewers[i].text
		h.mu.Unlock()
		if !same {
			u.text = g.Status(v)
			u.status = mustJSON(wire.Status{Type: "status", Viewer: int(v), Text: u.text, View: u.view})
		}
		var qo *wire.Question
		if q != nil {
			o := h.questionFor(q, v, step)
			qo = &o
			if !MayAnswerOrSee(v, q) {
				// Nothing for this seat now: show a question it may
				// answer ahead of its turn, if there is one.
				for s := step + 1; ahead[s] != nil; s++ {
					if v.Sees(ahead[s].Actor) {
						o := h.questionFor(ahead[s], v, s)
						o.Ahead = true
						qo = &o
						u.isAhead = true
						break
					}
				}
			}
		}
		if qo != nil {
			u.question = mustJSON(qo)
		} else {
			u.question = json.RawMessage("null")
		}
		u.help = h.helpFor(qo)
		if over {
			u.end = mustJSON(wire.End{Type: "end", Status: u.view, Text: u.text, Step: step, Play: h.playInfo(g)})
		}
		ups[i] = u
	}

	h.mu.Lock()
	defer h.mu.Unlock()
	h.step, h.over = step, over
	for s := range h.ahead {
		delete(h.ahead, s)
	}
	for s, a := range ahead {
		h.ahead[s] = a
	}
	var deliver *prompts.RemoteInput
	for s, qa := range h.queued {
		switch {
		case rewound || s < step:
			delete(h.queued, s)
		case s == step:
			if sameQuestion(q, qa.q) {
				in := qa.in
				deliver = &in
			}
			delete(h.queued, s)
		case !sameQuestion(ahead[s], qa.q):
			delete(h.queued, s)
		}
	}
	for i, u := range ups {
		vw := h.viewers[i]
		for _, ev := range u.events {
			h.publish(vw, ev)
			vw.events = append(vw.events, ev)
		}
		if over := len(vw.events) - recentEvents; over > 0 {
			vw.events = append(vw.events[:0:0], vw.events[over:]...)
		}
		if u.status != nil {
			vw.view, vw.text = u.view, u.text
			h.publish(vw, u.status)
		}
		if q := h.markQueued(referee.Viewer(i-1), u.question, u.isAhead); !bytes.Equal(q, vw.question) {
			vw.question, vw.ahead = q, u.isAhead
			h.publish(vw, q)
		}
		vw.help = u.help
		if u.end != nil && vw.end == nil {
			vw.end = u.end
			h.publish(vw, u.end)
		}
		if !over {
			vw.end = nil
		}
	}
	if deliver != nil {
		in := *deliver
		go func() {
			select {
			case h.inputs <- in:
			case <-h.done:
			}
		}()
	}
}

// queuedAnswer is an answer given ahead of its turn to a predicted
// question.
type queuedAnswer struct {
	in prompts.RemoteInput
	q  *referee.Question
}

// markQueued adds the answer a seat already gave to a question asked
// ahead of its turn. Called with h.mu held.
func (h *Hub) markQueued(v referee.Viewer, question json.RawMessage, isAhead bool) json.RawMessage {
	if !isAhead {
		return question
	}
	var o wire.Question
	if json.Unmarshal(question, &o) != nil {
		return question
	}
	if qa, ok := h.queued[o.Step]; ok && qa.in.Viewer == v {
		o.Queued = qa.in.Text
		return mustJSON(o)
	}
	return question
}

// MayAnswerOrSee reports whether the pending question is one viewer v
// answers now (its own, or a public one for the table).
func MayAnswerOrSee(v referee.Viewer, q *referee.Question) bool {
	return prompts.MayAnswer(v, q)
}

// sameQuestion reports whether two questions are the same asking: same
// ID, actor, kind, text and legal answers.
func sameQuestion(a, b *referee.Question) bool {
	if a == nil || b == nil {
		return false
	}
	if a.ID != b.ID || a.Actor != b.Actor || a.Kind != b.Kind || a.Text != b.Text || a.Secret != b.Secret ||
		a.Min != b.Min || a.Max != b.Max || len(a.Options) != len(b.Options) {
		return false
	}
	for i := range a.Options {
		if a.Options[i] != b.Options[i] {
			return false
		}
	}
	return true
}

// publish sends one message to a viewer's streams and keeps it for
// reconnects. Called with h.mu held.
func (h *Hub) publish(vw *viewer, data []byte) {
	h.seq++
	m := message{id: h.seq, data: data}
	vw.hist = append(vw.hist, m)
	if n := len(vw.hist) - historySize; n > 0 {
		vw.trimmed = vw.hist[n-1].id
		vw.hist = append(vw.hist[:0:0], vw.hist[n:]...)
	}
	for c := range vw.clients {
		select {
		case c.ch <- m:
		default:
			// A slow client: drop what it has not read and send it the
			// whole state instead.
			select {
			case c.resync <- struct{}{}:
			default:
			}
		}
	}
}

// Tell passes on a message of the session.
func (h *Hub) Tell(m prompts.RemoteMessage) {
	h.mu.Lock()
	defer h.mu.Unlock()
	switch m.Type {
	case "info":
		obj := mustJSON(wire.Info{Type: "info", Text: m.Text})
		for _, vw := range h.viewers {
			vw.info = append(vw.info, obj)
			if len(vw.info) > 5 {
				vw.info = vw.info[1:]
			}
			h.publish(vw, obj)
		}
	case "confirm":
		for i, vw := range h.viewers {
			var obj json.RawMessage
			if m.ID != "" {
				obj = mustJSON(wire.PageConfirm{Type: "confirm", ID: m.ID, Text: m.Text, Seat: int(m.Seat), Mine: referee.Viewer(i - 1).Sees(m.Seat)})
			} else {
				obj = mustJSON(wire.PageConfirm{Type: "confirm", Seat: int(m.Seat)})
			}
			if m.ID == "" && vw.confirm == nil {
				continue
			}
			vw.confirm = obj
			if m.ID == "" {
				vw.confirm = nil
			}
			h.publish(vw, obj)
		}
	case "exit":
		h.stopped = true
		obj := mustJSON(wire.PageExit{Type: "exit", Reason: m.Reason, Step: m.Step})
		for _, vw := range h.viewers {
			vw.exit = obj
			h.publish(vw, obj)
		}
	}
}

// Close stops the hub: every stream gets what was sent and ends, and
// waiting requests are refused.
func (h *Hub) Close() {
	h.once.Do(func() {
		h.mu.Lock()
		h.stopped = true
		h.mu.Unlock()
		close(h.done)
	})
}

// state is the whole state for viewer v. Called with h.mu held.
func (h *Hub) state(v referee.Viewer) wire.State {
	vw := h.viewers[v+1]
	s := wire.State{Type: "state", Game: h.cfg.Game, Title: h.cfg.Title, Viewer: int(v), Name: h.name(v), Players: h.cfg.Names,
		Step: h.step, View: vw.view, Text: vw.text, Question: vw.question, Events: vw.events, Info: vw.info,
		Confirm: vw.confirm, End: vw.end, Exit: vw.exit}
	if s.View == nil {
		s.View = json.RawMessage("null")
	}
	if s.Events == nil {
		s.Events = []json.RawMessage{}
	}
	if s.Info == nil {
		s.Info = []json.RawMessage{}
	}
	for _, f := range []*json.RawMessage{&s.Confirm, &s.End, &s.Exit} {
		if *f == nil {
			*f = json.RawMessage("null")
		}
	}
	return s
}

// eventID is the SSE id of message n.
func (h *Hub) eventID(n int64) string { return h.run + "-" + strconv.FormatInt(n, 10) }

// parseEventID reads an SSE id of this run; ok is false for another run's.
func (h *Hub) parseEventID(id string) (int64, bool) {
	run, n, ok := strings.Cut(strings.TrimSpace(id), "-")
	if !ok || run != h.run {
		return 0, false
	}
	v, err := strconv.ParseInt(n, 10, 64)
	if err != nil || v < 0 || v > h.seq {
		return 0, false
	}
	return v, true
}

// subscribe opens a stream for viewer v. It returns the messages to send
// first: those after lastID when it can resume from there, or else one
// "state" message. Both are taken under one lock with the registration,
// so nothing is lost or repeated.
func (h *Hub) subscribe(v referee.Viewer, lastID string) (*client, []message, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.stopped {
		return nil, nil, false
	}
	c := &client{ch: make(chan message, queueSize), resync: make(chan struct{}, 1)}
	vw := h.viewers[v+1]
	vw.clients[c] = struct{}{}
	if n, ok := h.parseEventID(lastID); ok && n >= vw.trimmed {
		var out []message
		for _, m := range vw.hist {
			if m.id > n {
				out = append(out, m)
			}
		}
		return c, out, true
	}
	return c, []message{h.stateMessage(v)}, true
}

// stateMessage makes a "state" message with a new ID. Called with h.mu
// held.
func (h *Hub) stateMessage(v referee.Viewer) message {
	h.seq++
	return message{id: h.seq, data: mustJSON(h.state(v))}
}

// resyncMessage is the state for a client that fell behind.
func (h *Hub) resyncMessage(v referee.Viewer) message {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.stateMessage(v)
}

// unsubscribe closes a stream.
func (h *Hub) unsubscribe(v referee.Viewer, c *client) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.viewers[v+1].clients, c)
}

// connected reports which viewers have a stream open now (index v+1).
func (h *Hub) connected() []bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]bool, len(h.viewers))
	for i, vw := range h.viewers {
		out[i] = len(vw.clients) > 0
	}
	return out
}

// Connected reports whether seat's own page has a stream open now (the
// player's phone is connected): the terminal then shows no pass screen
// for that player's secret questions (prompts.SeatPresence).
func (h *Hub) Connected(seat referee.Seat) bool {
	if !seat.Player() {
		return false
	}
	c := h.connected()
	return int(seat)+1 < len(c) && c[int(seat)+1]
}

// State is the whole state for viewer v (GET U/state).
func (h *Hub) State(v referee.Viewer) wire.State {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.state(v)
}

// Help explains the question viewer v sees (GET U/help).
func (h *Hub) Help(v referee.Viewer) json.RawMessage {
	h.mu.Lock()
	defer h.mu.Unlock()
	if hp := h.viewers[v+1].help; hp != nil {
		return hp
	}
	return h.helpFor(nil)
}

// submit hands a viewer's input to the session and waits for its fate:
// an HTTP status and, for a refusal, the reason ("queued" for an answer
// kept for a question asked ahead of its turn).
func (h *Hub) submit(ctx context.Context, in prompts.RemoteInput) (int, string) {
	reply := make(chan prompts.RemoteReply, 1)
	in.Reply = reply
	h.mu.Lock()
	if h.stopped || h.over {
		h.mu.Unlock()
		return http.StatusConflict, "The game is over: there is nothing left to answer."
	}
	if in.Kind == prompts.RemoteAnswer && in.Step > h.step {
		defer h.mu.Unlock()
		return h.queue(in)
	}
	h.mu.Unlock()
	wait := time.NewTimer(waitSession)
	defer wait.Stop()
	select {
	case h.inputs <- in:
	case <-h.done:
		return http.StatusConflict, "The game has stopped."
	case <-ctx.Done():
		return http.StatusServiceUnavailable, "The request was cancelled."
	case <-wait.C:
		return http.StatusServiceUnavailable, "The referee is busy at the laptop (a pass-the-laptop screen or a confirmation); try again in a moment."
	}
	select {
	case r := <-reply:
		switch r.Code {
		case prompts.RemoteOK:
			return http.StatusOK, ""
		case prompts.RemoteStale:
			return http.StatusConflict, r.Text
		case prompts.RemoteForbidden:
			return http.StatusForbidden, r.Text
		}
		return http.StatusUnprocessableEntity, r.Text
	case <-h.done:
		return http.StatusConflict, "The game has stopped."
	}
}

// queue keeps an answer to a question asked ahead of its turn. Called
// with h.mu held.
func (h *Hub) queue(in prompts.RemoteInput) (int, string) {
	q := h.ahead[in.Step]
	if q == nil {
		return http.StatusConflict, fmt.Sprintf("That was for answer %d; the game is at answer %d now.", in.Step+1, h.step+1)
	}
	if in.Question != "" && in.Question != q.ID {
		return http.StatusConflict, fmt.Sprintf("That was for another question than the one asked now (answer %d).", in.Step+1)
	}
	if !in.Viewer.Sees(q.Actor) {
		return http.StatusForbidden, fmt.Sprintf("This question is for %s.", h.actorName(q.Actor))
	}
	key, err := q.Validate(in.Text)
	if err != nil {
		return http.StatusUnprocessableEntity, err.Error()
	}
	in.Text = key
	h.queued[in.Step] = queuedAnswer{in: in, q: q}
	vw := h.viewers[in.Viewer+1]
	o := h.questionFor(q, in.Viewer, in.Step)
	o.Ahead, o.Queued = true, key
	vw.question = mustJSON(o)
	h.publish(vw, vw.question)
	return http.StatusOK, "queued"
}
