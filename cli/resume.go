package cli

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"rumref/games"
	"rumref/journal"
	"rumref/journal/migrate"
	"rumref/locale"
	"rumref/referee"
)

// openSave reads a save, brings a save of an older revision of its game's
// questions to today's in memory (saying so on note, once), makes its game
// factory and replays it, refusing a bad save with a message that names
// the backup. The caller closes the engine (replayed without a log).
// show, log and score open saves this way: they never write the file.
func openSave(l locale.Lang, path string, note io.Writer) (*journal.File, referee.Factory, *referee.Engine, error) {
	file, data, m, err := readSave(l, path)
	if err != nil {
		return nil, nil, nil, err
	}
	if m != nil {
		fmt.Fprintln(note, m.Shown(l))
	}
	return replaySave(l, path, file, data)
}

// readSave reads a save and migrates it in memory (m: nil when it is of
// today's revision; file is then the migrated save). A save that cannot
// be migrated exactly is refused with its sentence.
func readSave(l locale.Lang, path string) (file *journal.File, data []byte, m *migrate.Migrated, err error) {
	file, data, err = games.Read(path)
	if err != nil {
		return nil, nil, nil, withBackup(l, path, err)
	}
	if m, err = games.Migrate(file); err != nil {
		// A damaged save can read as an old one: the backup is named.
		return nil, nil, nil, withBackup(l, path, err)
	}
	if m != nil {
		file = m.File
	}
	return file, data, m, nil
}

// replaySave makes the factory of a save read by readSave and replays it.
func replaySave(l locale.Lang, path string, file *journal.File, data []byte) (*journal.File, referee.Factory, *referee.Engine, error) {
	factory, err := games.FactoryOf(file)
	if err != nil {
		return nil, nil, nil, withBackup(l, path, err)
	}
	e, err := referee.Replay(factory, file.Answers, referee.WithoutLog())
	if err != nil {
		line := ""
		if re, ok := errors.AsType[*referee.ReplayError](err); ok {
			line = journal.AnswerLine(data, re.N-1, l)
		}
		return nil, nil, nil, withBackup(l, path, errorf(l, "cli.save.replay", line, err))
	}
	return file, factory, e, nil
}

func withBackup(l locale.Lang, path string, err error) error {
	if _, serr := os.Stat(journal.BackupName(path)); serr == nil && !errors.Is(err, journal.ErrNewer) {
		return errorf(l, "cli.save.backup", path, err, journal.BackupName(path))
	}
	return errorf(l, "cli.save.open", path, err)
}

// keepMigrated writes a migrated save over the old one, under the save's
// lock: first the original bytes, unchanged, to a file of their own
// beside it (KeptName), then the migrated save, atomically. It returns the
// name the original is kept under, as the table is told it.
func keepMigrated(l locale.Lang, path string, data []byte, m *migrate.Migrated) (string, error) {
	real, err := journal.Resolve(path)
	if err != nil {
		return "", err
	}
	lock, err := journal.Acquire(real)
	if err != nil {
		return "", err
	}
	defer lock.Release()
	enc, err := journal.Encode(m.File)
	if err != nil {
		return "", err
	}
	for n := 1; ; n++ {
		kept := KeptName(real, m.From, n)
		err := journal.Create(kept, data)
		if errors.Is(err, journal.ErrExists) {
			continue
		}
		if err != nil {
			return "", errorf(l, "cli.save.keep", path, err)
		}
		if err := journal.Write(real, enc); err != nil {
			return "", err
		}
		return kept, nil
	}
}

// KeptName is the n-th name (1, 2, ...) for the original of a save of
// revision rev that was migrated: FILE.rev3.bak, then FILE.rev3-2.bak...
// It is not FILE.bak, which every later save replaces with the save before
// it.
func KeptName(path string, rev, n int) string {
	if n == 1 {
		return fmt.Sprintf("%s.rev%d.bak", path, rev)
	}
	return fmt.Sprintf("%s.rev%d-%d.bak", path, rev, n)
}

// newResumeCmd builds "rumref resume".
func newResumeCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:  "resume",
		Args: nArgs(a.lang, 0, 1),
		// The shell completes the unfinished saves (saves.go).
		ValidArgsFunction: a.completeSaves,
		RunE: func(cmd *cobra.Command, args []string) error {
			mode, err := a.mode()
			if err != nil {
				return err
			}
			if len(args) == 0 {
				path, err := a.latestSave(mode)
				if err != nil {
					return err
				}
				args = []string{path}
			}
			file, data, m, err := readSave(a.lang, args[0])
			if err != nil {
				return err
			}
			if m != nil {
				kept, err := keepMigrated(a.lang, args[0], data, m)
				if err != nil {
					return err
				}
				a.info(mode, m.Announce(kept, a.lang))
			}
			file, factory, e, err := replaySave(a.lang, args[0], file, data)
			if err != nil {
				return err
			}
			e.Close()
			return a.play(mode, file, args[0], factory)
		},
	}
	addWebFlag(cmd, &a.web)
	cmd.Flags().BoolVar(&a.web.newTokens, "new-tokens", false, "")
	return cmd
}
