package site

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestBinaryID: the build cache knows a sitegen binary by its build ID,
// not by its path, size and time: two binaries of equal size and time
// (cp -p keeps the time) but other build IDs have other prints, so the
// cache of one is never taken by the other (cachePrints.differs: another
// sitegen binary); the same binary at another path has the same print.
func TestBinaryID(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Skip("no executable:", err)
	}
	self, err := os.ReadFile(exe)
	if err != nil {
		t.Fatal(err)
	}
	id := elfBuildID(exe)
	if id == "" {
		t.Fatalf("the test binary %s has no Go build ID note", exe)
	}
	// The same binary with one character of its build ID changed: same
	// size, same time.
	other := bytes.Replace(self, []byte(id), []byte(flipFirst(id)), 1)
	if bytes.Equal(other, self) {
		t.Fatal("the build ID was not found in the binary's bytes")
	}
	textA := append([]byte("MZ\x00\x00 header\xff Go build ID: \"abc/def\"\n \xff"), make([]byte, 64)...)
	textB := append([]byte("MZ\x00\x00 header\xff Go build ID: \"abc/deg\"\n \xff"), make([]byte, 64)...)
	plainA, plainB := []byte("no build id here, 1"), []byte("no build id here, 2")
	for _, tc := range []struct {
		name string
		a, b []byte
		same bool
	}{
		{"ELF note: other build IDs", self, other, false},
		{"ELF note: the same binary copied elsewhere", self, self, true},
		{"text build ID: others", textA, textB, false},
		{"text build ID: the same", textA, textA, true},
		{"no build ID: the whole file's hash differs", plainA, plainB, false},
		{"no build ID: the same bytes", plainA, plainA, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			when := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
			pa, pb := filepath.Join(dir, "a", "sitegen"), filepath.Join(dir, "b", "sitegen")
			for _, f := range []struct {
				path string
				data []byte
			}{{pa, tc.a}, {pb, tc.b}} {
				if err := os.MkdirAll(filepath.Dir(f.path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(f.path, f.data, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.Chtimes(f.path, when, when); err != nil {
					t.Fatal(err)
				}
			}
			a, err := binaryID(pa)
			if err != nil {
				t.Fatal(err)
			}
			b, err := binaryID(pb)
			if err != nil {
				t.Fatal(err)
			}
			if (a == b) != tc.same {
				t.Errorf("binaryID: %q and %q, want same=%t", a, b, tc.same)
			}
			pr := cachePrints{Format: buildCacheFormat, Binary: a}
			if got := pr.differs(cachePrints{Format: buildCacheFormat, Binary: b}); (got == "") != tc.same {
				t.Errorf("differs = %q, want same=%t", got, tc.same)
			}
		})
	}
}

// flipFirst changes the first character of s to another of its kind.
func flipFirst(s string) string {
	c := byte('a')
	if s[0] == 'a' {
		c = 'b'
	}
	return string(c) + s[1:]
}
