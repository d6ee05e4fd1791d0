package reference

import "rumref/locale"

// The books of both games as the registry makes them (games.Reference;
// the games' TestReference checks that it holds these), and their
// library, which the tests here read in English (lib) and German (de).
var (
	Pirates = &Book{Name: "pirates", Title: "Rum & Pirates", Rules: PiratesRules}
	Runner  = &Book{Name: "runner", Title: "Rum Runner", Rules: RunnerRules}
	library = New(Pirates, Runner)
	lib     = library.In(locale.English)
	de      = library.In(locale.German)
	views   = []View{lib, de}
)
