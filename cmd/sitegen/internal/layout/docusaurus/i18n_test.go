package docusaurus

import (
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestLocalesNotBuilt: "i18n.locales: List of locales deployed on your
// site" (https://docusaurus.io/docs/api/docusaurus-config#i18n) and
// "npm run build ... builds all locales"
// (https://docusaurus.io/docs/i18n/tutorial#deploy-your-site), each under
// /LOCALE/ from i18n/LOCALE/docusaurus-plugin-content-docs/current
// ("localeConfigs.LOCALE.path: The root folder that all plugin
// localization folders of this locale are relative to"). sitegen builds
// the default locale; each other one is named in a warning with its
// folder and its translated docs, never left out silently.
func TestLocalesNotBuilt(t *testing.T) {
	for _, tc := range []struct {
		name, i18n string
		files      map[string]string
		want       []string
	}{
		{"one locale", "{defaultLocale: 'en', locales: ['en']}", nil, nil},
		{"no i18n", "", nil, nil},
		{"en and fr", "{defaultLocale: 'en', locales: ['en', 'fr']}",
			map[string]string{"i18n/fr/docusaurus-plugin-content-docs/current/intro.md": "# Intro\n", "i18n/fr/docusaurus-plugin-content-docs/current/g/a.mdx": "# A\n", "i18n/fr/code.json": "{}"},
			[]string{`i18n.locales "fr" is not published: Docusaurus builds it as a second site at /fr/ (i18n/fr/docusaurus-plugin-content-docs/current/ translates 2 of its docs`}},
		{"a locale's path", "{defaultLocale: 'fr', locales: ['fr', 'pt-BR'], localeConfigs: {'pt-BR': {path: 'pt'}}}",
			map[string]string{"i18n/pt/docusaurus-plugin-content-docs/current/intro.md": "# Intro\n"},
			[]string{`i18n.locales "pt-BR" is not published: Docusaurus builds it as a second site at /pt-BR/ (i18n/pt/docusaurus-plugin-content-docs/current/ translates 1 of its docs`, "builds the default locale (fr) only"}},
		{"nothing translated yet", "{defaultLocale: 'en', locales: ['en', 'de']}", nil,
			[]string{`i18n.locales "de" is not published: Docusaurus builds it as a second site at /de/ (i18n/de/docusaurus-plugin-content-docs/current/ translates 0 of its docs`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"docusaurus.config.js": "module.exports = {title: 'T'" + map[bool]string{true: ", i18n: " + tc.i18n, false: ""}[tc.i18n != ""] + "};\n", "docs/intro.md": "# Intro\n"}
			for k, v := range tc.files {
				files[k] = v
			}
			l, err := Recognise(layouttest.Write(t, files))
			if err != nil || l == nil {
				t.Fatalf("Recognise = %v, %v", l, err)
			}
			notes := strings.Join(l.Notes, "\n")
			for _, w := range tc.want {
				if !strings.Contains(notes, w) {
					t.Errorf("no note %q in\n%s", w, notes)
				}
			}
			if len(tc.want) == 0 && strings.Contains(notes, "i18n") {
				t.Errorf("a note of locales where there is none to build:\n%s", notes)
			}
		})
	}
}
