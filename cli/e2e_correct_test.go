package cli

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"rumref/games"
	"strings"
	"testing"

	"rumref/journal"
	"rumref/locale"
	"rumref/referee"
	"rumref/sim"
)

// secretDrawGame finds, in random Rum Runner games, the moment just after
// a player named a card drawn in secret and the other player is asked a
// public question, where neither the card named nor another card the
// question offered (value, which keeps every later answer) shows anywhere
// in the public log or status.
// It returns the save of that moment, the number of the draw answer
// (1-based), its question, the other value, and the engine at that moment.
func secretDrawGame(t *testing.T) (*journal.File, int, *referee.Question, string, *referee.Engine) {
	t.Helper()
	return secretDrawGameWhere(t, func(*referee.Question) bool { return true })
}

// secretDrawGameWhere is secretDrawGame with a condition on the question
// then asked.
func secretDrawGameWhere(t *testing.T, ok func(q *referee.Question) bool) (*journal.File, int, *referee.Question, string, *referee.Engine) {
	t.Helper()
	for seed := uint64(1); seed < 60; seed++ {
		f, err := sim.Finished("runner", 2, seed)
		if err != nil {
			t.Fatal(err)
		}
		factory, err := sim.Factory(f)
		if err != nil {
			t.Fatal(err)
		}
		e, err := referee.Start(factory)
		if err != nil {
			t.Fatal(err)
		}
		draw := -1
		var dq *referee.Question
		for i, a := range f.Answers {
			if q := e.Next(); draw < 0 && q.ID == "draw.card" && q.Secret && len(q.Options) > 2 {
				dq = &referee.Question{ID: q.ID, Actor: q.Actor, Options: append([]referee.Option(nil), q.Options...)}
				draw = i
			}
			if err := e.Answer(a.A); err != nil {
				t.Fatal(err)
			}
			q := e.Next()
			if draw < 0 || i == draw || q == nil || q.Secret || !q.Actor.Player() || int(q.Actor) == f.Answers[draw].Actor || !ok(q) {
				continue
			}
			public := publicText(e)
			value := ""
			for _, o := range dq.Options {
				if o.Key == f.Answers[draw].A || o.Key == "misnamed" || o.Key == "unlisted" || value != "" || strings.Contains(public, o.Label) {
					continue
				}
				// A value that keeps every later answer: the game goes on
				// at the other player's question.
				if pre, err := e.Preview(draw, o.Key); err == nil && pre.Dropped == 0 {
					value = o.Key
				}
			}
			if value == "" || strings.Contains(public, dq.Label(f.Answers[draw].A)) {
				break // try another game
			}
			f.Answers = append(journal.Answers(nil), f.Answers[:i+1]...)
			return f, draw + 1, dq, value, e
		}
		e.Close()
	}
	t.Fatal("no random game has a secret card draw followed by the other player's question")
	return nil, 0, nil, "", nil
}

// publicText is everything the table sees of a game: its public rulings
// and status.
func publicText(e *referee.Engine) string {
	var b strings.Builder
	for _, ev := range e.Events() {
		b.WriteString(ev.For(referee.Public) + "\n")
	}
	b.WriteString(e.Game().Status(referee.Public, locale.English, 0))
	return b.String()
}

// secretWords matches the labels and keys of a secret question's two
// values, the old and the new.
func secretWords(q *referee.Question, keys ...string) *regexp.Regexp {
	var alts []string
	for _, k := range keys {
		alts = append(alts, regexp.QuoteMeta(k), regexp.QuoteMeta(q.Label(k)))
	}
	return regexp.MustCompile(`(?i)\b(` + strings.Join(alts, "|") + `)\b`)
}

// jsonConversation plays lines against the binary in JSON mode: it sends
// each line after rumref waits (a question or a confirm) and returns every
// object written.
func jsonConversation(t *testing.T, save string, lines []string, args ...string) []map[string]any {
	t.Helper()
	d := startDriver(t, nil, append(args, "resume", save)...)
	sc := d.out
	var objs []map[string]any
	wait := func() {
		for sc.Scan() {
			var m map[string]any
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
				t.Fatalf("not JSON: %q", sc.Text())
			}
			objs = append(objs, m)
			if m["type"] == "question" || m["type"] == "confirm" {
				return
			}
		}
	}
	wait()
	for _, l := range lines {
		d.send(l)
		wait()
	}
	d.in.Close()
	for sc.Scan() {
	}
	d.cmd.Wait()
	return objs
}

