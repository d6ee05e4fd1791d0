package cli

import (
	"testing"
	"time"

	"rumref/journal"
)

func TestPlayClockAddsUpSessions(t *testing.T) {
	now := time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)
	tick := func(d time.Duration) func() time.Time { return func() time.Time { return now.Add(d) } }

	// A new game: today's date, nothing played yet.
	f := &journal.File{}
	c := startClock(f)
	if f.Started == "" || c.played() > 1 {
		t.Fatalf("a new game: started %q, played %d", f.Started, c.played())
	}

	// A resumed game keeps its date and adds this session's time to the
	// earlier ones.
	f = &journal.File{Started: "2026-11-30T19:30:00Z", Played: 3000}
	c = startClock(f)
	c.session, c.now = now, tick(25*time.Minute)
	if got := c.played(); got != 3000+25*60 {
		t.Errorf("played %d s, want %d", got, 3000+25*60)
	}
	if got := c.elapsed(); got != 75*time.Minute {
		t.Errorf("elapsed %v, want 1h15m", got)
	}
	if want := time.Date(2026, 11, 30, 19, 30, 0, 0, time.UTC); !c.started.Equal(want) || f.Started != "2026-11-30T19:30:00Z" {
		t.Errorf("started %v (save %q), want %v", c.started, f.Started, want)
	}
}
