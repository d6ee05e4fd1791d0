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
	"rumref/referee"
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

// The root's long help, which --help prints and the man page's
// DESCRIPTION is made from, states these codes, taken from the constants
// (longArgs): one text in each language for both.

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
	l, err := langOf(args)
	if err != nil {
		fmt.Fprintln(stderr, l.Sprintf("cli.error", err))
		return exitError
	}
	a := &app{stdin: stdin, stdout: stdout, stderr: stderr, lang: l}
	a.stop = &stopper{restore: prompts.SaveTerminal(stdin, stdout), stderr: stderr, lang: l}
	defer a.stop.close()
	defer func() {
		if r := recover(); r != nil {
			a.stop.restore()
			fmt.Fprintln(stderr, l.Sprintf("cli.internal", fmt.Sprint(r)))
			if a.stop.path != "" {
				fmt.Fprintln(stderr, l.Sprintf("cli.internal.saved", prompts.SavedIn(l, a.stop.path)))
			}
			fmt.Fprintf(stderr, "%s\n%s", l.Sprintf("cli.internal.report"), debug.Stack())
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
	err = misspelt(l, root, err)
	var ce *codedError
	if errors.As(err, &ce) {
		if ce.err != nil && ce.err.Error() != "" {
			fmt.Fprintln(stderr, l.Sprintf("cli.error", safetext.CleanLines(referee.ErrorIn(ce.err, l))))
		}
		return ce.code
	}
	fmt.Fprintln(stderr, l.Sprintf("cli.error", safetext.CleanLines(referee.ErrorIn(err, l))))
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
	lang    locale.Lang
	sigs    chan os.Signal // nil until watch
	// setup is set while a new game's setup questions are asked; path
	// and lock once its save exists.
	setup bool
	path  string
	lock  *journal.Lock
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
	l := s.lang
	name := signalName(l, sig)
	switch {
	case s.path != "":
		fmt.Fprintf(s.stderr, "\n%s\n", l.Sprintf("cli.signal.saved", name, prompts.SavedIn(l, s.path)))
		s.lock.Release()
		return exitInterrupted
	case s.setup:
		fmt.Fprintf(s.stderr, "\n%s\n", l.Sprintf("cli.signal.setup", name))
	default:
		fmt.Fprintf(s.stderr, "\n%s\n", l.Sprintf("cli.signal", name))
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

func signalName(l locale.Lang, sig os.Signal) string {
	switch sig {
	case os.Interrupt:
		return l.Sprintf("cli.signal.int")
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGHUP:
		return l.Sprintf("cli.signal.hup")
	}
	return sig.String()
}
