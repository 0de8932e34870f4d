package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestFolderSrcRoot: a folder of Markdown that keeps its pages in src/
// beside the README (the sources of a book, the convention of mdBook's
// and GitBook's repositories) is read with src/ as the root of its
// navigation: src/ is not a section of the site, so the pager names no
// "Src" game and the breadcrumbs have no "Src" step. The pages keep the
// paths GitHub shows them at (/src/combat/attacks/), so a link written
// against the repository's tree still leads to the page. A folder of
// another name is a section as before.
func TestFolderSrcRoot(t *testing.T) {
	files := map[string]string{
		"README.md":             "# My SRD\n\nStart with [the introduction](src/intro.md), or see [every file](src/).\n",
		"src/intro.md":          "# Introduction\n\ntext\n",
		"src/combat/README.md":  "# Combat\n\ntext\n",
		"src/combat/attacks.md": "# Attacks\n\ntext\n",
		"rules/README.md":       "# Rules\n\ntext\n",
		"rules/dice.md":         "# Dice\n\ntext\n",
	}
	src := t.TempDir()
	sitetest.WriteFiles(t, src, files)
	dest := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		page       string
		has, lacks []string
	}{
		{"src/combat/attacks/index.html",
			[]string{`<li><a href="/">My SRD</a></li><li><a href="/src/combat/">Combat</a></li><li><span aria-current="page">Attacks</span>`},
			[]string{">Src<", "Src: "}},
		{"src/intro/index.html", nil, []string{">Src<", "Src: "}},
		{"src/combat/index.html", nil, []string{">Src<", "Src: "}},
		// The folder's page, where a link to src/ leads, lists what the
		// root's navigation holds (the stand-in's children are the
		// root's): GitHub shows the folder's files there.
		{"src/index.html",
			[]string{`<ul class="children"><li><a href="/src/combat/">Combat</a>`, `<a href="/src/intro/">Introduction</a>`, `<a href="/rules/">Rules</a>`},
			[]string{`<ul class="children"></ul>`}},
		// A folder not named src is a section of the site.
		{"rules/dice/index.html", []string{`<li><a href="/rules/">Rules</a></li>`}, nil},
	}
	pager := 0
	for _, tt := range tests {
		b, err := os.ReadFile(filepath.Join(dest, tt.page))
		if err != nil {
			t.Fatal(err)
		}
		got := string(b)
		for _, want := range tt.has {
			if !strings.Contains(got, want) {
				t.Errorf("%s lacks %q", tt.page, want)
			}
		}
		for _, bad := range tt.lacks {
			if strings.Contains(got, bad) {
				t.Errorf("%s has %q", tt.page, bad)
			}
		}
		if strings.Contains(got, "Combat: Attacks") || strings.Contains(got, "Rules: Dice") {
			pager++
		}
	}
	// A link to the folder (GitHub shows its files there) still leads
	// to a page: the build above has no broken link.
	if _, err := os.Stat(filepath.Join(dest, "src/index.html")); err != nil {
		t.Errorf("a link to src/ leads nowhere: %v", err)
	}
	if pager == 0 {
		t.Errorf("no pager names a page's game (Combat: Attacks, Rules: Dice)")
	}
}

// TestUpdateFolderSrcRoot: a save that renames a page of the root's
// navigation updates the src/ page's list, which is the root's, as a
// build from nothing shows it.
func TestUpdateFolderSrcRoot(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"README.md":            "# My SRD\n\nSee [every file](src/).\n",
		"src/intro.md":         "# Introduction\n\ntext\n",
		"src/combat/README.md": "# Combat\n\ntext\n",
		"rules/README.md":      "# Rules\n\ntext\n",
	})
	r := startUpdates(t, content.Options{Theme: theme, Source: src}, true)
	r.update(t, map[string]string{"src/intro.md": "# Getting started\n\ntext\n"})
	b, err := os.ReadFile(filepath.Join(r.opts.Dest, "src/index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `<a href="/src/intro/">Getting started</a>`) {
		t.Errorf("src/index.html does not list the new title")
	}
}
