package prompts

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
)

// pubItems are the twelve pub tiles, as a draw lists them.
func pubItems() []listItem {
	var keys, labels []string
	for _, p := range []string{"The Swan", "Es Cruce", "Frere Jacques"} {
		for v := 2; v <= 5; v++ {
			keys = append(keys, fmt.Sprintf("%s-%d", strings.ToLower(strings.Fields(p)[0]), v))
			labels = append(labels, fmt.Sprintf("%s %d", p, v))
		}
	}
	return listItems(keys, labels, true)
}

// rumRoll is a roll with rum as the rules ask it: the die's 1 to 6, or r
// and the result after a rum barrel.
func rumRoll() []listItem {
	var keys, labels []string
	for d := 1; d <= 6; d++ {
		keys, labels = append(keys, fmt.Sprint(d)), append(labels, fmt.Sprint(d))
	}
	for d := 1; d <= 6; d++ {
		keys, labels = append(keys, fmt.Sprintf("r%d", d)), append(labels, fmt.Sprintf("%d after a rum barrel", d))
	}
	return listItems(keys, labels, false)
}

func TestListKeys(t *testing.T) {
	short := listItems([]string{"move", "rest", "board"}, []string{"Move the captain", "Rest", "Go on board"}, true)
	die := listItems([]string{"1", "2", "3", "4", "5", "6"}, []string{"1", "2", "3", "4", "5", "6"}, false)
	for _, c := range []struct {
		name  string
		items []listItem
		keys  string
		index int    // the option chosen, or -1
		line  string // the line returned when none was chosen
		err   error
		shown string // the output shows this
	}{
		{"a digit chooses at once", short, "2", 1, "", nil, "chose: Rest"},
		{"a stray Enter chooses nothing", short, "\r\r3", 2, "", nil, "choose with a number or the arrow keys"},
		{"a digit out of range is refused and cleared", short, "7\r1", 0, "", nil, "there is no option 7 (type 1 to 3)"},
		{"arrows and Enter", short, "\x1b[B\x1b[B\x1b[A\x1b[B\r", 1, "", nil, "chose: Rest"},
		{"typing narrows, Enter takes the first left", short, "boa\r", 2, "", nil, "Go on board"},
		{"a whole key typed", short, "rest\r", 1, "", nil, ""},
		{"a command word", short, "undo\r", -1, "undo", nil, ""},
		{"a forced command", short, ":log\r", -1, ":log", nil, ""},
		{"a line that matches nothing goes to the session", short, "zzz\r", -1, "zzz", nil, "no option matches"},
		{"backspace and Esc", short, "zz\x7f\x7f\x1bx2", 1, "", nil, ""},
		{"? shows the keys", short, "?2", 1, "", nil, "[board]"},
		{"Ctrl-C quits", short, "\x03", -1, "", ErrQuit, ""},
		{"the input ends", short, "", -1, "", ErrInputEnded, ""},
		{"a long list: 1 waits for the next digit", pubItems(), "12", 11, "", nil, "chose: Frere Jacques 5"},
		{"a long list: 1 then Enter", pubItems(), "1\r", 0, "", nil, "The Swan"},
		{"a long list: 3 is not the start of a longer number", pubItems(), "3", 2, "", nil, "chose: The Swan 4"},
		{"a long list is grouped", pubItems(), "5", 4, "", nil, "Frere Jacques   9) 2"},
		{"words narrow a long list", pubItems(), "frere 4\r", 10, "", nil, ""},
		// Every roll the same way (issue 23 item 6): a digit answers at
		// once, r and the result for a roll with rum.
		{"a die's digit answers at once", die, "4", 3, "", nil, "  1   2   3   4   5   6"},
		{"a die out of range", die, "7", -1, "", ErrInputEnded, "there is no option 7 (type 1 to 6)"},
		{"a roll with rum: its digit", rumRoll(), "5", 4, "", nil, "1-6 or r1-r6 choose"},
		{"a roll with rum: r and the result", rumRoll(), "r5", 10, "", nil, "chose: 5 after a rum barrel"},
		{"a roll with rum: R and the result", rumRoll(), "R2", 7, "", nil, "r2) 2 after a rum barrel"},
		// A line longer than any answer (a paste) is refused whole, never
		// taken as its first 1000 characters ("rest" and spaces).
		{"an overlong line is refused, not cut down", short, "rest" + strings.Repeat(" ", 996) + "zzz\r2", 1, "", nil, "that line is too long"},
		{"a 40 KB paste is refused", short, strings.Repeat("x", 40<<10) + "\r2", 1, "", nil, "that line is too long"},
		{"Esc after an overlong line starts afresh", short, strings.Repeat("x", 1001) + "\x1b" + "x" + "rest\r", 1, "", nil, "at most 1000 characters"},
	} {
		var out strings.Builder
		spec := listSpec{label: "Pick.", items: c.items, commands: true, keys: true}
		res, err := runList(spec, strings.NewReader(c.keys), &out, 80, palette{})
		if !errors.Is(err, c.err) {
			t.Errorf("%s: error %v, want %v", c.name, err, c.err)
			continue
		}
		if err == nil && (res.index != c.index || res.line != c.line) {
			t.Errorf("%s: got %+v, want index %d line %q", c.name, res, c.index, c.line)
		}
		if !strings.Contains(out.String(), c.shown) {
			t.Errorf("%s: the list never showed %q:\n%s", c.name, c.shown, out.String())
		}
	}
}

// FuzzList types random keys into a list: it never panics, and what it
// returns is an option of the list, a line, or an error.
func FuzzList(f *testing.F) {
	f.Add([]byte("12\r"), 12)
	f.Add([]byte("\x1b[B\x1b[5~\x1b[6~\x1bOA\r"), 3)
	f.Add([]byte("fr\xc3\xa9re 4\x7f\r"), 12)
	f.Fuzz(func(t *testing.T, keys []byte, n int) {
		n = 1 + (n%30+30)%30
		var ks, ls []string
		for i := range n {
			ks = append(ks, fmt.Sprintf("k%d", i))
			ls = append(ls, fmt.Sprintf("tile %d", i%7))
		}
		res, err := runList(listSpec{label: "Pick.", items: listItems(ks, ls, true), commands: true, keys: true}, strings.NewReader(string(keys)), io.Discard, 50, palette{on: true})
		if err == nil && (res.index < -1 || res.index >= n) {
			t.Fatalf("index %d of %d options", res.index, n)
		}
	})
}

// TestTypedListShowsEveryOption: a secret list, answered by typing its
// number masked, cannot scroll, so every option is listed.
func TestTypedListShowsEveryOption(t *testing.T) {
	var ks, ls []string
	for i := range 20 {
		ks = append(ks, fmt.Sprintf("card-%d", i))
		ls = append(ls, fmt.Sprintf("Card named %c", 'A'+i))
	}
	var out strings.Builder
	writeList(&out, listSpec{items: listItems(ks, ls, true)}, 80, palette{})
	if !strings.Contains(out.String(), "20) Card named T") || strings.Contains(out.String(), "more:") {
		t.Fatalf("the typed list does not show all 20 options:\n%s", out.String())
	}
}
