package hugo

import (
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestPageURL checks url: and slug: ("Set the slug in front matter to
// override the last segment of the path. This front matter field is not
// applicable to home, section, taxonomy, or term pages"; "Set the url in
// front matter to override the entire path"; "If you set both slug and
// url in front matter, the url value takes precedence",
// https://gohugo.io/content-management/urls/#front-matter). The expected
// URLs are Hugo 0.111's (`hugo list all` on the same files), also of
// _index.md.md, a regular page at its folder's URL ("" for the file's).
func TestPageURL(t *testing.T) {
	var m layout.Markup
	m.Extensions = []string{".mdown", ".markdown"}
	seg := Segment(false, false)
	for _, c := range []struct {
		rel  string
		fm   map[string]any
		want string
	}{
		{"rules/grimoire_essence.md", map[string]any{"slug": "grimoire/essence"}, "/rules/grimoire/essence/"},
		{"rules/deep/d.md", map[string]any{"slug": "deep-slug"}, "/rules/deep/deep-slug/"},
		{"misc/m.md", map[string]any{"slug": "/lead/"}, "/misc/lead/"},
		{"top.md", map[string]any{"Slug": "topslug"}, "/topslug/"},
		{"Rules Two/s.md", map[string]any{"slug": "Hello World"}, "/rules-two/hello-world/"},
		{"rules/u.md", map[string]any{"url": "/elsewhere/here", "slug": "no"}, "/elsewhere/here/"},
		{"rules/v.md", map[string]any{"URL": "/v.html"}, "/v.html"},
		{"rules/bundle/index.md", map[string]any{"slug": "bundled"}, "/rules/bundled/"},
		{"rules/_index.md", map[string]any{"slug": "not-for-sections"}, ""},
		{"writeups/The Prophets/_index.md.md", nil, "/writeups/the-prophets/"},
		{"sec/index.md.md", nil, ""},
		{"sec/foo.xy.md", nil, ""},
		{"rules/plain.md", map[string]any{"title": "Plain"}, ""},
		{"rules/empty.md", map[string]any{"slug": ""}, ""},
		{"rules/notes.txt", map[string]any{"slug": "x"}, ""},
	} {
		if got := pageURL(c.rel, c.fm, seg, m.MarkdownStem, nil, nil); got != c.want {
			t.Errorf("pageURL(%q, %v) = %q, want %q", c.rel, c.fm, got, c.want)
		}
	}
}

// TestPermalink checks the [permalinks] patterns' tokens against Hugo
// 0.111's URLs for the same pages (`hugo list all`): "The permalinks
// option in your site configuration allows you to adjust the directory
// paths (i.e., the URLs) on a per-section basis"
// (https://gohugo.io/content-management/urls/#permalinks).
func TestPermalink(t *testing.T) {
	var m layout.Markup
	seg := Segment(false, false)
	isSection := func(dir string) bool {
		return dir == "deep/Sub Sec" || dir == "cut/a" || dir == "cut/a/b" || dir == "last/a"
	}
	// ":sections[1:]" and ":sections[last]": "select a range of sections
	// from the section hierarchy" (Hugo 0.83+; AliceNovel/Docs:
	// docs = "/docs/:sections[1:]/:slug/", /docs/anov/1/ for
	// content/ja/docs/anov/1.md).
	links := map[string]string{"posts": ":section/:slug/:filename", "docs": "/x/:monthname/:year-:month/:title", "deep": "/:sections/:title/", "odd": "/:nosuch/",
		"cut": "/c/:sections[1:]/:title/", "last": "/l/:sections[last]/:title/", "mid": "/m/:sections[:last]/:title/"}
	for _, c := range []struct {
		rel  string
		fm   map[string]any
		want string
	}{
		{"posts/sub/b.md", map[string]any{"title": "Sub Post", "slug": "sluggy"}, "/posts/sluggy/b/"},
		{"posts/a.md", map[string]any{"title": "Hello World!"}, "/posts/hello-world/a/"},
		{"posts/bund/index.md", map[string]any{"title": "Bundle"}, "/posts/bundle/bund/"},
		{"posts/u.md", map[string]any{"title": "Moved", "url": "/m/"}, "/m/"},
		{"docs/Doc File.md", map[string]any{"title": "Doc One"}, "/x/january/1-01/doc-one/"},
		{"docs/two.md", map[string]any{"title": "Doc Two", "date": "2021-03-04"}, "/x/march/2021-03/doc-two/"},
		{"deep/d.md", map[string]any{"title": "D"}, "/deep/d/"},
		{"deep/plain/d.md", map[string]any{"title": "D"}, "/deep/d/"},           // plain/ is no section
		{"deep/Sub Sec/d.md", map[string]any{"title": "D"}, "/deep/sub-sec/d/"}, // Sub Sec/ has _index.md
		{"deep/Sub Sec/x/d.md", map[string]any{"title": "D"}, "/deep/sub-sec/d/"},
		{"cut/a/b/p.md", map[string]any{"title": "P"}, "/c/a/b/p/"},
		{"cut/a/p.md", map[string]any{"title": "P"}, "/c/a/p/"},
		{"cut/p.md", map[string]any{"title": "P"}, "/c/p/"},
		{"last/a/p.md", map[string]any{"title": "P"}, "/l/a/p/"},
		{"last/p.md", map[string]any{"title": "P"}, "/l/last/p/"},
		{"mid/p.md", map[string]any{"title": "P"}, "/m/p/"},
		{"odd/o.md", map[string]any{"title": "O"}, ""},
		{"posts/_index.md", map[string]any{"title": "Posts"}, ""},
		{"top.md", map[string]any{"title": "Top"}, ""},
	} {
		if got := pageURL(c.rel, c.fm, seg, m.MarkdownStem, links, isSection); got != c.want {
			t.Errorf("pageURL(%q, %v) = %q, want %q", c.rel, c.fm, got, c.want)
		}
	}
}

// TestPermalinksSettings checks that Recognise reads [permalinks], and
// says so of a pattern with a token Hugo 0.111 does not have (Hugo stops
// the build there; sitegen keeps the files' URLs).
func TestPermalinksSettings(t *testing.T) {
	l, err := Recognise(layouttest.Write(t, map[string]string{
		"hugo.toml":          "title = \"H\"\n[permalinks]\nposts = \"/:year/:title/\"\nodd = \"/:contentbasename/\"\n",
		"content/posts/a.md": "",
	}))
	if err != nil || l == nil {
		t.Fatalf("Recognise: %v, %v", l, err)
	}
	if got := l.PageURL("posts/a.md", map[string]any{"title": "A b", "date": "2020-05-06"}); got != "/2020/a-b/" {
		t.Errorf("posts/a.md: %q, want /2020/a-b/", got)
	}
	if got := l.PageURL("odd/a.md", map[string]any{"title": "A"}); got != "" {
		t.Errorf("odd/a.md: %q, want its file's URL", got)
	}
	if !slices.ContainsFunc(l.Notes, func(n string) bool { return strings.Contains(n, "permalinks.odd") }) {
		t.Errorf("notes %q: none about permalinks.odd", l.Notes)
	}
}
