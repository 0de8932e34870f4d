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

// TestJekyllPageOwnH1 checks that a Jekyll page whose own HTML, or its
// layout's, writes an <h1> shows that heading as the page's one <h1>,
// with no title heading above it (eval11C NC14: carnevale-companion's
// home page writes <h1 class="hero-title">{{ site.title }}</h1> in a
// hero section; sitegen showed "Home" as an <h1> above it and demoted
// the hero's to <h2>). Jekyll writes a page as its layouts render it:
// "Jekyll will render the layout with the page's content inserted at
// {{ content }}" (https://jekyllrb.com/docs/layouts/), and a page's
// title is shown only where a layout writes {{ page.title }}
// (https://jekyllrb.com/docs/variables/#page-variables: "page.title
// ... The title of the Page"), so the page's heading is the one its HTML
// writes. A Markdown page keeps sitegen's rule (its title is the <h1>,
// a "# heading" left in the body is moved down a level), as does a
// page whose HTML writes no <h1>, and a page titled by its "# heading"
// (its title is the frame's <h1>; the layout's heading stays, moved down
// a level, so nothing the page shows is lost).
func TestJekyllPageOwnH1(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"_config.yml": "title: Carnival Guide\n",
		"_layouts/home.html": "---\n---\n<!DOCTYPE html>\n<html><head><title>{{ page.title }}</title></head>\n" +
			"<body><header>SITE-HEADER</header>{{ content }}</body></html>\n",
		"_layouts/hero.html": "---\n---\n<section class=\"band\"><h1 class=\"band-title\">{{ page.band }}</h1></section>\n{{ content }}\n",
		"index.html": "---\nlayout: home\ntitle: Home\n---\n<div class=\"home-page\">\n  <section class=\"home-hero\">\n" +
			"    <h1 class=\"hero-title\">{{ site.title }}</h1>\n    <p class=\"hero-description\">HERO-TEXT</p>\n  </section>\n" +
			"  <h2>Factions</h2>\n</div>\n",
		"band.md":   "---\nlayout: hero\ntitle: Masks\nband: Masked Ball\n---\n## Rules\n\nBAND-TEXT\n",
		"plain.md":  "---\ntitle: Plain\n---\nIntro.\n\n# Part\n\nPLAIN-TEXT\n",
		"noh1.html": "---\ntitle: No Heading\n---\n<p>NOH1-TEXT</p>\n",
		"titled.md": "---\nlayout: hero\nband: Jesters\n---\n# Titled\n\nTITLED-TEXT\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatal(err)
	}
	h1 := regexp.MustCompile(`(?s)<h1\b[^>]*>(.*?)</h1>`)
	for _, tt := range []struct {
		file, want string
		body       []string
	}{
		{"index.html", `<h1 class="hero-title">Carnival Guide</h1>`, []string{"HERO-TEXT", "<h2>Factions</h2>"}},
		{"band.html", `<h1 class="band-title">Masked Ball</h1>`, []string{"BAND-TEXT", `<h2 id="rules">`}},
		{"plain.html", `<h1>Plain</h1>`, []string{"PLAIN-TEXT", `<h2 id="part">`}},
		{"noh1.html", `<h1>No Heading</h1>`, []string{"NOH1-TEXT"}},
		// The page's "# Titled" is its title, shown as the frame's <h1>:
		// the layout's heading stays, a level down, not lost.
		{"titled.html", `<h1>Titled</h1>`, []string{"TITLED-TEXT", `<h2 class="band-title">Jesters</h2>`}},
	} {
		b, err := os.ReadFile(filepath.Join(dest, tt.file))
		if err != nil {
			t.Errorf("%s: %v", tt.file, err)
			continue
		}
		page := string(b)
		if all := h1.FindAllString(page, -1); len(all) != 1 || all[0] != tt.want {
			t.Errorf("%s: h1 elements %q; want one, %s", tt.file, all, tt.want)
		}
		for _, w := range tt.body {
			if !strings.Contains(page, w) {
				t.Errorf("%s: %q missing", tt.file, w)
			}
		}
	}
}