func TestSecretCorrectionThroughTheBinaryLeaksNothing(t *testing.T) {
	for _, lang := range locale.All {
		t.Run(lang.String(), func(t *testing.T) { secretCorrectionLeaksNothing(t, lang) })
	}
}

// secretCorrectionLeaksNothing is the test in one language: the card
// names looked for are the same in both; the sentences the output must
// hold are checked in English.
func secretCorrectionLeaksNothing(t *testing.T, lang locale.Lang) {
	langArg := []string{"--lang", lang.String()}
	f, n, dq, value, e := secretDrawGame(t)
	defer e.Close()
	owner := f.Answers[n-1].Actor
	old := f.Answers[n-1].A
	pre, err := e.Preview(n-1, value)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	save := filepath.Join(dir, "game.yaml")
	data, err := journal.Encode(f)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(save, data, 0o644)

	// JSON: a value that is not a choice, then a legal one, then undo,
	// each with the owner's agreement; log and show in between.
	lines := []string{fmt.Sprintf("correct %d kraken-9", n), "yes", fmt.Sprintf("correct %d %s", n, value), "yes"}
	if pre.Dropped > 0 {
		lines = append(lines, "yes")
	}
	lines = append(lines, "log", "show", "undo", "yes", "log", "show")
	objs := jsonConversation(t, save, lines, langArg...)
	var public []string
	confirms := 0
	for _, m := range objs {
		b, _ := json.Marshal(m)
		switch {
		case m["type"] == "confirm" && m["actor"] != -1.0:
			confirms++
			if m["actor"] != float64(owner) {
				t.Errorf("a confirm about seat %d's secret is addressed to %v: %s", owner, m["actor"], b)
			}
		case m["type"] == "question" && m["secret"] == true, m["type"] == "status" && m["viewer"] != -1.0:
		default:
			public = append(public, string(b))
		}
	}
	if confirms != 3 {
		t.Fatalf("%d confirms addressed to the owner, want 3:\n%v", confirms, objs)
	}
	words := secretWords(dq, old, value)
	for _, p := range public {
		if w := words.FindString(p); w != "" {
			t.Fatalf("a public object names the secret card %q: %s", w, p)
		}
		if strings.Contains(p, "kraken") {
			t.Fatalf("a public object echoes the value typed: %s", p)
		}
	}
	all := strings.Join(public, "\n")
	if lang != locale.English {
		if s := lang.Sprintf("table.secret_question"); !strings.Contains(all, s) {
			t.Errorf("the JSON output lacks %q", s)
		}
	}
	for _, s := range []string{fmt.Sprintf("Answer %d was not changed: the new value is not a legal answer to that secret question", n),
		fmt.Sprintf("Answer %d is now (secret).", n), fmt.Sprintf("Took back the correction of answer %d", n), "(a secret question)"} {
		if lang == locale.English && !strings.Contains(all, s) {
			t.Errorf("the JSON output lacks %q", s)
		}
	}
	back, _, err := games.Read(save)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Answers, f.Answers) {
		t.Fatalf("after the take-back the save holds %d answers, not the %d before", len(back.Answers), len(f.Answers))
	}

	// Plain: the same with the value on the command line.
	plain := strings.Join(lines, "\n") + "\nquit\n"
	res := rumref(t, plain, append(langArg, "--io", "plain", "resume", save)...)
	if w := words.FindString(res.stdout); w != "" {
		t.Fatalf("plain output names the secret card %q:\n%s", w, res.stdout)
	}
	if strings.Contains(res.stdout, "kraken") || lang == locale.English && !strings.Contains(res.stdout, fmt.Sprintf("Took back the correction of answer %d", n)) {
		t.Fatalf("plain output:\n%s", res.stdout)
	}

	// rumref log and show, as text and JSON.
	for _, args := range [][]string{{"log", save}, {"log", "--json", save}, {"show", save}, {"show", "--json", save}} {
		res := rumref(t, "", append(langArg, args...)...)
		if res.code != 0 {
			t.Fatalf("%v: exit %d %s", args, res.code, res.stderr)
		}
		if w := words.FindString(res.stdout); w != "" {
			t.Fatalf("%v names the secret card %q", args, w)
		}
	}
}

