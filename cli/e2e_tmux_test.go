//go:build linux || darwin

package cli

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"rumref/games"
	"rumref/internal/catalogcheck"
	"rumref/internal/randplay"
	"rumref/journal"
	"rumref/locale"
	"rumref/prompts"
	"rumref/referee"
	"rumref/sim"
)

// tmuxPane runs the binary in a detached tmux session, as a person at a
// real terminal would, and reads the screen back with capture-pane.
type tmuxPane struct {
	t      *testing.T
	name   string
	socket string
	// unmark: the screen and history are read without the catalog
	// check's marks (RUMREF_LOCALE_CHECK=1 puts them around every
	// message), as a person reads them.
	unmark bool
}

func startTmux(t *testing.T, args ...string) *tmuxPane {
	t.Helper()
	return startTmuxSize(t, 140, 50, args...)
}

// startTmuxSize is startTmux on a terminal of cols x rows.
func startTmuxSize(t *testing.T, cols, rows int, args ...string) *tmuxPane {
	t.Helper()
	if testing.Short() {
		t.Skip("tmux test")
	}
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	p := &tmuxPane{t: t, name: fmt.Sprintf("rumref-test-%d", os.Getpid()), socket: filepath.Join(t.TempDir(), "tmux")}
	cmd := "NO_COLOR=1 TERM=xterm XDG_DATA_HOME=" + t.TempDir() + " " + binary + " " + strings.Join(args, " ") + "; echo EXIT=$?; sleep 30"
	// The history is kept for a failure's report (history).
	if out, err := p.tmux("start-server", ";", "set-option", "-g", "history-limit", "5000", ";", "new-session", "-d", "-s", p.name, "-x", strconv.Itoa(cols), "-y", strconv.Itoa(rows), cmd).CombinedOutput(); err != nil {
		t.Skipf("tmux cannot start a session here: %v %s", err, out)
	}
	t.Cleanup(func() { p.tmux("kill-server").Run() })
	return p
}

// tmux is a tmux command on the test's own tmux server (its socket in the
// test's temp directory, no configuration file read): the default server
// is shared with whatever else runs on the machine, whose options (a
// person's configuration, another program's settings) would change what
// the pane shows, and a session left there by a test that could not
// clean up would keep the next one from starting.
func (p *tmuxPane) tmux(args ...string) *exec.Cmd {
	return exec.Command("tmux", append([]string{"-S", p.socket, "-f", "/dev/null"}, args...)...)
}

// screen is what the pane shows now.
func (p *tmuxPane) screen() string {
	out, err := p.tmux("capture-pane", "-p", "-t", p.name).Output()
	if err != nil {
		p.t.Fatalf("capture-pane: %v", err)
	}
	if p.unmark {
		return locale.Unmark(string(out))
	}
	return string(out)
}

// history is everything the pane showed, scrolled off or not, for a
// failure's report (a panic's stack is longer than the screen).
func (p *tmuxPane) history() string {
	out, _ := p.tmux("capture-pane", "-p", "-J", "-S", "-", "-E", "-", "-t", p.name).Output()
	if p.unmark {
		return locale.Unmark(string(out))
	}
	return string(out)
}

