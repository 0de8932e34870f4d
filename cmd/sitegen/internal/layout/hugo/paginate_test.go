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
