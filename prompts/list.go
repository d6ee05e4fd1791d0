package prompts

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"rumref/referee"
	"rumref/safetext"
)

// The terminal's selection list. promptui's Select cannot do what a table
// needs (a digit that chooses at once, no option chosen by a stray Enter,
// a one-line menu, grouped tiles, typing that narrows the list without
// first pressing '/'), and it redraws from a second goroutine after Enter
// (see line.go), so rumref draws its own list over the raw terminal.
// Pauses and yes or no are pause.go's, typed lines line.go's.

// listItem is one choice of a list.
type listItem struct {
	key   string // what choosing it returns
	label string // what the list shows
	// short is what typing chooses it at once: its number (or its key
	// when the keys are numbers); "" for none.
	short string
	// group and value split a label such as "The Swan 3" into the group
	// "The Swan" and the value "3" (see groupItems).
	group, value string
	hay          string // lower-case key and label, for narrowing
}

// listSpec is one list to show.
type listSpec struct {
	label string // the question line, drawn once above the list
	items []listItem
	// commands: the line typed may be a command (":undo"); the menu line
	// says so and a line that matches no option is returned as typed.
	commands bool
	// menuCommands, when set, are the command words the menu line names
	// (a setup question's: see setupCommands); else the game's.
	menuCommands string
	// keys: option keys differ from the labels, so '?' can show them.
	keys bool
}

// listResult is what a list returns: the chosen item's index, or a line
// typed that chose none (a command, or an answer for the session to check).
type listResult struct {
	index int
	line  string
}

// Keys the list reads.
const (
	keyNone = iota
	keyRune
	keyEnter
	keyBackspace
	keyUp
	keyDown
	keyLeft
	keyRight
	keyPageUp
	keyPageDown
	keyEsc
	keyCtrlC
	keyCtrlD
	keyCtrlU
	// keyOver: the input dropped the rest of an overlong line (overMark).
	keyOver
)

type key struct {
	kind int
	r    rune
}

// keyReader decodes the keys of a raw terminal: runes, and the escape
// sequences of the arrow and page keys.
type keyReader struct {
	r   io.Reader
	buf [1]byte
	// back is a byte read ahead and not used (it did not continue a
	// character), to be read again; has says there is one.
	back byte
	has  bool
}

func (k *keyReader) byte() (byte, error) {
	if k.has {
		k.has = false
		return k.back, nil
	}
	for {
		n, err := k.r.Read(k.buf[:])
		if n == 1 {
			return k.buf[0], nil
		}
		if err != nil {
			return 0, err
		}
	}
}

// next reads one key.
func (k *keyReader) next() (key, error) {
	b, err := k.byte()
	if err != nil {
		return key{}, err
	}
	switch b {
	case overMark:
		return key{kind: keyOver}, nil
	case '\r', '\n':
		return key{kind: keyEnter}, nil
	case 0x7f, 0x08:
		return key{kind: keyBackspace}, nil
	case 0x03:
		return key{kind: keyCtrlC}, nil
	case 0x04:
		return key{kind: keyCtrlD}, nil
	case 0x15:
		return key{kind: keyCtrlU}, nil
	case 0x0e: // Ctrl-N
		return key{kind: keyDown}, nil
	case 0x10: // Ctrl-P
		return key{kind: keyUp}, nil
	case 0x1b:
		return k.escape()
	}
	if b < 0x20 {
		return key{kind: keyNone}, nil
	}
	p := []byte{b}
	for !utf8.FullRune(p) && len(p) < utf8.UTFMax {
		c, err := k.byte()
		if err != nil {
			return key{}, err
		}
		if c&0xc0 != 0x80 {
			// Not a continuation byte: a key of its own (an Enter, the
			// pump's overMark), not part of this broken character.
			k.back, k.has = c, true
			break
		}
		p = append(p, c)
	}
	r, _ := utf8.DecodeRune(p)
	if r == utf8.RuneError || !unicode.IsPrint(r) {
		return key{kind: keyNone}, nil
	}
	return key{kind: keyRune, r: r}, nil
}

// escape reads what follows ESC: a CSI or SS3 sequence, or ESC alone
// (then the byte after it is dropped with it).
func (k *keyReader) escape() (key, error) {
	b, err := k.byte()
	if err != nil {
		return key{}, err
	}
	if b != '[' && b != 'O' {
		return key{kind: keyEsc}, nil
	}
	var params []byte
	for {
		c, err := k.byte()
		if err != nil {
			return key{}, err
		}
		if c >= 0x40 && c <= 0x7e {
			switch c {
			case 'A':
				return key{kind: keyUp}, nil
			case 'B':
				return key{kind: keyDown}, nil
			case 'C':
				return key{kind: keyRight}, nil
			case 'D':
				return key{kind: keyLeft}, nil
			case '~':
				switch string(params) {
				case "5":
					return key{kind: keyPageUp}, nil
				case "6":
					return key{kind: keyPageDown}, nil
				}
			}
			return key{kind: keyNone}, nil
		}
		if len(params) < 16 {
			params = append(params, c)
		}
	}
}

