package site

import (
	"regexp"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestMkDocsIconHeadingIDs: a heading's emoji and icon shortcodes are no
// part of its id. Python-Markdown's toc makes the id from the heading's
// rendered text ("slugify: Callable to generate anchors",
// https://python-markdown.github.io/extensions/toc/#usage) and Material
// draws a shortcode as an inline SVG ("emoji_generator:
// !!python/name:material.extensions.emoji.to_svg",
// https://squidfunk.github.io/mkdocs-material/reference/icons-emojis/#configuration),
// which has no text: "### Aftershock :ui-x:" has the id "aftershock"
// (issue 32, eval7B LB3: 22 spurious broken anchors on CM_wiki). An
// attr_list after the icon ("{ title=… }") is the icon's, not the id's.
// Without pymdownx.emoji the shortcode is text, and in the id.
func TestMkDocsIconHeadingIDs(t *testing.T) {
	page := "# Home\n\n### Aftershock :ui-x:\n\n### Careful Spell :material-star:\n\n" +
		"### Level 2: Divine Smite :material-directions-fork:{ title=\"Optional\" }\n\n### Smile :smile:\n\n" +
		"### Primal Defence :material-sync:{ title=\"Replaces\" } Now\n\n"
	links := "[a](#aftershock) [b](#careful-spell) [c](#level-2-divine-smite) [d](#smile)\n"
	for _, tt := range []struct {
		name, config string
		want         []string
		broken       int
	}{
		{"emoji", "site_name: W\nmarkdown_extensions:\n  - attr_list\n  - pymdownx.emoji:\n      options:\n        custom_icons:\n          - overrides/.icons\n",
			[]string{`id="aftershock"`, `id="careful-spell"`, `id="level-2-divine-smite"`, `id="smile"`}, 0},
		{"no emoji", "site_name: W\nmarkdown_extensions:\n  - attr_list\n", []string{`id="aftershock-ui-x"`}, 4},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, map[string]string{"mkdocs.yml": tt.config, "docs/index.md": page + links,
				"overrides/.icons/ui/x.svg": "<svg/>"})
			res, err := build(t, dir, content.Options{Theme: theme, BrokenLinks: "warn"})
			if err != nil {
				t.Fatal(err)
			}
			out := readTree(t, dir+"/public")["index.html"]
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("page lacks %s", w)
				}
			}
			// A mid-heading icon's attribute list is the icon's, not the id's.
			if id := regexp.MustCompile(`id="primal-defence[^"]*"`).FindString(out); tt.broken == 0 && (id == "" || strings.Contains(id, "replaces")) {
				t.Errorf("the icon's attribute list is in the id: %s", id)
			}
			broken := 0
			for _, w := range res.WarningList {
				if strings.Contains(w.Msg, "broken link") {
					broken++
				}
			}
			if broken != tt.broken {
				t.Errorf("%d broken links, want %d: %v", broken, tt.broken, res.WarningList)
			}
		})
	}
}

// TestMkDocsPythonSlugs: MkDocs' heading ids are Python-Markdown toc's
// (slugify: "re.sub(r'[^\w\s-]', ”, value).strip().lower()" then runs of
// spaces and '-' as one '-', after NFKD and ASCII; unique: "_1", "_2"),
// https://python-markdown.github.io/extensions/toc/#usage. Ids measured
// with Python-Markdown 3.4.1 (/usr/bin/python3, markdown.markdown(page,
// extensions=['toc'])): a-b, uber-alles, rules, rules_1.
func TestMkDocsPythonSlugs(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{"mkdocs.yml": "site_name: W\n",
		"docs/index.md": "# Home\n\n## A  -  B\n\n## Über alles\n\n## Rules\n\n## Rules\n\n[a](#a-b) [b](#uber-alles) [c](#rules_1)\n"})
	if _, err := build(t, dir, content.Options{Theme: theme}); err != nil {
		t.Fatal(err) // strict: every anchor is found
	}
	out := readTree(t, dir+"/public")["index.html"]
	for _, w := range []string{`id="a-b"`, `id="uber-alles"`, `id="rules"`, `id="rules_1"`} {
		if !strings.Contains(out, w) {
			t.Errorf("page lacks %s", w)
		}
	}
}
