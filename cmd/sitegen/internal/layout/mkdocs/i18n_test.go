package mkdocs

import (
	"testing"

	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestI18nSuffix checks mkdocs-static-i18n's suffix docs structure
// (https://pypi.org/project/mkdocs-static-i18n/0.45, "Suffix based docs
// structure"): "the default version will use any .md documentation file
// first and fallback to any .<default_language>.md file found", so the
// nav's guides/api.md is guides/api.en.md where only that exists, and
// the default language's page is at the plain URL (/guides/api/).
// ModShardTeam/ModShardLauncher (eval11A NA4) showed it.
func TestI18nSuffix(t *testing.T) {
	config := "site_name: S\nnav:\n  - index.md\n  - Guides:\n    - guides/api.md\n    - guides/plain.md\n" +
		"plugins:\n  - search\n  - i18n:\n      docs_structure: suffix\n      languages:\n" +
		"        - locale: en\n          default: true\n          name: English\n        - locale: zh\n          name: 中文\n"
	dir := layouttest.Write(t, map[string]string{"mkdocs.yml": config, "docs/index.en.md": "# Home\n", "docs/guides/api.en.md": "# API\n",
		"docs/guides/api.zh.md": "# API\n", "docs/guides/plain.md": "# Plain\n"})
	l, err := Recognise(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range l.Nav {
		got = append(got, e.Path)
	}
	want := []string{"index.en.md", "", "guides/api.en.md", "guides/plain.md"}
	if len(got) != len(want) {
		t.Fatalf("nav paths %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("nav path %d: %q, want %q", i, got[i], want[i])
		}
	}
	if l.PageURL == nil {
		t.Fatal("no PageURL")
	}
	for rel, u := range map[string]string{"guides/api.en.md": "/guides/api/", "guides/plain.md": ""} {
		if got := l.PageURL(rel, nil); got != u {
			t.Errorf("PageURL(%q) = %q, want %q", rel, got, u)
		}
	}
	// "generate a default version of your website + one version per
	// configured language on the <language>/ path"; "the /<language>
	// language versions will use any .<language>.md documentation file
	// first and fallback to any .<default_language>.md file".
	if len(l.Locales) != 2 || l.Locales[1].Path != "zh" || l.Locales[1].Layout == nil {
		t.Fatalf("locales %+v, want en and zh at zh/", l.Locales)
	}
	tr := l.Locales[1].Layout.Translation
	for file, want := range map[string]string{"docs/guides/api.en.md": "docs/guides/api.zh.md", "docs/index.en.md": "", "docs/guides/plain.md": ""} {
		if got := tr(file); got != want {
			t.Errorf("zh Translation(%q) = %q, want %q", file, got, want)
		}
	}
	if r := l.UnpublishedPaths[len(l.UnpublishedPaths)-1]; r.Reason != I18nReason || !r.Patterns.Match("guides/api.zh.md", false) || r.Patterns.Match("guides/api.en.md", false) {
		t.Errorf("the default site publishes zh files: %+v", r)
	}
}
