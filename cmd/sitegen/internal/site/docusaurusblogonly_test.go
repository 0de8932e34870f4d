package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestDocusaurusBlogOnly: "Blog-only mode ... You can run your Docusaurus
// site without a dedicated landing page and instead have your blog's post
// list page as the index page. Set the routeBasePath to be '/' to serve
// the blog through the root route" with "docs: false, // Optional:
// disable the docs plugin" (https://docusaurus.io/docs/blog#blog-only-mode):
// the site is the blog, and a docs/ folder left there is not published
// ("docs: false" turns the docs plugin off).
func TestDocusaurusBlogOnly(t *testing.T) {
	for _, tc := range []struct {
		name, route, list, post string
		docs                    bool
	}{
		{"blog at /blog, no docs/", "blog", "blog/index.html", "blog/2024/05/01/first/index.html", false},
		{"blog at /blog, a docs/ left there", "blog", "blog/index.html", "blog/2024/05/01/first/index.html", true},
		{"blog-only mode, at /", "/", "index.html", "2024/05/01/first/index.html", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			files := map[string]string{
				"docusaurus.config.js": "module.exports = {title: 'Chronicle', url: 'https://x.test', baseUrl: '/', onBrokenLinks: 'throw',\n" +
					"  presets: [['classic', {docs: false, blog: {routeBasePath: '" + tc.route + "', blogTitle: 'Session log'}}]]};\n",
				"blog/2024-05-01-first.md":  "---\ntitle: First session\n---\nWe met.\n",
				"blog/2024-06-01-second.md": "---\ntitle: Second session\n---\nWe fought. See [the first](2024-05-01-first.md).\n",
			}
			if tc.docs {
				files["docs/old.md"] = "# Old template doc\n"
			}
			sitetest.WriteFiles(t, dir, files)
			out := filepath.Join(t.TempDir(), "out")
			if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
				t.Fatalf("build (Docusaurus builds a blog-only site): %v", err)
			}
			files = readTree(t, out)
			for _, f := range []string{tc.list, tc.post} {
				if _, ok := files[f]; !ok {
					t.Errorf("%s not written (have %v)", f, keys(files))
				}
			}
			if !strings.Contains(files[tc.list], "Second session") || !strings.Contains(files[tc.list], "First session") {
				t.Errorf("%s does not list the posts:\n%s", tc.list, files[tc.list])
			}
			if !strings.Contains(files[tc.post], `<a class="site-title" href="/">`) {
				t.Errorf("the site's title does not lead to the site's root (its home page):\n%s", files[tc.post])
			}
			for f := range files {
				if strings.Contains(f, "old") {
					t.Errorf("%s written: with docs: false the docs/ folder is not published", f)
				}
			}
		})
	}
}
