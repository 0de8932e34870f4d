package docusaurus

import (
	"fmt"
	"slices"
	"testing"

	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestKebabCase: Docusaurus names a blog tag's page with lodash's
// kebabCase of its label (@docusaurus/utils tags.js: "permalink:
// _.kebabCase(tagString)"), and an author's page with its key's
// (https://docusaurus.io/docs/blog#authors-pages). lodash's examples
// (https://lodash.com/docs/4.17.15#kebabCase): "_.kebabCase('Foo Bar') //
// => 'foo-bar'", "_.kebabCase('fooBar') // => 'foo-bar'",
// "_.kebabCase('__FOO_BAR__') // => 'foo-bar'"; the others are Docusaurus
// 3.10.2's build of the fixture of site.TestDocusaurusBlogPages and
// lodash 4.18.1 (Docusaurus 3.10.2's) run under node 20.
func TestKebabCase(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"Foo Bar", "foo-bar"},
		{"fooBar", "foo-bar"},
		{"__FOO_BAR__", "foo-bar"},
		{"Big News", "big-news"},
		{"hello world", "hello-world"},
		{"Rules", "rules"},
		{"D&D 5e", "d-d-5-e"},
		{"v2", "v-2"},
		{"XMLHttp", "xml-http"},
		{"ann", "ann"},
	} {
		if got := KebabCase(tt.in); got != tt.want {
			t.Errorf("KebabCase(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestBlogOptions: the blog plugin's options
// (https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-blog#configuration):
// "postsPerPage ... Use 'ALL' to display all posts on one listing page"
// (default 10); "archiveBasePath ... Use null to disable generation of
// archive" (default 'archive'); "feedOptions.type: Type of feed to be
// generated. Use null to disable generation" (default ['rss', 'atom']);
// "feedOptions.title" (default the site's title + " Blog", as its build
// writes it); tagsBasePath and authorsBasePath; the docs' tags at the
// docs plugin's routeBasePath + "tags".
func TestBlogOptions(t *testing.T) {
	for _, tt := range []struct {
		blog                              string
		perPage                           int
		archive, authors, tags, feedTitle string
		feeds                             []string
	}{
		{"{}", 10, "/blog/archive/", "/blog/authors/", "/blog/tags/", "T Blog", []string{"rss", "atom"}},
		{"{postsPerPage: 'ALL', archiveBasePath: null, feedOptions: {type: null}}", 0, "", "/blog/authors/", "/blog/tags/", "T Blog", nil},
		{"{postsPerPage: 3, routeBasePath: 'news', archiveBasePath: 'all', tagsBasePath: 'topics', authorsBasePath: 'people', feedOptions: {type: 'atom', title: 'News'}}",
			3, "/news/all/", "/news/people/", "/news/topics/", "News", []string{"atom"}},
		// "type: 'rss' | 'atom' | 'json' | 'all'" ('all': the three).
		{"{feedOptions: {type: 'all'}}", 10, "/blog/archive/", "/blog/authors/", "/blog/tags/", "T Blog", []string{"rss", "atom", "json"}},
		{"{feedOptions: {type: ['json', 'rss']}}", 10, "/blog/archive/", "/blog/authors/", "/blog/tags/", "T Blog", []string{"json", "rss"}},
	} {
		dir := layouttest.Write(t, map[string]string{
			"docusaurus.config.js": fmt.Sprintf("module.exports = {title: 'T', presets: [['classic', {docs: {routeBasePath: 'rules'}, blog: %s}]]};\n", tt.blog),
			"docs/a.md":            "",
			"blog/2024-01-01-a.md": "",
			"blog/authors.yml":     "ann:\n  name: Ann\n  page: true\nbob:\n  name: Bob\n  page: {permalink: '/bobby'}\ncat:\n  name: Cat\n",
		})
		l, err := Recognise(dir)
		if err != nil {
			t.Fatal(err)
		}
		if len(l.Blogs) != 1 {
			t.Fatalf("%s: blogs %v, want one", tt.blog, l.Blogs)
		}
		b := l.Blogs[0]
		if b.PerPage != tt.perPage || b.ArchiveURL != tt.archive || b.AuthorsURL != tt.authors || b.FeedTitle != tt.feedTitle || !slices.Equal(b.Feeds, tt.feeds) {
			t.Errorf("%s: blog %d %q %q %q %v, want %d %q %q %q %v", tt.blog, b.PerPage, b.ArchiveURL, b.AuthorsURL, b.FeedTitle, b.Feeds,
				tt.perPage, tt.archive, tt.authors, tt.feedTitle, tt.feeds)
		}
		if g := l.Tags(b.Dir + "/2024-01-01-a.md"); g == nil || g.URL != tt.tags {
			t.Errorf("%s: the posts' tags at %+v, want %s", tt.blog, g, tt.tags)
		}
		if g := l.Tags("a.md"); g == nil || g.URL != "/rules/tags/" {
			t.Errorf("%s: the docs' tags at %+v, want /rules/tags/", tt.blog, g)
		}
		var pages []string
		for _, a := range b.Authors {
			pages = append(pages, a.Key+"="+a.Page)
		}
		base := tt.authors
		if want := []string{"ann=" + base + "ann/", "bob=" + base + "bobby/", "cat="}; !slices.Equal(pages, want) {
			t.Errorf("%s: authors %v, want %v", tt.blog, pages, want)
		}
	}
}