// groupItems fills in each item's group and value when the list is long
// (more than nine items) and every label holds a number, the value, with
// at least two values in each group: the pub tiles (The Swan 2 ... 5,
// Es Cruce 2 ... 5) and the scorpion chests (goal 10 ... 21) are shown
// as rows of values. It reports whether the list is shown grouped.
func groupItems(items []listItem) bool {
	if len(items) <= 9 {
		return false
	}
	count := map[string]int{}
	for i := range items {
		g, v, ok := splitValue(items[i].label)
		if !ok {
			return false
		}
		items[i].group, items[i].value = g, v
		count[g]++
	}
	for _, n := range count {
		if n < 2 {
			return false
		}
	}
	return true
}

// splitValue splits "The Swan 3" into "The Swan" and "3", and
// "scorpion chest (goal 13)" into "scorpion chest (goal #)" and "13".
func splitValue(label string) (group, value string, ok bool) {
	end := strings.LastIndexFunc(label, func(r rune) bool { return r >= '0' && r <= '9' }) + 1
	if end == 0 {
		return "", "", false
	}
	start := end
	for start > 0 && label[start-1] >= '0' && label[start-1] <= '9' {
		start--
	}
	if start == 0 || label[start-1] != ' ' {
		return "", "", false
	}
	if end == len(label) {
		return label[:start-1], label[start:], true
	}
	return label[:start] + "#" + label[end:], label[start:end], true
}

// listRows is how many option lines a list shows at once.
const listRows = 12

// list is one selection list being shown.
type list struct {
	spec    listSpec
	out     io.Writer
	width   int
	pal     palette
	grouped bool
	in      []rune // what is typed
	hi      int    // the highlighted item, -1 for none
	top     int    // the first item shown of a long list
	showKey bool
	msg     string // a refusal or hint under the list
	// over: the typed line ran past maxLine characters; the keys beyond
	// were dropped, so the line is refused at its Enter, never taken cut
	// down to its first maxLine characters.
	over bool
	// still: the last key changed nothing on the screen (a key dropped
	// past the limit), so the list is not drawn again.
	still bool
	drawn int  // lines of the last drawing, below the label
	all   bool // every option is shown (a typed list cannot scroll)
}

// runList shows spec and reads keys from r until an item is chosen or a
// line is typed.
func runList(spec listSpec, r io.Reader, out io.Writer, width int, pal palette) (listResult, error) {
	l := &list{spec: spec, out: out, width: max(width, 40), pal: pal, hi: -1}
	l.grouped = groupItems(l.spec.items)
	for _, line := range fitLines(spec.label, l.width-1) {
		fmt.Fprintln(out, line)
	}
	fmt.Fprint(out, hideCursor)
	defer fmt.Fprint(out, showCursor)
	l.draw()
	kr := &keyReader{r: r}
	for {
		k, err := kr.next()
		if err != nil {
			l.erase()
			return listResult{}, promptErr(err)
		}
		res, done, err := l.key(k)
		if err != nil {
			l.erase()
			return listResult{}, err
		}
		if done {
			l.erase()
			if res.index >= 0 {
				fmt.Fprintln(out, strings.Join(fitLines("  "+pal.good(pal.say("list.chose"))+" "+l.spec.items[res.index].label, l.width-1), "\n"))
			} else {
				fmt.Fprintln(out, "  > "+res.line)
			}
			return res, nil
		}
		if l.still {
			l.still = false
			continue
		}
		l.draw()
	}
}

// key acts on one key; done says the list is over with res.
func (l *list) key(k key) (res listResult, done bool, err error) {
	none := listResult{index: -1}
	switch k.kind {
	case keyCtrlC:
		return none, false, ErrQuit
	case keyCtrlD:
		if len(l.in) == 0 {
			return none, false, ErrInputEnded
		}
	case keyEsc, keyCtrlU:
		l.in, l.hi, l.msg, l.over = nil, -1, "", false
	case keyBackspace:
		if len(l.in) > 0 {
			l.in = l.in[:len(l.in)-1]
		}
		l.msg = ""
		l.narrowed()
	case keyUp, keyLeft:
		l.move(-1)
	case keyDown, keyRight:
		l.move(1)
	case keyPageUp:
		l.move(-listRows)
	case keyPageDown:
		l.move(listRows)
	case keyOver:
		l.overflow()
	case keyEnter:
		return l.enter()
	case keyRune:
		return l.typed(k.r)
	}
	return none, false, nil
}

