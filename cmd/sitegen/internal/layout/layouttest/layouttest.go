// Package layouttest writes source folders for the layout packages' tests.
package layouttest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Write creates the files (slash path -> content; a path ending in "/" is
// an empty folder) in a new temporary folder and returns it.
func Write(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for rel, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if rel[len(rel)-1] == '/' {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// Link makes the symbolic links (slash path under dir -> target) in dir,
// creating their folders; a target starting "OUT/" names a path in the
// folder out (outside the source folder, for the link rule's tests).
func Link(t testing.TB, dir, out string, links map[string]string) {
	t.Helper()
	for link, target := range links {
		if rest, ok := strings.CutPrefix(target, "OUT/"); ok {
			target = filepath.Join(out, filepath.FromSlash(rest))
		}
		p := filepath.Join(dir, filepath.FromSlash(link))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
	}
}
