package site

import "testing"

// TestHugoOneLanguageSuffix: in a site of one language a content file
// named with that language's code is the page of its name without it
// ("about.en.md" is /about/, "_index.en.md" its folder's own page), and
// a code that is no language of the site is part of the name. Hugo 0.111
// measured, with no [languages] (defaultContentLanguage en) and with
// [languages.en] alone: content/_index.en.md is the home page ("Home EN"),
// s/_index.en.md /s/, s/a.en.md /s/a/, s/b.fr.md /s/b.fr/.
// xackery/thj-wiki writes its sections that way: 7 duplicate URLs stopped
// sitegen's build.
func TestHugoOneLanguageSuffix(t *testing.T) {
	for _, toml := range []string{"title = 'T'\n", "title = 'T'\n[languages.en]\nweight = 1\n"} {
		out, res := buildFolder(t, map[string]string{
			"hugo.toml":              toml,
			"content/_index.en.md":   "---\ntitle: Home EN\n---\nSee [A](s/a/).\n",
			"content/s/_index.en.md": "---\ntitle: S\n---\ns\n",
			"content/s/a.en.md":      "---\ntitle: A\n---\na\n",
			"content/s/b.fr.md":      "---\ntitle: B\n---\nb\n",
		})
		for page, title := range map[string]string{"index.html": "Home EN", "s/index.html": "S", "s/a/index.html": "A", "s/b.fr/index.html": "B"} {
			if got := pageH1(out[page]); got != title {
				t.Errorf("%q: %s titled %q, want %q", toml, page, got, title)
			}
		}
		if len(res.WarningList) != 0 {
			t.Errorf("%q: warnings %v", toml, res.WarningList)
		}
	}
}
