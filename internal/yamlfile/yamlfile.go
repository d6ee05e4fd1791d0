// Package yamlfile reads the YAML files rumref reads (a save, a score
// sheet, a card file, the remembered cards): each is a regular file of a
// bounded size (ReadFile), decoded by yaml.v3 strictly (Decode: a field
// the target does not have is an error, KnownFields), with the library's
// refusals worded for the person who wrote the file: the line, and what
// is allowed there, in the reader's language (Error.In), as messages of
// the catalog (referee.Msg).
package yamlfile

import (
	"bytes"
	"embed"
	"encoding"
	"errors"
	"io"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"

	"rumref/locale"
	"rumref/referee"
)

//go:embed messages.*.yaml
var messages embed.FS

var _ = locale.Register("yamlfile", messages)

// MaxSize caps the files people write by hand (score sheets, card files).
const MaxSize = 4 << 20

// Error is a file that does not decode: its line (0: unknown), where in
// the file (the field and the list entries around it) and what is wrong,
// in words (In renders them in a language, Error in English).
type Error struct {
	Line  int
	at    *yaml.Node // the node at fault, when known
	msg   referee.Msg
	where []referee.Msg
	cause error // the error it words, if any (errors.Is sees it)
}

// failure is an error at line of the message msg.
func failure(line int, msg referee.Msg) *Error { return &Error{Line: line, msg: msg} }

// say is the catalog's message yamlfile.KEY.
func say(key string, args ...referee.Arg) referee.Msg { return referee.Text("yamlfile."+key, args...) }

// Error returns "line N, WHERE: MSG", leaving out what is unknown.
func (e *Error) Error() string { m := e.message(); return m.String() }

// In is the error in language l.
func (e *Error) In(l locale.Lang) string { m := e.message(); return m.In(l) }

func (e *Error) Unwrap() error { return e.cause }

func (e *Error) message() referee.Msg {
	parts := e.where
	if e.Line > 0 {
		parts = append([]referee.Msg{say("line", referee.Str(strconv.Itoa(e.Line)))}, parts...)
	}
	if len(parts) == 0 {
		return e.msg
	}
	return say("at", referee.List(parts, ", ", ", "), referee.Sub(e.msg))
}

// Decode decodes the one YAML document of data (at most limit bytes)
// into v, strictly: a field v does not have, a field given twice, a value
// of the wrong kind and a whole number not written as plain digits (010,
// 0x10, 2.7, 1e3) are refused with an *Error.
func Decode(data []byte, v any, limit int) error { return decode(data, v, limit, true) }

// Peek is Decode for a look at some fields of a file: the fields v does
// not have are passed over.
func Peek(data []byte, v any, limit int) error { return decode(data, v, limit, false) }

func decode(data []byte, v any, limit int, strict bool) error {
	if len(data) > limit {
		return failure(0, say("too_big", referee.Str(strconv.Itoa(len(data))), referee.Str(strconv.Itoa(limit))))
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var root yaml.Node
	if err := dec.Decode(&root); err != nil {
		if errors.Is(err, io.EOF) {
			return failure(0, say("empty"))
		}
		return explain(err, nil)
	}
	var next yaml.Node
	if err := dec.Decode(&next); err == nil {
		return failure(next.Line, say("documents"))
	} else if !errors.Is(err, io.EOF) {
		return explain(err, nil)
	}
	t := reflect.TypeOf(v).Elem()
	err := check(&root, t, 0)
	if err == nil {
		dec := yaml.NewDecoder(bytes.NewReader(data))
		dec.KnownFields(strict)
		if err = dec.Decode(v); err != nil {
			err = explain(err, t)
		}
	}
	if e, ok := err.(*Error); ok && e.Line > 0 {
		if e.at == nil {
			e.at = atLine(&root, e.Line)
		}
		if path, ok := pathTo(&root, e.at); ok {
			key := e.msg.Format()
			inside := key == "yamlfile.field.unknown" || key == "yamlfile.field.unknown.allowed"
			if inside && len(path) > 0 && path[len(path)-1].key != nil {
				path = path[:len(path)-1] // the key is at fault, not its value
			}
			e.where = words(path, inside)
		}
	}
	return err
}

// step is one step down a document: a field (with the key's node) or a
// list entry.
type step struct {
	key   *yaml.Node // nil: the entry index of a list
	index int
	value *yaml.Node
}

// pathTo is the path from n down to target, the node at fault.
func pathTo(n, target *yaml.Node) ([]step, bool) {
	if n == target {
		return nil, true
	}
	switch n.Kind {
	case yaml.DocumentNode, yaml.SequenceNode:
		for i, c := range n.Content {
			if p, ok := pathTo(c, target); ok {
				if n.Kind == yaml.DocumentNode {
					return p, true
				}
				return append([]step{{index: i, value: c}}, p...), true
			}
		}
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i] == target {
				return nil, true // the key itself: the mapping is the place
			}
			if p, ok := pathTo(n.Content[i+1], target); ok {
				return append([]step{{key: n.Content[i], value: n.Content[i+1]}}, p...), true
			}
		}
	}
	return nil, false
}

