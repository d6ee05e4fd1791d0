package games

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"rumref/referee"
	"rumref/referee/pirates"
	"rumref/safetext"
	"rumref/setup"
)

// The setup questions of Rum & Pirates, by stable ID.
const (
	// QLayout is the board layout: random, fixed or a layout spec
	// (text; --layout, "random" when not given, so never asked).
	QLayout = "setup.layout"
	// QPlayers is how many play (choice of 2 to 5; --players).
	QPlayers = "setup.players"
	// QStart is the starting player (choice of a seat or random;
	// --start, which may also name the player).
	QStart = "setup.start"
)

// QName is the ID of the question for the name of player n (1-based),
// or of the Rum Runner player of a role ("crown", "pirate").
func QName(n string) string { return "setup." + n + ".name" }

// QColor is the ID of the question for the pirate color of player n.
func QColor(n int) string { return "setup." + strconv.Itoa(n) + ".color" }

// piratesMin and piratesMax bound the number of players of Rum & Pirates.
const piratesMin, piratesMax = 2, 5

var piratesFlags = []Flag{
	{Name: "players", Usage: `players in seat order, clockwise, as NAME:COLOR,... (e.g. "Ann:gold,Bo:blue"); asked when absent`},
	{Name: "start", Usage: "starting player: a name, a seat number, or random; asked when absent"},
	{Name: "layout", Default: "random", Complete: []string{"random", "fixed"},
		Usage: "board layout: random, fixed (reading order, unrotated) or a layout spec (see rumref board --help)"},
	{Name: "seed", Kind: FlagInt, Default: "0", Usage: "seed for a random layout and a random start player (default: from the clock, printed)"},
}

// beginPirates reads the flags of a new Rum & Pirates game: the seed is
// a setting; --layout, --players and --start are pre-answers.
func beginPirates(f Flags) (*Setup, error) {
	seed := NewSeed()
	if f.Given["seed"] {
		n, err := strconv.ParseInt(f.Get("seed"), 10, 64)
		if err != nil {
			return nil, fmt.Errorf("--seed %q is not a whole number", safetext.Clean(f.Get("seed")))
		}
		seed = n
	}
	layout := f.Get("layout")
	if strings.TrimSpace(layout) == "" {
		layout = "random"
	}
	pre := map[string]Pre{QLayout: {Flag: "layout", Answer: layout}}
	if s := f.Get("players"); s != "" {
		parts := strings.Split(s, ",")
		pre[QPlayers] = Pre{Flag: "players", Part: "the number of players", Answer: strconv.Itoa(len(parts))}
		for i, part := range parts {
			name, color, ok := strings.Cut(part, ":")
			if !ok {
				return nil, fmt.Errorf("--players: %q needs NAME:COLOR (colors: %s)", strings.TrimSpace(part), strings.Join(pirates.Colors, ", "))
			}
			pre[QName(strconv.Itoa(i+1))] = Pre{Flag: "players", Part: fmt.Sprintf("player %d", i+1), Answer: name}
			pre[QColor(i+1)] = Pre{Flag: "players", Part: fmt.Sprintf("player %d's color", i+1), Answer: strings.ToLower(color)}
		}
	}
	if s := f.Get("start"); s != "" {
		pre[QStart] = Pre{Flag: "start", Answer: s}
	}
	return &Setup{Questions: func() SetupGame { return &piratesSetup{seed: seed} }, Pre: pre}, nil
}

// NewSeed picks a seed from the clock for a random layout; it is printed
// so that the layout can be reproduced.
func NewSeed() int64 { return time.Now().UnixNano() % 1_000_000_000 }

// piratesSetup asks the setup questions of Rum & Pirates.
type piratesSetup struct {
	SetupBase
	seed   int64
	how    string
	layout pirates.Layout
	board  *pirates.Board
	cfg    pirates.Config
}

func (s *piratesSetup) Name() string { return "Rum & Pirates setup" }

