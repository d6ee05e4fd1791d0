package cli

import (
	"debug/buildinfo"
	"fmt"
	"os"
	"runtime/debug"
	"strings"
	"testing"
)

// TestSignalsHandledWhereAGameIsPlayed: the commands that play, ask or
// write a save handle the signals (exit code 3, or 2 with a saved game, and
// the terminal put back); the ones that only read and print leave them to
// their defaults.
func TestSignalsHandledWhereAGameIsPlayed(t *testing.T) {
	a := &app{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr}
	root := newRootCmd(a, nil)
	want := map[string]bool{"new": true, "resume": true, "score": true, "rules": true, "sim": true, "cards": true,
		"show": false, "saves": false, "log": false, "board": false, "man": false}
	for _, cmd := range root.Commands() {
		handled, ok := want[cmd.Name()]
		if !ok {
			t.Errorf("command %s: not in the test's list", cmd.Name())
			continue
		}
		delete(want, cmd.Name())
		if got := cmd.Annotations[signalsAnnotation] != signalsDefault; got != handled {
			t.Errorf("command %s: signals handled %v, want %v", cmd.Name(), got, handled)
		}
	}
	for name := range want {
		t.Errorf("command %s: not in the command tree", name)
	}
}

// TestHelpAndCompletionStay: the command tree is built whole only for the
// command lines that need it (newRootCmd), so the root's help, cobra's
// help and completion commands, the completion requests, the man page and
// a misspelt command's suggestion still see every command, and a command
// named first still has its own help.
func TestHelpAndCompletionStay(t *testing.T) {
	commands := []string{"board", "completion", "help", "log", "man", "new", "resume", "rules", "score", "show", "sim"}
	r := rumref(t, "", "--help")
	for _, c := range commands {
		if !strings.Contains(r.stdout, "\n  "+c+" ") {
			t.Errorf("rumref --help does not list %s:\n%s", c, r.stdout)
		}
	}
	r = rumref(t, "", "help", "show")
	if r.code != 0 || !strings.Contains(r.stdout, "Usage:\n  rumref show FILE [flags]") || !strings.Contains(r.stdout, "Global Flags:") {
		t.Errorf("rumref help show: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if s := rumref(t, "", "show", "--help"); s.stdout != r.stdout {
		t.Errorf("rumref show --help is not rumref help show:\n%s\nwant\n%s", s.stdout, r.stdout)
	}
	r = rumref(t, "", "completion", "bash")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "# bash completion V2 for rumref") || !strings.Contains(r.stdout, "__complete") {
		t.Errorf("rumref completion bash: exit %d\n%.300s%s", r.code, r.stdout, r.stderr)
	}
	r = rumref(t, "", "__complete", "")
	for _, c := range commands {
		if c != "help" && !strings.Contains(r.stdout, "\n"+c+"\t") && !strings.HasPrefix(r.stdout, c+"\t") {
			t.Errorf("the completion of rumref's first word does not offer %s:\n%s", c, r.stdout)
		}
	}
	if r = rumref(t, "", "__complete", "show", "--i"); !strings.Contains(r.stdout, "--io\t") {
		t.Errorf("the completion of rumref show --i does not offer --io:\n%s", r.stdout)
	}
	if r = rumref(t, "", "man"); !strings.Contains(r.stdout, `.TH "RUMREF-COMPLETION" "1"`) || !strings.Contains(r.stdout, `.TH "RUMREF-SHOW" "1"`) || !strings.Contains(r.stdout, `\fBrumref show FILE [flags]\fP`) {
		t.Errorf("rumref man does not describe every command:\n%.2000s", r.stdout)
	}
	if r = rumref(t, "", "sho", "x.yaml"); r.code != exitError || !strings.Contains(r.stderr, "show") {
		t.Errorf("rumref sho x.yaml: exit %d, no suggestion of show:\n%s", r.code, r.stderr)
	}
	info, err := buildinfo.ReadFile(binary)
	if err != nil {
		t.Fatal(err)
	}
	if r = rumref(t, "", "--version"); r.code != 0 || r.stdout != "rumref version "+versionOf(info)+"\n" {
		t.Errorf("rumref --version: exit %d %q, want the version in the binary's build information, %q", r.code, r.stdout, versionOf(info))
	}
}

