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
	// Game is the game the entry belongs to.
	Game Game `json:"game"`
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
	// Game is the game the topic belongs to.
	Game Game `json:"game"`
	// Name is the topic's heading.
	Name string `json:"name"`
	// Entries are the topic's entries in reading order.
	Entries []Entry `json:"entries"`
}

// catalog is the immutable list of entries with their games filled in,
// built once on first use.
var catalog = sync.OnceValue(func() []Entry {
	var all []Entry
	for _, b := range books {
		for _, e := range b.rules() {
			e.Game = b.game
			all = append(all, e)
		}
	}
	return all
})

// All returns every entry, Rum & Pirates first, in reading order. The caller
// owns the returned slice.
func All() []Entry {
	src := catalog()
	out := make([]Entry, len(src))
	for i, e := range src {
		e.Tags = slices.Clone(e.Tags)
		e.See = slices.Clone(e.See)
		out[i] = e
	}
	return out
}

// Lookup returns the entry with the given ID; case and surrounding spaces
// do not matter.
func Lookup(id string) (Entry, bool) {
	id = strings.ToLower(strings.TrimSpace(id))
	for _, e := range All() {
		if e.ID == id {
			return e, true
		}
	}
	return Entry{}, false
}

// Topics returns the entries grouped by game and topic, in reading order.
func Topics() []Topic {
	var out []Topic
	for _, e := range All() {
		i := slices.IndexFunc(out, func(t Topic) bool { return t.Game == e.Game && t.Name == e.Topic })
		if i < 0 {
			out = append(out, Topic{Game: e.Game, Name: e.Topic})
			i = len(out) - 1
		}
		out[i].Entries = append(out[i].Entries, e)
	}
	return out
}
