// Package web serves a game to the players' phones and to a shared table
// screen over HTTP on the local network: one page per seat with that
// player's secrets and questions, one table page with the public board.
//
// The package is a client of the table core (package table), beside the
// laptop's: the Hub watches the table as each viewer, turns the updates
// the table filtered for that viewer into the objects of package wire and
// fans them out as server-sent events; what a page sends it submits to
// the table. The HTTP contract is documented in docs/protocol.md.
package web

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"rumref/games"
	"rumref/referee"
	"rumref/table"
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
	// PlayID is the play's stable ID for the play logger
	// (games.PlayID of the save).
	PlayID string
	// Clock says when the game began and how long it has been played in
	// all (for the play logger link; nil: since the hub was made).
	Clock func() (started time.Time, played time.Duration)
	// Taken marks the seats that start as taken (join.go): a resumed
	// game keeps its tokens, so the phones that took a seat before still
	// hold its cookie, and its seat is not free for another device.
	Taken []bool
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
	events   []json.RawMessage
	confirm  json.RawMessage
	end      json.RawMessage
	exit     json.RawMessage
	info     []json.RawMessage
	// answers are the seat's own latest answers (none for the table).
	answers []wire.Answered
	// help is the help object for the question this viewer sees.
	help json.RawMessage
	// clients of this viewer connected now, and in the order they came
	clients map[*client]struct{}
	order   []*client
}

// client is one open event stream: its device, described in a few
// words (see deviceOf) and told from others by key (deviceKey).
type client struct {
	ch     chan message
	resync chan struct{}
	key    string
	device string
}

// Hub is the pages' client of the table: it watches the game as each
// viewer (the table page and every seat), keeps what each was sent for
// reconnects, fans it out to the viewer's open streams as server-sent
// events, and submits what the pages send. What a viewer may see was
// decided by the table; the hub only encodes it. Its methods are safe for
// concurrent use.
type Hub struct {
	cfg   Config
	table *table.Table
	run   string // this process's prefix of event IDs
	done  chan struct{}
	once  sync.Once
	stops []func()

	mu      sync.Mutex
	seq     int64
	step    int
	stopped bool
	viewers []*viewer // index: viewer + 1
	// taken says which seats a device has taken (join.go); asks are the
	// requests for taken seats; lastSeats the seats as last sent.
	taken     []bool
	asks      map[string]*joinAsk
	lastSeats []byte
}

// NewHub makes the pages' client of the game at t and starts watching it.
func NewHub(cfg Config, t *table.Table) *Hub {
	if cfg.Clock == nil {
		made := time.Now()
		cfg.Clock = func() (time.Time, time.Duration) { return made, time.Since(made) }
	}
	var b [4]byte
	rand.Read(b[:])
	h := &Hub{cfg: cfg, table: t, run: hex.EncodeToString(b[:]), done: make(chan struct{}), taken: make([]bool, len(cfg.Names))}
	copy(h.taken, cfg.Taken)
	for range len(cfg.Names) + 1 {
		h.viewers = append(h.viewers, &viewer{clients: map[*client]struct{}{}, question: json.RawMessage("null")})
	}
	for i := range h.viewers {
		v := referee.Viewer(i - 1)
		h.stops = append(h.stops, t.Watch(table.Page(v), func(u table.Update) { h.update(v, u) }))
	}
	return h
}

// Done is closed when the hub stops.
func (h *Hub) Done() <-chan struct{} { return h.done }

// name is a viewer's name.
func (h *Hub) name(v referee.Viewer) string {
	if v >= 0 && int(v) < len(h.cfg.Names) {
		return h.cfg.Names[v]
	}
	return "the table"
}

// The objects sent are package wire's (docs/protocol.md).

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(map[string]string{"type": "error", "error": fmt.Sprintf("could not encode: %v", err)})
	}
	return b
}

// questionObj is the question object of q as its viewer was given it.
func questionObj(q *table.Question) wire.Question {
	o := wire.QuestionOf(q.Q, q.ActorName, q.Step)
	if q.Hidden {
		o.Options, o.Min, o.Max, o.Example = []wire.Option{}, nil, nil, ""
	}
	o.Ahead, o.Queued = q.Ahead, q.Queued
	return o
}

