package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"rumref/wire"
)

// single reports whether the question has exactly one legal answer.
func single(q *wire.Question) bool {
	switch q.Kind {
	case "choice":
		return len(q.Options) == 1
	case "number":
		return q.Min != nil && q.Max != nil && *q.Min == *q.Max
	}
	return false
}

// Setup is one game to play: the game, the number of players and the seed
// of the table's dice and draws and of the players' choices.
type Setup struct {
	Game    string // "pirates" or "runner"
	Players int
	Seed    uint64
	// Stop, when set, ends the game at that many answers (a short game
	// for the tests).
	Stop int
}

var names = []string{"Ann", "Bo", "Cy", "Di", "Ed"}
var colors = []string{"gold", "violet", "black", "silver", "blue"}

// args are the command line of a new game of the setup, without --io:
// every setup answer is a flag, so no setup question is asked.
func (s Setup) args(save string) []string {
	if s.Game == "runner" {
		return []string{"--no-color", "--save", save, "new", "runner", "--crown", "Ann", "--pirate", "Bo"}
	}
	var ps []string
	for i := range s.Players {
		ps = append(ps, names[i]+":"+colors[i])
	}
	return []string{"--no-color", "--save", save, "new", "pirates", "--players", strings.Join(ps, ","),
		"--start", "Ann", "--layout", "random", "--seed", fmt.Sprint(s.Seed)}
}

// Result is what one game measured.
type Result struct {
	Setup
	// Answers is the number of accepted answers at the end; Turns the
	// turns played (Rum Runner; 0 for Rum & Pirates).
	Answers int
	Turns   int
	// Single counts the questions asked with a single legal answer, by
	// question ID ("ID (secret)" for a secret one: a secret question is
	// asked even then, as skipping it would show the secret).
	Single map[string]int
	// Secret counts secret questions, Refused lines the driver's policy
	// sent that rumref refused (a policy that has fallen behind a
	// protocol change shows here).
	Secret  int
	Refused int
	// Terminal figures (zero unless measured through the terminal):
	// the pass-the-laptop screens shown and the keys pressed in all.
	Terminal bool
	Passes   int
	Keys     int
	// TermError says in a line why the terminal figures are missing
	// when the terminal session failed; TermDetail is the whole error,
	// with the screens and how rumref ended; TermSignal names the signal
	// that ended the terminal's rumref, when one did before the driver
	// stopped it (something outside rumref and the driver sent it).
	TermError, TermDetail, TermSignal string
	// Over is whether the game reached its end (not a turn cap of the
	// driver).
	Over bool
}

// SingleTotal is the number of questions with a single legal answer.
func (r *Result) SingleTotal() int {
	n := 0
	for _, v := range r.Single {
		n += v
	}
	return n
}

