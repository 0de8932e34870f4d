package docusaurus

import (
	"fmt"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestNavbar: the classic theme's navbar items
// (https://docusaurus.io/docs/api/themes/configuration#navbar-items) are
// the navigation of the pages that show no sidebar (layout.Layout.Navbar):
// "Doc sidebar: Link to the first document of the sidebar" (docSidebar:
// sidebarId, docsPluginId), labelled "label ?? sidebarLink.label", that
// link's label "item.label ?? item.id" (getFirstLink); "Doc link: Link to
// a specific doc" (doc: docId, docsPluginId), labelled "label ?? doc.id";
// "position: 'left' | 'right'", right after left; a navbar that names no
// sidebar and no doc leaves the page tree as the navigation.
func TestNavbar(t *testing.T) {
	const plugins = "plugins: [['@docusaurus/plugin-content-docs', {id: 'lore', path: 'lore', routeBasePath: 'lore', sidebarPath: './sidebarsLore.js'}]],\n"
	for _, tc := range []struct {
		name, items string
		want        string // Navbar entries: depth, first mark, title, id, link
		note        string // a note's text, "" for none
		nonote      string // text no note has, "" for no check
	}{
		{"two sidebars, in the navbar's order",
			`{type: 'docSidebar', sidebarId: 'gm', label: 'GM'}, {type: 'docSidebar', sidebarId: 'players', label: 'Players'}`,
			"[0+GM 1run 1mon 0+Players 1intro 1Combat 2melee]", "", ""},
		{"no label: the first doc's written label, else its id",
			`{type: 'docSidebar', sidebarId: 'players'}, {type: 'docSidebar', sidebarId: 'named'}`,
			"[0+intro 1intro 1Combat 2melee 0+Named first 1Named firstrun]", "", ""},
		{"a doc item, with and without label; another instance's",
			`{type: 'doc', docId: 'loose', label: 'Loose'}, {type: 'doc', docsPluginId: 'lore', docId: 'places/cities'}, {type: 'docSidebar', docsPluginId: 'lore', sidebarId: 'lore', label: 'Lore'}`,
			"[0Looseloose 0places/citieslore:places/cities 0+Lore 1lore:gods]", "", ""},
		{"right after left; links to and href",
			`{href: 'https://example.com', label: 'Forum', position: 'right'}, {to: '/blog', label: 'Blog'}, {type: 'docSidebar', sidebarId: 'gm', label: 'GM'}`,
			"[0Blog>/blog 0+GM 1run 1mon 0Forum>https://example.com]", "", ""},
		{"a sidebar no file has: a note",
			`{type: 'docSidebar', sidebarId: 'nope', label: 'X'}, {type: 'doc', docId: 'loose', label: 'Loose'}`,
			"[0Looseloose]", `docSidebar "nope": no such sidebar`, ""},
		{"a version dropdown: a note",
			`{type: 'docsVersionDropdown'}, {type: 'doc', docId: 'loose', label: 'Loose'}`,
			"[0Looseloose]", "the docsVersionDropdown item is not shown", ""},
		{"links alone: no navbar", `{to: '/blog', label: 'Blog'}`, "[]", "", ""},
		// "Navbar dropdown: Navbar items of the type dropdown has the
		// additional items field, an inner array of navbar items":
		// a group of its items, folded (a menu of links).
		{"a dropdown: a group of its items",
			`{type: 'dropdown', label: 'More', items: [{type: 'doc', docId: 'loose', label: 'Loose'}, {to: '/blog', label: 'Blog'}, {href: 'https://example.org', label: 'Forum'}]}, {type: 'docSidebar', sidebarId: 'gm', label: 'GM'}`,
			"[0More 1Looseloose 1Blog>/blog 1Forum>https://example.org 0+GM 1run 1mon]", "", "dropdown"},
		// "Navbar with custom HTML: value: HTML to be rendered": sitegen
		// prints no HTML from the settings; its text is shown, a note
		// says so; a script's text is not.
		{"html: its text, with a note",
			`{type: 'html', value: '<b class="x">Bold</b> <script>alert(1)</script>'}, {type: 'doc', docId: 'loose', label: 'Loose'}`,
			"[0Bold 0Looseloose]", "the html item is shown as its text", ""},
		// "Navbar search" and "Navbar locale dropdown": sitegen's search
		// box and locale switcher are those items; no note.
		{"search and localeDropdown: sitegen's own",
			`{type: 'search', position: 'right'}, {type: 'localeDropdown'}, {type: 'doc', docId: 'loose', label: 'Loose'}`,
			"[0Looseloose]", "", "not shown"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := layouttest.Write(t, map[string]string{
				"docusaurus.config.js": "module.exports = {presets: [['classic', {docs: {sidebarPath: './sidebars.js'}}]],\n" + plugins +
					"  themeConfig: {navbar: {items: [" + tc.items + "]}}};\n",
				"sidebars.js": "module.exports = {players: ['intro', {type: 'category', label: 'Combat', items: ['melee']}],\n" +
					"  gm: ['run', 'mon'], named: [{type: 'doc', id: 'run', label: 'Named first'}]};\n",
				"sidebarsLore.js": "module.exports = {lore: ['gods']};\n",
				"docs/intro.md":   "# Intro\n", "docs/melee.md": "# Melee\n", "docs/run.md": "# Run\n", "docs/mon.md": "# Mon\n",
				"docs/loose.md": "# Loose\n", "lore/gods.md": "# Gods\n", "lore/places/cities.md": "# Cities\n",
			})
			l, err := Recognise(dir)
			if err != nil || l == nil {
				t.Fatalf("Recognise = %v, %v", l, err)
			}
			got := []string{}
			for _, e := range l.Navbar {
				first := ""
				if e.First {
					first = "+"
				}
				link := ""
				if e.Link != "" {
					link = ">" + e.Link
				}
				got = append(got, fmt.Sprintf("%d%s%s%s%s", e.Depth, first, e.Title, e.ID, link))
				if e.Sidebar != "" {
					t.Errorf("navbar entry %+v names a sidebar: sidebarNavs would take it for one", e)
				}
			}
			if fmt.Sprint(got) != tc.want {
				t.Errorf("navbar = %v, want %s", got, tc.want)
			}
			notes := strings.Join(l.Notes, "\n")
			if tc.note != "" && !strings.Contains(notes, tc.note) {
				t.Errorf("notes = %q, want one saying %q", l.Notes, tc.note)
			}
			if tc.nonote != "" && strings.Contains(notes, tc.nonote) {
				t.Errorf("notes = %q, want none saying %q", l.Notes, tc.nonote)
			}
		})
	}
}

