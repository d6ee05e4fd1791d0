package web

import (
	"bufio"
	"bytes"
	"encoding/base32"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime/pprof"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"rumref/games"
	"rumref/journal"
	"rumref/locale"
	"rumref/prompts"
	"rumref/referee"
	"rumref/sim"
	"rumref/table"
	"rumref/wire"
)

// served is one game served over HTTP with a session whose own input
// stays silent, so every answer comes from the pages.
type served struct {
	t       *testing.T
	srv     *Server
	hub     *Hub
	engine  *referee.Engine
	core    *table.Table
	answers []referee.Answer // the whole game, to be given
	stdin   *io.PipeWriter
	out     *safeBuffer
	done    chan error
	names   []string
	saves   int
	// failSave, once set, is the error every save returns.
	failSave atomic.Pointer[error]
	// lang is the language the test's requests ask for (Accept-Language),
	// English when zero.
	lang locale.Lang
}

type safeBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *safeBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *safeBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// serve starts a finished game of the simulator from its first answer.
func serve(t *testing.T, game string, players int, seed uint64) *served {
	t.Helper()
	f, err := sim.Finished(game, players, seed)
	if err != nil {
		t.Fatal(err)
	}
	return serveFile(t, f, prompts.JSON)
}

// serveFile serves the game of f; each of with changes the pages'
// configuration before the server starts (such as the rules lookup).
func serveFile(t *testing.T, f *journal.File, mode prompts.Mode, with ...func(*Config)) *served {
	t.Helper()
	factory, err := sim.Factory(f)
	if err != nil {
		t.Fatal(err)
	}
	e, err := referee.Start(factory)
	if err != nil {
		t.Fatal(err)
	}
	g := e.Game()
	entry, err := games.Of(f)
	if err != nil {
		t.Fatal(err)
	}
	cfg := ConfigFor(entry, g, factory)
	cfg.Rules = func(_ locale.Lang, q string) string { return "rules for " + q }
	for _, w := range with {
		w(&cfg)
	}
	tb := &served{t: t, engine: e, answers: f.Answers, out: &safeBuffer{}, done: make(chan error, 1), names: cfg.Names}
	core := table.New(e, table.Config{Factory: factory, Parallel: cfg.Parallel, PlayLink: cfg.PlayURL,
		Save: func([]referee.Answer, []journal.AheadAnswer) error {
			tb.saves++
			if err := tb.failSave.Load(); err != nil {
				return *err
			}
			return nil
		}})
	hub := NewHub(cfg, core)
	srv, err := Listen("127.0.0.1:0", hub, NewTokens(len(cfg.Names)))
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve()
	pr, pw := io.Pipe()
	tb.srv, tb.hub, tb.stdin, tb.core = srv, hub, pw, core
	s := &prompts.Session{Table: core, Shared: true, Mode: mode, In: pr, Out: tb.out, ErrOut: io.Discard}
	go func() {
		err := s.Run()
		if err != nil {
			core.Close("quit", "") // the laptop stopped the game
		}
		tb.done <- err
	}()
	t.Cleanup(func() {
		pw.Close()
		select {
		case <-tb.done:
		case <-time.After(5 * time.Second):
			var b strings.Builder
			pprof.Lookup("goroutine").WriteTo(&b, 2)
			t.Errorf("the session did not stop; its goroutines:\n%s", b.String())
		}
		core.Close("input_ended", "")
		srv.Close()
		e.Close()
	})
	// The session puts its first question up on its own goroutine: wait
	// for it, so a test never reads a state from before the game began.
	for deadline := time.Now().Add(10 * time.Second); ; {
		if st := hub.State(Table, locale.English); len(st.Question) > 0 && string(st.Question) != "null" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the session never asked its first question")
		}
		time.Sleep(5 * time.Millisecond)
	}
	return tb
}

// url is a viewer's page URL.
func (tb *served) url(v referee.Viewer) string {
	if v == Table {
		return tb.srv.TableURL()
	}
	return tb.srv.SeatURL(int(v))
}