// typed acts on a typed character: a digit with nothing else typed
// chooses by number, '?' shows the option keys, anything else narrows.
func (l *list) typed(r rune) (listResult, bool, error) {
	none := listResult{index: -1}
	l.msg = ""
	text := string(l.in)
	switch {
	case r == '?' && text == "" && l.spec.keys:
		l.showKey = !l.showKey
		return none, false, nil
	case r >= '0' && r <= '9' && (text == "" || isDigits(text) || l.shortStarts(text+string(r))):
		typed := strings.ToLower(text + string(r))
		exact, longer := -1, false
		for i, it := range l.spec.items {
			if it.short == typed {
				exact = i
			} else if strings.HasPrefix(it.short, typed) {
				longer = true
			}
		}
		switch {
		case exact >= 0 && !longer:
			return listResult{index: exact}, true, nil
		case exact < 0 && !longer:
			l.in, l.hi = nil, -1
			l.msg = l.pal.say("list.nooption", typed, l.numbers())
			return none, false, nil
		}
		l.in, l.hi = []rune(typed), exact
		l.scrollTo(exact)
		return none, false, nil
	}
	if len(l.in) >= maxLine {
		l.still = l.over
		l.overflow()
		return none, false, nil
	}
	l.in = append(l.in, r)
	l.narrowed()
	return none, false, nil
}

// shortStarts reports whether some option's short (r5) starts with s.
func (l *list) shortStarts(s string) bool {
	for _, it := range l.spec.items {
		if it.short != "" && strings.HasPrefix(it.short, strings.ToLower(s)) {
			return true
		}
	}
	return false
}

// overflow marks the typed line as longer than any answer: its Enter
// refuses it.
func (l *list) overflow() {
	l.over = true
	l.msg = l.pal.say("list.over", strconv.Itoa(maxLine))
}

// numbers says which numbers choose an option.
func (l *list) numbers() string {
	if r := l.shortRanges(l.pal.say("list.to")); r != "" {
		return l.pal.say("list.type", r)
	}
	return l.pal.say("list.typenarrow")
}

// shortRanges names the options' shorts as runs, "1 to 6 or r1 to r6"
// (with to between a run's ends), "" when there are none.
func (l *list) shortRanges(to string) string {
	type run struct{ prefix, first, last string }
	var runs []run
	for _, it := range l.spec.items {
		if it.short == "" {
			continue
		}
		p := strings.TrimRight(it.short, "0123456789")
		if n := len(runs); n > 0 && runs[n-1].prefix == p && p != it.short {
			runs[n-1].last = it.short
			continue
		}
		runs = append(runs, run{p, it.short, it.short})
	}
	if len(runs) == 0 {
		return ""
	}
	var parts []string
	for _, r := range runs {
		if r.first == r.last {
			parts = append(parts, r.first)
		} else {
			parts = append(parts, r.first+to+r.last)
		}
	}
	return strings.Join(parts, l.pal.lang.Sprintf("locale.list.or"))
}

// enter chooses the highlighted item, or returns the typed line.
func (l *list) enter() (listResult, bool, error) {
	none := listResult{index: -1}
	text := strings.TrimSpace(string(l.in))
	switch {
	case l.over:
		// A line longer than any answer or command (a paste) is refused
		// whole, as a typed prompt refuses it (checkLine).
		l.in, l.hi, l.over = nil, -1, false
		l.msg = l.pal.say("list.nottaken") + " " + errText(l.pal.lang, checkLine(tooLong))
		l.narrowed()
		return none, false, nil
	case text == "" && l.hi < 0:
		l.msg = l.pal.say("list.choose")
		return none, false, nil
	case strings.HasPrefix(text, ":") && l.spec.commands:
		return listResult{index: -1, line: text}, true, nil
	}
	if text != "" {
		// A whole key or label typed chooses it.
		for i, it := range l.spec.items {
			if strings.EqualFold(it.key, text) || strings.EqualFold(it.label, text) {
				return listResult{index: i}, true, nil
			}
		}
		if l.spec.commands {
			if in := parseInput(nil, text); in.kind == metaInput {
				return listResult{index: -1, line: text}, true, nil
			}
		}
	}
	if l.hi >= 0 && l.matches(l.hi) {
		return listResult{index: l.hi}, true, nil
	}
	if l.spec.commands {
		// Neither an option nor a command: the session says why.
		return listResult{index: -1, line: text}, true, nil
	}
	l.in, l.hi = nil, -1
	l.msg = l.pal.say("list.nomatch", text, l.numbers())
	return none, false, nil
}

