package prompts

import "strings"

// teach shows, the first time a rule comes up in this sitting, what it
// means: the Teach lookup's note for the rule ID. It does nothing when
// teaching is off or the rule was explained already.
func (s *Session) teach(rule string) {
	if s.Teach == nil || rule == "" {
		return
	}
	if s.taught == nil {
		s.taught = map[string]bool{}
	}
	if s.taught[rule] {
		return
	}
	s.taught[rule] = true
	note := strings.TrimSpace(s.Teach(rule))
	if note == "" {
		return
	}
	s.info(s.say("teach", rule, note))
}
