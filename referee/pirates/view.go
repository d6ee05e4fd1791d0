package pirates

import (
	"fmt"
	"slices"
	"strings"

	"rumref/locale"
	"rumref/referee"
	"rumref/scoring"
)

// View is the game state as one viewer may see it, for --json. Secret
// fields (coins, kept wares, unfulfilled rendezvous targets) are filled
// only for the viewer's own seat, but for the kept wares of every player
// once the game is over: the score names them then, and so do the status
// text and the view.
type View struct {
	Round       int          `json:"round"`
	Phase       string       `json:"phase"`
	StartPlayer string       `json:"start_player"`
	Turn        string       `json:"turn,omitempty"`
	Captain     string       `json:"captain"`
	Pubs        []string     `json:"pubs"`
	Maps        []string     `json:"maps"`
	Chest       string       `json:"chest"`
	Scorpion    string       `json:"scorpion"`
	Bunk        string       `json:"bunk"`
	Hammock     string       `json:"hammock"`
	Bedroll     string       `json:"bedroll,omitempty"`
	Stacks      []StackView  `json:"stacks"`
	RumPool     int          `json:"rum_pool"`
	Players     []PlayerView `json:"players"`
	Mast        []MastView   `json:"mast"`
	Alleys      []AlleyView  `json:"alleys"`
	// Final is the score pad once the game is over.
	Final *scoring.PadJSON `json:"final,omitempty"`
}

// StackView is one face-down stack of the tile holder and its size.
type StackView struct {
	Sort string `json:"sort"`
	Size int    `json:"size"`
}

// PlayerView is one player's state as the viewer may see it.
type PlayerView struct {
	Name       string   `json:"name"`
	Color      string   `json:"color"`
	Supply     int      `json:"supply"`
	Office     int      `json:"office"`
	Rum        int      `json:"rum"`
	Out        bool     `json:"out"`
	Won        []string `json:"won"`
	Rendezvous int      `json:"rendezvous_face_down"`
	WareCount  int      `json:"wares_kept"`
	// Coins, Wares and Targets are secret: set only for the viewer's own
	// seat (Wares for everyone's once the game is over).
	Coins   *int     `json:"coins,omitempty"`
	Wares   []string `json:"wares,omitempty"`
	Targets []string `json:"targets,omitempty"`
}

// MastView is one row beside the mast.
type MastView struct {
	Player string `json:"player"`
	Left   int    `json:"left"`
	Right  int    `json:"right"`
}

// AlleyView is one occupied alley and whose pirates fill it.
type AlleyView struct {
	Alley   string `json:"alley"`
	Player  string `json:"player"`
	Pirates int    `json:"pirates"`
}

// phaseName names a phase for people.
func phaseName(p Phase) string {
	switch p {
	case PhaseSetup:
		return "setup"
	case PhaseAction:
		return "action"
	case PhaseWrangle:
		return "wrangle"
	case PhaseOver:
		return "over"
	}
	return fmt.Sprintf("phase(%d)", int(p))
}

// words writes the view's texts in a language: the tiles' labels, the
// places' and alleys' names. English, unless the catalog check is on, is
// the labels as the catalog table holds them.
type words struct {
	l   locale.Lang
	raw bool
}

func wordsIn(l locale.Lang) words { return words{l, l == locale.English && !locale.Checking} }

// labels turns tile keys into their printed labels.
func (w words) labels(keys []string) []string {
	out := make([]string, 0, len(keys))
	for _, k := range keys {
		if k != "" {
			out = append(out, w.label(k))
		}
	}
	return out
}

// label is the printed label of one tile key, or "" for none.
func (w words) label(k string) string {
	switch {
	case k == "":
		return ""
	case w.raw:
		return mustTile(k).Label
	}
	m := mustTile(k).Msg()
	return m.In(w.l)
}

// say writes a message.
func (w words) say(m referee.Msg) string { return m.In(w.l) }