// atLine is the node an error of yaml.v3 at line means: going down from
// n, the last field or entry that starts on or before the line, but not
// into a value written on the line itself (a flow list), nor past a line
// of several fields.
func atLine(n *yaml.Node, line int) *yaml.Node {
	for {
		if n.Kind == yaml.DocumentNode && len(n.Content) == 1 {
			n = n.Content[0]
		}
		var next *yaml.Node
		switch n.Kind {
		case yaml.MappingNode:
			k := -1
			for i := 0; i+1 < len(n.Content); i += 2 {
				if l := n.Content[i].Line; l <= line {
					if k >= 0 && n.Content[k].Line == l {
						return n
					}
					k = i
				}
			}
			if k < 0 {
				return n
			}
			if next = n.Content[k+1]; next.Line == line && next.Kind != yaml.ScalarNode || n.Content[k].Line == line && next.Kind == yaml.ScalarNode {
				return n.Content[k+1]
			}
		case yaml.SequenceNode:
			for _, item := range n.Content {
				if item.Line <= line {
					next = item
				}
			}
			if next == nil || next.Line == line && next.Kind == yaml.ScalarNode {
				return n
			}
		}
		if next == nil {
			return n
		}
		n = next
	}
}

// words says where a path leads: `players entry 2 ("Bo"), field "coins"`,
// or `in pirates, layout entry 3` (inside: the path leads to the fields
// of a mapping, where a key is at fault, as `in pirates`).
func words(path []step, inside bool) []referee.Msg {
	var parts []referee.Msg
	for i := 0; i < len(path); i++ {
		s := path[i]
		if s.key == nil {
			parts = append(parts, entry(s))
			continue
		}
		switch {
		case i+1 < len(path) && path[i+1].key == nil:
			parts = append(parts, say("where.field_entry", referee.Str(s.key.Value), referee.Sub(entry(path[i+1]))))
			i++
		case i+1 < len(path) || inside:
			parts = append(parts, say("where.in", referee.Str(s.key.Value)))
		default:
			parts = append(parts, say("where.field", referee.Str(s.key.Value)))
		}
	}
	return parts
}

func entry(s step) referee.Msg {
	if name := child(s.value, "name"); name != nil && name.Kind == yaml.ScalarNode && len(name.Value) <= 40 {
		return say("where.entry.named", referee.Str(strconv.Itoa(s.index+1)), referee.Str(name.Value))
	}
	return say("where.entry", referee.Str(strconv.Itoa(s.index+1)))
}

// fault is an error at the node n.
func fault(n *yaml.Node, msg referee.Msg) *Error {
	e := failure(n.Line, msg)
	e.at = n
	return e
}

