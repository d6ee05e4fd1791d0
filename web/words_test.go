package web

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"rumref/wire"
)

// TestHelpInWords: the help each page gets speaks of what that page
// shows: buttons only to the one who may answer (a seat shown another
// player's question has none, nor has the table page for a secret one),
// and it names no question ID or rule ID.
func TestHelpInWords(t *testing.T) {
	for _, game := range []string{"pirates", "runner"} {
		t.Run(game, func(t *testing.T) {
			tb := serve(t, game, 3-btoi(game == "runner"), 7)
			checked := map[string]int{}
			tb.play(func(step int) {
				if step > 40 || step >= len(tb.answers) {
					return
				}
				for v := Table; int(v) < len(tb.names); v++ {
					s, _ := tb.state(v)
					var q wire.Question
					if json.Unmarshal(s.Question, &q) != nil {
						continue
					}
					res, err := http.Get(tb.url(v) + "/help")
					if err != nil {
						t.Fatal(err)
					}
					var h wire.Help
					json.NewDecoder(res.Body).Decode(&h)
					res.Body.Close()
					seat, isSeat := v.Seat()
					mine := (v == Table && !q.Secret) || (isSeat && int(seat) == q.Actor)
					tap := strings.Contains(h.Text, "Tap ") || strings.Contains(h.Text, "tap Send") || strings.Contains(h.Text, "Answer with a number")
					if tap != mine || strings.Contains(h.Text, "button") || (strings.Contains(q.ID, ".") && strings.Contains(h.Text, q.ID)) || (q.Rule != "" && strings.Contains(h.Text, q.Rule)) {
						t.Errorf("answer %d (%s, %s's), viewer %d (may answer: %v) gets the help %q", step+1, q.ID, q.ActorName, v, mine, h.Text)
					}
					checked[map[bool]string{true: "mine", false: "other"}[mine]]++
				}
			})
			if checked["mine"] == 0 || checked["other"] == 0 {
				t.Errorf("the help was checked %v", checked)
			}
		})
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
