// Package setup holds what is decided before a game starts: board sections
// and layouts, tile and card catalogs as embedded data, loaders for the
// files people write by hand, and new-game configuration.
package setup

import (
	"bytes"
	"encoding"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"
)

// MaxFileSize caps the score sheets and card files rumref reads, and the
// bytes such a file may grow to when its YAML aliases are followed.
const MaxFileSize = 4 << 20

// maxNesting caps how deeply the values of a file nest (a card's effects
// nest about eight levels deep).
const maxNesting = 64

// YAMLOptions tunes DecodeYAMLDoc.
type YAMLOptions struct {
	// Limit caps the bytes the document may grow to when its aliases are
	// followed (0: MaxFileSize). A file without aliases never grows.
	Limit int
	// IgnoreUnknown skips fields the target does not have, to read one
	// field of a file written by a newer rumref.
	IgnoreUnknown bool
}

// limit is Limit, MaxFileSize when it is 0 or less.
func (o YAMLOptions) limit() int {
	if o.Limit <= 0 {
		return MaxFileSize
	}
	return o.Limit
}

// YAMLError is a file that does not decode: the line, where in the file
// (the field and the entries around it) and what is wrong, in words.
type YAMLError struct {
	Line  int
	Where string
	Msg   string
}

// Error returns "line N, WHERE: MSG" (leaving out what is unknown).
func (e *YAMLError) Error() string {
	var b strings.Builder
	if e.Line > 0 {
		fmt.Fprintf(&b, "line %d", e.Line)
	}
	if e.Where != "" {
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		b.WriteString(e.Where)
	}
	if b.Len() > 0 {
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// YAMLDoc is a decoded file kept for finding the line of a value.
type YAMLDoc struct {
	root *yaml.Node
}

// DecodeYAML decodes one YAML document strictly into v with the limits of
// a hand-written file (MaxFileSize): unknown fields, repeated fields, a
// list where one value is meant, numbers that are not plain whole numbers
// and aliases that grow the file beyond the limit are errors (*YAMLError)
// that name the line and the field and say what is allowed. It is the
// only place a YAML document is decoded.
func DecodeYAML(data []byte, v any) error {
	_, err := DecodeYAMLDoc(data, v, YAMLOptions{})
	return err
}

// DecodeYAMLDoc is DecodeYAML with options; it returns the document for
// line look-ups.
func DecodeYAMLDoc(data []byte, v any, opt YAMLOptions) (*YAMLDoc, error) {
	doc, err := ParseYAMLDoc(data, opt)
	if err != nil {
		return nil, err
	}
	if err := doc.Decode(v, opt); err != nil {
		return nil, err
	}
	return doc, nil
}

// ParseYAMLDoc is the first half of DecodeYAMLDoc: it parses the one YAML
// document of data (of at most opt.Limit bytes) for Decode, which may
// decode it more than once.
func ParseYAMLDoc(data []byte, opt YAMLOptions) (*YAMLDoc, error) {
	limit := opt.limit()
	if len(data) > limit {
		return nil, &YAMLError{Msg: fmt.Sprintf("the file is %d bytes; rumref reads at most %d", len(data), limit)}
	}
	if root := fastYAML(data); root != nil {
		return &YAMLDoc{root: root}, nil // the subset rumref writes, read without the YAML parser
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var root yaml.Node
	if err := dec.Decode(&root); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, &YAMLError{Msg: "the file is empty"}
		}
		return nil, syntaxError(err)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); !errors.Is(err, io.EOF) {
		line := extra.Line
		if err != nil {
			return nil, syntaxError(err)
		}
		return nil, &YAMLError{Line: line, Msg: "the file holds more than one YAML document (the second starts here, after ---): keep only the first"}
	}
	node := &root
	if node.Kind == yaml.DocumentNode && len(node.Content) == 1 {
		node = node.Content[0]
	}
	return &YAMLDoc{root: node}, nil
}

// Decode is the second half of DecodeYAMLDoc: it decodes the parsed
// document strictly into v with opt's limit (0: MaxFileSize) and
// IgnoreUnknown.
func (d *YAMLDoc) Decode(v any, opt YAMLOptions) error {
	limit := opt.limit()
	yd := &yamlDecoder{budget: limit, limit: limit, ignoreUnknown: opt.IgnoreUnknown}
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		panic("setup.DecodeYAML needs a pointer")
	}
	return yd.decode(d.root, rv.Elem(), nil, 0)
}

