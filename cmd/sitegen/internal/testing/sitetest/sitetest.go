// Package sitetest holds helpers the sitegen tests share.
package sitetest

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// WriteFiles writes files (slash-separated path relative to dir → text)
// under dir, creating folders as needed, and fails the test on an error.
func WriteFiles(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// CPUTime is the process's user and system CPU time so far (0 where
// getrusage fails): benchmarks report CPU a loop from it, steadier than
// the wall time on a busy machine.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
