package site

import (
	"regexp"
	"strings"
	"testing"
)

// TestTagPageTitles: a tool that puts a term's page at the term made a
// URL (Hugo, Zola) titles that page with the term as written, not with
// its URL segment.
//
// Hugo: the term page's .Title is the term; terms that make one segment
// are one page. Hugo 0.111 measured on the fixture below (tags "Dice
// Pools" in rules/a.md, "dice pools" in rules/b.md): /tags/dice-pools/
// is titled "Dice Pools"; with a.md renamed z.md, "dice pools" (the first
// page in content order, not by weight: weights 2 and 1 kept "Dice
// Pools"). "If you need to add custom metadata to your taxonomy terms,
// you will need to create a page for that term at
// /content/<TAXONOMY>/<TERM>/_index.md and add your metadata in its front
// matter" (https://gohugo.io/content-management/taxonomies/): Hugo 0.111
// titles /tags/dice-pools/ from content/tags/dice-pools/_index.md's title
// ("Pools of Dice") and lists the tagged pages below its text.
//
// Zola: "taxonomies are case-insensitive, so terms that have the same slug
// will get merged" (https://www.getzola.org/documentation/content/taxonomies/);
// the merged term keeps one name: Taxonomy::new sorts the terms by slug,
// then name, and dedup_by keeps the first (components/content/src/
// taxonomies.rs), so "Dice Pools" (byte order: capitals first) wins over
// "dice pools" whichever page comes first.
func TestTagPageTitles(t *testing.T) {
	const hugo = "baseURL = 'https://x.test/'\ntitle = 'T'\n"
	const zola = "base_url = \"https://z.test\"\ntaxonomies = [{ name = \"tags\" }]\n"
	hugoPage := func(title, tags string) string {
		return "---\ntitle: " + title + "\ntags: [" + tags + "]\n---\ntext\n"
	}
	zolaPage := func(title, tags string) string {
		return "+++\ntitle = \"" + title + "\"\n[taxonomies]\ntags = [" + tags + "]\n+++\ntext\n"
	}
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  map[string]string // page -> its <h1>
		text  map[string]string // page -> text it shows
		not   map[string]string // page -> text it does not show
	}{
		{"hugo first use", map[string]string{
			"hugo.toml":          hugo,
			"content/_index.md":  "---\ntitle: Home\n---\n",
			"content/rules/a.md": hugoPage("A", `"Dice Pools", "Combat Rules"`),
			"content/rules/b.md": hugoPage("B", `"dice pools", "Magic"`),
		}, map[string]string{
			"tags/dice-pools/index.html":   "Dice Pools",
			"tags/combat-rules/index.html": "Combat Rules",
			"tags/magic/index.html":        "Magic",
		}, map[string]string{"tags/index.html": ">Dice Pools<"}, nil},
		{"hugo first in content order, not weight", map[string]string{
			"hugo.toml":          hugo,
			"content/_index.md":  "---\ntitle: Home\n---\n",
			"content/rules/b.md": "---\ntitle: B\nweight: 1\ntags: [\"dice pools\"]\n---\n",
			"content/rules/z.md": "---\ntitle: A\nweight: 2\ntags: [\"Dice Pools\"]\n---\n",
		}, map[string]string{"tags/dice-pools/index.html": "dice pools"}, nil, nil},
		{"hugo term page from content/tags/TERM/_index.md", map[string]string{
			"hugo.toml":                         hugo,
			"content/_index.md":                 "---\ntitle: Home\n---\n",
			"content/rules/a.md":                hugoPage("A", `"Dice Pools"`),
			"content/rules/b.md":                hugoPage("B", `"dice pools"`),
			"content/tags/dice-pools/_index.md": "---\ntitle: Pools of Dice\n---\nAbout pools.\n",
		}, map[string]string{"tags/dice-pools/index.html": "Pools of Dice"},
			map[string]string{"tags/dice-pools/index.html": "About pools.", "tags/index.html": ">Pools of Dice<"},
			// The term's page and the list of terms are out of the reading
			// order, as the tag pages sitegen makes are.
			map[string]string{"rules/b/index.html": `rel="next"`, "tags/index.html": `rel="prev"`}},
		{"zola smallest name", map[string]string{
			"config.toml":             zola,
			"content/_index.md":       "+++\ntitle = \"Home\"\n+++\n",
			"content/rules/_index.md": "+++\ntitle = \"Rules\"\n+++\n",
			"content/rules/a.md":      zolaPage("A", `"dice pools"`),
			"content/rules/b.md":      zolaPage("B", `"Dice Pools", "Plane Shift"`),
		}, map[string]string{
			"tags/dice-pools/index.html":  "Dice Pools",
			"tags/plane-shift/index.html": "Plane Shift",
		}, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, _ := buildFolder(t, tc.files)
			h1 := regexp.MustCompile(`(?s)<h1[^>]*>(.*?)</h1>`)
			for page, want := range tc.want {
				html, ok := out[page]
				if !ok {
					t.Errorf("%s not published", page)
					continue
				}
				m := h1.FindStringSubmatch(html)
				if m == nil || strings.TrimSpace(m[1]) != want {
					t.Errorf("%s: <h1> %q, want %q", page, m, want)
				}
				if !strings.Contains(html, "<title>"+want) {
					t.Errorf("%s: <title> is not %q", page, want)
				}
			}
			for page, want := range tc.text {
				if !strings.Contains(out[page], want) {
					t.Errorf("%s does not show %q", page, want)
				}
			}
			for page, not := range tc.not {
				if strings.Contains(out[page], not) {
					t.Errorf("%s shows %q", page, not)
				}
			}
			for file := range tc.files {
				if name, ok := strings.CutPrefix(file, "content/rules/"); ok && name != "_index.md" {
					if href := `href="/rules/` + strings.TrimSuffix(name, ".md") + `/"`; !strings.Contains(out["tags/dice-pools/index.html"], href) {
						t.Errorf("tags/dice-pools/ does not list %s", href)
					}
				}
			}
		})
	}
}
