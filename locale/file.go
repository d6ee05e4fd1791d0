package locale

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A catalog file is YAML, of the few forms translators need, one message
// a key:
//
//	# a comment
//	pkg.key: "a text, \"quoted\", with \n and \t escapes"
//	pkg.key: 'a text where '' is a quote'
//	pkg.key: a text as it is, to the end of the line
//	pkg.key: {one: "%d barrel", other: "%d barrels"}
//	pkg.key: |-
//	  a text of several lines, indented below its key
//	  (| keeps the last line break, |- drops it)
//
// readFile reads exactly these forms and refuses anything else by its
// line, so a file it reads is one yaml.v3 reads the same
// (TestReadFileAsYAML checks every registered file against it). It
// replaced yaml.v3, which took about 1 ms per 20 KB file at the first use
// of a package (measured 2026-12-02: rumref show read four files, 3.5 ms
// of its 7.8 ms; readFile takes a twentieth of that). It stays because it
// is worth more than a tenth of a start-up figure: with yaml.v3 parsing
// each file as well, in one harness run of 200 starts of each at a load
// of 7-8 (2026-12-02 10:38), rumref show took 26% / 35% more wall time
// and 30% / 36% more CPU time (two runs), rumref --version 12-13% more
// wall and 17-19% more CPU time.

// fileEntry is one message of a catalog file.
type fileEntry struct {
	key  string
	line int
	text string // a plain text, or a plural's other form
	// forms are a plural's forms in the file's order, as form and text
	// pairs; nil for a plain text.
	forms [][2]string
}

// fileError is a line of a catalog file readFile refuses, and why.
type fileError struct {
	line int
	why  string
}

func (e *fileError) Error() string { return "line " + strconv.Itoa(e.line) + ": " + e.why }

// rawEntry is a message of a catalog file as found, its text not yet
// read (decode): a package's file is searched for its keys at its first
// use, and only the messages used are read, so that the long texts of a
// help or a rules entry cost their lines' starts alone.
type rawEntry struct {
	key   string
	line  int
	value string // what follows "key: " on its line
	block string // the lines of a | block, as the file holds them
}