// state fetches a viewer's state.
func (tb *served) state(v referee.Viewer) (wire.State, []byte) {
	tb.t.Helper()
	req, _ := http.NewRequest("GET", tb.url(v)+"/state", nil)
	res, err := tb.do(req)
	if err != nil {
		tb.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	var s wire.State
	if err := json.Unmarshal(b, &s); err != nil {
		tb.t.Fatalf("state of %d: %v: %s", v, err, b)
	}
	return s, b
}

// post sends a POST and returns the status and body.
func (tb *served) post(v referee.Viewer, what string, body any) (int, []byte) {
	tb.t.Helper()
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", tb.url(v)+"/"+what, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	res, err := tb.do(req)
	if err != nil {
		tb.t.Fatal(err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	return res.StatusCode, out
}

// do sends req as a browser of the test's language would.
func (tb *served) do(req *http.Request) (*http.Response, error) {
	if tb.lang != locale.English {
		req.Header.Set("Accept-Language", tb.lang.String())
	}
	return http.DefaultClient.Do(req)
}

// stream is one open event stream and everything it received.
type stream struct {
	mu   sync.Mutex
	ids  []string
	data []string
	res  *http.Response
	gone chan struct{}
}

func (tb *served) open(v referee.Viewer, lastID string) *stream {
	tb.t.Helper()
	req, _ := http.NewRequest("GET", tb.url(v)+"/events", nil)
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	res, err := tb.do(req)
	if err != nil {
		tb.t.Fatal(err)
	}
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
		tb.t.Fatalf("events: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	st := &stream{res: res, gone: make(chan struct{})}
	go st.read()
	return st
}

// read reads the stream until it ends.
func (st *stream) read() {
	func() {
		defer close(st.gone)
		sc := bufio.NewScanner(st.res.Body)
		sc.Buffer(make([]byte, 1<<20), 1<<22)
		id := ""
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "id: "):
				id = line[4:]
			case strings.HasPrefix(line, "data: "):
				st.mu.Lock()
				st.ids = append(st.ids, id)
				st.data = append(st.data, line[6:])
				st.mu.Unlock()
			}
		}
	}()
}

func (st *stream) close() { st.res.Body.Close(); <-st.gone }

func (st *stream) snapshot() ([]string, []string) {
	st.mu.Lock()
	defer st.mu.Unlock()
	return append([]string(nil), st.ids...), append([]string(nil), st.data...)
}

// waitFor waits until the stream has received a message holding s.
func (st *stream) waitFor(t *testing.T, s string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		_, data := st.snapshot()
		for _, d := range data {
			if strings.Contains(d, s) {
				return
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("the stream never carried %q", s)
}

// play gives every answer of the game from the page that may give it,
// answering pub invitations ahead of their turn where the pages offer
// it. It returns what each viewer got from GET U/state and POST.
func (tb *served) play(every func(step int)) map[referee.Viewer][]string {
	tb.t.Helper()
	got := map[referee.Viewer][]string{}
	queuedAt := map[int]bool{}
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(time.Millisecond) {
		if s, _ := tb.state(Table); string(s.Question) != "null" {
			break
		}
		if time.Now().After(deadline) {
			tb.t.Fatal("the session never asked its first question")
		}
	}
	for step := 0; step < len(tb.answers); {
		ts, raw := tb.state(Table)
		got[Table] = append(got[Table], string(raw))
		if ts.Step != step {
			tb.t.Fatalf("the table is at step %d, expected %d", ts.Step, step)
		}
		var q wire.Question
		if err := json.Unmarshal(ts.Question, &q); err != nil || q.ID != tb.answers[step].Q {
			tb.t.Fatalf("step %d: the table sees question %s, the game asks %s", step, ts.Question, tb.answers[step].Q)
		}
		who := referee.Viewer(q.Actor)
		if !q.Secret && (step%3 == 0 || who == Table) {
			who = Table // the table page answers some public questions
		}
		// Every seat that has a question ahead of its turn answers it now.
		for i := range tb.names {
			seat := referee.Viewer(i)
			s, raw := tb.state(seat)
			got[seat] = append(got[seat], string(raw))
			var sq wire.Question
			if json.Unmarshal(s.Question, &sq) == nil && sq.Ahead && sq.Queued == "" {
				code, body := tb.post(seat, "answer", map[string]any{"step": sq.Step, "question": sq.ID, "answer": tb.answers[sq.Step].A})
				got[seat] = append(got[seat], string(body))
				if code != 200 || !strings.Contains(string(body), "queued") {
					tb.t.Fatalf("answer ahead by %d for step %d: %d %s", seat, sq.Step, code, body)
				}
				queuedAt[sq.Step] = true
			}
		}
		code, body := tb.post(who, "answer", map[string]any{"step": step, "question": q.ID, "answer": tb.answers[step].A})
		got[who] = append(got[who], string(body))
		if code != 200 {
			tb.t.Fatalf("step %d (%s) from viewer %d: %d %s", step, q.ID, who, code, body)
		}
		step = tb.waitPast(step, queuedAt, fmt.Sprintf("%s from viewer %d", q.ID, who))
		if every != nil {
			every(step)
		}
	}
	select {
	case err := <-tb.done:
		if err != nil {
			tb.t.Fatalf("the session ended with %v", err)
		}
		tb.done <- nil
	case <-time.After(10 * time.Second):
		tb.t.Fatal("the session did not end with the game")
	}
	return got
}

// waitPast waits until the game is past step and the answers given
// ahead (at the steps in queuedAt) went in on their own, one by one; it
// returns the step the game is at.
func (tb *served) waitPast(step int, queuedAt map[int]bool, what string) int {
	tb.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		// The table gives the answers kept ahead before it replies.
		tb.hub.mu.Lock()
		now := tb.hub.step
		tb.hub.mu.Unlock()
		if now > step && (!queuedAt[now] || now == len(tb.answers)) {
			return now
		}
		if time.Now().After(deadline) {
			tb.t.Fatalf("the game is stuck at step %d after answer %d (%s)", now, step+1, what)
		}
		time.Sleep(time.Millisecond)
	}
}

// secretsOf lists, per seat, the texts only that seat may see (its
// private rulings and the labels of its secret answers), and per viewer
// everything that viewer may legitimately be shown at some point of the
// game: its status and view after every answer, the questions as it may
// see them, its rulings.
func secretsOf(t *testing.T, tb *served) (secrets map[referee.Seat][]string, legit map[referee.Viewer]string) {
	t.Helper()
	factory := tb.hub.cfg.Factory
	answers := tb.answers
	l := tb.lang
	e, err := referee.Replay(factory, answers)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	seen := map[referee.Viewer]*strings.Builder{}
	for v := Table; int(v) < len(tb.names); v++ {
		seen[v] = &strings.Builder{}
	}
	for n := 0; n <= len(answers); n++ {
		pe, err := referee.Replay(factory, answers[:n], referee.WithoutLog())
		if err != nil {
			t.Fatal(err)
		}
		for v, b := range seen {
			b.WriteString(pe.Game().Status(v, l, 0))
			j, _ := json.Marshal(pe.Game().View(v, locale.English))
			b.Write(j)
			if q := pe.Next(); q != nil {
				// What the viewer may be shown of the question: all of
				// it, or of another player's secret one only who is asked.
				o := wire.QuestionOf(q, pe.Game().PlayerNames()[max(int(q.Actor), 0)], n, l)
				if q.Secret && !v.Sees(q.Actor) {
					o = wire.Question{ID: q.ID, Text: l.Sprintf("table.question.secret", o.ActorName)}
				}
				j, _ := json.Marshal(o)
				b.Write(j)
			}
		}
		pe.Close()
	}
	secrets, legit = map[referee.Seat][]string{}, map[referee.Viewer]string{}
	for _, ev := range e.Events() {
		for v, b := range seen {
			b.WriteString(ev.In(l, v) + "\n")
		}
		if p := ev.PrivateIn(l); p != "" {
			secrets[ev.Player] = append(secrets[ev.Player], p)
		}
	}
	for _, en := range e.Log() {
		if en.Event == nil && en.Secret && en.Actor >= 0 && en.Label != "" {
			secrets[en.Actor] = append(secrets[en.Actor], en.LabelIn(l))
		}
	}
	for v, b := range seen {
		legit[v] = b.String()
	}
	return secrets, legit
}

// hiddenQuestion reports whether text is what a viewer is shown of
// another seat's secret question, in any language.
func hiddenQuestion(text string) bool {
	for _, l := range locale.All {
		prefix, _, _ := strings.Cut(locale.Unmark(l.Sprintf("table.question.secret", "\x00")), "\x00")
		if strings.HasPrefix(locale.Unmark(text), prefix) {
			return true
		}
	}
	return false
}

// scan checks everything one viewer received: no other seat's secret
// text that the viewer could not see anyway, no other seat's secret
// fields in a view, no options of another seat's secret question.
func scan(t *testing.T, game string, v referee.Viewer, msgs []string, secrets map[referee.Seat][]string, legit string) {
	t.Helper()
	all := strings.Join(msgs, "\n")
	for seat, list := range secrets {
		if v.Sees(seat) {
			continue
		}
		for _, s := range list {
			if strings.Contains(all, s) && !strings.Contains(legit, s) {
				t.Errorf("viewer %d received seat %d's secret %q", v, seat, s)
			}
		}
	}
	for _, m := range msgs {
		var o map[string]json.RawMessage
		if json.Unmarshal([]byte(m), &o) != nil {
			continue
		}
		var typ string
		json.Unmarshal(o["type"], &typ)
		views := []json.RawMessage{o["view"], o["status"]}
		for _, view := range views {
			checkView(t, game, v, view)
		}
		qs := []json.RawMessage{o["question"]}
		if typ == "question" {
			qs = append(qs, json.RawMessage(m))
		}
		for _, raw := range qs {
			var q wire.Question
			if len(raw) == 0 || string(raw) == "null" || json.Unmarshal(raw, &q) != nil {
				continue
			}
			if q.Secret && !v.Sees(referee.Seat(q.Actor)) && (len(q.Options) > 0 || q.Min != nil || !hiddenQuestion(q.Text)) {
				t.Errorf("viewer %d received seat %d's secret question %s in full", v, q.Actor, q.ID)
			}
		}
	}
}

// checkView checks that a view sent to viewer v holds no other seat's
// secret fields (but the kept wares of the final Rum & Pirates view,
// which the score names for everyone).
func checkView(t *testing.T, game string, v referee.Viewer, raw json.RawMessage) {
	t.Helper()
	if len(raw) == 0 || string(raw) == "null" {
		return
	}
	var view struct {
		Phase   string                       `json:"phase"`
		Players []map[string]json.RawMessage `json:"players"`
		Islands []struct {
			Card *struct {
				Name   string
				FaceUp bool `json:"face_up"`
			} `json:"card"`
			Hazards []struct {
				Name   string
				FaceUp bool `json:"face_up"`
			} `json:"hazards"`
		} `json:"islands"`
		Peeked []string `json:"peeked"`
	}
	if json.Unmarshal(raw, &view) != nil {
		return
	}
	for i, p := range view.Players {
		if referee.Viewer(i) == v {
			continue
		}
		for _, f := range []string{"coins", "wares", "targets", "hand"} {
			if _, ok := p[f]; ok && !(f == "wares" && game == "pirates" && view.Phase == "over") {
				t.Errorf("viewer %d received seat %d's %s", v, i, f)
			}
		}
	}
	if game == "runner" && v != 0 {
		for _, is := range view.Islands {
			for _, h := range is.Hazards {
				if !h.FaceUp && h.Name != "" {
					t.Errorf("viewer %d received the name of a face-down hazard", v)
				}
			}
			if is.Card != nil && !is.Card.FaceUp && is.Card.Name != "" {
				t.Errorf("viewer %d received the name of a face-down card", v)
			}
		}
	}
	if game == "runner" && v != 1 && len(view.Peeked) > 0 {
		t.Errorf("viewer %d received what the pirate peeked at", v)
	}
}

// wholeGame plays a whole game through the pages with every viewer's
// stream open and scans what each received.
func wholeGame(t *testing.T, game string, players int, seed uint64) {
	wholeGameIn(t, locale.English, game, players, seed)
}

// wholeGameIn is wholeGame with every page asking for language l.
func wholeGameIn(t *testing.T, l locale.Lang, game string, players int, seed uint64) {
	tb := serve(t, game, players, seed)
	tb.lang = l
	streams := map[referee.Viewer]*stream{}
	for v := Table; int(v) < len(tb.names); v++ {
		streams[v] = tb.open(v, "")
	}
	got := tb.play(nil)
	for v, st := range streams {
		st.waitFor(t, `"type":"end"`)
		_, data := st.snapshot()
		got[v] = append(got[v], data...)
		st.close()
		everyEventAnObject(t, v, data)
	}
	secrets, legit := secretsOf(t, tb)
	n := 0
	for seat, l := range secrets {
		for _, s := range l {
			for v := Table; int(v) < len(tb.names); v++ {
				if !v.Sees(seat) && !strings.Contains(legit[v], s) {
					n++ // a secret some viewer must never get
				}
			}
		}
	}
	if n < 10 {
		t.Fatalf("the game had only %d secrets to look for", n)
	}
	// The secrets are looked for in the language the viewers were sent:
	// their owners did receive them.
	owned, all := 0, 0
	for seat, l := range secrets {
		own := strings.Join(got[referee.Viewer(seat)], "\n")
		for _, s := range l {
			all++
			if strings.Contains(own, s) || strings.Contains(own, jsonText(s)) {
				owned++
			}
		}
	}
	t.Logf("%d of %d secrets found in their owners' streams", owned, all)
	if owned*2 < all {
		t.Errorf("only %d of %d secrets reached their owners as looked for: the scan looks for texts the viewers were not sent", owned, all)
	}
	for v := Table; int(v) < len(tb.names); v++ {
		scan(t, game, v, got[v], secrets, legit[v])
	}
	if !strings.Contains(tb.out.String(), `"type":"end"`) {
		t.Error("the JSON Lines session did not end the game")
	}
	// The end reaches every viewer with the final view; the table's
	// carries the play logger link.
	end, _ := tb.state(Table)
	var eo wire.End
	if json.Unmarshal(end.End, &eo) != nil || eo.Play == nil || !strings.HasPrefix(eo.Play.URL, playLink) || !strings.HasPrefix(eo.Play.QR, "<svg") {
		t.Errorf("the table's end has no play logger link: %s", end.End)
	}
}

// jsonText is s as a JSON string holds it, without its quotes.
func jsonText(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}

// everyEventAnObject checks that each event a stream carried is a JSON
// object with a type (a page's script reads o.type of each: "data: null"
// made it throw at the end of every game).
func everyEventAnObject(t *testing.T, v referee.Viewer, data []string) {
	t.Helper()
	for i, d := range data {
		var o struct {
			Type string `json:"type"`
		}
		if !strings.HasPrefix(d, "{") || json.Unmarshal([]byte(d), &o) != nil || o.Type == "" {
			t.Errorf("viewer %d's event %d of %d is %.80q, not an object with a type", v, i+1, len(data), d)
		}
	}
}

func TestWholeRumAndPiratesGameThroughThePages(t *testing.T) {
	wholeGame(t, "pirates", 3, 7)
}

func TestWholeRumRunnerGameThroughThePages(t *testing.T) {
	wholeGame(t, "runner", 2, 3)
}

// TestWholeGamesThroughThePagesInGerman: the same scan of what every
// viewer received, with every request asking for German, and the
// secrets looked for as German viewers are shown them (a secret scanned
// for in English would never be found in a German stream).
func TestWholeGamesThroughThePagesInGerman(t *testing.T) {
	t.Run("pirates", func(t *testing.T) { wholeGameIn(t, locale.German, "pirates", 4, 7) })
	t.Run("runner", func(t *testing.T) { wholeGameIn(t, locale.German, "runner", 2, 3) })
}

func TestRefusals(t *testing.T) {
	tb := serve(t, "runner", 2, 3)
	s, _ := tb.state(Table)
	var q wire.Question
	json.Unmarshal(s.Question, &q)
	if !q.Secret || q.Actor != 0 || len(q.Options) != 0 {
		t.Fatalf("the table should see the crown's secret draw without options: %s", s.Question)
	}
	ann, _ := tb.state(0)
	json.Unmarshal(ann.Question, &q)
	annQuestion := q.ID
	if len(q.Options) == 0 {
		t.Fatalf("the crown should see the options of its own draw: %s", ann.Question)
	}
	bo, _ := tb.state(1)
	json.Unmarshal(bo.Question, &q)
	if len(q.Options) != 0 {
		t.Fatalf("the pirate sees the options of the crown's secret draw: %s", bo.Question)
	}
	cases := []struct {
		v      referee.Viewer
		what   string
		body   any
		code   int
		holds  string
		leaked string
	}{
		{Table, "answer", map[string]any{"step": 0, "question": tb.answers[0].Q, "answer": tb.answers[0].A}, 403, "for Ann", ""},
		{1, "answer", map[string]any{"step": 0, "question": tb.answers[0].Q, "answer": tb.answers[0].A}, 403, "for Ann", ""},
		{0, "answer", map[string]any{"step": 5, "question": tb.answers[0].Q, "answer": tb.answers[0].A}, 409, "answer", ""},
		{0, "answer", map[string]any{"step": 0, "question": tb.answers[0].Q, "answer": "no-such-card"}, 422, "no-such-card", ""},
		// An answer names the question it answers: another one's is stale,
		// its own goes on to be checked.
		{0, "answer", map[string]any{"step": 0, "question": "no.such", "answer": tb.answers[0].A}, 409, "another question", ""},
		{0, "answer", map[string]any{"step": 0, "question": annQuestion, "answer": "no-such-card"}, 422, "no-such-card", ""},
		{1, "undo", map[string]any{"step": 0, "answer": "x"}, 400, "step", ""},
		{0, "answer", map[string]any{"answer": "x"}, 400, "step", ""},
		{0, "answer", map[string]any{"step": 0, "answer": "x", "extra": 1}, 400, "step", ""},
		{1, "undo", map[string]any{"step": 0}, 422, "nothing to undo", ""},
		{1, "confirm", map[string]any{"step": 0, "id": "undo.secret", "yes": true}, 409, "no confirmation", ""},
		{0, "correct", map[string]any{"step": 0, "n": 0, "value": "x"}, 422, "number", ""},
	}
	for _, c := range cases {
		code, body := tb.post(c.v, c.what, c.body)
		if code != c.code || !strings.Contains(strings.ToLower(string(body)), strings.ToLower(c.holds)) {
			t.Errorf("%d %s %v: got %d %s, want %d holding %q", c.v, c.what, c.body, code, body, c.code, c.holds)
		}
	}
	// Unknown tokens, other methods, big bodies, other sites.
	base := tb.srv.Base()
	for _, u := range []string{base + "/", base + "/nosuchtoken", base + "/nosuchtoken/state", tb.url(0) + "x/state", tb.url(0) + "/nosuch", tb.url(0) + "/join"} {
		res, err := http.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 404 {
			t.Errorf("GET %s: %d, want 404", u, res.StatusCode)
		}
	}
	for _, m := range []string{"PUT", "DELETE", "OPTIONS", "HEAD", "PATCH"} {
		req, _ := http.NewRequest(m, tb.url(0)+"/state", nil)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 405 || res.Header.Get("Access-Control-Allow-Origin") != "" {
			t.Errorf("%s: %d, want 405 and no CORS header", m, res.StatusCode)
		}
	}
	big := `{"step":0,"answer":"` + strings.Repeat("a", 5000) + `"}`
	res, err := http.Post(tb.url(0)+"/answer", "application/json", strings.NewReader(big))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 413 {
		t.Errorf("a 5000-byte body: %d, want 413", res.StatusCode)
	}
	req, _ := http.NewRequest("POST", tb.url(0)+"/answer", strings.NewReader(`{"step":0,"answer":"x"}`))
	req.Header.Set("Origin", "http://evil.example")
	res, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 403 {
		t.Errorf("a POST from another site: %d, want 403", res.StatusCode)
	}
	// The pages, the join list and the help.
	for _, c := range []struct{ u, ct, holds string }{
		{tb.url(Table), "text/html", `data-page="table"`},
		{tb.url(0), "text/html", `data-page="seat"`},
		{base + "/assets/app.js", "text/javascript", "EventSource"},
		{base + "/assets/style.css", "text/css", "min-height: 44px"},
		{tb.url(Table) + "/join", "application/json", tb.srv.JoinURL()},
		{tb.url(0) + "/help", "application/json", tb.answers[0].Q},
		{tb.url(0) + "/rules?q=raid", "application/json", "rules for raid"},
	} {
		res, err := http.Get(c.u)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), c.ct) || !strings.Contains(string(b), c.holds) {
			t.Errorf("GET %s: %d %s, want %s holding %q", c.u, res.StatusCode, res.Header.Get("Content-Type"), c.ct, c.holds)
		}
		if !strings.Contains(res.Header.Get("Content-Security-Policy"), "default-src 'none'") || res.Header.Get("Referrer-Policy") != "no-referrer" {
			t.Errorf("GET %s: missing security headers", c.u)
		}
	}
	// The pirate's help says nothing of the crown's options.
	res, _ = http.Get(tb.url(1) + "/help")
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if strings.Contains(string(b), tb.answers[0].A) {
		t.Errorf("the pirate's help names the crown's options: %s", b)
	}
}

