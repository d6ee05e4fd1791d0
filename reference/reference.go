// Package reference is the rules reference for both games: small entries in
// our own words, each with a stable ID that rulings cite (rp.pub,
// rr.raid.hazards), searchable by title, tags and text, and printable for a
// terminal. The entries are compiled into the binary.
package reference

import (
	"slices"
	"strings"
	"sync"
)

// Entry is one rule, or one ruling rumref made where the rulebooks leave a
// question open.
type Entry struct {
	// ID is the stable dotted name events and questions cite.
	ID string `json:"id"`
	// Game is the book of the game the entry belongs to.
	Game *Book `json:"game"`
	// Topic groups entries for browsing ("Movement", "The raid").
	Topic string `json:"topic"`
	// Title is the short name a player would look for.
	Title string `json:"title"`
	// Text states the rule in a few plain sentences; lines starting with
	// "- " or with a number and a dot ("1. ") are list items.
	Text string `json:"text"`
	// Example walks through a case where the rule is easy to get wrong.
	Example string `json:"example,omitempty"`
	// Tags are other words people use for the same thing.
	Tags []string `json:"tags,omitempty"`
	// See lists the IDs of related entries.
	See []string `json:"see,omitempty"`
	// Ruling marks an entry that settles something the rulebooks leave open.
	Ruling bool `json:"ruling,omitempty"`
	// Reason explains why rumref settled a ruling the way it did.
	Reason string `json:"reason,omitempty"`
	// Settles names the open question that a ruling answers: an item of
	// the rules notes (data §7.N, or A1-A30), or "rumref #N" for one the
	// notes do not list.
	Settles string `json:"settles,omitempty"`
}

// Topic is one browsable group of entries of one game.
type Topic struct {
	// Game is the book of the game the topic belongs to.
	Game *Book `json:"game"`
	// Name is the topic's heading.
	Name string `json:"name"`
	// Entries are the topic's entries in reading order.
	Entries []Entry `json:"entries"`
}

// Library is the reference of some games: their books' entries, in the
// order of the books, and their search index (built at the first search).
type Library struct {
	entries []Entry
	index   func() *index
}

// New makes the library of these books, in this order.
func New(books ...*Book) *Library {
	l := &Library{}
	for _, b := range books {
		for _, e := range b.Rules() {
			e.Game = b
			l.entries = append(l.entries, e)
		}
	}
	l.index = sync.OnceValue(func() *index { return buildIndex(l.entries) })
	return l
}

// All returns every entry, in the order of the books, each in reading
// order. The caller owns the returned slice.
func (l *Library) All() []Entry {
	out := make([]Entry, len(l.entries))
	for i, e := range l.entries {
		out[i] = e.owned()
	}
	return out
}

// owned is a copy of e whose lists the caller owns.
func (e Entry) owned() Entry {
	e.Tags = slices.Clone(e.Tags)
	e.See = slices.Clone(e.See)
	return e
}

// Lookup returns the entry with the given ID; case and surrounding spaces
// do not matter.
func (l *Library) Lookup(id string) (Entry, bool) {
	id = strings.ToLower(strings.TrimSpace(id))
	for _, e := range l.entries {
		if e.ID == id {
			return e.owned(), true
		}
	}
	return Entry{}, false
}

// Topics returns the entries grouped by game and topic, in reading order.
func (l *Library) Topics() []Topic {
	var out []Topic
	for _, e := range l.All() {
		i := slices.IndexFunc(out, func(t Topic) bool { return t.Game == e.Game && t.Name == e.Topic })
		if i < 0 {
			out = append(out, Topic{Game: e.Game, Name: e.Topic})
			i = len(out) - 1
		}
		out[i].Entries = append(out[i].Entries, e)
	}
	return out
}
