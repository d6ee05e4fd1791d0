package cli

import (
	"time"

	"rumref/journal"
)

// playClock is how long a game has been played: the seconds of the
// sessions before this one (kept in the save) and this session's start.
// A game that is resumed keeps its date and adds up its play time, so the
// play logger link at the end gives the date it began and the time spent
// at the table, not the time since the last resume.
type playClock struct {
	started time.Time // when the game began
	before  int       // seconds played in earlier sessions
	session time.Time // when this session began
	now     func() time.Time
}

// startClock starts this session's clock for a save, giving a save that
// has none (a new game, or one from before) today's date.
func startClock(f *journal.File) *playClock {
	c := &playClock{before: f.Played, now: time.Now}
	c.session = c.now().UTC()
	if t, err := time.Parse(time.RFC3339, f.Started); err == nil {
		c.started = t
	} else {
		c.started = c.session.Truncate(time.Second)
		f.Started = c.started.Format(time.RFC3339)
	}
	return c
}

// played is the seconds played in all, up to now.
func (c *playClock) played() int { return int(c.elapsed() / time.Second) }

// elapsed is the time played in all, up to now.
func (c *playClock) elapsed() time.Duration {
	return time.Duration(c.before)*time.Second + c.now().Sub(c.session)
}
