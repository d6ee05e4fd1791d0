package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"rumref/games"
	"rumref/internal/randplay"
	"rumref/referee"
	"rumref/wire"
)

// The words of the front ends (issue 23 item 4): a whole random game of
// each game, driven through the JSON Lines protocol by a random player
// that also types wrong answers and asks for help, then the same lines
// typed in plain mode. The question IDs and option keys are collected
// from the questions the engine sent, so the scan is exact: no sentence
// of plain or JSON mode (a refusal, a help text, a ruling, a message)
// names a question ID, and no refusal or help text names an option key
// that no front end shows (a tile's "swan-3", a menu's "a23").

// wordsGame is one game the words test plays.
type wordsGame struct {
	name   string
	args   []string
	policy func(*randplay.Player, *referee.Question) string
	seed   uint64
	env    []string // more environment (the catalog tests' check and language)
}

// seedFlag is --seed with the game's seed, for a game whose setup takes
// one (Rum Runner's has none, and new refuses it).
func (g wordsGame) seedFlag() []string {
	if e, ok := games.Lookup(g.name); ok {
		for _, f := range e.Flags {
			if f.Name == "seed" {
				return []string{"--seed", fmt.Sprint(g.seed)}
			}
		}
	}
	return nil
}

var wordsGames = []wordsGame{
	{"pirates", []string{"new", "pirates", "--players", "Ann:gold,Bo:blue,Cy:violet", "--start", "Ann"}, randplay.Pirates, 1, nil},
	{"pirates", []string{"new", "pirates", "--players", "Ann:gold,Bo:blue", "--start", "Bo"}, randplay.Pirates, 2, nil},
	{"runner", []string{"new", "runner", "--crown", "Ann", "--pirate", "Bo"}, randplay.Runner, 3, nil},
	{"runner", []string{"new", "runner", "--crown", "Ann", "--pirate", "Bo"}, randplay.Runner, 4, nil},
}

// wrongLines are what the random player types that is not an answer (or
// may not be one): none of them is an option key of either game.
var wrongLines = []string{"bogus", "99", "0", "swan", "zz 7", "-1", "the", "yes please", "", ":nonsense"}

// wordsLine is one line the random player typed, with the question it
// was typed at and whether the game took it as an answer.
type wordsLine struct {
	line  string
	q     wire.Question
	taken bool
}

// wordsVocab holds what the engine asked: every question ID, and every
// option key that is not what a front end shows for it.
type wordsVocab struct {
	ids  map[string]bool
	keys map[string]bool
}

func (v *wordsVocab) add(q wire.Question) {
	if strings.Contains(q.ID, ".") {
		v.ids[q.ID] = true // a one-word ID ("action") is a word of the sentences too
	}
	for _, o := range q.Options {
		if hiddenKey(o) {
			v.keys[o.Key] = true
		}
	}
}

// hiddenKey reports whether an option's key is not something a terminal
// shows: a number (a die, a count) is shown as the option's number, a key
// that is its label is the label, and "r" and a die's number is how the
// rules ask a roll with rum (r5); the other keys are internal names.
func hiddenKey(o wire.Option) bool {
	k := strings.ToLower(o.Key)
	if strings.EqualFold(o.Key, o.Label) || regexp.MustCompile(`^r?[0-9]+$`).MatchString(k) {
		return false
	}
	return strings.ContainsAny(k, "0123456789-._")
}

// find returns the first word of vocabulary set in text: a word standing
// alone, not part of a longer dotted name (a rule's "rp.pub.join" does
// not name the question "pub.join").
func find(set map[string]bool, text string) string {
	words := make([]string, 0, len(set))
	for w := range set {
		words = append(words, w)
	}
	sort.Strings(words)
	lower := strings.ToLower(text)
	for _, w := range words {
		lw := strings.ToLower(w)
		for from := 0; ; {
			i := strings.Index(lower[from:], lw)
			if i < 0 {
				break
			}
			i += from
			end := i + len(lw)
			before := i == 0 || !wordChar(lower[i-1])
			after := end == len(lower) || !wordChar(lower[end]) || lower[end] == '.' && (end+1 == len(lower) || !wordChar(lower[end+1]))
			if before && after {
				return w
			}
			from = i + 1
		}
	}
	return ""
}

