package sitetest

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWriteFiles(t *testing.T) {
	dir := t.TempDir()
	WriteFiles(t, dir, map[string]string{"a/b/c.md": "x", "d.txt": "y"})
	for name, want := range map[string]string{"a/b/c.md": "x", "d.txt": "y"} {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || string(got) != want {
			t.Errorf("%s: %q, %v", name, got, err)
		}
	}
}
