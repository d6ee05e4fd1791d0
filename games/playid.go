package games

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"rumref/journal"
)

// PlayID is the play logger's ID of the game saved in f (BG Stats'
// sourcePlayId), made from what never changes in a save once its game
// began: the game, the moment it began (started:) and the players' names
// in seat order. The end of the game, a second scan of its code and
// rumref score of the save all give the same ID, so the logger keeps one
// play. A save without started: gets one at its first session (cli's
// startClock), before any link is made.
func PlayID(f *journal.File, names []string) string {
	return hashID(append([]string{"save", f.Game, f.Started}, names...))
}

// SheetPlayID is the play logger's ID of a game scored from a score
// sheet: made from what the sheet says (each player's name and tiles, as
// parsed), so the same sheet scored again gives the same ID however it
// is laid out.
func SheetPlayID(parts []string) string {
	return hashID(append([]string{"sheet"}, parts...))
}

// hashID is "rumref-" and the first 16 bytes of the SHA-256 of parts, in
// hex (parts are joined by a byte no name holds).
func hashID(parts []string) string {
	sum := sha256.Sum256([]byte(strings.Join(parts, "\x00")))
	return "rumref-" + hex.EncodeToString(sum[:16])
}
