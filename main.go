// Command rumref is a table-side referee and rules assistant for two
// pirate board games played with the real boxes: Rum & Pirates and Rum
// Runner. Players roll their own dice and draw their own tiles and cards,
// then tell rumref what happened; rumref knows the rules and the state,
// offers only legal choices, saves after every answer and scores the end.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// version is the rumref version printed by --version.
const version = "0.1.0"

// Exit codes.
const (
	exitOK          = 0
	exitError       = 1
	exitInterrupted = 2
)

// codedError carries an exit code with an error.
type codedError struct {
	code int
	err  error
}

// Error returns the wrapped error's message.
func (e *codedError) Error() string { return e.err.Error() }

// Unwrap returns the wrapped error.
func (e *codedError) Unwrap() error { return e.err }

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run executes one rumref command line and returns the exit code.
func run(args []string, stdin *os.File, stdout, stderr io.Writer) int {
	a := &app{stdin: stdin, stdout: stdout, stderr: stderr}
	root := newRootCmd(a)
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.Execute()
	if err == nil {
		return exitOK
	}
	var ce *codedError
	if errors.As(err, &ce) {
		if ce.err != nil && ce.err.Error() != "" {
			fmt.Fprintln(stderr, "rumref:", ce.err)
		}
		return ce.code
	}
	fmt.Fprintln(stderr, "rumref:", err)
	return exitError
}