func wordChar(c byte) bool {
	return c == '.' || c == '-' || c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// playJSON plays g through the JSON Lines protocol and returns the lines
// typed, the vocabulary and the objects the binary wrote.
func playJSON(t *testing.T, g wordsGame, save string) ([]wordsLine, *wordsVocab, []map[string]any) {
	t.Helper()
	args := append(append(append([]string{}, g.args...), g.seedFlag()...), "--io", "json", "--save", save)
	cmd := exec.Command(binary, args...)
	cmd.Env = append(append(os.Environ(), "NO_COLOR=1", "XDG_DATA_HOME="+t.TempDir()), g.env...)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	outPipe, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer in.Close()
	timer := time.AfterFunc(240*time.Second, func() { cmd.Process.Kill() })
	defer timer.Stop()
	r := rand.New(rand.NewPCG(g.seed, 23))
	player := randplay.From(r)
	vocab := &wordsVocab{ids: map[string]bool{}, keys: map[string]bool{}}
	var lines []wordsLine
	var objs []map[string]any
	sc := bufio.NewScanner(outPipe)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	var last *wire.Question
	for sc.Scan() {
		var obj map[string]any
		if err := json.Unmarshal(sc.Bytes(), &obj); err != nil {
			t.Fatalf("not a JSON object: %s", sc.Text())
		}
		objs = append(objs, obj)
		if obj["type"] != "question" {
			continue
		}
		var q wire.Question
		json.Unmarshal(sc.Bytes(), &q)
		vocab.add(q)
		if last != nil {
			lines[len(lines)-1].taken = q.Step > last.Step
		}
		if len(lines) > 6000 {
			t.Fatalf("the game has not ended after %d lines", len(lines))
		}
		line := ""
		switch x := r.IntN(20); {
		case x == 0:
			line = "?"
		case x == 1:
			line = "help"
		case x < 4:
			line = wrongLines[r.IntN(len(wrongLines))]
		default:
			line = g.policy(player, engineQuestion(q))
		}
		lines = append(lines, wordsLine{line: line, q: q})
		last = &q
		if _, err := io.WriteString(in, line+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	if len(objs) == 0 || objs[len(objs)-1]["type"] != "end" && !hasType(objs, "end") {
		t.Fatalf("the game did not end (%d lines typed)", len(lines))
	}
	if last != nil {
		lines[len(lines)-1].taken = true
	}
	return lines, vocab, objs
}

func hasType(objs []map[string]any, typ string) bool {
	for _, o := range objs {
		if o["type"] == typ {
			return true
		}
	}
	return false
}

// engineQuestion is a question object as the random player reads it.
func engineQuestion(q wire.Question) *referee.Question {
	e := &referee.Question{ID: q.ID, Actor: referee.Seat(q.Actor), Secret: q.Secret, Rule: q.Rule, Example: q.Example, Text: q.Text}
	switch q.Kind {
	case "number":
		e.Kind = referee.Number
		e.Min, e.Max = *q.Min, *q.Max
	case "text":
		e.Kind = referee.TextLine
	}
	for _, o := range q.Options {
		e.Options = append(e.Options, referee.Option{Key: o.Key, Label: o.Label})
	}
	return e
}

// sentences are the texts of a JSON object meant to be read by people:
// every string field but the ones that carry IDs and keys.
func sentences(obj map[string]any) []string {
	var out []string
	var walk func(k string, v any)
	walk = func(k string, v any) {
		switch x := v.(type) {
		case string:
			switch k {
			case "type", "id", "question", "rule", "key", "answer", "save", "kind", "query", "actor_name", "label", "example":
				return
			}
			out = append(out, x)
		case map[string]any:
			for k2, v2 := range x {
				if k2 == "view" || k2 == "status" {
					continue // the board as data
				}
				walk(k2, v2)
			}
		case []any:
			for _, v2 := range x {
				walk(k, v2)
			}
		}
	}
	walk("", obj)
	return out
}

func TestWordsOfAWholeGame(t *testing.T) {
	if testing.Short() {
		t.Skip("whole games")
	}
	for _, g := range wordsGames {
		t.Run(fmt.Sprintf("%s-%d", g.name, g.seed), func(t *testing.T) {
			dir := t.TempDir()
			lines, vocab, objs := playJSON(t, g, filepath.Join(dir, "json.yaml"))
			refusals, helps := 0, 0
			for _, obj := range objs {
				for _, s := range sentences(obj) {
					if id := find(vocab.ids, s); id != "" {
						t.Errorf("JSON %s object names the question %s in a sentence: %q", obj["type"], id, s)
					}
				}
				switch obj["type"] {
				case "error":
					refusals++
				case "help":
					helps++
				}
			}
			// Plain mode, the same lines.
			var typed strings.Builder
			for _, l := range lines {
				typed.WriteString(l.line + "\n")
			}
			args := append(append(append([]string{}, g.args...), g.seedFlag()...), "--io", "plain", "--no-color", "--save", filepath.Join(dir, "plain.yaml"))
			res := rumref(t, typed.String(), args...)
			if res.code != 0 {
				t.Fatalf("plain mode exits %d:\n%s", res.code, lastChars(res.stdout+res.stderr, 3000))
			}
			for _, line := range strings.Split(res.stdout, "\n") {
				if id := find(vocab.ids, line); id != "" {
					t.Errorf("plain mode names the question %s: %q", id, line)
				}
			}
			t.Logf("%d lines typed, %d refusals, %d helps, %d question IDs, %d hidden option keys", len(lines), refusals, helps, len(vocab.ids), len(vocab.keys))
			if refusals == 0 || helps == 0 {
				t.Errorf("the random player was refused %d times and helped %d times: the scan saw no such text", refusals, helps)
			}
		})
	}
}

// lastChars is the end of s, n bytes at most.
func lastChars(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// safeInTerminal are the wrong lines the terminal replay types too: none
// narrows a list to an option or starts an option's number there, so the
// terminal refuses them as JSON did (the others, refused in JSON, are left
// out: leaving out a refused line does not change the game).
var safeInTerminal = map[string]bool{"bogus": true, "zz 7": true, ":nonsense": true, "": true}

// playTerminal types the lines of a JSON game in a pseudo-terminal (the
// real terminal front end), each answer as a table types it (a digit in
// a list, Enter where it is needed), "?" and help as help, Enter at every
// pass screen, and returns what the terminal showed, escape codes taken
// out.
func playTerminal(t *testing.T, g wordsGame, lines []wordsLine, answers []referee.Answer, save string) string {
	t.Helper()
	args := append(append(append([]string{}, g.args...), g.seedFlag()...), "--save", save)
	c := startTTY(t, args...)
	quiet := func() string {
		t.Helper()
		last, since := "", time.Now()
		deadline := time.Now().Add(20 * time.Second)
		for time.Now().Before(deadline) {
			s := c.screen()
			if s != last {
				last, since = s, time.Now()
			} else if s != "" && time.Since(since) > 150*time.Millisecond {
				return s
			}
			time.Sleep(20 * time.Millisecond)
		}
		t.Fatalf("the terminal never stops writing:\n%s", lastChars(c.screen(), 2000))
		return ""
	}
	// ready presses Enter at pass screens and pauses until a question
	// waits for its answer.
	ready := func() {
		t.Helper()
		for range 200 {
			s := strings.TrimRight(strings.NewReplacer("█", "", " \b", "", "\r", "").Replace(quiet()), "\n ")
			ls := strings.Split(s, "\n")
			tailLines := strings.Join(ls[max(0, len(ls)-3):], "\n")
			if strings.Contains(tailLines, "> _") || strings.HasSuffix(strings.TrimSpace(ls[len(ls)-1]), "):") {
				return
			}
			if strings.Contains(ls[len(ls)-1], "Enter") {
				c.f.Write([]byte(keyEnter))
				continue
			}
			// Not drawn yet (a busy machine): wait for the question.
			time.Sleep(100 * time.Millisecond)
		}
		t.Fatalf("the terminal never asks a question:\n%s", lastChars(c.screen(), 1500))
	}
	step := 0
	for _, l := range lines {
		q := engineQuestion(l.q)
		switch {
		case l.taken:
			if step >= len(answers) {
				break
			}
			ready()
			var keys strings.Builder
			for _, k := range answerKeys(q, answers[step].A) {
				if k == "Enter" {
					k = keyEnter
				}
				keys.WriteString(k)
			}
			c.f.Write([]byte(keys.String()))
			step++
			if !saveHolds(save, step, 20*time.Second) {
				t.Fatalf("the save never held %d answers:\n%s", step, lastChars(c.screen(), 2500))
			}
		case l.line == "?" || l.line == "help":
			ready()
			// The help is drawn before the next keys: on a busy machine
			// the old prompt can stay quiet for ready's 150 ms after the
			// Enter, and keys typed while the help is written are not
			// the question's (the terminal takes a line at its prompt).
			const helpLine = "explain the current question"
			before := strings.Count(c.screen(), helpLine)
			c.f.Write([]byte("help" + keyEnter))
			for deadline := time.Now().Add(20 * time.Second); strings.Count(c.screen(), helpLine) <= before; time.Sleep(20 * time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatalf("help never showed:\n%s", lastChars(c.screen(), 1500))
				}
			}
		case safeInTerminal[l.line]:
			ready()
			c.f.Write([]byte(l.line + keyEnter))
		}
	}
	// The last answer's hand-back screens, then the end.
	for range 10 {
		s := strings.TrimRight(strings.NewReplacer("█", "", " \b", "", "\r", "").Replace(quiet()), "\n ")
		if strings.Contains(s, "The game is over.") {
			break
		}
		if ls := strings.Split(s, "\n"); strings.Contains(ls[len(ls)-1], "Enter") {
			c.f.Write([]byte(keyEnter))
		}
	}
	return c.screen()
}

func TestWordsOfAWholeGameInTheTerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("whole games in a pseudo-terminal")
	}
	for _, g := range []wordsGame{wordsGames[0], wordsGames[2]} {
		t.Run(fmt.Sprintf("%s-%d", g.name, g.seed), func(t *testing.T) {
			dir := t.TempDir()
			lines, vocab, _ := playJSON(t, g, filepath.Join(dir, "json.yaml"))
			f, _, err := games.Read(filepath.Join(dir, "json.yaml"))
			if err != nil {
				t.Fatal(err)
			}
			screen := playTerminal(t, g, lines, f.Answers, filepath.Join(dir, "terminal.yaml"))
			if !strings.Contains(screen, "The game is over.") {
				t.Fatalf("the terminal game did not end:\n%s", lastChars(screen, 3000))
			}
			bad := 0
			for _, line := range strings.Split(screen, "\n") {
				id, key := find(vocab.ids, line), find(vocab.keys, line)
				if (id != "" || key != "") && bad < 40 {
					bad++
					t.Errorf("the terminal names the question %q or the option key %q: %q", id, key, line)
				}
			}
			t.Logf("%d lines, %d answers typed in the terminal", len(lines), len(f.Answers))
		})
	}
}
