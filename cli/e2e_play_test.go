package cli

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"rumref/games"
	"rumref/locale"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"rumref/internal/randplay"
	"rumref/journal"
	"rumref/referee"
)

// randomAnswer picks a legal answer for a JSON question object, with the
// random player drawing from r.
func randomAnswer(r *rand.Rand, q map[string]any) string {
	opts, _ := q["options"].([]any)
	rq := &referee.Question{Kind: referee.Choice}
	switch q["kind"] {
	case "number":
		rq.Kind, rq.Min, rq.Max = referee.Number, int(q["min"].(float64)), int(q["max"].(float64))
	case "text":
		rq.Kind = referee.TextLine
		rq.Example, _ = q["example"].(string)
	default:
		if len(opts) == 0 {
			return ""
		}
		for _, o := range opts {
			rq.Options = append(rq.Options, referee.Option{Key: o.(map[string]any)["key"].(string)})
		}
	}
	return randplay.From(r).Any(rq)
}

// playRandom answers up to limit questions at random (limit < 0: to the
// end) and returns the number of answers given.
func (d *driver) playRandom(r *rand.Rand, limit int) int {
	n := 0
	for limit < 0 || n < limit {
		q := d.next()
		if q == nil {
			break
		}
		d.send(randomAnswer(r, q))
		n++
	}
	return n
}

func savedAnswers(t *testing.T, path string) int {
	t.Helper()
	f, _, err := games.Read(path)
	if err != nil {
		t.Fatalf("reading %s: %v", path, err)
	}
	return len(f.Answers)
}

// checkRuleIDs fails when an event, question or error of a JSON run cites
// no rule, or a rule the reference does not hold.
func checkRuleIDs(t *testing.T, objs []map[string]any) {
	t.Helper()
	seen := map[string]bool{}
	for _, o := range objs {
		switch o["type"] {
		case "event", "question", "error":
		default:
			continue
		}
		rule, _ := o["rule"].(string)
		if rule == "" {
			if o["type"] != "error" {
				t.Errorf("%s without a rule: %v", o["type"], o)
			}
			continue
		}
		if seen[rule] {
			continue
		}
		seen[rule] = true
		if _, ok := games.Reference().In(locale.English).Lookup(rule); !ok {
			t.Errorf("%s cites %q, which the rules reference lacks", o["type"], rule)
		}
	}
}

func TestPlainStartBadInputQuitResumeUndo(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, "g.yaml")
	args := []string{"--io", "plain", "new", "pirates", "--players", "Ann:gold,Bo:blue,Cy:black", "--start", "2", "--layout", "fixed", "--save", save}
	res := rumref(t, "99\nbanana\n1\nswan-3\n", args...)
	if res.code != exitInterrupted {
		t.Fatalf("exit %d, want 2\n%s\n%s", res.code, res.stdout, res.stderr)
	}
	out := res.stdout + res.stderr
	for _, want := range []string{"Bo starts", "99", "banana", "rumref resume " + save} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if n := savedAnswers(t, save); n != 2 {
		t.Fatalf("save holds %d answers, want 2 (bad input must not be recorded)", n)
	}
	// A second new game on the same save is refused.
	if res := rumref(t, "", args...); res.code != exitError || !strings.Contains(res.stderr, "already exists") {
		t.Fatalf("new on an existing save: exit %d %s", res.code, res.stderr)
	}
	// Resume, undo the last answer, answer again with a key.
	res = rumref(t, "undo\nescruce-4\n", "--io", "plain", "resume", save)
	if res.code != exitInterrupted {
		t.Fatalf("resume exit %d\n%s\n%s", res.code, res.stdout, res.stderr)
	}
	f, _, err := games.Read(save)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Answers) != 2 || f.Answers[1].A != "escruce-4" {
		t.Fatalf("after undo and a new answer: %+v", f.Answers)
	}
	if _, err := os.Stat(journal.BackupName(save)); err != nil {
		t.Fatalf("no backup kept: %v", err)
	}
	// show and log read the save.
	if res := rumref(t, "", "show", save); res.code != 0 || !strings.Contains(res.stdout, "Waiting for") {
		t.Fatalf("show: %d %s %s", res.code, res.stdout, res.stderr)
	}
	if res := rumref(t, "", "log", "--json", save); res.code != 0 || !strings.Contains(res.stdout, "Es Cruce 4") {
		t.Fatalf("log: %d %s %s", res.code, res.stdout, res.stderr)
	}
}

