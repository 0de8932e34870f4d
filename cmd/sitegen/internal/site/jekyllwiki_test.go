package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestJekyllWikilinkFileName checks that a Jekyll wikilink names a note
// by its file name read with its dashes and underscores as spaces, as the
// digital garden template's _plugins/bidirectional_links_generator.rb
// does (https://github.com/maximevaillancourt/digital-garden-jekyll-template:
// the file name's pattern is "Regexp.escape(File.basename(…)).gsub('\_',
// '[ _]').gsub('\-', '[ -]')", matched case-insensitively, beside the
// note's title): its own notes write [[Your first note]] and
// [[your first note]] for _notes/your-first-note.md, titled "Your first
// seed".
func TestJekyllWikilinkFileName(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"_config.yml":               "title: G\ncollections:\n  notes:\n    output: true\n    permalink: /:slug\n",
		"_notes/your-first-note.md": "---\ntitle: Your first seed\n---\nHello.\n",
		"_notes/my_other_note.md":   "---\ntitle: Other\n---\nHi.\n",
		"index.md":                  "---\ntitle: Home\n---\nSee [[Your first note]], [[your first note|this]], [[Your first seed]] and [[my other note]].\n",
	})
	dest := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(dest, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	html := string(raw)
	if n := strings.Count(html, `href="/your-first-note.html"`); n < 3 {
		t.Errorf("%d links to /your-first-note.html, want 3:\n%s", n, html)
	}
	if !strings.Contains(html, `href="/my-other-note.html"`) {
		t.Errorf("no link to /my-other-note.html:\n%s", html)
	}
}
