package pirates

import "fmt"

// Status is the board and status as the viewer may see them.
// (Placeholder: replaced by view.go.)
func (g *Game) Status(viewer int) string {
	return fmt.Sprintf("Round %d, captain on %s", g.Round, g.Board.Intersections[g.Captain].Name)
}

// View is the state as data for the viewer. (Placeholder: replaced by view.go.)
func (g *Game) View(viewer int) any { return map[string]any{"round": g.Round} }
