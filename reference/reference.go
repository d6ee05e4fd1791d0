// Package reference is the rules reference for both games: small entries in
// our own words, each with a stable ID that rulings cite (rp.pub,
// rr.raid.hazards), searchable by title, tags and text in every language,
// and printable for a terminal in the viewer's language. Where each entry
// stands is in pirates.yaml and runner.yaml; its words are in the
// package's catalog files, messages.en.yaml and messages.de.yaml, under
// reference.ID. (all embedded, and read at their first use).
package reference

import (
	"embed"
	"slices"
	"strings"
	"sync"

	"rumref/internal/yamlfile"
	"rumref/locale"
)

//go:embed messages.*.yaml
var messages embed.FS

var _ = locale.Register("reference", messages)

//go:embed pirates.yaml runner.yaml
var books embed.FS

// Entry is one rule, or one ruling rumref made where the rulebooks leave a
// question open, in one language.
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

// Rule is where an entry stands, as the game's file (pirates.yaml) holds
// it; its words are in the catalog under reference.ID.
type Rule struct {
	ID string `yaml:"id"`
	// Topic is the key of its topic's name, under reference.topic.
	Topic string `yaml:"-"`
	// See lists the IDs of related entries.
	See []string `yaml:"see"`
	// Settles is the open question a ruling answers; only a ruling has one.
	Settles string `yaml:"settles"`
}

// PiratesRules returns the Rum & Pirates rules in reading order.
func PiratesRules() []Rule { return readRules("pirates.yaml") }

// RunnerRules returns the Rum Runner rules in reading order.
func RunnerRules() []Rule { return readRules("runner.yaml") }

// readRules reads a game's file of rules, grouped by topic.
func readRules(name string) []Rule {
	var topics []struct {
		Topic string `yaml:"topic"`
		Rules []Rule `yaml:"rules"`
	}
	data, err := books.ReadFile(name)
	if err == nil {
		err = yamlfile.Decode(data, &topics, len(data))
	}
	if err != nil {
		panic("reference: " + name + ": " + err.Error())
	}
	var out []Rule
	for _, t := range topics {
		for _, r := range t.Rules {
			r.Topic = t.Topic
			out = append(out, r)
		}
	}
	return out
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

// Library is the reference of some games: their books' rules, in the
// order of the books, and their search index of every language (built at
// the first search).
type Library struct {
	rules []placed
	index func() *index
}

// placed is a rule in its book.
type placed struct {
	Rule
	game *Book
}

// New makes the library of these books, in this order.
func New(books ...*Book) *Library {
	lib := &Library{}
	for _, b := range books {
		for _, r := range b.Rules() {
			lib.rules = append(lib.rules, placed{r, b})
		}
	}
	lib.index = sync.OnceValue(func() *index { return buildIndex(lib.rules) })
	return lib
}

// View is the library read in one language: its entries are in that
// language, and its search finds them by the words of every language.
type View struct {
	lib  *Library
	lang locale.Lang
}

// In is the library read in language l.
func (lib *Library) In(l locale.Lang) View { return View{lib, l} }

// entry is r's entry in language l.
func entry(r placed, l locale.Lang) Entry {
	key := "reference." + r.ID + "."
	get := func(field string) string {
		if !locale.English.Has(key + field) {
			return ""
		}
		return l.Get(key + field)
	}
	e := Entry{ID: r.ID, Game: r.game, Topic: l.Get("reference.topic." + r.Topic),
		Title: get("title"), Text: get("text"), Example: get("example"), Reason: get("reason"),
		See: slices.Clone(r.See), Ruling: r.Settles != "", Settles: r.Settles}
	if tags := locale.Unmark(get("tags")); tags != "" {
		for _, t := range strings.Split(tags, ", ") {
			e.Tags = append(e.Tags, locale.Mark(t))
		}
	}
	return e
}

// All returns every entry, in the order of the books, each in reading
// order. The caller owns the returned slice.
func (v View) All() []Entry {
	out := make([]Entry, len(v.lib.rules))
	for i, r := range v.lib.rules {
		out[i] = entry(r, v.lang)
	}
	return out
}

// Lookup returns the entry with the given ID; case and surrounding spaces
// do not matter.
func (v View) Lookup(id string) (Entry, bool) {
	id = strings.ToLower(strings.TrimSpace(id))
	for _, r := range v.lib.rules {
		if r.ID == id {
			return entry(r, v.lang), true
		}
	}
	return Entry{}, false
}

// Topics returns the entries grouped by game and topic, in reading order.
func (v View) Topics() []Topic {
	var out []Topic
	last := ""
	for _, r := range v.lib.rules {
		e := entry(r, v.lang)
		if len(out) == 0 || out[len(out)-1].Game != r.game || last != r.Topic {
			out = append(out, Topic{Game: r.game, Name: e.Topic})
			last = r.Topic
		}
		out[len(out)-1].Entries = append(out[len(out)-1].Entries, e)
	}
	return out
}
