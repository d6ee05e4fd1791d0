package prompts

import (
	"errors"
	"fmt"
	"io"
	"unicode"

	"github.com/manifoldco/promptui"
)

// The pauses ("press Enter when you have the laptop", "press Enter to
// start") are read by rumref's own key reader (list.go), not by a
// promptui Prompt. promptui v0.9.0's Prompt.Run races with its line
// editor at every Enter and Ctrl-C: readline hands the line back and then
// calls promptui's key listener once more from its own goroutine, and that
// listener writes the cursor's line (Cursor.Update) and redraws through
// the screen buffer (a bytes.Buffer with its line counts) while Run reads
// the line and does its final redraw into the same buffer. No hook of
// promptui runs before Run's side touches that memory, so it cannot be
// ordered from outside; a pause asks for no text, so it needs no editor.
// It looks as promptui's prompt does: the label in bold with a block
// cursor after what was typed, and once Enter is pressed the label faint
// with the cursor gone; Ctrl-C or the end of the input erases the line.

// pauseCursor is the block promptui draws as its cursor.
const pauseCursor = "█"

// pause shows label and waits for Enter. What is typed is shown (and
// Backspace takes it back) but means nothing.
func (t *terminal) pause(label string) error {
	defer t.raw()()
	v := t.pump.view()
	defer v.Close()
	label = t.fitLabel(label, promptRoom)
	bold, faint := label, label
	if t.pal.on {
		bold, faint = promptui.Styler(promptui.FGBold)(label), promptui.Styler(promptui.FGFaint)(label)
	}
	// Typed text is kept only while it fits after the label, so the line
	// never wraps (a wrapped line would be drawn again below itself).
	room := max(0, t.width()-visibleWidth(label)-3)
	var typed []rune
	draw := func(first bool) {
		if !first {
			fmt.Fprint(t.out, moveUp)
		}
		fmt.Fprint(t.out, clearLine+bold+" "+string(typed)+pauseCursor+"\n")
	}
	fmt.Fprint(t.out, hideCursor)
	defer fmt.Fprint(t.out, showCursor)
	draw(true)
	kr := &keyReader{r: v}
	for {
		k, err := kr.next()
		if err != nil {
			fmt.Fprint(t.out, moveUp+clearLine+"\n")
			if errors.Is(err, io.EOF) {
				return ErrInputEnded
			}
			return fmt.Errorf("reading from the terminal: %w", err)
		}
		switch k.kind {
		case keyEnter:
			fmt.Fprint(t.out, moveUp+clearLine+faint+" "+string(typed)+"\n")
			return nil
		case keyCtrlC:
			fmt.Fprint(t.out, moveUp+clearLine+"\n")
			return ErrQuit
		case keyCtrlD:
			if len(typed) == 0 {
				fmt.Fprint(t.out, moveUp+clearLine+"\n")
				return ErrInputEnded
			}
			continue
		case keyBackspace:
			if len(typed) == 0 {
				continue
			}
			typed = typed[:len(typed)-1]
		case keyCtrlU:
			typed = typed[:0]
		case keyRune:
			if !unicode.IsPrint(k.r) || visibleWidth(string(typed))+1 > room {
				continue
			}
			typed = append(typed, k.r)
		default:
			continue
		}
		draw(false)
	}
}

// clearLine and moveUp are the escape codes promptui's screen buffer
// draws its line with.
const (
	clearLine = "\x1b[2K\r"
	moveUp    = "\x1b[1A"
)
