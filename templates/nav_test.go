package templates

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestNavWindow: a long section shows NavLimit entries around the current
// page and a link to the section's page; short sections and the top level
// are shown whole.
func TestNavWindow(t *testing.T) {
	section := func(url string, n int) *NavItem {
		s := &NavItem{Title: "Big", URL: url}
		for i := range n {
			s.Children = append(s.Children, &NavItem{Title: fmt.Sprintf("P%03d", i), URL: fmt.Sprintf("%sp%03d/", url, i)})
		}
		return s
	}
	big, small := section("/big/", 200), section("/small/", NavLimit)
	var top []*NavItem
	for i := range NavLimit + 5 { // a long top level is never cut
		top = append(top, &NavItem{Title: fmt.Sprintf("T%d", i), URL: fmt.Sprintf("/t%d/", i)})
	}
	site := &Site{Home: "/", Nav: append([]*NavItem{big, small}, top...)}
	for _, tc := range []struct {
		url        string
		first, end string // first and last entry of big shown; "" when big is closed
		more       bool
		list       int // for a page of big's own long list: the index of its first entry (0: not one)
	}{
		{"/big/p000/", "P000", "P029", true, 0},
		{"/big/p100/", "P085", "P114", true, 0},
		{"/big/p199/", "P170", "P199", true, 0},
		{"/big/", "P000", "P029", true, 0},
		{"/small/p003/", "", "", false, 0},
		{"/big/page/2/", "P100", "P129", true, 100}, // the list's page 2 starts at its own entries
		{"/big/page/3/", "P170", "P199", true, 190}, // near the end: the last NavLimit
	} {
		var b strings.Builder
		p := &Page{Kind: KindPage, Site: site, URL: tc.url, Title: "x"}
		if tc.list > 0 {
			p.Kind, p.Pagination = KindSection, &Pagination{Number: 2, URLs: []string{"/big/", "/big/page/2/", "/big/page/3/"}}
			for _, c := range big.Children[tc.list:] {
				p.Children = append(p.Children, Link{Title: c.Title, URL: c.URL})
			}
		}
		if err := navList(p, p.navHolds(), nil, site.Nav).Render(context.Background(), &b); err != nil {
			t.Fatal(err)
		}
		html := b.String()
		if n := strings.Count(html, `href="/t`); n != len(top) {
			t.Errorf("%s: %d top-level entries, want all %d", tc.url, n, len(top))
		}
		shown := strings.Count(html, `href="/big/p`)
		if tc.first == "" {
			if shown != 0 {
				t.Errorf("%s: %d entries of a closed section shown", tc.url, shown)
			}
		} else if shown != NavLimit || !strings.Contains(html, ">"+tc.first+"<") || !strings.Contains(html, ">"+tc.end+"<") ||
			strings.Contains(html, fmt.Sprintf(">P%03d<", atoi(tc.first)-1)) || strings.Contains(html, fmt.Sprintf(">P%03d<", atoi(tc.end)+1)) {
			t.Errorf("%s: %d entries shown, want %d from %s to %s:\n%s", tc.url, shown, NavLimit, tc.first, tc.end, html)
		}
		if got := strings.Contains(html, `<a href="/big/">All 200 pages of Big</a>`); got != tc.more {
			t.Errorf("%s: link to all pages = %v, want %v", tc.url, got, tc.more)
		}
		if strings.Contains(html, "pages of Small") {
			t.Errorf("%s: a section of exactly NavLimit entries got the link", tc.url)
		}
		if strings.Contains(tc.url, "/small/") && strings.Count(html, `href="/small/p`) != NavLimit {
			t.Errorf("%s: small section not shown whole", tc.url)
		}
	}
}

func atoi(s string) int {
	var n int
	fmt.Sscanf(s, "P%d", &n)
	return n
}

// TestNavWindowHeading: a heading of the navigation without a page of its
// own (an MkDocs section, a Docusaurus category without a link) has no
// page listing its entries, so a long one is shown whole, never with a
// link to "all pages" that would lead nowhere.
func TestNavWindowHeading(t *testing.T) {
	h := &NavItem{Title: "Spells", Kind: NavDraft}
	for i := range NavLimit + 10 {
		h.Children = append(h.Children, &NavItem{Title: fmt.Sprintf("S%03d", i), URL: fmt.Sprintf("/spells/s%03d/", i)})
	}
	site := &Site{Home: "/", Nav: []*NavItem{h}}
	p := &Page{Kind: KindPage, Site: site, URL: "/spells/s020/", Title: "x"}
	var b strings.Builder
	if err := navList(p, p.navHolds(), nil, site.Nav).Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	html := b.String()
	if n := strings.Count(html, `href="/spells/s`); n != len(h.Children) {
		t.Errorf("%d of the heading's %d entries shown, want all", n, len(h.Children))
	}
	if strings.Contains(html, "nav-more") || strings.Contains(html, `href=""`) {
		t.Errorf("a link to all the pages of a heading without a page:\n%s", html)
	}
}

