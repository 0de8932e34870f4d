package site

import (
	"strings"
	"testing"
)

// TestHugoI18nWords: a shortcode template's i18n and T read the site's
// translation tables, "in the i18n directory, naming each file according
// to RFC 5646 ... JSON, TOML, or YAML", the project's over its theme's,
// and a key the page's language lacks from the defaultContentLanguage's
// table (https://gohugo.io/functions/lang/translate/). Measured with
// hugo 0.111 (the first row: "[Read on][From theme][Start][]"; the
// project's readMore over the theme's "Theme read").
func TestHugoI18nWords(t *testing.T) {
	const sc = `<p class="words">[{{ i18n "readMore" }}][{{ i18n "themeOnly" }}][{{ T "home" }}][{{ i18n "missing" }}]</p>`
	base := map[string]string{
		"layouts/shortcodes/words.html": sc,
		"themes/t/i18n/en.toml":         "themeOnly = \"From theme\"\nreadMore = \"Theme read\"\n",
		"content/_index.md":             "---\ntitle: Home\n---\nhome\n",
	}
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  map[string]string // page -> its words
	}{
		{"one language", map[string]string{
			"hugo.toml":       "title = 'H'\ntheme = 't'\n",
			"i18n/en.toml":    "readMore = \"Read on\"\n[home]\nother = \"Start\"\n",
			"content/w.md":    "---\ntitle: W\n---\n{{< words >}}\n",
			"i18n/broken.txt": "not a table",
		}, map[string]string{"w/index.html": "[Read on][From theme][Start][]"}},
		{"yaml and json", map[string]string{
			"hugo.toml":    "title = 'H'\ntheme = 't'\n",
			"i18n/en.yaml": "readMore: Read on\nhome:\n  other: Start\n",
			"content/w.md": "---\ntitle: W\n---\n{{< words >}}\n",
		}, map[string]string{"w/index.html": "[Read on][From theme][Start][]"}},
		{"languages fall back to the default's", map[string]string{
			"hugo.toml":       "title = 'H'\ntheme = 't'\ndefaultContentLanguage = 'en'\n[languages.en]\nweight = 1\n[languages.fr]\nweight = 2\n",
			"i18n/en.json":    `{"readMore": "Read on", "home": {"other": "Start"}}`,
			"i18n/fr.toml":    "readMore = \"Lire\"\n",
			"content/w.md":    "---\ntitle: W\n---\n{{< words >}}\n",
			"content/w.fr.md": "---\ntitle: W\n---\n{{< words >}}\n",
		}, map[string]string{"w/index.html": "[Read on][From theme][Start][]", "fr/w/index.html": "[Lire][From theme][Start][]"}},
		// "zero, one, two, few, many, other" by the language's CLDR rules
		// (https://gohugo.io/functions/lang/translate/#pluralization);
		// hugo 0.111 writes ru 2, 5, 21 as few, many, one (hugotmpl's
		// TestTranslatePlural), English 2, 5, 21 as other.
		{"plural forms by the language's rules", map[string]string{
			"layouts/shortcodes/words.html": `<p class="words">[{{ i18n "n" 2 }}][{{ i18n "n" 5 }}][{{ i18n "n" 21 }}]</p>`,
			"hugo.toml":                     "title = 'H'\ndefaultContentLanguage = 'en'\n[languages.en]\nweight = 1\n[languages.ru]\nweight = 2\n",
			"i18n/en.toml":                  "[n]\none = 'one'\nother = 'other'\n",
			"i18n/ru.toml":                  "[n]\none = 'one'\nfew = 'few'\nmany = 'many'\nother = 'other'\n",
			"content/w.md":                  "---\ntitle: W\n---\n{{< words >}}\n",
			"content/w.ru.md":               "---\ntitle: W\n---\n{{< words >}}\n",
		}, map[string]string{"w/index.html": "[other][other][other]", "ru/w/index.html": "[few][many][one]"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{}
			for k, v := range base {
				files[k] = v
			}
			for k, v := range tc.files {
				files[k] = v
			}
			out, _ := buildFolder(t, files)
			for page, want := range tc.want {
				body, ok := out[page]
				if !ok {
					t.Fatalf("%s not written", page)
				}
				if !strings.Contains(body, `<p class="words">`+want+`</p>`) {
					i := strings.Index(body, "words")
					t.Errorf("%s: want %s in\n%s", page, want, body[max(i-50, 0):min(i+200, len(body))])
				}
			}
		})
	}
}