// waitFor waits until the pane shows text and returns the screen.
func (p *tmuxPane) waitFor(text string) string {
	p.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		s := p.screen()
		if strings.Contains(s, text) {
			return s
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("the terminal never showed %q; it shows:\n%s\nits history:\n%s", text, s, p.history())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// waitForAny waits until the pane shows one of texts and returns the
// screen.
func (p *tmuxPane) waitForAny(texts ...string) string {
	p.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		s := p.screen()
		for _, text := range texts {
			if strings.Contains(s, text) {
				return s
			}
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("the terminal never showed any of %q; it shows:\n%s\nits history:\n%s", texts, s, p.history())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// keys types keys (tmux key names such as Enter, or literal text with -l).
func (p *tmuxPane) keys(literal bool, keys ...string) {
	p.t.Helper()
	time.Sleep(250 * time.Millisecond) // let the prompt draw and enter raw mode
	args := []string{"send-keys", "-t", p.name}
	if literal {
		args = append(args, "-l")
	}
	if out, err := p.tmux(append(args, keys...)...).CombinedOutput(); err != nil {
		p.t.Fatalf("send-keys %v: %v %s", keys, err, out)
	}
}

// TestTmuxSecretCorrectionAndTakeBack corrects another player's secret
// ware in a real terminal: the laptop is passed to its owner, who sees the
// question and types the new value masked; the screen is cleared before
// the table sees the result. Undo takes the correction back after the
// owner agrees behind a pass screen. In English and in German (--lang
// de), the German one under the catalog check: every text it showed came
// from the German catalog, none from the English one.
func TestTmuxSecretCorrectionAndTakeBack(t *testing.T) {
	for _, w := range []correctionWords{englishCorrection, germanCorrection} {
		t.Run(w.lang.String(), func(t *testing.T) { secretCorrectionAndTakeBack(t, w) })
	}
}

// correctionWords are what the terminal shows and the player types on
// the way of TestTmuxSecretCorrectionAndTakeBack in one language: formats
// of the answer's number n (%d) and the owner's name (%s).
type correctionWords struct {
	lang                         locale.Lang
	ask                          string // the pending die's list: its range
	correct, undo, yes, yn       string // typed: the commands, yes; the confirm with it
	passSecret, have, clear      string // the pass screens
	newValue, head, drops, isNow string // the correction
	newPrivate, yourRulings      string // the owner's new rulings
	takesBack, agree, tookBack   string // the take-back
}

var englishCorrection = correctionWords{
	lang: locale.English, ask: "%d-%d choose",
	correct: ":correct %d", undo: ":undo", yes: "y", yn: "(y/N) y",
	passSecret: "SECRET: pass the laptop to %s", have: "%s, press Enter when you have the laptop", clear: "%s, press Enter to clear the screen",
	newValue: "New value for answer %d", head: "Answer %d, %s:", drops: "Changing answer %d drops", isNow: "Answer %d is now (secret).",
	newPrivate: "has new private rulings", yourRulings: "%s, your rulings that now follow from answer %d:",
	takesBack: "this takes back the correction of your secret answer %d", agree: "Do you agree?", tookBack: "Took back the correction of answer %d",
}

var germanCorrection = correctionWords{
	lang: locale.German, ask: "%d-%d wählen",
	correct: ":korrigieren %d", undo: ":zurück", yes: "j", yn: "(j/N) j",
	passSecret: "GEHEIM: gib den Laptop an %s weiter", have: "%s, drück Enter, wenn du den Laptop hast", clear: "%s, drück Enter, um den Bildschirm zu löschen",
	newValue: "Neuer Wert für Antwort %d", head: "Antwort %d, %s:", drops: "Wenn Antwort %d sich ändert, fällt weg", isNow: "Antwort %d ist jetzt: (geheim).",
	newPrivate: "gibt es neue private Entscheidungen", yourRulings: "%s, deine Entscheidungen, die jetzt aus Antwort %d folgen:",
	takesBack: "das nimmt die Korrektur deiner geheimen Antwort %d zurück", agree: "Bist du einverstanden?", tookBack: "Die Korrektur von Antwort %d ist zurückgenommen",
}

// secretCorrectionAndTakeBack is the test in w's language.
func secretCorrectionAndTakeBack(t *testing.T, w correctionWords) {
	f, n, dq, value, e := secretDrawGameWhere(t, func(q *referee.Question) bool { return q.Kind == referee.Number })
	defer e.Close()
	names := e.Game().PlayerNames()
	owner := names[f.Answers[n-1].Actor]
	old := f.Answers[n-1].A
	// The cards' names, the same in every language (printed so).
	label, oldLabel := dq.Label(value), dq.Label(old)
	// The pending die is a list (issue 23 item 6).
	ask := fmt.Sprintf(w.ask, e.Next().Min, e.Next().Max)
	pre, err := e.Preview(n-1, value)
	if err != nil {
		t.Fatal(err)
	}
	save := filepath.Join(t.TempDir(), "game.yaml")
	data, _ := journal.Encode(f)
	os.WriteFile(save, data, 0o644)

	var p *tmuxPane
	raw := filepath.Join(t.TempDir(), "terminal.raw")
	if w.lang == locale.English {
		p = startTmux(t, "resume", save)
	} else {
		if testing.Short() {
			t.Skip("tmux test")
		}
		p = startCatalogTmuxSize(t, 140, 50, []string{"RUMREF_LOCALE_CHECK=1"}, raw, "--lang", w.lang.String(), "resume", save)
		p.unmark = true
	}
	newValue := fmt.Sprintf(w.newValue, n)
	p.through(ask)
	p.keys(true, fmt.Sprintf(w.correct, n))
	p.waitFor("> " + fmt.Sprintf(w.correct, n)) // typed into the list, not ahead of it
	p.keys(false, "Enter")
	p.waitForAny(fmt.Sprintf(w.passSecret, owner), fmt.Sprintf(w.have, owner))
	p.waitFor(fmt.Sprintf(w.have, owner) + ".")
	p.keys(false, "Enter")
	private := p.waitFor(newValue)
	if !strings.Contains(private, fmt.Sprintf(w.head, n, owner)) || !strings.Contains(private, oldLabel) {
		t.Fatalf("the owner does not see the question and the old value:\n%s", private)
	}
	p.keys(true, value)
	typed := p.waitFor(strings.Repeat("*", len(value)))
	if i := strings.Index(typed, newValue); strings.Contains(typed[i:], value) {
		t.Fatalf("the new value is echoed as typed:\n%s", typed)
	}
	p.keys(false, "Enter")
	p.waitFor(fmt.Sprintf(w.clear, owner))
	p.keys(false, "Enter")
	if pre.Dropped > 0 {
		p.waitFor(fmt.Sprintf(w.drops, n))
		p.keys(true, w.yes)
		p.waitFor(w.yn)
		p.keys(false, "Enter")
	}
	after := p.waitFor(fmt.Sprintf(w.isNow, n))
	for _, secret := range []string{value, label, old, oldLabel, newValue} {
		if strings.Contains(after, secret) {
			t.Fatalf("after the correction the shared screen shows %q:\n%s", secret, after)
		}
	}
	// The owner's new private rulings, behind a pass screen.
	if next := p.waitForAny(ask, w.newPrivate); strings.Contains(next, w.newPrivate) {
		p.keys(false, "Enter")
		p.waitForAny(fmt.Sprintf(w.passSecret, owner), fmt.Sprintf(w.have, owner))
		p.keys(false, "Enter")
		if mine := p.waitFor(fmt.Sprintf(w.yourRulings, owner, n)); !strings.Contains(mine, label) {
			t.Fatalf("the owner's private rulings do not name the new ware %q:\n%s", label, mine)
		}
		t.Logf("%s saw the new private rulings behind a pass screen", owner)
		p.waitFor(fmt.Sprintf(w.clear, owner))
		p.keys(false, "Enter")
		if s := p.waitFor(ask); strings.Contains(s, label) {
			t.Fatalf("the shared screen shows %q after the private rulings:\n%s", label, s)
		}
	}

	// Undo: the owner agrees behind a pass screen.
	p.waitFor(ask)
	p.keys(true, w.undo)
	p.waitFor("> " + w.undo) // typed into the list
	p.keys(false, "Enter")
	p.waitForAny(fmt.Sprintf(w.passSecret, owner), fmt.Sprintf(w.have, owner))
	p.keys(false, "Enter")
	p.waitFor(fmt.Sprintf(w.takesBack, n))
	p.waitFor(w.agree)
	p.keys(true, w.yes)
	p.waitFor(w.yn)
	p.keys(false, "Enter")
	p.waitFor(fmt.Sprintf(w.clear, owner))
	p.keys(false, "Enter")
	back := p.waitFor(fmt.Sprintf(w.tookBack, n))
	for _, secret := range []string{value, label, oldLabel} {
		if strings.Contains(back, secret) {
			t.Fatalf("after the take-back the shared screen shows %q:\n%s", secret, back)
		}
	}
	p.keys(false, "C-c")
	p.waitFor("EXIT=2")
	saved, _, err := games.Read(save)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(saved.Answers, f.Answers) {
		t.Fatalf("after the take-back the save holds %d answers, want the %d before", len(saved.Answers), len(f.Answers))
	}
	if w.lang == locale.English {
		return
	}
	// Every text the terminal was sent came from the catalog of the
	// language, none from the English one; what the owner typed and the
	// commands are echoed as typed.
	bytes, err := os.ReadFile(raw)
	if err != nil {
		t.Fatal(err)
	}
	where := fmt.Sprintf("tmux %s secret correction", w.lang)
	text := catalogcheck.StripANSI(bytes)
	s := catalogScanner().AllowTyped(fmt.Sprintf(w.correct, n), w.undo, w.yes).Allow("EXIT")
	s.Scan(where, text)
	s.Report(t, 40)
	// The texts the save's players typed (the simulated game's typed-in
	// cards, their names and texts, typed as the English examples) are
	// theirs, not the catalog's: not read as English messages.
	var typedTexts []string
	for _, a := range f.Answers {
		if strings.Contains(a.A, " ") {
			typedTexts = append(typedTexts, a.A)
			text = strings.ReplaceAll(text, a.A, "")
		}
	}
	t.Logf("typed texts not read for English: %q", typedTexts)
	es := catalogcheck.New()
	es.ScanEnglish(english(t, w.lang), where, text)
	es.Report(t, 40)
	marked, scanned := s.Marked()
	if marked == 0 {
		t.Errorf("the terminal showed no message of the catalog (%d texts scanned): is the catalog check on?", scanned)
	}
	t.Logf("%d bytes sent to the terminal, %d of %d texts marked: %d findings", len(bytes), marked, scanned, len(s.Findings())+len(es.Findings()))
}

// TestTmuxSeveralAnswersOnOneLine types the setup draws of a 2-player game
// on one line at the first draw's list, then at the imaginary player's die
// prompt a line whose second value does not fit (refused whole, the die
// still asked), then the die alone.
func TestTmuxSeveralAnswersOnOneLine(t *testing.T) {
	save := filepath.Join(t.TempDir(), "game.yaml")
	p := startTmux(t, "new", "pirates", "--players", "Ann:gold,Bo:violet", "--start", "Ann", "--layout", "fixed", "--save", save)
	p.through("then press Enter to start")
	p.keys(false, "Enter")
	p.waitFor("Which tile is it?")
	p.keys(true, "swan-3 swan-4 escruce-2 frere-5 chest-5 scorpion-12 map-rose-3 map-rose-6 map-green-4 map-yellow-5 bunk-7 hammock-4")
	p.keys(false, "Enter")
	p.waitFor("imaginary")
	// A die is a list in the terminal: its digit answers at once, so
	// dice are typed one by one (issue 23 item 6); a word is refused.
	p.keys(true, "x")
	p.keys(false, "Enter")
	p.waitFor(`"x" is not a whole number`)
	p.keys(true, "4")
	p.waitFor("move the captain along which empty alley")
	f, _, err := games.Read(save)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Answers) != 13 || f.Answers[12].A != "4" {
		t.Errorf("saved %v", f.Answers)
	}
}

// screenJoined is the pane with wrapped lines joined.
func (p *tmuxPane) screenJoined() string {
	out, err := p.tmux("capture-pane", "-p", "-J", "-t", p.name).Output()
	if err != nil {
		p.t.Fatalf("capture-pane: %v", err)
	}
	return string(out)
}

// press types one key 0.2 s after the last, as a quick player at the
// table does.
func (p *tmuxPane) press(key string) {
	p.t.Helper()
	time.Sleep(200 * time.Millisecond)
	args := []string{"send-keys", "-t", p.name}
	if key != "Enter" && key != "C-c" {
		args = append(args, "-l")
	}
	if out, err := p.tmux(append(args, key)...).CombinedOutput(); err != nil {
		p.t.Fatalf("send-keys %q: %v %s", key, err, out)
	}
}

// answerKeys are the keys that answer q with option (or number) a in the
// terminal: a digit chooses a list's option at once unless a longer
// number starts with it (then Enter); typed answers end with Enter.
func answerKeys(q *referee.Question, a string) []string {
	var typed string
	switch {
	case q.Kind != referee.Choice:
		typed = a
	default:
		for i, o := range q.Options {
			if o.Key != a {
				continue
			}
			typed = o.Key
			if !isNumberKeys(q) {
				typed = fmt.Sprint(i + 1)
			}
		}
	}
	var keys []string
	for _, r := range typed {
		keys = append(keys, string(r))
	}
	// A list chooses at once on what is typed, unless another option's
	// number (or key such as r5) starts with it: then Enter.
	var shorts []string
	switch {
	case q.Kind == referee.Number && !q.Secret && q.Min >= 0 && q.Max-q.Min < 20:
		// A die is a list of its numbers (issue 23 item 6).
		for m := q.Min; m <= q.Max; m++ {
			shorts = append(shorts, strconv.Itoa(m))
		}
	case q.Kind != referee.Choice || q.Secret:
		return append(keys, "Enter")
	case isNumberKeys(q):
		for _, o := range q.Options {
			if referee.NumberKey(o.Key) {
				shorts = append(shorts, o.Key)
			}
		}
	default:
		for i := range q.Options {
			shorts = append(shorts, strconv.Itoa(i+1))
		}
	}
	for _, sh := range shorts {
		if sh != typed && strings.HasPrefix(sh, typed) {
			return append(keys, "Enter")
		}
	}
	return keys
}

func isNumberKeys(q *referee.Question) bool {
	for _, o := range q.Options {
		if _, err := strconv.Atoi(o.Key); err == nil {
			return true
		}
	}
	return false
}

// TestTmuxPiratesRoundAtTableSpeed plays the whole first round of a
// 3-player Rum & Pirates game in a real terminal at 0.2 s between keys
// (see playAtTableSpeed).
func TestTmuxPiratesRoundAtTableSpeed(t *testing.T) {
	save := filepath.Join(t.TempDir(), "round.yaml")
	p := startTmux(t, "new", "pirates", "--players", "Ann:gold,Bo:violet,Cy:blue", "--start", "Ann", "--layout", "fixed", "--save", save)
	p.through("then press Enter to start")
	p.press("Enter")
	r := rand.New(rand.NewPCG(12, 1))
	policy := func(q *referee.Question) string {
		// A random legal answer that boards now and then, so the round
		// ends.
		a := randplay.From(r).Answer(randplay.Pirates, q)
		for _, o := range q.Options {
			if strings.HasPrefix(o.Key, "board") && r.IntN(4) == 0 {
				a = o.Key
			}
		}
		return a
	}
	n := playAtTableSpeed(t, p, save, []string{"Ann", "Bo", "Cy"}, policy, func(e *referee.Engine) bool {
		for _, ev := range e.Events() {
			if strings.Contains(ev.For(referee.Public), "Round 2 of 5 begins") {
				return true
			}
		}
		return false
	}, 400)
	t.Logf("the first round took %d answers", n)
}

// TestTmuxRunnerTurnsAtTableSpeed plays Rum Runner's first turns (150
// answers: setup and several turns of each side) in a real terminal at
// 0.2 s between keys (see playAtTableSpeed).
func TestTmuxRunnerTurnsAtTableSpeed(t *testing.T) {
	save := filepath.Join(t.TempDir(), "runner.yaml")
	p := startTmux(t, "new", "runner", "--crown", "Ann", "--pirate", "Bo", "--save", save)
	r := rand.New(rand.NewPCG(7, 2))
	policy := func(q *referee.Question) string {
		a := randplay.From(r).Answer(randplay.Runner, q)
		if a == "unlisted" && q.Kind == referee.Choice && len(q.Options) > 1 {
			// A card typed in by hand takes a text line: keep to the list.
			for _, o := range q.Options {
				if o.Key != "unlisted" {
					return o.Key
				}
			}
		}
		return a
	}
	playAtTableSpeed(t, p, save, []string{"Ann", "Bo"}, policy, func(*referee.Engine) bool { return false }, 150)
}

// playAtTableSpeed answers the game in pane p (saved in save, its players
// names) with policy at 0.2 s between keys until done says so, or for
// limit answers, and returns how many it gave. Before every answer the
// screen must show the question the game asks (the save, replayed, says
// which), and after it the save must hold exactly that answer to that
// question, so no key landed on a wrong prompt and no action was lost.
// It logs the keys per answer.
func playAtTableSpeed(t *testing.T, p *tmuxPane, save string, names []string, policy func(*referee.Question) string, done func(*referee.Engine) bool, limit int) int {
	t.Helper()
	keys, answers, passes := 0, 0, 0
	// oldKeys counts what the same answers took in the terminal before
	// issue 12 (promptui's list: arrow down from the first option, then
	// Enter; a pass screen before and a clear after every secret answer
	// but between two of the same player's), for the README's figure.
	oldKeys, lastSecret := 0, referee.Seat(-9)
	pending := func() (*journal.File, *referee.Engine) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for {
			f, _, err := games.Read(save)
			if err == nil && len(f.Answers) == answers {
				factory, err := sim.Factory(f)
				if err != nil {
					t.Fatal(err)
				}
				e, err := referee.Replay(factory, f.Answers)
				if err != nil {
					t.Fatal(err)
				}
				return f, e
			}
			if time.Now().After(deadline) {
				t.Fatalf("after %d answers the save holds %v (%v); the screen:\n%s", answers, f, err, p.screen())
			}
			time.Sleep(30 * time.Millisecond)
		}
	}
	for {
		_, e := pending()
		q := e.Next()
		if q == nil || done(e) || answers == limit {
			e.Close()
			break
		}
		a := policy(q)
		want := prompts.QuestionLine(names[max(int(q.Actor), 0)], q)
		if q.Actor == referee.Table {
			want = prompts.QuestionLine("the table", q)
		}
		want = strings.TrimSuffix(want, " ("+q.Rule+")")
		// Pass screens and hand-backs come first: Enter each.
		deadline := time.Now().Add(15 * time.Second)
		for {
			s := p.screenJoined()
			last := strings.TrimRight(s, "\n ")
			last = strings.TrimRight(last[strings.LastIndex(last, "\n")+1:], " █") // promptui draws its cursor as a block
			if strings.Contains(last, "press Enter when you have the laptop") || strings.Contains(last, "press Enter to clear the screen") {
				p.press("Enter")
				keys++
				passes++
				time.Sleep(150 * time.Millisecond)
				continue
			}
			// rumref wraps a long question line between words: compare
			// the words, not the line breaks.
			flat, wantFlat := strings.Join(strings.Fields(s), " "), strings.Join(strings.Fields(want), " ")
			if i := strings.LastIndex(flat, wantFlat); i >= 0 && !strings.Contains(flat[i:], "chose:") &&
				(strings.HasSuffix(last, "> _") || strings.HasSuffix(last, "or help):") || strings.HasSuffix(last, "such as help):")) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("answer %d: the terminal does not ask %q:\n%s", answers+1, want, s)
			}
			time.Sleep(50 * time.Millisecond)
		}
		for _, k := range answerKeys(q, a) {
			p.press(k)
			keys++
		}
		switch {
		case q.Secret:
			oldKeys += len(answerKeys(q, a))
			if lastSecret != q.Actor {
				oldKeys += 2 // the pass screen, and the clear after
			}
		case q.Kind == referee.Choice:
			for i, o := range q.Options {
				if o.Key == a {
					oldKeys += i + 1
				}
			}
		default:
			oldKeys += len(answerKeys(q, a))
		}
		if q.Secret {
			lastSecret = q.Actor
		} else {
			lastSecret = -9
		}
		answers++
		f, e2 := pending()
		got := f.Answers[answers-1]
		if got.Q != q.ID || got.A != a || got.Actor != int(q.Actor) {
			t.Fatalf("answer %d: the save holds %s=%s by %d, want %s=%s by %d:\n%s", answers, got.Q, got.A, got.Actor, q.ID, a, q.Actor, p.screen())
		}
		e.Close()
		e2.Close()
	}
	t.Logf("at 0.2 s between keys: %d answers, %d keys (%.2f per answer), %d pass or hand-back screens; the same answers took %d keys before (%.2f per answer)",
		answers, keys, float64(keys)/float64(answers), passes, oldKeys, float64(oldKeys)/float64(answers))
	p.press("C-c")
	p.waitFor("EXIT=2")
	return answers
}

// TestTmuxTileLabelsAsPrinted: at 80x24, the tiles of a display typed as
// people say them (the "swan 3, swan 4, es cruce 2, frere 5") are
// taken as those tiles, one draw each, on one line.
func TestTmuxTileLabelsAsPrinted(t *testing.T) {
	save := filepath.Join(t.TempDir(), "game.yaml")
	p := startTmuxSize(t, 80, 24, "new", "pirates", "--players", "Ann:gold,Bo:violet", "--start", "Ann", "--layout", "fixed", "--save", save)
	p.through("then press Enter to start")
	p.keys(false, "Enter")
	p.waitFor("Which tile is it?")
	p.keys(true, "swan 3, swan 4, es cruce 2, frere 5")
	p.keys(false, "Enter")
	p.waitFor("chest")
	f, _, err := games.Read(save)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"swan-3", "swan-4", "escruce-2", "frere-5"}
	if len(f.Answers) < len(want) {
		t.Fatalf("saved %v, want the four pubs %v", f.Answers, want)
	}
	for i, k := range want {
		if f.Answers[i].A != k {
			t.Errorf("answer %d is %q, want %q (saved %v)", i+1, f.Answers[i].A, k, f.Answers)
		}
	}
}
