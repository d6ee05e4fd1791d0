package prompts

import (
	"io"
	"strings"
	"testing"

	"rumref/referee"
)

// BenchmarkPlainSession plays the test game through a plain session with
// a bad answer, a meta command and an undo on the way.
func BenchmarkPlainSession(b *testing.B) {
	for b.Loop() {
		e, err := referee.Start(newTable)
		if err != nil {
			b.Fatal(err)
		}
		s := &Session{Engine: e, Mode: Plain, In: strings.NewReader("7\n3\nrum\nlog\nundo\nred\n4\n"), Out: io.Discard, ErrOut: io.Discard}
		if err := s.Run(); err != nil {
			b.Fatal(err)
		}
		e.Close()
	}
}

// BenchmarkParseInput measures the answer parser on a long option list.
func BenchmarkParseInput(b *testing.B) {
	q := &referee.Question{ID: "x", Kind: referee.Choice}
	for i := range 40 {
		q.Options = append(q.Options, referee.Option{Key: "tile" + strings.Repeat("x", i%5) + string(rune('a'+i%26)), Label: "Tile"})
	}
	for b.Loop() {
		parseInput(q, " 17 ")
		parseInput(q, "rules rum")
	}
}
