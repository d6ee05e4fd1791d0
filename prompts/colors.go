package prompts

import "github.com/fatih/color"

// palette colors text for meaning only: whose turn it is, errors, secrets
// and quiet detail such as rule IDs. Every colored piece of text also says
// what it means in words, so nothing is lost without color. The zero
// palette (color off) returns text unchanged.
type palette struct {
	on bool
}

func (p palette) paint(s string, attrs ...color.Attribute) string {
	if !p.on || s == "" {
		return s
	}
	c := color.New(attrs...)
	c.EnableColor() // the caller already decided; ignore the global guess
	return c.Sprint(s)
}

// turn marks whose turn it is (the actor's name).
func (p palette) turn(s string) string { return p.paint(s, color.FgCyan, color.Bold) }

// bad marks an error or a rejected answer.
func (p palette) bad(s string) string { return p.paint(s, color.FgRed, color.Bold) }

// secret marks pass-the-laptop screens and private text.
func (p palette) secret(s string) string { return p.paint(s, color.FgMagenta, color.Bold) }

// quiet marks detail: rule IDs, hints.
func (p palette) quiet(s string) string { return p.paint(s, color.Faint) }

// good marks a confirmation: an answer taken, a game saved.
func (p palette) good(s string) string { return p.paint(s, color.FgGreen) }

// heading marks a section title such as the final status.
func (p palette) heading(s string) string { return p.paint(s, color.Bold) }
