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
			want: `root path="" label="English" lang="en"|title="Rules" lang="en" content="docs" excluded=[fr] base="" nav=0:guide/a.md:Guide --- 0::Guide 1:guide/a.md:A 1:guide/b.md:B |true
fr path="fr" label="Français" lang="fr"|title="Règles" lang="fr" content="docs/fr" excluded=[] base="/fr/" nav=0::Guide 1:guide/b.md:B fr 1:guide/a.md:A fr |true
`,
		},
		{
			// "themeConfig ... will be shallow merged": fr without a
			// themeConfig of its own keeps the top level's sidebar (whose
			// link is the root's page, /guide/a.html, as VPLink writes
			// it: TestLocaleLinkToNoPage), title and lang
			// unset: the top level's; label unset: its key.
			name: "shallow merge",
			config: `export default { title: 'Top', lang: 'en-US',
  themeConfig: { sidebar: [{ text: 'Top A', link: '/guide/a' }] },
  locales: { root: { label: 'English' }, fr: { } } }`,
			want: `root path="" label="English" lang="en-US"|title="Top" lang="en-US" content="docs" excluded=[fr] base="" nav=0:guide/a.md:Top A |true
fr path="fr" label="fr" lang="en-US"|title="Top" lang="en-US" content="docs/fr" excluded=[] base="/fr/" nav=0::Top A |true
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

// TestLocaleSrcExclude: "srcExclude: A glob pattern for matching
// markdown files that should be excluded as source content"
// (https://vitepress.dev/reference/site-config#srcexclude), its globs
// relative to srcDir, as a locale's pages' paths are: "fr/drafts/**"
// leaves out fr's drafts, "drafts/**" the root's only, "**/drafts/**"
// both.
func TestLocaleSrcExclude(t *testing.T) {
	for _, tt := range []struct {
		exclude   string
		root, loc bool // whether drafts/x.md of the root's site and of fr's is left out
	}{
		{`'fr/drafts/**'`, false, true},
		{`'drafts/**'`, true, false},
		{`'**/drafts/**'`, true, true},
	} {
		t.Run(tt.exclude, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, map[string]string{
				".vitepress/config.mts": "export default { srcExclude: [" + tt.exclude + "], locales: { root: { }, fr: { } } }",
				"index.md":              "", "drafts/x.md": "", "fr/index.md": "", "fr/drafts/x.md": ""}))
			if err != nil {
				t.Fatal(err)
			}
			if len(l.Locales) != 2 || l.Locales[1].Layout == nil {
				t.Fatalf("locales %+v", l.Locales)
			}
			fr := l.Locales[1].Layout
			if got := l.UnpublishedPath("drafts/x.md", false) != nil; got != tt.root {
				t.Errorf("root's drafts/x.md left out %v, want %v", got, tt.root)
			}
			if got := fr.UnpublishedPath("drafts/x.md", false) != nil; got != tt.loc {
				t.Errorf("fr's drafts/x.md (fr/drafts/x.md) left out %v, want %v", got, tt.loc)
			}
			if fr.UnpublishedPath("index.md", false) != nil {
				t.Error("fr's index.md left out")
			}
		})
	}
}

// TestLocaleLink: "link: '/fr/guide' // default /fr/ -- shows on navbar
// translations menu, can be external" (https://vitepress.dev/guide/i18n);
// the switcher writes it with the page's path after one slash
// (useLangs: link.replace(/\/$/, "") + ensureStartingSlash(path)).
func TestLocaleLink(t *testing.T) {
	for _, tt := range []struct{ link, want string }{
		{"", ""},
		{"/fr/guide", "/fr/guide/"},
		{"/fr/", "/fr/"},
		{"fr", "/fr/"},
		{"https://fr.example.org", "https://fr.example.org/"},
	} {
		l, err := Recognise(layouttest.Write(t, map[string]string{
			".vitepress/config.mts": "export default { locales: { root: { }, fr: { link: '" + tt.link + "' } } }",
			"index.md":              "", "fr/index.md": ""}))
		if err != nil {
			t.Fatal(err)
		}
		if len(l.Locales) != 2 || l.Locales[1].Link != tt.want {
			t.Errorf("link %q: locales %+v, want fr's Link %q", tt.link, l.Locales, tt.want)
		}
	}
}

// TestLocaleHomes: https://vitepress.dev/reference/default-theme-config#i18nrouting:
// "Changing locale to say zh will change the URL from /foo (or /en/foo/)
// to /zh/foo. You can disable this behavior by setting
// themeConfig.i18nRouting to false" (useLangs: "theme.value.i18nRouting
// !== false && correspondingLink", else the locale's link alone), read
// from each locale's themeConfig, shallow merged over the top level's.
func TestLocaleHomes(t *testing.T) {
	for _, tt := range []struct {
		name, config, want string
	}{
		{"default", `export default { locales: { root: { label: 'English' }, fr: { label: 'Français' } } }`, "root false fr false"},
		{"false", `export default { themeConfig: { i18nRouting: false }, locales: { root: { label: 'English' }, fr: { label: 'Français' } } }`, "root true fr true"},
		{"true", `export default { themeConfig: { i18nRouting: true }, locales: { root: { label: 'English' }, fr: { label: 'Français' } } }`, "root false fr false"},
		{"fr's own", `export default { locales: { root: { label: 'English' }, fr: { label: 'Français', themeConfig: { i18nRouting: false } } } }`, "root false fr true"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, map[string]string{".vitepress/config.mts": tt.config, "index.md": "", "fr/index.md": ""}))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, loc := range l.Locales {
				c := loc.Layout
				if c == nil {
					c = l
				}
				got = append(got, fmt.Sprintf("%s %v", loc.Name, c.LocaleHomes))
			}
			if g := strings.Join(got, " "); g != tt.want {
				t.Errorf("got %s, want %s", g, tt.want)
			}
		})
	}
}

// TestLocaleSidebarKeys: each locale's multi-sidebar is its own
// ("themeConfig ... will be shallow merged", https://vitepress.dev/guide/i18n):
// a locale's keys are its sidebar's alone, read from its folder
// ('/fr/guide/' is '/guide/' there), not the root's before them, and
// its navigation starts with its first key's sidebar (found on
// Matute289/xindeler-wiki, whose es pages showed every key's sidebar).
func TestLocaleSidebarKeys(t *testing.T) {
	files := map[string]string{
		"docs/.vitepress/config.mts": `export default { locales: {
    root: { label: 'English', themeConfig: { sidebar: { '/guide/': [{ text: 'A', link: '/guide/a' }], '/api/': [{ text: 'X', link: '/api/x' }] } } },
    fr: { label: 'Français', themeConfig: { sidebar: { '/fr/guide/': [{ text: 'A fr', link: '/fr/guide/a' }] } } },
  } }`,
		"docs/guide/a.md": "", "docs/api/x.md": "", "docs/fr/guide/a.md": "",
	}
	l, err := Recognise(layouttest.Write(t, files))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, loc := range l.Locales {
		c := loc.Layout
		if c == nil {
			c = l
		}
		got = append(got, fmt.Sprintf("%s keys=%q nav=%s", loc.Name, c.SidebarKeys, navAll(c)))
	}
	want := []string{
		`root keys=["/guide/" "/api/"] nav=0:guide/a.md:A --- 0:api/x.md:X |true`,
		`fr keys=["/guide/"] nav=0:guide/a.md:A fr |true`,
	}
	if g, w := strings.Join(got, "\n"), strings.Join(want, "\n"); g != w {
		t.Errorf("got\n%s\nwant\n%s", g, w)
	}
}

// TestLocaleLinkToNoPage: a locale's sidebar link to no page stays, as
// the root's does (TestLinkToNoPage): VitePress's VPLink writes every
// sidebar link through normalizeLink and withBase, whichever locale's
// sidebar holds it ("/fr/missing" is <a href="/x/fr/missing.html">,
// the server's 404 page), and a link to a page of another locale
// ("/guide/a" in fr's sidebar) leads to it, one to a file of srcDir's
// public/ to that file; only a link to no page is
// warned (https://vitepress.dev/reference/default-theme-sidebar: "the
// link should specify the path to the actual file"). A link the locale's
// folder has stays its page's entry.
func TestLocaleLinkToNoPage(t *testing.T) {
	files := map[string]string{
		"docs/.vitepress/config.mts": `export default { base: '/x/', locales: {
    root: { label: 'English' },
    fr: { label: 'Français', themeConfig: { sidebar: [{ text: 'A fr', link: '/fr/guide/a' }, { text: 'Manque', link: '/fr/missing' },
      { text: 'A en', link: '/guide/a' }, { text: 'Parti', link: '/gone.md#x' }, { text: 'PDF', link: '/x/fr/sheet.pdf' }, { text: 'Feuille', link: '/x/sheet.pdf' }] } },
  } }`,
		"docs/guide/a.md": "", "docs/fr/guide/a.md": "", "docs/public/sheet.pdf": "%PDF",
	}
	l, err := Recognise(layouttest.Write(t, files))
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Locales) != 2 {
		t.Fatalf("locales = %d, want 2", len(l.Locales))
	}
	var b strings.Builder
	for _, e := range l.Locales[1].Layout.Nav {
		fmt.Fprintf(&b, "%s:%s:%s:%v ", e.Path, e.Link, e.Title, e.LinkAsWritten)
	}
	want := "guide/a.md::A fr:false :/missing.html:Manque:false :/x/guide/a.html:A en:true :/x/gone.html#x:Parti:true :/x/fr/sheet.pdf:PDF:true :/sheet.pdf:Feuille:false "
	if g := b.String(); g != want {
		t.Errorf("fr nav\ngot  %s\nwant %s", g, want)
	}
	var warned []string
	for _, n := range l.Notes {
		if strings.Contains(n, "where no page is") {
			warned = append(warned, n)
		}
	}
	wantNotes := []string{
		`docs/.vitepress/config.mts: "Manque" links "/fr/missing", where no page is: linked as VitePress links it, to the 404 page`,
		`docs/.vitepress/config.mts: "Parti" links "/gone.md#x", where no page is: linked as VitePress links it, to the 404 page`,
		`docs/.vitepress/config.mts: "PDF" links "/x/fr/sheet.pdf", where no page is: linked as VitePress links it, to the 404 page`,
	}
	if strings.Join(warned, "\n") != strings.Join(wantNotes, "\n") {
		t.Errorf("notes\ngot  %q\nwant %q", warned, wantNotes)
	}
}
