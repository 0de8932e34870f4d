package vitepress

import (
	"testing"

	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestDocTitle: VitePress's <title> (createTitle, shared.ts), as its
// documentation states it:
//   - site-config#titletemplate: "Allows customizing each page's title
//     suffix or the entire title", "titleTemplate: ':title - Custom
//     Suffix'", "The title will be injected into the :title symbol",
//     "titleTemplate: 'Custom Suffix'" is "| Custom Suffix" after it,
//     and "can be set to false to disable title suffixes";
//   - frontmatter-config#title: "Title for the page. It's same as
//     config.title, and it overrides the site-level config", and
//     #titletemplate: "The suffix for the title", a page's own;
//   - i18n: a locale's title and titleTemplate are its own, over the
//     top level's, not the root locale's ("The following properties can
//     be overridden for each locale (including root): lang, dir, title,
//     titleTemplate").
//
// A page with no title (no front matter title, no # heading) is
// titled by the site's title alone.
func TestDocTitle(t *testing.T) {
	tests := []struct {
		name, config, locale string // locale: "" the root's site, else its key
		title                string // the page's own title, "" for none
		meta                 map[string]any
		want                 string
	}{
		{"default", `export default { title: 'Rules' }`, "", "Combat", nil, "Combat | Rules"},
		{"no title: the site's alone", `export default { title: 'Rules' }`, "", "", nil, "Rules"},
		{"title is the site's", `export default { title: 'Rules' }`, "", "Rules", nil, "Rules"},
		{"no settings title", `export default { }`, "", "Combat", nil, "Combat | VitePress"},
		{"template with :title", `export default { title: 'Rules', titleTemplate: ':title - Custom Suffix' }`, "", "Combat", nil, "Combat - Custom Suffix"},
		{"template text", `export default { title: 'Rules', titleTemplate: 'Custom Suffix' }`, "", "Combat", nil, "Combat | Custom Suffix"},
		{"template is the title", `export default { title: 'Rules', titleTemplate: 'Rules' }`, "", "Combat", nil, "Combat"},
		{"template false", `export default { title: 'Rules', titleTemplate: false }`, "", "Combat", nil, "Combat"},
		{"template true", `export default { title: 'Rules', titleTemplate: true }`, "", "Combat", nil, "Combat | Rules"},
		{"front matter template", `export default { title: 'Rules', titleTemplate: false }`, "", "Combat",
			map[string]any{"titleTemplate": "Book"}, "Combat | Book"},
		{"front matter template false", `export default { title: 'Rules' }`, "", "Combat",
			map[string]any{"titleTemplate": false}, "Combat"},
		{"front matter :title", `export default { title: 'Rules' }`, "", "Combat",
			map[string]any{"titleTemplate": ":title (:title)"}, "Combat (Combat)"},
		{"root locale's template", `export default { title: 'Top', locales: { root: { title: 'Rules', titleTemplate: ':title !' }, fr: { title: 'Règles' } } }`,
			"", "Combat", nil, "Combat !"},
		{"fr: its own title, the top level's template", `export default { title: 'Top', locales: { root: { title: 'Rules', titleTemplate: ':title !' }, fr: { title: 'Règles' } } }`,
			"fr", "Combat", nil, "Combat | Règles"},
		{"fr: its own template", `export default { title: 'Top', titleTemplate: 'T', locales: { root: { }, fr: { titleTemplate: false } } }`,
			"fr", "Combat", nil, "Combat"},
		{"fr: the top level's title, not the root's", `export default { title: 'Top', locales: { root: { title: 'Rules' }, fr: { } } }`,
			"fr", "Combat", nil, "Combat | Top"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, map[string]string{".vitepress/config.mts": tt.config, "index.md": "", "fr/index.md": ""}))
			if err != nil {
				t.Fatal(err)
			}
			c := l
			if tt.locale != "" {
				c = nil
				for _, loc := range l.Locales {
					if loc.Name == tt.locale {
						c = loc.Layout
					}
				}
				if c == nil {
					t.Fatalf("no locale %q", tt.locale)
				}
			}
			if got := c.DocTitle(tt.title, c.Settings.Title, tt.meta); got != tt.want {
				t.Errorf("<title> %q, want %q", got, tt.want)
			}
		})
	}
}
