package catalogcheck

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// Open is what is known to be left to translate on a front end in a
// language: the findings of the last run that are not fixed yet, read
// from a file of the test's (testdata/catalog_open.txt), one a line as
// "FRONT LANG<TAB>TEXT" ("plain de<TAB>board"; "#" begins a comment). A
// finding is known when every word of it is a word of the known texts
// (a text seen on a page depends on when the page was read; its words
// do not), so a text that brings a new word fails the test. Take lines
// out as texts come into the catalog: a line no finding uses any more is
// reported.
type Open struct {
	texts []string
	words map[string]bool
	used  map[string]bool
}

// ReadOpen reads the known findings of frontEnd in lang from path; a
// missing file knows none.
func ReadOpen(path, frontEnd, lang string) (*Open, error) {
	o := &Open{words: map[string]bool{}, used: map[string]bool{}}
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return o, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		head, text, ok := strings.Cut(sc.Text(), "\t")
		if !ok || strings.HasPrefix(head, "#") || head != frontEnd+" "+lang {
			continue
		}
		o.texts = append(o.texts, text)
		for _, w := range words(text) {
			o.words[strings.ToLower(w)] = true
		}
	}
	return o, sc.Err()
}

// Known reports whether every word of a finding's text (a missing key's
// key) is a word of the known texts.
func (o *Open) Known(f Finding) bool {
	text := f.Text
	if f.Kind == Missing {
		text = "MISSING " + f.Key
	}
	ws := words(text)
	for _, w := range ws {
		if !o.words[strings.ToLower(w)] {
			return false
		}
	}
	for _, w := range ws {
		o.used[strings.ToLower(w)] = true
	}
	return true
}

// Stale lists the known texts none of whose words a finding used.
func (o *Open) Stale() []string {
	var out []string
	for _, t := range o.texts {
		used := false
		for _, w := range words(t) {
			used = used || o.used[strings.ToLower(w)]
		}
		if !used {
			out = append(out, t)
		}
	}
	return out
}

// ReportNew is Report for the findings open does not know: it fails t
// with each (the first max), logs how many known ones are left and the
// known texts no longer seen, and returns the new and the known counts.
func (s *Scanner) ReportNew(t testing.TB, open *Open, max int) (fresh, known int) {
	t.Helper()
	for _, f := range s.Findings() {
		if open.Known(f) {
			known++
			continue
		}
		fresh++
		if max == 0 || fresh <= max {
			t.Errorf("%s", f)
		}
	}
	if max > 0 && fresh > max {
		t.Errorf("... and %d more findings", fresh-max)
	}
	if s.marked == 0 && s.scanned > 0 {
		t.Errorf("none of the %d texts scanned holds a catalog mark: was the catalog check on (RUMREF_LOCALE_CHECK=1)?", s.scanned)
	}
	if known > 0 {
		t.Logf("%d findings still open (testdata/catalog_open.txt)", known)
	}
	if st := open.Stale(); len(st) > 0 {
		t.Logf("%d texts of testdata/catalog_open.txt are no longer seen: take them out: %q", len(st), st)
	}
	return fresh, known
}
