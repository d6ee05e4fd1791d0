// Command harness measures rumref for bench/run: start-up time of a
// command, answer latency with autosave against a bare fsync'd save, the
// replay of a finished game and raw simulated games per second.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"rumref/games"
	"slices"
	"strconv"
	"time"

	"rumref/journal"
	"rumref/referee"
	"rumref/sim"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: harness finished FILE | startup N CMD... [:: CMD...] | latency RUMREF DIR | replay FILE N | raw GAME N")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "finished":
		err = finished(os.Args[2])
	case "startup":
		err = startup(os.Args[2], os.Args[3:])
	case "latency":
		err = latency(os.Args[2], os.Args[3])
	case "replay":
		err = replay(os.Args[2], os.Args[3])
	case "raw":
		err = raw(os.Args[2], os.Args[3])
	default:
		err = fmt.Errorf("unknown measurement %q", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "harness:", err)
		os.Exit(1)
	}
}

// finished writes a finished 5-player Rum & Pirates game to path.
func finished(path string) error {
	f, err := sim.Finished("pirates", 5, 3)
	if err != nil {
		return err
	}
	data, err := journal.Encode(f)
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// median and p99 of durations, in microseconds.
func stats(d []time.Duration) (med, p99 float64) {
	slices.Sort(d)
	us := func(x time.Duration) float64 { return float64(x) / float64(time.Microsecond) }
	return us(d[len(d)/2]), us(d[min(len(d)-1, len(d)*99/100)])
}

// startup runs each command n times, the commands in turn (so that a
// change in the machine's load falls on all of them alike), each with
// GOMAXPROCS=1, and prints one line per command: its median wall time and
// its median CPU time (user + system of the process), in µs. The
// commands are separated by "::".
func startup(count string, args []string) error {
	n, err := strconv.Atoi(count)
	if err != nil {
		return err
	}
	var cmds [][]string
	for len(args) > 0 {
		cmd := args
		if i := slices.Index(args, "::"); i >= 0 {
			cmd, args = args[:i], args[i+1:]
		} else {
			args = nil
		}
		if len(cmd) == 0 {
			return fmt.Errorf("startup: an empty command")
		}
		cmds = append(cmds, cmd)
	}
	wall := make([][]time.Duration, len(cmds))
	cpu := make([][]time.Duration, len(cmds))
	env := append(os.Environ(), "GOMAXPROCS=1")
	for range n {
		for i, cmd := range cmds {
			c := exec.Command(cmd[0], cmd[1:]...)
			c.Stdout, c.Stderr, c.Env = io.Discard, io.Discard, env
			start := time.Now()
			if err := c.Run(); err != nil {
				return fmt.Errorf("%v: %w", cmd, err)
			}
			wall[i] = append(wall[i], time.Since(start))
			cpu[i] = append(cpu[i], c.ProcessState.UserTime()+c.ProcessState.SystemTime())
		}
	}
	for i := range cmds {
		w, _ := stats(wall[i])
		c, _ := stats(cpu[i])
		fmt.Printf("%.0f %.0f\n", w, c)
	}
	return nil
}

// latency plays the finished game's answers one at a time into "rumref
// --io json resume" and times each from sending the answer to reading the
// next question (the save is written in between); then it times a bare
// write+fsync+rename of the same save bytes at every step.
func latency(bin, dir string) error {
	f, err := sim.Finished("pirates", 5, 3)
	if err != nil {
		return err
	}
	answers := f.Answers
	f.Answers = nil
	data, err := journal.Encode(f)
	if err != nil {
		return err
	}
	save := filepath.Join(dir, "latency.yaml")
	os.Remove(save)
	os.Remove(journal.BackupName(save))
	if err := os.WriteFile(save, data, 0o644); err != nil {
		return err
	}
	c := exec.Command(bin, "--io", "json", "--no-color", "resume", save)
	in, err := c.StdinPipe()
	if err != nil {
		return err
	}
	out, err := c.StdoutPipe()
	if err != nil {
		return err
	}
	c.Stderr = io.Discard
	if err := c.Start(); err != nil {
		return err
	}
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	nextQuestion := func() bool {
		for sc.Scan() {
			var m struct {
				Type string `json:"type"`
			}
			if json.Unmarshal(sc.Bytes(), &m) == nil && (m.Type == "question" || m.Type == "end") {
				return m.Type == "question"
			}
		}
		return false
	}
	if !nextQuestion() {
		return fmt.Errorf("rumref asked nothing")
	}
	var live []time.Duration
	for i, a := range answers {
		start := time.Now()
		if _, err := io.WriteString(in, a.A+"\n"); err != nil {
			return err
		}
		q := nextQuestion()
		live = append(live, time.Since(start))
		if !q && i != len(answers)-1 {
			return fmt.Errorf("rumref stopped after answer %d of %d", i+1, len(answers))
		}
	}
	in.Close()
	c.Wait()
	var bare []time.Duration
	path := filepath.Join(dir, "bare.yaml")
	for i := range answers {
		f.Answers = answers[:i+1]
		data, err := journal.Encode(f)
		if err != nil {
			return err
		}
		start := time.Now()
		if err := sim.BareSave(path, data); err != nil {
			return err
		}
		bare = append(bare, time.Since(start))
	}
	lm, lp := stats(live)
	bm, bp := stats(bare)
	fmt.Printf("%d %.0f %.0f %.0f %.0f\n", len(answers), lm, lp, bm, bp)
	return nil
}

// replay replays the save at path n times and prints the median in µs and
// the number of answers.
func replay(path, count string) error {
	n, err := strconv.Atoi(count)
	if err != nil {
		return err
	}
	f, _, err := games.Read(path)
	if err != nil {
		return err
	}
	factory, err := sim.Factory(f)
	if err != nil {
		return err
	}
	var d []time.Duration
	for range n {
		start := time.Now()
		e, err := referee.Replay(factory, f.Answers, referee.WithoutLog())
		if err != nil {
			return err
		}
		d = append(d, time.Since(start))
		e.Close()
	}
	med, _ := stats(d)
	fmt.Printf("%.0f %d\n", med, len(f.Answers))
	return nil
}

// raw plays n games with no checks and prints games per second.
func raw(game, count string) error {
	n, err := strconv.Atoi(count)
	if err != nil {
		return err
	}
	r := sim.Run(sim.Config{Game: game, Games: n, Seed: 1, Unchecked: true})
	if len(r.Failures) > 0 {
		return r.Failures[0].Err
	}
	fmt.Printf("%.0f\n", r.GamesPerSecond())
	return nil
}
