// Command tableplay is bench/table's player: it plays seeded games of
// both games with a human-like policy through rumref's real front ends
// (the JSON Lines session to read each question, and the same answers
// typed into the terminal front end on a pseudo-terminal) and prints, per
// game and side by side for two builds, the answers, the pass-the-laptop
// screens the terminal showed, the questions asked with a single legal
// answer, and the keys pressed per answer in the terminal.
//
// Usage: tableplay [-games N] [-seed S] [-jobs J] [-terminal=false] [-game runner|pirates] NAME=RUMREF [NAME=RUMREF]
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
)

func main() {
	games := flag.Int("games", 2, "games of each kind (Rum Runner, Rum & Pirates with 3 and 5 players) per build")
	seed := flag.Uint64("seed", 1, "seed of the first game")
	jobs := flag.Int("jobs", 3, "games played at once")
	terminal := flag.Bool("terminal", true, "type every answer into the terminal front end too (pass screens and keys)")
	only := flag.String("game", "", "play only this game: runner or pirates (default both)")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: tableplay [-games N] [-seed S] [-jobs J] [-terminal=false] [-game runner|pirates] NAME=RUMREF [NAME=RUMREF]")
		flag.PrintDefaults()
	}
	flag.Parse()
	var builds []build
	for _, a := range flag.Args() {
		name, bin, ok := strings.Cut(a, "=")
		if !ok {
			flag.Usage()
			os.Exit(2)
		}
		builds = append(builds, build{name: name, bin: bin})
	}
	if len(builds) == 0 {
		flag.Usage()
		os.Exit(2)
	}
	dir, err := os.MkdirTemp("", "tableplay")
	if err != nil {
		fmt.Fprintln(os.Stderr, "tableplay:", err)
		os.Exit(1)
	}
	defer os.RemoveAll(dir)
	var setups []Setup
	for i := range *games {
		s := *seed + uint64(i)
		for _, st := range []Setup{{Game: "runner", Players: 2, Seed: s},
			{Game: "pirates", Players: 3, Seed: s}, {Game: "pirates", Players: 5, Seed: s}} {
			if *only == "" || *only == st.Game {
				setups = append(setups, st)
			}
		}
	}
	results, err := run(builds, setups, *terminal, dir, *jobs, os.Stderr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "tableplay:", err)
		os.Exit(1)
	}
	report(os.Stdout, builds, setups, results)
}
