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

// say is the catalog's message prompts.KEY in the session's language.
func (s *Session) say(key string, args ...any) string {
	return s.Lang.Sprintf("prompts."+key, args...)
}

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
func (s *Session) helpText(q *referee.Question) (question, commands, rules string, col int) {
	var b strings.Builder
	if q != nil {
		fmt.Fprintf(&b, "%s\n", Named(capital(s.name(q.Actor)), safetext.CleanLines(q.Text)))
		fmt.Fprintln(&b, s.say("help.answer", safetext.Clean(q.AllowedIn(s.Lang))))
		if several := s.severalHint(q); several != "" {
			fmt.Fprintln(&b, several)
		}
		if q.Secret {
			fmt.Fprintln(&b, s.say("help.secret", s.name(q.Actor)))
		}
		if q.Rule != "" {
			fmt.Fprintln(&b, s.say("help.rule", q.Rule))
		}
	}
	question = strings.TrimRight(b.String(), "\n")
	b.Reset()
	fmt.Fprintln(&b, s.say("help.commands"))
	usages := make([]string, len(metaCommands))
	width := 16
	for i, m := range metaCommands {
		usages[i] = s.say("cmd." + m.name + ".usage")
		width = max(width, safetext.Width(usages[i]))
	}
	for i, m := range metaCommands {
		fmt.Fprintf(&b, "  %s%s %s\n", usages[i], strings.Repeat(" ", width-safetext.Width(usages[i])), s.say("cmd."+m.name+".help"))
	}
	if s.inSetup {
		fmt.Fprintln(&b, s.say("help.setup", s.setupCommandsNamed()))
		fmt.Fprintln(&b, s.say("help.setupname"))
	}
	commands = strings.TrimRight(b.String(), "\n")
	if s.Rules != nil && q != nil && q.Rule != "" {
		rules = strings.TrimRight(s.Rules(q.Rule), "\n")
	}
	return safetext.CleanLines(question), commands, safetext.CleanLines(rules), 3 + width
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
		return s.say("help.draws", a, b)
	case q.Kind == referee.Number && q.Max-q.Min < 10 && !s.fe.can().lists:
		return s.say("help.rolls", q.Max, q.Min, q.Max)
	}
	return ""
}

// help explains the current question, the commands and its rule.
func (s *Session) help(q *referee.Question) {
	question, commands, rules, col := s.helpText(q)
	s.fe.show(shown{kind: showHelp, q: q, question: question, commands: commands, refs: rules, col: col})
}

// rules looks up the rules reference.
func (s *Session) rules(query string) {
	text := ""
	switch {
	case s.Rules == nil:
		text = s.say("rules.none")
	case strings.TrimSpace(query) == "":
		text = s.say("rules.usage")
	default:
		text = strings.TrimRight(s.Rules(query), "\n")
		if text == "" {
			text = s.say("rules.nothing", query)
		}
	}
	s.fe.show(shown{kind: showRules, query: query, text: safetext.CleanLines(text)})
}

// end shows the final status.
func (s *Session) end() { s.fe.show(shown{kind: showEnd}) }

// capital starts a name with a capital letter ("the table" -> "The table")
// where it opens a line.
// The catalog check's marks before it are passed over.
func capital(s string) string {
	r := []rune(s)
	for i, c := range r {
		if c != '\u2068' && c != '\u2069' {
			r[i] = unicode.ToUpper(c)
			return string(r)
		}
	}
	return s
}

// isYes reports whether a line means yes, in any language ("y", "yes",
// "j", "ja").
func isYes(line string) bool {
	switch strings.ToLower(strings.TrimSpace(line)) {
	case "y", "yes", "j", "ja":
		return true
	}
	return false
}

// isNo reports whether a line means no, in any language.
func isNo(line string) bool {
	switch strings.ToLower(strings.TrimSpace(line)) {
	case "n", "no", "nein":
		return true
	}
	return false
}