// Encode writes v as YAML with two-space indentation.
func Encode(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

var textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()

// check walks the document beside the type it is decoded into, for what
// yaml.v3 takes and rumref refuses, with the line: a whole number written
// other than as plain digits (yaml.v3 reads 010 as 8 and 2.7 as 2), a
// list too short or too long for a fixed-size one, and a word its type
// refuses (yaml.v3 drops the line of that error).
func check(n *yaml.Node, t reflect.Type, depth int) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if n.Kind == yaml.DocumentNode && len(n.Content) == 1 {
		n = n.Content[0]
	}
	if depth > 100 || n.Kind == yaml.AliasNode || n.Tag == "!!null" {
		return nil // an anchor's value is checked where it is written
	}
	if reflect.PointerTo(t).Implements(textUnmarshaler) {
		if n.Kind == yaml.ScalarNode {
			if err := reflect.New(t).Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(n.Value)); err != nil {
				return fault(n, say("error", referee.Err(err)))
			}
		}
		return nil
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if n.Kind != yaml.ScalarNode {
			return nil
		}
		if n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 {
			return fault(n, say("quoted", referee.Str(quote(n.Value))))
		}
		if _, err := ParseWhole(n.Value); err != nil {
			return fault(n, say("error", referee.Err(err)))
		}
	case reflect.Array, reflect.Slice:
		if n.Kind != yaml.SequenceNode {
			return nil
		}
		if t.Kind() == reflect.Array && len(n.Content) != t.Len() {
			return fault(n, say("list_len", referee.Int(len(n.Content)), referee.Int(t.Len())))
		}
		for _, item := range n.Content {
			if err := check(item, t.Elem(), depth+1); err != nil {
				return err
			}
		}
	case reflect.Map:
		for i := 1; i < len(n.Content); i += 2 {
			if err := check(n.Content[i], t.Elem(), depth+1); err != nil {
				return err
			}
		}
	case reflect.Struct:
		if n.Kind != yaml.MappingNode {
			return nil
		}
		fields := fieldsOf(t)
		for i := 0; i+1 < len(n.Content); i += 2 {
			if f, ok := fields.types[n.Content[i].Value]; ok {
				if err := check(n.Content[i+1], f, depth+1); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// fields are the YAML field names of a struct type with their types (a
// struct inlined with ",inline" gives its own), in order.
type fields struct {
	types map[string]reflect.Type
	names []string
}

// fieldCache holds the fields of each struct type met (reflect.Type ->
// fields): a card catalog's hundreds of cards share a few types.
var fieldCache sync.Map

func fieldsOf(t reflect.Type) fields {
	if fs, ok := fieldCache.Load(t); ok {
		return fs.(fields)
	}
	fs := fields{types: map[string]reflect.Type{}}
	var add func(t reflect.Type)
	add = func(t reflect.Type) {
		for i := range t.NumField() {
			f := t.Field(i)
			name, opts, _ := strings.Cut(f.Tag.Get("yaml"), ",")
			if !f.IsExported() || name == "-" {
				continue
			}
			if strings.Contains(","+opts+",", ",inline,") {
				add(f.Type)
				continue
			}
			if name == "" {
				name = strings.ToLower(f.Name)
			}
			fs.types[name] = f.Type
			fs.names = append(fs.names, name)
		}
	}
	add(t)
	fieldCache.Store(t, fs)
	return fs
}

// explain words an error of yaml.v3 (its first one) for decoding into t
// (nil: a syntax error): "line N: WHAT", with no Go type or YAML tag.
func explain(err error, t reflect.Type) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		msg = te.Errors[0]
	}
	line := 0
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if num, text, ok := strings.Cut(rest, ": "); ok {
			if n, err := strconv.Atoi(num); err == nil {
				line, msg = n, text
			}
		}
	}
	if te == nil {
		return failure(line, say("syntax", syntaxProblem(msg)))
	}
	types := typesIn(t, map[string]reflect.Type{})
	if rest, ok := strings.CutPrefix(msg, "field "); ok {
		if name, typ, ok := strings.Cut(rest, " not found in type "); ok {
			if st, ok := types[typ]; ok {
				return failure(line, say("field.unknown.allowed", referee.Str(quote(name)), referee.Str(strings.Join(fieldsOf(st).names, ", "))))
			}
			return failure(line, say("field.unknown", referee.Str(quote(name))))
		}
	}
	if rest, ok := strings.CutPrefix(msg, "mapping key "); ok {
		if _, first, ok := strings.Cut(rest, " already defined at line "); ok {
			return failure(line, say("field.twice", referee.Str(first)))
		}
	}
	if rest, ok := strings.CutPrefix(msg, "cannot unmarshal "); ok {
		if i := strings.LastIndex(rest, " into "); i >= 0 {
			tag, value, _ := strings.Cut(rest[:i], " ")
			got := say("got.value", referee.Str(quote(strings.TrimSuffix(strings.Trim(value, "`"), "..."))))
			if value == "" {
				got = say("got.tag", referee.Str(tag))
			}
			switch tag {
			case "!!seq":
				got = say("got.list")
			case "!!map":
				got = say("got.map")
			}
			into := rest[i+len(" into "):]
			return failure(line, say("want", referee.Sub(want(types[into], into)), referee.Sub(got)))
		}
	}
	return failure(line, say("raw", referee.Str(msg)))
}

