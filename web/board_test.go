package web

import (
	"encoding/json"
	"encoding/xml"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"rumref/locale"
)

// TestBoardNamesTheViewsAlleys: in every language, with the catalog
// check on and off, the board a page fetches names each alley the view
// names, in the tooltip the page reads it from ("alley N: " and the
// name, cut as app.js renderBoard cuts it), so the page draws the pieces
// where the view puts them.
func TestBoardNamesTheViewsAlleys(t *testing.T) {
	defer locale.SetChecking(false)
	title := regexp.MustCompile(`<title>([^<]*)</title></polyline>`)
	prefix := regexp.MustCompile(`^[^:]*: \x{2069}?`) // app.js renderBoard
	for _, check := range []bool{false, true} {
		locale.SetChecking(check)
		tb := serve(t, "pirates", 3, 11)
		checked := false
		tb.play(func(step int) {
			if checked || step < len(tb.answers)/2 {
				return
			}
			for _, l := range locale.All {
				get := func(path string) []byte {
					res, err := http.Get(tb.url(Table) + path + "?lang=" + l.String())
					if err != nil {
						t.Fatal(err)
					}
					defer res.Body.Close()
					b, _ := io.ReadAll(res.Body)
					return b
				}
				var st struct {
					View struct {
						Alleys []struct{ Alley string } `json:"alleys"`
					} `json:"view"`
				}
				if err := json.Unmarshal(get("/state"), &st); err != nil {
					t.Fatal(err)
				}
				if len(st.View.Alleys) == 0 {
					return
				}
				checked = true
				tips := map[string]bool{}
				for _, m := range title.FindAllStringSubmatch(string(get("/board.svg")), -1) {
					var s struct {
						Text string `xml:",chardata"`
					}
					if err := xml.Unmarshal([]byte("<t>"+m[1]+"</t>"), &s); err != nil {
						t.Fatal(err)
					}
					tips[prefix.ReplaceAllString(s.Text, "")] = true
				}
				for _, a := range st.View.Alleys {
					if !tips[a.Alley] {
						var some []string
						for k := range tips {
							if len(some) < 3 {
								some = append(some, k)
							}
						}
						t.Errorf("%s (check %v): the board names no alley %q (it names %s ...)", l, check, a.Alley, strings.Join(some, ", "))
					}
				}
			}
		})
		if !checked {
			t.Error("no alley was ever taken")
		}
	}
}
