package hugo

import (
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestMenu checks the main menu's rules of
// https://gohugo.io/content-management/menus/ without Hugo (TestHugo's
// "main menu" fixtures in package testing/conformance compare with it):
// "Hugo sorts menu entries by weight, then by name" (weight 0: last),
// "parent: The identifier of the parent menu entry", and the front
// matter's three forms.
func TestMenu(t *testing.T) {
	flat := func(es []layout.MenuEntry) string {
		var b strings.Builder
		var walk func([]layout.MenuEntry, string)
		walk = func(es []layout.MenuEntry, in string) {
			for _, e := range es {
				b.WriteString(in + e.Name + e.Page + ";")
				walk(e.Children, in+"-")
			}
		}
		walk(es, "")
		return b.String()
	}
	tests := []struct {
		name  string
		site  map[string]any
		pages map[string]map[string]any
		want  string
	}{
		{"weight, none last, then name", map[string]any{"menus": map[string]any{"main": []any{
			map[string]any{"name": "zero b", "url": "/b/"},
			map[string]any{"name": "Zero a", "url": "/a/"},
			map[string]any{"name": "ten", "weight": int64(10)},
			map[string]any{"name": "five", "weight": int64(5)},
		}}}, nil, "five;ten;Zero a;zero b;"},
		{"menu (singular), other menus ignored", map[string]any{"menu": map[string]any{
			"main": []any{map[string]any{"Name": "M"}}, "footer": []any{map[string]any{"name": "F"}}}}, nil, "M;"},
		{"parent by identifier or name; unknown parent left out", map[string]any{"menus": map[string]any{"main": []any{
			map[string]any{"name": "Lore", "identifier": "lore", "weight": int64(1)},
			map[string]any{"name": "Rules", "weight": int64(2)},
			map[string]any{"name": "Gods", "parent": "lore"},
			map[string]any{"name": "Combat", "parent": "Rules"},
			map[string]any{"name": "Lost", "parent": "nobody"},
		}}}, nil, "Lore;-Gods;Rules;-Combat;"},
		{"a loop of parents ends", map[string]any{"menus": map[string]any{"main": []any{
			map[string]any{"name": "A", "parent": "B"},
			map[string]any{"name": "B", "parent": "A"},
			map[string]any{"name": "C"},
		}}}, nil, "C;"},
		{"front matter forms", nil, map[string]map[string]any{
			"a.md": {"menus": "main"},
			"b.md": {"menu": []any{"footer", "main"}},
			"c.md": {"menus": map[string]any{"main": map[string]any{"name": "C!", "weight": 1}}},
			"d.md": {"menus": "footer"},
		}, "C!c.md;a.md;b.md;"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			es := readMenu(tt.site)
			for _, rel := range []string{"a.md", "b.md", "c.md", "d.md"} {
				if e, ok := PageMenu(rel, tt.pages[rel]); ok {
					es = append(es, e)
				}
			}
			if got := flat(MenuTree(es)); got != tt.want {
				t.Errorf("menu = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestDocsyMenu (issue 32, KB17, fairy-tale-defender): Docsy's main menu is
// its top bar; "the sidebar navigation ... automatically generated from
// the content structure" (https://www.docsy.dev/docs/adding-content/navigation/)
// is the site's navigation: with Docsy (a theme or a module import) the
// section tree is sitegen's navigation, whatever menus.main holds.
func TestDocsyMenu(t *testing.T) {
	tests := []struct {
		name, config string
		menu         bool
	}{
		{"no docsy: the main menu", "title: A\nmenus:\n  main:\n    - name: X\n      url: /x/\n", true},
		{"docsy module", "title: A\nmenus:\n  main:\n    - name: X\n      url: /x/\nmodule:\n  imports:\n    - path: github.com/google/docsy\n      disable: false\n", false},
		{"docsy theme", "title: A\ntheme: [docsy]\n", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, map[string]string{"hugo.yaml": tt.config, "content/a.md": ""}))
			if err != nil || l == nil {
				t.Fatalf("%v %v", l, err)
			}
			if got := l.PageMenu != nil && l.MenuTree != nil; got != tt.menu {
				t.Errorf("main menu as navigation = %v, want %v", got, tt.menu)
			}
		})
	}
}

// TestSectionMenu checks sectionPagesMenu's rule without Hugo (TestHugo's
// "sectionPagesMenu" fixture compares with hugo 0.111): "Hugo
// automatically defines menu entries for top-level sections"
// (https://gohugo.io/content-management/menus/#define-automatically),
// unless the menu has an entry of that key (its identifier, else its
// name); a page's own entry takes the page's weight.
func TestSectionMenu(t *testing.T) {
	config := []layout.MenuEntry{{Name: "Lore Book", Identifier: "lore"}, {Name: "gear"}, {Name: "Home"}}
	sections := []layout.MenuEntry{{Identifier: "rules", Weight: 3}, {Identifier: "lore"}, {Identifier: "gear"}, {Identifier: "magic"}}
	var got []string
	for _, e := range SectionMenu(config, sections) {
		got = append(got, e.Identifier+"/"+e.Name)
	}
	if want := "lore/Lore Book /gear /Home rules/ magic/"; strings.Join(got, " ") != want {
		t.Errorf("entries = %q, want %q", strings.Join(got, " "), want)
	}
	for _, tt := range []struct {
		meta   map[string]any
		weight int
	}{
		{map[string]any{"menus": "main", "weight": 2}, 2},
		{map[string]any{"menu": []any{"main"}, "Weight": int64(4)}, 4},
		{map[string]any{"menus": map[string]any{"main": map[string]any{"name": "A"}}, "weight": 5}, 5},
		{map[string]any{"menus": map[string]any{"main": map[string]any{"weight": 1}}, "weight": 5}, 1},
	} {
		if e, ok := PageMenu("a.md", tt.meta); !ok || e.Weight != tt.weight {
			t.Errorf("PageMenu(%v) = %+v %v, want weight %d", tt.meta, e, ok, tt.weight)
		}
	}
}

// TestMenuDuplicates checks the entries of one key (identifier, else
// name) as hugo 0.111 keeps them: of the settings' the last ([[menus.main]]
// "Dup" at /one/ then /two/: /two/), of a settings' entry and a page's
// front matter entry the settings' ("duplicate menu entry with identifier
// "Rules" in menu "main"", the page's dropped), "menu: main", "menus:
// main" and "menu: [main, footer]" each one entry of its page; entries of
// other names kept ("About" of the page beside the settings' "About cfg"
// to the same URL: both).
func TestMenuDuplicates(t *testing.T) {
	site := map[string]any{"menus": map[string]any{"main": []any{
		map[string]any{"name": "Rules", "pageRef": "/rules", "weight": int64(1)},
		map[string]any{"name": "About cfg", "url": "/about/", "weight": int64(3)},
		map[string]any{"name": "Dup", "url": "/one/", "weight": int64(4)},
		map[string]any{"name": "Dup", "url": "/two/", "weight": int64(5)},
		map[string]any{"name": "X", "identifier": "same", "url": "/x/"},
	}}}
	es := readMenu(site)
	for _, p := range []struct {
		rel, name string
		meta      map[string]any
	}{
		{"rules.md", "Rules", map[string]any{"menu": "main"}},
		{"about.md", "About", map[string]any{"menus": "main", "weight": 2}},
		{"both.md", "Both", map[string]any{"menu": []any{"main", "footer"}}},
		{"a.md", "A", map[string]any{"menu": map[string]any{"main": map[string]any{"identifier": "same"}}}},
	} {
		e, ok := PageMenu(p.rel, p.meta)
		if !ok {
			t.Fatalf("%s: no entry", p.rel)
		}
		if e.Name == "" {
			e.Name = p.name // content's: the page's LinkTitle
		}
		es = append(es, e)
	}
	var got []string
	for _, e := range MenuTree(es) {
		got = append(got, e.Name+" "+e.URL+e.PageRef+e.Page)
	}
	want := []string{"Rules /rules", "About about.md", "About cfg /about/", "Dup /two/", "Both both.md", "X /x/"}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("menu\n%q, want\n%q", got, want)
	}
}
