package web

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestRumrefDoesNotLinkNetHTTP: the rumref binary links neither net/http
// nor crypto/tls or crypto/x509. Their package initialisation ran at
// every start of rumref, for the phones' pages, until the pages moved to
// internal/httpd; this keeps it from coming back with a new import
// (tests, bench/webbench and other binaries may still use net/http).
func TestRumrefDoesNotLinkNetHTTP(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to list rumref's packages: %v", err)
	}
	for _, cgo := range []string{"0", "1"} {
		cmd := exec.Command(goTool, "list", "-deps", "rumref")
		cmd.Env = append(cmd.Environ(), "CGO_ENABLED="+cgo)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list -deps rumref: %v", err)
		}
		deps := strings.Fields(string(out))
		if len(deps) < 50 || !slices.Contains(deps, "rumref/web") || !slices.Contains(deps, "rumref/internal/httpd") {
			t.Fatalf("go list -deps rumref (CGO_ENABLED=%s) does not list rumref's packages: %q", cgo, deps)
		}
		for _, p := range deps {
			if p == "net/http" || strings.HasPrefix(p, "net/http/") || p == "crypto/tls" || p == "crypto/x509" {
				t.Errorf("rumref links %s again (CGO_ENABLED=%s); see `go list -deps -f '{{.ImportPath}}: {{.Imports}}' rumref` for who imports it", p, cgo)
			}
		}
	}
}
