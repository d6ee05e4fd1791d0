package cli

import (
	"fmt"
	"net"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"rumref/journal"
	"rumref/prompts"
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
	obj := wire.Web{Type: "web", Table: srv.TableURL(), Seats: []wire.WebSeat{}}
	for i, n := range names {
		obj.Seats = append(obj.Seats, wire.WebSeat{Seat: i, Name: n, URL: srv.SeatURL(i)})
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Phones: each player opens their own page (scan the code); the table page is for a shared screen.\n")
	if busy {
		fmt.Fprintf(&b, "(Port %d, where the pages were served before, is taken now: the pages moved to the URLs below, so pages left open must scan their code again.)\n", saved)
	}
	if srv.Loopback() {
		fmt.Fprintf(&b, "(Listening on this computer only: start with --web 0.0.0.0:0 for phones on the same network.)\n")
	} else {
		fmt.Fprintf(&b, "Listening on the local network at %s. Anyone on this network who has a page's URL can open it: keep the URLs to their players.\n", strings.Join(srv.Bases(), ", "))
	}
	fmt.Fprintf(&b, "  Table: %s\n", srv.TableURL())
	for i, n := range names {
		fmt.Fprintf(&b, "  %s: %s\n", safetext.Clean(n), srv.SeatURL(i))
	}
	for i, n := range names {
		fmt.Fprintf(&b, "\n%s's page:\n%s", safetext.Clean(n), web.QRText(srv.SeatURL(i)))
	}
	a.out(mode).Report(obj, strings.TrimRight(b.String(), "\n"))
	return srv, nil
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
