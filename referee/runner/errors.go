package runner

import "rumref/referee"

// errorf and wrapf are the errors a player reads (referee.Errorf and
// referee.Wrap): a catalog message, rendered in the viewer's language.
var errorf, wrapf = referee.Errorf, referee.Wrap
