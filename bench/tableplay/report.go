package main

import (
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// build is one rumref binary to measure, by the name its column gets.
type build struct{ name, bin string }

// run plays every setup with every build, jobs games at a time (a game
// mostly waits for the terminal to draw); results[b][i] is build b's
// game i.
func run(builds []build, setups []Setup, terminal bool, dir string, jobs int, progress io.Writer) ([][]*Result, error) {
	out := make([][]*Result, len(builds))
	type job struct{ b, i int }
	var todo []job
	for b := range builds {
		out[b] = make([]*Result, len(setups))
		sub := filepath.Join(dir, fmt.Sprint(b))
		if err := os.Mkdir(sub, 0o700); err != nil {
			return nil, err
		}
		for i := range setups {
			todo = append(todo, job{b, i})
		}
	}
	var (
		mu    sync.Mutex
		first error
		wg    sync.WaitGroup
	)
	next := make(chan job)
	for range max(jobs, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range next {
				bd, s := builds[j.b], setups[j.i]
				r, err := play(bd.bin, s, terminal, filepath.Join(dir, fmt.Sprint(j.b)))
				mu.Lock()
				if err != nil && first == nil {
					first = fmt.Errorf("%s: %w", bd.name, err)
				}
				if err == nil {
					out[j.b][j.i] = r
					fmt.Fprintf(progress, "  %s: %s done (%d answers)\n", bd.name, s, r.Answers)
					if r.TermDetail != "" {
						fmt.Fprintf(progress, "  %s: %s: the terminal session failed:\n%s\n", bd.name, s, r.TermDetail)
					}
				}
				mu.Unlock()
			}
		}()
	}
	for _, j := range todo {
		next <- j
	}
	close(next)
	wg.Wait()
	return out, first
}

func (s Setup) String() string {
	if s.Game == "runner" {
		return fmt.Sprintf("Rum Runner, seed %d", s.Seed)
	}
	return fmt.Sprintf("Rum & Pirates %dp, seed %d", s.Players, s.Seed)
}

// kind names the group of games a setup's figures are summed in.
func (s Setup) kind() string {
	if s.Game == "runner" {
		return "Rum Runner"
	}
	return fmt.Sprintf("Rum & Pirates %dp", s.Players)
}

func (r *Result) keysPer() string {
	if !r.Terminal || r.Answers == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f", float64(r.Keys)/float64(r.Answers))
}

func (r *Result) passes() string {
	if !r.Terminal {
		return "-"
	}
	return fmt.Sprint(r.Passes)
}

// report prints one row per game with each build's answers, pass
// screens, single-answer questions and keys per answer, then the means
// per kind of game with the first build against the second, and the
// questions asked with a single legal answer.
func report(w io.Writer, builds []build, setups []Setup, res [][]*Result) {
	head := fmt.Sprintf("%-26s", "game")
	for _, b := range builds {
		head += fmt.Sprintf(" | %-30s", b.name+": answers pass single keys/ans")
	}
	fmt.Fprintln(w, head)
	for i, s := range setups {
		line := fmt.Sprintf("%-26s", s)
		for b := range builds {
			r := res[b][i]
			line += fmt.Sprintf(" | %7d %4s %6d %8s%5s", r.Answers, r.passes(), r.SingleTotal(), r.keysPer(), "")
		}
		fmt.Fprintln(w, line)
	}
	fmt.Fprintln(w)
	var kinds []string
	for _, s := range setups {
		if !slices.Contains(kinds, s.kind()) {
			kinds = append(kinds, s.kind())
		}
	}
	fmt.Fprintf(w, "%-18s %-10s %9s %9s %9s %9s\n", "mean per game", "build", "answers", "passes", "single", "keys/ans")
	fmt.Fprintln(w, "(Rum Runner games differ much in length: per turn, answers and pass screens follow.)")
	for _, k := range kinds {
		var sums [][4]float64
		for b := range builds {
			// Passes and keys count the games whose terminal session
			// played to the end.
			var sum [4]float64
			n, nt, termAnswers := 0.0, 0.0, 0.0
			for i, s := range setups {
				if s.kind() != k {
					continue
				}
				r := res[b][i]
				n++
				sum[0] += float64(r.Answers)
				sum[2] += float64(r.SingleTotal())
				if r.Terminal {
					nt++
					termAnswers += float64(r.Answers)
					sum[1] += float64(r.Passes)
					sum[3] += float64(r.Keys)
				}
			}
			sum[0] /= n
			sum[2] /= n
			sum[1] /= max(nt, 1)
			sum[3] /= max(termAnswers, 1)
			sums = append(sums, sum)
			fmt.Fprintf(w, "%-18s %-10s %9.1f %9.1f %9.1f %9.2f%s\n", k, builds[b].name, sum[0], sum[1], sum[2], sum[3], perTurn(res[b], setups, k))
		}
		if len(builds) == 2 {
			ratio := func(j int) string {
				if sums[1][j] == 0 {
					return "-"
				}
				return fmt.Sprintf("%.0f%%", 100*sums[0][j]/sums[1][j])
			}
			fmt.Fprintf(w, "%-18s %-10s %9s %9s %9s %9s\n", k, builds[0].name+"/"+builds[1].name, ratio(0), ratio(1), ratio(2), ratio(3))
		}
	}
	fmt.Fprintln(w)
	for b, bd := range builds {
		for _, r := range res[b] {
			if r.TermError != "" {
				fmt.Fprintf(w, "%s, %s: the terminal session failed (its passes and keys are left out): %s\n", bd.name, r.Setup, r.TermError)
			}
		}
	}
	for b, bd := range builds {
		all := map[string]int{}
		for _, r := range res[b] {
			for id, n := range r.Single {
				all[id] += n
			}
		}
		var parts []string
		for _, id := range slices.Sorted(maps.Keys(all)) {
			parts = append(parts, fmt.Sprintf("%s %d", id, all[id]))
		}
		if len(parts) == 0 {
			parts = []string{"none"}
		}
		fmt.Fprintf(w, "questions with a single legal answer, %s (all games): %s\n", bd.name, strings.Join(parts, ", "))
	}
}

// perTurn is, for Rum Runner, the answers and pass screens per turn over
// a kind's games ("" for Rum & Pirates).
func perTurn(res []*Result, setups []Setup, kind string) string {
	answers, passes, turns, termTurns := 0, 0, 0, 0
	for i, s := range setups {
		r := res[i]
		if s.kind() != kind || r.Turns == 0 {
			continue
		}
		answers += r.Answers
		turns += r.Turns
		if r.Terminal {
			passes += r.Passes
			termTurns += r.Turns
		}
	}
	if turns == 0 {
		return ""
	}
	return fmt.Sprintf("   per turn: %.1f answers, %.2f pass screens", float64(answers)/float64(turns), float64(passes)/float64(max(termTurns, 1)))
}
