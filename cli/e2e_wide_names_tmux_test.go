//go:build linux || darwin

package cli

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rumref/journal"
	"rumref/safetext"
	"rumref/sim"
)

// TestTmuxWideNamesLineUp shows a finished game whose players are named
// 山田太郎 (four characters a terminal draws two columns wide each) and Zoë
// (a letter with a diaeresis) in a real terminal 80 columns wide, as
// resume draws its end: every column of the score pad ends at the same
// screen column in the header and in each row, and the players' lines and
// the rulings naming them are wrapped by rumref (no line wider than the
// terminal, which the terminal would break wherever its edge fell).
func TestTmuxWideNamesLineUp(t *testing.T) {
	const cols = 80
	f, err := sim.Finished("pirates", 5, 3)
	if err != nil {
		t.Fatal(err)
	}
	data, err := journal.Encode(f)
	if err != nil {
		t.Fatal(err)
	}
	save := strings.Replace(string(data), "name: Ann\n", "name: 山田太郎\n", 1)
	save = strings.Replace(save, "name: Bo\n", "name: Zoë\n", 1)
	if save == string(data) || !strings.Contains(save, "Zoë") {
		t.Fatalf("the save names no Ann and Bo to rename:\n%s", data)
	}
	path := filepath.Join(t.TempDir(), "wide.yaml")
	if err := os.WriteFile(path, []byte(save), 0o600); err != nil {
		t.Fatal(err)
	}
	p := startTmuxSize(t, cols, 50, "resume", path)
	p.waitFor("press Enter")
	p.keys(false, "Enter")
	p.waitFor("EXIT=0")
	shown := p.history()
	lines := strings.Split(shown, "\n")

	// The pad: its header is the line of the five names, its rows follow
	// up to the blank line after it.
	names := []string{"山田太郎", "Zoë", "Cy", "Di", "Ed"}
	head := -1
	for i, l := range lines {
		if strings.Join(strings.Fields(l), " ") == strings.Join(names, " ") {
			head = i
			break
		}
	}
	if head < 0 {
		t.Fatalf("no score pad header naming %v:\n%s", names, shown)
	}
	want := cellEnds(lines[head], len(names))
	rows := 0
	for _, l := range lines[head+1:] {
		if strings.TrimSpace(l) == "" {
			break
		}
		if strings.Trim(l, "-") == "" {
			if w := safetext.Width(l); w != want[len(want)-1] {
				t.Errorf("a rule of %d columns, the pad is %d wide: %q", w, want[len(want)-1], l)
			}
			continue
		}
		rows++
		if got := cellEnds(l, len(names)); !slices.Equal(got, want) {
			t.Errorf("a row's cells end at columns %v, the names at %v:\n%s\n%s", got, want, lines[head], l)
		}
	}
	if rows < 10 {
		t.Errorf("only %d rows of the pad read:\n%s", rows, shown)
	}

	// Wrapped lines: history joins what the terminal broke (-J), so a line
	// rumref did not wrap itself comes back wider than the pane.
	wrapped := 0
	for _, l := range lines {
		// A word longer than the terminal (the BG Stats link) cannot be
		// wrapped.
		if w := safetext.Width(l); w > cols && strings.Contains(l, " ") {
			t.Errorf("a line of %d columns in a %d-column terminal: %q", w, cols, l)
		}
		if strings.HasPrefix(strings.TrimSpace(l), "山田太郎") || strings.HasPrefix(strings.TrimSpace(l), "Zoë") {
			wrapped++
		}
	}
	for _, ruling := range []string{"Zoë scores nothing for: map yellow 5 (a single map without a pair); map rose 5 (a single map without a pair).", "山田太郎 (gold): supply"} {
		if !strings.Contains(strings.Join(strings.Fields(shown), " "), ruling) {
			t.Errorf("the terminal lost or moved words of %q:\n%s", ruling, shown)
		}
	}
	if wrapped == 0 {
		t.Errorf("no line starts with a wide name:\n%s", shown)
	}
}

// cellEnds is the screen column where each of a row's last n
// space-separated cells ends.
func cellEnds(line string, n int) []int {
	var ends []int
	col := 0
	in := false
	for _, r := range line {
		w := safetext.Width(string(r))
		if r == ' ' {
			if in {
				ends = append(ends, col)
			}
			in = false
		} else {
			in = true
		}
		col += w
	}
	if in {
		ends = append(ends, col)
	}
	if len(ends) < n {
		return ends
	}
	return ends[len(ends)-n:]
}