func TestTokens(t *testing.T) {
	a, b := NewTokens(5), NewTokens(5)
	if !a.Valid(5) || a.Valid(4) {
		t.Fatal("fresh tokens should fit 5 seats only")
	}
	seen := map[string]bool{}
	for _, tok := range append(append([]string{a.Table}, a.Seats...), append([]string{b.Table}, b.Seats...)...) {
		if len(tok)*5 < 128 {
			t.Errorf("token %q holds fewer than 128 bits", tok)
		}
		if seen[tok] {
			t.Errorf("token %q twice", tok)
		}
		seen[tok] = true
	}
	bad := a
	bad.Seats = append([]string{}, a.Seats...)
	bad.Seats[2] = "short"
	if bad.Valid(5) {
		t.Error("a short token is valid")
	}
	bad.Seats[2] = a.Seats[1]
	if bad.Valid(5) {
		t.Error("a repeated token is valid")
	}
	for i, s := range a.Seats {
		if v, ok := a.viewerOf(s); !ok || v != referee.Viewer(i) {
			t.Errorf("seat %d's token finds %d %v", i, v, ok)
		}
	}
	if v, ok := a.viewerOf(a.Table); !ok || v != Table {
		t.Error("the table's token is not the table")
	}
	if _, ok := a.viewerOf(b.Table); ok {
		t.Error("another game's token is accepted")
	}
}

