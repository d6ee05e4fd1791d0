package prompts

import (
	"fmt"
	"unicode"

	"github.com/manifoldco/promptui"

	"rumref/safetext"
)

// The pauses ("press Enter when you have the laptop", "press Enter to
// start") and the yes-or-no questions are read by rumref's own key reader
// (list.go), not by a promptui Prompt. promptui v0.9.0's Prompt.Run races
// with its line editor at every Enter and Ctrl-C: readline hands the line
// back and then calls promptui's key listener once more from its own
// goroutine, and that listener writes the cursor's line (Cursor.Update)
// and redraws through the screen buffer (a bytes.Buffer with its line
// counts) while Run reads the line and does its final redraw into the same
// buffer. No hook of promptui runs before Run's side touches that memory,
// so it cannot be ordered from outside; a pause or a y asks for no text to
// edit, so they need no editor. A pause looks as promptui's prompt does:
// the label in bold with a block cursor after what was typed, and once
// Enter is pressed the label faint with the cursor gone; Ctrl-C or the end
// of the input erases the line.

// pauseCursor is the block promptui draws as its cursor.
const pauseCursor = "█"

// pause shows label and waits for Enter. What is typed is shown (and
// Backspace takes it back) but means nothing.
func (t *terminal) pause(label string) error {
	_, err := t.keyPrompt(label, "", func(label, typed string) string { return t.faint(label) + " " + typed })
	return err
}

// confirm asks yes or no; anything but y is no, so no risky choice is
// taken by a stray Enter. It looks as promptui's confirm did: "(y/N)"
// faint after the label, and after Enter a yes as a pause's line, a no as
// the bold label alone.
func (t *terminal) confirm(text string) (bool, error) {
	yes := false
	_, err := t.keyPrompt(text, t.faint(t.pal.say("confirm.yn"))+" ", func(label, typed string) string {
		if yes = isYes(typed) && len(typed) == 1; yes {
			return t.faint(label) + " " + typed
		}
		return t.bold(label) + " "
	})
	return yes, err
}

func (t *terminal) bold(s string) string {
	if !t.pal.on {
		return s
	}
	return promptui.Styler(promptui.FGBold)(s)
}

func (t *terminal) faint(s string) string {
	if !t.pal.on {
		return s
	}
	return promptui.Styler(promptui.FGFaint)(s)
}

// keyPrompt draws label in bold, then after (what promptui draws after
// a confirm's label), what is typed and a block cursor, and reads keys up
// to Enter; then it draws done's line in its place and returns what was
// typed. Ctrl-C (ErrQuit) and the end of the input (ErrInputEnded) erase
// the line.
func (t *terminal) keyPrompt(label, after string, done func(label, typed string) string) (string, error) {
	defer t.raw()()
	v := t.pump.view()
	defer v.Close()
	label = t.fitLabel(label, promptRoom)
	head := t.bold(label) + " " + after
	// Typed text is kept only while it fits after the label, so the line
	// never wraps (a wrapped line would be drawn again below itself).
	room := max(0, t.width()-safetext.Width(head)-2)
	var typed []rune
	draw := func(line string) { fmt.Fprint(t.out, moveUp+clearLine+line+"\n") }
	fmt.Fprint(t.out, hideCursor)
	defer fmt.Fprint(t.out, showCursor)
	fmt.Fprint(t.out, clearLine+head+pauseCursor+"\n")
	kr := &keyReader{r: v}
	for {
		k, err := kr.next()
		if err != nil {
			draw("")
			return "", promptErr(err)
		}
		switch k.kind {
		case keyEnter:
			draw(done(label, string(typed)))
			return string(typed), nil
		case keyCtrlC:
			draw("")
			return "", ErrQuit
		case keyCtrlD:
			if len(typed) == 0 {
				draw("")
				return "", ErrInputEnded
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
			if !unicode.IsPrint(k.r) || safetext.Width(string(typed))+1 > room {
				continue
			}
			typed = append(typed, k.r)
		default:
			continue
		}
		draw(head + string(typed) + pauseCursor)
	}
}

// clearLine and moveUp are the escape codes promptui's screen buffer
// draws its line with.
const (
	clearLine = "\x1b[2K\r"
	moveUp    = "\x1b[1A"
)
