package site

import (
	"encoding/xml"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// docusaurusBlogFixture is a Docusaurus 3 site with a blog of four posts
// (tags, authors of authors.yml and inline, truncate markers of both
// syntaxes), postsPerPage 2, and tagged docs without a doc at slug /.
// Docusaurus 3.10.2's build of it (docusaurus build, classic preset)
// publishes the pages TestDocusaurusBlogPages expects, with those titles.
var docusaurusBlogFixture = map[string]string{
	"docusaurus.config.js": "module.exports = {title: 'T', url: 'https://example.org', baseUrl: '/', onBrokenLinks: 'throw',\n" +
		"  presets: [['classic', {docs: {}, blog: {postsPerPage: 2, onUntruncatedBlogPosts: 'ignore'}}]]};\n",
	"docs/intro.md": "---\ntags: [Rules, hello world]\n---\n# Intro\n\nSee [the archive](/blog/archive), [page 2](/blog/page/2), [a tag](/blog/tags/hello), " +
		"[the tags](/blog/tags), [Ann](/blog/authors/ann), [the authors](/blog/authors), [the docs' tags](/docs/tags/rules), [g](g/one.md).\n",
	// A #word in the text is no tag: Docusaurus's tags are the front
	// matter's (https://docusaurus.io/docs/create-doc#doc-tags).
	"docs/g/one.md":                   "# G one\n\nx, for fun. #Feminism.\n",
	"blog/2024-05-01-first-post.md":   "---\ntitle: First post\ntags: [hello, Big News]\nauthors: [ann]\n---\nHello.\n\n<!-- truncate -->\n\nMore.\n",
	"blog/2024-06-02-second/index.md": "---\nslug: second\ntitle: Second post\nauthors:\n  - name: Bob Inline\n    url: https://bob.example\ntags: [hello]\n---\nAgain.\n",
	"blog/third.mdx":                  "---\ntitle: Third post\nauthors: [ann, cat]\ndate: 2024-07-03\n---\nThird.\n\n{/* truncate */}\n\nRest.\n",
	"blog/2023-01-01-fourth.md":       "---\ntitle: Fourth\n---\nFour.\n",
	"blog/authors.yml":                "ann:\n  name: Ann Author\n  title: Writer\n  url: https://ann.example\n  page: true\ncat:\n  name: Cat\n",
}

// TestDocusaurusBlogPages: the blog plugin's pages beside the posts
// (https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-blog#configuration):
// "postsPerPage: Number of posts to show per page in the listing page"
// (/blog/page/2), "archiveBasePath: URL route for the archive section of
// your blog" ('archive'), "tagsBasePath: URL route for the tags section of
// your blog" ('tags'), "authorsBasePath: URL route for the authors section
// of your blog" ('authors'; a page for an author with "page: true",
// https://docusaurus.io/docs/blog#authors-pages), "feedOptions.type: Type of
// feed to be generated" (default rss and atom: /blog/rss.xml, /blog/atom.xml,
// https://docusaurus.io/docs/blog#feed); the docs plugin's tags at
// /docs/tags/ ("tagsBasePath ... 'tags'", https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-docs#configuration),
// not sitegen's /tags/. The pages and titles are those of Docusaurus
// 3.10.2's build of the fixture.
func TestDocusaurusBlogPages(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, docusaurusBlogFixture)
	out := filepath.Join(t.TempDir(), "out")
	res, err := build(t, dir, content.Options{Theme: theme, Dest: out})
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	files := readTree(t, out)
	titles := map[string]string{
		"blog/index.html":                       "Blog",
		"blog/page/2/index.html":                "Blog",
		"blog/archive/index.html":               "Archive",
		"blog/tags/index.html":                  "Tags",
		"blog/tags/hello/index.html":            "2 posts tagged with &#34;hello&#34;",
		"blog/tags/big-news/index.html":         "One post tagged with &#34;Big News&#34;",
		"blog/authors/index.html":               "Authors",
		"blog/authors/ann/index.html":           "Ann Author - 2 posts",
		"docs/tags/index.html":                  "Tags",
		"docs/tags/rules/index.html":            "One doc tagged with &#34;Rules&#34;",
		"docs/tags/hello-world/index.html":      "One doc tagged with &#34;hello world&#34;",
		"blog/2024/05/01/first-post/index.html": "First post",
		"blog/second/index.html":                "Second post",
		"blog/third/index.html":                 "Third post",
		"blog/2023/01/01/fourth/index.html":     "Fourth",
	}
	for name, title := range titles {
		body, ok := files[name]
		if !ok {
			t.Errorf("%s not published", name)
			continue
		}
		got, _, _ := strings.Cut(strings.TrimPrefix(body[strings.Index(body, "<title>")+len("<title>"):], ""), "</title>")
		got, _, _ = strings.Cut(got, " · ")
		got, _, _ = strings.Cut(got, " | ")
		if got != title && got != strings.ReplaceAll(title, "&#34;", "&quot;") {
			t.Errorf("%s: title %q, want %q", name, got, title)
		}
	}
	for _, name := range []string{"tags/index.html", "docs/tags/feminism/index.html", "blog/authors/cat/index.html", "blog/page/1/index.html", "blog/page/3/index.html"} {
		if _, ok := files[name]; ok {
			t.Errorf("%s published; Docusaurus has none", name)
		}
	}
	// The list pages: newest first, postsPerPage each.
	for name, want := range map[string][]string{
		"blog/index.html":             {"Third post", "Second post"},
		"blog/page/2/index.html":      {"First post", "Fourth"},
		"blog/tags/hello/index.html":  {"Second post", "First post"},
		"blog/authors/ann/index.html": {"Third post", "First post"},
		"blog/archive/index.html":     {"Third post", "Second post", "First post", "Fourth"},
	} {
		body := files[name]
		last := -1
		for _, w := range want {
			i := strings.Index(body, w)
			if i < last {
				t.Errorf("%s: %q not after the post before it (want %v)", name, w, want)
			}
			last = i
		}
		for _, other := range []string{"Third post", "Second post", "First post", "Fourth"} {
			if !slices.Contains(want, other) && strings.Contains(body, ">"+other+"<") {
				t.Errorf("%s lists %q; want only %v", name, other, want)
			}
		}
	}
	// The feeds: valid RSS 2.0 and Atom, the posts newest first with
	// their titles, links, dates and summaries (the text before the
	// truncate marker, or the first paragraph).
	var rss struct {
		Channel struct {
			Title string `xml:"title"`
			Items []struct {
				Title       string `xml:"title"`
				Link        string `xml:"link"`
				GUID        string `xml:"guid"`
				PubDate     string `xml:"pubDate"`
				Description string `xml:"description"`
			} `xml:"item"`
		} `xml:"channel"`
	}
	if err := xml.Unmarshal([]byte(files["blog/rss.xml"]), &rss); err != nil {
		t.Errorf("blog/rss.xml: %v", err)
	}
	var atom struct {
		XMLName xml.Name `xml:"http://www.w3.org/2005/Atom feed"` // RFC 4287's namespace
		Title   string   `xml:"title"`
		Entries []struct {
			Title   string `xml:"title"`
			ID      string `xml:"id"`
			Updated string `xml:"updated"`
			Summary string `xml:"summary"`
			Link    struct {
				Href string `xml:"href,attr"`
			} `xml:"link"`
		} `xml:"entry"`
	}
	if err := xml.Unmarshal([]byte(files["blog/atom.xml"]), &atom); err != nil {
		t.Errorf("blog/atom.xml: %v", err)
	}
	want := []struct{ title, link, rssDate, atomDate, summary string }{
		{"Third post", "https://example.org/blog/third/", "Wed, 03 Jul 2024 00:00:00 GMT", "2024-07-03T00:00:00Z", "Third."},
		{"Second post", "https://example.org/blog/second/", "Sun, 02 Jun 2024 00:00:00 GMT", "2024-06-02T00:00:00Z", "Again."},
		{"First post", "https://example.org/blog/2024/05/01/first-post/", "Wed, 01 May 2024 00:00:00 GMT", "2024-05-01T00:00:00Z", "Hello."},
		{"Fourth", "https://example.org/blog/2023/01/01/fourth/", "Sun, 01 Jan 2023 00:00:00 GMT", "2023-01-01T00:00:00Z", "Four."},
	}
	if rss.Channel.Title != "T Blog" || atom.Title != "T Blog" || len(rss.Channel.Items) != len(want) || len(atom.Entries) != len(want) {
		t.Fatalf("feeds: titles %q, %q, %d and %d posts, want \"T Blog\" and %d\nrss: %s\natom: %s", rss.Channel.Title, atom.Title,
			len(rss.Channel.Items), len(atom.Entries), len(want), files["blog/rss.xml"], files["blog/atom.xml"])
	}
	for i, w := range want {
		it, e := rss.Channel.Items[i], atom.Entries[i]
		if it.Title != w.title || it.Link != w.link || it.GUID != w.link || it.PubDate != w.rssDate || it.Description != w.summary {
			t.Errorf("rss item %d = %+v, want %+v", i, it, w)
		}
		if e.Title != w.title || e.Link.Href != w.link || e.ID != w.link || e.Updated != w.atomDate || e.Summary != w.summary {
			t.Errorf("atom entry %d = %+v, want %+v", i, e, w)
		}
	}
	if t.Failed() {
		t.Logf("published: %v\nwarnings: %v\nnotes: %v", keys(files), res.Warnings, res.Notes)
	}
}