// helpFor explains the question viewer v sees, the commands of the pages
// and the question's rule, in words: what to tap on this page (a page
// that shows no buttons for the question is not told of buttons), no
// question ID or key.
func (h *Hub) helpFor(q *wire.Question, v referee.Viewer) json.RawMessage {
	var b strings.Builder
	id := ""
	if q != nil {
		id = q.ID
		fmt.Fprintf(&b, "%s: %s\n", capitalize(q.ActorName), q.Text)
		seat, isSeat := v.Seat()
		mine := (v == Table && !q.Secret) || (isSeat && int(seat) == q.Actor)
		switch {
		case !mine && isSeat:
			fmt.Fprintf(&b, "This is %s's question: it is answered on their screen, on the table's or at the laptop.\n", q.ActorName)
		case !mine:
			fmt.Fprintf(&b, "%s answers this on their own screen.\n", capitalize(q.ActorName))
		case q.Min != nil:
			fmt.Fprintf(&b, "Answer with a number from %d to %d.\n", *q.Min, *q.Max)
		case q.Kind == "text":
			b.WriteString("Type the answer and tap Send.\n")
		case len(q.Options) == 1:
			b.WriteString("Tap the answer to go on.\n")
		case len(q.Options) > 1:
			fmt.Fprintf(&b, "Tap one of the %d answers.\n", len(q.Options))
		}
	}
	rules := ""
	if h.cfg.Rules != nil && q != nil && q.Rule != "" {
		rules = strings.TrimRight(h.cfg.Rules(q.Rule), "\n")
	}
	return mustJSON(wire.Help{Type: "help", Question: id, Text: strings.TrimRight(b.String(), "\n"),
		Commands: "Undo takes back the last answer. On a player's screen, a tap on one of their answers under Your answers offers its other choices; the rest of the game is replayed from it. Rules searches the rules reference. Taking back another player's secret answer needs that player's confirmation on their phone.",
		Rules:    rules})
}

