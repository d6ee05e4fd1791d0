//go:build linux || darwin

package cli

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"rumref/games"
	"rumref/journal"
	"rumref/locale"
	"rumref/referee"
	"rumref/sim"
)

// simGame writes the start of a finished simulated game (its setup, no
// answers) to a save and returns the save and the game's answers, to be
// given one by one.
func simGame(t *testing.T, game string, players int, seed uint64) (string, []referee.Answer) {
	t.Helper()
	f, err := sim.Finished(game, players, seed)
	if err != nil {
		t.Fatal(err)
	}
	answers := f.Answers
	f.Answers = nil
	b, err := journal.Encode(f)
	if err != nil {
		t.Fatal(err)
	}
	save := filepath.Join(t.TempDir(), "g.yaml")
	if err := os.WriteFile(save, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return save, answers
}

// pageURLs are the table's and the seats' page URLs of a web object.
func pageURLs(t *testing.T, web map[string]any) (string, []string) {
	t.Helper()
	var seats []string
	for _, s := range web["seats"].([]any) {
		seats = append(seats, s.(map[string]any)["url"].(string))
	}
	return web["table"].(string), seats
}

// pageQuestion is the question a page's state shows.
func pageQuestion(t *testing.T, url string) map[string]any {
	t.Helper()
	code, st := httpJSON(t, "GET", url+"/state", "")
	if code != 200 {
		t.Fatalf("GET %s/state: %d %v", url, code, st)
	}
	q, _ := st["question"].(map[string]any)
	return q
}

func stepOf(o map[string]any) int { return int(o["step"].(float64)) }

// TestWebAheadSurvivesKill: Bo answers his pub invitation on his phone
// while another seat is asked hers; the reply acknowledges it as kept
// ("queued"), and the rumref process is killed with SIGKILL right after.
// The save holds the answer (ahead:), and the resumed game gives it by
// itself when it reaches that question: the laptop never answers it.
func TestWebAheadSurvivesKill(t *testing.T) {
	for _, lang := range locale.All {
		t.Run(lang.String(), func(t *testing.T) { webAheadSurvivesKill(t, lang) })
	}
}

// webAheadSurvivesKill is the test with the laptop in language lang.
func webAheadSurvivesKill(t *testing.T, lang locale.Lang) {
	langArg := []string{"--lang", lang.String()}
	save, answers := simGame(t, "pirates", 3, 7)
	d := startDriver(t, nil, append(langArg, "resume", save, "--web", "127.0.0.1:0")...)
	web, q := webObject(t, d)
	_, seats := pageURLs(t, web)

	// Play from the laptop until a seat's page offers a question ahead of
	// its turn (a pub invitation while another seat is asked theirs).
	aheadSeat, aheadStep := -1, -1
	var ahead map[string]any
	for aheadSeat < 0 {
		if q == nil {
			t.Fatalf("the game ended and no page ever showed a question ahead of its turn; stderr: %s", d.errs.String())
		}
		step := stepOf(q)
		for i, u := range seats {
			pq := pageQuestion(t, u)
			if pq != nil && pq["ahead"] == true && i != int(q["actor"].(float64)) {
				aheadSeat, aheadStep, ahead = i, stepOf(pq), pq
				break
			}
		}
		if aheadSeat >= 0 {
			break
		}
		if q["id"] != answers[step].Q {
			t.Fatalf("step %d: the laptop asks %v, the game had %s", step, q["id"], answers[step].Q)
		}
		d.send(answers[step].A)
		q = d.next()
	}
	if ahead["id"] != "pub.join" || aheadStep <= stepOf(q) || answers[aheadStep].Q != "pub.join" {
		t.Fatalf("the question ahead of its turn is %v at step %d (the laptop is at %d)", ahead, aheadStep, stepOf(q))
	}
	key := answers[aheadStep].A
	code, reply := httpJSON(t, "POST", seats[aheadSeat]+"/answer", fmt.Sprintf(`{"step":%d,"question":"pub.join","answer":%q}`, aheadStep, key))
	if code != 200 || reply["ok"] != true || reply["queued"] != true {
		t.Fatalf("the answer ahead of its turn: %d %v, want 200 with queued", code, reply)
	}
	// Acknowledged: now kill the process without a chance to save.
	if err := d.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	d.in.Close()
	d.cmd.Wait()

	f, _, err := games.Read(save)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Ahead) != 1 || f.Ahead[0].Step != aheadStep || f.Ahead[0].Answer.Q != "pub.join" ||
		f.Ahead[0].Answer.A != key || f.Ahead[0].Answer.Actor != aheadSeat {
		raw, _ := os.ReadFile(save)
		t.Fatalf("after kill -9 the save does not hold the answer given ahead (step %d, seat %d, %s):\n%s", aheadStep, aheadSeat, key, tail(string(raw), 1500))
	}
	killedAt := len(f.Answers)

	// Resume: the laptop answers everything before that question, never
	// that question itself; the game gives it on its own.
	d = startDriver(t, nil, append(langArg, "resume", save, "--web", "127.0.0.1:0")...)
	_, q = webObject(t, d)
	if stepOf(q) != killedAt {
		t.Fatalf("resumed at step %d, the save held %d answers", stepOf(q), killedAt)
	}
	for stepOf(q) < aheadStep {
		d.send(answers[stepOf(q)].A)
		if q = d.next(); q == nil {
			t.Fatalf("the game stopped; stderr: %s", d.errs.String())
		}
	}
	if stepOf(q) == aheadStep {
		t.Fatalf("the resumed game asks the laptop the question answered ahead of its turn: %v", q)
	}
	given := false
	// The info in the laptop's language, around the seat's name.
	before, after, _ := strings.Cut(lang.Sprintf("table.info.ahead", aheadStep+1, "\x00"), "\x00")
	for _, o := range d.objs {
		if o["type"] == "info" && strings.Contains(o["text"].(string), before) && strings.Contains(o["text"].(string), after) {
			given = true
		}
	}
	if !given {
		t.Errorf("no info said answer %d was given ahead of its turn", aheadStep+1)
	}
	d.send("quit")
	if code := d.finish(); code != 2 {
		t.Fatalf("quit: exit %d", code)
	}
	f, _, err = games.Read(save)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Answers) <= aheadStep || f.Answers[aheadStep].Q != "pub.join" || f.Answers[aheadStep].A != key || f.Answers[aheadStep].Actor != aheadSeat {
		t.Fatalf("answer %d in the save: %+v, want seat %d's %s", aheadStep+1, f.Answers[min(aheadStep, len(f.Answers)-1)], aheadSeat, key)
	}
	if len(f.Ahead) != 0 {
		t.Errorf("the save still holds answers ahead after they were given: %+v", f.Ahead)
	}
}