// View returns the state as data for the viewer (a seat, or
// referee.Public for the table), its texts (labels and names) in l; its
// ids and keys stay English.
func (g *Game) View(viewer referee.Viewer, l locale.Lang) any {
	w := wordsIn(l)
	captain := g.Board.Intersections[g.Captain].Name
	if !w.raw {
		captain = w.say(g.Board.Intersections[g.Captain].Msg())
	}
	v := View{Round: g.Round, Phase: phaseName(g.Phase), Captain: captain,
		Pubs: w.labels(g.Pubs), Maps: w.labels(g.Maps), Chest: w.label(g.Chest), Scorpion: w.label(g.Scorpion),
		Bunk: w.label(g.Bunk), Hammock: w.label(g.Hammock), Bedroll: w.label(g.Bedroll), RumPool: g.RumPool,
		Mast: []MastView{}, Alleys: []AlleyView{}}
	v.StartPlayer, v.Turn = g.seatName(g.StartPlayer), g.seatName(g.Turn)
	if g.Phase == PhaseOver && g.Final != nil {
		pad := g.Final.JSONIn(l)
		v.Final = &pad
	}
	v.Stacks = make([]StackView, 0, numSorts)
	for s := TileSort(0); s < numSorts; s++ {
		v.Stacks = append(v.Stacks, StackView{Sort: s.String(), Size: g.Stacks[s].Size()})
	}
	over := g.Phase == PhaseOver && g.Final != nil
	for i, p := range g.Players {
		pv := PlayerView{Name: p.Name, Color: p.Color, Supply: p.Supply, Office: p.Office, Rum: p.Rum, Out: p.Out,
			Won: w.labels(p.Won), Rendezvous: p.FaceDown, WareCount: p.wareCount()}
		if viewer.Sees(referee.Seat(i)) {
			c := p.Coins
			pv.Coins, pv.Wares = &c, w.labels(p.Wares)
		} else if over && len(p.Wares) > 0 && p.Unnamed == 0 {
			pv.Wares = w.labels(p.Wares)
		}
		v.Players = append(v.Players, pv)
	}
	for _, r := range g.Mast {
		who := g.name(r.Player)
		if !w.raw && r.Player == Imaginary {
			who = w.say(g.whoMsg(r.Player))
		}
		v.Mast = append(v.Mast, MastView{Player: who, Left: r.Left, Right: r.Right})
	}
	for id, occ := range g.Occupant {
		if occ >= 0 {
			v.Alleys = append(v.Alleys, AlleyView{Alley: w.say(g.alleyName(id)), Player: g.Players[occ].Name,
				Pirates: g.Board.Alleys[id].Segments})
		}
	}
	return v
}

// seatName is the name of the player at seat s, or "" for no seat (no
// start player or turn yet).
func (g *Game) seatName(s referee.Seat) string {
	if s >= 0 && int(s) < len(g.Players) {
		return g.Players[s].Name
	}
	return ""
}

// wareCount is how many wares p keeps, named or not.
func (p *Player) wareCount() int { return len(p.Wares) + p.Unnamed }

// alleyName names an alley for the view: "HQ - Coin 2 (4)".
func (g *Game) alleyName(id int) referee.Msg {
	a := &g.Board.Alleys[id]
	if a.Dark {
		return referee.Text("pirates.view.dark-alley", g.at(a.A), g.exitArg(a), referee.Int(a.Segments))
	}
	return referee.Text("pirates.view.alley", g.at(a.A), g.at(a.B), referee.Int(a.Segments))
}

