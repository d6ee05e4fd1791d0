package web

import (
	"crypto/sha256"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"slices"
	"strings"
	"time"

	"rumref/locale"
	"rumref/qr"
	"rumref/referee"
	"rumref/table"
	"rumref/wire"
)

// Joining with one code
//
// Every phone opens one URL, the join page (http://HOST:PORT/JOIN, its
// QR code on the laptop and the table page). It lists the seats: a free
// seat is taken with a tap, and the browser is bound to it by a cookie
// holding the seat's token (HttpOnly, SameSite=Strict, its path the
// join page's), so the same URL opens that seat's page from then on. A
// seat another device has taken needs its owner's yes (the table's
// confirmation, Table.AskJoin); until then the device asking is told
// nothing but that it waits. The join page, the table page, their state
// and streams carry no seat's token: each seat's own URL is printed at
// the laptop only (the seats command, the JSON web object).

// joinLen is the length of the join token: 50 bits, enough against
// guessing on a local network, and a URL short enough for a small QR
// code (35 characters for a LAN address with a 5-digit port).
const joinLen = 10

// Join is the join page's token. It is made from the table's token, so
// the save keeps it with the others and a resumed game keeps its code;
// it tells nothing of the table's token.
func (t Tokens) Join() string {
	sum := sha256.Sum256([]byte("rumref join page\x00" + t.Table))
	return tokenEncoding.EncodeToString(sum[:])[:joinLen]
}

// The cookies of the join page.
const (
	// seatCookie holds the seat's token of the browser that took it.
	seatCookie = "rumref_seat"
	// deviceCookie tells one browser from another (two tabs of a phone
	// are one device, two phones behind one address are two).
	deviceCookie = "rumref_device"
	// askCookie names the request of a browser that asked for a taken
	// seat.
	askCookie = "rumref_ask"
	// seatCookieAge keeps a seat across a long game, stopped and
	// resumed another day.
	seatCookieAge = 30 * 24 * time.Hour
	// maxAsks bounds the requests kept at once.
	maxAsks = 64
)

// JoinURL is the join page's URL: the one code every phone opens.
func (s *Server) JoinURL() string { return s.Base() + "/" + s.join }

// cookie makes one of the join page's cookies (maxAge < 0 deletes it).
func (s *Server) cookie(name, value string, maxAge time.Duration) *http.Cookie {
	c := &http.Cookie{Name: name, Value: value, Path: "/" + s.join, HttpOnly: true, SameSite: http.SameSiteStrictMode}
	if maxAge < 0 {
		c.MaxAge = -1
	} else {
		c.MaxAge = int(maxAge / time.Second)
	}
	return c
}

// seatOf is the seat whose token the request's cookie holds.
func (s *Server) seatOf(r *http.Request) (referee.Viewer, bool) {
	for _, c := range r.CookiesNamed(seatCookie) {
		if v, ok := s.tokens.viewerOf(c.Value); ok && v != Table {
			return v, true
		}
	}
	return 0, false
}

// joinRoute serves the join page's URL: the join page, or with a seat's
// cookie that seat's page and everything under it.
func (s *Server) joinRoute(w http.ResponseWriter, r *http.Request, rest string) {
	v, mine := s.seatOf(r)
	switch r.Method + " " + rest {
	case "GET ":
		if _, err := r.Cookie(deviceCookie); err != nil {
			http.SetCookie(w, s.cookie(deviceCookie, newToken(), seatCookieAge))
		}
		if mine {
			s.page(w, r, v)
			return
		}
		s.template(w, r, http.StatusOK, "join.html")
	case "GET seats":
		s.joinState(w, r, v, mine)
	case "POST claim":
		s.claim(w, r, v, mine)
	default:
		if !mine {
			refuse(w, r, http.StatusForbidden, "web.refused.noseat")
			return
		}
		s.route(w, r, v, rest)
	}
}

