package games

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"rumref/internal/yamlfile"
	"rumref/journal"
	"rumref/referee"
	"rumref/referee/runner"
	"rumref/setup"
)

// RunnerCardsFile is the file of Rum Runner cards typed in during games,
// in the user's data directory beside the saves: a card file of the
// schema of --cards that each new game adds to its catalog, so a box's
// unlisted cards are typed in once, not once a game.
const RunnerCardsFile = "runner-cards.yaml"

// runnerCardsHeader is the comment at the top of the file.
var runnerCardsHeader = []string{
	"Rum Runner cards typed in during games on this computer, kept by rumref.",
	"Every new Rum Runner game adds them to its card list, so they are not asked",
	"again. The schema is that of a --cards file (see rumref's runner_cards.yaml).",
	"A card that proves wrong: correct it here, or delete it to be asked again.",
	"rumref cards lists what is here.",
}

// RunnerCardsPath is the remembered cards' file in the data directory dir.
func RunnerCardsPath(dir string) string { return filepath.Join(dir, RunnerCardsFile) }

// RememberedRunnerCards reads the remembered cards of the data directory
// dir: none when the file does not exist; an error in words when it
// cannot be read or holds a card rumref refuses.
func RememberedRunnerCards(dir string) ([]runner.Card, error) {
	data, err := readRemembered(dir)
	if err != nil || data == nil {
		return nil, err
	}
	cards, err := setup.ReadRunnerCards(data)
	if err != nil {
		return nil, referee.Wrap(err, "gamesrunner.err.remembered-bad", referee.Str(RunnerCardsPath(dir)))
	}
	return cards, nil
}

// readRemembered reads the file of remembered cards, nil when there is
// none.
func readRemembered(dir string) ([]byte, error) {
	path := RunnerCardsPath(dir)
	if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	data, err := yamlfile.ReadFile(path, yamlfile.MaxSize)
	if err != nil {
		return nil, referee.Wrap(err, "gamesrunner.err.remembered")
	}
	return data, nil
}

// addRemembered adds the remembered cards of dir to a catalog ("" or no
// file: none), refusing a file whose cards the catalog cannot take.
func addRemembered(cards []runner.Card, dir string) ([]runner.Card, error) {
	if dir == "" {
		return cards, nil
	}
	data, err := readRemembered(dir)
	if err != nil || data == nil {
		return cards, err
	}
	out, err := setup.AddRunnerCards(cards, data)
	if err != nil {
		return nil, referee.Wrap(err, "gamesrunner.err.remembered-bad", referee.Str(RunnerCardsPath(dir)))
	}
	return out, nil
}

// rememberRunner adds the cards typed in during a game that is over to
// the remembered cards of the data directory dir, each once by name (a
// card already there, perhaps corrected by hand, is kept as it is). It
// returns the names it added and the file. A game still being played
// adds nothing: a card the crown typed in secret could be in its hand,
// and the file (and rumref cards) would show it; the game adds its cards
// when it ends, whenever it is resumed and finished.
func rememberRunner(dir string, rg referee.Game) (added []string, path string, err error) {
	g, ok := rg.(*runner.Game)
	if !ok || !g.Over {
		return nil, "", nil
	}
	typed := g.TypedInCards()
	if len(typed) == 0 {
		return nil, "", nil
	}
	path = RunnerCardsPath(dir)
	cards, err := RememberedRunnerCards(dir)
	if err != nil {
		return nil, path, err
	}
	for _, c := range typed {
		if !slices.ContainsFunc(cards, func(x runner.Card) bool { return x.Name == c.Name }) {
			cards = append(cards, c)
			added = append(added, c.Name)
		}
	}
	if len(added) == 0 {
		return nil, path, nil
	}
	if err := WriteRunnerCards(dir, cards); err != nil {
		return nil, path, err
	}
	return added, path, nil
}

// WriteRunnerCards writes the remembered cards of the data directory dir
// (made, mode 0700, if need be; the file is written whole, mode 0600).
func WriteRunnerCards(dir string, cards []runner.Card) error {
	data, err := setup.EncodeRunnerCards(runnerCardsHeader, cards)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return referee.Wrap(err, "gamesrunner.err.remember")
	}
	if err := journal.Write(RunnerCardsPath(dir), data); err != nil {
		return referee.Wrap(err, "gamesrunner.err.remember-in", referee.Str(RunnerCardsPath(dir)))
	}
	return nil
}
