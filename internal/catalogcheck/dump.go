package catalogcheck

import (
	"encoding/json"
	"os"

	"rumref/locale"
)

// FindingsEnv names the file (JSON Lines) the tests append their
// findings to when it is set, for a report of what is left to translate
// across packages: RUMREF_CATALOG_FINDINGS=/tmp/f.jsonl go test -run Catalog ./cli ./web
const FindingsEnv = "RUMREF_CATALOG_FINDINGS"

// Dump appends s's findings, of a game in lang on frontEnd, to the file
// FindingsEnv names; it does nothing when the variable is not set.
func Dump(s *Scanner, lang locale.Lang, frontEnd string) error {
	var rows []map[string]any
	for _, f := range s.Findings() {
		rows = append(rows, map[string]any{"lang": lang.String(), "front": frontEnd, "kind": f.Kind.String(), "key": f.Key,
			"text": f.Text, "where": f.Where, "line": f.Line, "count": f.Count})
	}
	return dump(rows)
}

// DumpLines appends findings of another check (kind: "wide line", "cut
// word"), one a line, as Dump does.
func DumpLines(lang locale.Lang, frontEnd, kind string, lines map[string]bool) error {
	var rows []map[string]any
	for l := range lines {
		rows = append(rows, map[string]any{"lang": lang.String(), "front": frontEnd, "kind": kind, "text": l, "line": l, "count": 1})
	}
	return dump(rows)
}

func dump(rows []map[string]any) error {
	path := os.Getenv(FindingsEnv)
	if path == "" || len(rows) == 0 {
		return nil
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(f)
	for _, r := range rows {
		if err := enc.Encode(r); err != nil {
			f.Close()
			return err
		}
	}
	return f.Close()
}
