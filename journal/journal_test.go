package journal

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"rumref/locale"
	"rumref/referee"
	"rumref/referee/pirates"
)

// decodeBoth decodes a Rum & Pirates save as DecodeWith does once the game
// is known, with the answers read from their lines where they can be
// (fast), and the whole save by yaml.v3 (whole).
func decodeBoth(data []byte) (fast *File, fastErr error, whole *File, wholeErr error) {
	t := reflect.TypeFor[piratesWire]()
	head, answers, ok := splitAnswers(data)
	fast, fastErr = decode(data, head, answers, ok, t)
	whole, wholeErr = decode(data, data, nil, false, t)
	return
}

func sample() *File {
	return &File{Format: Format, Game: "pirates",
		Setup: &pirates.Config{Players: []pirates.PlayerConfig{{Name: "Ann", Color: "gold"}, {Name: "Bo: the \"bold\"", Color: "blue"}},
			Start: 1, Layout: pirates.Layout{{Section: 3, Turn: 1}, {Section: 1}, {Section: 2}, {Section: 4}, {Section: 5, Turn: 3}, {Section: 6}, {Section: 7}, {Section: 8}, {Section: 9, Turn: 2}}},
		Answers: []referee.Answer{{Q: "setup.pub", A: "swan-3"}, {Q: "pub.roll", A: "5"}, {Q: "x.y", A: "yes: no"}}}
}

func TestEncodeDecodeRoundTrip(t *testing.T) {
	f := sample()
	data, err := Encode(f)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "- {q: setup.pub, a: swan-3}") {
		t.Errorf("answers are not one per line:\n%s", data)
	}
	g, err := Decode(data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	if !reflect.DeepEqual(f, g) {
		t.Fatalf("round trip differs:\n%+v\n%+v", f, g)
	}
	if got := AnswerLine(data, 1, locale.English); got == "" {
		t.Error("no line for answer 2")
	}
}

func TestDecodeRefusals(t *testing.T) {
	good, _ := Encode(sample())
	cases := []struct {
		name, data, want string
	}{
		{"empty", "", "empty"},
		{"unknown field", strings.Replace(string(good), "game: pirates", "game: pirates\ncolour: red", 1), "line"},
		{"newer", strings.Replace(string(good), fmt.Sprintf("format: %d", Format), "format: 7", 1), "newer rumref"},
		{"no format", strings.Replace(string(good), fmt.Sprintf("format: %d\n", Format), "", 1), "format"},
		{"unknown game", strings.Replace(string(good), "game: pirates", "game: chess", 1), "chess"},
		{"truncated", string(good[:len(good)/2]) + "\n  - {q: ", "line"},
		{"not yaml", "\x00\x01{[", ""},
		{"incomplete answer", string(good) + "  - {q: pub.roll}\n", "incomplete"},
	}
	for _, c := range cases {
		_, err := Decode([]byte(c.data))
		if err == nil {
			t.Errorf("%s: accepted", c.name)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %q does not mention %q", c.name, err, c.want)
		}
	}
	if _, err := Decode([]byte(strings.Replace(string(good), fmt.Sprintf("format: %d", Format), "format: 7", 1))); !errors.Is(err, ErrNewer) {
		t.Errorf("newer save not ErrNewer: %v", err)
	}
}

