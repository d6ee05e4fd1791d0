package cli

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"rumref/games"
	"rumref/internal/catalogcheck"
	"rumref/locale"
)

// TestLangFlagRefusesWhatItDoesNotSpeak: a --lang rumref does not speak is
// a usage error that names the languages it does, in the language of the
// locale variables.
func TestLangFlagRefusesWhatItDoesNotSpeak(t *testing.T) {
	for _, c := range []struct {
		env  string
		args []string
		want string
	}{
		{"LANG=C.UTF-8", []string{"--lang", "fr", "show", "x.yaml"}, `rumref: --lang "fr": rumref speaks de (German) and en (English): use --lang de or --lang en`},
		{"LANG=de_DE.UTF-8", []string{"show", "--lang=klingon", "x.yaml"}, `rumref: --lang "klingon": rumref spricht de (Deutsch) und en (Englisch)`},
	} {
		r := rumrefEnv(t, []string{"LC_ALL=", "LC_MESSAGES=", c.env}, c.args...)
		if r.code != exitError || !strings.HasPrefix(r.stderr, c.want) {
			t.Errorf("%s rumref %s: exit %d, stderr %q; want exit %d and %q", c.env, strings.Join(c.args, " "), r.code, r.stderr, exitError, c.want)
		}
	}
}

// TestSaveDoesNotDependOnTheLanguage: a game started in German and resumed
// in English, then in German again (from LANG), is saved as the same game
// played in English all along: the same setup, answers and state.
func TestSaveDoesNotDependOnTheLanguage(t *testing.T) {
	dir := t.TempDir()
	play := func(save string, sessions [][]string) {
		r := rand.New(rand.NewPCG(24, 24))
		for i, s := range sessions {
			env, args := []string{"LC_ALL=", "LC_MESSAGES=", s[0]}, s[1:]
			if i == 0 {
				args = append(args, "new", "pirates", "--players", "Ann:gold,Bo:violet,Cy:black", "--start", "2", "--seed", "5", "--save", save)
			} else {
				args = append(args, "resume", save)
			}
			d := startDriver(t, env, args...)
			d.playRandom(r, 15)
			if code := d.finish(); code != exitInterrupted {
				t.Fatalf("session %d (%s): exit %d, want %d\n%s", i, strings.Join(s, " "), code, exitInterrupted, d.errs.String())
			}
		}
	}
	mixed, english := filepath.Join(dir, "mixed.yaml"), filepath.Join(dir, "english.yaml")
	play(mixed, [][]string{{"LANG=C", "--lang", "de"}, {"LANG=de_DE.UTF-8", "--lang=en"}, {"LANG=de_DE.UTF-8"}})
	play(english, [][]string{{"LANG=C"}, {"LANG=C"}, {"LANG=C"}})
	a, _, err := games.Read(mixed)
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := games.Read(english)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Answers) != 45 || !slices.Equal(a.Answers, b.Answers) {
		t.Errorf("the answers of the game played in German and English differ from the English one's:\n%v\n%v", a.Answers, b.Answers)
	}
	for _, lang := range []string{"en", "de"} {
		sa, sb := rumref(t, "", "--lang", lang, "show", "--json", mixed), rumref(t, "", "--lang", lang, "show", "--json", english)
		if sa.code != 0 || sa.stdout != sb.stdout {
			t.Errorf("show --lang %s: exit %d; the games differ:\n%s\n%s%s", lang, sa.code, sa.stdout, sb.stdout, sa.stderr)
		}
	}
}

// rumrefEnv runs the binary as rumref does, with env added.
func rumrefEnv(t *testing.T, env []string, args ...string) result {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Env = append(os.Environ(), append([]string{"NO_COLOR=1", "XDG_DATA_HOME=" + t.TempDir()}, env...)...)
	return runCmd(t, cmd)
}

