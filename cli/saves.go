package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"rumref/games"
	"rumref/locale"
	"rumref/prompts"
	"rumref/referee"
	"rumref/safetext"
)

// saveInfo is one save of the user's data directory as a list of saves
// shows it.
type saveInfo struct {
	Path     string    `json:"path"`
	Game     string    `json:"game,omitempty"`
	Title    string    `json:"title,omitempty"`
	Players  []string  `json:"players,omitempty"`
	Progress string    `json:"progress,omitempty"`
	Over     bool      `json:"over"`
	Saved    time.Time `json:"saved"`
	// Problem says why the save cannot be opened ("" when it can).
	Problem string `json:"problem,omitempty"`
}

// listSaves lists the saves of dir (the *.yaml files), the newest first.
// Each is read and replayed for its players and progress; one that cannot
// be opened is listed with why.
func listSaves(l locale.Lang, dir string) ([]saveInfo, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []saveInfo
	for _, de := range entries {
		if de.IsDir() || !strings.HasSuffix(de.Name(), ".yaml") {
			continue
		}
		path := filepath.Join(dir, de.Name())
		info := saveInfo{Path: path}
		if st, err := de.Info(); err == nil {
			info.Saved = st.ModTime()
		}
		file, _, e, err := openSave(l, path, io.Discard)
		if err != nil {
			info.Problem = firstLine(err.Error())
			out = append(out, info)
			continue
		}
		info.Game, info.Over = file.Game, e.Over()
		g := e.Game()
		info.Players = g.PlayerNames()
		if entry, err := games.Of(file); err == nil {
			info.Title = entry.TitleIn(l)
			if entry.Progress != nil {
				info.Progress = entry.Progress(g, l)
			}
		}
		e.Close()
		out = append(out, info)
	}
	slices.SortStableFunc(out, func(a, b saveInfo) int { return b.Saved.Compare(a.Saved) })
	return out, nil
}

// firstLine is s up to its first line break.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// describe is a save in one line: its game, how far it came, its players
// and when it was saved.
func (s saveInfo) describe(l locale.Lang) string { return s.describeTo(l, "15:04") }

// describeTo is describe with the hour of a save of today in the layout
// clock ("15:04", or "15:04:05" to the second).
func (s saveInfo) describeTo(l locale.Lang, clock string) string {
	if s.Problem != "" {
		return l.Sprintf("cli.saves.problem", safetext.Clean(s.Problem))
	}
	state := s.Progress
	if s.Over {
		state = l.Sprintf("cli.saves.over")
	}
	parts := []string{s.Title}
	if state != "" {
		parts = append(parts, state)
	}
	names := make([]string, len(s.Players))
	for i, n := range s.Players {
		names[i] = safetext.Clean(n)
	}
	parts = append(parts, strings.Join(names, ", "), l.Sprintf("cli.saves.saved", when(l, s.Saved, clock)))
	return strings.Join(parts, ", ")
}

// describeApart describes saves in lines that tell them apart: a line
// that reads as another's gets the second its save was written, and
// when that is the same too, its file's name in brackets.
func describeApart(l locale.Lang, saves []saveInfo) []string {
	lines := make([]string, len(saves))
	for i, s := range saves {
		lines[i] = s.describe(l)
	}
	for _, apart := range []func(s saveInfo, line string) string{
		func(s saveInfo, _ string) string { return s.describeTo(l, "15:04:05") },
		func(s saveInfo, line string) string { return line + " (" + safetext.Clean(filepath.Base(s.Path)) + ")" },
	} {
		was := slices.Clone(lines)
		for i, s := range saves {
			if twice(was, was[i]) {
				lines[i] = apart(s, was[i])
			}
		}
	}
	return lines
}

// twice reports whether line stands more than once in lines.
func twice(lines []string, line string) bool {
	n := 0
	for _, l := range lines {
		if l == line {
			n++
		}
	}
	return n > 1
}

// when is a time as a list of saves shows it: the hour today, else the
// day and the hour.
//
// The layouts are the catalog's (Go's time layouts, cli.saves.when.*);
// today's hour is in the layout clock.
func when(l locale.Lang, t time.Time, clock string) string {
	now := time.Now()
	if sameDay(t, now) {
		return l.Sprintf("cli.saves.today", t.Format(clock))
	}
	if t.Year() == now.Year() {
		return t.Format(l.Get("cli.saves.when.year"))
	}
	return t.Format(l.Get("cli.saves.when.older"))
}

