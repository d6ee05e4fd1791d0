package cli

import (
	"errors"
	"fmt"
	"os"
	"rumref/games"

	"github.com/spf13/cobra"

	"rumref/journal"
	"rumref/referee"
)

// openSave reads a save, makes its game factory and replays it, refusing
// a bad save with a message that names the backup. The caller closes the
// engine (replayed without a log).
func openSave(path string) (*journal.File, referee.Factory, *referee.Engine, error) {
	// Decoding the save and drawing the board run deep: the stack is
	// grown once here, while it is shallow, rather than deep in the
	// decoder (referee.GrowStack).
	referee.GrowStack()
	file, data, err := games.Read(path)
	if err != nil {
		return nil, nil, nil, withBackup(path, err)
	}
	factory, err := games.FactoryOf(file)
	if err != nil {
		return nil, nil, nil, withBackup(path, err)
	}
	e, err := referee.Replay(factory, file.Answers, referee.WithoutLog())
	if err != nil {
		var n int
		fmt.Sscanf(err.Error(), "answer %d", &n)
		line := ""
		if n > 0 {
			line = journal.AnswerLine(data, n-1)
		}
		return nil, nil, nil, withBackup(path, fmt.Errorf("the answers do not replay%s: %w", line, err))
	}
	return file, factory, e, nil
}

func withBackup(path string, err error) error {
	msg := fmt.Errorf("cannot open %s: %w", path, err)
	if _, serr := os.Stat(journal.BackupName(path)); serr == nil && !errors.Is(err, journal.ErrNewer) {
		msg = fmt.Errorf("%w\nThe previous save is %s: rumref resume %s", msg, journal.BackupName(path), journal.BackupName(path))
	}
	return msg
}

// newResumeCmd builds "rumref resume".
func newResumeCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "resume FILE",
		Short: "Continue a saved game exactly where it stopped",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			mode, err := a.mode()
			if err != nil {
				return err
			}
			file, factory, e, err := openSave(args[0])
			if err != nil {
				return err
			}
			e.Close()
			return a.play(mode, file, args[0], factory)
		},
	}
	addWebFlag(cmd, &a.web)
	cmd.Flags().BoolVar(&a.web.newTokens, "new-tokens", false, "with --web: issue fresh page URLs (the old ones stop working)")
	return cmd
}