// capitalize puts a name or sentence's first letter in upper case ("the
// table" begins a sentence as "The table").
func capitalize(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// update takes the table's update for viewer v: it keeps and sends what
// changed. It runs on the table's goroutine and does not block.
func (h *Hub) update(v referee.Viewer, u table.Update) {
	h.mu.Lock()
	defer h.mu.Unlock()
	vw := h.viewers[v+1]
	h.step = u.Step
	for _, ev := range u.Events {
		obj := mustJSON(wire.Event{Type: "event", Rule: ev.Rule, Text: ev.Text, Step: ev.Step})
		if !u.Initial {
			h.publish(vw, obj)
		}
		vw.events = append(vw.events, obj)
	}
	if over := len(vw.events) - recentEvents; over > 0 {
		vw.events = append(vw.events[:0:0], vw.events[over:]...)
	}
	if u.Status != nil {
		vw.view, vw.text = u.Status.View, u.Status.Text
		h.publish(vw, mustJSON(wire.Status{Type: "status", Viewer: int(v), Text: u.Status.Text, View: u.Status.View}))
	}
	q := json.RawMessage("null")
	var qo *wire.Question
	if u.Question != nil {
		o := questionObj(u.Question)
		qo = &o
		q = mustJSON(o)
	}
	// No question is never sent as "data: null" (a page reads the type
	// of every event): the end and the exit say there is none; without
	// them (never seen yet) the whole state follows below.
	noQuestion := false
	if !bytes.Equal(q, vw.question) {
		vw.question = q
		if qo != nil {
			h.publish(vw, q)
		} else {
			noQuestion = !u.End && u.Exit == nil
		}
	}
	vw.help = h.helpFor(qo, v)
	var confirm json.RawMessage
	if c := u.Confirm; c != nil {
		confirm = mustJSON(confirmObj(c, v))
	}
	if !bytes.Equal(confirm, vw.confirm) {
		if confirm == nil {
			h.publish(vw, mustJSON(wire.PageConfirm{Type: "confirm", Seat: int(referee.Table)}))
		} else {
			h.publish(vw, confirm)
		}
		vw.confirm = confirm
	}
	for _, text := range u.Infos {
		obj := mustJSON(wire.Info{Type: "info", Text: text})
		vw.info = append(vw.info, obj)
		if len(vw.info) > 5 {
			vw.info = vw.info[1:]
		}
		h.publish(vw, obj)
	}
	if u.End && vw.end == nil {
		var play *wire.Play
		if u.Play != "" {
			play = &wire.Play{URL: u.Play, QR: QRSVG(u.Play)}
		}
		vw.end = mustJSON(wire.End{Type: "end", Status: vw.view, Text: vw.text, Step: u.Step, Play: play})
		h.publish(vw, vw.end)
	}
	if !u.End {
		vw.end = nil
	}
	if u.Exit != nil && vw.exit == nil {
		h.stopped = true
		vw.exit = mustJSON(wire.PageExit{Type: "exit", Reason: u.Exit.Reason, Step: u.Exit.Step})
		h.publish(vw, vw.exit)
	}
	if noQuestion && !u.Rewound {
		h.publish(vw, mustJSON(h.state(v)))
	}
	h.answersAndRulings(v, vw, u)
}

// answersAndRulings keeps a seat's own latest answers and sends them when
// they changed; after an undo or a correction (Rewound) it replaces the
// viewer's rulings with the table's new list and sends the whole state,
// so no page keeps a ruling that the change made false. Called with h.mu
// held.
func (h *Hub) answersAndRulings(v referee.Viewer, vw *viewer, u table.Update) {
	answers := []wire.Answered{}
	for _, a := range u.Answers {
		answers = append(answers, wire.Answered{N: a.N, Question: a.Question, Text: a.Text, Answer: a.Answer, Secret: a.Secret})
	}
	changed := !bytes.Equal(mustJSON(answers), mustJSON(vw.answers))
	vw.answers = answers
	if u.Initial {
		return
	}
	if u.Rewound {
		vw.events = vw.events[:0:0]
		for _, ev := range u.Rulings[max(0, len(u.Rulings)-recentEvents):] {
			vw.events = append(vw.events, mustJSON(wire.Event{Type: "event", Rule: ev.Rule, Text: ev.Text, Step: ev.Step}))
		}
		h.publish(vw, mustJSON(h.state(v)))
		return
	}
	if changed {
		h.publish(vw, mustJSON(wire.Answers{Type: "answers", Answers: answers}))
	}
}

// confirmObj is a confirmation or request as the page of v shows it.
func confirmObj(c *table.Confirm, v referee.Viewer) wire.PageConfirm {
	text := c.Text
	if c.Detail != "" {
		text = c.Detail + ". " + text
	}
	o := wire.PageConfirm{Type: "confirm", ID: c.ID, Text: text, Seat: int(c.Seat), Mine: true}
	if c.Value {
		q := wire.QuestionOf(c.Q, c.SeatName, 0)
		o.Value = &wire.ValueRequest{N: c.N, Was: c.Was, Secret: c.Secret, Kind: q.Kind, Options: q.Options, Min: q.Min, Max: q.Max}
	}
	return o
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

// Close stops the hub: every stream gets what was sent and ends, and
// waiting requests are refused.
func (h *Hub) Close() {
	h.once.Do(func() {
		for _, stop := range h.stops {
			stop()
		}
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
		Confirm: vw.confirm, End: vw.end, Exit: vw.exit, Answers: vw.answers, Seats: h.seats()}
	if s.Answers == nil {
		s.Answers = []wire.Answered{}
	}
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
// so nothing is lost or repeated. device describes the browser (see
// deviceOf), key tells it from others (deviceKey).
func (h *Hub) subscribe(v referee.Viewer, lastID, key, device string) (*client, []message, bool) {
	c, first, ok := h.open(v, lastID, key, device)
	if ok {
		if seat, isSeat := v.Seat(); isSeat {
			h.table.Present(seat, 1) // after the lock: the table calls update
		}
	}
	return c, first, ok
}

func (h *Hub) open(v referee.Viewer, lastID, key, device string) (*client, []message, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.stopped {
		return nil, nil, false
	}
	c := &client{ch: make(chan message, queueSize), resync: make(chan struct{}, 1), key: key, device: device}
	vw := h.viewers[v+1]
	vw.clients[c] = struct{}{}
	vw.order = append(vw.order, c)
	if seat, ok := v.Seat(); ok {
		// A page opened by the seat's own URL takes the seat too.
		h.taken[seat] = true
	}
	defer h.publishSeats() // after what the stream is sent first
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
	vw := h.viewers[v+1]
	delete(vw.clients, c)
	vw.order = slices.DeleteFunc(vw.order, func(x *client) bool { return x == c })
	h.publishSeats()
	h.mu.Unlock()
	if seat, isSeat := v.Seat(); isSeat {
		h.table.Present(seat, -1)
	}
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
// player's phone is connected; the table is told of it, see subscribe).
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
	return h.helpFor(nil, v)
}

// submit runs a page's command at the table and words its fate as an
// HTTP status and a wire.Reply. It never waits for the laptop: the table
// answers at once.
func (h *Hub) submit(c table.Command) (int, wire.Reply) {
	r := h.table.Submit(c)
	switch r.Code {
	case table.OK:
		return http.StatusOK, wire.Reply{OK: true, Text: r.Info}
	case table.Queued:
		return http.StatusOK, wire.Reply{OK: true, Queued: true, Text: r.Text}
	case table.Pending:
		return http.StatusOK, wire.Reply{OK: true, Pending: true, Text: r.Text}
	case table.Stale:
		return http.StatusConflict, wire.Reply{Error: r.Text}
	case table.Forbidden:
		return http.StatusForbidden, wire.Reply{Error: r.Text}
	case table.Failed:
		// r.Text names no file: the laptop sees the save's path.
		return http.StatusServiceUnavailable, wire.Reply{Error: r.Text}
	}
	return http.StatusUnprocessableEntity, wire.Reply{Error: r.Text}
}
