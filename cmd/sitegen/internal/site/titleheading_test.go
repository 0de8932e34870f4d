package site

import (
	"strings"
	"testing"
)

// TestTitleHeading: where each tool puts the page's title heading, and
// whether the text's own # heading stays where it is (eval14B NB4, NB7,
// NB9; eval14A NA6).
func TestTitleHeading(t *testing.T) {
	for _, tc := range []struct {
		name, rule string
		files      map[string]string
		page       string
		h1         []string // the page's <h1>s, in order
		before     string   // text that comes before the first <h1>, "" for none
	}{
		{
			name: "Docusaurus: a doc whose # heading is not its first block",
			rule: `title: "Automatically added at the top of your doc if it does not contain any Markdown title" ` +
				`(https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-docs#markdown-front-matter)`,
			files: map[string]string{
				"docusaurus.config.js": "module.exports = {title: 'W', url: 'https://x.test', baseUrl: '/', presets: [['classic', {docs: {}, blog: false}]]};\n",
				"docs/revolver.md":     "Intro line before the heading.\n\n# Revolver\n\nSix shots.\n",
			},
			page: "docs/revolver/index.html", h1: []string{"Revolver"}, before: "Intro line before the heading.",
		},
		{
			name: "Docusaurus: a doc without a # heading gets its title",
			rule: `title: "Automatically added at the top of your doc if it does not contain any Markdown title"`,
			files: map[string]string{
				"docusaurus.config.js": "module.exports = {title: 'W', url: 'https://x.test', baseUrl: '/', presets: [['classic', {docs: {}, blog: false}]]};\n",
				"docs/shotgun.md":      "---\ntitle: Shotgun\n---\n\n## Spread\n\nWide.\n",
			},
			page: "docs/shotgun/index.html", h1: []string{"Shotgun"},
		},
		{
			name: "MkDocs: a page that starts with an HTML comment, titled by the nav",
			rule: `Material's main.html: {% if not "\x3ch1" in page.content %} <h1>{{ page.title }}</h1> {% endif %} ` +
				`(https://github.com/squidfunk/mkdocs-material/blob/master/src/templates/partials/content.html); ` +
				`MkDocs' own themes show the page's content as written`,
			files: map[string]string{
				"mkdocs.yml":    "site_name: W\ntheme:\n  name: material\nnav:\n  - Home: index.md\n  - Current Team: team.md\n",
				"docs/index.md": "# Home\n",
				"docs/team.md":  "<!-- markdownlint-disable MD033 -->\n# Team\n\nThe staff.\n",
			},
			page: "team/index.html", h1: []string{"Team"},
		},
		{
			name: "folder of Markdown: a # heading after a list stays where it is",
			rule: `GitHub shows a Markdown file as written: the heading after the list and the table`,
			files: map[string]string{
				"README.md":   "# Aachen\n\n[Reaction](reaction.md)\n",
				"reaction.md": "<!-- compass -->\n\n- up: [home](README.md)\n\n# Reaction\n\nRoll 2d6.\n",
			},
			page: "reaction/index.html", h1: []string{"Reaction"}, before: "home",
		},
		{
			name: "Starlight: the front matter's title heads the page, the text's # heading below it",
			rule: `title (required): "will be displayed at the top of the page" (https://starlight.astro.build/reference/frontmatter/#title)`,
			files: map[string]string{
				"astro.config.mjs":                   "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'W' })] };\n",
				"src/content/docs/index.md":          "---\ntitle: Home\n---\nHi.\n",
				"src/content/docs/celestial/meta.md": "---\ntitle: Meta\n---\n# h1 Heading\n\nText.\n",
			},
			page: "celestial/meta/index.html", h1: []string{"Meta"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, _ := buildFolder(t, tc.files)
			html, ok := out[tc.page]
			if !ok {
				t.Fatalf("%s not published", tc.page)
			}
			article := html[strings.Index(html, "<article"):]
			if got := h1s(article); strings.Join(got, "|") != strings.Join(tc.h1, "|") {
				t.Errorf("h1s %q, want %q (rule: %s)", got, tc.h1, tc.rule)
			}
			if tc.before != "" {
				i, j := strings.Index(article, tc.before), strings.Index(article, "<h1")
				if i < 0 || j < 0 || i > j {
					t.Errorf("%q is not before the <h1> (rule: %s):\n%.1500s", tc.before, tc.rule, article)
				}
			}
			if tc.name[:9] == "Starlight" && !strings.Contains(article, ">h1 Heading") {
				t.Errorf("the text's own heading is gone:\n%.1500s", article)
			}
		})
	}
}
