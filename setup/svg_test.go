package setup

import (
	"bytes"
	"encoding/xml"
	"testing"
)

// svgTextCases are texts with every character svgText escapes, invalid
// UTF-8 and characters XML does not allow.
var svgTextCases = []string{
	"", "plain", `Rum & Pirates <board> "1" 'a'`, "tab\there\nnew\rline",
	"\x00\x01\x1f ctrl", "bad \xff\xfe utf-8", "\uFFFD real replacement", "\uFFFE\uFFFF",
	"surrogate-ish \xed\xa0\x80", "é ü ✓ 𝄞", "&amp; already", "1-2-3/4-5-6/7-8-9",
}

// TestSVGTextIsXMLEscapeText: svgText writes what encoding/xml's
// EscapeText writes.
func TestSVGTextIsXMLEscapeText(t *testing.T) {
	for _, s := range svgTextCases {
		checkSVGText(t, s)
	}
}

func FuzzSVGText(f *testing.F) {
	for _, s := range svgTextCases {
		f.Add(s)
	}
	f.Fuzz(checkSVGText)
}

func checkSVGText(t *testing.T, s string) {
	var got, want bytes.Buffer
	svgText(&got, s)
	if err := xml.EscapeText(&want, []byte(s)); err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() {
		t.Errorf("svgText(%q) = %q, encoding/xml writes %q", s, got.String(), want.String())
	}
}
