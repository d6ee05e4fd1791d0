package cli

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"rumref/games"
	"rumref/journal"
	"rumref/locale"
	"rumref/prompts"
	"rumref/referee"
	"rumref/safetext"
	"rumref/table"
	"rumref/web"
)

// interrupted turns an input that ended or was cancelled into exit code
// 2 when the game is saved at path, or 3 during setup, when nothing is;
// other errors pass through.
func (a *app) interrupted(err error, path string) error {
	if errors.Is(err, prompts.ErrQuit) || errors.Is(err, prompts.ErrInputEnded) {
		if path != "" {
			return &codedError{code: exitInterrupted, err: errors.New(prompts.SavedIn(a.lang, path))}
		}
		return &codedError{code: exitStopped, err: errorf(a.lang, "cli.stopped.setup")}
	}
	return err
}

// saveTarget is where a new game is saved: the --save file, or a new
// name in the user's data directory.
type saveTarget struct {
	path        string // --save, or the directory of default names
	auto        bool   // a default name: on a collision the next free one is taken
	game, stamp string
}

// name is the n-th candidate name (n > 0 only for default names).
func (t *saveTarget) name(n int) string {
	if !t.auto {
		return t.path
	}
	if n == 0 {
		return filepath.Join(t.path, fmt.Sprintf("%s-%s.yaml", t.game, t.stamp))
	}
	return filepath.Join(t.path, fmt.Sprintf("%s-%s-%d.yaml", t.game, t.stamp, n))
}

// prepareSave checks where a new game of game will be saved before its
// first setup question, and marks the run as in setup for the signal
// handler: the --save file must not exist and its directory must exist
// and be writable; a default name's directory is made (mode 0700).
func (a *app) prepareSave(game string) error {
	t := &saveTarget{path: a.save, game: game}
	if a.save == "" {
		dir, err := defaultSaveDir(a.lang)
		if err != nil {
			return err
		}
		t.path, t.auto, t.stamp = dir, true, time.Now().Format("20060102-150405")
	}
	check := journal.CheckNew
	if t.auto {
		check = journal.CheckDir // a default name taken is skipped
	}
	if err := check(t.path); err != nil {
		return err
	}
	a.target = t
	a.stop.mu.Lock()
	a.stop.setup = true
	a.stop.mu.Unlock()
	return nil
}

// createSave writes the first save of a new game under its lock and
// returns its name (as shown), its resolved path and the lock. Default
// names never collide: a name another rumref locked or created first is
// skipped for the next one.
func (a *app) createSave(data []byte) (shown, real string, lock *journal.Lock, err error) {
	t := a.target
	for n := 0; ; n++ {
		shown = t.name(n)
		if real, err = journal.Resolve(shown); err != nil {
			return "", "", nil, err
		}
		if lock, err = journal.Acquire(real); err != nil {
			if t.auto && errors.Is(err, journal.ErrLocked) {
				continue
			}
			return "", "", nil, err
		}
		err = journal.Create(real, data)
		if err == nil {
			return shown, real, lock, nil
		}
		lock.Release()
		if !errors.Is(err, journal.ErrExists) {
			return "", "", nil, err
		}
		if !t.auto {
			return "", "", nil, errorf(a.lang, "cli.save.exists", shown)
		}
	}
}

