package journal

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"rumref/referee"
	"rumref/referee/pirates"
)

func sample() *File {
	return &File{Format: Format, Game: "pirates",
		Pirates: &pirates.Config{Players: []pirates.PlayerConfig{{Name: "Ann", Color: "gold"}, {Name: "Bo: the \"bold\"", Color: "blue"}},
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
	if got := AnswerLine(data, 1); got == "" {
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
		{"newer", strings.Replace(string(good), "format: 1", "format: 7", 1), "newer rumref"},
		{"no format", strings.Replace(string(good), "format: 1\n", "", 1), "format"},
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
	if _, err := Decode([]byte(strings.Replace(string(good), "format: 1", "format: 7", 1))); !errors.Is(err, ErrNewer) {
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
	f.Add([]byte(strings.Replace(string(good), "a: swan-3}", "a: yes}", 1)))
	f.Add([]byte(strings.Replace(string(good), "answers:\n", "answers: []\nanswers:\n", 1)))
	f.Add([]byte(string(good) + "extra: 1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		fast, fastErr := decodeFile(data)
		var whole File
		wholeErr := decodeStrict(data, &whole)
		if (wholeErr == nil) != (fastErr == nil) {
			t.Fatalf("the YAML decoder says %v, the fast path %v", wholeErr, fastErr)
		}
		if wholeErr == nil && !reflect.DeepEqual(whole, fast) {
			t.Fatalf("files differ: YAML %+v, fast %+v", whole, fast)
		}
	})
}
