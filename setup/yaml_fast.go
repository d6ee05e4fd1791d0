package setup

import (
	"strings"

	"go.yaml.in/yaml/v3"
)

// fastYAML parses a document written in the small block-style subset of
// YAML that rumref's encoder writes (a save's setup part, a sheet): full
// comment lines at the top, then mappings of "key: value" and "key:" with
// a more deeply indented block below, lists of "- " entries (each a value
// or a mapping that starts on the entry's line), "[]", and values that
// are a whole number (0, or up to 9 digits without a leading zero, with
// an optional minus sign), a word of ASCII letters, digits, spaces and
// _ . ' - that starts with a letter, or such text in double quotes
// (printable ASCII without a quote mark or a backslash). Every line ends
// with a newline, no trailing blanks, no blank lines.
//
// It returns the node tree the YAML parser makes of the same document
// (kinds, tags, styles, values, lines and columns; comments are left
// out, which the strict decoder never reads), or nil when the document is
// anything else, which the YAML parser then reads: FuzzFastYAML compares
// both on every document the fast way takes.
func fastYAML(data []byte) *yaml.Node {
	p := fastParser{s: string(data), line: 1}
	for p.pos < len(p.s) && p.s[p.pos] == '#' {
		end := p.lineEnd()
		for i := p.pos; i < end; i++ {
			if c := p.s[i]; c < ' ' || c > '~' {
				return nil
			}
		}
		if !p.nextLine(end) {
			return nil
		}
	}
	if p.pos >= len(p.s) || p.s[p.pos] == ' ' {
		return nil
	}
	root := p.mapping(0)
	if root == nil || p.bad || p.pos != len(p.s) {
		return nil
	}
	return root
}

// fastParser reads fastYAML's subset line by line.
type fastParser struct {
	s         string
	pos       int  // the next byte to read
	line      int  // pos's line, from 1
	lineStart int  // where pos's line starts
	bad       bool // a line outside the subset was met
}

// lineEnd is the offset of the newline that ends pos's line (len(s) when
// there is none).
func (p *fastParser) lineEnd() int {
	if i := strings.IndexByte(p.s[p.pos:], '\n'); i >= 0 {
		return p.pos + i
	}
	return len(p.s)
}

// nextLine moves past the newline at end; it reports false when the line
// has none (the subset ends every line with one).
func (p *fastParser) nextLine(end int) bool {
	if end >= len(p.s) {
		return false
	}
	p.pos, p.lineStart = end+1, end+1
	p.line++
	return true
}

// indent is the indentation of the line at pos (pos at its start), or -1
// at the end of the document; pos is moved past the blanks.
func (p *fastParser) indent() int {
	if p.pos >= len(p.s) {
		return -1
	}
	i := p.pos
	for i < len(p.s) && p.s[i] == ' ' {
		i++
	}
	p.pos = i
	return i - p.lineStart
}

func (p *fastParser) node(kind yaml.Kind, tag, value string, col int) *yaml.Node {
	return &yaml.Node{Kind: kind, Tag: tag, Value: value, Line: p.line, Column: col + 1}
}

// mapping reads the mapping whose first key is at pos, in column ind; it
// ends with pos at the start of the first line indented less, or at the
// end of the document.
func (p *fastParser) mapping(ind int) *yaml.Node {
	m := p.node(yaml.MappingNode, "!!map", "", ind)
	for {
		k := p.pos
		for k < len(p.s) && (isWordByte(p.s[k]) && p.s[k] != ' ' && p.s[k] != '.' && p.s[k] != '\'') {
			k++
		}
		key := p.s[p.pos:k]
		if plainTag(key) != "!!str" || k >= len(p.s) || p.s[k] != ':' {
			return nil
		}
		m.Content = append(m.Content, p.node(yaml.ScalarNode, "!!str", key, ind))
		p.pos = k + 1
		var v *yaml.Node
		switch {
		case p.pos < len(p.s) && p.s[p.pos] == ' ':
			p.pos++
			if v = p.scalar(); v == nil {
				return nil
			}
		case p.pos < len(p.s) && p.s[p.pos] == '\n':
			p.nextLine(p.pos)
			if v = p.block(ind); v == nil {
				return nil
			}
		default:
			return nil
		}
		m.Content = append(m.Content, v)
		if p.bad || !p.more(ind, false) {
			return m
		}
	}
}

