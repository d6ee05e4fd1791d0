package prompts

import (
	"fmt"

	"rumref/safetext"
)

// The terminal's typed lines (answers, dice, secrets, a correction's new
// value) are read by rumref's own line editor, as the lists (list.go) and
// the pauses (pause.go) are, and no longer by a promptui Prompt. promptui
// v0.9.0's Prompt.Run races with its line editor at every Enter and
// Ctrl-C: after handing the line back, readline calls promptui's key
// listener once more from its own goroutine, which writes the cursor's
// line (Cursor.Update) and redraws through the screen buffer (a
// bytes.Buffer and its line counts) while Run reads the line and does its
// final redraw into the same buffer. The race detector reported it at the
// first Enter of TestTmuxSecretCorrectionAndTakeBack, and on a loaded
// machine that test once saw rumref end with exit code 4 (a recovered
// panic). The editor here reads and draws on the caller's goroutine alone.

// editLine reads one line typed after label (one line of the terminal:
// see fitLabel) and returns it; a hidden line (mask) shows a star for each
// character typed and is erased after Enter. It is drawn as promptui drew
// its prompt: the label in bold, what is typed and a block cursor over the
// character at the cursor; after Enter the label faint and the line. The
// keys: characters, Backspace, the left and right arrows, Ctrl-U (erase
// the line), Enter; Ctrl-C quits (ErrQuit), Ctrl-D on an empty line and
// the end of the input end it (ErrInputEnded), and both erase the line.
// A line longer than any answer (a paste: the pump passes on its first
// maxLine+1 characters and overMark) comes back as tooLong, never cut
// down to something that could be taken. A line wider than the screen is
// shown around the cursor, so it never wraps (a wrapped line would be
// drawn again below itself).
func (t *terminal) editLine(label string, mask bool) (string, error) {
	defer t.raw()()
	v := t.pump.view()
	defer v.Close()
	head := t.bold(label) + " "
	room := max(1, t.width()-safetext.Width(head)-2)
	e := &lineEdit{mask: mask}
	draw := func(line string) { fmt.Fprint(t.out, moveUp+clearLine+line+"\n") }
	fmt.Fprint(t.out, hideCursor)
	defer fmt.Fprint(t.out, showCursor)
	fmt.Fprint(t.out, clearLine+head+e.view(room, true)+"\n")
	kr := &keyReader{r: v}
	for {
		k, err := kr.next()
		if err != nil {
			draw("")
			return "", promptErr(err)
		}
		switch k.kind {
		case keyEnter:
			if mask {
				// Erased: the next line is written in its place.
				fmt.Fprint(t.out, moveUp+clearLine)
			} else {
				draw(t.faint(label) + " " + e.view(room, false))
			}
			if e.over {
				return tooLong, nil
			}
			return string(e.line), nil
		case keyCtrlC:
			draw("")
			return "", ErrQuit
		case keyCtrlD:
			if len(e.line) == 0 {
				draw("")
				return "", ErrInputEnded
			}
			continue
		default:
			if !e.key(k) {
				continue
			}
		}
		draw(head + e.view(room, true))
	}
}

// lineEdit is the line being typed and the cursor's place in it.
type lineEdit struct {
	line []rune
	pos  int // the cursor is before line[pos]
	mask bool
	// over: more than maxLine characters came for the line (the keys
	// past them are dropped): Enter refuses it whole.
	over bool
}

// key acts on one key and reports whether the line or the cursor moved.
func (e *lineEdit) key(k key) bool {
	switch k.kind {
	case keyRune:
		if len(e.line) >= maxLine {
			e.over = true
			return false
		}
		e.line = append(e.line, 0)
		copy(e.line[e.pos+1:], e.line[e.pos:])
		e.line[e.pos] = k.r
		e.pos++
	case keyOver:
		e.over = true
		return false
	case keyBackspace:
		if e.pos == 0 {
			return false
		}
		e.line = append(e.line[:e.pos-1], e.line[e.pos:]...)
		e.pos--
	case keyLeft:
		if e.pos == 0 {
			return false
		}
		e.pos--
	case keyRight:
		if e.pos == len(e.line) {
			return false
		}
		e.pos++
	case keyCtrlU:
		if len(e.line) == 0 && !e.over {
			return false
		}
		e.line, e.pos, e.over = e.line[:0], 0, false
	default:
		return false
	}
	return true
}

// lineCursor is the block promptui drew as its cursor (over the character
// at the cursor's place, or after the line).
const lineCursor = pauseCursor

// view is the line as it is drawn in room columns, with the cursor when
// cursor is set: the characters typed (a star each for a hidden line); of
// a line wider than room, the part around the cursor (its end without the
// cursor), an ellipsis standing for what is cut off at either side.
func (e *lineEdit) view(room int, cursor bool) string {
	cells := make([]string, len(e.line))
	for i, r := range e.line {
		cells[i] = string(r)
		if e.mask {
			cells[i] = "*"
		}
	}
	at := len(cells) - 1 // the cell that must be shown
	if cursor {
		at = e.pos
		if at == len(cells) {
			cells = append(cells, lineCursor)
		} else {
			cells[at] = lineCursor
		}
	}
	if at < 0 {
		return ""
	}
	width := func(i int) int { return safetext.Width(cells[i]) }
	from, to, used := at, at+1, width(at)
	// Room for the ellipses the window needs (one column each).
	fits := func(w, from, to int) bool {
		marks := 0
		if from > 0 {
			marks++
		}
		if to < len(cells) {
			marks++
		}
		return used+w+marks <= room
	}
	for from > 0 && fits(width(from-1), from-1, to) {
		from--
		used += width(from)
	}
	for to < len(cells) && fits(width(to), from, to+1) {
		used += width(to)
		to++
	}
	var b []byte
	if from > 0 {
		b = append(b, "…"...)
	}
	for _, c := range cells[from:to] {
		b = append(b, c...)
	}
	if to < len(cells) {
		b = append(b, "…"...)
	}
	return string(b)
}
