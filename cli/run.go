// Package cli is rumref's command line: one file per command, named like
// it (new.go, resume.go, saves.go, show.go, log.go, board.go, score.go, rules.go,
// sim.go, man.go), the root command and its flags (root.go, flags.go,
// web.go for --web), the play loop shared by new and resume (play.go, its
// play clock clock.go), and here the run of one command line: exit codes,
// signals, the last-resort recovery.
package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"sync"
	"syscall"

	"rumref/journal"
	"rumref/locale"
	"rumref/prompts"
	"rumref/safetext"
)

// Exit codes (the README lists them).
const (
	exitOK    = 0
	exitError = 1
	// exitInterrupted: the game stopped before its end (quit, input
	// ended, a signal) and is saved: rumref resume continues it.
	exitInterrupted = 2
	// exitStopped: stopped before a game was saved (during setup, or a
	// command stopped by a signal); there is nothing to resume.
	exitStopped = 3
	// exitInternal: rumref itself failed (a bug); the last save is intact.
	exitInternal = 4
)

// exitStatusHelp lists the exit codes in the root's long help, which
// --help prints and the man page's DESCRIPTION is made from: one text for
// both, with the numbers taken from the constants above.
var exitStatusHelp = fmt.Sprintf(`Exit status:

- %d: the command finished (for a game: the game is over).
- %d: an error: a refused file, flag or setup; the message says what is allowed.
- %d: the game stopped before its end (quit, the input ended, Ctrl-C, SIGTERM,
  SIGHUP); it is saved, and the message says how to resume it.
- %d: stopped before a game was saved (during the setup questions, or a command
  that plays or asks stopped by a signal); there is nothing to resume.
- %d: an internal error (a bug in rumref); the message says so and where the
  game is saved; the last save is intact.`,
	exitOK, exitError, exitInterrupted, exitStopped, exitInternal)

// codedError carries an exit code with an error.
type codedError struct {
	code int
	err  error
}

// Error returns the wrapped error's message.
func (e *codedError) Error() string { return e.err.Error() }

// Unwrap returns the wrapped error.
func (e *codedError) Unwrap() error { return e.err }

// Main runs rumref with the process's arguments and exits with its code.
func Main() {
	// A crash the runtime cannot recover from (out of memory, a deadlock)
	// would exit 2, which means "saved, resumable": make it abort instead
	// (SIGABRT, exit status 134 in a shell), without a core file that
	// could hold the game's secrets.
	debug.SetTraceback("crash")
	noCoreFiles()
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run executes one rumref command line and returns the exit code.
func run(args []string, stdin *os.File, stdout, stderr io.Writer) (code int) {
	lang, err := langOf(args)
	if err != nil {
		fmt.Fprintln(stderr, "rumref:", err)
		return exitError
	}
	a := &app{stdin: stdin, stdout: stdout, stderr: stderr, lang: lang}
	a.stop = newStopper(prompts.SaveTerminal(stdin, stdout), stderr)
	defer a.stop.close()
	defer func() {
		if r := recover(); r != nil {
			a.stop.restore()
			fmt.Fprintf(stderr, "rumref: internal error (a bug in rumref): %v\n", r)
			if a.stop.path != "" {
				fmt.Fprintf(stderr, "The game is saved up to the last answer. %s\n", prompts.SavedIn(a.lang, a.stop.path))
			}
			fmt.Fprintf(stderr, "Please report it with these details:\n%s", debug.Stack())
			code = exitInternal
		}
	}()
	root := newRootCmd(a, args)
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err = root.Execute()
	if err == nil {
		return exitOK
	}
	err = misspelt(root, err)
	var ce *codedError
	if errors.As(err, &ce) {
		if ce.err != nil && ce.err.Error() != "" {
			fmt.Fprintln(stderr, "rumref:", safetext.CleanLines(errText(a.lang, ce.err)))
		}
		return ce.code
	}
	fmt.Fprintln(stderr, "rumref:", safetext.CleanLines(errText(a.lang, err)))
	return exitError
}

// stopper handles SIGINT, SIGTERM and SIGHUP for the whole run of a
// command (watch, called before the command runs): it waits for a save in
// progress to finish, puts the terminal back as it was (echo on, cursor
// shown), says what happened and exits: 2 when a game is saved (and how
// to resume it), 3 before one is. --version and --help, answered while
// the command line is parsed, print one line or one page and leave the
// signals to their defaults: a signal handler costs a start a thread (the
// runtime's signal mask goroutine locks one), about 0.5 ms here, a quarter
// of what --version took beyond a hello-world program.
type stopper struct {
	// mu is held while a save is written, so that a signal never stops
	// rumref in the middle of one.
	mu      sync.Mutex
	restore func()
	stderr  io.Writer
	sigs    chan os.Signal // nil until watch
	// setup is set while a new game's setup questions are asked; path
	// and lock once its save exists.
	setup bool
	path  string
	lock  *journal.Lock
}

func newStopper(restore func(), stderr io.Writer) *stopper {
	return &stopper{restore: restore, stderr: stderr}
}

// watch starts handling the signals; a second call does nothing.
func (s *stopper) watch() {
	if s.sigs != nil {
		return
	}
	s.sigs = make(chan os.Signal, 1)
	signal.Notify(s.sigs, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	go func(sigs chan os.Signal) {
		if sig, ok := <-sigs; ok {
			os.Exit(s.handle(sig))
		}
	}(s.sigs)
}

// handle puts the terminal back and says what a signal stopped; it
// returns the exit code, holding the save lock so no save starts.
func (s *stopper) handle(sig os.Signal) int {
	s.mu.Lock()
	s.restore()
	name := signalName(sig)
	switch {
	case s.path != "":
		fmt.Fprintf(s.stderr, "\nrumref: stopped by %s. %s\n", name, prompts.SavedIn(locale.English, s.path))
		s.lock.Release()
		return exitInterrupted
	case s.setup:
		fmt.Fprintf(s.stderr, "\nrumref: stopped by %s during the setup questions, before the game started: nothing was saved\n", name)
	default:
		fmt.Fprintf(s.stderr, "\nrumref: stopped by %s\n", name)
	}
	return exitStopped
}

// close stops handling signals.
func (s *stopper) close() {
	if s.sigs == nil {
		return
	}
	signal.Stop(s.sigs)
	close(s.sigs)
}

func signalName(sig os.Signal) string {
	switch sig {
	case os.Interrupt:
		return "SIGINT (Ctrl-C)"
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGHUP:
		return "SIGHUP (the terminal closed)"
	}
	return sig.String()
}
