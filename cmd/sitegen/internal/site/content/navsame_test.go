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
