package pirates

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"rumref/locale"
)

// TestEveryKeyIsInTheCatalog reads the rules' Go files for the catalog
// keys they name and checks that the English catalog holds each one (a
// key it lacks would be shown as the key itself).
func TestEveryKeyIsInTheCatalog(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	key := regexp.MustCompile(`"(pirates\.[a-z0-9.-]+[a-z0-9])"`)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range key.FindAllStringSubmatch(string(src), -1) {
			if strings.HasSuffix(m[1], ".") {
				continue
			}
			if !locale.English.Has(m[1]) {
				t.Errorf("%s names %s, which the English catalog lacks", f, m[1])
			}
		}
	}
}
