package site

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestUpdateHugoLanguages: serve of a Hugo site in several languages
// updates the language a save is in, not every language's site. "Hugo
// builds each language as its own site"; its pages come from "Translation
// by file name" (about.fr.md) or "Translation by content directory"
// (contentDir per language), and defaultContentLanguageInSubdir puts the
// default language in its folder too
// (https://gohugo.io/content-management/multilingual/). After each save
// the output is a clean build's, byte for byte (updateRun.update), the
// files written exactly those that change, and only the saved language's
// pages are rendered; a file in no language's content that pages of
// both read (Hugo's readFile) updates both. A page that comes or goes
// is an update too (TestUpdateHugoLanguagePages).
func TestUpdateHugoLanguages(t *testing.T) {
	shortcode := map[string]string{
		"layouts/shortcodes/include.html": `{{ readFile (.Get 0) }}`,
		"gen/shared.md":                   "Shared text.\n",
	}
	byName := func(extra string) map[string]string {
		m := map[string]string{
			"hugo.toml": "baseURL = 'https://x.test/'\ntitle = 'T'\ndefaultContentLanguage = 'en'\n" + extra +
				"[languages.en]\nweight = 1\nlanguageCode = 'en'\n[languages.fr]\nweight = 2\nlanguageCode = 'fr'\ntitle = 'T fr'\n",
			"content/_index.md":    "---\ntitle: Home\n---\nhome\n",
			"content/_index.fr.md": "---\ntitle: Accueil\n---\naccueil\n",
			"content/combat.md":    "---\ntitle: Combat\n---\n## Attack\n\nSee [magic](magic.md).\n",
			"content/combat.fr.md": "---\ntitle: Combat FR\n---\n## Attaque\n\nc\n\n{{< include \"gen/shared.md\" >}}\n",
			"content/magic.md":     "---\ntitle: Magic\n---\nm\n\n{{< include \"gen/shared.md\" >}}\n",
			"content/magie.fr.md":  "---\ntitle: Magie\n---\nm\n",
		}
		maps.Copy(m, shortcode)
		return m
	}
	byDir := map[string]string{
		"hugo.toml": "baseURL = 'https://x.test/'\ntitle = 'T'\ndefaultContentLanguage = 'en'\n" +
			"[languages.en]\nweight = 1\ncontentDir = 'content/en'\n[languages.fr]\nweight = 2\ncontentDir = 'content/fr'\n",
		"content/en/_index.md": "---\ntitle: Home\n---\nhome\n",
		"content/fr/_index.md": "---\ntitle: Accueil\n---\naccueil\n",
		"content/en/combat.md": "---\ntitle: Combat\n---\n## Attack\n\nSee [magic](magic.md).\n",
		"content/fr/combat.md": "---\ntitle: Combat FR\n---\n## Attaque\n\nc\n\n{{< include \"gen/shared.md\" >}}\n",
		"content/en/magic.md":  "---\ntitle: Magic\n---\nm\n\n{{< include \"gen/shared.md\" >}}\n",
		"content/fr/magie.md":  "---\ntitle: Magie\n---\nm\n",
	}
	maps.Copy(byDir, shortcode)
	multihost := byName("")
	multihost["hugo.toml"] = "title = 'T'\ndefaultContentLanguage = 'en'\n" +
		"[languages.en]\nweight = 1\nbaseURL = 'https://en.x.test/'\n[languages.fr]\nweight = 2\nbaseURL = 'https://fr.x.test/'\n"
	type save struct {
		what     string
		edit     map[string]string
		rendered int // bodies rendered
	}
	for _, tc := range []struct {
		name  string
		files map[string]string
		en    string // the folder of the pages of a language
		fr    string
		frExt string
		kept  int // the languages' sites kept beside the site's own
	}{
		{"by file name", byName(""), "content/", "content/", ".fr.md", 1},
		{"by file name, default in subdir", byName("defaultContentLanguageInSubdir = true\n"), "content/", "content/", ".fr.md", 2},
		{"by content directory", byDir, "content/en/", "content/fr/", ".md", 1},
		// "you can configure a baseURL per language" (multihost): each
		// language in its folder of the output, at its host's root.
		{"multihost", multihost, "content/", "content/", ".fr.md", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := t.TempDir()
			sitetest.WriteFiles(t, src, tc.files)
			r := startUpdates(t, content.Options{Source: src, Theme: theme, BrokenLinks: "warn"}, true)
			if len(r.s.kept) != tc.kept {
				t.Fatalf("kept %d languages' sites, want %d", len(r.s.kept), tc.kept)
			}
			fr := tc.fr + "combat" + tc.frExt
			for _, sv := range []save{
				{what: "a French body", edit: map[string]string{fr: "---\ntitle: Combat FR\n---\n## Attaque\n\nc, modifié\n\n{{< include \"gen/shared.md\" >}}\n"}, rendered: 1},
				{what: "a French title", edit: map[string]string{fr: "---\ntitle: Le combat\n---\n## Attaque\n\nc\n\n{{< include \"gen/shared.md\" >}}\n"}, rendered: 1},
				{what: "an English heading others link to, with the link", edit: map[string]string{
					tc.en + "magic.md":  "---\ntitle: Magic\n---\n## Spells\n\nm\n\n{{< include \"gen/shared.md\" >}}\n",
					tc.en + "combat.md": "---\ntitle: Combat\n---\n## Attack\n\nSee [spells](magic.md#spells).\n"}, rendered: 2},
				{what: "both languages' pages", edit: map[string]string{
					fr:                  "---\ntitle: Le combat\n---\n## Attaque\n\nc, encore\n\n{{< include \"gen/shared.md\" >}}\n",
					tc.en + "combat.md": "---\ntitle: Combat\n---\n## Attack\n\nSee [spells](magic.md#spells), again.\n"}, rendered: 2},
				{what: "a file both languages read", edit: map[string]string{"gen/shared.md": "Shared text, edited.\n"}, rendered: 2},
				{what: "a French broken link (a warning)", edit: map[string]string{fr: "---\ntitle: Le combat\n---\n[x](nowhere.md)\n"}, rendered: 1},
				{what: "a new French page", edit: map[string]string{tc.fr + "sorts" + tc.frExt: "---\ntitle: Sorts\n---\ns\n"}, rendered: 1},
			} {
				u := r.update(t, sv.edit)
				if u.Rendered != sv.rendered {
					t.Errorf("%s: rendered %d bodies, want %d", sv.what, u.Rendered, sv.rendered)
				}
				t.Logf("%s: wrote %v", sv.what, u.Outputs)
				if strings.Contains(sv.what, "French") && slices.ContainsFunc(u.Outputs, func(o string) bool { return !strings.HasPrefix(o, "fr/") }) {
					t.Errorf("%s wrote %v, outside fr/", sv.what, u.Outputs)
				}
			}
		})
	}
}
