package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestDocusaurusMultipleBlogs: "Docusaurus can have multiple blogs ...
// plugins: [['@docusaurus/plugin-content-blog', {id: 'second-blog',
// routeBasePath: 'my-second-blog', path: './my-second-blog'}]]"
// (https://docusaurus.io/docs/blog#multiple-blogs): each blog is built at
// its routeBasePath with its own list, posts, tags ("tagsBasePath"),
// archive ("archiveBasePath") and feeds
// (https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-blog#configuration),
// beside the preset's.
func TestDocusaurusMultipleBlogs(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"docusaurus.config.js": `module.exports = {title: 'Guild', url: 'https://x.test', baseUrl: '/', onBrokenLinks: 'throw',
  presets: [['classic', {blog: {blogTitle: 'Session log'}}]],
  plugins: [['@docusaurus/plugin-content-blog', {id: 'news', path: 'news', routeBasePath: 'news', blogTitle: 'Guild news'}]],
};
`,
		"docs/intro.md":                 "# Intro\n\nSee [the news](/news) and [the log](/blog), [a tag](/news/tags/fair), [the archive](/news/archive).\n",
		"blog/2024-05-01-first.md":      "---\ntitle: First session\ntags: [combat]\n---\nWe met.\n",
		"news/2024-06-01-fair.md":       "---\ntitle: The fair\ntags: [fair]\n---\nA fair.\n",
		"news/2024-07-01-elections.mdx": "---\ntitle: Elections\n---\nVotes.\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
		t.Fatalf("build (strict, as Docusaurus's onBrokenLinks: 'throw' build passes): %v", err)
	}
	files := readTree(t, out)
	for _, f := range []string{
		"blog/index.html", "blog/2024/05/01/first/index.html", "blog/tags/combat/index.html", "blog/archive/index.html", "blog/rss.xml", "blog/atom.xml",
		"news/index.html", "news/2024/06/01/fair/index.html", "news/2024/07/01/elections/index.html", "news/tags/fair/index.html", "news/archive/index.html", "news/rss.xml", "news/atom.xml",
	} {
		if _, ok := files[f]; !ok {
			t.Errorf("%s not written", f)
		}
	}
	checks := []struct {
		rule string
		ok   bool
	}{
		{"each list is titled by its blogTitle", strings.Contains(files["blog/index.html"], "<h1>Session log</h1>") && strings.Contains(files["news/index.html"], "<h1>Guild news</h1>")},
		{"each list holds its own posts only", strings.Contains(files["news/index.html"], "The fair") && strings.Contains(files["news/index.html"], "Elections") && !strings.Contains(files["news/index.html"], "First session") &&
			strings.Contains(files["blog/index.html"], "First session") && !strings.Contains(files["blog/index.html"], "The fair")},
		{"each feed holds its own posts only", strings.Contains(files["news/rss.xml"], "The fair") && !strings.Contains(files["news/rss.xml"], "First session") && strings.Contains(files["blog/rss.xml"], "First session")},
	}
	for _, c := range checks {
		if !c.ok {
			t.Errorf("%s: not so", c.rule)
		}
	}
}
