package prompts

import (
	"fmt"
	"strings"
	"unicode"

	"rumref/referee"
	"rumref/safetext"
)

// The methods in this file show things in the session's mode: JSON
// objects in JSON mode, plain (optionally colored) lines otherwise.

// reject says why a line was not taken; the same question is asked again.
func (s *Session) reject(q *referee.Question, why string) {
	id, rule := "", ""
	if q != nil {
		id, rule = q.ID, q.Rule
	}
	why = safetext.CleanLines(why)
	if s.refuseRemote(why) {
		return
	}
	if s.Mode == JSON {
		s.emit(jsonError{Type: "error", Question: id, Rule: rule, Error: why})
		return
	}
	// A rejection names the rule of the question it was given for.
	label := "Not taken: "
	if rule != "" {
		label = "Not taken (" + rule + "): "
	}
	fmt.Fprintln(s.Out, s.pal.bad(label)+why)
}

// info shows a message such as the result of undo.
func (s *Session) info(text string) {
	text = safetext.CleanLines(text)
	if s.Remote != nil {
		s.Remote.Tell(RemoteMessage{Type: "info", Text: text})
	}
	if s.Mode == JSON {
		s.emit(jsonInfo{Type: "info", Text: text})
		return
	}
	fmt.Fprintln(s.Out, s.pal.good(text))
}

// event shows one ruling in the public view with the rule it applied.
func (s *Session) event(ev referee.Event) {
	text := safetext.CleanLines(ev.For(referee.Public))
	if s.Mode == JSON {
		s.emit(jsonEvent{Type: "event", Rule: ev.Rule, Text: text, Step: ev.Step})
		return
	}
	fmt.Fprintln(s.Out, "  * "+text+" "+s.pal.quiet("("+ev.Rule+")"))
}

// status shows the board and status for a viewer.
func (s *Session) status(viewer referee.Viewer) {
	g := s.Engine.Game()
	if s.Mode == JSON {
		s.emit(jsonStatus{Type: "status", Viewer: int(viewer), Text: s.statusText(viewer), View: viewJSON(g.View(viewer))})
		return
	}
	fmt.Fprintln(s.Out, s.pal.heading("Board and status (public view)"))
	fmt.Fprintln(s.Out, strings.TrimRight(s.statusText(viewer), "\n"))
}

// showLog lists the answers and rulings in the public view. Answers are
// numbered as correct expects; secret answers show as "(secret)".
func (s *Session) showLog() {
	log := s.Engine.Log()
	if s.Mode == JSON {
		out := jsonLog{Type: "log", Entries: []any{}}
		n := 0
		for _, e := range log {
			if e.Event != nil {
				text := safetext.CleanLines(e.Event.For(referee.Public))
				if text == "" {
					continue
				}
				out.Entries = append(out.Entries, jsonLogEvent{Kind: "event", Rule: e.Event.Rule, Text: text, Step: e.Event.Step})
				continue
			}
			n++
			a, l, text := safetext.Clean(e.Answer), safetext.Clean(e.Label), safetext.CleanLines(e.Text)
			if e.Secret {
				a, l, text = "(secret)", "(secret)", secretQuestionText
			}
			out.Entries = append(out.Entries, jsonLogAnswer{Kind: "answer", N: n, Question: e.QuestionID, Actor: int(e.Actor),
				ActorName: s.name(e.Actor), Text: text, Answer: a, Label: l, Secret: e.Secret, Rule: e.Rule, Step: e.Step})
		}
		s.emit(out)
		return
	}
	if len(log) == 0 {
		fmt.Fprintln(s.Out, "The log is empty: nothing has been answered yet.")
		return
	}
	fmt.Fprintln(s.Out, s.pal.heading("Game log (public view; answer numbers are what correct expects)"))
	n := 0
	for _, e := range log {
		if e.Event != nil {
			text := safetext.CleanLines(e.Event.For(referee.Public))
			if text != "" {
				fmt.Fprintf(s.Out, "        * %s %s\n", text, s.pal.quiet("("+e.Event.Rule+")"))
			}
			continue
		}
		n++
		rule := ""
		if e.Rule != "" {
			rule = " " + s.pal.quiet("("+e.Rule+")")
		}
		text := safetext.CleanLines(strings.TrimRight(e.Text, " "))
		if e.Secret {
			text = secretQuestionText
		}
		fmt.Fprintf(s.Out, "  %4d. %s: %s -> %s%s\n", n, capital(s.name(e.Actor)), text, safetext.Clean(shownAnswer(e)), rule)
	}
}

// helpText explains the question, the meta commands and the rule.
func (s *Session) helpText(q *referee.Question) (question, commands, rules string) {
	var b strings.Builder
	if q != nil {
		fmt.Fprintf(&b, "%s asks %s: %s\n", q.ID, s.name(q.Actor), safetext.CleanLines(q.Text))
		if numbered(q) {
			fmt.Fprintf(&b, "Answer with %s, or the option's number 1 to %d.\n", q.Allowed(), len(q.Options))
		} else {
			fmt.Fprintf(&b, "Answer with %s.\n", q.Allowed())
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
	commands = strings.TrimRight(b.String(), "\n")
	if s.Rules != nil && q != nil && q.Rule != "" {
		rules = strings.TrimRight(s.Rules(q.Rule), "\n")
	}
	return safetext.CleanLines(question), commands, safetext.CleanLines(rules)
}

// help explains the current question, the commands and its rule.
func (s *Session) help(q *referee.Question) {
	question, commands, rules := s.helpText(q)
	if s.Mode == JSON {
		id := ""
		if q != nil {
			id = q.ID
		}
		s.emit(jsonHelp{Type: "help", Question: id, Text: question, Commands: commands, Rules: rules})
		return
	}
	if question != "" {
		fmt.Fprintln(s.Out, question)
	}
	fmt.Fprintln(s.Out, commands)
	if rules != "" {
		fmt.Fprintln(s.Out, s.pal.heading("From the rules reference:"))
		fmt.Fprintln(s.Out, rules)
	}
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
	text = safetext.CleanLines(text)
	if s.Mode == JSON {
		s.emit(jsonRules{Type: "rules", Query: safetext.Clean(query), Text: text})
		return
	}
	fmt.Fprintln(s.Out, text)
}

// end shows the final status.
func (s *Session) end() {
	g := s.Engine.Game()
	if s.Mode == JSON {
		s.emit(jsonEnd{Type: "end", Status: viewJSON(g.View(referee.Public)), Text: s.statusText(referee.Public), Step: len(s.Engine.Answers())})
		return
	}
	fmt.Fprintln(s.Out, s.pal.heading("The game is over."))
	fmt.Fprintln(s.Out, strings.TrimRight(s.statusText(referee.Public), "\n"))
}

// confirm asks a yes/no question of actor (a player, or the table);
// anything but yes is no.
func (s *Session) confirm(id string, actor referee.Seat, text string) (bool, error) {
	text = safetext.CleanLines(text)
	if s.Remote != nil {
		return s.confirmAny(id, actor, text)
	}
	switch s.Mode {
	case Terminal:
		return s.term.confirm(text)
	case JSON:
		s.emit(jsonConfirm{Type: "confirm", ID: id, Actor: int(actor), ActorName: s.name(actor), Text: text})
	default:
		fmt.Fprintln(s.Out, s.pal.secret(text)+" (yes/no)")
	}
	line, err := s.nextLine()
	if err != nil {
		return false, err
	}
	return isYes(line), nil
}

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