func (s *piratesSetup) Play(t *referee.T) {
	spec := t.Ask(referee.Question{ID: QLayout, Actor: referee.Table, Kind: referee.TextLine,
		Text: "Board layout (random, fixed, or rows of section numbers such as 1 2 3 / 4 5 6 / 7 8 9)?", Example: "random",
		Check: func(spec string) error { _, _, err := PiratesLayout(spec, s.seed); return err }})
	s.layout, s.how, _ = PiratesLayout(spec, s.seed)
	s.board, _ = setup.Assemble(s.layout)
	s.cfg = pirates.NewConfig(s.layout)
	var opts []referee.Option
	for n := piratesMin; n <= piratesMax; n++ {
		opts = append(opts, referee.Option{Key: strconv.Itoa(n), Label: fmt.Sprintf("%d players", n)})
	}
	n, _ := strconv.Atoi(t.Ask(referee.Question{ID: QPlayers, Actor: referee.Table, Text: "How many players?", Options: opts}))
	var taken []string
	for i := 1; i <= n; i++ {
		name := t.Ask(NameQuestion(QName(strconv.Itoa(i)), fmt.Sprintf("Name of player %d (seats go clockwise)", i), taken))
		taken = append(taken, name)
		var colors []referee.Option
		for _, c := range pirates.Colors {
			used := false
			for _, p := range s.cfg.Players {
				used = used || p.Color == c
			}
			if !used {
				colors = append(colors, referee.Option{Key: c, Label: c})
			}
		}
		color := t.Ask(referee.Question{ID: QColor(i), Actor: referee.Table, Text: fmt.Sprintf("Pirate color for %s", name), Options: colors})
		s.cfg.Players = append(s.cfg.Players, pirates.PlayerConfig{Name: name, Color: color})
	}
	opts = nil
	for i, p := range s.cfg.Players {
		opts = append(opts, referee.Option{Key: strconv.Itoa(i + 1), Label: p.Name})
	}
	opts = append(opts, referee.Option{Key: "random", Label: "Draw one at random"})
	start := t.Ask(referee.Question{ID: QStart, Actor: referee.Table, Text: "Who is the starting player?", Options: opts})
	if start == "random" {
		s.cfg.Start = int(uint64(s.seed*2654435761+7) % uint64(n))
	} else {
		k, _ := strconv.Atoi(start)
		s.cfg.Start = k - 1
	}
}

func (s *piratesSetup) Done() (*NewGame, error) {
	if err := s.cfg.Validate(); err != nil {
		return nil, err
	}
	intro := func(cols int) []string {
		return []string{
			fmt.Sprintf("Rum & Pirates: %s.\n\n%s", s.how, piratesInstructions(&s.cfg, s.board, cols)),
			fmt.Sprintf("%s starts and takes the start-player tile. Everyone takes 2 coins and 10 pirates; 5 of each color go to the unemployment office; the captain stands on the HQ.",
				s.cfg.Players[s.cfg.Start].Name)}
	}
	return &NewGame{Setup: &s.cfg, Intro: intro(0), NarrowIntro: intro(80), WideCols: pirates.WidePictureCols,
		Pause: "Build the board as shown above (type setup at any question to see it again), then press Enter to start."}, nil
}

// piratesInstructions is how to build the board of a setup, with its
// picture for a terminal of cols columns (0: the wide picture).
func piratesInstructions(cfg *pirates.Config, board *pirates.Board, cols int) string {
	return fmt.Sprintf("%s\n%s", setup.BuildInstructions(cfg.Layout), board.PictureFor(nil, nil, board.HQ, cols))
}

// PiratesLayout reads a --layout value (random, fixed or a spec) into a
// layout that assembles, and says how it was made.
func PiratesLayout(spec string, seed int64) (pirates.Layout, string, error) {
	var l pirates.Layout
	how := "layout as given"
	switch strings.ToLower(strings.TrimSpace(spec)) {
	case "", "random":
		l, how = setup.RandomLayout(seed), fmt.Sprintf("random layout, seed %d", seed)
	case "fixed":
		l, how = setup.FixedLayout(), "fixed layout (reading order, unrotated)"
	default:
		var err error
		if l, err = setup.ParseLayout(spec); err != nil {
			return l, "", err
		}
	}
	if _, err := setup.Assemble(l); err != nil {
		return l, "", err
	}
	return l, how, nil
}

// NameQuestion is the setup question id for a player's name: the checks
// of safetext.NewName (no name that makes setup or play ambiguous), and a
// name no other player has (ignoring letter case).
func NameQuestion(id, text string, taken []string) referee.Question {
	return referee.Question{ID: id, Actor: referee.Table, Kind: referee.TextLine, Text: text, Example: "Ann",
		Check: func(s string) error {
			name, err := safetext.NewName(s)
			if err != nil {
				return err
			}
			for _, t := range taken {
				if strings.EqualFold(t, name) {
					return fmt.Errorf("%s is taken (names that differ only in letter case are one name): give each player a different name", t)
				}
			}
			return nil
		}}
}
