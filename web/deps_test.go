package web

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestRumrefLinksNetHTTP: the pages are served by net/http, and the
// home-made server they had (internal/httpd) is gone for good.
func TestRumrefLinksNetHTTP(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to list rumref's packages: %v", err)
	}
	out, err := exec.Command(goTool, "list", "-deps", "rumref").Output()
	if err != nil {
		t.Fatalf("go list -deps rumref: %v", err)
	}
	deps := strings.Fields(string(out))
	if !slices.Contains(deps, "rumref/web") || !slices.Contains(deps, "net/http") {
		t.Errorf("go list -deps rumref lists neither rumref/web nor net/http: %q", deps)
	}
	for _, p := range deps {
		if strings.HasPrefix(p, "rumref/internal/httpd") {
			t.Errorf("rumref links %s", p)
		}
	}
}
