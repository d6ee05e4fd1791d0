// Package migrate brings a save made under an older revision of a game's
// questions to today's, so that the rules packages hold only today's
// procedures. Each game has a Chain of Steps, one file per step
// (pirates_3to4.go ...); a step rewrites the answer list of one revision
// into the questions of the next, and the chain checks the result by
// replaying it under today's engine. A save no step can carry over
// exactly is refused, with a sentence naming its revision: it is never
// resumed under other rules.
//
// Package journal imports no game; this package may import the rules.
package migrate

import (
	"embed"
	"rumref/locale"

	"rumref/journal"
	"rumref/referee"
)

//go:embed messages.*.yaml
var messages embed.FS

var _ = locale.Register("migrate", messages)

// Step rewrites the answers of one revision (From) into the questions of
// the next (From+1). Run is given the save's setup (marked with revision
// From) and its answers as the steps before left them; a save it cannot
// rewrite exactly makes it return a *Stop.
type Step struct {
	From int
	// To, when above From+1, is the revision the step brings a save to
	// in one go (a revision that asked for what its successors dropped).
	To  int
	Run func(setup any, old []referee.Answer) (*Rewrite, error)
}

// Rewrite is what a step made of a save's answers.
type Rewrite struct {
	Answers []referee.Answer
	// Kept[i] is how many of Answers stand for the first i old answers
	// (len(old)+1 entries, Kept[0] == 0, never decreasing; nil: one for
	// one).
	Kept []int
	// Check, when set, judges what the step cannot from the answers
	// alone: it is given today's engine holding the save once every step
	// rewrote it, and returns a *Stop for a save that cannot be carried
	// over exactly.
	Check func(e *referee.Engine) error
}

// Stop is a step's refusal: the save met, at its answer number Answer
// (1-based; 0: the save as a whole), a situation the next revision rules
// differently. Because says what, in players' words.
type Stop struct {
	Answer  int
	Because referee.Msg
}

func (s *Stop) Error() string { return s.Because.String() }

// stop is a Stop at answer n of the catalog message key.
func stop(n int, key string, args ...referee.Arg) *Stop {
	return &Stop{Answer: n, Because: referee.Text("migrate."+key, args...)}
}

// Chain is the migrations of one game.
type Chain struct {
	// Words names the game's questions in players' words, after
	// "revision N of": "rumref's Rum & Pirates questions" (a key of the
	// catalog; Kind and Refused's reasons too).
	Words string
	// Kind is what the game calls a revision in players' words
	// ("edition" for Rum Runner; "" is "revision").
	Kind string
	// Current is today's revision.
	Current int
	// Revision reads the revision a setup was saved under, and
	// WithRevision returns a copy of the setup marked with another one.
	Revision     func(setup any) int
	WithRevision func(setup any, rev int) any
	// Steps bring a save from revision Steps[i].From to the next; a
	// revision with no step is refused as a whole, with Refused[rev] as
	// the reason.
	Steps   []Step
	Refused map[int]string
	// Factory makes today's games of a setup, to check a rewritten save.
	Factory func(setup any) (referee.Factory, error)
}

// Migrated is a save brought to today's revision.
type Migrated struct {
	// File is the save under today's revision: the setup marked with it,
	// the rewritten answers, the answers given ahead moved with them; the
	// record of the last correction is dropped (it holds old answers), so
	// that correction can no longer be taken back by undo.
	File     *journal.File
	Words    string
	Kind     string
	From, To int
}

// Announce is the one sentence that tells the table a save was migrated
// and where its original is kept, in language l.
func (m *Migrated) Announce(kept string, l locale.Lang) string {
	return l.Sprintf("migrate.announce", kind(m.Kind, l), m.From, l.Sprintf(m.Words), m.To, kept)
}

// Shown is the sentence of a command that reads the save without
// writing it (show, log, score), in language l.
func (m *Migrated) Shown(l locale.Lang) string {
	return l.Sprintf("migrate.shown", kind(m.Kind, l), m.From, l.Sprintf(m.Words), m.To)
}

// Refusal is the error of a save that cannot be carried over exactly.
type Refusal struct {
	Words             string
	Kind              string
	Revision, Current int
	// Answer is the answer (1-based) at which the save met what today's
	// revision rules differently; 0: the revision is refused as a whole.
	Answer int
	// Because says what, in players' words.
	Because referee.Msg
}