func TestJSONWholePiratesGames(t *testing.T) {
	for players := 2; players <= 5; players++ {
		t.Run(fmt.Sprintf("%dp", players), func(t *testing.T) {
			dir := t.TempDir()
			save := filepath.Join(dir, "g.yaml")
			names := []string{"Ann:gold", "Bo:violet", "Cy:black", "Di:silver", "Ed:blue"}[:players]
			d := startDriver(t, nil, "new", "pirates", "--players", strings.Join(names, ","), "--start", "random", "--seed", strconv.Itoa(players), "--save", save)
			r := rand.New(rand.NewPCG(uint64(players), 99))
			n := d.playRandom(r, -1)
			if code := d.finish(); code != 0 {
				t.Fatalf("exit %d after %d answers\n%s", code, n, d.errs.String())
			}
			last := d.objs[len(d.objs)-1]
			if last["type"] != "end" {
				t.Fatalf("last object %v", last)
			}
			checkRuleIDs(t, d.objs)
			if got := savedAnswers(t, save); got != n {
				t.Fatalf("save holds %d answers, %d given", got, n)
			}
			res := rumref(t, "", "score", "--json", save)
			if res.code != 0 || !strings.Contains(res.stdout, `"winners"`) {
				t.Fatalf("score: %d %s %s", res.code, res.stdout, res.stderr)
			}
			if strings.Contains(res.stdout, "provisional") {
				t.Errorf("finished game scored as provisional")
			}
			if res := rumref(t, "", "show", "--json", save); !strings.Contains(res.stdout, `"final"`) || !strings.Contains(res.stdout, `"winners"`) {
				t.Errorf("show --json of a finished game lacks the final score")
			}
			if res := rumref(t, "", "show", save); !strings.Contains(res.stdout, "Final score") || !strings.Contains(res.stdout, "Winner") {
				t.Errorf("show of a finished game lacks the score pad:\n%s", res.stdout)
			}
			res = rumref(t, "", "log", save)
			for _, want := range []string{"== Setup ==", "== Round 1 of 5 begins ==", "== Round 5 of 5 begins ==", "-- The wrangle --", "'s turn --", "[rp.wrangle"} {
				if !strings.Contains(res.stdout, want) {
					t.Errorf("log lacks %q", want)
				}
			}
		})
	}
}

func TestKillAnywhereThenResume(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, "g.yaml")
	r := rand.New(rand.NewPCG(7, 7))
	d := startDriver(t, nil, "new", "pirates", "--players", "Ann:gold,Bo:violet,Cy:black", "--start", "1", "--seed", "3", "--save", save)
	given := 0
	for round := 0; round < 8; round++ {
		// Answer a random number of questions; every answer whose next
		// question has been printed is acknowledged.
		given += d.playRandom(r, 5+r.IntN(40))
		if d.next() == nil {
			break
		}
		acked := given
		d.cmd.Process.Signal(syscall.SIGKILL)
		d.cmd.Wait()
		n := savedAnswers(t, save)
		if n < acked {
			t.Fatalf("kill %d: save holds %d answers, %d were acknowledged", round, n, acked)
		}
		given = n
		d = startDriver(t, nil, "resume", save)
		// The resumed game asks a question again and shows the same state.
		d.objs = nil
	}
	d.finish()
	if _, err := os.Stat(save); err != nil {
		t.Fatal(err)
	}
	if res := rumref(t, "", "show", "--json", save); res.code != 0 {
		t.Fatalf("show after kills: %s", res.stderr)
	}
}

func TestSaveRefusals(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, "g.yaml")
	res := rumref(t, "1\n1\n1\n", "--io", "plain", "new", "pirates", "--players", "Ann:gold,Bo:blue", "--layout", "fixed", "--start", "1", "--save", save)
	if res.code != exitInterrupted {
		t.Fatalf("exit %d %s", res.code, res.stderr)
	}
	data, _ := os.ReadFile(save)
	// A second process on the same save is refused while the first plays.
	d := startDriver(t, nil, "resume", save)
	if q := d.next(); q == nil {
		t.Fatalf("resume asked nothing: %s", d.errs.String())
	}
	if res := rumref(t, "", "--io", "plain", "resume", save); res.code != exitError || !strings.Contains(res.stderr, "another rumref") {
		t.Fatalf("second process: exit %d %s", res.code, res.stderr)
	}
	d.finish()
	cases := map[string]string{
		"newer":      strings.Replace(string(data), fmt.Sprintf("format: %d", journal.Format), "format: 9", 1),
		"truncated":  string(data[:len(data)*2/3]),
		"edited":     strings.Replace(string(data), "game: pirates", "game: pirates\nlucky: yes", 1),
		"bad answer": strings.TrimRight(string(data), "\n") + "\n  - {q: setup.pub, a: kraken-9}\n",
	}
	for name, body := range cases {
		p := filepath.Join(dir, name+".yaml")
		os.WriteFile(p, []byte(body), 0o644)
		os.WriteFile(journal.BackupName(p), data, 0o644)
		res := rumref(t, "", "--io", "plain", "resume", p)
		if res.code != exitError {
			t.Errorf("%s: exit %d", name, res.code)
		}
		if name == "newer" {
			if !strings.Contains(res.stderr, "newer") {
				t.Errorf("newer: %s", res.stderr)
			}
			continue
		}
		if !strings.Contains(res.stderr, journal.BackupName(p)) {
			t.Errorf("%s: message does not name the backup: %s", name, res.stderr)
		}
		if after, _ := os.ReadFile(p); string(after) != body {
			t.Errorf("%s: a refused save was changed", name)
		}
	}
}

