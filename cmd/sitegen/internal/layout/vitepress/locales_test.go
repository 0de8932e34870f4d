package vitepress

import (
	"fmt"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// locales describes a layout's locales: each one's name, path, label,
// lang, title, content folder, excluded folders, link base and
// navigation (navAll), one per line; the root's (Layout nil) is l's.
func locales(l *layout.Layout) string {
	var b strings.Builder
	for _, loc := range l.Locales {
		c := loc.Layout
		if c == nil {
			c = l
		}
		fmt.Fprintf(&b, "%s path=%q label=%q lang=%q|title=%q lang=%q content=%q excluded=%v base=%q nav=%s\n", loc.Name, loc.Path, loc.Label, loc.Lang,
			c.Settings.Title, c.Settings.LanguageCode, c.Content, c.Excluded, c.LinkBase, navAll(c))
	}
	return b.String()
}

// TestLocales: https://vitepress.dev/guide/i18n: "To use the built-in
// i18n features, one needs to create a directory structure as follows:
// docs/ ├─ es/ │ ├─ foo.md ├─ fr/ │ ├─ foo.md ├─ foo.md", with
// "locales: { root: { label: 'English', lang: 'en' }, fr: { label:
// 'French', lang: 'fr', … } }"; "The following properties can be
// overridden for each locale (including root): lang, dir, title,
// titleTemplate, description, head, themeConfig // will be shallow
// merged, common stuff can be put in top-level themeConfig entry".
func TestLocales(t *testing.T) {
	pages := map[string]string{"docs/index.md": "", "docs/guide/a.md": "", "docs/guide/b.md": "",
		"docs/fr/index.md": "", "docs/fr/guide/a.md": "", "docs/fr/guide/b.md": ""}
	tests := []struct {
		name, config, want string
	}{
		{
			// Root's title, lang and themeConfig (its sidebar and nav)
			// over the top level's; fr's pages under /fr/, its own
			// sidebar, its links written with /fr/.
			name: "root and fr",
			config: `export default { title: 'Top', lang: 'en-US',
  themeConfig: { sidebar: [{ text: 'Top A', link: '/guide/a' }] },
  locales: {
    root: { label: 'English', lang: 'en', title: 'Rules',
      themeConfig: { nav: [{ text: 'Guide', link: '/guide/a' }], sidebar: [{ text: 'Guide', items: [{ text: 'A', link: '/guide/a' }, { text: 'B', link: '/guide/b' }] }] } },
    fr: { label: 'Français', lang: 'fr', title: 'Règles',
      themeConfig: { sidebar: { '/fr/guide/': [{ text: 'Guide', items: [{ text: 'B fr', link: '/fr/guide/b' }, { text: 'A fr', link: '/fr/guide/a.md' }] }] } } },
  } }`,
			want: `root path="" label="English" lang="en"|title="Rules" lang="en" content="docs" excluded=[public fr] base="" nav=0:guide/a.md:Guide --- 0::Guide 1:guide/a.md:A 1:guide/b.md:B |true
fr path="fr" label="Français" lang="fr"|title="Règles" lang="fr" content="docs/fr" excluded=[] base="/fr/" nav=0::Guide 1:guide/b.md:B fr 1:guide/a.md:A fr |true
`,
		},
		{
			// "themeConfig ... will be shallow merged": fr without a
			// themeConfig of its own keeps the top level's nav (whose
			// links are not fr's pages: left out), title and lang
			// unset: the top level's; label unset: its key.
			name: "shallow merge",
			config: `export default { title: 'Top', lang: 'en-US',
  themeConfig: { sidebar: [{ text: 'Top A', link: '/guide/a' }] },
  locales: { root: { label: 'English' }, fr: { } } }`,
			want: `root path="" label="English" lang="en-US"|title="Top" lang="en-US" content="docs" excluded=[public fr] base="" nav=0:guide/a.md:Top A |true
fr path="fr" label="fr" lang="en-US"|title="Top" lang="en-US" content="docs/fr" excluded=[] base="/fr/" nav=|false
`,
		},
		{
			// One locale (root alone) is no i18n.
			name:   "root alone",
			config: `export default { locales: { root: { label: 'English', title: 'Alone' } } }`,
			want:   "",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{"docs/.vitepress/config.mts": tt.config}
			for k, v := range pages {
				files[k] = v
			}
			l, err := Recognise(layouttest.Write(t, files))
			if err != nil {
				t.Fatal(err)
			}
			if got := locales(l); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}
