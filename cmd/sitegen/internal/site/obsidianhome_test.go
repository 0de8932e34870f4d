package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestObsidianHomepagePlugin: a vault whose Homepage plugin opens a note
// at startup ("By default, Homepage opens a note called `Home` at
// startup, but it can easily be customised",
// https://github.com/mirnovov/obsidian-homepage) has that note as its
// home page; the root's README.md is an ordinary page beside it, and a
// link to the note leads home.
func TestObsidianHomepagePlugin(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		".obsidian/community-plugins.json":     `["homepage"]`,
		".obsidian/plugins/homepage/data.json": `{"version": 4, "homepages": {"Main Homepage": {"value": "GM/Dashboard", "kind": "File"}}}`,
		"README.md":                            "# How to install this vault\n\nCopy it.\n",
		"GM/Dashboard.md":                      "# Dashboard\n\nSee [[Rules]] and [[README]].\n",
		"Rules.md":                             "# Rules\n\nBack to [[Dashboard]].\n",
	})
	dest := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatal(err)
	}
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(dest, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if home := read("index.html"); !strings.Contains(home, "<h1") || !strings.Contains(home, "Dashboard") || strings.Contains(home, "Copy it.") {
		t.Errorf("the home page is not the Homepage plugin's note")
	}
	if rules := read("rules/index.html"); !strings.Contains(rules, `href="/"`) {
		t.Errorf("the link to the home note does not lead home")
	}
	found := false
	_ = filepath.WalkDir(dest, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".html") {
			if b, _ := os.ReadFile(p); strings.Contains(string(b), "Copy it.") {
				found = true
			}
		}
		return nil
	})
	if !found {
		t.Errorf("the README is not published as a page")
	}
}