// Status is the board and status as text for the viewer (a seat, or
// referee.Public for the table) in language l for a terminal of cols
// columns (0: any width; a narrow one gets the narrow board picture, see
// Board.PictureIn): every word of it comes from the catalog.
func (g *Game) Status(viewer referee.Viewer, l locale.Lang, cols int) string {
	// The status reads the game itself, not its View: the view's labels,
	// alley names and score pad (the JSON front end's) were made in
	// English and thrown away.
	say := func(m referee.Msg) string { return m.In(l) }
	var b strings.Builder
	b.Grow(8 << 10) // the wide picture is about 4.5 KB, the rest 1 to 3
	b.WriteString(say(referee.Text("pirates.status.round", referee.Int(g.Round), referee.Int(Rounds),
		referee.Sub(referee.Text(phaseKeys[g.Phase])), referee.Str(g.seatName(g.StartPlayer)))))
	if turn := g.seatName(g.Turn); turn != "" {
		b.WriteString(say(referee.Text("pirates.status.turn", referee.Str(turn))))
	}
	b.WriteString("\n" + say(referee.Text("pirates.status.captain", g.at(g.Captain))) + "\n")
	marks := make([]string, len(g.Players))
	key := make([]referee.Msg, 0, len(g.Players))
	for i, p := range g.Players {
		marks[i] = Mark(p.Color)
		key = append(key, referee.Text("pirates.status.mark", referee.Str(marks[i]), referee.Str(p.Name), referee.Sub(ColorMsg(p.Color))))
	}
	g.Board.writePicture(&b, g.Occupant, marks, g.Captain, cols, l)
	if !strings.HasSuffix(b.String(), "\n") {
		b.WriteString("\n")
	}
	line := func(m referee.Msg) { b.WriteString(m.In(l) + "\n") }
	line(referee.Text("pirates.status.marks", referee.List(key, ", ", ", ")))
	g.boardText(&b, l)
	line(referee.Text("pirates.status.pubs", tilesOrNone(g.Pubs)))
	line(referee.Text("pirates.status.maps", tilesOrNone(g.Maps)))
	line(referee.Text("pirates.status.chests", tilesOrNone([]string{g.Chest}), tilesOrNone([]string{g.Scorpion})))
	line(referee.Text("pirates.status.ship", tilesOrNone([]string{g.Bunk, g.Hammock, g.Bedroll})))
	st := make([]referee.Msg, 0, numSorts)
	for s := TileSort(0); s < numSorts; s++ {
		st = append(st, referee.Text("pirates.status.stack", referee.Sub(s.Msg()), referee.Int(g.Stacks[s].Size())))
	}
	line(referee.Text("pirates.status.stacks", referee.List(st, ", ", ", "), referee.Int(g.RumPool)))
	if len(g.Mast) > 0 {
		rows := make([]referee.Msg, 0, len(g.Mast))
		for i, r := range g.Mast {
			rows = append(rows, referee.Text("pirates.status.row", referee.Int(i+1), g.who(r.Player), referee.Int(r.Left), referee.Int(r.Right)))
		}
		line(referee.Text("pirates.status.mast", referee.List(rows, "; ", "; ")))
	}
	over := g.Phase == PhaseOver && g.Final != nil
	for i := range g.Players {
		pl := &g.Players[i]
		wareCount := pl.wareCount()
		b.WriteString(say(referee.Text("pirates.status.player", referee.Str(pl.Name), referee.Sub(ColorMsg(pl.Color)), referee.Int(pl.Supply),
			referee.Int(pl.Office), referee.Int(pl.Rum), referee.Int(pl.FaceDown))))
		b.WriteString(say(referee.Text("pirates.status.wares", referee.Int(wareCount))))
		if over && len(pl.Wares) > 0 && pl.Unnamed == 0 {
			// Kept wares are secret until the end; then the score names
			// them, and so does the status.
			b.WriteString(say(referee.Text("pirates.status.named", tileList(pl.Wares, ", ", ", "))))
		}
		if pl.Out {
			b.WriteString(say(referee.Text("pirates.status.out")))
		}
		b.WriteString(say(referee.Text("pirates.status.won", tilesOrNone(pl.Won))))
		if viewer.Sees(referee.Seat(i)) {
			// rumref is not told kept wares before the end, nor targets
			// before they are revealed.
			wares, targets := tilesOrNone(pl.Wares), referee.Sub(referee.Text("pirates.status.none"))
			if !slices.ContainsFunc(pl.Wares, func(k string) bool { return k != "" }) && wareCount > 0 {
				wares = referee.Sub(referee.Text("pirates.status.unnamed", referee.Int(wareCount)))
			}
			if pl.FaceDown > 0 {
				targets = referee.Sub(referee.Text("pirates.status.face-down", referee.Int(pl.FaceDown)))
			}
			b.WriteString(say(referee.Text("pirates.status.yours", referee.Count(pl.Coins, nCoin), wares, targets)))
		}
		b.WriteString("\n")
	}
	if over {
		// At the end every tile is revealed: the score pad is public.
		b.WriteString("\n" + say(referee.Text("pirates.status.final")) + "\n")
		b.WriteString(scoring.PadIn(*g.Final, l))
	}
	return b.String()
}

// phaseKeys name the phases in the status.
var phaseKeys = [...]string{"pirates.phase.setup", "pirates.phase.action", "pirates.phase.wrangle", "pirates.phase.over"}

// tilesOrNone lists tiles by their labels, or says none.
func tilesOrNone(keys []string) referee.Arg {
	keys = slices.DeleteFunc(slices.Clone(keys), func(k string) bool { return k == "" })
	if len(keys) == 0 {
		return referee.Sub(referee.Text("pirates.status.none"))
	}
	return tileList(keys, ", ", ", ")
}

// Mark is the letter that stands for a pirate color in the board picture:
// G gold, V violet, K black, S silver, B blue.
func Mark(color string) string {
	switch color {
	case "gold":
		return "G"
	case "violet":
		return "V"
	case "black":
		return "K"
	case "silver":
		return "S"
	case "blue":
		return "B"
	}
	return "?"
}

// boardText writes the occupied alleys by player, in language l.
func (g *Game) boardText(b *strings.Builder, l locale.Lang) {
	for i, p := range g.Players {
		var alleys []referee.Msg
		for id, occ := range g.Occupant {
			if occ == i {
				alleys = append(alleys, g.alleyLabel(alley(id)))
			}
		}
		if len(alleys) > 0 {
			m := referee.Text("pirates.status.alleys", referee.Str(p.Name), referee.List(alleys, "; ", "; "))
			b.WriteString(m.In(l) + "\n")
		}
	}
}