// TestResumeWithLastEventID drops a stream in the middle of a game and
// resumes it: the two parts together are exactly what a stream that
// stayed open got, nothing lost or repeated.
func TestResumeWithLastEventID(t *testing.T) {
	tb := serve(t, "pirates", 3, 11)
	whole := tb.open(1, "")
	part := tb.open(1, "")
	var first []string
	var firstData []string
	var second *stream
	tb.play(func(step int) {
		switch step {
		case 30:
			part.waitFor(t, fmt.Sprintf(`"step":%d`, step))
			first, firstData = part.snapshot()
			part.close()
		case 60:
			second = tb.open(1, first[len(first)-1])
		}
	})
	whole.waitFor(t, `"type":"end"`)
	second.waitFor(t, `"type":"end"`)
	wids, wdata := whole.snapshot()
	sids, sdata := second.snapshot()
	ids := append(append([]string(nil), first...), sids...)
	data := append(append([]string(nil), firstData...), sdata...)
	// The first message of each stream is its own "state": compare the
	// rest by ID.
	// Messages sent before the second stream opened are in its state.
	num := func(id string) int64 {
		n, _ := tb.hub.parseEventID(id)
		return n
	}
	byID := map[string]string{}
	for i, id := range wids[1:] {
		if num(id) > num(ids[0]) {
			byID[id] = wdata[i+1]
		}
	}
	seen := map[string]bool{}
	for i, id := range ids[1:] {
		if seen[id] {
			t.Fatalf("message %s came twice", id)
		}
		seen[id] = true
		if want, ok := byID[id]; ok && want != data[i+1] {
			t.Fatalf("message %s differs", id)
		}
	}
	for id := range byID {
		if !seen[id] {
			t.Fatalf("message %s of the open stream was lost in the resumed one", id)
		}
	}
	whole.close()
	second.close()
	// An ID of another run gets the whole state.
	s := tb.open(1, "deadbeef-3")
	s.waitFor(t, `"type":"state"`)
	s.close()
}