// filter is the typed text when it narrows the list ("" when it does not).
func (l *list) filter() string {
	t := strings.ToLower(strings.TrimSpace(string(l.in)))
	if isDigits(t) || strings.HasPrefix(t, ":") {
		return ""
	}
	return t
}

// matches reports whether item i is shown with the typed text: every
// typed word is in its key or label.
func (l *list) matches(i int) bool {
	f := l.filter()
	if f == "" {
		return true
	}
	it := &l.spec.items[i]
	if it.hay == "" {
		it.hay = strings.ToLower(it.key + " " + it.label)
	}
	for _, w := range strings.Fields(f) {
		if !strings.Contains(it.hay, w) {
			return false
		}
	}
	return true
}

// narrowed highlights the first item left once the typed text narrows
// the list, so Enter takes it.
func (l *list) narrowed() {
	if l.filter() == "" {
		if !isDigits(string(l.in)) {
			l.hi = -1
		}
		l.top = 0
		return
	}
	l.hi = -1
	for i := range l.spec.items {
		if l.matches(i) {
			l.hi = i
			break
		}
	}
	l.top = 0
	l.scrollTo(l.hi)
}

// move moves the highlight by d among the items shown.
func (l *list) move(d int) {
	var shown []int
	for i := range l.spec.items {
		if l.matches(i) {
			shown = append(shown, i)
		}
	}
	if len(shown) == 0 {
		return
	}
	pos := -1
	for j, i := range shown {
		if i == l.hi {
			pos = j
		}
	}
	switch {
	case pos < 0 && d > 0:
		pos = 0
	case pos < 0:
		pos = len(shown) - 1
	default:
		pos = min(max(pos+d, 0), len(shown)-1)
	}
	l.hi = shown[pos]
	if isDigits(string(l.in)) {
		l.in = nil
	}
	l.msg = ""
	l.scrollTo(l.hi)
}

// scrollTo keeps item i in the window of a long ungrouped list.
func (l *list) scrollTo(i int) {
	if i < 0 || l.grouped {
		return
	}
	if i < l.top {
		l.top = i
	}
	if i >= l.top+listRows {
		l.top = i - listRows + 1
	}
}

// lines are the list's lines below the label.
func (l *list) lines() []string {
	out := l.optionLines()
	out = append(out, l.pal.quiet(l.menu()))
	in := string(l.in)
	out = append(out, "  > "+in+"_")
	if l.msg != "" {
		out = append(out, "   "+l.pal.bad(l.msg))
	}
	return out
}

// optionLines are the lines of the options shown.
func (l *list) optionLines() []string {
	var out []string
	mark := func(i int) string {
		if i == l.hi {
			return l.pal.turn(">")
		}
		return " "
	}
	num := func(it listItem) string {
		if it.short == "" || it.short == it.label {
			return ""
		}
		return it.short + ") "
	}
	keyOf := func(it listItem) string {
		if l.showKey && it.key != it.label {
			return "  " + l.pal.quiet("["+it.key+"]")
		}
		return ""
	}
	shown := 0
	if l.grouped {
		var groups []string
		rows := map[string][]string{}
		width, numWidth := 0, 0
		for _, it := range l.spec.items {
			width = max(width, safetext.Width(it.group))
			numWidth = max(numWidth, safetext.Width(num(it)))
		}
		for i, it := range l.spec.items {
			if !l.matches(i) {
				continue
			}
			shown++
			if _, ok := rows[it.group]; !ok {
				groups = append(groups, it.group)
			}
			cell := mark(i) + fmt.Sprintf("%*s", numWidth, num(it)) + it.value + keyOf(it)
			rows[it.group] = append(rows[it.group], cell)
		}
		for _, g := range groups {
			// A row wraps under itself rather than past the screen.
			head := "  " + g + strings.Repeat(" ", width-safetext.Width(g)) + " "
			line := head
			for j, c := range rows[g] {
				if j > 0 && safetext.Width(line)+2+safetext.Width(c) > l.width-1 {
					out = append(out, line)
					line = strings.Repeat(" ", safetext.Width(head))
				} else if j > 0 {
					line += "  "
				}
				line += c
			}
			out = append(out, line)
		}
	} else {
		numWidth := 0
		for _, it := range l.spec.items {
			numWidth = max(numWidth, safetext.Width(num(it))+1)
		}
		// Options that are their own numbers (a die's 1 to 6) share one
		// row; the others have a line each.
		var idx []int
		row := ""
		for i, it := range l.spec.items {
			switch {
			case !l.matches(i):
			case it.short != "" && it.short == it.label:
				row += "  " + mark(i) + it.label
				shown++
			default:
				idx = append(idx, i)
			}
		}
		if row != "" {
			out = append(out, row)
		}
		shown += len(idx)
		from, rows := 0, listRows
		if l.all {
			rows = len(idx)
		}
		if len(idx) > rows {
			for j, i := range idx {
				if i >= l.top {
					from = j
					break
				}
			}
			from = min(from, len(idx)-rows)
		}
		for j := from; j < len(idx) && j < from+rows; j++ {
			it := l.spec.items[idx[j]]
			out = append(out, "  "+mark(idx[j])+fmt.Sprintf("%*s", numWidth, num(it))+it.label+keyOf(it))
		}
		if more := len(idx) - rows; more > 0 {
			out = append(out, l.pal.quiet("    "+l.pal.say("list.more", more)))
		}
	}
	if shown == 0 {
		what := l.pal.say("list.nomatches")
		if l.spec.commands {
			what = l.pal.say("list.nomatchescmd")
		}
		out = append(out, l.pal.quiet("    ("+what+")"))
	}
	return out
}

