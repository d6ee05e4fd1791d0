package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"rumref/internal/catalogcheck"
	"rumref/internal/randplay"
	"rumref/locale"
	"rumref/referee"
)

// The catalog-miss detector on the laptop's front ends (issue 24): whole
// random games in German and in English, both games, every player count,
// played by the binary under the catalog check (RUMREF_LOCALE_CHECK=1:
// every catalog message comes wrapped in U+2068…U+2069, a missing key as
// ⟦MISSING key⟧); everything a viewer reads is scanned
// (internal/catalogcheck) for text that did not come from the catalog of
// the game's language and for missing keys.

// catalogGame is one game of the catalog tests.
type catalogGame struct {
	game    string
	players int
	seed    uint64
}

// catalogGames are the games each laptop front end plays in each
// language: Rum & Pirates with 2 to 5 players, Rum Runner.
var catalogGames = []catalogGame{{"pirates", 2, 11}, {"pirates", 3, 12}, {"pirates", 4, 13}, {"pirates", 5, 14}, {"runner", 2, 15}}

var catalogNames = []string{"Ann", "Bo", "Cy", "Di", "Ed"}
var catalogColors = []string{"gold", "violet", "black", "silver", "blue"}

func (g catalogGame) String() string { return fmt.Sprintf("%s-%d", g.game, g.players) }

// args are the command line of the game in lang: the setup answers are
// flags, but Rum Runner's pirate player's name is asked with ask.
func (g catalogGame) args(lang locale.Lang, ask bool) []string {
	args := langArgs(lang)
	if g.game == "runner" && ask {
		return append(args, "new", "runner", "--crown", "Ann")
	}
	if g.game == "runner" {
		return append(args, "new", "runner", "--crown", "Ann", "--pirate", "Bo")
	}
	var ps []string
	for i := range g.players {
		ps = append(ps, catalogNames[i]+":"+catalogColors[i])
	}
	return append(args, "new", "pirates", "--players", strings.Join(ps, ","), "--start", "Ann", "--layout", "random")
}

// wordsGame is the game as the words test plays it (its driver types
// wrong lines and asks for help now and then), under the catalog check;
// ask as for args.
func (g catalogGame) wordsGame(lang locale.Lang, ask bool) wordsGame {
	game := randplay.Pirates
	if g.game == "runner" {
		game = randplay.Runner
	}
	policy := func(p *randplay.Player, q *referee.Question) string {
		if q.Kind == referee.TextLine && q.Example == "" {
			return "Bo" // the pirate player's name
		}
		return game(p, q)
	}
	return wordsGame{name: g.game, args: g.args(lang, ask), policy: policy, seed: g.seed, env: catalogEnv(lang)}
}

// catalogEnv is the environment of a game under the catalog check in
// lang: the locale variables say lang too, for a binary without --lang.
func catalogEnv(lang locale.Lang) []string {
	lc := "C"
	if lang == locale.German {
		lc = "de_DE.UTF-8"
	}
	return []string{"RUMREF_LOCALE_CHECK=1", "LC_ALL=" + lc, "LANGUAGE="}
}

var hasLangFlag = sync.OnceValue(func() bool {
	out, _ := exec.Command(binary, "--help").CombinedOutput()
	return strings.Contains(string(out), "--lang")
})

// langArgs chooses the language on the command line, where the binary
// has --lang.
func langArgs(lang locale.Lang) []string {
	if hasLangFlag() {
		return []string{"--lang", lang.String()}
	}
	return nil
}

// typedTexts are the lines a game's player typed at its text questions
// (a pirate player's name, a typed-in card's name): user content, shown
// as typed.
func typedTexts(lines []wordsLine) []string {
	var out []string
	for _, l := range lines {
		if l.q.Kind == "text" {
			out = append(out, l.line)
		}
	}
	return out
}

// tempPath matches a file's path in the tests' temporary directory (a
// save, the data directory): a path the test chose, no language.
var tempPath = regexp.MustCompile(regexp.QuoteMeta(os.TempDir()) + `/[^\s\x{2068}\x{2069}]*`)

// catalogScanner is a scanner that allows what the tests' players are
// called and what they type (a terminal shows it as typed), and the
// rule IDs, addresses and option keys the front ends show (no
// language).
func catalogScanner() *catalogcheck.Scanner {
	s := catalogcheck.New().Allow(catalogNames...).Tolerate(catalogcheck.RuleID, catalogcheck.URL, catalogcheck.OptionKey, tempPath)
	// The random player's wrong lines and commands: echoed by the
	// terminal as typed, key by key, and quoted back inside a refusal's
	// marks.
	return s.AllowTyped(wrongLines...).AllowTyped("help")
}

// plainKeys matches the option keys plain mode lists in English before
// their labels, for the player to type ("  7) board  ‹Go on board ...›"):
// the keys of the JSON protocol's options (docs/protocol.md), the same in
// every language, shown in English only (another language lists an
// option by its label alone). They are the keys of the options of the
// questions in objs, where plain mode lists them.
func plainKeys(objs []map[string]any) *regexp.Regexp {
	seen := map[string]bool{}
	var keys []string
	for _, obj := range objs {
		opts, _ := obj["options"].([]any)
		for _, o := range opts {
			m, _ := o.(map[string]any)
			if k, _ := m["key"].(string); k != "" && !seen[k] {
				seen[k] = true
				keys = append(keys, regexp.QuoteMeta(k))
			}
		}
	}
	if len(keys) == 0 {
		return regexp.MustCompile(`$^`)
	}
	sort.Strings(keys)
	return regexp.MustCompile(`(?m)^  [0-9]+\) (?:` + strings.Join(keys, "|") + `)(?: |$)`)
}

