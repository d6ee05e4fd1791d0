//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly || windows)

package prompts

// saveTermios has nothing to save where the console keeps no line
// settings for rumref to restore (the line editor restores its own).
func saveTermios(int) func() { return nil }

// makeRaw cannot change the console here.
func makeRaw(int) func() { return nil }

// termWidth is not known here.
func termWidth(int) int { return 0 }