// TestMistypedEarlyCorrectionIsTakenBackAfterAResume replays the bug of
// issue 10: a mistyped correction early in a long game drops most of its
// answers; the game is left and resumed; undo restores every answer.
func TestMistypedEarlyCorrectionIsTakenBackAfterAResume(t *testing.T) {
	f, err := sim.Finished("pirates", 4, 7)
	if err != nil {
		t.Fatal(err)
	}
	// Unfinished, so it resumes: before the wares are named in secret.
	for f.Answers[len(f.Answers)-1].Q == "wares.name" {
		f.Answers = f.Answers[:len(f.Answers)-1]
	}
	f.Answers = f.Answers[:len(f.Answers)-1]
	factory, _ := sim.Factory(f)
	e, err := referee.Replay(factory, f.Answers)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	// The first turn choice changed to another legal option.
	n, value := 0, ""
	var out referee.Outcome
	for i, a := range f.Answers {
		if a.Q != "turn.choice" && a.Q != "turn.menu" {
			continue
		}
		q, _ := e.QuestionAt(i)
		for _, o := range q.Options {
			if o.Key != a.A {
				if pre, err := e.Preview(i, o.Key); err == nil && pre.Dropped > 0 {
					n, value, out = i+1, o.Key, pre
					break
				}
			}
		}
		if n > 0 {
			break
		}
	}
	if n == 0 {
		t.Fatal("no turn choice to correct")
	}
	dir := t.TempDir()
	save := filepath.Join(dir, "long.yaml")
	data, _ := journal.Encode(f)
	os.WriteFile(save, data, 0o644)
	res := rumref(t, fmt.Sprintf("correct %d %s\nyes\nquit\n", n, value), "--io", "plain", "resume", save)
	want := fmt.Sprintf("Changing answer %d drops the %d later answers from answer %d", n, out.Dropped, out.From)
	if !strings.Contains(res.stdout, want) {
		t.Fatalf("the confirmation lacks %q:\n%s", want, res.stdout)
	}
	if got := savedAnswers(t, save); got != out.Kept {
		t.Fatalf("after the correction the save holds %d answers, want %d", got, out.Kept)
	}
	// The backup holds the state one step back, and the save itself the
	// answers from before the correction.
	if raw, _ := os.ReadFile(save); !strings.Contains(string(raw), "correction:\n  answer: ") {
		t.Fatalf("the save keeps no record of the correction")
	}
	res = rumref(t, "undo\nquit\n", "--io", "plain", "resume", save)
	if !strings.Contains(res.stdout, fmt.Sprintf("Took back the correction of answer %d: the game holds its %d answers again", n, len(f.Answers))) {
		t.Fatalf("undo after the resume:\n%s", res.stdout)
	}
	back, _, err := games.Read(save)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Answers, f.Answers) {
		t.Fatalf("the save holds %d answers after the take-back, want all %d", len(back.Answers), len(f.Answers))
	}
}

// TestFormat1SaveResumes opens a save as rumref wrote it before answers
// recorded their actor: it replays, plays on, and is saved as format 2.
func TestFormat1SaveResumes(t *testing.T) {
	f, err := sim.Finished("runner", 2, 3)
	if err != nil {
		t.Fatal(err)
	}
	f.Answers = f.Answers[:40]
	data, _ := journal.Encode(f)
	old := regexp.MustCompile(`, by: -?[0-9]+\}`).ReplaceAllString(string(data), "}")
	old = strings.Replace(old, fmt.Sprintf("format: %d\n", journal.Format), "format: 1\n", 1)
	if strings.Contains(old, "by:") || !strings.Contains(old, "format: 1\n") {
		t.Fatalf("not a format 1 save:\n%s", old)
	}
	save := filepath.Join(t.TempDir(), "old.yaml")
	os.WriteFile(save, []byte(old), 0o644)
	if res := rumref(t, "", "show", save); res.code != 0 {
		t.Fatalf("show of a format 1 save: exit %d %s", res.code, res.stderr)
	}
	d := startDriver(t, nil, "resume", save)
	q := d.next()
	if q == nil {
		t.Fatalf("a format 1 save does not resume: %s", d.errs.String())
	}
	d.send(randomAnswer(rand.New(rand.NewPCG(1, 2)), q))
	d.next()
	d.finish()
	back, _, err := games.Read(save)
	if err != nil {
		t.Fatal(err)
	}
	if back.Format != journal.Format || len(back.Answers) != 41 || !back.Answers[0].HasActor || back.Answers[5] != f.Answers[5] {
		t.Fatalf("resumed save: format %d, %d answers, first %+v", back.Format, len(back.Answers), back.Answers[0])
	}
}