// TestSlowClientIsResynced fills a stream that is not read: the game goes
// on, and the client gets the whole state when it reads again.
func TestSlowClientIsResynced(t *testing.T) {
	tb := serve(t, "pirates", 3, 5)
	c, _, _ := tb.hub.subscribe(Table, locale.English, "", "127.0.0.1", deviceOf("test"))
	defer tb.hub.unsubscribe(Table, locale.English, c)
	tb.play(nil)
	if len(c.ch) != queueSize {
		t.Fatalf("the queue holds %d, want it full at %d", len(c.ch), queueSize)
	}
	select {
	case <-c.resync:
	default:
		t.Fatal("a full queue did not ask for a resync")
	}
}

// TestUndoFromAPhoneAndTheOwnersConfirmation takes back a secret answer
// from another phone: the confirmation goes to its owner's phone only.
func TestUndoFromAPhoneAndTheOwnersConfirmation(t *testing.T) {
	tb := serve(t, "runner", 2, 3)
	bo, annStream := tb.open(1, ""), tb.open(0, "")
	if code, body := tb.post(0, "answer", map[string]any{"step": 0, "question": tb.answers[0].Q, "answer": tb.answers[0].A}); code != 200 {
		t.Fatalf("%d %s", code, body)
	}
	// The undo is asked of Ann: Bo's reply says so at once.
	if code, body := tb.post(1, "undo", map[string]any{"step": 1}); code != 200 || !strings.Contains(string(body), `"pending":true`) {
		t.Fatalf("the undo from Bo's phone: %d %s", code, body)
	}
	annStream.waitFor(t, `"type":"confirm"`)
	ann, _ := tb.state(0)
	var c wire.PageConfirm
	if json.Unmarshal(ann.Confirm, &c) != nil || !c.Mine || c.ID != "undo.secret" {
		t.Fatalf("Ann's phone has no confirmation to answer: %s", ann.Confirm)
	}
	if code, _ := tb.post(1, "confirm", map[string]any{"step": 1, "id": "undo.secret", "yes": true}); code != 403 {
		t.Fatalf("Bo answered Ann's confirmation: %d", code)
	}
	if code, body := tb.post(0, "confirm", map[string]any{"step": 1, "id": "undo.secret", "yes": true}); code != 200 {
		t.Fatalf("Ann's confirmation: %d %s", code, body)
	}
	s, _ := tb.state(Table)
	if s.Step != 0 || string(s.Confirm) != "null" {
		t.Fatalf("after the undo: step %d, confirm %s", s.Step, s.Confirm)
	}
	bo.waitFor(t, "Took back answer 1")
	// Bo was never shown Ann's confirmation (it names her secret).
	if _, msgs := bo.snapshot(); strings.Contains(strings.Join(msgs, "\n"), `"id":"undo.secret"`) {
		t.Errorf("Bo's stream carried Ann's confirmation:\n%s", strings.Join(msgs, "\n"))
	}
	bo.close()
	annStream.close()
}

