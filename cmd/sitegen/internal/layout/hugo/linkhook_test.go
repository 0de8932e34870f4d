package hugo

import (
	"testing"

	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestLinkHook: "Each render hook is a template, with one template for
// each supported element type: layouts/_default/_markup/render-link.html
// … The template lookup order allows you to create different render
// hooks for each page type, kind, language, and output format"
// (https://gohugo.io/render-hooks/introduction/); Hugo 0.146 reads
// layouts/_markup/render-link.html ("layouts/_markup/render-link.html",
// https://gohugo.io/render-hooks/links/), as gohugoio/hugoDocs has it.
func TestLinkHook(t *testing.T) {
	for _, tc := range []struct {
		name   string
		files  map[string]string
		themes []string
		want   string
	}{
		{"none", map[string]string{"layouts/_default/_markup/render-image.html": "x"}, nil, ""},
		{"_default", map[string]string{"layouts/_default/_markup/render-link.html": "x"}, nil, "layouts/_default/_markup/render-link.html"},
		{"_markup (Hugo 0.146)", map[string]string{"layouts/_markup/render-link.html": "x"}, nil, "layouts/_markup/render-link.html"},
		{"a page type's", map[string]string{"layouts/books/_markup/render-link.html": "x"}, nil, "layouts/books/_markup/render-link.html"},
		{"text output only", map[string]string{"layouts/_default/_markup/render-link.text.txt": "x"}, nil, ""},
		{"a theme's", map[string]string{"themes/docs/layouts/_default/_markup/render-link.html": "x"}, []string{"docs"}, "themes/docs/layouts/_default/_markup/render-link.html"},
		{"a theme not used", map[string]string{"themes/docs/layouts/_default/_markup/render-link.html": "x"}, nil, ""},
		{"a folder of that name", map[string]string{"layouts/_markup/render-link.html/x": "x"}, nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, tc.files)
			if got := LinkHook(dir, tc.themes); got != tc.want {
				t.Errorf("LinkHook = %q, want %q", got, tc.want)
			}
		})
	}
}
