package cli

import (
	"runtime/debug"
	"strings"
)

// versionFlag, when a build sets it (go build -ldflags
// "-X rumref/cli.versionFlag=v1.2.0"), is the version --version prints.
var versionFlag string

// version is the rumref version printed by --version and in the man
// page: versionFlag if the build set it, else what the Go toolchain
// recorded in the binary (see versionOf).
func version() string {
	if versionFlag != "" {
		return versionFlag
	}
	info, _ := debug.ReadBuildInfo()
	return versionOf(info)
}

// versionOf reads a version from build information: the module's version
// (a tagged release, or the pseudo-version go build stamps from a
// checkout: v0.0.0-TIME-REVISION, +dirty when files were changed), else
// the VCS revision, time and modified flag, else "devel" (built without
// VCS stamping, as with -buildvcs=false or outside a checkout).
func versionOf(info *debug.BuildInfo) string {
	if info == nil {
		return "devel"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, at string
	dirty := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "devel"
	}
	v := []string{"devel", rev}
	if at != "" {
		v = append(v, at)
	}
	if dirty {
		v = append(v, "(modified)")
	}
	return strings.Join(v, " ")
}
