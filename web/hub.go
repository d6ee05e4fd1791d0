// Package web serves a game to the players' phones and to a shared table
// screen over HTTP on the local network: one page per seat with that
// player's secrets and questions, one table page with the public board.
//
// The package is a client of the table core (package table), beside the
// laptop's: the Hub watches the table as each viewer in each language a
// page of it is open in, turns the updates the table filtered for that
// viewer into the objects of package wire in that language and fans them
// out as server-sent events; what a page sends it submits to the table.
// A page's language is its ?lang= (the choice made on the page), else
// the browser's Accept-Language; every word the pages show comes from
// the catalog (messages.en.yaml, messages.de.yaml). The HTTP contract is
// documented in docs/protocol.md.
package web

import (
	"bytes"
	"crypto/rand"
	"embed"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"rumref/games"
	"rumref/locale"
	"rumref/qr"
	"rumref/referee"
	"rumref/safetext"
	"rumref/table"
	"rumref/wire"
)

//go:embed messages.*.yaml
var messages embed.FS

var _ = locale.Register("web", messages)

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
	// Title is the game's name for people (English).
	Title string
	// TitleIn is the game's name in a language (nil: Title in all).
	TitleIn func(l locale.Lang) string
	// Names are the players in seat order.
	Names []string
	// Board draws the Rum & Pirates board as SVG, its words in a
	// language (nil for Rum Runner).
	Board func(l locale.Lang) []byte
	// Rules looks up the rules reference in a language (may be nil).
	Rules func(l locale.Lang, query string) string
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
	// Lang is the laptop's language, for the errors Listen returns.
	Lang locale.Lang
}

// message is one server-sent event for one viewer.
type message struct {
	id   int64
	data []byte
}

// seen is a viewer in a language: the hub watches the table once for
// each that has had a page open.
type seen struct {
	v referee.Viewer
	l locale.Lang
}

// viewer is what the hub keeps for one viewer (the table or a seat) in
// one language.
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
	// clients of this viewer in this language connected now
	clients map[*client]struct{}
}

// client is one open event stream: its device, described in a few
// words (see deviceOf) and told from others by key (deviceKey).
type client struct {
	ch     chan message
	resync chan struct{}
	key    string
	device agent
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

	// watching serializes the start of watches (viewerIn) and Close.
	watching sync.Mutex

	mu      sync.Mutex
	seq     int64
	step    int
	stopped bool
	viewers map[seen]*viewer
	// clients are each viewer's streams in every language, in the order
	// they came (index: viewer + 1).
	clients [][]*client
	// taken says which seats a device has taken (join.go); asks are the
	// requests for taken seats; lastSeats the seats as last sent in each
	// language.
	taken     []bool
	asks      map[string]*joinAsk
	lastSeats map[locale.Lang][]byte
}

// NewHub makes the pages' client of the game at t and starts watching it
// as every viewer in English (other languages from their first page).
func NewHub(cfg Config, t *table.Table) *Hub {
	if cfg.Clock == nil {
		made := time.Now()
		cfg.Clock = func() (time.Time, time.Duration) { return made, time.Since(made) }
	}
	var b [4]byte
	rand.Read(b[:])
	h := &Hub{cfg: cfg, table: t, run: hex.EncodeToString(b[:]), done: make(chan struct{}), taken: make([]bool, len(cfg.Names)),
		viewers: map[seen]*viewer{}, clients: make([][]*client, len(cfg.Names)+1), lastSeats: map[locale.Lang][]byte{}}
	copy(h.taken, cfg.Taken)
	for i := range h.clients {
		h.viewerIn(referee.Viewer(i-1), locale.English)
	}
	return h
}

// viewerIn is what the hub keeps for v in language l. The first call for
// them starts watching the table as v in l; the watch lasts as long as
// the hub (at most one per viewer and language).
func (h *Hub) viewerIn(v referee.Viewer, l locale.Lang) *viewer {
	h.watching.Lock()
	defer h.watching.Unlock()
	k := seen{v, l}
	h.mu.Lock()
	vw := h.viewers[k]
	if vw == nil {
		// A reconnect with an ID from before the watch gets the state.
		vw = &viewer{clients: map[*client]struct{}{}, question: json.RawMessage("null"), trimmed: h.seq}
		h.viewers[k] = vw
	} else {
		h.mu.Unlock()
		return vw
	}
	h.mu.Unlock()
	select {
	case <-h.done:
	default:
		// The table sends the first update before Watch returns: on its
		// goroutine, which takes h.mu (so it is not held here).
		h.stops = append(h.stops, h.table.Watch(table.Page(v), l, func(u table.Update) { h.update(k, u) }))
	}
	return vw
}