// syntaxLine is compiled at first use, not at every start of rumref.
var syntaxLine = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`) })

// syntaxError words an error of the YAML parser.
func syntaxError(err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	if m := syntaxLine().FindStringSubmatch(err.Error()); m != nil {
		line, _ := strconv.Atoi(m[1])
		return &YAMLError{Line: line, Msg: "this is not valid YAML: " + m[2]}
	}
	return &YAMLError{Msg: "this is not valid YAML: " + msg}
}

// Line returns the line of the value at path (field names and 0-based
// list indexes), or of the deepest part of the path that is present, or 0.
func (d *YAMLDoc) Line(path ...any) int {
	if d == nil || d.root == nil {
		return 0
	}
	n := d.root
	for _, p := range path {
		next := child(n, p)
		if next == nil {
			break
		}
		n = next
	}
	return n.Line
}

// Has reports whether the top-level mapping has the field key.
func (d *YAMLDoc) Has(key string) bool {
	return d != nil && child(d.root, key) != nil
}

// LastKey returns the last field name of the top-level mapping and its
// line and column.
func (d *YAMLDoc) LastKey() (key string, line, column int) {
	if d == nil || d.root == nil || d.root.Kind != yaml.MappingNode || len(d.root.Content) < 2 {
		return "", 0, 0
	}
	k := d.root.Content[len(d.root.Content)-2]
	return k.Value, k.Line, k.Column
}

func child(n *yaml.Node, p any) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	if n == nil {
		return nil
	}
	switch p := p.(type) {
	case string:
		if n.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(n.Content); i += 2 {
				if n.Content[i].Value == p {
					return n.Content[i+1]
				}
			}
		}
	case int:
		if n.Kind == yaml.SequenceNode && p >= 0 && p < len(n.Content) {
			return n.Content[p]
		}
	}
	return nil
}

// segment is one step of the path to a value: a field, or an entry of a
// list (with the entry's name field, when it has one).
type segment struct {
	field string
	index int
	name  string
}

// where words a path: `players entry 2 ("Ann"), field "coins"`, or
// `in pirates, layout entry 3, field "section"`.
func where(path []segment) string {
	var parts []string
	for i := 0; i < len(path); i++ {
		s := path[i]
		if s.field == "" {
			parts = append(parts, entry(s))
			continue
		}
		if i+1 < len(path) && path[i+1].field == "" {
			parts = append(parts, s.field+" "+entry(path[i+1]))
			i++
			continue
		}
		if i+1 < len(path) {
			parts = append(parts, "in "+s.field)
			continue
		}
		parts = append(parts, fmt.Sprintf("field %q", s.field))
	}
	return strings.Join(parts, ", ")
}

func entry(s segment) string {
	if s.name != "" {
		return fmt.Sprintf("entry %d (%q)", s.index+1, s.name)
	}
	return fmt.Sprintf("entry %d", s.index+1)
}

// yamlDecoder decodes a node tree into Go values by reflection, with the
// checks DecodeYAML promises.
type yamlDecoder struct {
	budget        int // bytes the document may still grow by
	limit         int
	ignoreUnknown bool
	active        []*yaml.Node // anchored values being expanded
	aliasNamed    bool         // the growth error names its alias's line
}

// YAMLConverter is a type that reads itself from a value of another type:
// FromYAML calls decode with a pointer to that value, which the strict
// decoder fills from the same YAML value (its errors name the line and
// field), and converts it.
type YAMLConverter interface {
	FromYAML(decode func(v any) error) error
}

var (
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
	yamlConverter   = reflect.TypeFor[YAMLConverter]()
)

func (d *yamlDecoder) fail(n *yaml.Node, path []segment, format string, args ...any) error {
	return &YAMLError{Line: n.Line, Where: where(path), Msg: fmt.Sprintf(format, args...)}
}

func (d *yamlDecoder) decode(n *yaml.Node, v reflect.Value, path []segment, depth int) error {
	if depth > maxNesting {
		return d.fail(n, path, "the values nest more than %d levels deep", maxNesting)
	}
	if n.Kind == yaml.AliasNode {
		for _, a := range d.active {
			if a == n.Alias {
				return d.fail(n, path, "the alias *%s is used inside its own anchor", n.Value)
			}
		}
		d.active = append(d.active, n.Alias)
		err := d.decode(n.Alias, v, path, depth+1)
		d.active = d.active[:len(d.active)-1]
		var ye *YAMLError
		if d.budget < 0 && !d.aliasNamed && errors.As(err, &ye) {
			ye.Line, d.aliasNamed = n.Line, true // the alias that grew too far
		}
		return err
	}
	// Every value costs its text and one byte, each time an alias repeats
	// it: a document without aliases costs at most its own size.
	d.budget -= 1 + len(n.Value)
	if d.budget < 0 {
		return d.fail(n, path, "with its aliases (*name) followed, the file grows beyond %d bytes: write the values out, or use fewer aliases", d.limit)
	}
	if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null" {
		v.SetZero() // an empty value leaves the field at its default
		return nil
	}
	if v.Kind() == reflect.Pointer {
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		return d.decode(n, v.Elem(), path, depth)
	}
	if v.CanAddr() && v.Addr().Type().Implements(yamlConverter) {
		// The type decodes another value from the same YAML value, with
		// the same checks, and converts it.
		d.budget += 1 + len(n.Value) // charged once, here
		return v.Addr().Interface().(YAMLConverter).FromYAML(func(x any) error {
			return d.decode(n, reflect.ValueOf(x).Elem(), path, depth)
		})
	}
	if v.CanAddr() && v.Addr().Type().Implements(textUnmarshaler) {
		if n.Kind != yaml.ScalarNode {
			return d.fail(n, path, "write one word here, %s", notKind(n))
		}
		if err := v.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(n.Value)); err != nil {
			return d.fail(n, path, "%s", err.Error())
		}
		return nil
	}
	switch v.Kind() {
	case reflect.Struct:
		return d.decodeStruct(n, v, path, depth)
	case reflect.Slice:
		if n.Kind != yaml.SequenceNode {
			return d.fail(n, path, "write a list here (such as [a, b] or lines starting with -), %s", notKind(n))
		}
		s := reflect.MakeSlice(v.Type(), len(n.Content), len(n.Content))
		if err := d.decodeItems(n, s, path, depth); err != nil {
			return err
		}
		v.Set(s)
		return nil
	case reflect.Array:
		if n.Kind != yaml.SequenceNode {
			return d.fail(n, path, "write a list of exactly %d entries here, %s", v.Len(), notKind(n))
		}
		if len(n.Content) != v.Len() {
			return d.fail(n, path, "the list has %d entries; it needs exactly %d", len(n.Content), v.Len())
		}
		return d.decodeItems(n, v, path, depth)
	case reflect.String:
		if n.Kind != yaml.ScalarNode {
			return d.fail(n, path, "write one value (a name or a word) here, %s", notKind(n))
		}
		v.SetString(n.Value)
		return nil
	case reflect.Bool:
		b, ok := parseBool(n)
		if !ok {
			return d.fail(n, path, "%s is not true or false: write true or false", shown(n))
		}
		v.SetBool(b)
		return nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		i, err := number(n, ParseWhole)
		if err == nil && v.OverflowInt(int64(i)) {
			err = fmt.Errorf("%s is too large", shown(n))
		}
		if err != nil {
			return d.fail(n, path, "%s", err.Error())
		}
		v.SetInt(int64(i))
		return nil
	case reflect.Float32, reflect.Float64:
		f, err := number(n, parseDecimal)
		if err != nil {
			return d.fail(n, path, "%s", err.Error())
		}
		v.SetFloat(f)
		return nil
	}
	panic(fmt.Sprintf("setup.DecodeYAML cannot decode into %s", v.Type()))
}

func (d *yamlDecoder) decodeItems(n *yaml.Node, v reflect.Value, path []segment, depth int) error {
	for i, item := range n.Content {
		seg := segment{index: i, name: nameOf(item)}
		if err := d.decode(item, v.Index(i), append(path, seg), depth+1); err != nil {
			return err
		}
	}
	return nil
}

// nameOf returns the name field of a list entry, to say which entry is
// at fault.
func nameOf(n *yaml.Node) string {
	if c := child(n, "name"); c != nil && c.Kind == yaml.ScalarNode && len(c.Value) <= 40 {
		return c.Value
	}
	return ""
}

func (d *yamlDecoder) decodeStruct(n *yaml.Node, v reflect.Value, path []segment, depth int) error {
	fields := structFields(v.Type())
	if n.Kind != yaml.MappingNode {
		return d.fail(n, path, "write fields here (%s, each as name: value), %s", fields.allowed, notKind(n))
	}
	seen := make(map[string]int, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, val := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			return d.fail(k, path, "a field name must be one word (allowed: %s)", fields.allowed)
		}
		name := k.Value
		if line, dup := seen[name]; dup {
			return d.fail(k, append(path, segment{field: name}), "the field is given twice (first on line %d): keep one", line)
		}
		seen[name] = k.Line
		idx, ok := fields.index[name]
		if !ok {
			if d.ignoreUnknown {
				continue
			}
			return d.fail(k, path, "%s is not a field here (allowed: %s)", quoteShort(name), fields.allowed)
		}
		if err := d.decode(val, v.FieldByIndex(idx), append(path, segment{field: name}), depth+1); err != nil {
			return err
		}
	}
	return nil
}

// fieldSet is the YAML field names of a struct type, each with its field's
// index (the index path of a field of a struct inlined with ",inline",
// whose fields are the outer struct's, in its place).
type fieldSet struct {
	index   map[string][]int
	allowed string
}

var fieldCache sync.Map // reflect.Type -> *fieldSet

func structFields(t reflect.Type) *fieldSet {
	if fs, ok := fieldCache.Load(t); ok {
		return fs.(*fieldSet)
	}
	fs := &fieldSet{index: map[string][]int{}}
	var names []string
	var add func(t reflect.Type, outer []int)
	add = func(t reflect.Type, outer []int) {
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, opts, _ := strings.Cut(f.Tag.Get("yaml"), ",")
			if name == "-" {
				continue
			}
			at := append(outer[:len(outer):len(outer)], i)
			if slices.Contains(strings.Split(opts, ","), "inline") {
				if name != "" || f.Type.Kind() != reflect.Struct {
					panic(fmt.Sprintf("setup.DecodeYAML: %s.%s is inlined: only an unnamed struct field can be", t, f.Name))
				}
				add(f.Type, at)
				continue
			}
			if name == "" {
				name = strings.ToLower(f.Name)
			}
			if _, dup := fs.index[name]; dup {
				panic(fmt.Sprintf("setup.DecodeYAML: %s has two fields named %q", t, name))
			}
			fs.index[name] = at
			names = append(names, name)
		}
	}
	add(t, nil)
	fs.allowed = strings.Join(names, ", ")
	fieldCache.Store(t, fs)
	return fs
}

// notKind says what was written instead, for "write X here, not Y".
func notKind(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "not a list"
	case yaml.MappingNode:
		return "not a group of fields"
	}
	return "not " + shown(n)
}

// shown quotes a value for a message, cut short if long.
func shown(n *yaml.Node) string {
	if n.Kind != yaml.ScalarNode {
		return notKind(n)[4:]
	}
	return quoteShort(n.Value)
}

func quoteShort(s string) string {
	if len(s) > 40 {
		s = s[:40] + "..."
	}
	return strconv.Quote(s)
}

// number reads a scalar with parse: a list, a group of fields or a
// quoted value is refused.
func number[T any](n *yaml.Node, parse func(string) (T, error)) (T, error) {
	var zero T
	if n.Kind != yaml.ScalarNode {
		return zero, fmt.Errorf("write a number here, %s", notKind(n))
	}
	if n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 {
		return zero, fmt.Errorf("write the number %s without quotes", shown(n))
	}
	return parse(n.Value)
}

// parseDecimal reads a decimal number such as 1.5 or -0.25.
func parseDecimal(s string) (float64, error) {
	ok := s != ""
	for i := 0; ok && i < len(s); i++ {
		ok = s[i] >= '0' && s[i] <= '9' || s[i] == '.' || s[i] == '-' && i == 0
	}
	f, err := strconv.ParseFloat(s, 64)
	if !ok || err != nil {
		return 0, fmt.Errorf("%s is not a number: write digits with an optional decimal point, such as 1.5", quoteShort(s))
	}
	return f, nil
}

func parseBool(n *yaml.Node) (bool, bool) {
	if n.Kind != yaml.ScalarNode || n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 {
		return false, false
	}
	switch strings.ToLower(n.Value) {
	case "true", "yes", "on":
		return true, true
	case "false", "no", "off":
		return false, true
	}
	return false, false
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
		return 0, fmt.Errorf("%s is not a whole number: write digits only, such as 3 or -2 (no leading zeros, decimals, 0x or exponents)", quoteShort(s))
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("%s is too large", quoteShort(s))
	}
	return n, nil
}

// EncodeYAML encodes v as YAML with two-space indentation.
func EncodeYAML(v any) ([]byte, error) {
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
