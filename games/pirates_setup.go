package games

import (
	"strconv"
	"strings"
	"time"

	"rumref/locale"
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
	{Name: "players", Usage: "gamespirates.usage.players"},
	{Name: "start", Usage: "gamespirates.usage.start"},
	{Name: "layout", Default: "random", Complete: []string{"random", "fixed"},
		Usage: "gamespirates.usage.layout"},
	{Name: "seed", Kind: FlagInt, Default: "0", Usage: "gamespirates.usage.seed"},
}

// beginPirates reads the flags of a new Rum & Pirates game: the seed is
// a setting; --layout, --players and --start are pre-answers.
func beginPirates(f Flags) (*Setup, error) {
	seed := NewSeed()
	if f.Given["seed"] {
		n, err := strconv.ParseInt(f.Get("seed"), 10, 64)
		if err != nil {
			return nil, referee.Errorf("gamespirates.flag.seed", referee.Str(safetext.Clean(f.Get("seed"))))
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
		pre[QPlayers] = Pre{Flag: "players", Part: referee.Text("gamespirates.flag.part.players"), Answer: strconv.Itoa(len(parts))}
		for i, part := range parts {
			name, color, ok := strings.Cut(part, ":")
			if !ok {
				colors := make([]referee.Msg, len(pirates.Colors))
				for i, c := range pirates.Colors {
					colors[i] = pirates.ColorMsg(c) // in the reader's language: a color's name in any language is taken
				}
				return nil, referee.Errorf("gamespirates.flag.players", referee.Str(strings.TrimSpace(part)), referee.List(colors, ", ", ", "))
			}
			pre[QName(strconv.Itoa(i+1))] = Pre{Flag: "players", Part: referee.Text("gamespirates.flag.part.name", referee.Int(i+1)), Answer: name}
			pre[QColor(i+1)] = Pre{Flag: "players", Part: referee.Text("gamespirates.flag.part.color", referee.Int(i+1)), Answer: strings.ToLower(color)}
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
	how    referee.Msg
	layout pirates.Layout
	board  *pirates.Board
	cfg    pirates.Config
}

func (s *piratesSetup) Name() string { return "Rum & Pirates setup" }

func (s *piratesSetup) Play(t *referee.T) {
	spec := t.Ask(referee.Question{ID: QLayout, Actor: referee.Table, Kind: referee.TextLine,
		Prompt: referee.Text("gamespirates.setup.layout"), Example: "random",
		Check: func(spec string) error { _, _, err := PiratesLayout(spec, s.seed); return err }})
	s.layout, s.how, _ = PiratesLayout(spec, s.seed)
	s.board, _ = setup.Assemble(s.layout)
	s.cfg = pirates.NewConfig(s.layout)
	count := referee.Choose[referee.Key](t)
	for n := piratesMin; n <= piratesMax; n++ {
		count.Add(referee.Key(strconv.Itoa(n)), referee.Text("gamespirates.setup.players.n", referee.Int(n)))
	}
	n, _ := strconv.Atoi(string(count.Pick(t, referee.Question{ID: QPlayers, Actor: referee.Table, Prompt: referee.Text("gamespirates.setup.players")})))
	var taken []string
	for i := 1; i <= n; i++ {
		q := NameQuestion(QName(strconv.Itoa(i)), "", taken)
		q.Prompt = referee.Text("gamespirates.setup.name", referee.Int(i))
		name := t.Ask(q)
		taken = append(taken, name)
		colors := referee.Choose[referee.Key](t)
		for _, c := range pirates.Colors {
			used := false
			for _, p := range s.cfg.Players {
				used = used || p.Color == c
			}
			if !used {
				colors.Add(referee.Key(c), pirates.ColorMsg(c))
			}
		}
		color := string(colors.Pick(t, referee.Question{ID: QColor(i), Actor: referee.Table,
			Prompt: referee.Text("gamespirates.setup.color", referee.Str(name))}))
		s.cfg.Players = append(s.cfg.Players, pirates.PlayerConfig{Name: name, Color: color})
	}
	starts := referee.Choose[referee.Key](t)
	for i, p := range s.cfg.Players {
		starts.Add(referee.Key(strconv.Itoa(i+1)), referee.Text("gamespirates.setup.start.name", referee.Str(p.Name)))
	}
	starts.Add("random", referee.Text("gamespirates.setup.start.random"))
	start := string(starts.Pick(t, referee.Question{ID: QStart, Actor: referee.Table, Prompt: referee.Text("gamespirates.setup.start")}))
	if start == "random" {
		s.cfg.Start = int(uint64(s.seed*2654435761+7) % uint64(n))
	} else {
		k, _ := strconv.Atoi(start)
		s.cfg.Start = k - 1
	}
}

func (s *piratesSetup) Done(l locale.Lang) (*NewGame, error) {
	if err := s.cfg.Validate(); err != nil {
		return nil, err
	}
	return &NewGame{Setup: &s.cfg, Intro: s.intro(l, 0), NarrowIntro: s.intro(l, 80), WideCols: pirates.WidePictureCols,
		Pause: l.Sprintf("gamespirates.setup.pause")}, nil
}

// intro is what was set up, for a terminal of cols columns, in l.
func (s *piratesSetup) intro(l locale.Lang, cols int) []string {
	how := s.how.In(l)
	return []string{
		l.Sprintf("gamespirates.setup.intro", how, piratesInstructions(&s.cfg, s.board, cols, l)),
		l.Sprintf("gamespirates.setup.begin", s.cfg.Players[s.cfg.Start].Name)}
}

// piratesInstructions is how to build the board of a setup, with its
// picture for a terminal of cols columns (0: the wide picture), in l.
func piratesInstructions(cfg *pirates.Config, board *pirates.Board, cols int, l locale.Lang) string {
	return setup.BuildInstructionsIn(cfg.Layout, l) + "\n" + board.PictureIn(nil, nil, board.HQ, cols, l)
}

// PiratesLayout reads a --layout value (random, fixed or a spec) into a
// layout that assembles, and says how it was made.
func PiratesLayout(spec string, seed int64) (pirates.Layout, referee.Msg, error) {
	var l pirates.Layout
	how := referee.Text("gamespirates.layout.given")
	switch strings.ToLower(strings.TrimSpace(spec)) {
	case "", "random":
		l, how = setup.RandomLayout(seed), referee.Text("gamespirates.layout.random", referee.Str(strconv.FormatInt(seed, 10)))
	case "fixed":
		l, how = setup.FixedLayout(), referee.Text("gamespirates.layout.fixed")
	default:
		var err error
		if l, err = setup.ParseLayout(spec); err != nil {
			return l, referee.Msg{}, err
		}
	}
	if _, err := setup.Assemble(l); err != nil {
		return l, referee.Msg{}, err
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
					return referee.Errorf("gamespirates.setup.taken", referee.Str(t))
				}
			}
			return nil
		}}
}
