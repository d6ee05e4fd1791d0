//go:build linux || darwin

package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"rumref/games"
	"rumref/internal/catalogcheck"
	"rumref/locale"
	"rumref/referee"
)

// tmuxCatalogGames are the games the terminal plays in each language
// (a minute or less each at machine speed): both games in both
// languages; the JSON and plain tests play every player count in both.
var tmuxCatalogGames = map[locale.Lang][]catalogGame{
	locale.German:  {{"pirates", 4, 23}, {"runner", 2, 25}},
	locale.English: {{"pirates", 3, 22}, {"runner", 2, 26}},
}

// tmuxCols and tmuxRows are the terminal's size: 80 columns, the width
// the German wrapping check is about; rows enough that what is printed
// between two questions is on the screen when it is read.
const tmuxCols, tmuxRows = 80, 60

// startCatalogTmux runs the binary with args and env in a detached tmux
// pane of tmuxCols x tmuxRows, every byte it writes copied to raw by
// pipe-pane (the pane's own capture loses marks at a row's start: tmux
// keeps a zero-width character with the cell before it).
func startCatalogTmux(t *testing.T, env []string, raw string, args ...string) *tmuxPane {
	t.Helper()
	return startCatalogTmuxSize(t, tmuxCols, tmuxRows, env, raw, args...)
}