// play plays one game through bin --io json with the policy; if term is
// set the same answers are typed into the terminal front end too.
func play(bin string, s Setup, withTerm bool, dir string) (*Result, error) {
	save := filepath.Join(dir, fmt.Sprintf("%s-%d-%d-json.yaml", s.Game, s.Players, s.Seed))
	cmd := exec.Command(bin, append([]string{"--io", "json"}, s.args(save)...)...)
	// A data directory of the game's own: the Rum Runner cards a game
	// types in are remembered there, not for the user's next games (nor
	// for the next games of the run, which would then ask less).
	data := filepath.Join(dir, fmt.Sprintf("%s-%d-%d-data", s.Game, s.Players, s.Seed))
	cmd.Env = append(os.Environ(), "XDG_DATA_HOME="+data)
	errs := &stderrTail{}
	cmd.Stderr = errs
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	var term *terminal
	termSave := filepath.Join(dir, fmt.Sprintf("%s-%d-%d-term.yaml", s.Game, s.Players, s.Seed))
	if withTerm {
		t, err := startTerm(bin, s.args(termSave), data)
		if err != nil {
			return nil, err
		}
		defer func() {
			if term != nil {
				term.close()
			}
		}()
		term = t
	}
	r := &Result{Setup: s, Single: map[string]int{}, Terminal: withTerm}
	pol := newPolicy(s)
	rd := bufio.NewReaderSize(out, 1<<20)
	deadline := time.Now().Add(3 * time.Minute)
	var last string
	asked, peeking := -1, false
	for {
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("%v: the game did not end in 3 minutes (step %d); rumref's standard error: %q", s, r.Answers, errs)
		}
		line, err := rd.ReadBytes('\n')
		if err != nil {
			return nil, fmt.Errorf("%v: rumref stopped writing after step %d: %v (%s); its standard error: %q", s, r.Answers, err, exitOf(cmd), errs)
		}
		// Each object is read as its wire type; only the fields the
		// driver reads matter (the objects of docs/protocol.md at 221e179
		// and today both have them).
		var head struct {
			Type string `json:"type"`
		}
		if err := json.Unmarshal(line, &head); err != nil {
			return nil, fmt.Errorf("%v: not a JSON object: %q", s, line)
		}
		decode := func(v any) error {
			if err := json.Unmarshal(line, v); err != nil {
				return fmt.Errorf("%v: not a %s object: %v: %q", s, head.Type, err, line)
			}
			return nil
		}
		switch head.Type {
		case "error":
			var o wire.Error
			if err := decode(&o); err != nil {
				return nil, err
			}
			r.Refused++
			if os.Getenv("TABLEPLAY_DEBUG") != "" {
				fmt.Fprintf(os.Stderr, "refused %q: %s\n", last, o.Error)
			}
			if r.Refused > 50 {
				return nil, fmt.Errorf("%v: more than 50 refused answers, the last %q: %s", s, last, o.Error)
			}
		case "end":
			var o wire.End
			if err := decode(&o); err != nil {
				return nil, err
			}
			r.Answers = o.Step
			r.Over = true
			return r.termFigures(term, term.finish, "at the end: ", save, termSave)
		case "exit":
			var o wire.Exit
			if err := decode(&o); err != nil {
				return nil, err
			}
			return nil, fmt.Errorf("%v: rumref stopped (%s) at step %d; its standard error: %q", s, o.Reason, o.Step, errs)
		case "event":
			var o wire.Event
			if err := decode(&o); err != nil {
				return nil, err
			}
			if o.Rule == "rr.turn" {
				r.Turns++
			}
			pol.event(&o)
		case "status":
			var o wire.Status
			if err := decode(&o); err != nil {
				return nil, err
			}
			if s.Game == "pirates" {
				pol.coinsFrom(o.View)
			}
			if peeking {
				var v runnerView
				if err := json.Unmarshal(o.View, &v); err != nil {
					return nil, fmt.Errorf("%v: the view of peek: %v", s, err)
				}
				pol.view = &v
			}
		case "question":
			var o wire.Question
			if err := decode(&o); err != nil {
				return nil, err
			}
			r.Answers = o.Step
			if s.Game == "runner" && needsView(o.ID) && !peeking {
				// The player looks at their own hand and table first.
				peeking = true
				if _, err := fmt.Fprintf(in, "peek %d\n", o.Actor+1); err != nil {
					return nil, err
				}
				continue
			}
			peeking = false
			if k := pol.peekFirst(&o); k > 0 {
				// The invited players look at their own coins first.
				if _, err := fmt.Fprintf(in, "peek %d\n", k); err != nil {
					return nil, err
				}
				continue
			}
			if s.Stop > 0 && o.Step >= s.Stop {
				// The terminal is brought to the same question.
				return r.termFigures(term, func() error { return term.answer(&o, "") }, "", save, termSave)
			}
			retry := o.Step == asked
			if !retry {
				asked = o.Step
				if id := o.ID; single(&o) {
					if o.Secret {
						id += " (secret)"
					}
					r.Single[id]++
				}
				if o.Secret {
					r.Secret++
				}
			}
			last = pol.choose(&o, retry)
			if term != nil && !retry {
				if err := term.answer(&o, last); err != nil {
					// The terminal figures of this game are lost (221e179's
					// promptui can panic mid-game); the JSON session goes on.
					r.termFailed(term, fmt.Sprintf("step %d (%s): %v", o.Step, o.ID, firstLine(err.Error())), err)
					term.close()
					term = nil
				}
			}
			if _, err := fmt.Fprintln(in, last); err != nil {
				return nil, err
			}
		}
	}
}

// stderrTail keeps the last 4 KiB the JSON session's rumref wrote to its
// standard error, for an error.
type stderrTail struct {
	mu sync.Mutex
	b  []byte
}

func (w *stderrTail) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.b = append(w.b, p...)
	if len(w.b) > 4096 {
		w.b = w.b[len(w.b)-4096:]
	}
	return len(p), nil
}

func (w *stderrTail) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return string(w.b)
}

// exitOf says how the JSON session's rumref ended once its output has
// closed, or that it still runs outputGrace later (exitWithin).
func exitOf(cmd *exec.Cmd) string {
	exited := make(chan struct{})
	var err error
	go func() {
		err = cmd.Wait()
		close(exited)
	}()
	return exitWithin(exited, &err)
}

// policy chooses the answers: the table's dice and draws at random, the
// players' choices like a person would make them (see choose).
type policy struct {
	s   Setup
	rnd *rand.Rand
	// hops counts the hops of the current move (Rum & Pirates).
	hops int
	// crewPlayed: the pirate played a crew in this crew action already.
	crewPlayed bool
	// typed counts the cards typed in by hand (for their names).
	typed int
	// view is the asking player's own view (Rum Runner), fetched with
	// peek before the questions that need it.
	view *runnerView
	// The Rum & Pirates tiles the players hold in their heads where
	// rumref is not told them (hidden.go): the rendezvous targets
	// and kept wares each seat holds, drawn from imagined stacks.
	targets, wares  [][]string
	rdvBag, wareBag []string
	// coins are the seats' coins as peeked before a pub invitation
	// (peeked counts the peeks made for the question pending), and joins
	// the invitees' answers decided then.
	coins  []int
	peeked int
	joins  map[int]bool
}