// yamlProblems are yaml.v3's words for why a text is no YAML (the
// problems of its reader, scanner and parser, and its decoder's about
// aliases), each with its key under yamlfile.yaml. in the catalog, whose
// English is yaml.v3's own words: a German reader reads them in German.
var yamlProblems = [...]struct{ problem, key string }{
	{"block sequence entries are not allowed in this context", "block-entry"},
	{"control characters are not allowed", "control"},
	{"could not find expected ':'", "colon"},
	{"could not find expected directive name", "directive-name"},
	{"did not find URI escaped octet", "uri-octet"},
	{"did not find expected '!'", "bang"},
	{"did not find expected ',' or ']'", "flow-seq"},
	{"did not find expected ',' or '}'", "flow-map"},
	{"did not find expected '-' indicator", "dash"},
	{"did not find expected <document start>", "document-start"},
	{"did not find expected <stream-start>", "stream-start"},
	{"did not find expected alphabetic or numeric character", "alnum"},
	{"did not find expected comment or line break", "comment-or-break"},
	{"did not find expected digit or '.' character", "digit-or-dot"},
	{"did not find expected hexdecimal number", "hex"},
	{"did not find expected key", "key"},
	{"did not find expected node content", "node"},
	{"did not find expected tag URI", "tag-uri"},
	{"did not find expected version number", "version"},
	{"did not find expected whitespace", "space"},
	{"did not find expected whitespace or line break", "space-or-break"},
	{"did not find the expected '>'", "angle"},
	{"expected low surrogate area", "low-surrogate"},
	{"found a tab character that violates indentation", "tab-indent"},
	{"found a tab character where an indentation space is expected", "tab-space"},
	{"found an incorrect leading UTF-8 octet", "utf8-leading-incorrect"},
	{"found an incorrect trailing UTF-8 octet", "utf8-trailing-incorrect"},
	{"found an indentation indicator equal to 0", "indent-zero"},
	{"found character that cannot start any token", "token"},
	{"found duplicate %TAG directive", "tag-twice"},
	{"found duplicate %YAML directive", "yaml-twice"},
	{"found extremely long version number", "version-long"},
	{"found incompatible YAML document", "incompatible"},
	{"found invalid Unicode character escape code", "escape-code"},
	{"found undefined tag handle", "tag-handle"},
	{"found unexpected document indicator", "document-indicator"},
	{"found unexpected end of stream", "end"},
	{"found unexpected non-alphabetical character", "non-alpha"},
	{"found unknown directive name", "directive-unknown"},
	{"found unknown escape character", "escape"},
	{"incomplete UTF-16 character", "utf16-incomplete"},
	{"incomplete UTF-16 surrogate pair", "utf16-pair"},
	{"incomplete UTF-8 octet sequence", "utf8-incomplete"},
	{"invalid Unicode character", "unicode"},
	{"invalid leading UTF-8 octet", "utf8-leading"},
	{"invalid length of a UTF-8 sequence", "utf8-length"},
	{"invalid trailing UTF-8 octet", "utf8-trailing"},
	{"mapping keys are not allowed in this context", "map-key"},
	{"mapping values are not allowed in this context", "map-value"},
	{"unexpected low surrogate area", "low-surrogate-unexpected"},
	{"document contains excessive aliasing", "aliasing"},
}

// yamlProblemsOf are the problems that name a part of the file (an
// anchor, a depth): the text between prefix and suffix.
var yamlProblemsOf = [...]struct{ prefix, suffix, key string }{
	{"unknown anchor '", "' referenced", "unknown-anchor"},
	{"anchor '", "' value contains itself", "anchor-itself"},
	{"exceeded max depth of ", "", "depth"},
}

