//go:build linux

package web

import (
	"net"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestFloodOfConnectionsLeavesFilesForTheSave: with the file descriptors
// this process may open cut to 1000 more than it has, 600 connections
// that send nothing leave the game answering from the pages and a file
// to save to (the server holds at most 256 of them; before the limit it
// held all 600, and with its clients' 600 the process ran out: in
// rumref the next save failed and the game stopped).
func TestFloodOfConnectionsLeavesFilesForTheSave(t *testing.T) {
	tb := serve(t, "runner", 2, 3)
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &old); err != nil {
		t.Skip(err)
	}
	lim := old
	lim.Cur = uint64(openFDs(t) + 1000)
	if lim.Cur > old.Max {
		t.Skipf("the hard limit %d is below %d", old.Max, lim.Cur)
	}
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Skip(err)
	}
	defer syscall.Setrlimit(syscall.RLIMIT_NOFILE, &old)
	host := strings.TrimPrefix(tb.srv.Base(), "http://")
	for i := range 600 {
		c, err := net.Dial("tcp", host)
		if err != nil {
			t.Fatalf("connection %d: %v", i, err)
		}
		defer c.Close()
	}
	time.Sleep(200 * time.Millisecond) // the server accepts them all
	f, err := os.CreateTemp(t.TempDir(), "save")
	if err != nil {
		t.Fatalf("no file for the save among 600 silent connections: %v (%d files open)", err, openFDs(t))
	}
	f.Close()
	if code, body := tb.post(0, "answer", map[string]any{"step": 0, "answer": tb.answers[0].A}); code != 200 {
		t.Fatalf("an answer among 600 silent connections: %d %s", code, body)
	}
}
