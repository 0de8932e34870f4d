package servecmd

import (
	"strings"
	"testing"
)

// TestServeLocales: a Docusaurus site in several languages is built
// whole at each change ("npm run build ... builds all locales",
// https://docusaurus.io/docs/i18n/tutorial#build-your-localized-site):
// an edit of a doc shows in each locale that shows it untranslated, an
// edit of a translation under i18n/ (watched) in its locale.
func TestServeLocales(t *testing.T) {
	src := t.TempDir()
	for rel, body := range map[string]string{
		"docusaurus.config.js": "module.exports = {title: 'T', url: 'https://x.test', baseUrl: '/', i18n: {defaultLocale: 'en', locales: ['en', 'fr']}};\n",
		"docs/intro.md":        "# Intro\n\nFirst words.\n",
		"docs/rules.md":        "# Rules\n\nRoll.\n",
		"i18n/fr/docusaurus-plugin-content-docs/current/intro.md": "# Présentation\n\nPremiers mots.\n",
	} {
		writeFile(t, src, rel, body)
	}
	h := newHarness(t, src)
	if _, body := h.get("/fr/docs/rules/"); !strings.Contains(body, "Roll.") {
		t.Fatalf("/fr/docs/rules/ before the edit: %q", body)
	}
	h.write("docs/rules.md", "# Rules\n\nRoll twice.\n")
	h.step("docs/rules.md")
	if _, body := h.get("/fr/docs/rules/"); !strings.Contains(body, "Roll twice.") {
		t.Errorf("/fr/docs/rules/ after the doc's edit does not show it")
	}
	h.write("i18n/fr/docusaurus-plugin-content-docs/current/intro.md", "# Présentation\n\nNouveaux mots.\n")
	h.step("i18n/fr/docusaurus-plugin-content-docs/current/intro.md")
	if _, body := h.get("/fr/docs/intro/"); !strings.Contains(body, "Nouveaux mots.") {
		t.Errorf("/fr/docs/intro/ after the translation's edit does not show it")
	}
	if _, body := h.get("/docs/intro/"); !strings.Contains(body, "First words.") {
		t.Errorf("/docs/intro/ changed by the French translation's edit")
	}
}