// TestHelpAndManInGerman: --help, the man page and the usage errors of a
// German command line come from the German catalog (under the catalog
// check nothing but the names of commands, flags and values is outside
// its marks), and state the same exit codes as the English ones.
func TestHelpAndManInGerman(t *testing.T) {
	check := []string{"LC_ALL=", "LC_MESSAGES=", "LANG=C", "RUMREF_LOCALE_CHECK=1"}
	s := catalogcheck.New().Allow("rumref", "string", "int", "int64", "uint64", "true", "false", "all", "random", "terminal", "plain", "json",
		"pirates", "runner", "roff", "bash", "zsh", "fish", "powershell", "Rum & Pirates", "Rum Runner", "devel", version(),
		"board cards completion help log man new resume rules saves score show sim forget").
		Tolerate(regexp.MustCompile(`-?-[a-z][a-z-]*`), regexp.MustCompile(`\b[A-Z]{2,}(-[A-Z]+)*\b`),
			regexp.MustCompile(`(?m)^\s+(board|cards|completion|help|log|man|new|resume|rules|saves|score|show|sim)\b`),
			regexp.MustCompile(`(?m)^\.(TH|SH|PP|IP|TP|EX|EE|RS|RE|nh|ad|B|I)\b.*$`), regexp.MustCompile(`\\f[BIRP]`))
	for _, args := range [][]string{{"--help"}, {"help", "show"}, {"sim", "--help"}, {"cards", "forget", "--help"},
		{"completion", "zsh", "--help"}, {"new", "--help"}, {"man"}} {
		r := rumrefEnv(t, check, append([]string{"--lang", "de"}, args...)...)
		if r.code != 0 {
			t.Fatalf("rumref --lang de %s: exit %d\n%s", strings.Join(args, " "), r.code, r.stderr)
		}
		s.Scan("rumref --lang de "+strings.Join(args, " "), r.stdout)
	}
	for _, args := range [][]string{{"show"}, {"show", "a", "b"}, {"neu"}, {"sim", "pirates", "--games", "x"}, {"show", "--bogus"}, {"new", "chess"}, {"help", "bogus"}} {
		r := rumrefEnv(t, check, append([]string{"--lang", "de"}, args...)...)
		if r.code != exitError {
			t.Errorf("rumref --lang de %s: exit %d, want %d", strings.Join(args, " "), r.code, exitError)
		}
		s.Scan("rumref --lang de "+strings.Join(args, " "), r.stderr)
	}
	s.Report(t, 20)
	help := rumrefEnv(t, []string{"LC_ALL=", "LC_MESSAGES=", "LANG=de_DE.UTF-8"}, "--help").stdout
	man := rumrefEnv(t, []string{"LC_ALL=de_DE.UTF-8"}, "man").stdout
	for code, words := range map[int]string{
		exitOK:          "der Befehl ist fertig",
		exitError:       "ein Fehler: eine abgelehnte Datei",
		exitInterrupted: "das Spiel hat vor seinem Ende angehalten",
		exitStopped:     "angehalten, bevor ein Spiel gespeichert war",
		exitInternal:    "ein interner Fehler",
	} {
		if line := fmt.Sprintf("- %d: %s", code, words); !strings.Contains(help, line) || !strings.Contains(man, fmt.Sprintf("%d: %s", code, words)) {
			t.Errorf("rumref --help or man in German does not say %q:\n%s", line, help)
		}
	}
	if c := rumrefEnv(t, nil, "--lang", "de", "__complete", "").stdout; !strings.Contains(c, "help\tHilfe zu jedem Befehl") || !strings.Contains(c, "show\tSpielplan und") {
		t.Errorf("the shell's completion of rumref's first word in German:\n%s", c)
	}
	if !strings.Contains(man, ".SH BESCHREIBUNG") || !strings.Contains(man, `\fBrumref show DATEI [Optionen]\fP`) {
		t.Errorf("the German man page lacks its headings or usage lines:\n%.1500s", man)
	}
}

// TestNewGameSaysItsSetupInItsLanguage: what a new game says was set up
// (how to lay the board out, its picture's key, who begins), and what
// a resumed one says to set the box up again, is in the laptop's
// language; English as it was.
func TestNewGameSaysItsSetupInItsLanguage(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		lang      string
		want, not []string
	}{
		{"de", []string{"Lege die neun Spielplanteile", "Oben links:", "Ann beginnt und nimmt das Startspielerplättchen", "Ann spielt die Krone"},
			[]string{"Lay the nine", "Top left:", "starts and takes", "plays the crown"}},
		{"en", []string{"Lay the nine board sections", "Top left:", "Ann starts and takes the start-player tile", "Ann plays the crown"},
			[]string{"Lege", "beginnt", "Krone"}},
	} {
		save := filepath.Join(dir, c.lang+".yaml")
		var out strings.Builder
		for _, args := range [][]string{
			{"new", "pirates", "--players", "Ann:gold,Bo:violet", "--start", "Ann", "--layout", "random", "--seed", "3", "--save", save},
			{"resume", save},
			{"new", "runner", "--crown", "Ann", "--pirate", "Bo", "--save", filepath.Join(dir, c.lang+"-runner.yaml")},
		} {
			r := rumrefEnv(t, nil, append([]string{"--lang", c.lang, "--io", "plain", "--no-color"}, args...)...)
			out.WriteString(r.stdout + r.stderr)
		}
		s := out.String()
		for _, w := range c.want {
			if n := strings.Count(s, w); n == 0 || w == "Lay the nine board sections" && n != 2 || w == "Lege die neun Spielplanteile" && n != 2 {
				t.Errorf("%s: %q said %d times (new and resume):\n%s", c.lang, w, n, lastChars(s, 3000))
			}
		}
		for _, w := range c.not {
			if strings.Contains(s, w) {
				t.Errorf("%s: says %q:\n%s", c.lang, w, lastChars(s, 3000))
			}
		}
	}
}

