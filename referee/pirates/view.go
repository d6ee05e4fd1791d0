package pirates

import (
	"fmt"
	"strings"

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

// labels turns tile keys into their printed labels.
func labels(keys []string) []string {
	out := make([]string, 0, len(keys))
	for _, k := range keys {
		if k == "" {
			continue
		}
		out = append(out, mustTile(k).Label)
	}
	return out
}

// label is the printed label of one tile key, or "" for none.
func label(k string) string {
	if k == "" {
		return ""
	}
	return mustTile(k).Label
}

// View returns the state as data for the viewer (a seat, or
// referee.Public for the table).
func (g *Game) View(viewer referee.Viewer) any {
	v := View{Round: g.Round, Phase: phaseName(g.Phase), Captain: g.Board.Intersections[g.Captain].Name,
		Pubs: labels(g.Pubs), Maps: labels(g.Maps), Chest: label(g.Chest), Scorpion: label(g.Scorpion),
		Bunk: label(g.Bunk), Hammock: label(g.Hammock), Bedroll: label(g.Bedroll), RumPool: g.RumPool,
		Mast: []MastView{}, Alleys: []AlleyView{}}
	if g.StartPlayer >= 0 && int(g.StartPlayer) < len(g.Players) {
		v.StartPlayer = g.Players[g.StartPlayer].Name
	}
	if g.Phase == PhaseOver && g.Final != nil {
		pad := g.Final.JSON()
		v.Final = &pad
	}
	if g.Turn >= 0 && int(g.Turn) < len(g.Players) {
		v.Turn = g.Players[g.Turn].Name
	}
	v.Stacks = make([]StackView, 0, numSorts)
	for s := TileSort(0); s < numSorts; s++ {
		v.Stacks = append(v.Stacks, StackView{Sort: s.String(), Size: g.Stacks[s].Size()})
	}
	over := g.Phase == PhaseOver && g.Final != nil
	for i, p := range g.Players {
		pv := PlayerView{Name: p.Name, Color: p.Color, Supply: p.Supply, Office: p.Office, Rum: p.Rum, Out: p.Out,
			Won: labels(p.Won), Rendezvous: p.FaceDown, WareCount: len(p.Wares) + p.Unnamed}
		if viewer.Sees(referee.Seat(i)) {
			c := p.Coins
			pv.Coins, pv.Wares = &c, labels(p.Wares)
		} else if over && len(p.Wares) > 0 && p.Unnamed == 0 {
			pv.Wares = labels(p.Wares)
		}
		v.Players = append(v.Players, pv)
	}
	for _, r := range g.Mast {
		v.Mast = append(v.Mast, MastView{Player: g.name(r.Player), Left: r.Left, Right: r.Right})
	}
	var names []string // the board's alley names, found at the first occupied alley
	for id, occ := range g.Occupant {
		if occ >= 0 {
			if names == nil {
				names = pictures.alleyNames(g.Board)
			}
			v.Alleys = append(v.Alleys, AlleyView{Alley: names[id], Player: g.Players[occ].Name,
				Pirates: g.Board.Alleys[id].Segments})
		}
	}
	return v
}

// Status is the board and status as text for the viewer (a seat, or
// referee.Public for the table).
func (g *Game) Status(viewer referee.Viewer) string { return g.StatusFor(viewer, 0) }

// StatusFor is Status for a terminal of cols columns (0: any width): a
// narrow one gets the narrow board picture (see Board.PictureFor).
func (g *Game) StatusFor(viewer referee.Viewer, cols int) string {
	v := g.View(viewer).(View)
	var b strings.Builder
	b.Grow(8 << 10) // the wide picture is about 4.5 KB, the rest 1 to 3
	fmt.Fprintf(&b, "Round %d of %d, %s phase. Start player: %s.", v.Round, Rounds, v.Phase, v.StartPlayer)
	if v.Turn != "" {
		fmt.Fprintf(&b, " Turn: %s.", v.Turn)
	}
	fmt.Fprintf(&b, "\nCaptain on %s.\n", v.Captain)
	marks := make([]string, len(g.Players))
	var key []string
	for i, p := range g.Players {
		marks[i] = Mark(p.Color)
		key = append(key, fmt.Sprintf("%s = %s (%s)", marks[i], p.Name, p.Color))
	}
	g.Board.writePicture(&b, g.Occupant, marks, g.Captain, cols)
	if !strings.HasSuffix(b.String(), "\n") {
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "Pirates in alleys: %s\n", strings.Join(key, ", "))
	b.WriteString(g.boardText())
	fmt.Fprintf(&b, "Pubs: %s\n", listOrNone(v.Pubs))
	fmt.Fprintf(&b, "Maps: %s\n", listOrNone(v.Maps))
	fmt.Fprintf(&b, "Chest: %s; scorpion chest: %s\n", orNone(v.Chest), orNone(v.Scorpion))
	fmt.Fprintf(&b, "Beside the ship: %s\n", listOrNone(labels([]string{g.Bunk, g.Hammock, g.Bedroll})))
	var st []string
	for _, s := range v.Stacks {
		st = append(st, fmt.Sprintf("%s %d", s.Sort, s.Size))
	}
	fmt.Fprintf(&b, "Stacks: %s; rum pool %d\n", strings.Join(st, ", "), v.RumPool)
	if len(v.Mast) > 0 {
		var rows []string
		for i, r := range v.Mast {
			rows = append(rows, fmt.Sprintf("row %d %s %d|%d", i+1, r.Player, r.Left, r.Right))
		}
		fmt.Fprintf(&b, "Mast: %s\n", strings.Join(rows, "; "))
	}
	over := g.Phase == PhaseOver && g.Final != nil
	for i, p := range v.Players {
		line := fmt.Sprintf("%s (%s): supply %d, office %d, rum %d, face-down rendezvous %d, wares kept %d",
			p.Name, p.Color, p.Supply, p.Office, p.Rum, p.Rendezvous, p.WareCount)
		if pl := &g.Players[i]; over && len(pl.Wares) > 0 && pl.Unnamed == 0 {
			// Kept wares are secret until the end; then the score names
			// them, and so does the status.
			line += " (" + strings.Join(labels(pl.Wares), ", ") + ")"
		}
		if p.Out {
			line += ", out"
		}
		line += "; won: " + listOrNone(p.Won)
		if p.Coins != nil {
			coins := referee.Text("pirates.supply.clashes", referee.Count(*p.Coins, nCoin))
			// rumref is not told kept wares before the end, nor targets
			// before they are revealed.
			wares, targets := listOrNone(p.Wares), "none"
			if len(p.Wares) == 0 && p.WareCount > 0 {
				wares = fmt.Sprintf("%d kept, named at the game's end", p.WareCount)
			}
			if p.Rendezvous > 0 {
				targets = fmt.Sprintf("%d face down, named when revealed", p.Rendezvous)
			}
			line += fmt.Sprintf("\n  yours only: %s; wares: %s; rendezvous targets: %s",
				coins.String(), wares, targets)
		}
		b.WriteString(line + "\n")
	}
	if over {
		// At the end every tile is revealed: the score pad is public.
		b.WriteString("\nFinal score\n")
		b.WriteString(scoring.Pad(*g.Final))
	}
	return b.String()
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

// boardText lists the occupied alleys by player.
func (g *Game) boardText() string {
	var b strings.Builder
	for i, p := range g.Players {
		var alleys []string
		for id, occ := range g.Occupant {
			if occ == i {
				l := g.alleyLabel(alley(id))
				alleys = append(alleys, l.String())
			}
		}
		if len(alleys) > 0 {
			fmt.Fprintf(&b, "%s's pirates: %s\n", p.Name, strings.Join(alleys, "; "))
		}
	}
	return b.String()
}

func listOrNone(s []string) string {
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, ", ")
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