// readFile reads a catalog file's messages in the file's order: for
// tests, and for checking every message (Load).
func readFile(data string) ([]fileEntry, error) {
	raws, err := indexFile(data)
	if err != nil || len(raws) == 0 {
		return nil, err
	}
	out := make([]fileEntry, len(raws))
	for i := range raws {
		if out[i], err = raws[i].decode(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// indexFile finds a catalog file's messages, in the file's order.
func indexFile(data string) ([]rawEntry, error) {
	data = strings.TrimPrefix(data, "\ufeff")
	out := make([]rawEntry, 0, keyLines(data))
	n := 0 // the number of the line being read
	for len(data) > 0 {
		line := nextLine(&data)
		n++
		switch {
		case blank(line) || line[0] == '#':
			continue
		case line[0] == ' ' || line[0] == '\t':
			return nil, &fileError{n, "an indented line that belongs to no message (a text of several lines goes below KEY: |)"}
		}
		key, rest, err := splitKey(line)
		if err != nil {
			return nil, &fileError{n, err.Error()}
		}
		e := rawEntry{key: key, line: n, value: rest}
		if (rest[0] == '|' || rest[0] == '>') && rest != "|" && rest != "|-" {
			return nil, &fileError{n, "a text of several lines goes below KEY: | (or |-, without its last line break)"}
		}
		if rest == "|" || rest == "|-" {
			// The block is the lines below that are blank or start with
			// a space.
			start := data
			for len(data) > 0 && (data[0] == ' ' || data[0] == '\n' || data[0] == '\r') {
				nextLine(&data)
				n++
			}
			e.block = start[:len(start)-len(data)]
		}
		out = append(out, e)
	}
	return out, nil
}

// decode reads the message's text.
func (r *rawEntry) decode() (fileEntry, error) {
	e := fileEntry{key: r.key, line: r.line}
	var err error
	switch rest := r.value; {
	case rest == "|" || rest == "|-":
		block := r.block
		var lines int
		e.text, lines = readBlock(&block, rest == "|")
		if block != "" {
			return e, &fileError{r.line + lines + 1, "an indented line that belongs to no message (a text of several lines goes below KEY: |, each line indented as its first)"}
		}
	case rest[0] == '{':
		e.forms, err = readForms(rest)
		for _, f := range e.forms {
			if f[0] == "other" {
				e.text = f[1]
			}
		}
	default:
		e.text, err = readScalar(rest)
	}
	if err != nil {
		return e, &fileError{r.line, err.Error()}
	}
	return e, nil
}

// keyLines counts the lines that start as a key does.
func keyLines(data string) int {
	n := 0
	for len(data) > 0 {
		if keyByte(data[0]) {
			n++
		}
		i := strings.IndexByte(data, '\n')
		if i < 0 {
			break
		}
		data = data[i+1:]
	}
	return n
}

// nextLine cuts the first line off *data, without its line break.
func nextLine(data *string) string {
	line, _ := cutLine(data)
	return line
}

// cutLine is nextLine, and whether a line break ended the line.
func cutLine(data *string) (string, bool) {
	line, rest, broken := strings.Cut(*data, "\n")
	*data = rest
	return strings.TrimSuffix(line, "\r"), broken
}

// blank reports whether a line holds spaces at most.
func blank(line string) bool { return strings.TrimLeft(line, " ") == "" }

// splitKey cuts a line into its key and what follows "key: ", without
// the spaces around it; the key is letters, digits, dots, dashes and
// underscores.
func splitKey(line string) (key, rest string, err error) {
	i := 0
	for i < len(line) && keyByte(line[i]) {
		i++
	}
	key = line[:i]
	if key == "" || i == len(line) || line[i] != ':' || i+1 < len(line) && line[i+1] != ' ' {
		return "", "", fmt.Errorf("not KEY: TEXT (a key is letters, digits, dots, dashes and underscores, then a colon and a space)")
	}
	rest = strings.Trim(line[i+1:], " ")
	if rest == "" || rest[0] == '#' {
		return "", "", fmt.Errorf("%s has no text after its colon", key)
	}
	return key, rest, nil
}

func keyByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '-' || c == '_'
}

// readBlock reads the lines of a | block off *data: the lines indented
// as the first one is, without that indentation, and the blank lines
// between them; keep tells whether the text ends with a line break (|).
// It returns the text and the number of lines read.
func readBlock(data *string, keep bool) (string, int) {
	var lines []string
	indent, n := -1, 0
	broken := false // whether the last line of text ended in a line break
	for len(*data) > 0 {
		rest := *data
		line, br := cutLine(&rest)
		if blank(line) {
			if indent >= 0 && len(line) > indent {
				line = line[indent:]
			} else {
				line = ""
			}
		} else {
			in := len(line) - len(strings.TrimLeft(line, " "))
			if indent < 0 && in > 0 {
				indent = in
			}
			if in < indent || indent < 0 {
				break
			}
			line = line[indent:]
			broken = br
		}
		*data = rest
		n++
		lines = append(lines, line)
	}
	// The blank lines at the end belong to no text (a | block keeps one
	// line break).
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	text := strings.Join(lines, "\n")
	if keep && text != "" && broken {
		text += "\n"
	}
	return text, n
}

// readScalar reads a one-line text: quoted in " or ', or as it is.
func readScalar(s string) (string, error) {
	switch s[0] {
	case '"', '\'':
		text, rest, err := readQuoted(s)
		if err != nil {
			return "", err
		}
		if rest = strings.TrimLeft(rest, " "); rest != "" && rest[0] != '#' {
			return "", fmt.Errorf("%q follows the closing quote", rest)
		}
		return text, nil
	case '-', '?', ':', ',', '[', ']', '{', '}', '&', '*', '!', '|', '>', '%', '@', '`':
		return "", fmt.Errorf("a text that starts with %c goes in quotes", s[0])
	}
	if i := strings.Index(s, " #"); i >= 0 {
		s = strings.TrimRight(s[:i], " ")
	}
	if strings.Contains(s, ": ") || strings.HasSuffix(s, ":") || strings.Contains(s, "\t") {
		return "", fmt.Errorf("a text with a colon or a tab goes in quotes")
	}
	return s, nil
}

// readQuoted reads a text in " (with YAML's backslash escapes) or in '
// (where ” is a quote) at the start of s, and returns what follows it.
func readQuoted(s string) (text, rest string, err error) {
	q := s[0]
	if end := strings.IndexByte(s[1:], q) + 1; end > 0 && (q == '"' && strings.IndexByte(s[1:end], '\\') < 0 || q == '\'' && (end+1 == len(s) || s[end+1] != '\'')) {
		// No escape: the text is the file's bytes.
		return s[1:end], s[end+1:], nil
	}
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == q && q == '\'' && i+1 < len(s) && s[i+1] == '\'':
			b.WriteByte('\'')
			i++
		case c == q:
			return b.String(), s[i+1:], nil
		case c == '\\' && q == '"':
			if i+1 == len(s) {
				return "", "", fmt.Errorf("a quoted text ends on its line")
			}
			i++
			r, size, err := unescape(s[i:])
			if err != nil {
				return "", "", err
			}
			b.WriteRune(r)
			i += size - 1
		default:
			b.WriteByte(c)
		}
	}
	return "", "", fmt.Errorf("a quoted text ends on its line (\\n writes a line break)")
}

