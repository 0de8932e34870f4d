package site

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestJekyllHomeMovedAway: Jekyll writes each page at its permalink ("the
// permalink ... is the output path", https://jekyllrb.com/docs/permalinks/),
// so where index.md moves away (permalink: index2.html) and another page
// takes permalink: index.html (or /), that page is the site's home: it is
// what / shows, and the breadcrumbs start at it, with its title
// (kaiser-rpg/KaiserRPG.github.io: the intro page at /, breadcrumbs that
// started "Getting started with the Documentation Theme for Jekyll", the
// moved index.md's title, linking /index2.html).
func TestJekyllHomeMovedAway(t *testing.T) {
	crumb := regexp.MustCompile(`aria-label="Breadcrumb"><ol><li><a href="([^"]*)">([^<]*)</a>`)
	for _, permalink := range []string{"index.html", "/", "/index.html"} {
		t.Run(permalink, func(t *testing.T) {
			src := t.TempDir()
			sitetest.WriteFiles(t, src, map[string]string{
				"_config.yml": "title: K\n",
				"index.md":    "---\ntitle: Getting started with the theme\npermalink: index2.html\n---\nTHEME-DOCS\n",
				"intro.md":    "---\ntitle: Introduction\npermalink: " + permalink + "\n---\nWELCOME\n",
				"rules/a.md":  "---\ntitle: Rule A\n---\nA text.\n",
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
			home, moved, page := read("index.html"), read("index2.html"), read("rules/a.html")
			if !strings.Contains(home, "WELCOME") || !strings.Contains(home, "<title>Introduction · K</title>") {
				t.Errorf("/ is not the intro page titled Introduction:\n%s", home)
			}
			if !strings.Contains(moved, "THEME-DOCS") {
				t.Errorf("/index2.html is not index.md's page:\n%s", moved)
			}
			if m := crumb.FindStringSubmatch(page); m == nil || m[1] != "/" || m[2] != "Introduction" {
				t.Errorf("breadcrumbs start at %q, want the home page / titled Introduction", m)
			}
		})
	}
}
