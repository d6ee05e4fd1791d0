package reference

import (
	"regexp"
	"strings"
	"sync"

	"rumref/locale"
	"rumref/safetext"
)

// numbered matches the marker of a numbered list item ("1. ", "1-2. ").
// It is compiled at first use, not at every start of rumref.
var numbered = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[0-9]+(-[0-9]+)?\. `) })

// DefaultWidth is the line width Format uses when given none.
const DefaultWidth = 80

// Format renders an entry for a terminal, in the view's language, wrapped
// to width columns: the title and ID, the game and topic, the text, the
// worked example, the ruling's reason, other names and related entries. A
// width below 20 uses DefaultWidth.
func (v View) Format(e Entry, width int) string {
	if width < 20 {
		width = DefaultWidth
	}
	l := v.lang
	label := func(key string, args ...any) string { return l.Sprintf("reference.format."+key, args...) + ": " }
	var b strings.Builder
	wrap(&b, "", "", l.Sprintf("reference.format.title", e.Title, e.ID), width)
	place := "reference.format.place"
	if e.Ruling {
		place = "reference.format.ruling"
	}
	wrap(&b, "", "", l.Sprintf(place, e.Game.TitleIn(l), e.Topic), width)
	b.WriteString("\n")
	writeBlock(&b, "", e.Text, width)
	if e.Example != "" {
		b.WriteString("\n")
		writeBlock(&b, label("example"), e.Example, width)
	}
	if e.Ruling {
		b.WriteString("\n")
		why := label("why")
		if e.Settles != "" {
			why = label("why-settles", e.Settles)
		}
		writeBlock(&b, why, e.Reason, width)
	}
	if len(e.Tags) > 0 {
		b.WriteString("\n")
		writeBlock(&b, label("tags"), strings.Join(e.Tags, ", "), width)
	}
	if len(e.See) > 0 {
		if len(e.Tags) == 0 {
			b.WriteString("\n")
		}
		var see []string
		for _, id := range e.See {
			if s, ok := v.Lookup(id); ok {
				see = append(see, l.Sprintf("reference.format.see-entry", s.ID, s.Title))
			} else {
				see = append(see, id)
			}
		}
		writeBlock(&b, label("see"), strings.Join(see, ", "), width)
	}
	return b.String()
}

// writeBlock writes text wrapped to width. The label starts the first
// line; lines of text starting with "- " or "1. " become list items whose
// continuation lines are indented under the item's text. A text the
// catalog check marked is marked line by line, after the item's marker.
func writeBlock(b *strings.Builder, label, text string, width int) {
	first := true
	indent := strings.Repeat(" ", safetext.Width(label))
	plain := locale.Unmark(text)
	mark := func(s string) string { return s }
	if plain != text {
		mark = locale.Mark
	}
	for _, line := range strings.Split(strings.TrimSpace(plain), "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			b.WriteString("\n")
			continue
		}
		prefix, indent := indent, indent
		if first {
			prefix = label
		}
		if rest, ok := strings.CutPrefix(line, "- "); ok {
			prefix, indent, line = prefix+"- ", indent+"  ", rest
		} else if m := numbered().FindString(line); m != "" {
			prefix, indent, line = prefix+m, indent+strings.Repeat(" ", len(m)), line[len(m):]
		}
		first = false
		wrap(b, prefix, indent, mark(line), width)
	}
}

// wrap writes one paragraph, its words after prefix, wrapped to width
// columns by safetext.Wrap, its later lines opening with indent.
func wrap(b *strings.Builder, prefix, indent, text string, width int) {
	for _, line := range safetext.Wrap(prefix+strings.Join(strings.Fields(text), " "), width, indent) {
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
}
