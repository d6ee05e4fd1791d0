// Package journal reads and writes save files: the setup result plus the
// list of accepted answers, in versioned YAML. Saves are written
// atomically (temp file, fsync, rename, fsync of the directory), the
// previous save is kept as FILE.bak, and a lock keeps two rumref processes
// from writing one save.
package journal

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"go.yaml.in/yaml/v3"

	"rumref/referee"
	"rumref/referee/pirates"
	"rumref/referee/runner"
)

// Format is the save format version this rumref writes and reads.
const Format = 1

// MaxSize caps the size of a save file rumref will read.
const MaxSize = 8 << 20

// File is one save: the format version, the game, its setup result and the
// accepted answers.
type File struct {
	Format  int             `yaml:"format"`
	Game    string          `yaml:"game"`
	Pirates *pirates.Config `yaml:"pirates,omitempty"`
	Runner  *runner.Config  `yaml:"runner,omitempty"`
	// Teach keeps the first-game walkthrough on when the game is resumed.
	Teach   bool             `yaml:"teach,omitempty"`
	Answers []referee.Answer `yaml:"answers"`
}

// ErrNewer is returned for a save written by a newer rumref.
var ErrNewer = errors.New("the save was written by a newer rumref")

// Encode returns the save as YAML, one answer per line.
func Encode(f *File) ([]byte, error) {
	head := *f
	head.Answers = nil
	var doc yaml.Node
	if err := doc.Encode(&head); err != nil {
		return nil, fmt.Errorf("encoding the save: %w", err)
	}
	seq := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
	for _, a := range f.Answers {
		seq.Content = append(seq.Content, &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Style: yaml.FlowStyle,
			Content: []*yaml.Node{str("q"), str(a.Q), str("a"), str(a.A)}})
	}
	for i := 0; i+1 < len(doc.Content); i += 2 {
		if doc.Content[i].Value == "answers" {
			doc.Content[i+1] = seq
		}
	}
	var buf bytes.Buffer
	buf.WriteString("# rumref save file: the setup and every answer given. Resume with: rumref resume FILE\n")
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(&doc); err != nil {
		return nil, fmt.Errorf("encoding the save: %w", err)
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("encoding the save: %w", err)
	}
	return buf.Bytes(), nil
}

func str(s string) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s}
}

// Decode parses a save strictly: unknown fields, a missing or newer format,
// an unknown game or a missing setup are errors that name the line at
// fault where there is one.
func Decode(data []byte) (*File, error) {
	if len(data) > MaxSize {
		return nil, fmt.Errorf("the save is %d bytes; rumref reads at most %d", len(data), MaxSize)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, errors.New("the save is empty")
	}
	// Look at the format first, so that a newer save is refused as newer
	// rather than for fields this rumref does not know.
	var probe struct {
		Format int `yaml:"format"`
	}
	if err := yaml.Unmarshal(data, &probe); err != nil {
		return nil, errors.New(clean(err))
	}
	if probe.Format > Format {
		return nil, fmt.Errorf("%w (format %d); this rumref reads format %d: update rumref to open it", ErrNewer, probe.Format, Format)
	}
	var f File
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil {
		return nil, errors.New(clean(err))
	}
	var extra any
	if err := dec.Decode(&extra); err == nil {
		return nil, errors.New("the save holds more than one YAML document")
	}
	if f.Format < 1 {
		return nil, errors.New("the save has no format version (line \"format: 1\" missing): it is not a rumref save")
	}
	switch f.Game {
	case "pirates":
		if f.Pirates == nil || f.Runner != nil {
			return nil, errors.New("a pirates save needs a pirates: section and no runner: section")
		}
		if err := f.Pirates.Validate(); err != nil {
			return nil, fmt.Errorf("the pirates: section is not a valid setup: %w", err)
		}
		if err := checkLayout(f.Pirates.Layout); err != nil {
			return nil, fmt.Errorf("the pirates: layout is not a valid board: %w", err)
		}
	case "runner":
		if f.Runner == nil || f.Pirates != nil {
			return nil, errors.New("a runner save needs a runner: section and no pirates: section")
		}
		if err := f.Runner.Validate(); err != nil {
			return nil, fmt.Errorf("the runner: section is not a valid setup: %w", err)
		}
	default:
		return nil, fmt.Errorf("game %q is not one rumref knows: use pirates or runner", f.Game)
	}
	for i, a := range f.Answers {
		if a.Q == "" || a.A == "" {
			return nil, fmt.Errorf("answer %d%s is incomplete: each answer needs q and a", i+1, answerLine(data, i))
		}
	}
	return &f, nil
}

// AnswerLine returns " (line N)" for the i-th answer of a save, or "".
func AnswerLine(data []byte, i int) string { return answerLine(data, i) }

func answerLine(data []byte, i int) string {
	var doc yaml.Node
	if yaml.Unmarshal(data, &doc) != nil || len(doc.Content) == 0 {
		return ""
	}
	m := doc.Content[0]
	for k := 0; k+1 < len(m.Content); k += 2 {
		if m.Content[k].Value == "answers" && i < len(m.Content[k+1].Content) {
			return fmt.Sprintf(" (line %d)", m.Content[k+1].Content[i].Line)
		}
	}
	return ""
}

func clean(err error) string {
	return strings.TrimPrefix(err.Error(), "yaml: ")
}

// Read loads a save file from disk with the size cap.
func Read(path string) (*File, []byte, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err != nil {
		return nil, nil, err
	}
	if st.IsDir() {
		return nil, nil, fmt.Errorf("%s is a directory, not a save file", path)
	}
	if st.Size() > MaxSize {
		return nil, nil, fmt.Errorf("%s is %d bytes; rumref reads saves of at most %d", path, st.Size(), MaxSize)
	}
	data, err := io.ReadAll(io.LimitReader(fh, MaxSize+1))
	if err != nil {
		return nil, nil, err
	}
	f, err := Decode(data)
	if err != nil {
		return nil, data, err
	}
	return f, data, nil
}

// checkLayout requires each of the nine sections once, each turned 0-3
// quarter-turns.
func checkLayout(l pirates.Layout) error {
	var seen [10]bool
	for i, p := range l {
		if p.Section < 1 || p.Section > 9 {
			return fmt.Errorf("cell %d holds section %d: sections are numbered 1 to 9", i+1, p.Section)
		}
		if seen[p.Section] {
			return fmt.Errorf("section %d is placed twice: each section is used once", p.Section)
		}
		seen[p.Section] = true
		if p.Turn < 0 || p.Turn > 3 {
			return fmt.Errorf("section %d is turned %d times: use 0 to 3 quarter-turns", p.Section, p.Turn)
		}
	}
	return nil
}
