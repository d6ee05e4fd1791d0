package cli

import (
	"fmt"
	"net"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"rumref/journal"
	"rumref/prompts"
	"rumref/qr"
	"rumref/referee"
	"rumref/safetext"
	"rumref/table"
	"rumref/web"
	"rumref/wire"
)

// webFlags are the options of the phones' pages (--web).
type webFlags struct {
	addr      string
	newTokens bool
}

// addWebFlag adds --web to a command that plays a game.
func addWebFlag(cmd *cobra.Command, f *webFlags) {
	cmd.Flags().StringVar(&f.addr, "web", "", "also serve the game to phones and a table screen at HOST:PORT (port 0: a free port; loopback unless a LAN address or 0.0.0.0 is given)")
}

// webTokens are the page tokens of a game played with --web: the ones
// the save keeps, or fresh ones (when it has none or --new-tokens was
// given), which are put in file; changed says the save must be written.
func (a *app) webTokens(file *journal.File, factory referee.Factory) (tokens web.Tokens, changed bool) {
	if a.web.addr == "" {
		return tokens, false
	}
	n := len(factory().PlayerNames())
	if file.Web != nil && !a.web.newTokens {
		tokens = web.Tokens{Table: file.Web.Table, Seats: file.Web.Seats}
	}
	if !tokens.Valid(n) {
		tokens = web.NewTokens(n)
		file.Web = &journal.WebTokens{Table: tokens.Table, Seats: tokens.Seats}
		changed = true
	}
	return tokens, changed
}

// startWeb starts the phones' pages for the game at tbl when --web was
// given: a client of the table beside the laptop, listening where they
// were served before (port saved) when --web asks for any port. The
// caller closes the server when the session ends.
func (a *app) startWeb(mode prompts.Mode, cfg web.Config, tbl *table.Table, tokens web.Tokens, saved int) (*web.Server, error) {
	if a.web.addr == "" {
		return nil, nil
	}
	names := cfg.Names
	hub := web.NewHub(cfg, tbl)
	srv, busy, err := listenAsBefore(a.web.addr, saved, hub, tokens)
	if err != nil {
		hub.Close()
		return nil, err
	}
	go srv.Serve()
	obj := wire.Web{Type: "web", Join: srv.JoinURL(), Table: srv.TableURL(), Seats: []wire.WebSeat{}}
	for i, n := range names {
		obj.Seats = append(obj.Seats, wire.WebSeat{Seat: i, Name: n, URL: srv.SeatURL(i)})
	}
	note := ""
	if busy {
		note = fmt.Sprintf("(Port %d, where the pages were served before, is taken now: the pages moved, so pages left open must scan the code again.)", saved)
	}
	a.pages = &prompts.Pages{
		Join:  func(cols, rows int) string { return joinText(srv, cols, rows) },
		Seats: func() string { return seatsText(srv, names) },
		Seat:  func(seat, cols, rows int) string { return seatText(srv, names, seat, cols, rows) },
	}
	out := a.out(mode)
	if mode == prompts.JSON {
		out.Report(obj, "")
		return srv, nil
	}
	if note != "" {
		out.Say(note)
	}
	// The code comes first, before the board to build and the first
	// question: a terminal waits while the phones join.
	if err := out.Pause([]string{joinText(srv, prompts.Columns(a.stdout), prompts.Rows(a.stdout))}, "Press Enter once the phones have joined (more may join later)."); err != nil {
		srv.Close()
		return nil, err
	}
	return srv, nil
}

// joinText is the join code as the laptop shows it: the code, fitted to
// a screen of cols x rows (0: any) with the lines around it, or where it
// cannot fit, how to show it; the join page's URL, the table page's, and
// the commands that show them again. Each seat's own URL is left to the
// seats command.
func joinText(srv *web.Server, cols, rows int) string {
	u := srv.JoinURL()
	head := "Phones: scan this code (or open the address below) and tap your name."
	lines := []string{"  Join: " + u, "  Table page, for a shared screen: " + srv.TableURL()}
	if safetext.Width(lines[1]) > cols && cols > 0 {
		lines[1] = "  Table page: " + srv.TableURL()
	}
	if srv.Loopback() {
		lines = append(lines, "(This computer only: --web 0.0.0.0:0 serves phones on the same network.)")
	} else {
		lines = append(lines, "(On the local network: whoever has the join code can ask for a seat.)")
	}
	lines = append(lines, "Type phones to show this code again, seats for each seat's own address.")
	used := 1 + 1 // the line above the code, and the prompt below it all
	for _, l := range append([]string{head}, lines...) {
		used += wrappedRows(l, cols)
	}
	code, fits := qr.Fit(u, cols, rows-used)
	if !fits {
		code = "(The join code does not fit this window: make it larger, then type phones to show it.)\n"
	}
	return head + "\n" + code + strings.Join(lines, "\n")
}

// wrappedRows is how many rows text takes on a screen cols wide (0: one).
func wrappedRows(text string, cols int) int {
	if cols <= 1 {
		return 1
	}
	return max(1, len(safetext.Wrap(text, cols-1, "")))
}

// seatText is one seat's own page as a code, for the laptop to hand
// that seat to a phone (seats NAME), fitted as joinText.
func seatText(srv *web.Server, names []string, seat, cols, rows int) string {
	name := safetext.Clean(names[seat])
	head := fmt.Sprintf("%s's own page: only %s scans this code (it shows their secrets).", name, name)
	u := srv.SeatURL(seat)
	tail := "  " + name + ": " + u
	code, fits := qr.Fit(u, cols, rows-2-wrappedRows(head, cols)-wrappedRows(tail, cols))
	if !fits {
		code = fmt.Sprintf("(The code does not fit this window: make it larger, then type seats %s.)\n", name)
	}
	return head + "\n" + code + tail
}

// seatsText lists each seat's own page, for the tables that hand them
// out one by one (the seats command).
func seatsText(srv *web.Server, names []string) string {
	var b strings.Builder
	b.WriteString("Each seat's own page (it shows that player's secrets: give each address to its player only; seats NAME shows one as a code):")
	for i, n := range names {
		fmt.Fprintf(&b, "\n  %s: %s", safetext.Clean(n), srv.SeatURL(i))
	}
	fmt.Fprintf(&b, "\n  Table page: %s\nEvery phone may instead open %s and tap its name.", srv.TableURL(), srv.JoinURL())
	return b.String()
}

// listenAsBefore listens at addr; when its port is 0 ("any") and the
// game's pages were served on port saved before, that port is tried
// first, so the URLs and codes the players have keep working (busy: it
// was taken, and another was picked).
func listenAsBefore(addr string, saved int, hub *web.Hub, tokens web.Tokens) (srv *web.Server, busy bool, err error) {
	host, port, perr := net.SplitHostPort(addr)
	if perr == nil && port == "0" && saved > 0 && saved <= 65535 {
		if srv, err := web.Listen(net.JoinHostPort(host, strconv.Itoa(saved)), hub, tokens); err == nil {
			return srv, false, nil
		}
		busy = true
	}
	srv, err = web.Listen(addr, hub, tokens)
	return srv, busy, err
}
