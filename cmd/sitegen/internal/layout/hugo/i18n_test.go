package hugo

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
)

// TestReadI18n reads the translation tables as hugo 0.111 reads them
// ("Create translation tables in the i18n directory, naming each file
// according to RFC 5646. Translation tables may be JSON, TOML, or YAML",
// https://gohugo.io/functions/lang/translate/): the project's keys over
// the theme's, the tag in lower case; a table that does not parse is
// left out and reported with its file and line. Their digest is in what
// was read when shortcode templates use them (the build cache's key).
func TestReadI18n(t *testing.T) {
	write := func(dir string, files map[string]string) {
		for name, text := range files {
			p := filepath.Join(dir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	dir := t.TempDir()
	write(dir, map[string]string{
		"hugo.toml":                    "title = 'H'\ntheme = 't'\n",
		"content/a.md":                 "a\n",
		"layouts/shortcodes/w.html":    `{{ i18n "readMore" }}`,
		"i18n/en.toml":                 "readMore = 'Read on'\n",
		"i18n/pt-BR.yaml":              "readMore: Leia\n",
		"i18n/de.toml":                 "readMore = \n",
		"i18n/notes.txt":               "not a table",
		"themes/t/i18n/en.toml":        "readMore = 'Theme read'\nthemeOnly = 'From theme'\n",
		"themes/t/layouts/_default/x":  "",
		"themes/t/i18n/sub/en.toml":    "nested = 'not read'\n",
		"themes/t/i18n/fr.json":        `{"readMore": "Lire"}`,
		"themes/t/i18n/es.toml.backup": "x",
		"themes/t/i18n/it.yaml":        "- id: Search\n  translation: Cerca\n- id: home\n  translation:\n    other: Inizio\n",
		"themes/t/i18n/nl.json":        `[{"id": "Search", "translation": "Zoeken"}]`,
	})
	l, err := Recognise(dir)
	if err != nil {
		t.Fatal(err)
	}
	got := l.Markup.I18n
	for tag, want := range map[string]map[string]any{
		"en":    {"readMore": "Read on", "themeOnly": "From theme"},
		"pt-br": {"readMore": "Leia"},
		"fr":    {"readMore": "Lire"},
		"it":    {"Search": "Cerca"},
		"nl":    {"Search": "Zoeken"},
	} {
		for k, v := range want {
			if got[tag][k] != v {
				t.Errorf("%s %s = %v, want %v", tag, k, got[tag][k], v)
			}
		}
	}
	if len(got["en"]) != 2 || got["de"] != nil || len(got) != 5 {
		t.Errorf("tables %v", got)
	}
	if !slices.ContainsFunc(l.Tolerated, func(e *layout.ConfigError) bool { return e.File == "i18n/de.toml" && e.Line == 1 }) {
		t.Errorf("de.toml's error not reported: %v", l.Tolerated)
	}
	read := strings.Join(l.Read, "\n")
	if !strings.Contains(read, "5 i18n tables (") {
		t.Fatalf("read: %s", read)
	}
	write(dir, map[string]string{"i18n/en.toml": "readMore = 'Read more'\n"})
	l2, err := Recognise(dir)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(l2.Read, "\n") == read {
		t.Error("a changed word leaves what was read the same")
	}
}
