package wire

import (
	"encoding/json"
	"testing"
)

// TestJSON pins the bytes of every object: the field names, their order
// and which are left out when empty, as drivers and pages read them.
func TestJSON(t *testing.T) {
	one, six, two := 1, 6, 2
	view := json.RawMessage(`{"board":1}`)
	for _, c := range []struct {
		v    any
		want string
	}{
		{Question{Type: "question", ID: "t.roll", Actor: 0, ActorName: "Ann", Kind: "number", Text: "What did you roll?", Options: []Option{}, Min: &one, Max: &six, Rule: "t.roll"},
			`{"type":"question","id":"t.roll","actor":0,"actor_name":"Ann","kind":"number","text":"What did you roll?","options":[],"min":1,"max":6,"secret":false,"rule":"t.roll","step":0}`},
		{Question{Type: "question", ID: "t.ware", Actor: 1, ActorName: "Bo", Kind: "choice", Options: []Option{{Key: "rum", Label: "Rum"}}, Secret: true, Step: 1, Example: "x", Ahead: true, Queued: "rum"},
			`{"type":"question","id":"t.ware","actor":1,"actor_name":"Bo","kind":"choice","text":"","options":[{"key":"rum","label":"Rum"}],"min":null,"max":null,"secret":true,"rule":"","step":1,"example":"x","ahead":true,"queued":"rum"}`},
		{Event{Type: "event", Rule: "t.roll", Text: "Ann rolled 3.", Step: 1}, `{"type":"event","rule":"t.roll","text":"Ann rolled 3.","step":1}`},
		{Error{Type: "error", Question: "t.roll", Rule: "t.roll", Error: "no"}, `{"type":"error","question":"t.roll","rule":"t.roll","error":"no"}`},
		{Error{Type: "error", Question: "pub.join", Error: "no", Secret: true, Actor: &two}, `{"type":"error","question":"pub.join","rule":"","error":"no","secret":true,"actor":2}`},
		{Info{Type: "info", Text: "hi"}, `{"type":"info","text":"hi"}`},
		{Status{Type: "status", Viewer: Table, Text: "t", View: view}, `{"type":"status","viewer":-1,"text":"t","view":{"board":1}}`},
		{Log{Type: "log", Entries: []any{LogAnswer{Kind: "answer", N: 1, Question: "q", ActorName: "Ann", Step: 1}, LogEvent{Kind: "event", Rule: "r", Text: "t", Step: 1}}},
			`{"type":"log","entries":[{"kind":"answer","n":1,"question":"q","actor":0,"actor_name":"Ann","text":"","answer":"","label":"","secret":false,"rule":"","step":1},{"kind":"event","rule":"r","text":"t","step":1}]}`},
		{Help{Type: "help", Question: "q", Text: "t", Commands: "c", Rules: "r"}, `{"type":"help","question":"q","text":"t","commands":"c","rules":"r"}`},
		{Rules{Type: "rules", Query: "wrangle", Text: "t"}, `{"type":"rules","query":"wrangle","text":"t"}`},
		{Confirm{Type: "confirm", ID: "undo.secret", Actor: 1, ActorName: "Bo", Text: "t"}, `{"type":"confirm","id":"undo.secret","actor":1,"actor_name":"Bo","text":"t"}`},
		{PageConfirm{Type: "confirm", ID: "undo.secret", Text: "t", Seat: 1, Mine: true}, `{"type":"confirm","id":"undo.secret","text":"t","seat":1,"mine":true}`},
		{End{Type: "end", Status: view, Text: "t", Step: 42}, `{"type":"end","status":{"board":1},"text":"t","step":42}`},
		{End{Type: "end", Status: view, Step: 42, Play: &Play{URL: "u", QR: "<svg/>"}}, `{"type":"end","status":{"board":1},"text":"","step":42,"play":{"url":"u","qr":"\u003csvg/\u003e"}}`},
		{Exit{Type: "exit", Reason: "quit", Save: "", Step: 7}, `{"type":"exit","reason":"quit","save":"","step":7}`},
		{PageExit{Type: "exit", Reason: "quit", Step: 7}, `{"type":"exit","reason":"quit","step":7}`},
		{Web{Type: "web", Join: "j", Table: "t", Seats: []WebSeat{{Seat: 0, Name: "Ann", URL: "u"}}}, `{"type":"web","join":"j","table":"t","seats":[{"seat":0,"name":"Ann","url":"u"}]}`},
		{State{Type: "state", Game: "pirates", Title: "R", Viewer: 1, Name: "Bo", Players: []string{"Ann", "Bo"}, Step: 2, View: view, Text: "t",
			Question: json.RawMessage("null"), Events: []json.RawMessage{}, Info: []json.RawMessage{}, Confirm: json.RawMessage("null"), End: json.RawMessage("null"), Exit: json.RawMessage("null"),
			Answers: []Answered{{N: 2, Question: "pub.roll", Text: "What did Bo roll?", Answer: "3"}},
			Seats:   []JoinSeat{{Seat: 0, Name: "Ann", Taken: true, Devices: []string{"Android phone, Chrome"}}}},
			`{"type":"state","game":"pirates","title":"R","viewer":1,"name":"Bo","players":["Ann","Bo"],"step":2,"view":{"board":1},"text":"t","question":null,"events":[],"info":[],"confirm":null,"end":null,"exit":null,"answers":[{"n":2,"question":"pub.roll","text":"What did Bo roll?","answer":"3","secret":false}],"seats":[{"seat":0,"name":"Ann","taken":true,"devices":["Android phone, Chrome"]}]}`},
		{Answers{Type: "answers", Answers: []Answered{}}, `{"type":"answers","answers":[]}`},
		{Join{URL: "u", QR: "q"}, `{"url":"u","qr":"q"}`},
		{JoinState{Type: "join", Title: "R", Seats: []JoinSeat{}, Mine: -1, Asked: 1, Text: "t"}, `{"type":"join","title":"R","seats":[],"mine":-1,"asked":1,"text":"t"}`},
		{Claim{Seat: 2}, `{"seat":2}`},
		{Answer{Step: 3, Question: "pub.join", Answer: "join"}, `{"step":3,"question":"pub.join","answer":"join"}`},
		{Undo{Step: 3}, `{"step":3}`},
		{Correct{Step: 3, N: 2, Value: "5"}, `{"step":3,"n":2,"value":"5"}`},
		{ConfirmReply{Step: 3, ID: "undo.secret", Yes: true}, `{"step":3,"id":"undo.secret","yes":true}`},
		{Reply{OK: true}, `{"ok":true}`},
		{Reply{OK: true, Queued: true}, `{"ok":true,"queued":true}`},
		{Reply{Error: "no"}, `{"ok":false,"error":"no"}`},
	} {
		b, err := json.Marshal(c.v)
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != c.want {
			t.Errorf("%T:\n got %s\nwant %s", c.v, b, c.want)
		}
	}
}