func sameDay(a, b time.Time) bool {
	ay, am, ad := a.Date()
	by, bm, bd := b.Date()
	return ay == by && am == bm && ad == bd
}

// savesDir is the directory of the saves rumref names itself (in the
// user's data directory), or an error that says why there is none.
func savesDir(l locale.Lang) (string, error) {
	base, err := dataDir()
	if err != nil {
		return "", errorf(l, "cli.saves.nohome")
	}
	return filepath.Join(base, "saves"), nil
}

// newSavesCmd builds "rumref saves".
func newSavesCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:  "saves",
		Args: nArgs(a.lang, 0, 0),
		RunE: func(cmd *cobra.Command, args []string) error {
			mode, err := a.mode()
			if err != nil {
				return err
			}
			dir, err := savesDir(a.lang)
			if err != nil {
				return err
			}
			saves, err := listSaves(a.lang, dir)
			if err != nil {
				return errorf(a.lang, "cli.saves.read", dir, err)
			}
			if saves == nil {
				saves = []saveInfo{}
			}
			var b strings.Builder
			if len(saves) == 0 {
				b.WriteString(a.lang.Sprintf("cli.saves.none", dir, strings.Join(games.Names(), "|")))
			} else {
				b.WriteString(a.lang.Sprintf("cli.saves.list", dir) + "\n")
				for _, s := range saves {
					fmt.Fprintf(&b, "\n%s\n  rumref resume %s\n", s.describe(a.lang), prompts.ShellQuote(s.Path))
				}
				b.WriteString("\n" + a.lang.Sprintf("cli.saves.latest"))
			}
			a.out(mode).Report(map[string]any{"type": "saves", "dir": dir, "saves": saves}, b.String())
			return nil
		},
	}
}

// unfinished are the saves of the user's data directory whose games are
// not over, the newest first.
func unfinished(l locale.Lang) (dir string, saves []saveInfo, err error) {
	if dir, err = savesDir(l); err != nil {
		return "", nil, err
	}
	all, err := listSaves(l, dir)
	if err != nil {
		return "", nil, errorf(l, "cli.saves.read", dir, err)
	}
	for _, s := range all {
		if s.Problem == "" && !s.Over {
			saves = append(saves, s)
		}
	}
	return dir, saves, nil
}

// latestSave picks the save rumref resume continues when no file is
// named: the latest unfinished game of the user's data directory, said
// before it goes on; when several were saved today, the table chooses
// among them.
func (a *app) latestSave(mode prompts.Mode) (string, error) {
	dir, saves, err := unfinished(a.lang)
	if err != nil {
		return "", err
	}
	if len(saves) == 0 {
		return "", errorf(a.lang, "cli.resume.none", dir, strings.Join(games.Names(), "|"))
	}
	today := 0
	for _, s := range saves {
		if sameDay(s.Saved, time.Now()) {
			today++
		}
	}
	ask := a.out(mode)
	if today > 1 {
		var opts []referee.Option
		for i, line := range describeApart(a.lang, saves[:today]) {
			opts = append(opts, referee.Option{Key: fmt.Sprint(i + 1), Label: line})
		}
		key, err := ask.Choose(a.lang.Sprintf("cli.resume.today", today), opts)
		if errors.Is(err, prompts.ErrQuit) || errors.Is(err, prompts.ErrInputEnded) {
			return "", &codedError{code: exitStopped, err: errorf(a.lang, "cli.resume.notone")}
		}
		if err != nil {
			return "", err
		}
		for i, s := range saves {
			if fmt.Sprint(i+1) == key {
				return s.Path, nil
			}
		}
	}
	s := saves[0]
	ask.Say(a.lang.Sprintf("cli.resume.latest", s.describe(a.lang), s.Path))
	return s.Path, nil
}

// completeSaves offers the unfinished saves of the user's data directory
// to the shell's completion of rumref resume, each with what it is; a word
// that is no such save is completed as a file name.
func (a *app) completeSaves(_ *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	_, saves, err := unfinished(a.lang)
	if err != nil {
		return nil, cobra.ShellCompDirectiveDefault
	}
	var out []string
	for _, s := range saves {
		if strings.HasPrefix(s.Path, toComplete) {
			out = append(out, s.Path+"\t"+s.describe(a.lang))
		}
	}
	if len(out) == 0 {
		return nil, cobra.ShellCompDirectiveDefault
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}