func (r *Refusal) Error() string { return locale.Unmark(r.In(locale.English)) }

// In is the refusal in language l.
func (r *Refusal) In(l locale.Lang) string {
	at := ""
	if r.Answer > 0 {
		at = l.Sprintf("migrate.at", r.Answer)
	}
	return l.Sprintf("migrate.refused", kind(r.Kind, l), r.Revision, l.Sprintf(r.Words), r.Current, at, r.Because.In(l))
}

// kind is a chain's word for a revision, in l.
func kind(k string, l locale.Lang) string {
	if k == "" {
		return l.Sprintf("migrate.kind.revision")
	}
	return l.Sprintf(k)
}

// Migrate brings a save to today's revision. It returns nil and no error
// for a save of today's revision, a *Migrated for an older one carried
// over exactly (checked by replaying it under today's engine), and a
// *Refusal for a save that cannot be. A save of a newer revision is left
// to the game's own check (nil, nil). f is not changed.
func (c *Chain) Migrate(f *journal.File) (*Migrated, error) {
	from := c.Revision(f.Setup)
	if from >= c.Current {
		return nil, nil
	}
	refuse := func(answer int, why referee.Msg) error {
		return &Refusal{Words: c.Words, Kind: c.Kind, Revision: from, Current: c.Current, Answer: answer, Because: why}
	}
	answers := append([]referee.Answer(nil), f.Answers...)
	// kept maps each count of the save's own answers to the count of
	// rewritten ones, through every step.
	kept := make([]int, len(answers)+1)
	for i := range kept {
		kept[i] = i
	}
	var checks []func(e *referee.Engine) error
	rev := from
	for rev < c.Current {
		step := c.step(rev)
		if step == nil {
			why := c.Refused[rev]
			if why == "" {
				why = "migrate.unknown"
			}
			return nil, refuse(0, referee.Text(why))
		}
		setup := c.WithRevision(f.Setup, rev)
		rw, err := step.Run(setup, answers)
		if err != nil {
			return nil, stopped(err, kept, refuse)
		}
		if k := rw.Kept; k != nil {
			if len(k) != len(answers)+1 {
				return nil, referee.Errorf("migrate.error.kept", referee.Int(rev), referee.Int(len(k)), referee.Int(len(answers)))
			}
			for i := range kept {
				kept[i] = k[kept[i]]
			}
		}
		answers = rw.Answers
		if rw.Check != nil {
			checks = append(checks, rw.Check)
		}
		rev = max(rev+1, step.To)
	}
	setup := c.WithRevision(f.Setup, c.Current)
	factory, err := c.Factory(setup)
	if err != nil {
		return nil, refuse(0, referee.Text("migrate.error", referee.Err(err)))
	}
	e, err := referee.Replay(factory, answers, referee.WithoutLog())
	if err != nil {
		return nil, refuse(0, referee.Text("migrate.misfit", referee.Err(err)))
	}
	defer e.Close()
	for _, check := range checks {
		if err := check(e); err != nil {
			return nil, stopped(err, kept, refuse)
		}
	}
	out := *f
	out.Setup, out.Answers, out.Correction, out.Ahead = setup, answers, nil, nil
	for _, a := range f.Ahead {
		step := a.Step
		if step <= len(f.Answers) {
			step = kept[step]
		} else {
			step = len(answers) + step - len(f.Answers)
		}
		out.Ahead = append(out.Ahead, journal.AheadAnswer{Step: step, Answer: a.Answer})
	}
	return &Migrated{File: &out, Words: c.Words, Kind: c.Kind, From: from, To: c.Current}, nil
}

func (c *Chain) step(rev int) *Step {
	for i := range c.Steps {
		if c.Steps[i].From == rev {
			return &c.Steps[i]
		}
	}
	return nil
}

// stopped is the refusal of a step's error.
func stopped(err error, kept []int, refuse func(int, referee.Msg) error) error {
	if s, ok := err.(*Stop); ok {
		return refuse(original(kept, s.Answer), s.Because)
	}
	return refuse(0, referee.Text("migrate.error", referee.Err(err)))
}

// original is the number (1-based) of the save's own answer that a
// rewritten answer number n stands for.
func original(kept []int, n int) int {
	if n <= 0 {
		return 0
	}
	for i, k := range kept {
		if k >= n {
			return i
		}
	}
	return len(kept) - 1
}