// TestExitCodesInHelpAndMan: rumref --help and rumref man state every
// exit code run returns, in the same words (the root's long help).
func TestExitCodesInHelpAndMan(t *testing.T) {
	help := rumref(t, "", "--help").stdout
	man := rumref(t, "", "man").stdout
	for code, words := range map[int]string{
		exitOK:          "the command finished",
		exitError:       "an error: a refused file",
		exitInterrupted: "the game stopped before its end",
		exitStopped:     "stopped before a game was saved",
		exitInternal:    "an internal error",
	} {
		line := fmt.Sprintf("- %d: %s", code, words)
		if !strings.Contains(help, line) {
			t.Errorf("rumref --help does not say %q:\n%s", line, help)
		}
		if !strings.Contains(man, fmt.Sprintf("%d: %s", code, words)) {
			t.Errorf("rumref man does not say %q", line)
		}
	}
	if strings.Count(man, "Exit status") != 1 || strings.Contains(man, "EXIT STATUS") {
		t.Errorf("rumref man states the exit codes other than once, from the root's help:\n%s", man)
	}
}

// TestVersionOf: the version is the module's (a release or the
// pseudo-version go build stamps from a checkout), else the VCS revision,
// else devel.
func TestVersionOf(t *testing.T) {
	vcs := []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: "c011fd881d9a34cf"},
		{Key: "vcs.time", Value: "2026-12-01T21:34:46Z"}, {Key: "vcs.modified", Value: "true"}}
	for _, c := range []struct {
		info *debug.BuildInfo
		want string
	}{
		{nil, "devel"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "devel"},
		{&debug.BuildInfo{Main: debug.Module{Version: "v1.2.0"}, Settings: vcs}, "v1.2.0"},
		{&debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261201213446-c011fd881d9a+dirty"}}, "v0.0.0-20261201213446-c011fd881d9a+dirty"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs}, "devel c011fd881d9a34cf 2026-12-01T21:34:46Z (modified)"},
	} {
		if got := versionOf(c.info); got != c.want {
			t.Errorf("versionOf(%+v) = %q, want %q", c.info, got, c.want)
		}
	}
}

// TestGamesNamedFromTheRegistry: the usage lines and messages of new and
// sim that name every game are made from games.All, and read as they did
// when they were written by hand.
func TestGamesNamedFromTheRegistry(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"new"}, "name the game to start: rumref new pirates (Rum & Pirates) or rumref new runner (Rum Runner)"},
		{[]string{"new", "chess"}, "name the game to start: rumref new pirates (Rum & Pirates) or rumref new runner (Rum Runner)"},
		{[]string{"sim", "pirates", "--players", "7"}, "--players 7: Rum & Pirates takes 2 to 5 players; Rum Runner always has 2 (leave --players out)"},
		{[]string{"sim", "runner", "--players", "2"}, "--players 2: Rum & Pirates takes 2 to 5 players; Rum Runner always has 2 (leave --players out)"},
	} {
		var out, errOut strings.Builder
		if code := run(c.args, nil, &out, &errOut); code == 0 || !strings.Contains(errOut.String(), c.want) {
			t.Errorf("rumref %s: exit %d, stderr %q; want an error with %q", strings.Join(c.args, " "), code, errOut.String(), c.want)
		}
	}
	a := &app{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr}
	for _, cmd := range newRootCmd(a, nil).Commands() {
		if want, ok := map[string]string{"new": "new pirates|runner", "sim": "sim pirates|runner"}[cmd.Name()]; ok && cmd.Use != want {
			t.Errorf("usage %q, want %q", cmd.Use, want)
		}
	}
}

// TestMisspeltCommandReadsAsWords: a misspelt command is answered in a
// sentence that names the command meant, not with cobra's tab-indented
// list (which the error's cleaning printed as a literal \t).
func TestMisspeltCommandReadsAsWords(t *testing.T) {
	for args, want := range map[string]string{
		"neu pirates": `rumref: there is no command "neu"; did you mean rumref new? (rumref --help lists the commands)` + "\n",
		"xyzzy":       `rumref: there is no command "xyzzy" (rumref --help lists the commands)` + "\n",
	} {
		var out, errOut strings.Builder
		if code := run(strings.Fields(args), nil, &out, &errOut); code != exitError || errOut.String() != want {
			t.Errorf("rumref %s: exit %d, stderr %q; want %q", args, code, errOut.String(), want)
		}
	}
}