func tail(s string, n int) string { return s[max(0, len(s)-n):] }

// TestWebLaptopAndPageAtOnce: at many questions in a row, the laptop
// (a JSON answer object on standard input) and the page of the one asked (a POST naming the step and
// the question it showed) answer the pending question at the same
// moment. Exactly one of them is taken each time: the other is refused,
// the page with 409, the laptop with an error object; the game moves on
// by one answer, never two, so neither answers a question its sender was
// not shown.
func TestWebLaptopAndPageAtOnce(t *testing.T) {
	save, answers := simGame(t, "pirates", 3, 7)
	d := startDriver(t, nil, "resume", save, "--web", "127.0.0.1:0")
	web, q := webObject(t, d)
	table, seats := pageURLs(t, web)
	rounds := 200
	if testing.Short() {
		rounds = 50
	}
	pageWon, laptopWon := 0, 0
	for r := 0; r < rounds; r++ {
		step := stepOf(q)
		if q["id"] != answers[step].Q {
			t.Fatalf("step %d: the laptop asks %v, the game had %s", step, q["id"], answers[step].Q)
		}
		page := table
		if a := int(q["actor"].(float64)); a >= 0 {
			page = seats[a]
		}
		body := fmt.Sprintf(`{"step":%d,"question":%q,"answer":%q}`, step, q["id"], answers[step].A)
		start := make(chan struct{})
		type posted struct {
			code  int
			reply map[string]any
		}
		res := make(chan posted, 1)
		go func() {
			<-start
			if r%3 == 1 {
				time.Sleep(time.Duration(r%7) * 100 * time.Microsecond)
			}
			code, reply := httpJSONQuiet(page+"/answer", body)
			res <- posted{code, reply}
		}()
		// The laptop names what it was shown too (an answer object, as
		// a driver beside the phones answers).
		line := body + "\n"
		close(start)
		if r%3 == 2 {
			time.Sleep(time.Duration(r%7) * 100 * time.Microsecond)
		}
		d.in.Write([]byte(line))
		p := <-res
		// What the laptop line did shows before the status that show
		// writes after it (lines are handled in order).
		mark := len(d.objs)
		d.send("show")
		var status bool
		for !status {
			if q = d.next(); q == nil {
				t.Fatalf("round %d: the game stopped; stderr: %s", r, d.errs.String())
			}
			for _, o := range d.objs[mark:] {
				status = status || o["type"] == "status"
			}
		}
		var errs []string
		for _, o := range d.objs[mark:] {
			if o["type"] == "error" {
				errs = append(errs, o["error"].(string))
			}
		}
		pageTaken := p.code == 200
		laptopTaken := len(errs) == 0
		switch {
		case stepOf(q) != step+1:
			t.Fatalf("round %d: after one question at step %d the game is at step %d (page %d %v, laptop errors %q)", r, step, stepOf(q), p.code, p.reply, errs)
		case pageTaken == laptopTaken:
			for _, o := range d.objs[mark:] {
				if o["type"] != "status" {
					t.Logf("%v", o)
				}
			}
			t.Fatalf("round %d (step %d, %s): page %d %v, laptop errors %q: want exactly one taken", r, step, answers[step].Q, p.code, p.reply, errs)
		case !pageTaken && p.code != 409:
			t.Fatalf("round %d: the page's refused answer got %d %v, want 409", r, p.code, p.reply)
		case pageTaken && (len(errs) != 1 || !strings.Contains(errs[0], fmt.Sprint(step+1))):
			t.Fatalf("round %d: the laptop's line after the page's answer %d: %q", r, step+1, errs)
		}
		if pageTaken {
			pageWon++
		} else {
			laptopWon++
		}
	}
	t.Logf("%d rounds: the page was first %d times, the laptop %d", rounds, pageWon, laptopWon)
	if pageWon == 0 || laptopWon == 0 {
		t.Errorf("one side was always first (page %d, laptop %d): the race was not run", pageWon, laptopWon)
	}
	d.send("quit")
	d.finish()
	f, _, err := games.Read(save)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Answers) != stepOf(q) {
		t.Fatalf("the save holds %d answers, the game is at %d", len(f.Answers), stepOf(q))
	}
	for i, a := range f.Answers {
		if a.Q != answers[i].Q || a.A != answers[i].A {
			t.Fatalf("answer %d in the save is %s=%s, the game had %s=%s", i+1, a.Q, a.A, answers[i].Q, answers[i].A)
		}
	}
}

// httpJSONQuiet posts body as JSON from a goroutine that may not fail
// the test (code 0 when the request failed).
func httpJSONQuiet(url, body string) (int, map[string]any) {
	req, _ := http.NewRequest("POST", url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, map[string]any{"error": err.Error()}
	}
	defer res.Body.Close()
	var m map[string]any
	json.NewDecoder(res.Body).Decode(&m)
	return res.StatusCode, m
}
