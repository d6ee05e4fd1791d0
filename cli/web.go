package cli

import (
	"fmt"
	"net"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"rumref/journal"
	"rumref/locale"
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
	cmd.Flags().StringVar(&f.addr, "web", "", "")
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
		note = a.lang.Sprintf("cli.web.moved", strconv.Itoa(saved))
	}
	a.pages = &prompts.Pages{
		Join:  func(cols, rows int) string { return joinText(a.lang, srv, cols, rows) },
		Seats: func() string { return seatsText(a.lang, srv, names) },
		Seat:  func(seat, cols, rows int) string { return seatText(a.lang, srv, names, seat, cols, rows) },
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
	if err := out.Pause([]string{joinText(a.lang, srv, prompts.Columns(a.stdout), prompts.Rows(a.stdout))}, a.lang.Sprintf("cli.web.pause")); err != nil {
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
func joinText(l locale.Lang, srv *web.Server, cols, rows int) string {
	u := srv.JoinURL()
	head := l.Sprintf("cli.web.head")
	lines := []string{"  " + l.Sprintf("cli.web.join", u), "  " + l.Sprintf("cli.web.table.shared", srv.TableURL())}
	if safetext.Width(lines[1]) > cols && cols > 0 {
		lines[1] = "  " + l.Sprintf("cli.web.table", srv.TableURL())
	}
	if srv.Loopback() {
		lines = append(lines, l.Sprintf("cli.web.loopback"))
	} else {
		lines = append(lines, l.Sprintf("cli.web.lan"))
	}
	lines = append(lines, l.Sprintf("cli.web.again"))
	used := 1 + 1 // the line above the code, and the prompt below it all
	for _, l := range append([]string{head}, lines...) {
		used += wrappedRows(l, cols)
	}
	code, fits := qr.Fit(u, cols, rows-used)
	if !fits {
		code = l.Sprintf("cli.web.nofit") + "\n"
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
func seatText(l locale.Lang, srv *web.Server, names []string, seat, cols, rows int) string {
	name := safetext.Clean(names[seat])
	head := l.Sprintf("cli.web.seat", name)
	u := srv.SeatURL(seat)
	tail := "  " + name + ": " + u
	code, fits := qr.Fit(u, cols, rows-2-wrappedRows(head, cols)-wrappedRows(tail, cols))
	if !fits {
		code = l.Sprintf("cli.web.seat.nofit", name) + "\n"
	}
	return head + "\n" + code + tail
}

// seatsText lists each seat's own page, for the tables that hand them
// out one by one (the seats command).
func seatsText(l locale.Lang, srv *web.Server, names []string) string {
	var b strings.Builder
	b.WriteString(l.Sprintf("cli.web.seats"))
	for i, n := range names {
		fmt.Fprintf(&b, "\n  %s: %s", safetext.Clean(n), srv.SeatURL(i))
	}
	fmt.Fprintf(&b, "\n  %s\n%s", l.Sprintf("cli.web.table", srv.TableURL()), l.Sprintf("cli.web.instead", srv.JoinURL()))
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
