package site

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestDocusaurusTagsListOnePage: the blog's list of tags (tagsBasePath,
// "URL route for the tags section of your blog",
// https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-blog#configuration)
// is one page of every tag; postsPerPage pages the posts of a tag, not
// the tags. Docusaurus 3.10.2 builds kaelynj/sanctuary-amongst-the-stars'
// 12 tags on /blog/tags/ alone, where sitegen made a /blog/tags/page/2/.
func TestDocusaurusTagsListOnePage(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"docusaurus.config.js": "module.exports = {title: 'T', url: 'https://x.test', baseUrl: '/', presets: [['classic', {docs: false, blog: {postsPerPage: 2, onUntruncatedBlogPosts: 'ignore'}}]]};\n",
	}
	tags := []string{"alpha", "bravo", "charlie", "delta", "echo"}
	// Three posts, each with all five tags: two pages of each tag.
	for i := range 3 {
		files[fmt.Sprintf("blog/2024-01-0%d-p%d.md", i+1, i)] = fmt.Sprintf("---\ntitle: P%d\ntags: [%s]\n---\nText.\n", i, strings.Join(tags, ", "))
	}
	sitetest.WriteFiles(t, dir, files)
	out := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
		t.Fatal(err)
	}
	tree := readTree(t, out)
	if _, ok := tree["blog/tags/page/2/index.html"]; ok {
		t.Errorf("the list of tags has a second page: Docusaurus lists every tag on /blog/tags/")
	}
	for _, tag := range tags {
		if !strings.Contains(tree["blog/tags/index.html"], `href="/blog/tags/`+tag+`/"`) {
			t.Errorf("/blog/tags/ does not list %s", tag)
		}
	}
	if _, ok := tree["blog/tags/alpha/page/2/index.html"]; !ok {
		t.Errorf("tag alpha's three posts are one page: postsPerPage 2 pages them")
	}
}