// unescape reads the escape after a backslash at the start of s: the
// character it stands for and the number of bytes it takes.
func unescape(s string) (rune, int, error) {
	digits := 0
	switch s[0] {
	case '0':
		return 0, 1, nil
	case 'a':
		return '\a', 1, nil
	case 'b':
		return '\b', 1, nil
	case 't', '\t':
		return '\t', 1, nil
	case 'n':
		return '\n', 1, nil
	case 'v':
		return '\v', 1, nil
	case 'f':
		return '\f', 1, nil
	case 'r':
		return '\r', 1, nil
	case 'e':
		return 0x1b, 1, nil
	case ' ', '"', '\\':
		return rune(s[0]), 1, nil
	case 'N':
		return 0x85, 1, nil
	case '_':
		return 0xa0, 1, nil
	case 'L':
		return 0x2028, 1, nil
	case 'P':
		return 0x2029, 1, nil
	case 'x':
		digits = 2
	case 'u':
		digits = 4
	case 'U':
		digits = 8
	}
	if digits > 0 && len(s) > digits {
		if v, err := strconv.ParseUint(s[1:1+digits], 16, 32); err == nil && utf8.ValidRune(rune(v)) {
			return rune(v), 1 + digits, nil
		}
	}
	return 0, 0, fmt.Errorf("\\%c is no escape (\\\" \\\\ \\n \\t \\uXXXX)", s[0])
}

// readForms reads a plural's forms: {one: "…", other: "…"}.
func readForms(s string) ([][2]string, error) {
	s = strings.TrimLeft(s[1:], " ")
	var forms [][2]string
	for {
		if s != "" && s[0] == '}' && len(forms) > 0 {
			if rest := strings.TrimLeft(s[1:], " "); rest != "" && rest[0] != '#' {
				return nil, fmt.Errorf("%q follows the closing brace", rest)
			}
			return forms, nil
		}
		form, rest, ok := strings.Cut(s, ":")
		if !ok || form == "" || strings.Trim(form, "abcdefghijklmnopqrstuvwxyz") != "" || !strings.HasPrefix(rest, " ") {
			return nil, fmt.Errorf("plural forms are written {one: \"…\", other: \"…\"}")
		}
		rest = strings.TrimLeft(rest, " ")
		if rest == "" || rest[0] != '"' && rest[0] != '\'' {
			return nil, fmt.Errorf("the text of a plural form goes in quotes")
		}
		text, rest, err := readQuoted(rest)
		if err != nil {
			return nil, err
		}
		forms = append(forms, [2]string{form, text})
		s = strings.TrimLeft(rest, " ")
		if s != "" && s[0] == ',' {
			s = strings.TrimLeft(s[1:], " ")
		} else if s == "" || s[0] != '}' {
			return nil, fmt.Errorf("plural forms are written {one: \"…\", other: \"…\"}")
		}
	}
}
