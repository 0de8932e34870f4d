package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestDocusaurusEmptyBlog: a blog folder without posts still has its
// list page, and its authors' pages where authors.yml gives "page: true"
// ("The blog's authors page ... page: true", https://docusaurus.io/docs/blog#authors-pages;
// "routeBasePath: URL route for the blog section of your site",
// https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-blog#configuration).
// Docusaurus 3.10.2 built BennyTime/BennyTime.github.io's empty blog
// (authors.yml only) as /blog "Blog", /blog/authors "Authors" and
// /blog/authors/gm "Game Master - 0 posts"; a navbar link to /blog is
// then no dead link.
func TestDocusaurusEmptyBlog(t *testing.T) {
	config := "module.exports = {title: 'T', url: 'https://example.org', baseUrl: '/', onBrokenLinks: 'throw',\n" +
		"  themeConfig: {navbar: {items: [{to: '/blog', label: 'Campaign Log'}]}},\n" +
		"  presets: [['classic', {docs: {}, blog: {}}]]};\n"
	for _, tc := range []struct {
		name   string
		files  map[string]string
		titles map[string]string
	}{
		{"authors only", map[string]string{
			"docusaurus.config.js": config,
			"docs/intro.md":        "# Intro\n\nSee [the log](/blog).\n",
			"blog/authors.yml":     "gm:\n  name: Game Master\n  page: true\nann:\n  name: Ann\n",
		}, map[string]string{
			"blog/index.html":            "Blog",
			"blog/authors/index.html":    "Authors",
			"blog/authors/gm/index.html": "Game Master - 0 posts",
		}},
		// No blog/ folder at all: plugin-content-blog's generateBlogPosts
		// reads none ("if (!(await fs.pathExists(contentPaths.contentPath)))
		// { return []; }", blogUtils.js of 3.10.2) and the list is still
		// written: Docusaurus 3.10.2 built a fixture of the classic
		// preset with docs/ alone as /blog/index.html "Blog | Fx", an
		// empty list, no feed (dm28).
		{"no blog folder", map[string]string{
			"docusaurus.config.js": config,
			"docs/intro.md":        "# Intro\n\nSee [the log](/blog).\n",
		}, map[string]string{
			"blog/index.html": "Blog",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, tc.files)
			out := filepath.Join(t.TempDir(), "out")
			if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
				t.Fatalf("build: %v", err)
			}
			files := readTree(t, out)
			for name, title := range tc.titles {
				body, ok := files[name]
				if !ok {
					t.Errorf("%s not published", name)
					continue
				}
				got, _, _ := strings.Cut(body[strings.Index(body, "<title>")+len("<title>"):], "</title>")
				got, _, _ = strings.Cut(got, " · ")
				got, _, _ = strings.Cut(got, " | ")
				if got != title {
					t.Errorf("%s: title %q, want %q", name, got, title)
				}
			}
			// No feed without posts (plugin-content-blog's generateBlogFeed:
			// "if (!blogPosts.length) return null"), no archive, no tags.
			for _, name := range []string{"blog/authors/ann/index.html", "blog/rss.xml", "blog/atom.xml", "blog/archive/index.html", "blog/tags/index.html"} {
				if _, ok := files[name]; ok {
					t.Errorf("%s published; Docusaurus writes none for an empty blog", name)
				}
			}
		})
	}
}
