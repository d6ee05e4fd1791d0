package main

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"rumref/locale"
)

// TestCatalogsHoldEveryMessageInEveryLanguage fails when a message exists
// in one language and not the other, when the two take different
// arguments, or when a plural lacks a form its language needs: every
// package of the binary registers its messages (package main links them
// all).
func TestCatalogsHoldEveryMessageInEveryLanguage(t *testing.T) {
	keys := map[locale.Lang][]string{}
	for _, l := range locale.All {
		if err := locale.Load(l); err != nil {
			t.Fatal(err)
		}
		keys[l] = locale.Keys(l)
	}
	if len(keys[locale.English]) == 0 {
		t.Fatal("no message is registered")
	}
	for _, l := range locale.All {
		for _, o := range locale.All {
			if l == o {
				continue
			}
			for _, k := range keys[l] {
				if _, found := slices.BinarySearch(keys[o], k); !found {
					t.Errorf("%s is in the %s catalog and not in the %s one", k, l, o)
				}
			}
		}
	}
	for _, k := range keys[locale.English] {
		want := verbs(locale.English, k)
		for _, l := range locale.All[1:] {
			if !locale.German.Has(k) {
				continue
			}
			if got := verbs(l, k); got != want {
				t.Errorf("%s takes %s in English and %s in %s", k, want, got, l)
			}
		}
		for _, l := range locale.All {
			if f := locale.Forms(l, k); f != nil && f["one"] == "" {
				t.Errorf("%s in %s is a plural without its one form", k, l)
			}
		}
	}
}

var verb = regexp.MustCompile(`%(?:\[(\d+)\])?[-+# 0]*\d*(?:\.\d+)?([a-zA-Z%])`)

// verbs describes the arguments a message takes: argument number and
// verb kind, in argument order ("1:s 2:d").
func verbs(l locale.Lang, key string) string {
	text, _ := locale.Raw(l, key)
	texts := []string{text}
	if f := locale.Forms(l, key); f != nil {
		texts = texts[:0]
		for _, s := range f {
			texts = append(texts, s)
		}
	}
	args := map[int]string{}
	for _, text := range texts {
		next := 1
		for _, m := range verb.FindAllStringSubmatch(text, -1) {
			if m[2] == "%" {
				continue
			}
			n := next
			if m[1] != "" {
				fmt.Sscan(m[1], &n)
			}
			next = n + 1
			kind := "v"
			switch m[2] {
			case "d":
				kind = "d"
			case "s", "q", "v":
				kind = "s"
			}
			args[n] = kind
		}
	}
	var parts []string
	for n := 1; n <= len(args)+8; n++ {
		if k, ok := args[n]; ok {
			parts = append(parts, fmt.Sprintf("%d:%s", n, k))
		}
	}
	if len(parts) == 0 {
		return "no arguments"
	}
	return strings.Join(parts, " ")
}