func TestWriteKeepsBackupAndLock(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.yaml")
	if err := Write(path, []byte("one\n")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(BackupName(path)); !os.IsNotExist(err) {
		t.Fatal("backup made on the first save")
	}
	if err := Write(path, []byte("two\n")); err != nil {
		t.Fatal(err)
	}
	cur, _ := os.ReadFile(path)
	bak, _ := os.ReadFile(BackupName(path))
	if string(cur) != "two\n" || string(bak) != "one\n" {
		t.Fatalf("cur %q bak %q", cur, bak)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temp file left behind: %s", e.Name())
		}
	}
	l, err := Acquire(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Acquire(path); !errors.Is(err, ErrLocked) {
		t.Fatalf("second lock: %v", err)
	}
	l.Release()
	l2, err := Acquire(path)
	if err != nil {
		t.Fatalf("lock after release: %v", err)
	}
	l2.Release()
}

func FuzzDecode(f *testing.F) {
	good, _ := Encode(sample())
	f.Add(good)
	actors, _ := Encode(withActors())
	f.Add(actors)
	f.Add([]byte("format: 1\ngame: runner\n"))
	f.Add([]byte("format: 1\ngame: pirates\npirates: {players: []}\nanswers: [{q: a, a: b}]\n"))
	f.Add([]byte("answers: &a [*a]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		fl, err := Decode(data)
		if err != nil {
			return
		}
		out, err := Encode(fl)
		if err != nil {
			t.Fatalf("decoded save does not encode: %v", err)
		}
		back, err := Decode(out)
		if err != nil {
			t.Fatalf("re-encoded save does not decode: %v\n%s", err, out)
		}
		if !reflect.DeepEqual(fl, back) {
			t.Fatalf("round trip differs")
		}
	})
}

func FuzzAnswerScalars(f *testing.F) {
	for _, s := range []string{"swan-3", "5", "07", "yes", "null", "a: b", "-1", "x y", "é", "\t", "#", "[", "0", "1e3", "~"} {
		f.Add(s, "key")
	}
	f.Fuzz(func(t *testing.T, q, a string) {
		if q == "" || a == "" || !utf8.ValidString(q) || !utf8.ValidString(a) {
			return
		}
		file := sample()
		file.Answers = []referee.Answer{{Q: q, A: a}, {Q: "pub.roll", A: "5"}}
		data, err := Encode(file)
		if err != nil {
			t.Fatal(err)
		}
		back, err := Decode(data)
		if err != nil {
			t.Fatalf("%q/%q: %v\n%s", q, a, err, data)
		}
		if !reflect.DeepEqual(back.Answers, file.Answers) {
			t.Fatalf("answers %q came back as %q\n%s", file.Answers, back.Answers, data)
		}
	})
}

// FuzzFastAnswers checks that the fast reading of the answer list gives
// exactly what the YAML decoder gives, whenever it is used.
func FuzzFastAnswers(f *testing.F) {
	good, _ := Encode(sample())
	f.Add(good)
	actors, _ := Encode(withActors())
	f.Add(actors)
	f.Add([]byte(strings.Replace(string(actors), "by: -1}", "by: 07}", 1)))
	f.Add([]byte(strings.Replace(string(good), "a: swan-3}", "a: yes}", 1)))
	f.Add([]byte(strings.Replace(string(good), "answers:\n", "answers: []\nanswers:\n", 1)))
	f.Add([]byte(string(good) + "extra: 1\n"))
	for _, s := range twoAnswerKeys(string(good)) {
		f.Add([]byte(s))
	}
	f.Add([]byte("format: 1\nx: &a [1]\ny: *a\nanswers:\n  - {q: a, a: b}\n"))
	f.Add([]byte("answers:\n  - {q: a, a: b, by: 1}\n"))
	// Quoted answers: a ware's name, and texts the fast reader must leave
	// to the YAML decoder or read as it does.
	for _, a := range []string{`"eye patch 2"`, `"eye patch 4, eye patch 5"`, `"a, by: 1"`, `"x}"`, `""`, `" lead "`,
		`"a\"b"`, `"\u00e9"`, `"é"`, `"#x"`, `"yes"`, `"12"`, `"a: b"`, `"a" `, `"a"b"`, `"{x}"`, "\"tab\there\"", `"'q'"`} {
		f.Add([]byte(strings.Replace(string(actors), "a: 5, by: 1}", "a: "+a+", by: 1}", 1)))
		f.Add([]byte(strings.Replace(string(good), "a: swan-3}", "a: "+a+"}", 1)))
		f.Add([]byte(strings.Replace(string(good), "{q: setup.pub,", "{q: "+a+",", 1)))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fast, fastErr, whole, wholeErr := decodeBoth(data)
		if (wholeErr == nil) != (fastErr == nil) {
			t.Fatalf("the YAML decoder says %v, the fast path %v", wholeErr, fastErr)
		}
		if wholeErr == nil && !reflect.DeepEqual(whole, fast) {
			t.Fatalf("files differ: YAML %+v, fast %+v", whole, fast)
		}
	})
}

// withActors is sample() as this rumref saves it: every answer names its
// actor, and the last correction is recorded.
func withActors() *File {
	f := sample()
	f.Answers = []referee.Answer{{Q: "setup.pub", A: "swan-3", Actor: int(referee.Table), HasActor: true},
		{Q: "pub.roll", A: "5", Actor: 1, HasActor: true}, {Q: "x.y", A: "yes: no", Actor: 0, HasActor: true}}
	f.Correction = &Correction{Answer: 2, Kept: 3, Before: Answers{{Q: "pub.roll", A: "2", Actor: 1, HasActor: true},
		{Q: "x.y", A: "no", Actor: 0, HasActor: true}, {Q: "z", A: "1", Actor: 1, HasActor: true}}}
	return f
}