// syntaxProblem is yaml.v3's problem msg as a message of the catalog, or
// as it is when the catalog does not know it.
func syntaxProblem(msg string) referee.Arg {
	for _, p := range yamlProblems {
		if p.problem == msg {
			return referee.Sub(say("yaml." + p.key))
		}
	}
	for _, p := range yamlProblemsOf {
		if rest, ok := strings.CutPrefix(msg, p.prefix); ok {
			if part, ok := strings.CutSuffix(rest, p.suffix); ok {
				return referee.Sub(say("yaml."+p.key, referee.Str(part)))
			}
		}
	}
	return referee.Str(msg)
}

// typesIn maps the names yaml.v3 gives the types inside t to the types.
func typesIn(t reflect.Type, seen map[string]reflect.Type) map[string]reflect.Type {
	if t == nil {
		return seen
	}
	if _, ok := seen[t.String()]; ok {
		return seen
	}
	seen[t.String()] = t
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		typesIn(t.Elem(), seen)
	case reflect.Struct:
		for _, f := range fieldsOf(t).types {
			typesIn(f, seen)
		}
	}
	return seen
}

// want says what a value of type t (named name by yaml.v3) is written as.
func want(t reflect.Type, name string) referee.Msg {
	kind := reflect.Invalid
	if t != nil {
		kind = t.Kind()
	}
	switch {
	case t != nil && reflect.PointerTo(t).Implements(textUnmarshaler):
		return say("want.word")
	case kind == reflect.Slice || kind == reflect.Array || strings.HasPrefix(name, "["):
		return say("want.list")
	case kind == reflect.Struct:
		return say("want.fields", referee.Str(strings.Join(fieldsOf(t).names, ", ")))
	case kind == reflect.Map || strings.HasPrefix(name, "map["):
		return say("want.map")
	case kind == reflect.Bool || name == "bool":
		return say("want.bool")
	case kind == reflect.String || name == "string":
		return say("want.string")
	case kind >= reflect.Int && kind <= reflect.Uint64 || strings.HasPrefix(name, "int") || strings.HasPrefix(name, "uint"):
		return say("want.int")
	case strings.HasPrefix(name, "float"):
		return say("want.float")
	}
	return say("want.other")
}

// quote quotes a value for a message, cut short if long.
func quote(s string) string {
	if len(s) > 40 {
		s = s[:40] + "..."
	}
	return strconv.Quote(s)
}

// ParseWhole reads a whole number the one way rumref accepts it
// everywhere (files and typed input): an optional minus sign and decimal
// digits without leading zeros. Octal (010), hexadecimal (0x10),
// decimals (2.7), exponents (1e3) and digit separators are refused, with
// a message that says what to write.
func ParseWhole(s string) (int, error) {
	digits := strings.TrimPrefix(s, "-")
	ok := digits != "" && (digits == "0" || digits[0] != '0')
	for i := 0; ok && i < len(digits); i++ {
		ok = digits[i] >= '0' && digits[i] <= '9'
	}
	if !ok {
		return 0, failure(0, say("whole", referee.Str(quote(s))))
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, failure(0, say("too_large", referee.Str(quote(s))))
	}
	return n, nil
}

// Line returns the line of the value at path (field names and 0-based
// list indexes) in data, or of the deepest part of the path present, or
// 0: for the messages of checks made after decoding.
func Line(data []byte, path ...any) int {
	var root yaml.Node
	if yaml.Unmarshal(data, &root) != nil || len(root.Content) != 1 {
		return 0
	}
	n := root.Content[0]
	for _, p := range path {
		next := child(n, p)
		if next == nil {
			break
		}
		n = next
	}
	return n.Line
}

// Has reports whether the top-level mapping of data has the field key.
func Has(data []byte, key string) bool {
	var root yaml.Node
	return yaml.Unmarshal(data, &root) == nil && len(root.Content) == 1 && child(root.Content[0], key) != nil
}

func child(n *yaml.Node, p any) *yaml.Node {
	for n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	switch p := p.(type) {
	case string:
		for i := 0; n.Kind == yaml.MappingNode && i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == p {
				return n.Content[i+1]
			}
		}
	case int:
		if n.Kind == yaml.SequenceNode && p >= 0 && p < len(n.Content) {
			return n.Content[p]
		}
	}
	return nil
}
