package web

import (
	"testing"

	"rumref/locale"
)

// TestCheckAddrRefusesWithoutListening: what Listen would refuse or fail
// on for its form is refused by CheckAddr, which listens nowhere.
func TestCheckAddrRefusesWithoutListening(t *testing.T) {
	for _, ok := range []string{":0", "127.0.0.1:0", "0.0.0.0:8080", "localhost:65535", "[::1]:0", "laptop.local:80", "my-box:1"} {
		if err := CheckAddr(locale.English, ok); err != nil {
			t.Errorf("%q refused: %v", ok, err)
		}
	}
	for _, bad := range []string{"", "nonsense", "127.0.0.1", "999.1.1.1:80", "1.2.3:80", "127.0.0.1:65536", ":-1", ":http", "a b:1", "-x:1", "[::g]:1"} {
		if err := CheckAddr(locale.English, bad); err == nil {
			t.Errorf("%q taken", bad)
		}
	}
}
