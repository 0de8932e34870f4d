package content

import (
	"testing"

	"d6codex/templates"
)

// TestNavSame: a page is rendered again when a list its navigation shows
// changed: the top level, the entries under its trail, under a draft, and
// under an unfolded entry (mdBook's whole table of contents), but not
// under a folded entry off its trail.
func TestNavSame(t *testing.T) {
	page := &templates.Page{Site: &templates.Site{Home: "/"}, URL: "/b/"}
	tree := func(unfolded bool, child string) []*templates.NavItem {
		return []*templates.NavItem{
			{Title: "A", URL: "/a/", Unfolded: unfolded, Children: []*templates.NavItem{{Title: child, URL: "/a1/"}}},
			{Title: "B", URL: "/b/"},
		}
	}
	for _, c := range []struct {
		name     string
		old, now []*templates.NavItem
		same     bool
	}{
		{"nothing changed", tree(true, "A1"), tree(true, "A1"), true},
		{"a child of a folded entry off the trail", tree(false, "A1"), tree(false, "A one"), true},
		{"a child of an unfolded entry", tree(true, "A1"), tree(true, "A one"), false},
		{"the entry unfolds", tree(false, "A1"), tree(true, "A1"), false},
	} {
		if got := NavSame(page, c.old, c.now); got != c.same {
			t.Errorf("%s: NavSame = %v, want %v", c.name, got, c.same)
		}
	}
}

// TestSameNavItem: an entry shows the same only when every field a view
// draws is the same; each field of templates.NavItem but its children,
// changed alone, is a change (stl13: a link's target attribute changed
// alone left an incremental build with the old one).
func TestSameNavItem(t *testing.T) {
	base := templates.NavItem{Title: "A", URL: "/a/"}
	for _, c := range []struct {
		name string
		edit func(*templates.NavItem)
	}{
		{"Title", func(n *templates.NavItem) { n.Title = "B" }},
		{"URL", func(n *templates.NavItem) { n.URL = "/b/" }},
		{"Kind", func(n *templates.NavItem) { n.Kind = templates.NavDraft }},
		{"Number", func(n *templates.NavItem) { n.Number = "1." }},
		{"Collapsible", func(n *templates.NavItem) { n.Collapsible = true }},
		{"Open", func(n *templates.NavItem) { n.Open = true }},
		{"Group", func(n *templates.NavItem) { n.Group = "g" }},
		{"Unfolded", func(n *templates.NavItem) { n.Unfolded = true }},
		{"External", func(n *templates.NavItem) { n.External = true }},
		{"Target", func(n *templates.NavItem) { n.Target = "_blank" }},
	} {
		now := base
		c.edit(&now)
		if sameNavItem(&base, &now) {
			t.Errorf("%s changed: sameNavItem = true", c.name)
		}
		if NavEqual([]*templates.NavItem{&base}, []*templates.NavItem{&now}) {
			t.Errorf("%s changed: NavEqual = true", c.name)
		}
	}
	same := base
	if !sameNavItem(&base, &same) {
		t.Error("an unchanged entry: sameNavItem = false")
	}
}
