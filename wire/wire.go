// Package wire declares, once, the objects rumref exchanges with programs
// and pages: the JSON Lines protocol (--io json), the phones' event
// stream and state, and the bodies of the phones' HTTP requests and
// replies. docs/protocol.md describes exactly these types; a test
// (wire_test.go) fails when the two drift apart.
//
// The types are plain data: a viewer or seat is an int (-1 for the table
// or the public view, else the seat, 0-based), a game view is the game's
// own JSON. Every object written on a line or as an event has a Type,
// which the writer sets.
package wire

import "encoding/json"

// Table is the viewer and actor number of the table: the public view, a
// die or a draw nobody owns, a confirmation anyone may answer.
const Table = -1

// Question is a question to answer: a line of the JSON Lines protocol, an
// event of a page's stream and the state's pending question.
type Question struct {
	Type      string   `json:"type"`
	ID        string   `json:"id"`
	Actor     int      `json:"actor"`
	ActorName string   `json:"actor_name"`
	Kind      string   `json:"kind"`
	Text      string   `json:"text"`
	Options   []Option `json:"options"`
	Min       *int     `json:"min"`
	Max       *int     `json:"max"`
	Secret    bool     `json:"secret"`
	Rule      string   `json:"rule"`
	Step      int      `json:"step"`
	// Example is an answer a text question would take.
	Example string `json:"example,omitempty"`
	// Ahead marks a question shown on a page before its turn (the
	// answers of several players do not depend on each other); Queued
	// is the answer already given to it. Pages only.
	Ahead  bool   `json:"ahead,omitempty"`
	Queued string `json:"queued,omitempty"`
}

// Option is one legal answer of a choice question: Key is what is sent
// back, Label what people read.
type Option struct {
	Key   string `json:"key"`
	Label string `json:"label"`
}

// Event is a ruling rumref made on its own, as one viewer may see it.
type Event struct {
	Type string `json:"type"`
	Rule string `json:"rule"`
	Text string `json:"text"`
	Step int    `json:"step"`
}

// Error is a refused line of the JSON Lines protocol.
type Error struct {
	Type     string `json:"type"`
	Question string `json:"question"`
	Rule     string `json:"rule"`
	Error    string `json:"error"`
	// Secret marks the refusal of a secret question's answer: like the
	// question, it is for Actor only (its words may tell what only they
	// may know, such as the one choice they have).
	Secret bool `json:"secret,omitempty"`
	Actor  *int `json:"actor,omitempty"`
}

// Info is the result of a meta command, or a message of the session.
type Info struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

// Status is the board and status as one viewer may see them.
type Status struct {
	Type   string          `json:"type"`
	Viewer int             `json:"viewer"`
	Text   string          `json:"text"`
	View   json.RawMessage `json:"view"`
}

// Log is the log object: the answers and rulings in the public view. Each
// entry is a LogAnswer or a LogEvent.
type Log struct {
	Type    string `json:"type"`
	Entries []any  `json:"entries"`
}

// LogAnswer is an answer in the log.
type LogAnswer struct {
	Kind      string `json:"kind"`
	N         int    `json:"n"`
	Question  string `json:"question"`
	Actor     int    `json:"actor"`
	ActorName string `json:"actor_name"`
	Text      string `json:"text"`
	Answer    string `json:"answer"`
	Label     string `json:"label"`
	Secret    bool   `json:"secret"`
	Rule      string `json:"rule"`
	Step      int    `json:"step"`
}

// LogEvent is a ruling in the log.
type LogEvent struct {
	Kind string `json:"kind"`
	Rule string `json:"rule"`
	Text string `json:"text"`
	Step int    `json:"step"`
}

// Help explains a question, the commands and the question's rule.
type Help struct {
	Type     string `json:"type"`
	Question string `json:"question"`
	Text     string `json:"text"`
	Commands string `json:"commands"`
	Rules    string `json:"rules"`
}

// Rules is a rules reference search.
type Rules struct {
	Type  string `json:"type"`
	Query string `json:"query"`
	Text  string `json:"text"`
}

// Confirm is a yes/no question about a meta command in the JSON Lines
// protocol.
type Confirm struct {
	Type      string `json:"type"`
	ID        string `json:"id"`
	Actor     int    `json:"actor"`
	ActorName string `json:"actor_name"`
	Text      string `json:"text"`
}

// PageConfirm is a pending confirmation on a page's stream; an empty ID
// says it is over.
type PageConfirm struct {
	Type string `json:"type"`
	ID   string `json:"id"`
	Text string `json:"text"`
	// Seat is who must answer (Table: anyone at the table); Mine says
	// the viewer is that player.
	Seat int  `json:"seat"`
	Mine bool `json:"mine"`
	// Value, when set, makes it a request for the new value of an
	// answer: the page offers the answer's choices, and its reply names
	// the value chosen.
	Value *ValueRequest `json:"value,omitempty"`
}

// ValueRequest is a request for the new value of answer N, to the one
// who chooses it (a secret answer's owner): the answer's question's kind,
// choices or range, and its answer now (Was).
type ValueRequest struct {
	N       int      `json:"n"`
	Was     string   `json:"was"`
	Secret  bool     `json:"secret"`
	Kind    string   `json:"kind"`
	Options []Option `json:"options"`
	Min     *int     `json:"min"`
	Max     *int     `json:"max"`
}

