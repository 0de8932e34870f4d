package mdbook

import (
	"errors"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestChapterOutsideSrc: mdBook reads a chapter's file relative to the
// source folder, wherever the path leads ("[foo](../README.md)" builds:
// https://github.com/rust-lang/mdBook/issues/172, where mdBook writes
// README.html beside book/ — its output escaping the build folder is
// that bug). https://rust-lang.github.io/mdBook/format/summary.html:
// "Numbered chapters ... [Chapter Title](relative/path/to/markdown.md)
// ... The path is relative to the SUMMARY.md file". sitegen reads such
// a chapter when it is inside the book's folder (where book.toml is) and
// refuses, at SUMMARY.md's line, one outside it, a hidden one, or one
// reached through a symbolic link out of the book.
func TestChapterOutsideSrc(t *testing.T) {
	out := layouttest.Write(t, map[string]string{"secret.md": "# AKIASECRET\n"})
	tests := []struct {
		name    string
		summary string
		links   map[string]string
		home    string
		err     string
	}{
		{"the repository's README as the introduction", "# Summary\n\n[Introduction](../README.md)\n\n- [A](a.md)\n", nil, "../README.md", ""},
		{"a chapter in a folder beside src", "- [A](a.md)\n- [Notes](../notes/n.md)\n", nil, "a.md", ""},
		{"outside the book", "- [A](a.md)\n- [Out](../../x.md)\n", nil, "",
			`src/SUMMARY.md:2:3: chapter "Out": "../../x.md" is outside the book's folder (where book.toml is): sitegen publishes nothing from outside it`},
		{"a hidden file", "- [A](a.md)\n- [Git](../.git/config.md)\n", nil, "",
			`src/SUMMARY.md:2:3: chapter "Git": "../.git/config.md" is a hidden name`},
		{"through a link out of the book", "- [A](a.md)\n- [Linked](../linked.md)\n", map[string]string{"linked.md": "OUT/secret.md"}, "",
			`src/SUMMARY.md:2:3: chapter "Linked": linked.md: symbolic link to OUT/secret.md, outside the site folder`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := layouttest.Write(t, map[string]string{"book.toml": "", "README.md": "# Intro\n", "notes/n.md": "# N\n",
				"src/SUMMARY.md": tt.summary, "src/a.md": "# A\n"})
			layouttest.Link(t, dir, out, tt.links)
			l, err := Recognise(dir)
			if tt.err != "" {
				want := strings.ReplaceAll(tt.err, "OUT/", out+"/")
				var ce *layout.ConfigError
				if !errors.As(err, &ce) || !strings.HasPrefix(err.Error(), want) {
					t.Fatalf("Recognise = %+v, %v; want %s…", l, err, want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if l.Home != tt.home {
				t.Errorf("home %q, want %q", l.Home, tt.home)
			}
		})
	}
}