// TestNavbarLatestVersion: where the docs folder is not built
// (includeCurrentVersion false), a docSidebar item names the sidebar of
// the version the navbar shows off the docs, the latest: "Versioned
// navbar items ... [use] the active version, else the preferred one,
// else the latest" (theme-common's useDocsVersionCandidates:
// "[activeVersion, preferredVersion, latestVersion]"; "lastVersion: The
// version navigated to in priority and displayed by default for docs
// navbar items",
// https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-docs#configuration).
// ChaoticTrials/Website's navbar lost its Wiki item ("no such sidebar").
func TestNavbarLatestVersion(t *testing.T) {
	dir := layouttest.Write(t, map[string]string{
		"docusaurus.config.js": "module.exports = {title: 'T', presets: [['classic', {docs: {sidebarPath: './sidebars.js', includeCurrentVersion: false}}]],\n" +
			"  themeConfig: {navbar: {items: [{type: 'docSidebar', sidebarId: 'wiki', label: 'Wiki'}]}}};\n",
		"sidebars.js":                                  "module.exports = {wiki: [{type: 'autogenerated', dirName: '.'}]};\n",
		"versions.json":                                `["2.0", "1.0"]`,
		"docs/intro.md":                                "# Intro\n",
		"versioned_docs/version-2.0/intro.md":          "# Intro 2\n",
		"versioned_docs/version-1.0/intro.md":          "# Intro 1\n",
		"versioned_sidebars/version-2.0-sidebars.json": `{"wiki": ["intro"]}`,
		"versioned_sidebars/version-1.0-sidebars.json": `{"wiki": ["intro"]}`,
	})
	l, err := Recognise(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range l.Navbar {
		got = append(got, fmt.Sprintf("%d%s%s", e.Depth, e.Title, e.ID))
	}
	if want := "[0Wiki 1version-2.0:intro]"; fmt.Sprint(got) != want {
		t.Errorf("Navbar = %v, want %s (notes %q)", got, want, l.Notes)
	}
}
