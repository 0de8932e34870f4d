package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestHugoUntitledPage checks a Hugo page without a front matter title
// as hugo 0.111 shows it: its .Title and .LinkTitle are empty (measured:
// "[{{ .Title }}]" renders "[]" for content/characters/plain-page.md and
// for character-1.md, whose text starts with "# Character 1"), so no
// title is shown above its text (plasterbrain/fictionwiki's "Character
// 1" had a title made from its file's name that Hugo does not show); the
// leading heading, which Hugo shows in the text, is the page's heading,
// once. The navigation still labels each page (by its file's name).
func TestHugoUntitledPage(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"hugo.toml":                         "title = \"H\"\nbaseURL = \"https://h.test/\"\n",
		"content/characters/_index.md":      "---\ntitle: Characters\n---\n",
		"content/characters/character-1.md": "---\ndate: 2021-01-01\n---\n# Character 1\n\ntext\n",
		"content/characters/plain-page.md":  "no front matter at all\n",
		"content/characters/titled.md":      "---\ntitle: Titled\n---\nbody\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
		t.Fatal(err)
	}
	tree := readTree(t, out)
	for page, want := range map[string]int{ // <h1> elements
		"characters/plain-page/index.html":  0,
		"characters/character-1/index.html": 1,
		"characters/titled/index.html":      1,
	} {
		if got := strings.Count(tree[page], "<h1"); got != want {
			t.Errorf("%s: %d <h1>, want %d", page, got, want)
		}
	}
	if !strings.Contains(tree["characters/character-1/index.html"], ">Character 1</h1>") {
		t.Errorf("character-1: its heading is not shown")
	}
	if !strings.Contains(tree["characters/index.html"], ">Plain page<") {
		t.Errorf("the navigation does not label plain-page")
	}
}
