package conformance

import "testing"

// TestStarlightOutsideLocales builds starlightNoRootFixture with a page
// and a folder outside every locale's folder, with Astro and Starlight
// and with sitegen: the docs collection is every file of
// src/content/docs ("Starlight … pages … from src/content/docs/",
// https://starlight.astro.build/guides/pages/), a locale's being those of
// its folder ("Create a directory for each language in src/content/docs/",
// https://starlight.astro.build/guides/i18n/). Astro 5.18 builds about.md
// at /about/ and extra/notes.md at /extra/notes/, in no sidebar and in no
// other locale.
func TestStarlightOutsideLocales(t *testing.T) {
	rule := `"Create a directory for each language in src/content/docs/" (https://starlight.astro.build/guides/i18n/); ` +
		`"Starlight … pages … from src/content/docs/" (https://starlight.astro.build/guides/pages/)`
	files := starlightNoRootFixture()
	files["src/content/docs/about.md"] = "---\ntitle: About\n---\n\nOutside every locale. See [combat](/en/rules/combat/).\n"
	files["src/content/docs/extra/notes.md"] = "---\ntitle: Notes\n---\n\nIn a folder that is no locale. [About](/about/).\n"
	files["src/content/docs/en/rules/alpha.md"] = "---\ntitle: Alpha\n---\n\nA. See [about](/about/) and [notes](/extra/notes/).\n"
	Run(t, Starlight, Sitegen, Fixture{
		Name: "pages outside the locales", Rule: rule, Files: files,
		Unpublished: []string{"fr/about/index.html", "en/about/index.html", "fr/extra/notes/index.html"},
		Published:   []string{"img/d6.svg"}, Secret: "The twist.", SameFiles: true,
		// Known: as in TestStarlightNoRootLocale.
		Known: []string{"file: fr/img/d6.svg is published by sitegen"},
	})
}