// End says the game is over.
type End struct {
	Type   string          `json:"type"`
	Status json.RawMessage `json:"status"`
	Text   string          `json:"text"`
	Step   int             `json:"step"`
	// Play is the play logger link (and, on the pages, its QR code).
	Play *Play `json:"play,omitempty"`
}

// Play is a play logger (BG Stats) link and its QR code as SVG.
type Play struct {
	URL string `json:"url"`
	QR  string `json:"qr,omitempty"`
}

// Exit says the session stopped before the game's end (JSON Lines).
type Exit struct {
	Type   string `json:"type"`
	Reason string `json:"reason"`
	Save   string `json:"save"`
	Step   int    `json:"step"`
}

// PageExit says the session stopped, on a page's stream: without the save
// file's path, which is the laptop's.
type PageExit struct {
	Type   string `json:"type"`
	Reason string `json:"reason"`
	Step   int    `json:"step"`
}

// Web lists the pages (JSON Lines, with --web): the join page every
// phone opens, the table page, and each seat's own page.
type Web struct {
	Type  string    `json:"type"`
	Join  string    `json:"join"`
	Table string    `json:"table"`
	Seats []WebSeat `json:"seats"`
}

// WebSeat is one seat's page.
type WebSeat struct {
	Seat int    `json:"seat"`
	Name string `json:"name"`
	URL  string `json:"url"`
}

// State is the whole state for one viewer: GET U/state and the "state"
// event that starts a stream or follows a resync. Question, Confirm, End
// and Exit are a Question, PageConfirm, End and PageExit as sent (or
// null); Events and Info hold Event and Info objects.
type State struct {
	Type     string            `json:"type"`
	Game     string            `json:"game"`
	Title    string            `json:"title"`
	Viewer   int               `json:"viewer"`
	Name     string            `json:"name"`
	Players  []string          `json:"players"`
	Step     int               `json:"step"`
	View     json.RawMessage   `json:"view"`
	Text     string            `json:"text"`
	Question json.RawMessage   `json:"question"`
	Events   []json.RawMessage `json:"events"`
	Info     []json.RawMessage `json:"info"`
	Confirm  json.RawMessage   `json:"confirm"`
	End      json.RawMessage   `json:"end"`
	Exit     json.RawMessage   `json:"exit"`
	// Answers are a seat's own latest answers ([] for the table page).
	Answers []Answered `json:"answers"`
	Seats   []JoinSeat `json:"seats"`
}

// Answered is one of a seat's own answers as its page lists it, to
// correct it by a tap.
type Answered struct {
	N        int    `json:"n"`
	Question string `json:"question"`
	Text     string `json:"text"`
	Answer   string `json:"answer"`
	Secret   bool   `json:"secret"`
}

// Answers is a stream event: the seat's own latest answers changed.
type Answers struct {
	Type    string     `json:"type"`
	Answers []Answered `json:"answers"`
}

// Join is the join code for the table page (GET U/join): the one URL
// every phone opens to take its seat, and its QR code as SVG.
type Join struct {
	URL string `json:"url"`
	QR  string `json:"qr"`
}

// JoinSeat is one seat as every page may see it: whether a device has
// taken it, and a short description of each device with its page open
// now. It carries no token.
type JoinSeat struct {
	Seat    int      `json:"seat"`
	Name    string   `json:"name"`
	Taken   bool     `json:"taken"`
	Devices []string `json:"devices"`
}

// Seats is the "seats" event of every page's stream: the seats and
// their devices, whenever a device comes or goes.
type Seats struct {
	Type  string     `json:"type"`
	Seats []JoinSeat `json:"seats"`
}

// JoinState is the join page's state (GET J/seats): the seats, this
// browser's seat, and the seat it asked for.
type JoinState struct {
	Type  string     `json:"type"`
	Title string     `json:"title"`
	Seats []JoinSeat `json:"seats"`
	Mine  int        `json:"mine"`
	Asked int        `json:"asked"`
	Text  string     `json:"text"`
}

// Claim asks for a seat from the join page (POST J/claim).
type Claim struct {
	Seat int `json:"seat"`
}

// Answer is what a client submits to answer a question (POST U/answer):
// the step it saw, the ID of the question it answers and the answer (an
// option key, a number in decimal, or a text question's text).
type Answer struct {
	Step     int    `json:"step"`
	Question string `json:"question"`
	Answer   string `json:"answer"`
}

// Undo asks to take back the last answer (POST U/undo).
type Undo struct {
	Step int `json:"step"`
}

// Correct asks to replace answer N (1-based, as in the log) with Value
// (POST U/correct).
type Correct struct {
	Step  int    `json:"step"`
	N     int    `json:"n"`
	Value string `json:"value"`
}

// ConfirmReply replies to a pending confirmation (POST U/confirm).
type ConfirmReply struct {
	Step int    `json:"step"`
	ID   string `json:"id"`
	Yes  bool   `json:"yes"`
	// Value answers a request for a new value (PageConfirm.Value): the
	// key chosen, or "" to keep the answer.
	Value string `json:"value,omitempty"`
}

// Reply is the reply to a request: taken (OK; Queued for an answer kept
// for a question asked ahead of its turn) or refused (Error says why).
type Reply struct {
	OK     bool `json:"ok"`
	Queued bool `json:"queued,omitempty"`
	// Pending says someone else was asked first (the owner of the
	// answer); Text says who.
	Pending bool   `json:"pending,omitempty"`
	Text    string `json:"text,omitempty"`
	Error   string `json:"error,omitempty"`
}
