package prompts

import (
	"fmt"
	"strings"
	"unicode"

	"rumref/referee"
	"rumref/safetext"
	"rumref/table"
)

// The methods in this file show things through the session's front end
// (see frontend.go).

// reject says why a line was not taken; the same question is asked again.
func (s *Session) reject(q *referee.Question, why string) {
	s.fe.refuse(q, safetext.CleanLines(why))
}

// info shows a message such as the result of undo.
func (s *Session) info(text string) {
	s.fe.show(shown{kind: showInfo, text: safetext.CleanLines(text)})
}

// event shows one ruling in the public view with the rule it applied.
func (s *Session) event(ev table.Event) {
	s.fe.show(shown{kind: showEvent, event: ev, text: ev.Text})
}

// status shows the board and status for a viewer.
func (s *Session) status(viewer referee.Viewer) { s.fe.status(viewer) }

// showLog lists the answers and rulings in the public view. Answers are
// numbered as correct expects; secret answers show as "(secret)".
func (s *Session) showLog() { s.fe.show(shown{kind: showLog}) }

// helpText explains the question, the meta commands and the rule.
func (s *Session) helpText(q *referee.Question) (question, commands, rules string) {
	var b strings.Builder
	if q != nil {
		fmt.Fprintf(&b, "%s\n", Named(capital(s.name(q.Actor)), safetext.CleanLines(q.Text)))
		fmt.Fprintf(&b, "Answer with %s.\n", safetext.Clean(q.Allowed()))
		if several := s.severalHint(q); several != "" {
			fmt.Fprintln(&b, several)
		}
		if q.Secret {
			fmt.Fprintf(&b, "This answer is secret: only %s should see it.\n", s.name(q.Actor))
		}
		if q.Rule != "" {
			fmt.Fprintf(&b, "Rule: %s (type rules to read it).\n", q.Rule)
		}
	}
	question = strings.TrimRight(b.String(), "\n")
	b.Reset()
	b.WriteString("Commands (a leading ':' always means a command, e.g. :undo; the bare word works unless it is one of the answers):\n")
	for _, m := range metaCommands {
		fmt.Fprintf(&b, "  %-16s %s\n", m.usage, m.help)
	}
	if s.inSetup {
		fmt.Fprintf(&b, "During these setup questions %s work (undo takes back the last answer typed); the others once the game has begun.\n", setupCommandsNamed())
		b.WriteString("At a name question a command of several words needs its colon (:rules setup); a single word such as help is always the command.\n")
	}
	commands = strings.TrimRight(b.String(), "\n")
	if s.Rules != nil && q != nil && q.Rule != "" {
		rules = strings.TrimRight(s.Rules(q.Rule), "\n")
	}
	return safetext.CleanLines(question), commands, safetext.CleanLines(rules)
}

// severalHint says, at a public draw or roll, that several of them fit
// on one line (see multi.go); "" elsewhere. In the terminal a die's digit
// answers at once, so there only draws are said to fit.
func (s *Session) severalHint(q *referee.Question) string {
	switch {
	case q.Secret:
		return ""
	case q.Kind == referee.Choice && q.Confirm && len(q.Options) > 1:
		a, b := safetext.Clean(q.Options[0].Label), safetext.Clean(q.Options[len(q.Options)-1].Label)
		if a == "" || b == "" {
			return ""
		}
		return fmt.Sprintf("Several draws fit on one line, in the order they are drawn and separated by commas (for example %s, %s): the first answers this draw, the next one the draw after it.", a, b)
	case q.Kind == referee.Number && q.Max-q.Min < 10 && !s.fe.can().lists:
		return fmt.Sprintf("Several rolls fit on one line, in the order they are rolled (for example %d %d %d): the first answers this roll, the next one the roll after it.", q.Max, q.Min, q.Max)
	}
	return ""
}

// help explains the current question, the commands and its rule.
func (s *Session) help(q *referee.Question) {
	question, commands, rules := s.helpText(q)
	s.fe.show(shown{kind: showHelp, q: q, question: question, commands: commands, refs: rules})
}

// rules looks up the rules reference.
func (s *Session) rules(query string) {
	text := ""
	switch {
	case s.Rules == nil:
		text = "The rules reference is not available here."
	case strings.TrimSpace(query) == "":
		text = "Type rules and a few words to look up, for example: rules wrangle."
	default:
		text = strings.TrimRight(s.Rules(query), "\n")
		if text == "" {
			text = fmt.Sprintf("Nothing in the rules reference matches %q; try fewer or other words.", query)
		}
	}
	s.fe.show(shown{kind: showRules, query: query, text: safetext.CleanLines(text)})
}

// end shows the final status.
func (s *Session) end() { s.fe.show(shown{kind: showEnd}) }

// capital starts a name with a capital letter ("the table" -> "The table")
// where it opens a line.
func capital(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// isYes reports whether a line means yes.
func isYes(line string) bool {
	switch strings.ToLower(strings.TrimSpace(line)) {
	case "y", "yes":
		return true
	}
	return false
}