// name is a viewer's name.
func (h *Hub) name(v referee.Viewer, l locale.Lang) string {
	if v >= 0 && int(v) < len(h.cfg.Names) {
		return h.cfg.Names[v]
	}
	return l.Sprintf("web.name.table")
}

// The objects sent are package wire's (docs/protocol.md).

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(map[string]string{"type": "error", "error": locale.English.Sprintf("web.error.encode", err.Error())})
	}
	return b
}

// questionObj is the question object of q in l as its viewer was given
// it. A question hidden from the viewer keeps the table's text (which
// names only who is asked), never its prompt.
func questionObj(q *table.Question, l locale.Lang) wire.Question {
	name := q.ActorName
	if !q.Q.Actor.Player() {
		name = l.Sprintf("web.name.table")
	}
	o := wire.QuestionOf(q.Q, name, q.Step, l)
	if q.Hidden {
		o.Text = safetext.CleanLines(q.Q.Text)
		o.Options, o.Min, o.Max, o.Example = []wire.Option{}, nil, nil, ""
	}
	o.Ahead, o.Queued = q.Ahead, q.Queued
	return o
}

// helpFor explains the question viewer v sees, the commands of the pages
// and the question's rule, in words: what to tap on this page (a page
// that shows no buttons for the question is not told of buttons), no
// question ID or key.
func (h *Hub) helpFor(q *wire.Question, v referee.Viewer, l locale.Lang) json.RawMessage {
	var lines []string
	id := ""
	if q != nil {
		id = q.ID
		lines = append(lines, l.Sprintf("web.help.question", capitalize(q.ActorName), q.Text))
		seat, isSeat := v.Seat()
		mine := (v == Table && !q.Secret) || (isSeat && int(seat) == q.Actor)
		switch {
		case !mine && isSeat:
			lines = append(lines, l.Sprintf("web.help.theirs", q.ActorName))
		case !mine:
			lines = append(lines, l.Sprintf("web.help.secret", capitalize(q.ActorName)))
		case q.Min != nil:
			lines = append(lines, l.Sprintf("web.help.number", *q.Min, *q.Max))
		case q.Kind == "text":
			lines = append(lines, l.Sprintf("web.help.text"))
		case len(q.Options) == 1:
			lines = append(lines, l.Sprintf("web.help.one"))
		case len(q.Options) > 1:
			lines = append(lines, l.Sprintf("web.help.choice", len(q.Options)))
		}
	}
	rules := ""
	if h.cfg.Rules != nil && q != nil && q.Rule != "" {
		rules = strings.TrimRight(h.cfg.Rules(l, q.Rule), "\n")
	}
	return mustJSON(wire.Help{Type: "help", Question: id, Text: strings.Join(lines, "\n"), Commands: l.Sprintf("web.help.commands"), Rules: rules})
}

// capitalize puts a name or sentence's first letter in upper case ("the
// table" begins a sentence as "The table"), after the catalog check's
// marks.
func capitalize(s string) string {
	t := strings.TrimLeft(s, locale.Open)
	if t == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(t)
	return s[:len(s)-len(t)] + string(unicode.ToUpper(r)) + t[n:]
}

// update takes the table's update for viewer k.v in language k.l: it
// keeps and sends what changed. It runs on the table's goroutine and does
// not block.
func (h *Hub) update(k seen, u table.Update) {
	h.mu.Lock()
	defer h.mu.Unlock()
	v, l, vw := k.v, k.l, h.viewers[k]
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
		o := questionObj(u.Question, l)
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
	vw.help = h.helpFor(qo, v, l)
	var confirm json.RawMessage
	if c := u.Confirm; c != nil {
		confirm = mustJSON(confirmObj(c, l))
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
			play = &wire.Play{URL: u.Play, QR: qr.SVG(u.Play)}
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
		h.publish(vw, mustJSON(h.state(k)))
	}
	h.answersAndRulings(k, vw, u)
}

// answersAndRulings keeps a seat's own latest answers and sends them when
// they changed; after an undo or a correction (Rewound) it replaces the
// viewer's rulings with the table's new list and sends the whole state,
// so no page keeps a ruling that the change made false. Called with h.mu
// held.
func (h *Hub) answersAndRulings(k seen, vw *viewer, u table.Update) {
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
		h.publish(vw, mustJSON(h.state(k)))
		return
	}
	if changed {
		h.publish(vw, mustJSON(wire.Answers{Type: "answers", Answers: answers}))
	}
}

// confirmObj is a confirmation or request as a page in l shows it.
func confirmObj(c *table.Confirm, l locale.Lang) wire.PageConfirm {
	text := c.Text
	if c.Detail != "" {
		text = c.Detail + ". " + text
	}
	o := wire.PageConfirm{Type: "confirm", ID: c.ID, Text: text, Seat: int(c.Seat), Mine: true}
	if c.Value {
		q := wire.QuestionOf(c.Q, c.SeatName, 0, l)
		o.Value = &wire.ValueRequest{N: c.N, Was: withoutKey(q.Options, c.Was), Secret: c.Secret, Kind: q.Kind, Options: q.Options, Min: q.Min, Max: q.Max}
	}
	return o
}

