package hugo

import (
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
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
		if got := pageURL(c.rel, c.fm, seg, m.MarkdownStem); got != c.want {
			t.Errorf("pageURL(%q, %v) = %q, want %q", c.rel, c.fm, got, c.want)
		}
	}
}
