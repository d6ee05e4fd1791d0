package prompts

import (
	"strings"
	"testing"
)

func TestTeachExplainsEachRuleOnce(t *testing.T) {
	r := start(t, Plain, "3\n2\nBLUE\n4")
	asked := map[string]int{}
	r.s.Teach = func(rule string) string {
		asked[rule]++
		if rule == "t.end" {
			return ""
		}
		return "LESSON " + rule
	}
	r.run()
	if r.res != nil {
		t.Fatal(r.res)
	}
	out := r.out.String()
	for _, rule := range []string{"t.setup", "t.roll", "t.ware", "t.pick", "t.count"} {
		if n := strings.Count(out, "LESSON "+rule); n != 1 {
			t.Errorf("rule %s explained %d times, want once:\n%s", rule, n, out)
		}
		if asked[rule] != 1 {
			t.Errorf("rule %s looked up %d times", rule, asked[rule])
		}
	}
	// The lesson for a question comes before the question itself.
	if i, j := strings.Index(out, "LESSON t.roll"), strings.Index(out, "What did you roll?"); i < 0 || j < i {
		t.Errorf("lesson for t.roll not shown before its question:\n%s", out)
	}
	if strings.Contains(out, "LESSON t.end") || strings.Contains(out, "First time here (t.end)") {
		t.Errorf("an empty lesson was shown")
	}
}