// startCatalogTmuxSize is startCatalogTmux on a terminal of cols x rows.
func startCatalogTmuxSize(t *testing.T, cols, rows int, env []string, raw string, args ...string) *tmuxPane {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	dir := t.TempDir()
	p := &tmuxPane{t: t, name: fmt.Sprintf("rumref-catalog-%d", os.Getpid()), socket: filepath.Join(dir, "tmux")}
	gate := filepath.Join(dir, "go")
	var q []string
	for _, a := range append(append([]string{"env", "NO_COLOR=1", "TERM=xterm", "XDG_DATA_HOME=" + t.TempDir()}, env...), append([]string{binary}, args...)...) {
		q = append(q, "'"+strings.ReplaceAll(a, "'", `'\''`)+"'")
	}
	// The binary starts once pipe-pane copies the pane (the gate file).
	cmd := "while [ ! -e " + gate + " ]; do sleep 0.02; done; " + strings.Join(q, " ") + "; echo EXIT=$?; sleep 30"
	if out, err := p.tmux("start-server", ";", "set-option", "-g", "history-limit", "5000", ";", "new-session", "-d", "-s", p.name,
		"-x", strconv.Itoa(cols), "-y", strconv.Itoa(rows), cmd).CombinedOutput(); err != nil {
		t.Skipf("tmux cannot start a session here: %v %s", err, out)
	}
	t.Cleanup(func() { p.tmux("kill-server").Run() })
	if out, err := p.tmux("pipe-pane", "-o", "-t", p.name, "cat >> '"+raw+"'").CombinedOutput(); err != nil {
		t.Fatalf("pipe-pane: %v %s", err, out)
	}
	if err := os.WriteFile(gate, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// screenState is what the pane's last line asks for, read without its
// words (the game's language is any): a question (a list's "> _" or a
// typed line's ":" before the cursor), a pause (a label and the block
// cursor: Enter goes on) or nothing yet.
type screenState int

const (
	notReady screenState = iota
	asking
	paused
)

func readScreen(s string) screenState {
	rows := strings.Split(strings.TrimRight(locale.Unmark(s), "\n "), "\n")
	last := strings.TrimRight(rows[len(rows)-1], " ")
	trimmed := strings.TrimRight(last, " █")
	for _, r := range rows[max(0, len(rows)-3):] {
		// A list's line of what is typed; a hint may stand below it.
		if strings.HasSuffix(strings.TrimRight(r, " "), "> _") {
			return asking
		}
	}
	switch {
	case strings.HasSuffix(trimmed, ":"):
		return asking
	case strings.HasSuffix(last, "█"):
		return paused
	}
	return notReady
}

// playTmux types the lines of a JSON game into the pane (the words
// test's terminal replay: answers as a table types them, help and the
// wrong lines a terminal refuses as JSON did, Enter at every pause) and
// calls look with the screen, scrolled-off lines and wrapped rows joined,
// at each question (when look is not nil).
func playTmux(t *testing.T, p *tmuxPane, lines []wordsLine, answers []referee.Answer, save string, look func(string)) {
	t.Helper()
	// ready presses Enter at pauses until a question waits, the screen
	// the same twice in a row.
	ready := func() {
		t.Helper()
		prev := ""
		deadline := time.Now().Add(20 * time.Second)
		for time.Now().Before(deadline) {
			s := p.screen()
			if s != prev {
				prev = s
				time.Sleep(15 * time.Millisecond)
				continue
			}
			switch readScreen(s) {
			case asking:
				if look != nil {
					look(p.scrolled())
				}
				return
			case paused:
				p.send("Enter")
				prev = ""
			}
			time.Sleep(15 * time.Millisecond)
		}
		t.Fatalf("the terminal never asks a question:\n%s", lastChars(p.history(), 3000))
	}
	// typeKeys types an answer's keys, literal text in one send-keys.
	typeKeys := func(keys []string) {
		var literal strings.Builder
		for _, k := range keys {
			if k == "Enter" {
				if literal.Len() > 0 {
					p.send("-l", literal.String())
					literal.Reset()
				}
				p.send("Enter")
				continue
			}
			literal.WriteString(k)
		}
		if literal.Len() > 0 {
			p.send("-l", literal.String())
		}
	}
	step := 0
	for _, l := range lines {
		q := engineQuestion(l.q)
		switch {
		case l.taken:
			if step >= len(answers) {
				break
			}
			// Keys typed while a prompt takes the terminal into raw mode
			// may be lost: typed again if the save has not taken the
			// answer in 3 s and the question is still asked.
			for try := 1; ; try++ {
				ready()
				typeKeys(answerKeys(q, answers[step].A))
				if saveHolds(save, step+1, 3*time.Second) {
					break
				}
				if try == 3 {
					t.Fatalf("the save never held %d answers:\n%s", step+1, lastChars(p.history(), 3000))
				}
			}
			step++
		case l.line == "?" || l.line == "help":
			ready()
			p.send("-l", "help")
			p.send("Enter")
		case safeInTerminal[l.line]:
			ready()
			if l.line != "" {
				p.send("-l", l.line)
			}
			p.send("Enter")
		}
	}
	// The last answer's hand-back screens, then the end.
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		s := p.screen()
		if strings.Contains(s, "EXIT=") {
			if look != nil {
				look(p.scrolled())
			}
			if !strings.Contains(s, "EXIT=0") {
				t.Fatalf("rumref did not end the game with exit 0:\n%s", lastChars(p.history(), 3000))
			}
			return
		}
		if readScreen(s) == paused {
			p.send("Enter")
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("the terminal game did not end:\n%s", lastChars(p.history(), 3000))
}

// send is one tmux send-keys to the pane.
func (p *tmuxPane) send(keys ...string) {
	p.t.Helper()
	if out, err := p.tmux(append([]string{"send-keys", "-t", p.name}, keys...)...).CombinedOutput(); err != nil {
		p.t.Fatalf("send-keys %q: %v %s", keys, err, out)
	}
}

// scrolled is the screen and the rows scrolled off above it (as many as
// the screen again), wrapped rows joined.
func (p *tmuxPane) scrolled() string {
	out, err := p.tmux("capture-pane", "-p", "-J", "-S", strconv.Itoa(-tmuxRows), "-t", p.name).Output()
	if err != nil {
		p.t.Fatalf("capture-pane: %v", err)
	}
	return string(out)
}

// typedAnswers are the keys playTmux types for the answers of lines (an
// option's number or key, "r5"): a list echoes them key by key ("> r_")
// before it takes them.
func typedAnswers(lines []wordsLine, answers []referee.Answer) []string {
	var out []string
	step := 0
	for _, l := range lines {
		if !l.taken || step >= len(answers) {
			continue
		}
		keys := answerKeys(engineQuestion(l.q), answers[step].A)
		out = append(out, strings.Join(slices.DeleteFunc(keys, func(k string) bool { return k == "Enter" }), ""))
		step++
	}
	return out
}

// TestCatalogTerminalInTmux plays whole random games in the terminal
// front end in a real terminal (tmux, 80 columns), German and English,
// under the catalog check: every byte the terminal was sent, escape
// codes taken out, is scanned for text not from the game's language's
// catalog and for missing keys; and in German, every screen at every
// question is read for a line wider than 80 columns (a line the terminal
// had to break where its edge fell) and for a word cut at a line's end.
func TestCatalogTerminalInTmux(t *testing.T) {
	if testing.Short() {
		t.Skip("whole games in tmux")
	}
	for _, lang := range locale.All {
		for _, g := range tmuxCatalogGames[lang] {
			t.Run(lang.String()+"-"+g.String(), func(t *testing.T) {
				start := time.Now()
				dir := t.TempDir()
				// The terminal's setup questions are not read (a typed
				// line's prompt there has no mark of its own): flags.
				wg := g.wordsGame(lang, false)
				lines, _, _ := playJSON(t, wg, filepath.Join(dir, "json.yaml"))
				f, _, err := games.Read(filepath.Join(dir, "json.yaml"))
				if err != nil {
					t.Fatal(err)
				}
				raw := filepath.Join(dir, "terminal.raw")
				save := filepath.Join(dir, "terminal.yaml")
				args := append(append(append([]string{}, wg.args...), wg.seedFlag()...), "--save", save)
				p := startCatalogTmux(t, wg.env, raw, args...)
				known, err := catalogcheck.CatalogWords(lang, catalogNames...)
				if err != nil {
					t.Fatal(err)
				}
				wide, cut := map[string]bool{}, map[string]bool{}
				screens := 0
				var look func(string)
				if lang == locale.German {
					look = func(s string) {
						screens++
						for _, w := range catalogcheck.WideLines(s, tmuxCols) {
							wide[w] = true
						}
						for _, c := range catalogcheck.CutWords(s, tmuxCols, known) {
							cut[c] = true
						}
					}
				}
				playTmux(t, p, lines, f.Answers, save, look)
				bytes, err := os.ReadFile(raw)
				if err != nil {
					t.Fatal(err)
				}
				// The shell of the pane says EXIT=0 when rumref ends
				// (startCatalogTmux).
				s := catalogScanner().AllowTyped(typedTexts(lines)...).AllowTyped(typedAnswers(lines, f.Answers)...).Allow("EXIT")
				s.Scan(fmt.Sprintf("tmux %s %s", lang, g), catalogcheck.StripANSI(bytes))
				dumpFindings(t, s, lang, "tmux")
				dumpLines(t, lang, "tmux", "wide line", wide)
				dumpLines(t, lang, "tmux", "cut word", cut)
				// Every finding fails the test: no text on the terminal is
				// known to be left outside the catalog, and no German
				// line is known to be too wide.
				t.Run("catalog", func(t *testing.T) {
					s.Report(t, 60)
				})
				if lang != locale.English {
					t.Run("english", func(t *testing.T) {
						es := catalogcheck.New()
						es.ScanEnglish(english(t, lang), fmt.Sprintf("tmux %s %s", lang, g), catalogcheck.StripANSI(bytes))
						es.Report(t, 60)
					})
				}
				if lang == locale.German {
					t.Run("wrap", func(t *testing.T) {
						for w := range wide {
							t.Errorf("a line wider than %d columns: %s", tmuxCols, w)
						}
						for c := range cut {
							t.Errorf("a word cut at a line's end: %s", c)
						}
					})
				}
				n := len(s.Findings())
				t.Logf("%d answers, %d screens read, %d bytes sent to the terminal in %.1f s: %d findings, %d wide lines, %d cut words",
					len(f.Answers), screens, len(bytes), time.Since(start).Seconds(), n, len(wide), len(cut))
			})
		}
	}
}

// saveHolds reports whether the save at path holds n answers or more
// within wait.
func saveHolds(path string, n int, wait time.Duration) bool {
	for deadline := time.Now().Add(wait); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if f, _, err := games.Read(path); err == nil && len(f.Answers) >= n {
			return true
		}
	}
	return false
}
