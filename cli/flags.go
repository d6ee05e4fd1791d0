package cli

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"rumref/safetext"
)

// flagError turns a flag value that could not be read into a sentence in
// the user's words: which flag, what was given and what it takes, without
// Go's parser messages (strconv.ParseInt: parsing "abc": invalid syntax)
// or type names.
func flagError(cmd *cobra.Command, err error) error {
	var bad *pflag.InvalidValueError
	if !errors.As(err, &bad) {
		return err
	}
	f := bad.GetFlag()
	flag := "--" + f.Name
	given := strconv.Quote(safetext.Clean(bad.GetValue()))
	typ := f.Value.Type()
	var num *strconv.NumError
	switch {
	case typ == "bool":
		return fmt.Errorf("%s %s is not true or false: write %s alone to turn it on", flag, given, flag)
	case errors.As(err, &num) && errors.Is(num.Err, strconv.ErrRange):
		return fmt.Errorf("%s %s is too large: give a smaller whole number", flag, given)
	case strings.HasPrefix(typ, "uint"):
		return fmt.Errorf("%s %s is not a whole number 0 or more: give one such as %s 3", flag, given, flag)
	case strings.HasPrefix(typ, "int"):
		return fmt.Errorf("%s %s is not a whole number: give one such as %s 3", flag, given, flag)
	}
	return fmt.Errorf("%s %s cannot be used: see rumref %s --help for what %s takes", flag, given, cmd.Name(), flag)
}