// writeList writes the options of spec as a list shows them, grouped
// when long, for a question typed rather than chosen (a secret one).
func writeList(w io.Writer, spec listSpec, width int, pal palette) {
	l := &list{spec: spec, width: max(width, 40), pal: pal, hi: -1, all: true}
	l.grouped = groupItems(l.spec.items)
	for _, s := range l.optionLines() {
		for _, line := range fitLines(s, l.width-1) {
			fmt.Fprintln(w, line)
		}
	}
}

// menu is the one line of help under a list: it fits 80 columns (the
// hint that typing narrows the list is left out where it would not).
func (l *list) menu() string {
	p := l.pal
	head := "  "
	if r := l.shortRanges("-"); r != "" {
		head += p.say("list.menu.choose", r) + ", "
	}
	head += p.say("list.menu.move")
	tail := ""
	if l.spec.keys {
		tail += ", " + p.say("list.menu.keys")
	}
	if l.spec.commands {
		words := l.spec.menuCommands
		if words == "" {
			for _, c := range []string{"undo", "show", "log", "help", "peek", "quit"} {
				words += " " + p.say("cmd."+c+".word")
			}
			words = words[1:]
		}
		tail += " | " + words
	}
	if narrow := ", " + p.say("list.menu.narrow"); safetext.Width(head) < 30 && safetext.Width(head+narrow+tail) < 80 {
		head += narrow
	}
	return head + tail
}

// draw redraws the list below the label.
func (l *list) draw() {
	var b strings.Builder
	l.eraseTo(&b)
	l.drawn = 0
	for _, s := range l.lines() {
		for _, line := range fitLines(s, l.width-1) {
			b.WriteString("\r")
			b.WriteString(line)
			b.WriteString("\x1b[K\n")
			l.drawn++
		}
	}
	io.WriteString(l.out, b.String())
}

// erase removes the list's lines.
func (l *list) erase() {
	var b strings.Builder
	l.eraseTo(&b)
	l.drawn = 0
	io.WriteString(l.out, b.String())
}

func (l *list) eraseTo(b *strings.Builder) {
	if l.drawn > 0 {
		b.WriteString("\r\x1b[" + strconv.Itoa(l.drawn) + "A\x1b[J")
	}
}

// fitLines breaks s into lines of at most n characters on the screen
// (escape codes take no room), the later ones indented, so no line wraps
// and the list knows how many lines it drew.
func fitLines(s string, n int) []string { return safetext.Wrap(s, n, "      ") }

// listItems turns options into list items: the number of each (or its
// key when the keys are numbers), cleaned for printing.
func listItems(keys, labels []string, numbered bool) []listItem {
	items := make([]listItem, len(keys))
	for i := range keys {
		k, lb := safetext.Clean(keys[i]), safetext.Clean(labels[i])
		if lb == "" {
			lb = k
		}
		it := listItem{key: keys[i], label: lb}
		switch {
		case numbered:
			it.short = strconv.Itoa(i + 1)
		case referee.NumberKey(k):
			// A number, or r5 (a roll with rum): typed as it is.
			it.short = k
		}
		items[i] = it
	}
	return items
}
