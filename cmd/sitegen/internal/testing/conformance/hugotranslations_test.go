package conformance

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestHugoTranslations builds a site in two languages, translated by
// content directory and, where the paths differ, by translationKey, with
// Hugo and with sitegen. Hugo relates a page to its translations by path
// ("Translation by content directory": the same path in each language's
// contentDir, https://gohugo.io/content-management/multilingual/#translation-by-content-directory)
// or by "translationKey: An arbitrary value used to relate two or more
// translations of the same page, useful when the translated pages do not
// share a common path" (https://gohugo.io/content-management/front-matter/#translationkey);
// a page's .Translations lists only the translations there are. On
// every page Hugo lists a translation of, sitegen's language switcher
// links that translation; and no switcher link of sitegen's leads to a
// page it did not publish (an untranslated page's link goes to the other
// language's home page).
func TestHugoTranslations(t *testing.T) {
	rule := `"Translation by content directory" (https://gohugo.io/content-management/multilingual/#translation-by-content-directory); ` +
		`"translationKey: An arbitrary value used to relate two or more translations of the same page, useful when the translated pages do not share a common path" ` +
		`(https://gohugo.io/content-management/front-matter/#translationkey)`
	files := map[string]string{
		"hugo.toml": "baseURL = \"https://h.test/\"\ntitle = \"Root\"\ndefaultContentLanguage = \"en\"\n" +
			"[languages.en]\ntitle = \"Rules\"\nweight = 1\ncontentDir = \"content/en\"\n" +
			"[languages.fr]\ntitle = \"Règles\"\nweight = 2\ncontentDir = \"content/fr\"\n",
		"layouts/partials/conformance-extra.html": `<ul class="translations">{{ range .Translations }}<li><a href="{{ .RelPermalink }}" hreflang="{{ .Lang }}">{{ .Lang }}</a></li>{{ end }}</ul>`,
		"content/en/_index.md":                    "---\ntitle: Home\n---\n[combat](rules/combat/)\n",
		"content/en/rules/_index.md":              "---\ntitle: Rules\n---\n",
		"content/en/rules/combat.md":              "---\ntitle: Combat\ntranslationKey: fighting\n---\n[magic](../magic/)\n",
		"content/en/rules/magic.md":               "---\ntitle: Magic\n---\n",
		"content/en/rules/skills.md":              "---\ntitle: Skills\n---\n",
		"content/fr/_index.md":                    "---\ntitle: Accueil\n---\n[combat](regles/le-combat/)\n",
		"content/fr/regles/_index.md":             "---\ntitle: Règles\n---\n",
		"content/fr/regles/le-combat.md":          "---\ntitle: Le combat\ntranslationKey: fighting\n---\n",
		"content/fr/rules/magic.md":               "---\ntitle: La magie\n---\n",
	}
	var native, ours string
	Run(t, starlightKept(Hugo, &native), starlightKept(sitegenWithoutTaxonomies, &ours), Fixture{Name: "translations", Rule: rule, Files: files,
		Known: []string{"page: /fr/404/ ("}}) // as in TestHugo's languages fixtures
	if native == "" || ours == "" {
		return // skipped or failed: Run said why
	}
	hugoList := regexp.MustCompile(`<ul class="translations">(.*?)</ul>`)
	link := regexp.MustCompile(`<a href="([^"]*)" hreflang="([^"]*)"`)
	switcher := regexp.MustCompile(`<nav class="locales"[^>]*>.*?</nav>`)
	checked := 0
	err := filepath.WalkDir(native, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() != "index.html" {
			return err
		}
		rel, _ := filepath.Rel(native, p)
		h, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		list := hugoList.FindSubmatch(h)
		if list == nil {
			return nil // Hugo's redirect pages
		}
		mine, err := os.ReadFile(filepath.Join(ours, rel))
		if err != nil {
			t.Errorf("%s: Hugo publishes it, sitegen does not", rel)
			return nil
		}
		nav := switcher.Find(mine)
		for _, m := range link.FindAllSubmatch(list[1], -1) {
			want := `href="` + string(m[1]) + `" hreflang="` + string(m[2]) + `"`
			if !strings.Contains(string(nav), want) {
				t.Errorf("%s: Hugo lists its %s translation %s; sitegen's switcher: %s (rule: %s)", rel, m[2], m[1], nav, rule)
			}
			checked++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 4 {
		t.Errorf("only %d translations compared; the fixture has 4 (the homes, combat by translationKey, magic by path, both ways)", checked)
	}
	// No switcher link of sitegen's is a page it does not publish.
	_ = filepath.WalkDir(ours, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() != "index.html" {
			return err
		}
		b, _ := os.ReadFile(p)
		for _, m := range link.FindAllSubmatch(switcher.Find(b), -1) {
			target := filepath.Join(ours, filepath.FromSlash(strings.TrimPrefix(string(m[1]), "/")), "index.html")
			if _, err := os.Stat(target); err != nil {
				rel, _ := filepath.Rel(ours, p)
				t.Errorf("%s: the switcher links %s, which sitegen does not publish", rel, m[1])
			}
		}
		return nil
	})
}
