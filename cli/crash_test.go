package cli

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"rumref/games"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"rumref/journal"
	"rumref/referee"
)

// TestCrashWhileSaving kills the binary with SIGKILL at random moments,
// many of them within a millisecond of an answer, while the save after
// that answer is being written. After every kill the save must read, hold
// every acknowledged answer exactly as given (and at most the one answer
// in flight beyond), and show the same state as a save written in one go
// with those answers.
func TestCrashWhileSaving(t *testing.T) {
	kills := 30
	if testing.Short() {
		kills = 8
	}
	for _, game := range []struct {
		name string
		args []string
	}{
		{"pirates", []string{"new", "pirates", "--players", "Ann:gold,Bo:violet,Cy:black,Di:silver,Ed:blue", "--start", "2", "--seed", "11"}},
		{"runner", []string{"new", "runner", "--crown", "Ann", "--pirate", "Bo", "--turn-cap", "60"}},
	} {
		t.Run(game.name, func(t *testing.T) {
			dir := t.TempDir()
			save := filepath.Join(dir, "g.yaml")
			r := rand.New(rand.NewPCG(uint64(len(game.name)), 99))
			var sent []referee.Answer
			d := startDriver(t, nil, append(game.args, "--save", save)...)
			over, inFlight, kept := false, 0, 0
			for k := 0; k < kills && !over; k++ {
				// Answer a few questions; each is acknowledged once the next
				// question is printed.
				for range r.IntN(12) {
					q := d.next()
					if q == nil {
						over = true
						break
					}
					a := randomAnswer(r, q)
					sent = append(sent, referee.Answer{Q: q["id"].(string), A: a})
					d.send(a)
				}
				if over {
					break
				}
				q := d.next()
				if q == nil {
					over = true
					break
				}
				acked := len(sent)
				// One more answer, then a kill during its save or just after.
				a := randomAnswer(r, q)
				sent = append(sent, referee.Answer{Q: q["id"].(string), A: a})
				d.send(a)
				if r.IntN(4) > 0 {
					time.Sleep(time.Duration(r.IntN(1500)) * time.Microsecond)
				}
				d.cmd.Process.Signal(syscall.SIGKILL)
				d.cmd.Wait()

				f, _, err := games.Read(save)
				if err != nil {
					t.Fatalf("kill %d: the save does not read: %v", k, err)
				}
				n := len(f.Answers)
				if n < acked || n > acked+1 {
					t.Fatalf("kill %d: the save holds %d answers; %d were acknowledged and 1 was in flight", k, n, acked)
				}
				for i, a := range f.Answers {
					if a.Q != sent[i].Q || a.A != sent[i].A {
						t.Fatalf("kill %d: saved answer %d is %v, %v was given", k, i+1, a, sent[i])
					}
				}
				if n == acked+1 {
					kept++
				} else {
					inFlight++
				}
				sent = sent[:n]
				if b, err := os.ReadFile(journal.BackupName(save)); err == nil && len(b) > 0 {
					if _, err := games.Decode(b); err != nil {
						t.Fatalf("kill %d: the backup does not read: %v", k, err)
					}
				}
				compareWithReplay(t, f, sent, filepath.Join(dir, "replay.yaml"), save)
				d = startDriver(t, nil, "resume", save)
			}
			d.finish()
			t.Logf("%s: %d answers survived the kills; the answer in flight was saved %d times and lost %d times", game.name, len(sent), kept, inFlight)
		})
	}
}

// compareWithReplay writes a fresh save of f's setup with the answers
// given and checks that "rumref show --json" prints the same for it as
// for the save that survived the kill.
func compareWithReplay(t *testing.T, f *journal.File, answers []referee.Answer, fresh, crashed string) {
	t.Helper()
	clean := *f
	clean.Answers = append([]referee.Answer(nil), answers...)
	data, err := journal.Encode(&clean)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(fresh, data, 0o644); err != nil {
		t.Fatal(err)
	}
	want := rumref(t, "", "show", "--json", fresh)
	got := rumref(t, "", "show", "--json", crashed)
	if want.code != 0 || got.code != 0 {
		t.Fatalf("show: exit %d %s / exit %d %s", want.code, want.stderr, got.code, got.stderr)
	}
	if want.stdout != got.stdout {
		t.Fatalf("the save that survived the kill shows\n%s\nan uninterrupted replay shows\n%s", got.stdout, want.stdout)
	}
}

// TestDamagedSavesAreRefused cuts a save at many lengths and damages it in
// ways TestSaveRefusals does not: rumref never crashes on it, and when it
// refuses the save it names the backup.
func TestDamagedSavesAreRefused(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, "g.yaml")
	res := rumref(t, "1\n1\n1\n2\n1\n", "--io", "plain", "new", "pirates", "--players", "Ann:gold,Bo:blue", "--layout", "fixed", "--start", "1", "--save", save)
	if res.code != exitInterrupted {
		t.Fatalf("exit %d %s", res.code, res.stderr)
	}
	data, err := os.ReadFile(save)
	if err != nil {
		t.Fatal(err)
	}
	bodies := map[string][]byte{
		"empty":        nil,
		"binary":       []byte("\x00\x01\x02\xff\xfe garbage"),
		"not yaml":     []byte("{{{ [[[ :::"),
		"list":         []byte("- 1\n- 2\n"),
		"other game":   []byte(strings.Replace(string(data), "game: pirates", "game: runner", 1)),
		"no format":    []byte(strings.Replace(string(data), fmt.Sprintf("format: %d", journal.Format), "", 1)),
		"negative":     []byte(strings.Replace(string(data), fmt.Sprintf("format: %d", journal.Format), "format: -3", 1)),
		"bad section":  []byte(strings.Replace(string(data), "section: 1", "section: 12", 1)),
		"flipped byte": flip(data, len(data)/2),
	}
	step := max(len(data)/40, 1)
	for n := 1; n < len(data); n += step {
		bodies["cut at "+strconv.Itoa(n)] = data[:n]
	}
	refused := 0
	for name, body := range bodies {
		p := filepath.Join(dir, "damaged.yaml")
		os.WriteFile(p, body, 0o644)
		os.WriteFile(journal.BackupName(p), data, 0o644)
		res := rumref(t, "", "show", p)
		switch res.code {
		case 0:
			// A cut at the end of an answer line leaves a valid, shorter save.
			continue
		case exitError:
			refused++
			if !strings.Contains(res.stderr, journal.BackupName(p)) {
				t.Errorf("%s: refused without naming the backup: %s", name, res.stderr)
			}
			if strings.Contains(res.stderr, "panic") || strings.Contains(res.stderr, "goroutine") {
				t.Errorf("%s: crashed: %s", name, res.stderr)
			}
		default:
			t.Errorf("%s: exit %d: %s", name, res.code, res.stderr)
		}
		if after, _ := os.ReadFile(p); string(after) != string(body) {
			t.Errorf("%s: a refused save was changed", name)
		}
	}
	t.Logf("%d of %d damaged saves refused; the rest were cut at the end of a line", refused, len(bodies))
	if refused < len(bodies)/2 {
		t.Errorf("only %d of %d damaged saves were refused", refused, len(bodies))
	}
}

func flip(b []byte, i int) []byte {
	out := append([]byte(nil), b...)
	out[i] ^= 0x80
	return out
}
