package site

import (
	"path/filepath"
	"strings"
	"testing"
)

// This file holds the tests of issue 22: symbolic links in the output, as
// the destination and in the source, and what a failed build leaves in the
// spare output.

// TestRelativeSourceLinks: a link inside the site is followed when the
// source is given as a relative path, the default (issue 22, fault 8).
func TestRelativeSourceLinks(t *testing.T) {
	src := writeTree(t, map[string]string{"content/b/p.md": "---\ntitle: P\n---\n\nText of p.\n"})
	symlink(t, "b/p.md", filepath.Join(src, "content", "q.md"))
	t.Chdir(src)
	if _, err := build(t, ".", Options{Dest: "public"}); err != nil {
		t.Fatal(err)
	}
	got := readTree(t, filepath.Join(src, "public"))
	if !strings.Contains(got["q/index.html"], "Text of p.") {
		t.Errorf("q/index.html = %.80q, want the linked page", got["q/index.html"])
	}
}