// joinState is the join page's state (GET J/seats). A browser whose
// request was answered yes is given the seat's cookie here.
func (s *Server) joinState(w http.ResponseWriter, r *http.Request, v referee.Viewer, mine bool) {
	l := langOf(r)
	out := wire.JoinState{Type: "join", Title: s.hub.title(l), Mine: -1, Asked: -1}
	if mine {
		out.Mine = int(v)
	}
	if c, err := r.Cookie(askCookie); err == nil {
		seat, state, found := s.hub.takeAsk(c.Value)
		name := ""
		if found {
			name = s.hub.name(referee.Viewer(seat), l)
		}
		switch {
		case !found:
			http.SetCookie(w, s.cookie(askCookie, "", -1))
		case state == askWaiting:
			out.Asked = seat
			out.Text = l.Sprintf("web.join.waiting", name)
		case state == askYes:
			http.SetCookie(w, s.cookie(seatCookie, s.tokens.Seats[seat], seatCookieAge))
			http.SetCookie(w, s.cookie(askCookie, "", -1))
			out.Mine = seat
			out.Text = l.Sprintf("web.join.yes", name)
		default:
			http.SetCookie(w, s.cookie(askCookie, "", -1))
			out.Text = l.Sprintf("web.join.no", name)
		}
	}
	out.Seats = s.hub.Seats(l)
	writeJSON(w, http.StatusOK, out)
}

// claim takes a free seat for this browser, or asks the owner of a
// taken one (POST J/claim).
func (s *Server) claim(w http.ResponseWriter, r *http.Request, v referee.Viewer, mine bool) {
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		refuse(w, r, http.StatusUnsupportedMediaType, "web.refused.json")
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	var c wire.Claim
	dec := json.NewDecoder(strings.NewReader(string(body)))
	dec.DisallowUnknownFields()
	if err != nil || dec.Decode(&c) != nil {
		httpError(w, r, http.StatusBadRequest, "web.refused.claim")
		return
	}
	if c.Seat < 0 || c.Seat >= len(s.tokens.Seats) {
		httpError(w, r, http.StatusUnprocessableEntity, "web.refused.seat")
		return
	}
	l := langOf(r)
	seat := referee.Seat(c.Seat)
	name := s.hub.name(referee.Viewer(seat), l)
	if mine && int(v) == c.Seat {
		writeJSON(w, http.StatusOK, wire.Reply{OK: true, Text: l.Sprintf("web.join.already", name)})
		return
	}
	if s.hub.over() {
		httpError(w, r, http.StatusGone, "web.refused.over")
		return
	}
	if s.hub.takeFree(seat) {
		http.SetCookie(w, s.cookie(seatCookie, s.tokens.Seats[c.Seat], seatCookieAge))
		writeJSON(w, http.StatusOK, wire.Reply{OK: true, Text: l.Sprintf("web.join.now", name)})
		return
	}
	id, ok := s.hub.newAsk(seat)
	if !ok {
		httpError(w, r, http.StatusTooManyRequests, "web.refused.asks")
		return
	}
	rep := s.hub.table.AskJoin(seat, deviceOf(r.UserAgent()).In(l), l, func(yes bool) { s.hub.answerAsk(id, yes) })
	if rep.Code != table.Pending {
		s.hub.answerAsk(id, false)
		writeJSON(w, http.StatusConflict, wire.Reply{Error: rep.Text})
		return
	}
	http.SetCookie(w, s.cookie(askCookie, id, time.Hour))
	writeJSON(w, http.StatusOK, wire.Reply{OK: true, Pending: true, Text: rep.Text})
}

// The states of a request for a taken seat.
const (
	askWaiting = iota
	askYes
	askNo
)

// joinAsk is a request for a taken seat.
type joinAsk struct {
	seat  int
	state int
	made  time.Time
}

// newAsk keeps a new request for seat and returns its ID.
func (h *Hub) newAsk(seat referee.Seat) (string, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.asks == nil {
		h.asks = map[string]*joinAsk{}
	}
	if len(h.asks) >= maxAsks {
		for id, a := range h.asks {
			if a.state != askWaiting || time.Since(a.made) > time.Hour {
				delete(h.asks, id)
			}
		}
		if len(h.asks) >= maxAsks {
			return "", false
		}
	}
	id := newToken()
	h.asks[id] = &joinAsk{seat: int(seat), made: time.Now()}
	return id, true
}

// answerAsk records the owner's answer to request id.
func (h *Hub) answerAsk(id string, yes bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if a := h.asks[id]; a != nil && a.state == askWaiting {
		a.state = askNo
		if yes {
			a.state = askYes
		}
	}
}

// takeAsk reports request id's seat and state; an answered request is
// forgotten once its browser has been told.
func (h *Hub) takeAsk(id string) (seat, state int, found bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	a := h.asks[id]
	if a == nil {
		return 0, 0, false
	}
	if a.state != askWaiting {
		delete(h.asks, id)
		if a.state == askYes {
			h.taken[a.seat] = true
		}
	}
	return a.seat, a.state, true
}