// TestEitherSideAnswers answers from the laptop's JSON Lines input while
// the pages are open: the pages follow, and a page's late answer for the
// same step is refused as stale.
func TestEitherSideAnswers(t *testing.T) {
	tb := serve(t, "runner", 2, 3)
	table := tb.open(Table, "")
	fmt.Fprintln(tb.stdin, tb.answers[0].A)
	table.waitFor(t, `"step":1`)
	if code, _ := tb.post(0, "answer", map[string]any{"step": 0, "question": tb.answers[0].Q, "answer": tb.answers[0].A}); code != 409 {
		t.Fatalf("a late answer for a step already answered: %d, want 409", code)
	}
	if code, _ := tb.post(0, "answer", map[string]any{"step": 1, "question": tb.answers[1].Q, "answer": tb.answers[1].A}); code != 200 {
		t.Fatalf("the next answer from the phone: %d", code)
	}
	if s, _ := tb.state(Table); s.Step != 2 {
		t.Fatalf("step %d after one answer from each side", s.Step)
	}
	fmt.Fprintln(tb.stdin, "quit")
	table.waitFor(t, `"type":"exit"`)
	table.close()
}

// TestTokensAreLowerBase32: every token is 160 random bits written in
// lower-case base32 without padding, and fresh tokens differ.
func TestTokensAreLowerBase32(t *testing.T) {
	enc := base32.StdEncoding.WithPadding(base32.NoPadding)
	seen := map[string]bool{}
	for range 50 {
		tk := NewTokens(3)
		if !tk.Valid(3) {
			t.Fatalf("fresh tokens %+v are not valid", tk)
		}
		for _, s := range append([]string{tk.Table}, tk.Seats...) {
			if s != strings.ToLower(s) || strings.Contains(s, "=") {
				t.Fatalf("token %q is not lower-case unpadded", s)
			}
			b, err := enc.DecodeString(strings.ToUpper(s))
			if err != nil || len(b) != 20 {
				t.Fatalf("token %q decodes to %d bytes (%v), want 160 bits", s, len(b), err)
			}
			if enc.EncodeToString(b) != strings.ToUpper(s) {
				t.Fatalf("token %q is not canonical base32", s)
			}
			if seen[s] {
				t.Fatalf("token %q made twice", s)
			}
			seen[s] = true
		}
	}
}

