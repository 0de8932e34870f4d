package site

import (
	"fmt"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestUpdateHugoLanguagePages: under serve, a page that comes, goes or
// moves in one language of a Hugo site is an update, not a full build.
// Hugo links a page to its translations by path or by translationKey:
// "Translation by file name" (about.fr.md translates about.md) and
// "Translation by content directory" (content/fr/about.md translates
// content/en/about.md), "If no translationKey is set, Hugo uses the path
// of the file" (https://gohugo.io/content-management/multilingual/), and
// the language switcher lists ".Translations", the translations there
// are. So a page created in French renders that page alone; when an
// English page has the same key, that English page's switcher gains the
// link to it (written again, its body not rendered), and loses it when the
// French page is deleted or renamed away. After each save the output is a
// clean build's, byte for byte (updateRun.update: pages, sitemaps with
// their alternates, warnings, exactly the files that change); locales is
// where the save wrote ("EN": the default language's folder, "/" or
// "en" when it is in its subdirectory).
func TestUpdateHugoLanguagePages(t *testing.T) {
	byName := func(extra string) map[string]string {
		return map[string]string{
			"hugo.toml": "baseURL = 'https://x.test/'\ntitle = 'T'\ndefaultContentLanguage = 'en'\n" + extra +
				"[languages.en]\nweight = 1\nlanguageCode = 'en'\n[languages.fr]\nweight = 2\nlanguageCode = 'fr'\ntitle = 'T fr'\n",
			"content/_index.md":    "---\ntitle: Home\n---\nhome\n",
			"content/_index.fr.md": "---\ntitle: Accueil\n---\naccueil\n",
			"content/combat.md":    "---\ntitle: Combat\n---\n## Attack\n\nSee [magic](magic.md).\n",
			"content/combat.fr.md": "---\ntitle: Combat FR\n---\n## Attaque\n\nc\n",
			"content/magic.md":     "---\ntitle: Magic\n---\nm\n",
			"content/magie.fr.md":  "---\ntitle: Magie\n---\nm\n",
		}
	}
	byDir := map[string]string{
		"hugo.toml": "baseURL = 'https://x.test/'\ntitle = 'T'\ndefaultContentLanguage = 'en'\n" +
			"[languages.en]\nweight = 1\ncontentDir = 'content/en'\n[languages.fr]\nweight = 2\ncontentDir = 'content/fr'\n",
		"content/en/_index.md": "---\ntitle: Home\n---\nhome\n",
		"content/fr/_index.md": "---\ntitle: Accueil\n---\naccueil\n",
		"content/en/combat.md": "---\ntitle: Combat\n---\n## Attack\n\nSee [magic](magic.md).\n",
		"content/fr/combat.md": "---\ntitle: Combat FR\n---\n## Attaque\n\nc\n",
		"content/en/magic.md":  "---\ntitle: Magic\n---\nm\n",
		"content/fr/magie.md":  "---\ntitle: Magie\n---\nm\n",
	}
	for _, tc := range []struct {
		name  string
		files map[string]string
		en    string // the folder of the pages of a language
		fr    string
		frExt string
		def   string // the default language's folder of the output, by locale name ("/": the root)
	}{
		{"by file name", byName(""), "content/", "content/", ".fr.md", "/"},
		{"by file name, default in subdir", byName("defaultContentLanguageInSubdir = true\n"), "content/", "content/", ".fr.md", "en"},
		{"by content directory", byDir, "content/en/", "content/fr/", ".md", "/"},
	} {
		fr := func(name string) string { return tc.fr + name + tc.frExt }
		en := func(name string) string { return tc.en + name + ".md" }
		both := strings.Join([]string{tc.def, "fr"}, " ")
		if tc.def > "fr" {
			both = "fr " + tc.def
		}
		saves := []struct {
			what     string
			edit     map[string]string
			rendered int
			locales  string
		}{
			{"a new French page without a translation", map[string]string{fr("sorts"): "---\ntitle: Sorts\n---\ns\n"}, 1, "fr"},
			{"a new French translation of an English page", map[string]string{fr("magic"): "---\ntitle: La magie\n---\nm\n"}, 1, both},
			{"a French translation renamed away from its English page", map[string]string{fr("combat"): "->" + fr("bataille")}, 1, both},
			{"a French translation deleted", map[string]string{fr("magic"): ""}, 0, both},
			{"a new English page that has a French translation", map[string]string{en("sorts"): "---\ntitle: Spells\n---\ns\n"}, 1, both},
			{"an English page and a new French page given one translationKey", map[string]string{
				en("combat"):  "---\ntitle: Combat\ntranslationKey: fight\n---\n## Attack\n\nSee [magic](magic.md).\n",
				fr("bagarre"): "---\ntitle: Bagarre\ntranslationKey: fight\n---\nb\n"}, 2, both},
			{"an English page with a translation deleted", map[string]string{en("sorts"): ""}, 0, both},
			{"a French page without a translation renamed", map[string]string{fr("magie"): "->" + fr("sortilege")}, 1, "fr"},
		}
		for _, later := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/later=%v", tc.name, later), func(t *testing.T) {
				src := t.TempDir()
				sitetest.WriteFiles(t, src, tc.files)
				r := startUpdates(t, content.Options{Source: src, Theme: theme, BrokenLinks: "warn"}, true)
				r.later = later
				r.s.NavLater(later)
				for _, sv := range saves {
					u := r.update(t, sv.edit) // not a full build, and a clean build's output
					if u.Rendered != sv.rendered {
						t.Errorf("%s: rendered %d bodies, want %d", sv.what, u.Rendered, sv.rendered)
					}
					if got := writtenLocales(r.s, u.Outputs); got != sv.locales {
						t.Errorf("%s: wrote into the folders of languages %q, want %q (%v)", sv.what, got, sv.locales, u.Outputs)
					}
				}
			})
		}
	}
}
