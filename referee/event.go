package referee

// Event is something the engine did on its own between questions, with the
// rule it applied. Text is public; Private is added only for Player.
type Event struct {
	Rule    string
	Text    string
	Private string
	Player  Seat
	// Step is the number of answers accepted before the event happened.
	Step int
}

// For returns the event's text as the viewer sees it.
func (e Event) For(viewer Viewer) string {
	if e.Private != "" && viewer.Sees(e.Player) {
		if e.Text == "" {
			return e.Private
		}
		return e.Text + " " + e.Private
	}
	return e.Text
}
