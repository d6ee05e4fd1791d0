package referee

import "rumref/locale"

// Event is something the engine did on its own between questions, with the
// rule it applied. Text is public; Private is added only for Player. Text
// and Private are written in English; Said and Aside are the same as the
// rules made them, for a front end to render in its viewer's language
// (In).
type Event struct {
	Rule    string
	Text    string
	Private string
	Said    Msg
	Aside   Msg
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

// In is the event's text as the viewer sees it, in language l.
func (e Event) In(l locale.Lang, viewer Viewer) string {
	text := e.Said.In(l)
	if !e.Aside.IsZero() && viewer.Sees(e.Player) {
		if text == "" {
			return e.Aside.In(l)
		}
		return text + " " + e.Aside.In(l)
	}
	return text
}

// PublicIn is the event's public text in l.
func (e Event) PublicIn(l locale.Lang) string { return e.Said.In(l) }

// PrivateIn is the event's private part in l ("" when it has none).
func (e Event) PrivateIn(l locale.Lang) string { return e.Aside.In(l) }
