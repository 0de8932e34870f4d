package content

import (
	"reflect"
	"testing"

	"d6codex/templates"
)

// TestListPaths: a long list's further pages are SECTION/page/N/ for a
// pretty URL, and SECTION/page/N.html for a page published at an .html
// URL (Quartz's tags/cs.html, a Hugo site with uglyURLs): never
// "tags/cs.htmlpage/2/", the URL jdwh08/foxnote-quartzsite's tag pages
// got (eval12A; Quartz itself does not paginate its tag pages).
func TestListPaths(t *testing.T) {
	kids := func(n int) []*Page { return make([]*Page, n) }
	for _, tc := range []struct {
		name string
		p    *Page
		want []string
	}{
		{"a page", &Page{SitePath: "/a/", Kind: templates.KindPage}, []string{"/a/"}},
		{"a short section", &Page{SitePath: "/s/", Kind: templates.KindSection, Children: kids(3), PerPage: 2}, []string{"/s/", "/s/page/2/"}},
		{"a section at an .html URL", &Page{SitePath: "/tags/cs.html", Kind: templates.KindSection, Children: kids(5), PerPage: 2},
			[]string{"/tags/cs.html", "/tags/cs/page/2.html", "/tags/cs/page/3.html"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := ListPaths(tc.p); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("ListPaths = %q, want %q", got, tc.want)
			}
		})
	}
}