var _ = time.Second

func TestTeachWalkthrough(t *testing.T) {
	save := filepath.Join(t.TempDir(), "g.yaml")
	res := rumref(t, "1\n1\n1\n", "--io", "plain", "new", "pirates", "--teach", "--players", "Ann:gold,Bo:blue", "--layout", "fixed", "--start", "1", "--save", save)
	if n := strings.Count(res.stdout, "First time here (rp.draw)"); n != 1 {
		t.Fatalf("rp.draw explained %d times:\n%s", n, res.stdout)
	}
	// The walkthrough stays on after a resume.
	res = rumref(t, "1\n", "--io", "plain", "resume", save)
	if !strings.Contains(res.stdout, "First time here (rp.draw)") {
		t.Fatalf("resumed teach game does not explain:\n%s", res.stdout)
	}
	res = rumref(t, "1\n", "--io", "plain", "new", "pirates", "--players", "Ann:gold,Bo:blue", "--layout", "fixed", "--start", "1", "--save", save+"2")
	if strings.Contains(res.stdout, "First time here") {
		t.Fatal("walkthrough shown without --teach")
	}
}

func TestJSONWholeRunnerGames(t *testing.T) {
	for seed := 1; seed <= 2; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			save := filepath.Join(t.TempDir(), "r.yaml")
			d := startDriver(t, nil, "new", "runner", "--crown", "Ann", "--pirate", "Bo", "--turn-cap", "40", "--save", save)
			r := rand.New(rand.NewPCG(uint64(seed), 5))
			n := d.playRandom(r, 20000)
			if code := d.finish(); code != 0 {
				t.Fatalf("exit %d after %d answers\n%s", code, n, d.errs.String())
			}
			if last := d.objs[len(d.objs)-1]; last["type"] != "end" {
				t.Fatalf("last object %v", last)
			}
			checkRuleIDs(t, d.objs)
			if got := savedAnswers(t, save); got != n {
				t.Fatalf("save holds %d answers, %d given", got, n)
			}
			if res := rumref(t, "", "show", "--json", save); res.code != 0 || !strings.Contains(res.stdout, `"over": true`) {
				t.Fatalf("show: %d %s", res.code, res.stderr)
			}
		})
	}
}

// TestResumeKeepsThePlayClock: a save keeps when its game began and adds
// up the time played over its sessions, so the play logger link of a
// resumed game has the right date and duration.
func TestResumeKeepsThePlayClock(t *testing.T) {
	save := filepath.Join(t.TempDir(), "g.yaml")
	res := rumref(t, "1\n", "--io", "plain", "new", "pirates", "--players", "Ann:gold,Bo:blue", "--layout", "fixed", "--save", save)
	if res.code != exitInterrupted {
		t.Fatalf("exit %d\n%s\n%s", res.code, res.stdout, res.stderr)
	}
	f, _, err := games.Read(save)
	if err != nil {
		t.Fatal(err)
	}
	began, err := time.Parse(time.RFC3339, f.Started)
	if err != nil || time.Since(began) > time.Minute || time.Since(began) < -time.Minute {
		t.Fatalf("a new game's save says it began at %q (%v)", f.Started, err)
	}
	// As if the first session had lasted 40 minutes and begun yesterday.
	data, _ := os.ReadFile(save)
	data = []byte(strings.Replace(string(data), "started: "+f.Started, "started: 2026-11-30T19:30:00Z\nplayed: 2400", 1))
	if !strings.Contains(string(data), "played: 2400") {
		data = []byte(strings.Replace(string(data), `started: "`+f.Started+`"`, "started: 2026-11-30T19:30:00Z\nplayed: 2400", 1))
	}
	if err := os.WriteFile(save, data, 0o600); err != nil {
		t.Fatal(err)
	}
	before := len(f.Answers)
	if res := rumref(t, "swan-3\n", "--io", "plain", "resume", save); res.code != exitInterrupted {
		t.Fatalf("resume exit %d\n%s\n%s", res.code, res.stdout, res.stderr)
	}
	f, _, err = games.Read(save)
	if err != nil {
		t.Fatal(err)
	}
	if f.Started != "2026-11-30T19:30:00Z" || f.Played < 2400 || f.Played > 2400+60 || len(f.Answers) != before+1 {
		t.Fatalf("after a resume: started %q, played %d s, %d answers; want the first day kept and the time added up", f.Started, f.Played, len(f.Answers))
	}
}