func TestActorsAndCorrectionRoundTrip(t *testing.T) {
	f := withActors()
	data, err := Encode(f)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"format: 2\n", "  - {q: setup.pub, a: swan-3, by: -1}\n", "  - {q: pub.roll, a: 5, by: 1}\n",
		"correction:\n  answer: 2\n  kept: 3\n  before:\n    - {q: pub.roll, a: 2, by: 1}\n"} {
		if !strings.Contains(string(data), line) {
			t.Errorf("the save lacks %q:\n%s", line, data)
		}
	}
	g, err := Decode(data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	if !reflect.DeepEqual(f, g) {
		t.Fatalf("round trip differs:\n%+v\n%+v", f, g)
	}
	// With only plain answers the fast reader reads the list; it reads by
	// as the YAML decoder does.
	plain := strings.Replace(string(data), `a: "yes: no"`, "a: yes-no", 1)
	_, fastAnswers, fast := splitAnswers([]byte(plain))
	_, _, whole, err := decodeBoth([]byte(plain))
	if err != nil || !fast || !reflect.DeepEqual(whole.Answers, Answers(fastAnswers)) || !fastAnswers[2].HasActor {
		t.Fatalf("fast %v %v, the YAML decoder %v (%v)", fast, fastAnswers, whole.Answers, err)
	}
	// A ware's name is written quoted; the fast reader reads it too.
	quoted := strings.Replace(plain, "a: yes-no", `a: "eye patch 2"`, 1)
	_, fastAnswers, fast = splitAnswers([]byte(quoted))
	_, _, whole, err = decodeBoth([]byte(quoted))
	if err != nil || !fast || !reflect.DeepEqual(whole.Answers, Answers(fastAnswers)) || fastAnswers[2].A != "eye patch 2" {
		t.Fatalf("quoted: fast %v %v, the YAML decoder %v (%v)", fast, fastAnswers, whole.Answers, err)
	}
	if c := g.Correction; c.Answer != 2 || c.Kept != 3 || len(c.Before) != 3 || !c.Before[0].HasActor {
		t.Fatalf("the engine's record %+v", c)
	}
	bad := map[string]string{
		"kept beyond the answers": strings.Replace(string(data), "kept: 3", "kept: 4", 1),
		"answer zero":             strings.Replace(string(data), "answer: 2", "answer: 0", 1),
		"actor below the table":   strings.Replace(string(data), "by: -1}", "by: -2}", 1),
		"unknown answer field":    strings.Replace(string(data), "by: -1}", "who: -1}", 1),
		"actor not a number":      strings.Replace(string(data), "by: -1}", "by: ann}", 1),
	}
	for name, body := range bad {
		if _, err := Decode([]byte(body)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestFormat1SavesStillOpen(t *testing.T) {
	data := `# rumref save file: the setup and every answer given. Resume with: rumref resume FILE
format: 1
game: pirates
pirates:
  players:
    - name: Ann
      color: gold
    - name: Bo
      color: blue
  start: 0
  layout: [{section: 1}, {section: 2}, {section: 3}, {section: 4}, {section: 5}, {section: 6}, {section: 7}, {section: 8}, {section: 9}]
answers:
  - {q: setup.pub, a: swan-3}
  - {q: pub.roll, a: 5}
`
	for _, body := range []string{data, strings.Replace(data, "a: 5}", "a: \"5\"}", 1)} { // fast reader and YAML decoder
		f, err := Decode([]byte(body))
		if err != nil {
			t.Fatalf("a format 1 save is refused: %v", err)
		}
		want := []referee.Answer{{Q: "setup.pub", A: "swan-3"}, {Q: "pub.roll", A: "5"}}
		if f.Format != 1 || !reflect.DeepEqual([]referee.Answer(f.Answers), want) || f.Correction != nil {
			t.Fatalf("format %d answers %#v", f.Format, f.Answers)
		}
	}
}

// twoAnswerKeys writes a save with a second answers field in ways the fast
// reader must notice: quoted, spaced, empty, behind a document end.
func twoAnswerKeys(good string) []string {
	var out []string
	for _, first := range []string{"answers: []\n", "\"answers\": []\n", "'answers': []\n", "answers : []\n", "? answers\n: []\n", "answers: ~\n", "...\n", "---\n"} {
		out = append(out, strings.Replace(good, "answers:\n", first+"answers:\n", 1))
	}
	return out
}

// TestFastReaderAndDecoderAgree: a save with two answers fields (or any
// other trick in front of the answer lines) is refused both ways.
func TestFastReaderAndDecoderAgree(t *testing.T) {
	good, _ := Encode(sample())
	for _, data := range twoAnswerKeys(string(good)) {
		_, fastErr, _, wholeErr := decodeBoth([]byte(data))
		if fastErr == nil || wholeErr == nil {
			t.Errorf("accepted (fast %v, YAML %v):\n%s", fastErr, wholeErr, data)
		}
		if _, err := Decode([]byte(data)); err == nil {
			t.Errorf("Decode accepted:\n%s", data)
		}
	}
}

// TestDecodeStrictNumbers: the format and every number in a save are plain
// whole numbers.
func TestDecodeStrictNumbers(t *testing.T) {
	good, _ := Encode(withActors())
	for _, c := range []struct{ from, to, want string }{
		{"format: 2", "format: 1.5", `line 2, field "format": "1.5" is not a whole number`},
		{"format: 2", "format: 02", `"02" is not a whole number`},
		{"format: 2", "format: 0x2", `"0x2" is not a whole number`},
		{"by: 1}", "by: 01}", `field "by": "01" is not a whole number`},
		{"start: 1", "start: 1.0", `field "start": "1.0" is not a whole number`},
		{"section: 3", "section: 03", `"03" is not a whole number`},
	} {
		data := strings.Replace(string(good), c.from, c.to, 1)
		_, err := Decode([]byte(data))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %s", c.to, err, c.want)
		}
	}
}

// TestIsSaveByHeader: a sheet is a sheet by its players field, whatever
// its other lines say; a save by its format field or its comment.
func TestIsSaveByHeader(t *testing.T) {
	good, _ := Encode(sample())
	for _, c := range []struct {
		data string
		save bool
	}{
		{string(good), true},
		{strings.Replace(string(good), saveComment, "", 1), true},
		{saveComment + "format: [\n", true},
		{"game: rum-and-pirates\nformat: 1\nplayers: []\n", false},
		{"game: rum-and-pirates\nplayers:\n  - name: Ann\n    pubs: [2]\n# format: 1\n", false},
		{"players:\n  - name: \"x\nformat: 1\"\n", false},
		{"game: rum-and-pirates\nplayers: [\nformat: 1\n", false},
	} {
		if got := IsSave([]byte(c.data)); got != c.save {
			t.Errorf("IsSave = %v for\n%s", got, c.data)
		}
	}
}

func TestPlayClockRoundTrip(t *testing.T) {
	f := sample()
	f.Started, f.Played = "2026-11-30T20:15:00Z", 4500
	data, err := Encode(f)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "\nstarted: \"2026-11-30T20:15:00Z\"\n") && !strings.Contains(string(data), "\nstarted: 2026-11-30T20:15:00Z\n") || !strings.Contains(string(data), "\nplayed: 4500\n") {
		t.Fatalf("the save does not keep when the game began and how long it was played:\n%s", data)
	}
	g, err := Decode(data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	if g.Started != f.Started || g.Played != f.Played {
		t.Fatalf("read back started %q played %d, want %q %d", g.Started, g.Played, f.Started, f.Played)
	}
	// The encoder writes the play time of each save, not the one it was
	// made with.
	enc, _ := NewEncoder(f)
	enc.Played = 4560
	if g, err := Decode(enc.EncodeWith(f.Answers, nil)); err != nil || g.Played != 4560 || g.Started != f.Started {
		t.Fatalf("a later save: %v, played %d", err, g.Played)
	}
	for _, bad := range []struct{ from, to, want string }{
		{"played: 4500", "played: -3", "seconds played"},
		// So many seconds would overflow the clock that adds this sitting
		// to them, and the next save could not be opened again.
		{"played: 4500", "played: 9223372036854775807", "seconds played"},
		{"2026-11-30T20:15:00Z", "last tuesday", "not a time"},
	} {
		_, err := Decode([]byte(strings.Replace(string(data), bad.from, bad.to, 1)))
		if err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%s: %v, want an error saying %q", bad.to, err, bad.want)
		}
	}
}

// TestEveryFieldRoundTrips: a save with every field of File set (a field
// added to File and not to the save's Wire fails here) reads back as it
// was written.
func TestEveryFieldRoundTrips(t *testing.T) {
	f := withActors()
	f.Teach, f.Started, f.Played, f.Web = true, "2026-12-01T20:15:00Z", 7, &WebTokens{Table: "t", Seats: []string{"a", "b"}}
	f.Ahead = AheadAnswers{{Step: 3, Answer: referee.Answer{Q: "pub.join", A: "join", Actor: 1, HasActor: true}}}
	v := reflect.ValueOf(f).Elem()
	for i := range v.NumField() {
		if v.Field(i).IsZero() {
			t.Fatalf("the test sets no %s", v.Type().Field(i).Name)
		}
	}
	data, err := Encode(f)
	if err != nil {
		t.Fatal(err)
	}
	g, err := Decode(data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	if !reflect.DeepEqual(f, g) {
		t.Fatalf("round trip differs:\n%+v\n%+v\n%s", f, g, data)
	}
}
