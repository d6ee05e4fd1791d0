package cli

import (
	"errors"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"rumref/locale"
	"rumref/safetext"
)

// flagError turns a flag that could not be read into a sentence in the
// user's words and language: which flag, what was given and what it
// takes, without Go's parser messages (strconv.ParseInt: parsing "abc":
// invalid syntax) or type names.
func flagError(l locale.Lang, cmd *cobra.Command, err error) error {
	var unknown *pflag.NotExistError
	var needs *pflag.ValueRequiredError
	var syntax *pflag.InvalidSyntaxError
	var bad *pflag.InvalidValueError
	switch {
	case errors.As(err, &unknown) && unknown.GetSpecifiedShortnames() != "":
		return errorf(l, "cli.flagerr.unknown.short", unknown.GetSpecifiedName()[:1], unknown.GetSpecifiedShortnames())
	case errors.As(err, &unknown):
		return errorf(l, "cli.flagerr.unknown", unknown.GetSpecifiedName())
	case errors.As(err, &needs) && needs.GetSpecifiedShortnames() != "":
		return errorf(l, "cli.flagerr.needs.short", needs.GetSpecifiedName()[:1], needs.GetSpecifiedShortnames())
	case errors.As(err, &needs):
		return errorf(l, "cli.flagerr.needs", needs.GetSpecifiedName())
	case errors.As(err, &syntax):
		return errorf(l, "cli.flagerr.syntax", syntax.GetSpecifiedFlag())
	case !errors.As(err, &bad):
		return err
	}
	f := bad.GetFlag()
	flag := "--" + f.Name
	given := strconv.Quote(safetext.Clean(bad.GetValue()))
	typ := f.Value.Type()
	var num *strconv.NumError
	switch {
	case typ == "bool":
		return errorf(l, "cli.flagerr.bool", flag, given)
	case errors.As(err, &num) && errors.Is(num.Err, strconv.ErrRange):
		return errorf(l, "cli.flagerr.range", flag, given)
	case strings.HasPrefix(typ, "uint"):
		return errorf(l, "cli.flagerr.uint", flag, given)
	case strings.HasPrefix(typ, "int"):
		return errorf(l, "cli.flagerr.int", flag, given)
	}
	return errorf(l, "cli.flagerr.other", flag, given, cmd.Name())
}
