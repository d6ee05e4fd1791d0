package reference

// The books of both games as the registry makes them (games.Reference;
// the games' TestReference checks that it holds these), and their
// library, which the tests here read.
var (
	Pirates = &Book{Name: "pirates", Title: "Rum & Pirates", Rules: PiratesRules}
	Runner  = &Book{Name: "runner", Title: "Rum Runner", Rules: RunnerRules}
	lib     = New(Pirates, Runner)
)
