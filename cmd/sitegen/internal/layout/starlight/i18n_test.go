package starlight

import (
	"fmt"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestLocales: Starlight's i18n with a root locale
// (https://starlight.astro.build/guides/i18n/#use-a-root-locale): "You
// can use a “root” locale to serve a language without any i18n prefix in
// its path … If the root locale is also the default locale for your
// content, remove defaultLocale or set it to 'root'"; "Create a directory
// for each language in src/content/docs/ … Use the same file name to
// associate pages across languages and take advantage of Starlight’s full
// set of i18n features, including fallback content"; "Your defaultLocale
// will be used for fallback content". LocaleConfig
// (https://starlight.astro.build/reference/configuration/#locales):
// lang "The BCP-47 tag for this language" (the directory name when unset,
// the root's "en", Starlight's utils/i18n.ts), dir "`ltr` for
// left-to-right (the default) or `rtl`", title "Record<string, string>"
// keyed by lang.
func TestLocales(t *testing.T) {
	files := map[string]string{
		"src/content/docs/index.md":          "---\ntitle: Home\n---\n",
		"src/content/docs/rules/combat.md":   "---\ntitle: Combat\n---\n",
		"src/content/docs/rules/magic.mdx":   "---\ntitle: Magic\n---\n",
		"src/content/docs/fr/index.md":       "---\ntitle: Accueil\n---\n",
		"src/content/docs/fr/rules/magic.md": "---\ntitle: Magie\n---\n",
		"src/content/docs/fr/only.md":        "---\ntitle: Seul\n---\n",
		"src/content/docs/ar/index.md":       "---\ntitle: بيت\n---\n",
	}
	locale := func(l layout.Locale) string {
		return fmt.Sprintf("%s|%s|%s|%s|%s", l.Name, l.Label, l.Lang, l.Dir, l.Path)
	}
	tests := []struct {
		name, config string
		got          func(l *layout.Layout) string
		want         string
	}{
		{
			name:   "locales",
			config: "{ title: { en: 'Dice', fr: 'Dés' }, locales: { root: { label: 'English', lang: 'en' }, fr: { label: 'Français' }, ar: { label: 'العربية', dir: 'rtl' } } }",
			got: func(l *layout.Layout) string {
				var s []string
				for _, loc := range l.Locales {
					s = append(s, locale(loc))
				}
				return strings.Join(s, " ")
			},
			want: "root|English|en|ltr| fr|Français|fr|ltr|fr ar|العربية|ar|rtl|ar",
		},
		{
			// The root locale's site is the content without the other
			// locales' folders, titled in its lang.
			name:   "root site",
			config: "{ title: { en: 'Dice', fr: 'Dés' }, defaultLocale: 'root', locales: { root: { label: 'English', lang: 'en' }, fr: { label: 'Français' } } }",
			got: func(l *layout.Layout) string {
				return fmt.Sprintln(l.Excluded, l.Settings.Title, l.Settings.LanguageCode, l.Locales[0].Layout == nil, l.RebuildOn)
			},
			want: "[fr] Dice en true [src/content/docs/fr]\n",
		},
		{
			// Each page of fr's site is read from fr/<same path> (.md or
			// .mdx), the root's own otherwise (fallback content).
			name:   "translations",
			config: "{ title: { en: 'Dice', fr: 'Dés' }, locales: { root: { label: 'English', lang: 'en' }, fr: { label: 'Français' } } }",
			got: func(l *layout.Layout) string {
				fr := l.Locales[1].Layout
				var s []string
				for _, f := range []string{"index.md", "rules/combat.md", "rules/magic.mdx"} {
					s = append(s, f+"="+fr.Translation("src/content/docs/"+f))
				}
				return strings.Join(s, " ") + " " + fr.Settings.Title + " " + fr.Settings.LanguageCode + fmt.Sprint(fr.Excluded, len(fr.Locales), len(fr.Notes)) + " " + fr.LinkBase
			},
			want: "index.md=src/content/docs/fr/index.md rules/combat.md= rules/magic.mdx=src/content/docs/fr/rules/magic.md Dés fr[../../../src/content/docs/fr/index.md ../../../src/content/docs/fr/rules/magic.md fr] 0 0 /fr/",
		},
		{
			// "translations: { 'pt-BR': 'Constelação de Andrômeda' }"
			// (https://starlight.astro.build/guides/sidebar/#internationalization):
			// each item's label in the locale's lang, the label where it
			// has none; the root locale's in its lang ("en").
			name: "sidebar translations",
			config: "{ title: 'Dice', locales: { root: { label: 'English', lang: 'en' }, fr: { label: 'Français' } }, sidebar: [" +
				"{ label: 'Rules', translations: { fr: 'Règles' }, autogenerate: { directory: 'rules' } }, " +
				"{ label: 'Start', translations: { fr: 'Début', en: 'Begin' }, slug: 'rules/combat' }, " +
				"{ label: 'Group', translations: { 'pt-BR': 'Grupo' }, items: ['rules/combat'] }] }",
			got: func(l *layout.Layout) string {
				nav := func(l *layout.Layout) string {
					var b strings.Builder
					for _, e := range l.Nav {
						fmt.Fprintf(&b, "%d:%s%s:%s ", e.Depth, e.ID, e.Tree, e.Title)
					}
					return b.String()
				}
				return nav(l) + "| " + nav(l.Locales[1].Layout)
			},
			want: "0::Rules 1:rules: 0:rules/combat:Begin 0::Group 1:rules/combat: | 0::Règles 1:rules: 0:rules/combat:Début 0::Group 1:rules/combat: ",
		},
		{
			// A page only fr/ has is one of fr's site (Starlight builds
			// every page of the docs collection; measured, sl25-bench.md:
			// de/deonly.md at /de/deonly/, in de's sidebar): its folder
			// is a further folder of fr's pages, its translations left
			// out; nothing left to note.
			name:   "locale's own pages",
			config: "{ title: 'Dice', locales: { root: { label: 'English', lang: 'en' }, fr: { label: 'Français' } } }",
			got: func(l *layout.Layout) string {
				fr := l.Locales[1].Layout
				return strings.Join(l.Notes, "|") + fmt.Sprint(fr.Roots, fr.Rules.(rules).outside, fr.Rules.(rules).listed)
			},
			want: "[src/content/docs/fr]../../../src/content/docs/frtrue",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := map[string]string{"astro.config.mjs": config(tt.config)}
			for k, v := range files {
				fs[k] = v
			}
			l, err := Recognise(layouttest.Write(t, fs))
			if err != nil {
				t.Fatal(err)
			}
			if got := tt.got(l); got != tt.want {
				t.Errorf("got %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestLocalesExpand: fr's site reads a page's text from its translation,
// the root's text where there is none (fallback content).
func TestLocalesExpand(t *testing.T) {
	dir := layouttest.Write(t, map[string]string{
		"astro.config.mjs":             config("{ title: 'Dice', locales: { root: { label: 'English', lang: 'en' }, fr: { label: 'Français' } } }"),
		"src/content/docs/index.md":    "EN",
		"src/content/docs/a.md":        "A",
		"src/content/docs/fr/index.md": "FR",
	})
	l, err := Recognise(dir)
	if err != nil {
		t.Fatal(err)
	}
	read := func(f string) ([]byte, error) { return []byte("read " + f), nil }
	fr := l.Locales[1].Layout
	for file, want := range map[string]string{"src/content/docs/index.md": "read src/content/docs/fr/index.md", "src/content/docs/a.md": "A"} {
		if got := string(fr.Expand(file, []byte("A"), read).Src); got != want {
			t.Errorf("%s: got %q, want %q", file, got, want)
		}
	}
}

// TestNoRootLocale: a site whose locales have no root one, Starlight's
// own i18n example ("defaultLocale: 'en', locales: { en: …, fr: … }",
// https://starlight.astro.build/guides/i18n/#configure-i18n):
// "defaultLocale: Set the language which is the default for this site.
// The value should match one of the keys of your locales object"
// (https://starlight.astro.build/reference/configuration/#defaultlocale).
// Every locale's pages are under its folder (Astro's prefixDefaultLocale,
// which Starlight's utils/i18n.ts sets for "Sites with multiple languages
// without a root locale"); "Your defaultLocale will be used for fallback
// content".
func TestNoRootLocale(t *testing.T) {
	files := map[string]string{
		"src/content/docs/en/index.md":        "---\ntitle: Home\n---\n",
		"src/content/docs/en/rules/combat.md": "---\ntitle: Combat\n---\n",
		"src/content/docs/en/rules/magic.mdx": "---\ntitle: Magic\n---\n",
		"src/content/docs/fr/index.md":        "---\ntitle: Accueil\n---\n",
		"src/content/docs/fr/rules/magic.md":  "---\ntitle: Magie\n---\n",
	}
	const locales = "locales: { en: { label: 'English' }, fr: { label: 'Français', lang: 'fr' } }"
	tests := []struct {
		name, config string
		extra        map[string]string
		got          func(l *layout.Layout) string
		want         string
	}{
		{
			// The default locale's folder is the content, its pages
			// under /en/; the locale switcher's English is /en/.
			name:   "default locale's site",
			config: "{ title: { en: 'Dice', fr: 'Dés' }, defaultLocale: 'en', " + locales + " }",
			got: func(l *layout.Layout) string {
				home, _ := l.Rules.Folder("")
				p := l.Rules.Page("rules/combat.md", nil)
				fr := l.Locales[1]
				frp := fr.Layout.Rules.Page("rules/combat.md", nil)
				return fmt.Sprintln(l.Content, home.URL, p.URL, p.ID, l.Settings.Title, l.Locales[0].Path, l.Locales[0].Layout == nil,
					fr.Path, frp.URL, fr.Layout.Settings.Title, fr.Layout.LinkBase, l.Excluded, l.RebuildOn, l.Notes)
			},
			want: "src/content/docs/en /en/ /en/rules/combat/ rules/combat Dice en true fr /rules/combat/ Dés /fr/ [] [src/content/docs/fr] []\n",
		},
		{
			// fr's pages are read from fr/<same path>, en's otherwise.
			name:   "translations",
			config: "{ title: 'Dice', defaultLocale: 'en', " + locales + " }",
			got: func(l *layout.Layout) string {
				fr := l.Locales[1].Layout
				var s []string
				for _, f := range []string{"index.md", "rules/combat.md", "rules/magic.mdx"} {
					s = append(s, f+"="+fr.Translation("src/content/docs/en/"+f))
				}
				return strings.Join(s, " ")
			},
			want: "index.md=src/content/docs/fr/index.md rules/combat.md= rules/magic.mdx=src/content/docs/fr/rules/magic.md",
		},
		{
			// The sidebar's autogenerate directory is a folder of the
			// default locale's.
			name:   "sidebar",
			config: "{ title: 'Dice', defaultLocale: 'en', " + locales + ", sidebar: [{ label: 'Rules', translations: { fr: 'Règles' }, autogenerate: { directory: 'rules' } }] }",
			got: func(l *layout.Layout) string {
				return fmt.Sprint(l.Nav[1].Tree, l.Locales[1].Layout.Nav[0].Title, l.Notes)
			},
			want: "rulesRègles[]",
		},
		{
			// A page in no locale's folder is the default locale's site's,
			// at its own path (Astro 5.18 + Starlight 0.36.3 build
			// stray.md at /stray/), the locales' folders left out of
			// that root; fr's site has no copy of it.
			name:   "page outside the locales",
			config: "{ title: 'Dice', defaultLocale: 'en', " + locales + " }",
			extra:  map[string]string{"src/content/docs/stray.md": "---\ntitle: Stray\n---\n"},
			got: func(l *layout.Layout) string {
				p := l.Rules.Page("../../../../src/content/docs/stray.md", nil)
				en := l.Rules.Page("rules/combat.md", nil)
				return fmt.Sprintln(l.Roots, l.Excluded, p.URL, en.URL, l.Locales[1].Layout.Roots, l.Notes)
			},
			want: "[src/content/docs] [../../../../src/content/docs/en ../../../../src/content/docs/fr] /stray/ /en/rules/combat/ [] []\n",
		},
		{
			// A defaultLocale that names no locale: not guessed.
			name:   "unknown default",
			config: "{ title: 'Dice', defaultLocale: 'de', " + locales + " }",
			got:    func(l *layout.Layout) string { return l.Content + " " + strings.Join(l.Notes, "|") },
			want:   "src/content/docs astro.config.mjs: locales (en, fr) without a root locale and without a folder src/content/docs/de of defaultLocale \"de\": not implemented: each locale's folder is built as a folder of one site, without Starlight's fallback pages or language picker",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := map[string]string{"astro.config.mjs": config(tt.config)}
			for k, v := range files {
				fs[k] = v
			}
			for k, v := range tt.extra {
				fs[k] = v
			}
			l, err := Recognise(layouttest.Write(t, fs))
			if err != nil {
				t.Fatal(err)
			}
			if got := tt.got(l); got != tt.want {
				t.Errorf("got %q\nwant %q", got, tt.want)
			}
		})
	}
}
