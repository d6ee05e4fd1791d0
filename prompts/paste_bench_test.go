package prompts

import (
	"fmt"
	"io"
	"strings"
	"testing"
	"time"
)

// BenchmarkTerminalPaste pastes 40 KB and 400 KB into a typed terminal
// prompt (promptui's line editor) and presses Enter. Before lineCap the
// 40 KB paste took about a minute on a loaded 2-core machine (16 s of CPU
// when idle): the editor's work per character grows with the line.
func BenchmarkTerminalPaste(b *testing.B) {
	for _, size := range []int{40 << 10, 400 << 10} {
		b.Run(fmt.Sprintf("%dKB", size>>10), func(b *testing.B) {
			paste := strings.Repeat("x", size) + "\r"
			for b.Loop() {
				t := newTerminal(strings.NewReader(paste), io.Discard, palette{})
				s, err := t.prompt("What did you roll?", func(string) error { return nil }, false)
				if err != nil || checkLine(s) == nil {
					b.Fatalf("the paste came back as %d bytes that would be taken (%v)", len(s), err)
				}
			}
		})
		// The same paste at rumref's own list, then a 2 that chooses.
		b.Run(fmt.Sprintf("list-%dKB", size>>10), func(b *testing.B) {
			paste := strings.Repeat("x", size) + "\r2"
			for b.Loop() {
				t := newTerminal(strings.NewReader(paste), io.Discard, palette{})
				res, err := t.choose(pasteList())
				if err != nil || res.index != 1 {
					b.Fatalf("after the paste the list gave %+v (%v)", res, err)
				}
			}
		})
	}
}

// pasteList is a short list that takes commands, as a game's question.
func pasteList() listSpec {
	return listSpec{label: "Which?", items: listItems([]string{"move", "rest", "board"}, []string{"Move", "Rest", "Go on board"}, true), commands: true}
}

// TestListPasteIsRefusedNotCut pastes long lines into a terminal list:
// none is taken as its first 1000 characters (an option's key and
// spaces), and the refusal does not repeat the paste.
func TestListPasteIsRefusedNotCut(t *testing.T) {
	for _, paste := range []string{
		"rest" + strings.Repeat(" ", 5000),
		"undo" + strings.Repeat(" ", 996) + "x",
		strings.Repeat("x", 40<<10),
		// Keys the list does not keep (tabs, control characters) still
		// count: the line editor's cap dropped what came after them.
		"rest" + strings.Repeat("\t", 5000) + "zz",
		"rest" + strings.Repeat("\x01", 3000),
		"rest" + strings.Repeat("\xe2a", 800),
	} {
		var out strings.Builder
		term := newTerminal(strings.NewReader(paste+"\r3"), &out, palette{})
		res, err := term.choose(pasteList())
		if err != nil || res.index != 2 {
			t.Errorf("a paste of %d bytes then 3: got %+v (%v), want the third option", len(paste), res, err)
		}
		if !strings.Contains(out.String(), "that line is too long") || strings.Contains(out.String(), strings.Repeat("x", 1001)) {
			t.Errorf("a paste of %d bytes: no refusal as too long, or the paste shown in full", len(paste))
		}
	}
}

// TestTerminalPasteIsRefusedNotCut pastes long lines into the terminal
// prompt: each comes back too long to be taken, never cut down to a valid
// answer.
func TestTerminalPasteIsRefusedNotCut(t *testing.T) {
	for _, paste := range []string{
		strings.Repeat("x", 40<<10),
		"3" + strings.Repeat("\t", 5000) + "\x1b[2J",
		"3" + strings.Repeat(" ", 5000),
		strings.Repeat("日", 3000),
		strings.Repeat("\x1b[A", 3000) + "4", // arrow keys do not count
	} {
		term := newTerminal(strings.NewReader(paste+"\r"), io.Discard, palette{})
		s, err := term.prompt("roll", nil, false)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(paste, "\x1b[A") {
			if s != "4" {
				t.Errorf("arrow keys then 4 gave %q", s)
			}
			continue
		}
		if why := fmt.Sprint(checkLine(s)); !strings.Contains(why, "too long (more than 1000 characters)") {
			t.Errorf("a paste of %d bytes came back as %d bytes and was not refused as too long: %q", len(paste), len(s), why)
		}
	}
}

func TestLineCapKeepsShortLinesWhole(t *testing.T) {
	var c lineCap
	in := "rules wrangle\r\x1b[Bundo\x7f\x7fo\nÄnn Öl\r"
	if got := string(c.filter([]byte(in))); got != in {
		t.Fatalf("filter changed a short input: %q", got)
	}
	long := strings.Repeat("é", maxLine+50) + "\rok\r"
	got := string(c.filter([]byte(long)))
	if want := strings.Repeat("é", maxLine+1) + "\x1f\rok\r"; got != want {
		t.Fatalf("filter kept %d bytes, want %d", len(got), len(want))
	}
}

// TestListDigitsDoNotAddUpToALongLine answers 1,200 lists in a row with a
// digit and no Enter: each list is a line of its own for the paste cap,
// which would otherwise drop every key after the thousandth.
func TestListDigitsDoNotAddUpToALongLine(t *testing.T) {
	pr, pw := io.Pipe()
	defer pw.Close()
	term := newTerminal(pr, io.Discard, palette{})
	done := make(chan error, 1)
	go func() {
		for i := range 1200 {
			go pw.Write([]byte("2"))
			res, err := term.choose(pasteList())
			if err == nil && res.index != 1 {
				err = fmt.Errorf("answer %d: %+v", i+1, res)
			}
			if err != nil {
				done <- err
				return
			}
		}
		done <- nil
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("a list stopped taking its digit: the keys of earlier lists counted as one long line")
	}
}
