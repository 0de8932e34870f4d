package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestJekyllLinkToStaticMarkdown: a Markdown file that Jekyll publishes as
// a static file, not a page, is where a link to it leads. dmoisset/s5's
// README.md (the home page, jekyll-readme-index) links to LICENSE.md, which
// has no front matter and which jekyll-optional-front-matter leaves alone
// (its FILENAME_BLACKLIST: README, LICENSE, …): "A static file is a file
// that does not contain any front matter" (https://jekyllrb.com/docs/static-files/),
// copied to /LICENSE.md, so GitHub Pages serves the link. sitegen published
// the file and yet reported the link "broken: LICENSE.md does not exist".
func TestJekyllLinkToStaticMarkdown(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"_config.yml": "title: Star5er\nplugins:\n  - jemoji\n",
		"Gemfile":     "source 'https://rubygems.org'\ngem 'github-pages', group: :jekyll_plugins\n",
		"README.md":   "## Welcome\n\nUnder the [Open Gaming License](LICENSE.md).\n",
		"LICENSE.md":  "# Open Game License\n\nOGL-TEXT\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatalf("build: %v", err)
	}
	lic, err := os.ReadFile(filepath.Join(dest, "LICENSE.md"))
	if err != nil || !strings.Contains(string(lic), "OGL-TEXT") {
		t.Fatalf("LICENSE.md not published as it is: %q, %v", lic, err)
	}
	home, err := os.ReadFile(filepath.Join(dest, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(home), `href="LICENSE.md"`) && !strings.Contains(string(home), `href="/LICENSE.md"`) {
		t.Errorf("the home page's link does not lead to the published LICENSE.md: %s", home)
	}
}
