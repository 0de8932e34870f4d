package docusaurus

import (
	"fmt"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestSidebarsForms: "a sidebars file exports an object of sidebars"
// (https://docusaurus.io/docs/sidebar#sidebar-object), each "an array of
// items" or the shorthand object of categories; Docusaurus 2's alphas
// read the export with Object.entries, so an array of sidebars, each a
// top-level const, is read too (OnyxianWiki, 2.0.0-alpha.54:
// "module.exports = [OnyxianCore, Plugins, ...]").
func TestSidebarsForms(t *testing.T) {
	for _, tc := range []struct{ name, js, want string }{
		{"object", "module.exports = {main: ['b', 'a']};", "[b a]"},
		{"object of consts", "const main = ['b', 'a'];\nmodule.exports = {main};", "[b a]"},
		{"array of consts", "const main = ['b', 'a'];\nconst more = ['c'];\nmodule.exports = [main, more];", "[b a c]"},
		{"array of shorthand categories", "const main = {Rules: ['b', 'a']};\nmodule.exports = [main];", "[ b a]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := layouttest.Write(t, map[string]string{"sidebars.js": tc.js})
			nav, notes, _, err := readSidebars(dir, "sidebars.js", "", true, true, (&rules{routeBase: "docs"}).url)
			if err != nil {
				t.Fatal(err)
			}
			var ids []string
			for _, e := range nav {
				ids = append(ids, e.ID)
			}
			if got := fmt.Sprint(ids); got != tc.want {
				t.Errorf("ids = %s, want %s (notes %q)", got, tc.want, notes)
			}
		})
	}
}

// TestSidebarsNestedArray: an item that is an array is flattened into its
// list. Docusaurus 3 normalizeSidebar
// (@docusaurus/plugin-content-docs/lib/sidebars/normalization.js): an
// object without `type` — an array is one — "isCategoriesShorthand" and
// normalizeItem returns normalizeSidebar(item), whose
// "normalizedSidebar.flatMap((subItem) => normalizeItem(subItem))"
// splices its items in place (botc-wiki: category "Documents" with
// items: [['glossaire', ...]]).
func TestSidebarsNestedArray(t *testing.T) {
	js := "module.exports = {s: [{type: 'category', label: 'D', items: [['b', 'a']]}, 'c', [['d']]]};"
	dir := layouttest.Write(t, map[string]string{"sidebars.js": js})
	nav, notes, _, err := readSidebars(dir, "sidebars.js", "", true, true, (&rules{routeBase: "docs"}).url)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range nav {
		got = append(got, fmt.Sprintf("%d:%s%s", e.Depth, e.Title, e.ID))
	}
	if want := "[0:D 1:b 1:a 0:c 0:d]"; fmt.Sprint(got) != want {
		t.Errorf("nav = %v, want %s (notes %q)", got, want, notes)
	}
}

// TestSidebarsComputedCategory: a category whose items are all computed
// (a function's result, a spread) has nothing sitegen can list: shown,
// it would be an empty heading leading nowhere, so it is left out, with
// a note at its file:line; a category with a link (its own page) stays.
func TestSidebarsComputedCategory(t *testing.T) {
	js := "module.exports = {s: [\n  {type: 'category', label: 'Gen', items: gen()},\n  {type: 'category', label: 'Linked', link: {type: 'doc', id: 'l'}, items: [...more]},\n  {type: 'category', label: 'Kept', items: ['a', ...rest]},\n]};\n"
	dir := layouttest.Write(t, map[string]string{"sidebars.js": js})
	nav, notes, _, err := readSidebars(dir, "sidebars.js", "", true, true, (&rules{routeBase: "docs"}).url)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range nav {
		got = append(got, fmt.Sprintf("%d:%s%s", e.Depth, e.Title, e.ID))
	}
	if want := "[0:Linkedl 0:Kept 1:a]"; fmt.Sprint(got) != want {
		t.Errorf("nav = %v, want %s", got, want)
	}
	if all := fmt.Sprint(notes); !strings.Contains(all, `sidebars.js:2: the category "Gen" is left out of the sidebar`) {
		t.Errorf("notes = %q, want the category Gen left out at sidebars.js:2", notes)
	}
}

// TestSidebarsLinkItem: {type: 'link', label, href} is "Link to any page
// (internal or external)" (https://docusaurus.io/docs/sidebar/items#sidebar-item-link):
// an entry of its own, another site's opening in a new tab (Docusaurus's
// Link: target="_blank"); a script URL is not published, a missing href
// is noted (Docusaurus requires it).
func TestSidebarsLinkItem(t *testing.T) {
	js := "module.exports = {s: ['a', {type: 'link', label: 'SRD', href: 'https://example.org/srd'}, " +
		"{type: 'link', label: 'Here', href: '/docs/a'}, {type: 'link', label: 'Bad', href: 'javascript:alert(1)'}, {type: 'link', label: 'None'}]};"
	dir := layouttest.Write(t, map[string]string{"sidebars.js": js})
	nav, notes, _, err := readSidebars(dir, "sidebars.js", "", true, true, (&rules{routeBase: "docs"}).url)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range nav {
		got = append(got, fmt.Sprintf("%s%s>%s>%s", e.ID, e.Title, e.Link, e.Target))
	}
	if want := "[a>> SRD>https://example.org/srd>_blank Here>/docs/a>]"; fmt.Sprint(got) != want {
		t.Errorf("nav = %s, want %s", got, want)
	}
	if len(notes) != 2 || !strings.Contains(notes[0], `"Bad"`) || !strings.Contains(notes[1], "without href") {
		t.Errorf("notes = %q, want one on the javascript: link, one on the missing href", notes)
	}
}

// TestSidebarsHTML: "Render custom HTML: {type: 'html', value: string,
// defaultStyle?: boolean, className?: string}" … "Use the defaultStyle
// prop to get the default menu item styles" and "className: custom CSS
// class name" (https://docusaurus.io/docs/sidebar/items#sidebar-item-html);
// the value is shown as HTML where it is (theme-classic's
// DocSidebarItemHtml: dangerouslySetInnerHTML), at its depth, through
// sitegen's raw-HTML policy (a script is not kept).
func TestSidebarsHTML(t *testing.T) {
	js := "module.exports = {s: [\n  'a',\n  {type: 'html', value: '<b>Core</b> rules', defaultStyle: true},\n" +
		"  {type: 'category', label: 'C', items: ['b', {type: 'html', value: '<hr/><script>alert(1)</script>', className: 'sep'}]},\n" +
		"  {type: 'html'},\n]};"
	dir := layouttest.Write(t, map[string]string{"sidebars.js": js})
	nav, notes, _, err := readSidebars(dir, "sidebars.js", "", true, true, (&rules{routeBase: "docs"}).url)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range nav {
		got = append(got, fmt.Sprintf("%d:%s|%s|%s|%q", e.Depth, e.ID, e.HTML, e.Class, e.Title))
	}
	want := []string{`0:a|||""`, `0:|<b>Core</b> rules|nav-html-default|"Core rules"`, `0:|||"C"`, `1:b|||""`, `1:|<hr/>|sep|""`}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("nav =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "sidebars.js:5: an html item without value") {
		t.Errorf("notes = %q, want one for the item without value", notes)
	}
}
