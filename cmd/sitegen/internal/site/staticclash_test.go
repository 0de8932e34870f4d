package site

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"d6codex/cmd/sitegen/internal/site/content"
)

// TestToolStaticBesideTheme: a site of another tool whose static files
// have the path of one of sitegen's own stylesheets or scripts
// (static/css/site.css) keeps both. Hugo's rule: "By default, the static/
// directory in the site project is used for all static files (e.g.
// stylesheets, JavaScript, images). The static files are served on the
// site root path" (https://gohugo.io/content-management/static-files/):
// the site's file is published at /css/site.css as it is, as hugo 0.111
// writes it, and sitegen's pages keep their own stylesheet and script,
// with a warning that names the site's file. In sitegen's own layout the
// site's file replaces the theme's (TestThemeOverride).
func TestToolStaticBesideTheme(t *testing.T) {
	theme := fstest.MapFS{
		"css/site.css": {Data: []byte("body{color:blue}")},
		"js/site.js":   {Data: []byte("var theme=1")},
	}
	for _, tc := range []struct {
		name, settings string
		themeWins      bool
		published      map[string]string // the site's own files, by output path
	}{
		{"hugo", "hugo.toml", true, map[string]string{"css/site.css": "body { color: red }", "js/site.js": "var mine = 1"}},
		{"sitegen", "site.toml", false, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{
				tc.settings:           "baseURL = 'https://x.test/'\ntitle = 'T'\n",
				"content/_index.md":   "---\ntitle: Home\n---\n",
				"content/a.md":        "---\ntitle: A\n---\nText.\n",
				"static/css/site.css": "body { color: red }",
				"static/js/site.js":   "var mine = 1",
			}
			if tc.settings != "site.toml" {
				files["site.toml"] = "\x00" // writeTree's default left out
			}
			src := writeTree(t, files)
			res, err := build(t, src, content.Options{Theme: theme})
			if err != nil {
				t.Fatal(err)
			}
			out := readTree(t, filepath.Join(src, "public"))
			page := out["a/index.html"]
			css := regexp.MustCompile(`<link rel="?stylesheet"? href="?/([^" >]+)`).FindStringSubmatch(page)
			js := regexp.MustCompile(`<script[^>]* src="?/(js/site[^" >]+)`).FindStringSubmatch(page)
			if css == nil || js == nil {
				t.Fatalf("no stylesheet or script in the page:\n%s", page)
			}
			gotCSS, gotJS := out[css[1]], out[js[1]]
			if themeCSS := strings.Contains(gotCSS, "blue"); themeCSS != tc.themeWins {
				t.Errorf("page's stylesheet /%s is %q: the theme's %v, want %v", css[1], gotCSS, themeCSS, tc.themeWins)
			}
			if themeJS := strings.Contains(gotJS, "theme"); themeJS != tc.themeWins {
				t.Errorf("page's script /%s is %q: the theme's %v, want %v", js[1], gotJS, themeJS, tc.themeWins)
			}
			for name, want := range tc.published {
				if out[name] != want {
					t.Errorf("/%s = %q, want the site's file as it is, %q", name, out[name], want)
				}
			}
			warned := strings.Contains(strings.Join(res.Warnings, "\n"), "static/css/site.css")
			if warned != tc.themeWins {
				t.Errorf("warning naming static/css/site.css: %v, want %v (%q)", warned, tc.themeWins, res.Warnings)
			}
		})
	}
}
