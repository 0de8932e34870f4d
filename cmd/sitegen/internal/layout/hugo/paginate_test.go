package hugo

import (
	"os"
	"path/filepath"
	"testing"
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
	type q struct{ kind, name string }
	for _, c := range []struct {
		name   string
		files  map[string]string
		themes []string
		want   map[q]bool
	}{
		{"section template only", map[string]string{"layouts/_default/list.html": plain, "layouts/section/section.html": pager}, nil,
			map[q]bool{{"home", ""}: false, {"section", "rules"}: true, {"taxonomy", "tags"}: false, {"term", "tags"}: false}},
		{"type's own list", map[string]string{"layouts/_default/list.html": pager, "layouts/rules/list.html": plain}, nil,
			map[q]bool{{"home", ""}: true, {"section", "rules"}: false, {"section", "posts"}: true}},
		{"theme's index over site's list", map[string]string{"layouts/_default/list.html": plain, "themes/t/layouts/index.html": pager}, []string{"t"},
			map[q]bool{{"home", ""}: true, {"section", "rules"}: false}},
		{"site's index over theme's", map[string]string{"layouts/index.html": plain, "themes/t/layouts/index.html": pager, "themes/t/layouts/_default/term.html": pager}, []string{"t"},
			map[q]bool{{"home", ""}: false, {"term", "categories"}: true, {"taxonomy", "categories"}: false}},
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
		}, nil, map[q]bool{{"home", ""}: true, {"term", "tags"}: true, {"taxonomy", "tags"}: false, {"section", "x"}: false}},
		{"theme not here", map[string]string{"layouts/index.html": pager}, []string{"absent"},
			map[q]bool{{"home", ""}: true, {"section", "x"}: true}},
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
			if got := pagers(k.kind, k.name); got != want {
				t.Errorf("%s: %s %q paginates = %v, want %v", c.name, k.kind, k.name, got, want)
			}
		}
	}
	if ListPagers(t.TempDir(), nil) != nil {
		t.Error("no templates: ListPagers not nil")
	}
}
