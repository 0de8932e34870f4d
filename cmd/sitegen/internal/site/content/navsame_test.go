package content

import (
	"reflect"
	"testing"

	"d6codex/templates"
)

// TestNavSame: a page is rendered again when a list its navigation shows
// changed: the top level, the entries under its trail, under a draft, and
// under an unfolded entry (mdBook's whole table of contents), but not
// under a folded entry off its trail, nor under a part title or a
// separator (they show no entries).
func TestNavSame(t *testing.T) {
	page := &templates.Page{Site: &templates.Site{Home: "/"}, URL: "/b/b1/"}
	// tree is A (its child a1) and B (its child b1, the page's trail), the
	// edits made to it by edit.
	tree := func(edit func(a, b *templates.NavItem) []*templates.NavItem) []*templates.NavItem {
		a := &templates.NavItem{Title: "A", URL: "/a/", Children: []*templates.NavItem{{Title: "A1", URL: "/a/a1/"}}}
		b := &templates.NavItem{Title: "B", URL: "/b/", Children: []*templates.NavItem{{Title: "B1", URL: "/b/b1/"}}}
		if edit != nil {
			if more := edit(a, b); more != nil {
				return more
			}
		}
		return []*templates.NavItem{a, b}
	}
	part := func(a, _ *templates.NavItem) []*templates.NavItem { a.Kind = templates.NavPart; return nil }
	for _, c := range []struct {
		name string
		edit func(a, b *templates.NavItem) []*templates.NavItem
		same bool
		was  func(a, b *templates.NavItem) []*templates.NavItem // the old tree's edit, none for nil
	}{
		{"nothing changed", nil, true, nil},
		{"a child of a folded entry off the trail", func(a, _ *templates.NavItem) []*templates.NavItem { a.Children[0].Title = "A one"; return nil }, true, nil},
		{"a child added to a folded entry off the trail", func(a, _ *templates.NavItem) []*templates.NavItem {
			a.Children = append(a.Children, &templates.NavItem{Title: "A2", URL: "/a/a2/"})
			return nil
		}, true, nil},
		{"a child of an unfolded entry", func(a, _ *templates.NavItem) []*templates.NavItem {
			a.Unfolded, a.Children[0].Title = true, "A one"
			return nil
		}, false, nil},
		{"a child of a draft", func(a, _ *templates.NavItem) []*templates.NavItem {
			a.Kind, a.Children[0].Title = templates.NavDraft, "A one"
			return nil
		}, false, nil},
		{"a child of a part title", func(a, _ *templates.NavItem) []*templates.NavItem {
			a.Kind, a.Children[0].Title = templates.NavPart, "A one"
			return nil
		}, true, part},
		{"a child on the page's trail", func(_, b *templates.NavItem) []*templates.NavItem { b.Children[0].Title = "B one"; return nil }, false, nil},
		{"a child added on the page's trail", func(_, b *templates.NavItem) []*templates.NavItem {
			b.Children = append(b.Children, &templates.NavItem{Title: "B2", URL: "/b/b2/"})
			return nil
		}, false, nil},
		{"a top-level title", func(a, _ *templates.NavItem) []*templates.NavItem { a.Title = "Alpha"; return nil }, false, nil},
		{"a top-level entry added", func(a, b *templates.NavItem) []*templates.NavItem {
			return []*templates.NavItem{a, b, {Title: "C", URL: "/c/"}}
		}, false, nil},
		{"the entries' order", func(a, b *templates.NavItem) []*templates.NavItem { return []*templates.NavItem{b, a} }, false, nil},
		{"a folded entry's last child removed", func(a, _ *templates.NavItem) []*templates.NavItem { a.Children = nil; return nil }, false, nil}, // its mark of children
	} {
		if got := NavSame(page, tree(c.was), tree(c.edit)); got != c.same {
			t.Errorf("%s: NavSame = %v, want %v", c.name, got, c.same)
		}
		if got := NavEqual(tree(nil), tree(c.edit)); got != (c.edit == nil) {
			t.Errorf("%s: NavEqual = %v, want %v", c.name, got, c.edit == nil)
		}
	}
}

// TestSameNavItem: an entry shows the same only when every field a view
// draws is the same; each field of templates.NavItem but its children,
// changed alone, is a change (stl13: a link's target attribute changed
// alone left an incremental build with the old one). The fields are
// found by reflection, so a field added to templates.NavItem and not
// compared fails here.
func TestSameNavItem(t *testing.T) {
	base := templates.NavItem{Title: "A", URL: "/a/"}
	typ := reflect.TypeFor[templates.NavItem]()
	for i := range typ.NumField() {
		f := typ.Field(i)
		if f.Name == "Children" {
			continue
		}
		now := base
		v := reflect.ValueOf(&now).Elem().Field(i)
		switch v.Kind() {
		case reflect.String:
			v.SetString(v.String() + "x")
		case reflect.Bool:
			v.SetBool(!v.Bool())
		case reflect.Int:
			v.SetInt(v.Int() + 1)
		default:
			t.Fatalf("field %s is a %s: teach TestSameNavItem to change it", f.Name, v.Kind())
		}
		if sameNavItem(&base, &now) {
			t.Errorf("%s changed: sameNavItem = true", f.Name)
		}
		if NavEqual([]*templates.NavItem{&base}, []*templates.NavItem{&now}) {
			t.Errorf("%s changed: NavEqual = true", f.Name)
		}
	}
	same := base
	if !sameNavItem(&base, &same) {
		t.Error("an unchanged entry: sameNavItem = false")
	}
}