// TestRefusedByTheServer: a request refused before its body is read
// gets the pages' error object and security headers too; one that
// net/http refuses itself (no Host) gets its status.
func TestRefusedByTheServer(t *testing.T) {
	tb := serve(t, "runner", 2, 3)
	host := strings.TrimPrefix(tb.srv.Base(), "http://")
	for _, c := range []struct {
		req  string
		code int
		page bool
	}{
		{"GET /" + tb.srv.tokens.Seats[0] + "/state HTTP/1.1\r\n\r\n", 400, false},
		{"POST /" + tb.srv.tokens.Seats[0] + "/answer HTTP/1.1\r\nHost: " + host + "\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n", 413, true},
		{"POST /" + tb.srv.tokens.Seats[0] + "/answer HTTP/1.1\r\nHost: " + host + "\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\n{}", 415, true},
		{"GET /" + tb.srv.tokens.Seats[0] + "/state HTTP/1.1\r\nHost: evil.example\r\n\r\n", 421, true},
	} {
		conn, err := net.Dial("tcp", host)
		if err != nil {
			t.Fatal(err)
		}
		conn.SetDeadline(time.Now().Add(10 * time.Second))
		io.WriteString(conn, c.req)
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("%.40q: %v", c.req, err)
		}
		b, _ := io.ReadAll(res.Body)
		conn.Close()
		if res.StatusCode != c.code || c.page && (!strings.Contains(string(b), `"ok":false`) ||
			res.Header.Get("Cache-Control") != "no-store" || !strings.Contains(res.Header.Get("Content-Security-Policy"), "default-src 'none'")) {
			t.Errorf("%.40q: %d %s %v, want %d", c.req, res.StatusCode, b, res.Header, c.code)
		}
	}
}

