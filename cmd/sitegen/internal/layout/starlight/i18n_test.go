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
			want: "index.md=src/content/docs/fr/index.md rules/combat.md= rules/magic.mdx=src/content/docs/fr/rules/magic.md Dés fr[fr] 0 0 /fr/",
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
			// A page only fr/ has is not built yet: said, not silent.
			name:   "locale's own pages",
			config: "{ title: 'Dice', locales: { root: { label: 'English', lang: 'en' }, fr: { label: 'Français' } } }",
			got:    func(l *layout.Layout) string { return strings.Join(l.Notes, "|") },
			want:   "astro.config.mjs: locale fr: 1 pages of src/content/docs/fr have no page of the same path in the root locale: not built (not implemented)",
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
