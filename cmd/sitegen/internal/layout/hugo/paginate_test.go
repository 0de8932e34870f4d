package hugo

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
)

// TestPaginates checks which sites' templates may write a list's further
// pages: "Hugo supports pagination for your home page, section pages, and
// taxonomies" through .Paginate or .Paginator
// (https://gohugo.io/templates/pagination/).
func TestPaginates(t *testing.T) {
	for _, c := range []struct {
		name   string
		files  map[string]string
		themes []string
		want   bool
	}{
		{"no templates", nil, nil, false},
		{"own list without", map[string]string{"layouts/_default/list.html": "{{ range .Pages }}{{ .Title }}{{ end }}"}, nil, false},
		{"own list with", map[string]string{"layouts/_default/list.html": "{{ range .Paginator.Pages }}{{ end }}"}, nil, true},
		{"theme with", map[string]string{"themes/t/layouts/section/x.html": "{{ $p := .Paginate .Pages }}"}, []string{"t"}, true},
		{"theme without", map[string]string{"themes/learn/layouts/_default/list.html": "{{ .Content }}"}, []string{"learn"}, false},
		{"theme not here", nil, []string{"absent"}, true},
		{"theme a module", nil, []string{"github.com/x/y"}, true},
		{"theme empty", nil, []string{""}, false},
	} {
		dir := t.TempDir()
		for name, text := range c.files {
			p := filepath.Join(dir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if got := Paginates(dir, c.themes); got != c.want {
			t.Errorf("%s: Paginates = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestListPagers checks which list kinds' templates paginate, each by
// the first template of Hugo's lookup order ("Hugo uses the rules below
// to select a template for a given page, starting from the most
// specific", https://gohugo.io/templates/lookup-order/), the site's and
// the theme's layouts laid over each other.
func TestListPagers(t *testing.T) {
	const pager, plain = "{{ range .Paginator.Pages }}{{ end }}", "{{ range .Pages }}{{ end }}"
	type q = layout.ListPage
	for _, c := range []struct {
		name   string
		files  map[string]string
		themes []string
		want   map[q]bool
	}{
		{"section template only", map[string]string{"layouts/_default/list.html": plain, "layouts/section/section.html": pager}, nil,
			map[q]bool{{Kind: "home", Name: ""}: false, {Kind: "section", Name: "rules"}: true, {Kind: "taxonomy", Name: "tags"}: false, {Kind: "term", Name: "tags"}: false}},
		{"type's own list", map[string]string{"layouts/_default/list.html": pager, "layouts/rules/list.html": plain}, nil,
			map[q]bool{{Kind: "home", Name: ""}: true, {Kind: "section", Name: "rules"}: false, {Kind: "section", Name: "posts"}: true}},
		{"theme's index over site's list", map[string]string{"layouts/_default/list.html": plain, "themes/t/layouts/index.html": pager}, []string{"t"},
			map[q]bool{{Kind: "home", Name: ""}: true, {Kind: "section", Name: "rules"}: false}},
		{"site's index over theme's", map[string]string{"layouts/index.html": plain, "themes/t/layouts/index.html": pager, "themes/t/layouts/_default/term.html": pager}, []string{"t"},
			map[q]bool{{Kind: "home", Name: ""}: false, {Kind: "term", Name: "categories"}: true, {Kind: "taxonomy", Name: "categories"}: false}},
		{"through partials and base", map[string]string{
			"layouts/index.html":            `{{ partial "a" . }}`,
			"layouts/partials/a.html":       `{{ partialCached "b.html" . }}`,
			"layouts/partials/b.html":       pager,
			"layouts/_default/baseof.html":  `{{ block "main" . }}{{ end }}{{ .Paginator }}`,
			"layouts/_default/list.html":    `{{ define "main" }}{{ end }}`,
			"layouts/taxonomy/terms.html":   plain,
			"layouts/_default/single.html":  pager,
			"layouts/partials/unused.html":  pager,
			"layouts/shortcodes/x.html":     pager,
			"layouts/section/section.html":  `{{ partial "missing" . }}`,
			"layouts/partials/missing.html": `{{ partial "missing" . }}`,
		}, nil, map[q]bool{{Kind: "home", Name: ""}: true, {Kind: "term", Name: "tags"}: true, {Kind: "taxonomy", Name: "tags"}: false, {Kind: "section", Name: "x"}: false}},
		{"theme not here", map[string]string{"layouts/index.html": pager}, []string{"absent"},
			map[q]bool{{Kind: "home"}: true, {Kind: "section", Name: "x"}: true}},
		// "Type: Is value of type if set in front matter", "Layout: Can be
		// set in front matter" (https://gohugo.io/templates/lookup-order/),
		// both first; the orders measured with hugo 0.111 (lookupOrder):
		// the home page's type is page/ when it sets none, before
		// layouts/ itself.
		{"front matter type and layout", map[string]string{
			"layouts/_default/list.html":  plain,
			"layouts/_default/fancy.html": pager,
			"layouts/blog/list.html":      pager,
			"layouts/page/index.html":     plain,
			"layouts/index.html":          pager,
		}, nil, map[q]bool{
			{Kind: "section", Name: "rules"}: false, {Kind: "section", Name: "rules", Layout: "fancy"}: true,
			{Kind: "section", Name: "rules", Type: "blog"}: true, {Kind: "section", Name: "rules", Type: "other"}: false,
			{Kind: "home"}: false, {Kind: "home", Type: "x"}: true, {Kind: "home", Layout: "fancy"}: false, // page/index.html before _default/fancy.html
		}},
		// Measured with hugo 0.111: a taxonomy's list looks in tag/ before
		// taxonomy/, a term's page in taxonomy/ before tag/; a type: in
		// their _index.md replaces the taxonomy's folder (tags/).
		{"taxonomy and term folders", map[string]string{
			"layouts/tag/terms.html":      pager,
			"layouts/taxonomy/terms.html": plain,
			"layouts/tag/term.html":       pager,
			"layouts/taxonomy/term.html":  plain,
			"layouts/tags/term.html":      pager,
		}, nil, map[q]bool{
			{Kind: "taxonomy", Name: "tags"}: true, {Kind: "term", Name: "tags"}: true, {Kind: "term", Name: "tags", Type: "tt"}: false,
		}},
	} {
		dir := t.TempDir()
		for name, text := range c.files {
			p := filepath.Join(dir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		pagers := ListPagers(dir, c.themes, "en")
		if pagers == nil {
			t.Errorf("%s: ListPagers = nil", c.name)
			continue
		}
		for k, want := range c.want {
			if got := pagers(k); got != want {
				t.Errorf("%s: %+v paginates = %v, want %v", c.name, k, got, want)
			}
		}
	}
	if ListPagers(t.TempDir(), nil, "en") != nil {
		t.Error("no templates: ListPagers not nil")
	}
}

// TestLookupOrderVariants checks the language and output format in a list
// template's name: "We prefer matches with both (e.g. index.amp.html), but
// look for less specific templates" and "If the site language is fr,
// index.fr.amp.html will win over index.amp.html, but index.amp.html will
// be chosen before index.fr.html" (https://gohugo.io/templates/lookup-order/).
// The section's order is hugo 0.111's, measured in a site whose language
// is fr (a template for every name, the chosen one removed until none was
// left).
func TestLookupOrderVariants(t *testing.T) {
	var want []string
	for _, d := range []string{"rules", "section", "_default"} {
		for _, v := range []string{".fr.html", ".html", ".fr", ""} {
			for _, n := range []string{"rules", "section", "list"} {
				want = append(want, d+"/"+n+v+".html")
			}
		}
	}
	if got := lookupOrder(layout.ListPage{Kind: "section", Name: "rules"}, "fr"); !slices.Equal(got, want) {
		t.Errorf("section rules, fr:\n got %q\nwant %q", got, want)
	}
	// The home page, measured likewise: page/, layouts/, _default/, each
	// index, home, list with the same variants.
	home := lookupOrder(layout.ListPage{Kind: "home"}, "fr")
	if len(home) != 36 || home[0] != "page/index.fr.html.html" || home[12] != "index.fr.html.html" || home[23] != "list.html" || home[35] != "_default/list.html" {
		t.Errorf("home, fr: %q", home)
	}

	const pager, plain = "{{ range .Paginator.Pages }}{{ end }}", "{{ range .Pages }}{{ end }}"
	type q = layout.ListPage
	for _, c := range []struct {
		name  string
		files map[string]string
		lang  string
		want  map[q]bool
	}{
		// A folder comes before the names in it: rules/list.html before
		// _default/list.fr.html.
		{"type's folder first", map[string]string{"layouts/rules/list.html": plain, "layouts/_default/list.fr.html": pager}, "fr",
			map[q]bool{{Kind: "section", Name: "rules"}: false, {Kind: "section", Name: "posts"}: true}},
		// list.fr.html before section.html in one folder (the variant
		// before the name); an English site never reads the fr one.
		{"language before name, fr", map[string]string{"layouts/section/section.html": plain, "layouts/section/list.fr.html": pager}, "fr",
			map[q]bool{{Kind: "section", Name: "rules"}: true}},
		{"language before name, en", map[string]string{"layouts/section/section.html": plain, "layouts/section/list.fr.html": pager}, "en",
			map[q]bool{{Kind: "section", Name: "rules"}: false}},
		// "index.amp.html will be chosen before index.fr.html": for HTML,
		// list.html.html before list.fr.html.
		{"output format before language", map[string]string{"layouts/_default/list.html.html": pager, "layouts/_default/list.fr.html": plain}, "fr",
			map[q]bool{{Kind: "section", Name: "rules"}: true, {Kind: "home"}: true}},
		{"language's home", map[string]string{"layouts/index.html": plain, "layouts/index.de.html": pager}, "de",
			map[q]bool{{Kind: "home"}: true, {Kind: "section", Name: "rules"}: false}},
		{"other language's home", map[string]string{"layouts/index.html": plain, "layouts/index.de.html": pager}, "en",
			map[q]bool{{Kind: "home"}: false}},
		// A template of blocks takes the language's base template.
		{"language's base", map[string]string{"layouts/_default/list.html": `{{ define "main" }}{{ end }}`,
			"layouts/_default/baseof.html": plain, "layouts/_default/baseof.fr.html": pager}, "fr",
			map[q]bool{{Kind: "home"}: true}},
		{"base of another language", map[string]string{"layouts/_default/list.html": `{{ define "main" }}{{ end }}`,
			"layouts/_default/baseof.html": plain, "layouts/_default/baseof.fr.html": pager}, "en",
			map[q]bool{{Kind: "home"}: false}},
	} {
		dir := t.TempDir()
		for name, text := range c.files {
			p := filepath.Join(dir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		pagers := ListPagers(dir, nil, c.lang)
		if pagers == nil {
			t.Errorf("%s: ListPagers = nil", c.name)
			continue
		}
		for k, want := range c.want {
			if got := pagers(k); got != want {
				t.Errorf("%s: %+v paginates = %v, want %v", c.name, k, got, want)
			}
		}
	}
}

// TestBaseofOrder checks where a list's base template is looked up,
// measured with hugo 0.111 in a site whose language is fr (each chosen
// base removed in turn): the page's own folders with the language's
// variants, not the folder of the template that defines the blocks.
func TestBaseofOrder(t *testing.T) {
	home := baseofOrder(layout.ListPage{Kind: "home"}, "fr")
	if i, j := slices.Index(home, "baseof.html"), slices.Index(home, "_default/baseof.fr.html"); i < 0 || j < 0 || i > j {
		t.Errorf("home, fr: %q: layouts/baseof.html not before _default/baseof.fr.html", home)
	}
	sec := baseofOrder(layout.ListPage{Kind: "section", Name: "rules"}, "fr")
	if sec[0] != "rules/rules-baseof.fr.html.html" || slices.Contains(sec, "baseof.fr.html") || !slices.Contains(sec, "_default/baseof.fr.html") {
		t.Errorf("section rules, fr: %q", sec)
	}
}

// TestLayoutBaseof checks the "LAYOUT-baseof" names: "The base template
// lookup order closely follows that of the template it applies to (e.g.
// _default/list.html)" (https://gohugo.io/templates/base/). Measured
// with hugo 0.111 (paginate = 2, five pages in rules/): a
// _default/list-baseof.html that paginates beside a _default/baseof.html
// that does not writes /page/2/, /page/3/, /rules/page/2/, /rules/page/3/;
// the single pages take _default/baseof.html.
func TestLayoutBaseof(t *testing.T) {
	const pager, plain = "{{ block \"main\" . }}{{ end }}{{ range .Paginator.Pages }}{{ end }}", "{{ block \"main\" . }}{{ end }}"
	for _, c := range []struct {
		name  string
		files map[string]string
		want  map[layout.ListPage]bool
	}{
		{"list-baseof over baseof", map[string]string{
			"layouts/_default/list.html":        `{{ define "main" }}{{ end }}`,
			"layouts/_default/baseof.html":      plain,
			"layouts/_default/list-baseof.html": pager,
		}, map[layout.ListPage]bool{{Kind: "home"}: true, {Kind: "section", Name: "rules"}: true, {Kind: "term", Name: "tags"}: true}},
		{"section-baseof for sections only", map[string]string{
			"layouts/_default/list.html":           `{{ define "main" }}{{ end }}`,
			"layouts/_default/baseof.html":         plain,
			"layouts/_default/section-baseof.html": pager,
			"layouts/_default/single.html":         pager,
		}, map[layout.ListPage]bool{{Kind: "home"}: false, {Kind: "section", Name: "rules"}: true, {Kind: "term", Name: "tags"}: false}},
		{"the type's baseof before _default's list-baseof", map[string]string{
			"layouts/_default/list.html":        `{{ define "main" }}{{ end }}`,
			"layouts/rules/baseof.html":         plain,
			"layouts/_default/list-baseof.html": pager,
		}, map[layout.ListPage]bool{{Kind: "section", Name: "rules"}: false, {Kind: "section", Name: "posts"}: true}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, text := range c.files {
				p := filepath.Join(dir, filepath.FromSlash(name))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			pages := ListPagers(dir, nil, "en")
			if pages == nil {
				t.Fatal("ListPagers: nil")
			}
			for lp, want := range c.want {
				if got := pages(lp); got != want {
					t.Errorf("%+v: paginates %v, want %v", lp, got, want)
				}
			}
		})
	}
}

// TestLanguagePagers checks that each language's site looks up its list
// templates and shortcodes with its own code (lookupOrder, shortcodesFor): a French list template that
// paginates pages the French site's lists, not the English ones.
func TestLanguagePagers(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"hugo.toml":                     "title = \"T\"\ndefaultContentLanguage = \"en\"\n[languages.en]\nweight = 1\n[languages.fr]\nweight = 2\n",
		"content/rules/_index.md":       "---\ntitle: Rules\n---\n",
		"content/rules/_index.fr.md":    "---\ntitle: Règles\n---\n",
		"layouts/_default/list.html":    "{{ range .Pages }}{{ end }}",
		"layouts/_default/list.fr.html": "{{ range .Paginator.Pages }}{{ end }}",
		"layouts/shortcodes/n.html":     "en",
		"layouts/shortcodes/n.fr.html":  "fr",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	l, err := Recognise(dir)
	if err != nil || l == nil {
		t.Fatalf("Recognise: %v, %v", l, err)
	}
	sec := layout.ListPage{Kind: "section", Name: "rules"}
	if l.FirstPageAlias == nil || l.FirstPageAlias(sec) {
		t.Error("en: the section's list paginates (list.fr.html read for English)")
	}
	var fr *layout.Layout
	for _, loc := range l.Locales {
		if loc.Name == "fr" {
			fr = loc.Layout
		}
	}
	if fr == nil {
		t.Fatal("no fr locale")
	}
	if fr.FirstPageAlias == nil || !fr.FirstPageAlias(sec) {
		t.Error("fr: the section's list does not paginate (list.fr.html not read)")
	}
	// So are the shortcodes (shortcodesFor).
	if got := l.Markup.ShortcodeTemplates["n"]; got != "en" {
		t.Errorf("en: shortcode n = %q, want n.html's", got)
	}
	if got := fr.Markup.ShortcodeTemplates["n"]; got != "fr" {
		t.Errorf("fr: shortcode n = %q, want n.fr.html's", got)
	}
}