// TestLaptopAnswerObjectIsBound: a JSON driver's answer object names the
// step and question it answers; when a phone answered that question
// first, the object is refused and the game moves no further.
func TestLaptopAnswerObjectIsBound(t *testing.T) {
	tb := serve(t, "runner", 2, 3)
	table := tb.open(Table, "")
	a := tb.answers[0]
	if code, body := tb.post(0, "answer", map[string]any{"step": 0, "question": a.Q, "answer": a.A}); code != 200 {
		t.Fatalf("the phone's answer: %d %s", code, body)
	}
	table.waitFor(t, `"step":1`)
	line, _ := json.Marshal(wire.Answer{Step: 0, Question: a.Q, Answer: tb.answers[1].A})
	fmt.Fprintln(tb.stdin, string(line))
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(tb.out.String(), `"type":"error"`) {
		if time.Now().After(deadline) {
			t.Fatalf("the stale answer object was not refused:\n%s", tb.out.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
	if s, _ := tb.state(Table); s.Step != 1 {
		t.Fatalf("a stale answer object moved the game to step %d", s.Step)
	}
	// The same object for the step now pending is taken.
	line, _ = json.Marshal(wire.Answer{Step: 1, Question: tb.answers[1].Q, Answer: tb.answers[1].A})
	fmt.Fprintln(tb.stdin, string(line))
	table.waitFor(t, `"step":2`)
	table.close()
}
