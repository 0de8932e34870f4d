package zola

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestGetPageSection runs Zola's get_page and get_section in a
// shortcode's template, as
// https://www.getzola.org/documentation/templates/overview/#get-page
// documents them: "Takes a path to an .md file and returns the associated
// page. The base path is the content directory": {% set page =
// get_page(path="blog/page2.md") %}; get_section: "Takes a path to an
// _index.md file and returns the associated section":
// {% set section = get_section(path="blog/_index.md") %}, its pages in
// the section's sort_by order ("weight": "lower weight comes first"), a
// draft not among them; "If you only need the metadata of the section,
// you can pass metadata_only=true to the function". What sitegen cannot
// know when the shortcode runs (a page's rendered content) is a warning.
func TestGetPageSection(t *testing.T) {
	dir := layouttest.Write(t, map[string]string{
		"config.toml":                      "base_url = \"https://z.test\"\n",
		"content/_index.md":                "+++\ntitle = \"Home\"\n+++\n",
		"content/rules/_index.md":          "+++\ntitle = \"Rules\"\ndescription = \"How to play\"\nsort_by = \"weight\"\n[extra]\nicon = \"d6\"\n+++\n",
		"content/rules/combat.md":          "+++\ntitle = \"Combat\"\nweight = 2\n+++\n",
		"content/rules/dice.md":            "+++\ntitle = \"Dice\"\nweight = 1\nslug = \"the-dice\"\ndescription = \"Roll them\"\n+++\n",
		"content/rules/secret.md":          "+++\ntitle = \"Secret\"\nweight = 0\ndraft = true\n+++\n",
		"content/rules/magic/index.md":     "+++\ntitle = \"Magic\"\nweight = 3\n+++\n",
		"content/rules/gear/_index.md":     "+++\ntitle = \"Gear\"\n+++\n",
		"templates/shortcodes/toc.html":    "{% set s = get_section(path=\"rules/_index.md\") %}{{ s.title }} ({{ s.extra.icon }}): {% for p in s.pages %}<a href=\"{{ p.permalink | safe }}\">{{ p.title }}</a> {% endfor %}{{ s.subsections | join(sep=\",\") | safe }}",
		"templates/shortcodes/meta.html":   "{% set s = get_section(path=\"rules/_index.md\", metadata_only=true) %}{{ s.description }} {{ s.pages | default(value=\"no pages\") }}",
		"templates/shortcodes/see.html":    "{% set p = get_page(path=to) %}<a href=\"{{ p.permalink | safe }}\" title=\"{{ p.description }}\">{{ p.title }}</a>",
		"templates/shortcodes/body.html":   "{% set p = get_page(path=\"rules/dice.md\") %}{{ p.content | safe }}",
		"templates/shortcodes/nosect.html": "{% set s = get_section(path=\"lore/_index.md\") %}{{ s.title }}",
	})
	l, err := Recognise(dir)
	if err != nil || l == nil {
		t.Fatal(l, err)
	}
	read := func(rel string) ([]byte, error) { return os.ReadFile(filepath.Join(dir, rel)) }
	for _, tt := range []struct{ name, src, want, warn string }{
		{"get_section: its pages by weight, the draft left out, a page bundle among them; its subsections",
			"{{ toc() }}\n", `Rules (d6): <a href="/rules/the-dice/">Dice</a> <a href="/rules/combat/">Combat</a> <a href="/rules/magic/">Magic</a> rules/gear/_index.md` + "\n", ""},
		{"get_section metadata_only: no pages", "{{ meta() }}\n", "How to play no pages\n", ""},
		{"get_page: its title, description and URL (its slug)", "{{ see(to=\"rules/dice.md\") }}\n", `<a href="/rules/the-dice/" title="Roll them">Dice</a>` + "\n", ""},
		{"get_page with @/", "{{ see(to=\"@/rules/combat.md\") }}\n", `<a href="/rules/combat/" title="">Combat</a>` + "\n", ""},
		{"get_page of a page that does not exist: a warning", "{{ see(to=\"rules/gone.md\") }}\n", "\n", `get_page(path="rules/gone.md"): no such page in content/`},
		{"get_section of a section that does not exist: a warning", "{{ nosect() }}\n", "\n", `get_section(path="lore/_index.md"): no such section in content/`},
		{"a page's content is not known when the shortcode runs: a warning", "{{ body() }}\n", "\n", "content"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			x := l.Expand("content/a.md", []byte(tt.src), read)
			if string(x.Src) != tt.want {
				t.Errorf("got %q, want %q", x.Src, tt.want)
			}
			var msgs []string
			for _, p := range x.Problems {
				msgs = append(msgs, p.Msg)
			}
			got := strings.Join(msgs, "\n")
			if tt.warn == "" && got != "" || tt.warn != "" && !strings.Contains(got, tt.warn) {
				t.Errorf("warnings %q, want one with %q", got, tt.warn)
			}
		})
	}
}
