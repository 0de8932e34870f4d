package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestHugoHomeCrumb: Hugo's breadcrumbs, as its documentation writes
// them, are the page's ancestors by their LinkTitle ("{{ range
// .Ancestors.Reverse }} <a href="{{ .RelPermalink }}">{{ .LinkTitle }}</a>",
// rendering "<a href="/">Home</a>" for a home page titled Home,
// https://gohugo.io/methods/page/ancestors/). LinkTitle is "the link
// title if defined in front matter, else the title"
// (https://gohugo.io/methods/page/linktitle/), and a home page without a
// title is titled by the site's title. So the first crumb is the home
// page's linkTitle or title, the site's title only when the home page has
// none. (gohugoio/hugoDocs' own breadcrumbs template puts its
// /documentation page, "Docs", in the home page's place: a template of
// that site, which sitegen does not run; eval9B NB15.)
func TestHugoHomeCrumb(t *testing.T) {
	for _, tc := range []struct{ name, home, crumb string }{
		{"a title", "---\ntitle: The world's fastest framework\n---\nHi.\n", "The world&#39;s fastest framework"},
		{"a linkTitle", "---\ntitle: The world's fastest framework\nlinkTitle: Start\n---\nHi.\n", "Start"},
		{"no title", "Hi.\n", "Hugo"},
		{"no home page", "", "Hugo"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			files := map[string]string{
				"hugo.toml":                      "baseURL = 'https://x.test/'\ntitle = 'Hugo'\n",
				"content/functions/_index.md":    "---\ntitle: Functions\n---\nF.\n",
				"content/functions/hassuffix.md": "---\ntitle: strings.HasSuffix\n---\nH.\n",
			}
			if tc.home != "" {
				files["content/_index.md"] = tc.home
			}
			sitetest.WriteFiles(t, dir, files)
			out := filepath.Join(t.TempDir(), "out")
			if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
				t.Fatal(err)
			}
			html := readTree(t, out)["functions/hassuffix/index.html"]
			i := strings.Index(html, `<nav class="breadcrumbs"`)
			if i < 0 {
				t.Fatalf("no breadcrumbs:\n%s", html)
			}
			crumbs := html[i:]
			crumbs = crumbs[:strings.Index(crumbs, "</nav>")]
			if !strings.Contains(crumbs, `<li><a href="/">`+tc.crumb+`</a></li>`) {
				t.Errorf("home crumb is not %q:\n%s", tc.crumb, crumbs)
			}
		})
	}
}