// more reports whether the block in column ind goes on at the line at pos
// (with an entry "- " when list), leaving pos at the entry: false when the
// line is indented less (pos stays at its start) or the document ends. A
// line indented more, or one that does not start the block's next entry,
// is outside the subset: p.bad.
func (p *fastParser) more(ind int, list bool) bool {
	start := p.pos
	n := p.indent()
	if n < 0 {
		return false
	}
	dash := p.pos+1 < len(p.s) && p.s[p.pos] == '-' && p.s[p.pos+1] == ' '
	if n == ind && dash == list {
		return true
	}
	p.bad = p.bad || n >= ind
	p.pos = start
	return false
}

// block reads the value of a "key:" line in column ind: a mapping or a
// list indented more, on the next line.
func (p *fastParser) block(ind int) *yaml.Node {
	n := p.indent()
	if n <= ind {
		return nil
	}
	if p.pos+1 < len(p.s) && p.s[p.pos] == '-' && p.s[p.pos+1] == ' ' {
		return p.list(n)
	}
	return p.mapping(n)
}

// list reads the list whose first "- " is at pos, in column ind.
func (p *fastParser) list(ind int) *yaml.Node {
	l := p.node(yaml.SequenceNode, "!!seq", "", ind)
	for {
		p.pos += 2 // "- "
		var item *yaml.Node
		if p.startsMapping() {
			item = p.mapping(ind + 2)
		} else {
			item = p.scalar()
		}
		if item == nil {
			return nil
		}
		l.Content = append(l.Content, item)
		if p.bad || !p.more(ind, true) {
			return l
		}
	}
}

// startsMapping reports whether the text at pos is a key and a colon
// followed by a blank or the line's end.
func (p *fastParser) startsMapping() bool {
	for i := p.pos; i < len(p.s); i++ {
		switch c := p.s[i]; {
		case c == ':':
			return i > p.pos && i+1 < len(p.s) && (p.s[i+1] == ' ' || p.s[i+1] == '\n')
		case c == '\n':
			return false
		}
	}
	return false
}

// scalar reads a value from pos to the end of its line and moves to the
// next line.
func (p *fastParser) scalar() *yaml.Node {
	end := p.lineEnd()
	text := p.s[p.pos:end]
	col := p.pos - p.lineStart
	var n *yaml.Node
	switch {
	case text == "[]":
		n = p.node(yaml.SequenceNode, "!!seq", "", col)
		n.Style = yaml.FlowStyle
	case len(text) >= 2 && text[0] == '"' && text[len(text)-1] == '"':
		inner := text[1 : len(text)-1]
		if !SimpleQuoted(inner) {
			return nil
		}
		n = p.node(yaml.ScalarNode, "!!str", inner, col)
		n.Style = yaml.DoubleQuotedStyle
	default:
		tag := plainTag(text)
		if tag == "" {
			return nil
		}
		n = p.node(yaml.ScalarNode, tag, text, col)
	}
	if !p.nextLine(end) {
		return nil
	}
	return n
}

// plainTag is the tag YAML gives the plain value s when s is in the
// subset ("!!int" or "!!str"), or "".
func plainTag(s string) string {
	if s == "" {
		return ""
	}
	digits := s
	if s[0] == '-' {
		digits = s[1:]
	}
	if digits == "0" && len(s) == 1 || len(digits) > 0 && len(digits) <= 9 && digits[0] >= '1' && digits[0] <= '9' && allDigits(digits) {
		return "!!int"
	}
	if !(s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z') || s[len(s)-1] == ' ' {
		return ""
	}
	for i := 1; i < len(s); i++ {
		if !isWordByte(s[i]) {
			return ""
		}
	}
	switch s {
	case "true", "True", "TRUE", "false", "False", "FALSE", "null", "Null", "NULL":
		return ""
	}
	return "!!str"
}

// SimpleQuoted reports whether text, written between double quotes, is
// read by YAML as itself: printable ASCII without a quote mark or a
// backslash. The fast readers of rumref's files (this one, and journal's
// of a save's answers) take such quoted values.
func SimpleQuoted(text string) bool {
	for i := range len(text) {
		if c := text[i]; c < ' ' || c > '~' || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

func allDigits(s string) bool {
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// isWordByte reports whether c may stand in a plain word of the subset.
func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == ' ' || c == '_' || c == '.' || c == '\'' || c == '-'
}
