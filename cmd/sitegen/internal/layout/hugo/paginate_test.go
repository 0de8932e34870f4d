package hugo

import (
	"os"
	"path/filepath"
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
		pagers := ListPagers(dir, c.themes)
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
	if ListPagers(t.TempDir(), nil) != nil {
		t.Error("no templates: ListPagers not nil")
	}
}