// play runs a game session on the save at path (a new save at a.target
// when path is ""), writing the save after every accepted answer. A save
// reached through a link is written where the link points, and the link
// kept.
func (a *app) play(mode prompts.Mode, file *journal.File, path string, factory referee.Factory) error {
	fresh := path == ""
	e, err := referee.Replay(factory, file.Answers)
	if err != nil {
		return errorf(a.lang, "cli.save.noreplay", path, err)
	}
	defer e.Close()
	var real string
	var lock *journal.Lock
	if !fresh {
		if real, err = journal.Resolve(path); err != nil {
			return err
		}
		if lock, err = journal.Acquire(real); err != nil {
			return err
		}
		defer lock.Release()
	}

	clock := startClock(file)
	tokens, newTokens := a.webTokens(file, factory)

	// A save of an older format is written in this rumref's format from
	// the next answer on: its answers are saved with their actors.
	file.Format = journal.Format
	enc, err := journal.NewEncoder(file)
	if err != nil {
		return err
	}
	if err := enc.CheckSetup(); err != nil {
		return err
	}
	if err := e.SetCorrection(file.Correction); err != nil {
		return errorf(a.lang, "cli.save.noreplay", path, err)
	}
	a.stop.mu.Lock() // a signal now waits until the first save is made or not
	if fresh {
		file.Answers = e.Answers()
		path, real, lock, err = a.createSave(enc.EncodeWith(file.Answers, nil))
	}
	if err == nil {
		a.stop.path, a.stop.lock, a.stop.setup = path, lock, false
	}
	a.stop.mu.Unlock()
	if err != nil {
		return err
	}
	if fresh {
		defer lock.Release()
	}

	// Every save holds the record of the last correction too, so undo
	// can take a mistyped correction back even after a resume, and the
	// answers given ahead of their turn, so nothing acknowledged is lost.
	save := func(answers []referee.Answer, ahead []journal.AheadAnswer) error {
		a.stop.mu.Lock() // a signal waits for the save to finish
		defer a.stop.mu.Unlock()
		file.Answers, file.Correction = answers, e.Correction()
		file.Ahead = ahead
		enc.Played, enc.Ahead = clock.played(), file.Ahead
		return journal.Write(real, enc.EncodeWith(answers, file.Correction))
	}
	entry, err := games.Of(file)
	if err != nil {
		return err
	}
	webCfg := web.ConfigFor(entry, factory(), factory)
	webCfg.Lang = a.lang
	webCfg.Clock = func() (time.Time, time.Duration) { return clock.started, clock.elapsed() }
	webCfg.PlayID = games.PlayID(file, factory().PlayerNames())
	if !newTokens {
		// The save's tokens: phones that took a seat before still hold
		// its cookie, so no seat is free for another device to take
		// without its owner's yes.
		for range webCfg.Names {
			webCfg.Taken = append(webCfg.Taken, true)
		}
	}
	shownBefore := publicEvents(e)
	tbl := table.New(e, table.Config{Save: save, Factory: factory, Parallel: webCfg.Parallel, Ahead: file.Ahead,
		PlayLink: webCfg.PlayURL})
	reason := "over"
	defer func() { tbl.Close(reason, path) }()
	if !fresh && newTokens {
		if err := tbl.Save(); err != nil {
			return err
		}
	}
	saved := 0
	if file.Web != nil {
		saved = file.Web.Port
	}
	srv, err := a.startWeb(mode, webCfg, tbl, tokens, saved)
	if err != nil {
		return a.interrupted(err, path)
	}
	if srv != nil {
		// The pages hear that the game stopped (the table's exit) before
		// the server closes their streams.
		defer func() { tbl.Close(reason, path); srv.Close() }()
	}
	if srv != nil && file.Web != nil && file.Web.Port != srv.Port() {
		// The port goes in the save beside the tokens, for the next
		// resume to listen there again.
		a.stop.mu.Lock()
		file.Web.Port = srv.Port()
		err := enc.Reset(file)
		a.stop.mu.Unlock()
		if err == nil {
			err = tbl.Save()
		}
		if err != nil {
			return err
		}
	}
	if a.intro != nil {
		intro := a.intro
		a.intro = nil
		if err := intro(); err != nil {
			return a.interrupted(err, path)
		}
	}
	instructions, err := entry.Instructions(file.Setup, prompts.Columns(a.stdout), a.lang)
	if err != nil {
		return err
	}
	if !fresh {
		// The table may have packed the box away: how to set it up
		// again; the session shows the game as it stands next.
		how := instructions
		if entry.Rebuild != nil {
			if how, err = entry.Rebuild(file.Setup, a.lang); err != nil {
				return err
			}
		}
		if err := a.out(mode).Pause([]string{a.lang.Sprintf("cli.resume.setup", how)}, a.lang.Sprintf("cli.resume.pause")); err != nil {
			return a.interrupted(err, path)
		}
	}
	a.info(mode, a.lang.Sprintf("cli.play.saving", path))

	s := &prompts.Session{Table: tbl, Shared: srv != nil, Mode: mode, Lang: a.lang, In: a.input(), Out: a.stdout, ErrOut: a.stderr,
		Color: a.color(), Rules: a.rulesText, SaveName: path, Setup: instructions, Pages: a.pages}
	if file.Teach {
		s.Teach = a.lesson
	}
	if !fresh {
		// On resume, repeat only the last few rulings for context.
		s.EventsShown = max(0, shownBefore-3)
	}
	s.Ending = func() string {
		var m string
		tbl.Inspect(func(g referee.Game) { m = remember(a.lang, entry, g) })
		return m
	}
	if err := s.Run(); err != nil {
		if errors.Is(err, prompts.ErrQuit) || errors.Is(err, prompts.ErrInputEnded) {
			reason = "quit"
			if errors.Is(err, prompts.ErrInputEnded) {
				reason = "input_ended"
			}
			// The time since the last answer is played time too.
			if err := tbl.Save(); err != nil {
				return err
			}
			// The session has said that the game is saved and how to resume.
			return &codedError{code: exitInterrupted, err: errors.New("")}
		}
		reason = "error" // the pages are told the game stopped, not that it is over
		return err
	}
	a.endPlay(mode, tbl.Play())
	return nil
}

// remember keeps what the players typed in during a game that is over
// for the next games on this computer (games.Entry.Remember), and says
// what it kept, or why it could not ("" for nothing).
func remember(l locale.Lang, entry *games.Entry, g referee.Game) string {
	dir, err := dataDir()
	if entry.Remember == nil || err != nil {
		return ""
	}
	added, file, err := entry.Remember(dir, g)
	switch {
	case err != nil:
		return l.Sprintf("cli.remember.failed", referee.ErrorIn(err, l))
	case len(added) > 0:
		return l.Sprintf("cli.remember.kept", strings.Join(added, ", "), file)
	}
	return ""
}

// publicEvents counts the rulings of e the public sees (what a resumed
// session would show again).
func publicEvents(e *referee.Engine) int {
	n := 0
	for _, ev := range e.Events() {
		if ev.For(referee.Public) != "" {
			n++
		}
	}
	return n
}

// rulesText looks a rule up for the in-game help and rules commands, in
// a's language (games.RulesIn for a viewer's).
func (a *app) rulesText(query string) string { return games.RulesIn(a.lang, query) }

// lesson is the first-game walkthrough's explanation of a rule: its
// title, text and worked example from the rules reference.
func (a *app) lesson(rule string) string {
	e, ok := games.Reference().In(a.lang).Lookup(rule)
	if !ok {
		return ""
	}
	text := e.Title + ". " + strings.Join(strings.Fields(e.Text), " ")
	if e.Example != "" {
		text += " " + a.lang.Sprintf("cli.lesson.example", strings.Join(strings.Fields(e.Example), " "))
	}
	return strings.Join(safetext.Wrap(text, 76, "    "), "\n")
}
