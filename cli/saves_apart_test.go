package cli

import (
	"strings"
	"testing"
	"time"

	"rumref/locale"
)

// TestResumeChoiceTellsSavesApart: rumref resume alone lists today's
// unfinished saves, and two games of the same players saved in the same
// minute read as two lines in both languages: the second each was saved,
// or (the same second too) the file's name.
func TestResumeChoiceTellsSavesApart(t *testing.T) {
	at := time.Now().Truncate(time.Minute) // today, as rumref resume's choice lists
	save := func(path string, saved time.Time) saveInfo {
		return saveInfo{Path: path, Title: "Rum & Pirates", Players: []string{"Ann", "Bo"}, Progress: "round 1 of 5", Saved: saved}
	}
	for _, l := range locale.All {
		saves := []saveInfo{
			save("/s/a.yaml", at.Add(30*time.Second)), save("/s/b.yaml", at.Add(10*time.Second)),
			save("/s/c.yaml", at.Add(10*time.Second)), {Path: "/s/d.yaml", Title: "Rum Runner", Players: []string{"Cy", "Di"}, Saved: at},
		}
		got := describeApart(l, saves)
		seen := map[string]bool{}
		for _, line := range got {
			if seen[line] {
				t.Errorf("%s: two saves read the same: %q in\n%s", l, line, strings.Join(got, "\n"))
			}
			seen[line] = true
		}
		if want := saves[3].describe(l); got[3] != want {
			t.Errorf("%s: a line unlike the others changed: %q, want %q", l, got[3], want)
		}
		if !strings.Contains(got[0], at.Add(30*time.Second).Format("15:04:05")) || strings.Contains(got[0], "a.yaml") ||
			!strings.HasSuffix(got[1], " (b.yaml)") || !strings.HasSuffix(got[2], " (c.yaml)") {
			t.Errorf("%s: the lines are not told apart by the second, then the file:\n%s", l, strings.Join(got, "\n"))
		}
	}
}
