// Command rumref is a table-side referee and rules assistant for two
// pirate board games played with the real boxes: Rum & Pirates and Rum
// Runner. Players roll their own dice and draw their own tiles and cards,
// then tell rumref what happened; rumref knows the rules and the state,
// offers only legal choices, saves after every answer and scores the end.
// The commands are in package cli.
package main

import "rumref/cli"

func main() { cli.Main() }