// dumpFindings appends the scanner's findings to the file
// $RUMREF_CATALOG_FINDINGS names (catalogcheck.Dump).
func dumpFindings(t *testing.T, s *catalogcheck.Scanner, lang locale.Lang, frontEnd string) {
	t.Helper()
	if err := catalogcheck.Dump(s, lang, frontEnd); err != nil {
		t.Logf("findings file: %v", err)
	}
}

// TestCatalogPlainAndJSON plays each catalog game in each language
// through the JSON Lines protocol (the words test's driver: random legal
// answers, wrong lines, help), then types the same lines in plain mode,
// and scans every text field of every JSON object and every line plain
// mode wrote, standard error too; in German, every message inside the
// marks too, for one in English (catalogcheck.English).
func TestCatalogPlainAndJSON(t *testing.T) {
	if testing.Short() {
		t.Skip("whole games")
	}
	for _, lang := range locale.All {
		for _, g := range catalogGames {
			t.Run(lang.String()+"-"+g.String(), func(t *testing.T) {
				dir := t.TempDir()
				wg := g.wordsGame(lang, true)
				lines, _, objs := playJSON(t, wg, filepath.Join(dir, "json.yaml"))
				js := catalogScanner().AllowTyped(typedTexts(lines)...)
				for i, obj := range objs {
					js.ScanJSON(fmt.Sprintf("json %s %s object %d %s", lang, g, i+1, obj["type"]), obj)
				}
				var typed strings.Builder
				for _, l := range lines {
					typed.WriteString(l.line + "\n")
				}
				args := append(append(append([]string{}, wg.args...), wg.seedFlag()...), "--io", "plain", "--no-color", "--save", filepath.Join(dir, "plain.yaml"))
				cmd := exec.Command(binary, args...)
				cmd.Stdin = strings.NewReader(typed.String())
				cmd.Env = append(os.Environ(), append([]string{"NO_COLOR=1", "XDG_DATA_HOME=" + t.TempDir()}, wg.env...)...)
				res := runCmd(t, cmd)
				if res.code != 0 {
					t.Fatalf("plain mode exits %d:\n%s", res.code, lastChars(res.stdout+res.stderr, 3000))
				}
				ps := catalogScanner().AllowTyped(typedTexts(lines)...)
				if lang == locale.English {
					ps.Tolerate(plainKeys(objs))
				}
				ps.Scan(fmt.Sprintf("plain %s %s stdout", lang, g), res.stdout)
				ps.Scan(fmt.Sprintf("plain %s %s stderr", lang, g), res.stderr)
				dumpFindings(t, js, lang, "json")
				dumpFindings(t, ps, lang, "plain")
				t.Logf("%d lines typed, %d JSON objects, %d bytes of plain output", len(lines), len(objs), len(res.stdout)+len(res.stderr))
				for _, fe := range []struct {
					name string
					s    *catalogcheck.Scanner
				}{{"json", js}, {"plain", ps}} {
					// Every finding fails the test: no text is known to be
					// left outside the catalog.
					t.Run(fe.name, func(t *testing.T) {
						fe.s.Report(t, 40)
					})
				}
				if lang != locale.English {
					// Inside the marks: no message in English (one
					// rendered for the wrong reader), on either front end.
					t.Run("english", func(t *testing.T) {
						s := catalogcheck.New()
						for i, obj := range objs {
							catalogcheck.EachString(obj, func(text string) {
								s.ScanEnglish(english(t, lang), fmt.Sprintf("json %s %s object %d %s", lang, g, i+1, obj["type"]), text)
							})
						}
						s.ScanEnglish(english(t, lang), fmt.Sprintf("plain %s %s stdout", lang, g), res.stdout)
						s.ScanEnglish(english(t, lang), fmt.Sprintf("plain %s %s stderr", lang, g), res.stderr)
						s.Report(t, 40)
					})
				}
			})
		}
	}
}

// englishFinders are the English texts the catalog tests look for in
// each other language (catalogcheck.NewEnglish), made once.
var englishFinders sync.Map

// english is the finder of English texts for a game in lang.
func english(t *testing.T, lang locale.Lang) *catalogcheck.English {
	t.Helper()
	if e, ok := englishFinders.Load(lang); ok {
		return e.(*catalogcheck.English)
	}
	e, err := catalogcheck.NewEnglish(lang)
	if err != nil {
		t.Fatal(err)
	}
	englishFinders.Store(lang, e)
	return e
}

// dumpLines appends the wrapping check's findings to the findings file
// (catalogcheck.DumpLines).
func dumpLines(t *testing.T, lang locale.Lang, frontEnd, kind string, lines map[string]bool) {
	t.Helper()
	if err := catalogcheck.DumpLines(lang, frontEnd, kind, lines); err != nil {
		t.Logf("findings file: %v", err)
	}
}
