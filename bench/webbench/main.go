// Command webbench measures the phones' pages (rumref --web) on this
// machine: a finished 5-player Rum & Pirates game is played again answer
// by answer, each answer posted by the page that may give it, with the
// five seat pages and the table page all following their event streams.
// It prints the time from posting an answer to the table's stream
// carrying its result (the next question or the end), and the memory
// the process held.
//
// Usage: go run ./bench/webbench [SEED]
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"rumref/games"
	"rumref/prompts"
	"rumref/referee"
	"rumref/sim"
	"rumref/table"
	"rumref/web"
)

func main() {
	seed := uint64(1)
	if len(os.Args) > 1 {
		n, err := strconv.ParseUint(os.Args[1], 10, 64)
		if err != nil {
			fail(err)
		}
		seed = n
	}
	f, err := sim.Finished("pirates", 5, seed)
	if err != nil {
		fail(err)
	}
	factory, err := sim.Factory(f)
	if err != nil {
		fail(err)
	}
	e, err := referee.Start(factory)
	if err != nil {
		fail(err)
	}
	g := e.Game()
	cfg := web.ConfigFor(games.Pirates, g, factory)
	core := table.New(e, table.Config{Factory: factory, Parallel: cfg.Parallel})
	defer core.Close("over", "")
	hub := web.NewHub(cfg, core)
	srv, err := web.Listen("127.0.0.1:0", hub, web.NewTokens(len(cfg.Names)))
	if err != nil {
		fail(err)
	}
	go srv.Serve()
	pr, pw := io.Pipe()
	defer pw.Close()
	s := &prompts.Session{Table: core, Shared: true, Mode: prompts.JSON, In: pr, Out: io.Discard, ErrOut: io.Discard}
	done := make(chan error, 1)
	go func() { done <- s.Run() }()

	// Six streams: the table's reports each step it carries.
	steps := make(chan int, 4096)
	urls := []string{srv.TableURL()}
	for i := range cfg.Names {
		urls = append(urls, srv.SeatURL(i))
	}
	for i, u := range urls {
		res, err := http.Get(u + "/events")
		if err != nil {
			fail(err)
		}
		go follow(res.Body, i == 0, steps)
	}
	var lat []time.Duration
	for step, a := range f.Answers {
		// Who answers: the seat asked, or the table page for the table.
		var st struct {
			Step     int `json:"step"`
			Question *struct {
				Actor int `json:"actor"`
			} `json:"question"`
		}
		for {
			getJSON(srv.TableURL()+"/state", &st)
			if st.Step == step && st.Question != nil {
				break
			}
			time.Sleep(time.Millisecond)
		}
		u := srv.TableURL()
		if st.Question.Actor >= 0 {
			u = srv.SeatURL(st.Question.Actor)
		}
		body, _ := json.Marshal(map[string]any{"step": step, "question": a.Q, "answer": a.A})
		t0 := time.Now()
		res, err := http.Post(u+"/answer", "application/json", bytes.NewReader(body))
		if err != nil {
			fail(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != 200 {
			fail(fmt.Errorf("answer %d: %s", step+1, res.Status))
		}
		for n := range steps {
			if n > step {
				break
			}
		}
		lat = append(lat, time.Since(t0))
	}
	if err := <-done; err != nil {
		fail(err)
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	slices.Sort(lat)
	pct := func(p float64) float64 { return float64(lat[int(p*float64(len(lat)-1))].Microseconds()) / 1000 }
	fmt.Printf("answers %d, 5 seats and the table connected\n", len(lat))
	fmt.Printf("answer posted -> table stream carries it: median %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms (target: median 20 ms)\n",
		pct(0.5), pct(0.9), pct(0.99), pct(1))
	fmt.Printf("memory: peak resident %s, Go heap in use %.1f MB, from the system %.1f MB (target 50 MB; the six clients run in the same process)\n",
		peakRSS(), float64(ms.HeapInuse)/1e6, float64(ms.Sys)/1e6)
	srv.Close()
}

// follow reads an event stream; for the table it reports the step of
// every question and end it carries.
func follow(r io.Reader, table bool, steps chan<- int) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	for sc.Scan() {
		line := sc.Text()
		if !table || !strings.HasPrefix(line, "data: ") {
			continue
		}
		var o struct {
			Type string `json:"type"`
			Step int    `json:"step"`
		}
		if json.Unmarshal([]byte(line[6:]), &o) == nil && (o.Type == "question" || o.Type == "end") {
			steps <- o.Step
		}
	}
}

func getJSON(u string, v any) {
	res, err := http.Get(u)
	if err != nil {
		fail(err)
	}
	defer res.Body.Close()
	json.NewDecoder(res.Body).Decode(v)
}

// peakRSS is the process's peak resident memory (VmHWM), or "?".
func peakRSS() string {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return "?"
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			return fmt.Sprintf("%.1f MB", float64(kb)/1000)
		}
	}
	return "?"
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "webbench:", err)
	os.Exit(1)
}
