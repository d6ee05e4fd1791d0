package referee

import "testing"

func TestKeys(t *testing.T) {
	k := NewKeys("a", 3)
	for i, want := range map[int]string{0: "a0", 2: "a2", 3: "a3", 12: "a12", -1: "a-1"} {
		if got := k.Of(i); got != want {
			t.Errorf("Of(%d) = %q, want %q", i, got, want)
		}
	}
	if n := testing.AllocsPerRun(100, func() { _ = k.Of(2) }); n != 0 {
		t.Errorf("a key in the table allocates %v times", n)
	}
}

// BenchmarkKeysOf is the look-up every option's Key makes.
func BenchmarkKeysOf(b *testing.B) {
	k := NewKeys("c", 256)
	var n int
	for i := 0; b.Loop(); i++ {
		n += len(k.Of(i & 255))
	}
	if n == 0 {
		b.Fatal("no keys")
	}
}

// TestKeysAreMadeOnceUnderRace looks keys up from several goroutines at
// once (go test -race finds a table made twice or read while made).
func TestKeysAreMadeOnceUnderRace(t *testing.T) {
	k := NewKeys("r", 8)
	done := make(chan string)
	for i := range 4 {
		go func() { done <- k.Of(i) }()
	}
	for range 4 {
		<-done
	}
	if k.Of(7) != "r7" || len(k.t.keys) != 8 {
		t.Fatalf("table %q", k.t.keys)
	}
}
