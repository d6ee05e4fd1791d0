package cli

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// claimSeat takes seat on the join page j as a new device (no cookie):
// the reply's body and whether it was given the seat's cookie.
func claimSeat(t *testing.T, j, seat string) (string, bool) {
	t.Helper()
	req, _ := http.NewRequest("POST", j+"/claim", strings.NewReader(`{"seat":`+seat+`}`))
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	for _, c := range res.Cookies() {
		if c.Name == "rumref_seat" && c.Value != "" {
			return string(b), true
		}
	}
	return string(b), false
}

// TestWebResumedSeatsAreNotFree: a resumed game keeps its tokens, so a
// phone that took a seat before still holds the seat's cookie and opens
// its page; another device tapping that seat on the join page must ask
// its owner, not take it. Before, every seat of a resumed game was free
// on the join page until a page of it connected: the first device to tap
// Ann got her token and her secrets.
func TestWebResumedSeatsAreNotFree(t *testing.T) {
	save, _ := simGame(t, "pirates", 3, 7)
	d := startDriver(t, nil, "resume", save, "--web", "127.0.0.1:0")
	web, _ := webObject(t, d)
	j, _ := web["join"].(string)
	if j == "" {
		t.Fatalf("no join URL: %v", web)
	}
	// New codes: every seat is free; Ann's phone takes hers.
	if b, ok := claimSeat(t, j, "0"); !ok {
		t.Fatalf("a free seat of a game with new codes: %s", b)
	}
	d.send("quit")
	if code := d.finish(); code != exitInterrupted {
		t.Fatalf("quit: exit %d", code)
	}

	d = startDriver(t, nil, "resume", save, "--web", "127.0.0.1:0")
	web, _ = webObject(t, d)
	if web["join"] != j {
		t.Fatalf("the resumed game's join URL %v, before %s", web["join"], j)
	}
	for _, seat := range []string{"0", "1"} {
		b, ok := claimSeat(t, j, seat)
		if ok || !strings.Contains(b, `"pending":true`) {
			t.Errorf("another device tapping seat %s of the resumed game: cookie %v, reply %s", seat, ok, b)
		}
	}
	d.send("quit")
	d.finish()
}