// withoutKey is an answer now (table.Confirm.Was: an option's label and
// its key in brackets) as the pages name answers: by the label alone, as
// in a seat's list of answers (a key is for the log).
func withoutKey(options []wire.Option, was string) string {
	for _, o := range options {
		if o.Label != "" && was == o.Label+" ("+o.Key+")" {
			return o.Label
		}
	}
	return was
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
		h.watching.Lock()
		defer h.watching.Unlock()
		for _, stop := range h.stops {
			stop()
		}
		h.mu.Lock()
		h.stopped = true
		h.mu.Unlock()
		close(h.done)
	})
}

// state is the whole state for viewer k.v in k.l. Called with h.mu held.
func (h *Hub) state(k seen) wire.State {
	vw := h.viewers[k]
	return wire.State{Type: "state", Game: h.cfg.Game, Title: h.title(k.l), Viewer: int(k.v), Name: h.name(k.v, k.l), Players: h.cfg.Names,
		Step: h.step, View: orNull(vw.view), Text: vw.text, Question: vw.question, Events: orEmpty(vw.events), Info: orEmpty(vw.info),
		Confirm: orNull(vw.confirm), End: orNull(vw.end), Exit: orNull(vw.exit), Answers: orEmpty(vw.answers), Seats: h.seats(k.l)}
}

// title is the game's name in l.
func (h *Hub) title(l locale.Lang) string {
	if h.cfg.TitleIn == nil {
		return h.cfg.Title
	}
	return h.cfg.TitleIn(l)
}

// orNull is m, or null for nothing.
func orNull(m json.RawMessage) json.RawMessage {
	if m == nil {
		return json.RawMessage("null")
	}
	return m
}

// orEmpty is s, or [] for nothing.
func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
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

// subscribe opens a stream for viewer v in language l. It returns the
// messages to send first: those after lastID when it can resume from
// there (the messages of v in l: a reconnect resumes per viewer and
// language), or else one "state" message. Both are taken under one lock
// with the registration, so nothing is lost or repeated. device
// describes the browser (see deviceOf), key tells it from others
// (deviceKey).
func (h *Hub) subscribe(v referee.Viewer, l locale.Lang, lastID, key string, dev agent) (*client, []message, bool) {
	h.viewerIn(v, l)
	c, first, ok := h.open(seen{v, l}, lastID, key, dev)
	if ok {
		if seat, isSeat := v.Seat(); isSeat {
			h.table.Present(seat, 1) // after the lock: the table calls update
		}
	}
	return c, first, ok
}

func (h *Hub) open(k seen, lastID, key string, dev agent) (*client, []message, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.stopped {
		return nil, nil, false
	}
	c := &client{ch: make(chan message, queueSize), resync: make(chan struct{}, 1), key: key, device: dev}
	vw := h.viewers[k]
	vw.clients[c] = struct{}{}
	h.clients[k.v+1] = append(h.clients[k.v+1], c)
	if seat, ok := k.v.Seat(); ok {
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
	return c, []message{h.stateMessage(k)}, true
}

// stateMessage makes a "state" message with a new ID. Called with h.mu
// held.
func (h *Hub) stateMessage(k seen) message {
	h.seq++
	return message{id: h.seq, data: mustJSON(h.state(k))}
}

// resyncMessage is the state for a client that fell behind.
func (h *Hub) resyncMessage(v referee.Viewer, l locale.Lang) message {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.stateMessage(seen{v, l})
}

// unsubscribe closes a stream.
func (h *Hub) unsubscribe(v referee.Viewer, l locale.Lang, c *client) {
	h.mu.Lock()
	delete(h.viewers[seen{v, l}].clients, c)
	h.clients[v+1] = slices.DeleteFunc(h.clients[v+1], func(x *client) bool { return x == c })
	h.publishSeats()
	h.mu.Unlock()
	if seat, isSeat := v.Seat(); isSeat {
		h.table.Present(seat, -1)
	}
}

// State is the whole state for viewer v in language l (GET U/state).
func (h *Hub) State(v referee.Viewer, l locale.Lang) wire.State {
	h.viewerIn(v, l)
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.state(seen{v, l})
}

// Help explains the question viewer v sees, in language l (GET U/help).
func (h *Hub) Help(v referee.Viewer, l locale.Lang) json.RawMessage {
	vw := h.viewerIn(v, l)
	h.mu.Lock()
	defer h.mu.Unlock()
	if vw.help != nil {
		return vw.help
	}
	return h.helpFor(nil, v, l)
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