func newPolicy(s Setup) *policy {
	p := &policy{s: s, rnd: rand.New(rand.NewPCG(s.Seed, uint64(s.Players)*7919+1))}
	p.targets, p.wares, p.coins = make([][]string, s.Players), make([][]string, s.Players), make([]int, s.Players)
	for _, t := range []string{"rum", "guard", "pub", "pirate", "supply", "map-green", "map-rose", "map-yellow", "chest"} {
		p.rdvBag = append(p.rdvBag, t, t)
	}
	for _, w := range []string{"eye patch", "hat", "hook", "parrot", "peg leg"} {
		for v := 2; v <= 5; v++ {
			p.wareBag = append(p.wareBag, fmt.Sprintf("%s %d", w, v))
		}
	}
	// The imagined stacks are shuffled from a stream of their own, so the
	// choices of games that never use them (Rum Runner, 221e179)
	// stay as they were.
	bags := rand.New(rand.NewPCG(s.Seed, 0xb0a7))
	bags.Shuffle(len(p.rdvBag), func(i, j int) { p.rdvBag[i], p.rdvBag[j] = p.rdvBag[j], p.rdvBag[i] })
	bags.Shuffle(len(p.wareBag), func(i, j int) { p.wareBag[i], p.wareBag[j] = p.wareBag[j], p.wareBag[i] })
	return p
}

// choose returns the line to send for q. retry says the last line was
// refused: then any legal answer is taken at random.
func (p *policy) choose(q *wire.Question, retry bool) string {
	if q.Kind == "number" {
		lo, hi := *q.Min, *q.Max
		if p.s.Game == "runner" {
			return fmt.Sprint(p.runnerNumber(q, lo, hi))
		}
		return fmt.Sprint(lo + p.rnd.IntN(hi-lo+1))
	}
	if q.Kind == "text" {
		if q.ID == "wares.name" {
			return p.nameWares(q)
		}
		return p.runnerText(q)
	}
	if retry || len(q.Options) == 0 {
		return q.Options[p.rnd.IntN(len(q.Options))].Key
	}
	var k string
	if p.s.Game == "runner" {
		k = p.runner(q)
	} else {
		k = p.pirates(q)
	}
	if k == "" {
		k = q.Options[p.rnd.IntN(len(q.Options))].Key
	}
	return k
}

// has returns the first option whose key is one of keys, or "".
func has(q *wire.Question, keys ...string) string {
	for _, k := range keys {
		if slices.ContainsFunc(q.Options, func(o wire.Option) bool { return o.Key == k }) {
			return k
		}
	}
	return ""
}

// without returns a random option whose key is none of keys (or "").
func (p *policy) without(q *wire.Question, keys ...string) string {
	var l []string
	for _, o := range q.Options {
		if !slices.ContainsFunc(keys, func(k string) bool { return strings.HasPrefix(o.Key, k) }) {
			l = append(l, o.Key)
		}
	}
	if len(l) == 0 {
		return ""
	}
	return l[p.rnd.IntN(len(l))]
}

// chance is true with probability n in 100.
func (p *policy) chance(n int) bool { return p.rnd.IntN(100) < n }

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// sameAnswers reports whether two saves hold the same answers: the
// terminal played the game the JSON session did.
func sameAnswers(a, b string) bool {
	answers := func(path string) []string {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil
		}
		var out []string
		for _, l := range strings.Split(string(data), "\n") {
			if strings.Contains(l, "{q: ") {
				out = append(out, strings.TrimSpace(l))
			}
		}
		return out
	}
	x, y := answers(a), answers(b)
	return len(x) > 0 && slices.Equal(x, y)
}

// termFailed records that the terminal session failed with err, line
// being the error in a line, and whether a signal ended its rumref.
func (r *Result) termFailed(t *terminal, line string, err error) {
	r.TermError, r.TermDetail, r.Terminal = line, err.Error(), false
	r.TermSignal = t.signal()
}

// termFigures ends the terminal's part of a game (none when t is nil):
// once wait returns (an error fails the terminal session, prefix before
// its first line), the terminal's figures count if its save holds the
// JSON session's answers.
func (r *Result) termFigures(t *terminal, wait func() error, prefix, save, termSave string) (*Result, error) {
	if t == nil {
		return r, nil
	}
	if err := wait(); err != nil {
		r.termFailed(t, prefix+firstLine(err.Error()), err)
	} else if !sameAnswers(save, termSave) {
		r.TermError, r.Terminal = "the terminal's save holds other answers than the JSON session's", false
	} else {
		r.Passes, r.Keys = t.passes, t.keys
	}
	return r, nil
}
