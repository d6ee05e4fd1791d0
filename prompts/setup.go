package prompts

import (
	"slices"
	"strings"

	"rumref/referee"
)

// setupCommands are the commands that work at a new game's setup
// questions (AskSetup), the one list the help, a refusal and the list's
// menu line name; the others need the game, which begins after these
// questions.
var setupCommands = []string{"help", "rules", "undo", "quit"}

// setupCommandsNamed names the setup commands in a sentence: "help,
// rules, undo and quit".
func (s *Session) setupCommandsNamed() string {
	words := make([]string, len(setupCommands))
	for i, c := range setupCommands {
		words[i] = s.say("cmd." + c + ".word")
	}
	n := len(words)
	return strings.Join(words[:n-1], s.Lang.Sprintf("locale.list.sep")) + s.Lang.Sprintf("locale.list.and") + words[n-1]
}

// setupMenu is the setup commands as a list's menu line names them: undo
// first, as in a game's menu, and only when there is an answer to take
// back.
func (s *Session) setupMenu(takeBack bool) string {
	var words []string
	if takeBack {
		words = append(words, s.say("cmd.undo.word"))
	}
	for _, c := range setupCommands {
		if c != "undo" {
			words = append(words, s.say("cmd."+c+".word"))
		}
	}
	return strings.Join(words, " ")
}

// AskSetup asks e's pending question, one of a new game's setup questions
// (see games.Setup), until e takes an answer. The line typed is read as a
// game's lines are (parseInput): an answer, or a command. help and rules
// work as in a game, quit stops (ErrQuit), and undo returns
// referee.ErrTakeBack so that the setup takes its last typed answer back;
// show, log, peek, setup and correct say that the game begins after these
// questions. A refused answer is reported and the question asked again.
func (s *Session) AskSetup(e *referee.Engine) error {
	q := e.Next()
	if q == nil {
		return nil
	}
	q = s.local(q)
	prev := s.Engine
	s.Engine = e
	defer func() { s.Engine = prev }()
	s.inSetup = true
	defer func() { s.inSetup = false }()
	if s.typedIn != e {
		s.typedIn, s.typed = e, nil
	}
	for n := len(s.typed); n > 0 && s.typed[n-1] >= len(e.Answers()); n-- {
		s.typed = s.typed[:n-1] // taken back
	}
	// check refuses at once, where the front end checks a line as it is
	// typed, an answer the engine would refuse; commands go through.
	check := func(line string) error {
		if parseInput(q, line).kind != answerInput {
			return nil
		}
		_, err := setupKey(q, line)
		return err
	}
	for {
		line, err := s.fe.ask(asking{kind: askSetup, q: q, check: check, takeBack: len(s.typed) > 0})()
		if err != nil {
			return err
		}
		in := parseInput(q, line)
		if s.refuseUnread(q, in) {
			continue
		}
		switch in.kind {
		case metaInput:
			if !slices.Contains(setupCommands, in.cmd) {
				s.reject(q, s.say("setup.notyet", s.say("cmd."+in.cmd+".word"), s.setupCommandsNamed()))
				continue
			}
			switch in.cmd {
			case "undo":
				return referee.ErrTakeBack
			case "quit":
				return ErrQuit
			case "help":
				s.help(q)
			case "rules":
				s.rules(in.arg)
			}
		case answerInput:
			key, err := setupKey(q, line)
			if err == nil {
				err = e.Answer(key)
			}
			if err == nil {
				s.typed = append(s.typed, len(e.Answers())-1)
				return nil
			}
			s.reject(q, s.reason(err))
		}
	}
}