// over reports whether the game is over (its end shown, not undone
// since) or has stopped: no seat is taken then.
func (h *Hub) over() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	vw := h.viewers[seen{Table, locale.English}]
	return h.stopped || vw != nil && vw.end != nil
}

// takeFree takes seat for a browser when no device has it.
func (h *Hub) takeFree(seat referee.Seat) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	i := int(seat)
	if h.taken[i] || len(h.clients[i+1]) > 0 {
		return false
	}
	h.taken[i] = true
	h.publishSeats()
	return true
}

// seats are the seats and their devices now, in l. Called with h.mu
// held.
func (h *Hub) seats(l locale.Lang) []wire.JoinSeat {
	out := []wire.JoinSeat{}
	for i, n := range h.cfg.Names {
		js := wire.JoinSeat{Seat: i, Name: n, Taken: h.taken[i], Devices: []string{}}
		seen := map[string]bool{}
		for _, c := range h.clients[i+1] {
			if k := c.key; !seen[k] {
				seen[k] = true
				js.Devices = append(js.Devices, c.device.In(l))
			}
		}
		out = append(out, js)
	}
	return out
}

// Seats are the seats and the devices with their pages open now, in l.
func (h *Hub) Seats(l locale.Lang) []wire.JoinSeat {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.seats(l)
}

// publishSeats sends every viewer the seats, in its language, when they
// changed. Called with h.mu held.
func (h *Hub) publishSeats() {
	for _, l := range locale.All {
		var b []byte
		for k, vw := range h.viewers {
			if k.l != l {
				continue
			}
			if b == nil {
				b = mustJSON(wire.Seats{Type: "seats", Seats: h.seats(l)})
				if string(b) == string(h.lastSeats[l]) {
					break
				}
				h.lastSeats[l] = b
			}
			h.publish(vw, b)
		}
	}
}

// joinCode is the join code for the table page (GET TABLE/join).
func (s *Server) joinCode(w http.ResponseWriter) {
	u := s.JoinURL()
	writeJSON(w, http.StatusOK, wire.Join{URL: u, QR: qr.SVG(u)})
}

// deviceKey tells the browser of r from others: its device cookie, or
// its address and User-Agent.
func deviceKey(r *http.Request) string {
	if c, err := r.Cookie(deviceCookie); err == nil && c.Value != "" {
		return "cookie " + c.Value
	}
	return clientAddr(r) + " " + r.UserAgent()
}

// agent is a browser as its User-Agent tells it: the kind of device (a
// catalog key's end) and the browser's name ("" when not known).
type agent struct{ kind, browser string }

// In describes the device in a few words in l, for the players to tell
// their devices apart: the kind of device and the browser ("Android
// phone, Chrome"). Only these fixed words are ever shown, never the
// header itself.
func (d agent) In(l locale.Lang) string {
	kind := l.Sprintf("web.device." + d.kind)
	if d.browser == "" {
		return kind
	}
	return l.Sprintf("web.device.browser", kind, d.browser)
}

// deviceOf reads a browser's User-Agent.
func deviceOf(ua string) agent {
	return agent{first(ua, kinds, "other"), first(ua, browsers, "")}
}

// kinds and browsers are what a User-Agent holds (any of the words after
// the first, each a "|"-separated list; "Android&Mobile": both) for each
// kind of device and browser, the first that fits winning.
var (
	kinds    = []string{"iphone=iPhone", "ipad=iPad", "android-phone=Android&Mobile", "android-tablet=Android", "chromebook=CrOS", "windows=Windows", "mac=Macintosh", "linux=Linux|X11"}
	browsers = []string{"Firefox=Firefox/|FxiOS/", "Edge=Edg/|EdgA/|EdgiOS/", "Opera=OPR/|Opera", "Samsung Internet=SamsungBrowser/", "Chrome=Chrome/|CriOS/|Chromium/", "Safari=Safari/"}
)

// first is the name of the first of table whose words ua holds, else none.
func first(ua string, table []string, none string) string {
	for _, e := range table {
		name, words, _ := strings.Cut(e, "=")
		for _, w := range strings.Split(words, "|") {
			if !slices.ContainsFunc(strings.Split(w, "&"), func(x string) bool { return !strings.Contains(ua, x) }) {
				return name
			}
		}
	}
	return none
}
