package catalogcheck

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"

	"github.com/rivo/uniseg"

	"rumref/locale"
)

// Width is how many columns a line of a terminal takes: the catalog's
// marks take none.
func Width(line string) int { return uniseg.StringWidth(locale.Unmark(line)) }

// WideLines lists the lines of screen wider than width columns. Read
// from tmux with capture-pane -J (a row the terminal wrapped is joined
// to the next), a line wider than the terminal is one rumref wrote too
// long, which the terminal broke wherever its edge fell, in the middle
// of a word. A line that is an address alone is not one: a link is
// printed whole so that the terminal can open it (the play logger's
// link is 600 characters long).
func WideLines(screen string, width int) []string {
	var out []string
	for _, l := range strings.Split(screen, "\n") {
		if u := strings.TrimSpace(locale.Unmark(l)); URL.FindString(u) == u && u != "" {
			continue
		}
		if w := Width(l); w > width {
			out = append(out, fmt.Sprintf("%d columns: %s", w, Show(l)))
		}
	}
	return out
}

// CutWords lists the places of screen where a line ends inside a word:
// the letters that end a line and the letters that begin the next make
// a word of known, and the two pieces are not both words of it. Only a
// line at least half as wide as width is looked at (a short line ends
// where its text ends), and not one that ends in a path or an address.
func CutWords(screen string, width int, known map[string]bool) []string {
	lines := strings.Split(screen, "\n")
	var out []string
	for i := 0; i+1 < len(lines); i++ {
		a, b := strings.TrimRight(locale.Unmark(lines[i]), " "), strings.TrimLeft(locale.Unmark(lines[i+1]), " ")
		if Width(a) < width/2 {
			continue
		}
		if f := strings.Fields(a); len(f) > 0 && strings.ContainsAny(f[len(f)-1], "/\\") {
			// A path or an address longer than a line is cut where the
			// line ends: it has no space to break at.
			continue
		}
		tail := lastWord(a)
		head := firstWord(b)
		if tail == "" || head == "" {
			continue
		}
		joined := strings.ToLower(tail + head)
		if known[joined] && !(known[strings.ToLower(tail)] && known[strings.ToLower(head)]) {
			out = append(out, fmt.Sprintf("%q cut as %q | %q: %s ⏎ %s", tail+head, tail, head, Show(lines[i]), Show(lines[i+1])))
		}
	}
	return out
}

// lastWord is the run of letters s ends with.
func lastWord(s string) string {
	i := strings.LastIndexFunc(s, func(r rune) bool { return !unicode.IsLetter(r) })
	return s[i+1:]
}

// firstWord is the run of letters s begins with.
func firstWord(s string) string {
	i := strings.IndexFunc(s, func(r rune) bool { return !unicode.IsLetter(r) })
	if i < 0 {
		return s
	}
	return s[:i]
}

var verb = regexp.MustCompile(`%(?:\[\d+\])?[-+# 0]*\d*(?:\.\d+)?[a-zA-Z%]`)

// CatalogWords is every word of l's catalog (all registered packages'
// messages, their plural forms too), in lower case, with extra words
// (the players' names): the words a line may be cut inside.
func CatalogWords(l locale.Lang, extra ...string) (map[string]bool, error) {
	if err := locale.Load(l); err != nil {
		return nil, err
	}
	known := map[string]bool{}
	add := func(s string) {
		for _, w := range words(verb.ReplaceAllString(s, " ")) {
			known[strings.ToLower(w)] = true
		}
	}
	for _, k := range locale.Keys(l) {
		s, _ := locale.Raw(l, k)
		add(s)
		for _, f := range locale.Forms(l, k) {
			add(f)
		}
	}
	for _, s := range extra {
		add(s)
	}
	return known, nil
}
