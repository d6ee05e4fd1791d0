package setup

import (
	"errors"
	"strings"
	"testing"

	"rumref/internal/yamlfile"
	"rumref/referee/pirates"
)

// FuzzDecodeYAML: whatever the file, decoding a score sheet, a card file
// or a layout never panics, and refuses in words: an error of the line
// with no Go type, YAML tag or strconv text.
func FuzzDecodeYAML(f *testing.F) {
	f.Add([]byte(issueSheet))
	f.Add([]byte("cards: [{name: Fog, side: crown, type: hazard, cost: 1, options: [[{do: pay, n: 1}]]}]"))
	f.Add([]byte("a: &a [1, 2]\nb: [*a, *a]\n"))
	f.Add([]byte("players: [{name: Ann, coins: 010}, {name: Bo, coins: 2.7}]\n"))
	f.Add([]byte("layout: [{section: 1}]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var targets = []any{new(sheetFile), new(RunnerCardFile), new(struct {
			Layout pirates.Layout `yaml:"layout"`
			F      float64        `yaml:"f"`
			B      bool           `yaml:"b"`
			P      *int           `yaml:"p"`
		})}
		for _, v := range targets {
			err := yamlfile.Decode(data, v, yamlfile.MaxSize)
			if err == nil {
				continue
			}
			var ye *yamlfile.Error
			if !errors.As(err, &ye) {
				t.Fatalf("error %T %v", err, err)
			}
			for _, internal := range []string{"!!", "setup.", "unmarshal", "strconv", "reflect", "[]int", "int64", "runner.", "pirates."} {
				if strings.Contains(ye.Error(), internal) && !strings.Contains(string(data), internal) {
					t.Fatalf("error %q shows %q", err, internal)
				}
			}
		}
	})
}