// TestCommandsInGermanSpeakGerman: what show, log, score, saves, rules,
// resume and sim say of a German player's games, under the catalog check,
// holds no text outside the catalog and no catalog text in English (a
// message rendered for the wrong reader: score named the games it scores
// as "Rum & Pirates").
func TestCommandsInGermanSpeakGerman(t *testing.T) {
	dir := t.TempDir()
	env := []string{"RUMREF_LOCALE_CHECK=1", "LC_ALL=de_DE.UTF-8", "XDG_DATA_HOME=" + dir}
	pirates, runner := filepath.Join(dir, "pirates.yaml"), filepath.Join(dir, "runner.yaml")
	for _, args := range [][]string{
		{"new", "pirates", "--players", "Ann:gold,Bo:violet", "--start", "Ann", "--layout", "random", "--seed", "3", "--save", pirates},
		{"new", "runner", "--crown", "Ann", "--pirate", "Bo", "--save", runner},
	} {
		cmd := exec.Command(binary, append([]string{"--lang", "de", "--io", "plain", "--no-color"}, args...)...)
		cmd.Stdin = strings.NewReader(strings.Repeat("1\n", 80))
		cmd.Env = append(os.Environ(), env...)
		if r := runCmd(t, cmd); r.code != exitInterrupted {
			t.Fatalf("%s: exit %d\n%s", strings.Join(args, " "), r.code, lastChars(r.stdout+r.stderr, 2000))
		}
	}
	// A save in the data directory that cannot be opened: saves says why.
	if err := os.MkdirAll(filepath.Join(dir, "rumref", "saves"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "rumref", "saves", "broken.yaml"), []byte("game: pirates\nanswers: [\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// saves lists each save with the command line that opens it, the same
	// in every language.
	resumeLine := regexp.MustCompile(`(?m)^  rumref resume `)
	s := catalogcheck.New().Allow(catalogNames...).Tolerate(catalogcheck.RuleID, catalogcheck.OptionKey, tempPath, resumeLine)
	es := catalogcheck.New()
	for _, args := range [][]string{{"show", pirates}, {"log", pirates}, {"score", pirates}, {"show", runner}, {"log", runner}, {"score", runner},
		{"saves"}, {"rules"}, {"rules", "kneipe"}, {"rules", "rr.raid"}, {"resume", pirates}, {"resume", runner},
		{"show", filepath.Join(dir, "none.yaml")}, {"show", filepath.Join(dir, "rumref", "saves", "broken.yaml")},
		{"new", "chess"}, {"sim", "runner", "--players", "3"}} {
		r := rumrefEnv(t, env, append([]string{"--lang", "de", "--io", "plain", "--no-color"}, args...)...)
		where := "rumref --lang de " + strings.Join(args, " ")
		s.Scan(where, r.stdout+r.stderr)
		es.ScanEnglish(english(t, locale.German), where, r.stdout+r.stderr)
	}
	// score asking for the tiles, typed wrong (a word for a number, a
	// value no tile has): its refusals in German too.
	cmd := exec.Command(binary, "--lang", "de", "--io", "plain", "--no-color", "score")
	cmd.Stdin = strings.NewReader("2\nAnn\nAnn\n1\n\nx\n")
	cmd.Env = append(os.Environ(), env...)
	r := runCmd(t, cmd)
	s.Scan("rumref --lang de score (typed)", r.stdout+r.stderr)
	es.ScanEnglish(english(t, locale.German), "rumref --lang de score (typed)", r.stdout+r.stderr)
	// The refusals name the field by what it asked, not by the sheet's
	// field name.
	if out := locale.Unmark(r.stdout); !strings.Contains(out, `Spieler "Ann": Kneipen: 1 ist kein Wert`) || strings.Contains(out, "pubs") {
		t.Errorf("rumref --lang de score (typed) names the field pubs:\n%s", out)
	}
	// sim's report counts in the language ("1 Spiel", "1 game") and writes
	// its seconds as the language writes a decimal number.
	for lang, want := range map[string]*regexp.Regexp{
		"de": regexp.MustCompile(`^pirates: 1 Spiel, \d+ Antworten, 0 gescheitert, in \d+,\d\d s \(\d+ Spiele/s\)\n$`),
		"en": regexp.MustCompile(`^pirates: 1 game, \d+ answers, 0 failures in \d+\.\d\ds \(\d+ games/s\)\n$`),
	} {
		if r := rumrefEnv(t, nil, "--lang", lang, "sim", "pirates", "--games", "1", "--players", "2"); r.code != 0 || !want.MatchString(r.stdout) {
			t.Errorf("rumref --lang %s sim pirates --games 1: exit %d, %q%s", lang, r.code, r.stdout, r.stderr)
		}
	}
	s.Report(t, 40)
	es.Report(t, 40)
}
