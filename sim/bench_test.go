package sim

import (
	"path/filepath"
	"testing"

	"rumref/games"
	"rumref/internal/randplay"
	"rumref/journal"
	"rumref/referee"
)

// finished plays the game of seed to its end with the random player and
// returns its setup and answers.
func finished(tb testing.TB, game string, players int, seed uint64) (games.SimTable, []referee.Answer) {
	tb.Helper()
	t, err := newTable(Config{Game: game}, seed)
	if game == "pirates" {
		t, err = games.Pirates.Sim(players, seed)
	}
	if err != nil {
		tb.Fatal(err)
	}
	e, err := referee.Start(t.Factory(), referee.WithoutLog())
	if err != nil {
		tb.Fatal(err)
	}
	defer e.Close()
	p := randplay.New(seed)
	for q := e.Next(); q != nil; q = e.Next() {
		if err := e.Answer(t.Answer(p, q)); err != nil {
			tb.Fatal(err)
		}
	}
	return t, append([]referee.Answer(nil), e.Answers()...)
}

// BenchmarkReplayPirates5 replays a finished 5-player Rum & Pirates game
// into a fresh game, as resume and show do (without the log).
func BenchmarkReplayPirates5(b *testing.B) {
	t, answers := finished(b, "pirates", 5, 3)
	f := t.Factory()
	for b.Loop() {
		e, err := referee.Replay(f, answers, referee.WithoutLog())
		if err != nil || !e.Over() {
			b.Fatal(err)
		}
		e.Close()
	}
	b.ReportMetric(float64(len(answers)), "answers")
}

// BenchmarkReplayPirates5Log is BenchmarkReplayPirates5 with the log kept,
// as the play session replays.
func BenchmarkReplayPirates5Log(b *testing.B) {
	t, answers := finished(b, "pirates", 5, 3)
	f := t.Factory()
	for b.Loop() {
		e, err := referee.Replay(f, answers)
		if err != nil || !e.Over() {
			b.Fatal(err)
		}
		e.Close()
	}
}

// BenchmarkReplayRunner replays a finished Rum Runner game.
func BenchmarkReplayRunner(b *testing.B) {
	t, answers := finished(b, "runner", 2, 3)
	f := t.Factory()
	for b.Loop() {
		e, err := referee.Replay(f, answers, referee.WithoutLog())
		if err != nil || !e.Over() {
			b.Fatal(err)
		}
		e.Close()
	}
	b.ReportMetric(float64(len(answers)), "answers")
}

// BenchmarkAnswer measures the engine's handling of one answer (validate,
// apply, run the rules to the next question, log) over a whole 5-player
// game; ns/op is per answer.
func BenchmarkAnswer(b *testing.B) {
	t, answers := finished(b, "pirates", 5, 3)
	answerLoop(b, t.Factory(), answers, nil)
}

// answerLoop answers a finished game's answers one per iteration, starting
// the game again (off the clock) when they run out; after, if set, runs on
// the clock after every answer.
func answerLoop(b *testing.B, f referee.Factory, answers []referee.Answer, after func(*referee.Engine)) {
	var e *referee.Engine
	i := len(answers)
	for b.Loop() {
		if i == len(answers) {
			b.StopTimer()
			if e != nil {
				e.Close()
			}
			var err error
			if e, err = referee.Start(f); err != nil {
				b.Fatal(err)
			}
			i = 0
			b.StartTimer()
		}
		if err := e.Answer(answers[i].A); err != nil {
			b.Fatal(err)
		}
		i++
		if after != nil {
			after(e)
		}
	}
}

// BenchmarkAnswerAutosave is one answer with the save the play session
// writes after it: encode the whole save, then write it atomically (temp
// file, fsync, rename, fsync of the directory, backup of the previous
// save). Compare with BenchmarkBareSave.
func BenchmarkAnswerAutosave(b *testing.B) {
	t, answers := finished(b, "pirates", 5, 3)
	path := filepath.Join(b.TempDir(), "g.yaml")
	enc, err := journal.NewEncoder(t.File(nil))
	if err != nil {
		b.Fatal(err)
	}
	answerLoop(b, t.Factory(), answers, func(e *referee.Engine) {
		if err := journal.Write(path, enc.EncodeWith(e.Answers(), nil)); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkBareSave writes the bytes of a half-played 5-player save the
// plainest safe way: write a temp file, fsync it, rename it over the save.
func BenchmarkBareSave(b *testing.B) {
	t, answers := finished(b, "pirates", 5, 3)
	data, err := journal.Encode(t.File(answers[:len(answers)/2]))
	if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), "g.yaml")
	for b.Loop() {
		if err := BareSave(path, data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPiratesRawGame plays whole Rum & Pirates games (2 to 5
// players by seed) with the random player and no checks: the engine's
// games per second.
func BenchmarkPiratesRawGame(b *testing.B) { benchRaw(b, "pirates") }

// BenchmarkRunnerRawGame plays whole Rum Runner games with no checks.
func BenchmarkRunnerRawGame(b *testing.B) { benchRaw(b, "runner") }

func benchRaw(b *testing.B, game string) {
	answers := 0
	for i := 0; b.Loop(); i++ {
		r := Run(Config{Game: game, Games: 1, Seed: uint64(i), Unchecked: true})
		if len(r.Failures) > 0 {
			b.Fatal(r.Failures[0].Err)
		}
		answers += r.Answers
	}
	b.ReportMetric(float64(answers)/float64(b.N), "answers/game")
}

// BenchmarkPiratesChecked plays 20 Rum & Pirates games (seeds 1 to 20)
// with every check but the deep ones, as "rumref sim pirates
// --deep-every 0" does: ns/op is per 20 games.
func BenchmarkPiratesChecked(b *testing.B) { benchChecked(b, "pirates") }

// BenchmarkRunnerChecked is BenchmarkPiratesChecked for Rum Runner.
func BenchmarkRunnerChecked(b *testing.B) { benchChecked(b, "runner") }

func benchChecked(b *testing.B, game string) {
	for b.Loop() {
		r := Run(Config{Game: game, Games: 20, Seed: 1})
		if len(r.Failures) > 0 {
			b.Fatal(r.Failures[0].Err)
		}
	}
}