// TestSetupCommandAndResumeShowTheBoard: in plain and JSON modes the
// setup command shows the build instructions again (nothing waits for
// Enter after them, so a script's lines all go to the questions), and a
// resume shows them and the save path again.
func TestSetupCommandAndResumeShowTheBoard(t *testing.T) {
	const board = "To type this board again: 3e 1 7 / 9s 5 2w / 4 8 6"
	for _, mode := range []string{"plain", "json"} {
		save := filepath.Join(t.TempDir(), "g.yaml")
		res := rumref(t, "setup\nswan-3\nquit\n", "--io", mode, "new", "pirates", "--players", "Ann:gold,Bo:blue", "--start", "1",
			"--layout", "3e 1 7 / 9s 5 2w / 4 8 6", "--save", save)
		if res.code != exitInterrupted || strings.Count(res.stdout, board) != 2 {
			t.Fatalf("%s: exit %d; the instructions shown %d times, want 2 (the start and setup):\n%s", mode, res.code, strings.Count(res.stdout, board), res.stdout)
		}
		if savedAnswers(t, save) != 1 {
			t.Fatalf("%s: the answer after setup was not taken", mode)
		}
		if mode == "json" && !strings.Contains(res.stdout, `{"type":"info","text":"Lay the nine board sections`) {
			t.Errorf("json: setup is not an info object:\n%s", res.stdout)
		}
		res = rumref(t, "quit\n", "--io", mode, "resume", save)
		if !strings.Contains(res.stdout, "How this game is set up:") || !strings.Contains(res.stdout, board) || !strings.Contains(res.stdout, "Saving to "+save) {
			t.Errorf("%s: the resume does not show the instructions and the save:\n%s", mode, res.stdout)
		}
	}
	// Rum Runner's setup is who plays which side.
	save := filepath.Join(t.TempDir(), "r.yaml")
	res := rumref(t, "setup\nquit\n", "--io", "plain", "new", "runner", "--crown", "Ann", "--pirate", "Bo", "--save", save)
	if strings.Count(res.stdout, "Ann plays the crown and takes the first turn") != 2 {
		t.Errorf("runner setup:\n%s", res.stdout)
	}
}

// TestQuitKeepsTheTimeSinceTheLastAnswer: the time between a sitting's
// last answer and quit (or a sitting with no answer at all) is played
// time too: quitting saves the clock.
func TestQuitKeepsTheTimeSinceTheLastAnswer(t *testing.T) {
	save := filepath.Join(t.TempDir(), "g.yaml")
	if res := rumref(t, "swan-3\n", "--io", "plain", "new", "pirates", "--players", "Ann:gold,Bo:blue", "--start", "1", "--layout", "fixed", "--save", save); res.code != exitInterrupted {
		t.Fatalf("exit %d\n%s", res.code, res.stderr)
	}
	f, _, err := games.Read(save)
	if err != nil {
		t.Fatal(err)
	}
	d := startDriver(t, nil, "resume", save)
	if q := d.next(); q == nil {
		t.Fatalf("no question on resume:\n%s", d.errs.String())
	}
	time.Sleep(1100 * time.Millisecond) // the table thinks, then stops
	d.send("quit")
	if code := d.finish(); code != exitInterrupted {
		t.Fatalf("quit exit %d\n%s", code, d.errs.String())
	}
	g, _, err := games.Read(save)
	if err != nil {
		t.Fatal(err)
	}
	if g.Played < f.Played+1 || len(g.Answers) != len(f.Answers) {
		t.Errorf("after a sitting of over a second with no answer: played %d s (was %d), %d answers (was %d)", g.Played, f.Played, len(g.Answers), len(f.Answers))
	}
}