// TestNavHolds: the entries navHolds finds from the page's trail are
// exactly those with an entry below them, at any depth, in the page's
// trail (InTrail), found here by walking every entry's whole subtree; on
// random trees whose URLs nest as folders, do not nest (a table of
// contents that gathers pages of other folders), repeat, or include the
// home page, with the index made by SetNav, made from another tree, or
// not made.
func TestNavHolds(t *testing.T) {
	var below func(p *Page, it *NavItem) bool
	below = func(p *Page, it *NavItem) bool {
		for _, c := range it.Children {
			if p.InTrail(c.URL) || below(p, c) {
				return true
			}
		}
		return false
	}
	rng := rand.New(rand.NewPCG(33, 4))
	urls := []string{"/", "/a/", "/a/b/", "/a/b/c/", "/ab/", "/b/", "/b/x/", "/c/", "/c/a/b/", ""}
	for round := range 300 {
		var all, done []*NavItem // done: entries whose subtree is made, which may appear again
		var grow func(depth int) []*NavItem
		grow = func(depth int) []*NavItem {
			var items []*NavItem
			for range rng.IntN(4) {
				var it *NavItem
				if len(done) > 0 && rng.IntN(10) == 0 { // the same entry twice
					it = done[rng.IntN(len(done))]
				} else {
					it = &NavItem{URL: urls[rng.IntN(len(urls))]}
					all = append(all, it)
					if depth < 4 {
						it.Children = grow(depth + 1)
					}
					done = append(done, it)
				}
				items = append(items, it)
			}
			return items
		}
		site := &Site{Home: "/"}
		if round%3 == 1 {
			site.SetNav(grow(0)) // the index is then of another tree
			all, done = nil, nil
		}
		nav := grow(0)
		if round%3 == 0 {
			site.SetNav(nav)
		} else {
			site.Nav = nav
		}
		p := &Page{Site: site, URL: urls[rng.IntN(len(urls)-1)]}
		for range rng.IntN(3) {
			p.Breadcrumbs = append(p.Breadcrumbs, Link{URL: urls[rng.IntN(len(urls))]})
		}
		holds := p.navHolds()
		for _, it := range all {
			if want := below(p, it); holds[it] != want {
				t.Fatalf("round %d: page %q (breadcrumbs %v), entry %q: holds %v, want %v", round, p.URL, p.Breadcrumbs, it.URL, holds[it], want)
			}
		}
	}
}

// TestNavBadges: an entry's badge follows its label, in its variant's
// class (Starlight's SidebarSublist: <span>label</span><Badge
// variant=…>), and only a page whose navigation shows one loads
// BadgeStyleAsset (NavBadges), a folder's own navigation too.
func TestNavBadges(t *testing.T) {
	plain := []*NavItem{{Title: "A", URL: "/a/"}}
	badged := []*NavItem{{Title: "G", Kind: NavDraft, Collapsible: true, Badge: "WIP", BadgeVariant: "danger", Children: []*NavItem{
		{Title: "B", URL: "/b/", Badge: "New", BadgeVariant: "default"}}}}
	for _, tc := range []struct {
		name      string
		site, own []*NavItem
		want      bool
		html      []string
	}{
		{"none", plain, nil, false, []string{`<a href="/a/">A</a>`}},
		{"site", badged, nil, true, []string{`G<span class="nav-badge nav-badge-danger">WIP</span>`, `B<span class="nav-badge">New</span></a>`}},
		{"folder", plain, badged, true, nil},
		{"folder without", badged, plain, false, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			site := &Site{Home: "/"}
			site.SetNav(tc.site)
			p := &Page{Kind: KindPage, Site: site, URL: "/b/", Title: "x", Nav: tc.own}
			if got := p.NavBadges(); got != tc.want {
				t.Errorf("NavBadges = %v, want %v", got, tc.want)
			}
			var b strings.Builder
			if err := navList(p, p.navHolds(), nil, p.NavTree()).Render(context.Background(), &b); err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.html {
				if !strings.Contains(b.String(), w) {
					t.Errorf("no %s in\n%s", w, b.String())
				}
			}
		})
	}
}
