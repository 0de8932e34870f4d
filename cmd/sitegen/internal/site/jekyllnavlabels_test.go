package site

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestJekyllNavDistinctLabels: collections whose index.md share a title
// ("Contents", eval8B's MB5) are told apart in the navigation by their
// folder's name, and pages that share one by their file's name. Jekyll
// has no navigation of its own ("Jekyll … takes your content, renders
// Markdown and Liquid templates", https://jekyllrb.com/docs/); a theme
// builds it, and six entries labelled alike cannot be told apart, so
// sitegen's rule (layout.Layout.NavDistinct) applies; a title no sibling
// shares is kept.
func TestJekyllNavDistinctLabels(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"_config.yml":      "title: J\ncollections:\n  rules:\n    output: true\n  lore:\n    output: true\n",
		"index.md":         "---\ntitle: Home\n---\nHi.\n",
		"_rules/index.md":  "---\ntitle: Contents\n---\nR.\n",
		"_rules/combat.md": "---\ntitle: Combat\n---\nC.\n",
		"_lore/index.md":   "---\ntitle: Contents\n---\nL.\n",
		"_lore/gods.md":    "---\ntitle: Gods\n---\nG.\n",
		"about.md":         "---\ntitle: Unique\n---\nA.\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dest, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	nav := string(b)
	if i, j := strings.Index(nav, `<nav class="site-nav"`), strings.Index(nav, "</nav>"); i >= 0 && j > i {
		nav = nav[i:j]
	}
	for _, want := range []string{">rules</a>", ">lore</a>", ">Unique</a>"} {
		if !strings.Contains(nav, want) {
			t.Errorf("navigation lacks %q:\n%s", want, nav)
		}
	}
	if strings.Contains(nav, ">Contents</a>") {
		t.Errorf("navigation still labels an entry Contents:\n%s", nav)
	}
}

// TestJekyllCollectionTitleLabels: where collections' index pages share a
// title, a collection's own title is its label before its folder's name:
// its title: in collections: ("You can optionally specify metadata for
// your collection in the configuration", https://jekyllrb.com/docs/collections/),
// else just-the-docs' name for it ("just_the_docs: collections: tests:
// name: Tests", https://just-the-docs.com/docs/navigation/main/collections/),
// else its folder's name (issue 32 item 2). A collection without an
// index page is a heading of the navigation under that label.
func TestJekyllCollectionTitleLabels(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"_config.yml": "title: J\ncollections:\n  rules:\n    output: true\n    title: Core Rules\n  lore:\n    output: true\n" +
			"  npcs:\n    output: true\n  spells:\n    output: true\n    title: Spell List\n" +
			"just_the_docs:\n  collections:\n    lore:\n      name: World Lore\n",
		"index.md":         "---\ntitle: Home\n---\nHi.\n",
		"_rules/index.md":  "---\ntitle: Contents\n---\nR.\n",
		"_rules/combat.md": "---\ntitle: Combat\n---\nC.\n",
		"_lore/index.md":   "---\ntitle: Contents\n---\nL.\n",
		"_lore/gods.md":    "---\ntitle: Gods\n---\nG.\n",
		"_npcs/index.md":   "---\ntitle: Contents\n---\nN.\n",
		"_spells/fire.md":  "---\ntitle: Fire\n---\nF.\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dest, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	nav := string(b)
	if i, j := strings.Index(nav, `<nav class="site-nav"`), strings.Index(nav, "</nav>"); i >= 0 && j > i {
		nav = nav[i:j]
	}
	for _, want := range []string{">Core Rules</a>", ">World Lore</a>", ">npcs</a>", "Spell List", ">Fire</a>"} {
		if !strings.Contains(nav, want) {
			t.Errorf("navigation lacks %q:\n%s", want, nav)
		}
	}
	if strings.Contains(nav, ">Contents</a>") || strings.Contains(nav, ">rules</a>") || strings.Contains(nav, ">lore</a>") {
		t.Errorf("navigation labels a collection by its folder or shared title:\n%s", nav)
	}
	if _, err := os.Stat(filepath.Join(dest, "spells", "index.html")); err == nil {
		t.Errorf("spells/index.html published: Jekyll writes no page for a collection")
	}
}

// TestJekyllCollectionBesidePage: a collection without an index page
// beside a page of the same title (adventure-book's characters.md, title
// "Characters", and _characters/, eval10B NB18) keeps its label, the
// collection's (its title: in collections:, else its name titled), a
// heading with no link; the page keeps its title. A heading and a link
// are told apart as they are: never a file's name ("index.md") in the
// navigation.
func TestJekyllCollectionBesidePage(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"_config.yml":          "title: J\ncollections:\n  characters:\n    output: true\n  monsters:\n    output: true\n    title: Bestiary\n",
		"index.md":             "---\ntitle: Home\n---\nHi.\n",
		"characters.md":        "---\ntitle: Characters\n---\nAll of them.\n",
		"bestiary.md":          "---\ntitle: Bestiary\n---\nAll monsters.\n",
		"_characters/alfyn.md": "---\ntitle: Alfyn\n---\nA.\n",
		"_monsters/guard.md":   "---\ntitle: Guard\n---\nG.\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest, BrokenLinks: "warn"}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dest, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	nav := string(b)
	if i, j := strings.Index(nav, `<nav class="site-nav"`), strings.Index(nav, "</nav>"); i >= 0 && j > i {
		nav = nav[i:j]
	}
	for _, want := range []string{">Characters</a>", `<span aria-disabled="true">Characters</span>`, ">Bestiary</a>", `<span aria-disabled="true">Bestiary</span>`, ">Alfyn</a>"} {
		if !strings.Contains(nav, want) {
			t.Errorf("navigation lacks %q:\n%s", want, nav)
		}
	}
	if strings.Contains(nav, "index.md") || strings.Contains(nav, ">characters<") {
		t.Errorf("navigation labels an entry by a file's name:\n%s", nav)
	}
}

// TestJekyllNavOrderText: just-the-docs' nav_order given as text.
// "The parameter values can be numbers (integers, floats) and/or strings.
// … Pages with numerical nav_order parameters always come before those
// with strings or default nav_order parameters. … By default, all Capital
// letters come before all lowercase letters; you can add nav_sort:
// case_insensitive in the configuration file to ignore the case"
// (https://just-the-docs.com/docs/navigation/main/order/). Its
// _includes/components/nav/sorted.html puts the numbers first (sort:
// "nav_order"), then the texts (sort: "nav_order", or sort_natural with
// case_insensitive), then the pages without one by title; Jekyll 4's sort
// reads a text that looks like a number as that number ("numeric strings
// are sorted by value", just-the-docs-tests navigation/order/strings),
// sort_natural compares texts ignoring case ("10" before "3").
func TestJekyllNavOrderText(t *testing.T) {
	pages := map[string]string{
		"index.md": "---\ntitle: Home\nnav_order: 0\n---\nHi.\n",
		"a.md":     "---\ntitle: Zeta\nnav_order: 2\n---\nz\n",
		"b.md":     "---\ntitle: Yotta\nnav_order: \"10\"\n---\ny\n",
		"c.md":     "---\ntitle: Xi\nnav_order: \"3\"\n---\nx\n",
		"d.md":     "---\ntitle: Wau\nnav_order: Ab\n---\nw\n",
		"e.md":     "---\ntitle: Vee\nnav_order: B\n---\nv\n",
		"f.md":     "---\ntitle: Uu\nnav_order: a\n---\nu\n",
		"g.md":     "---\ntitle: Alpha\n---\nal\n",
	}
	for _, tt := range []struct {
		name, config string
		want         []string
	}{
		{"case sensitive", "title: J\n", []string{"Zeta", "Xi", "Yotta", "Wau", "Vee", "Uu", "Alpha"}},
		{"case_insensitive", "title: J\nnav_sort: case_insensitive\n", []string{"Zeta", "Yotta", "Xi", "Uu", "Wau", "Vee", "Alpha"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := t.TempDir()
			files := map[string]string{"_config.yml": tt.config}
			maps.Copy(files, pages)
			sitetest.WriteFiles(t, src, files)
			dest := filepath.Join(t.TempDir(), "public")
			if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(filepath.Join(dest, "index.html"))
			if err != nil {
				t.Fatal(err)
			}
			nav := string(b)
			if i, j := strings.Index(nav, `<nav class="site-nav"`), strings.Index(nav, "</nav>"); i >= 0 && j > i {
				nav = nav[i:j]
			}
			var got []string
			for _, part := range strings.Split(nav, "</a>")[:max(strings.Count(nav, "</a>"), 0)] {
				got = append(got, part[strings.LastIndex(part, ">")+1:])
			}
			got = slices.DeleteFunc(got, func(s string) bool { return s == "Home" })
			if !slices.Equal(got, tt.want) {
				t.Errorf("navigation order %q, want %q", got, tt.want)
			}
		})
	}
}

// TestJekyllCollectionIndexNavExclude: a collection whose own index page
// is nav_exclude: true still shows its other documents under the
// collection's name. just-the-docs: "nav_exclude: true … the page will be
// excluded from the main navigation" (https://just-the-docs.com/docs/navigation/main/order/
// and …/main/collections/: "Documents of a collection … are listed under the
// collection's name"); the page is left out, not the collection
// (Alaxouche/TheAstralForge: five collections, each index.md
// nav_exclude, were missing from sitegen's navigation). A page of the
// site excluded stays out.
func TestJekyllCollectionIndexNavExclude(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"_config.yml": "title: J\ncollections:\n  rules:\n    output: true\n    permalink: /:collection/:path/\n" +
			"just_the_docs:\n  collections:\n    rules:\n      name: Core Rules\n",
		"index.md":         "---\ntitle: Home\n---\nHi.\n",
		"_rules/index.md":  "---\ntitle: Rules\npermalink: /rules/\nnav_exclude: true\n---\nR.\n",
		"_rules/combat.md": "---\ntitle: Combat\nnav_order: 2\n---\nC.\n",
		"_rules/magic.md":  "---\ntitle: Magic\nnav_order: 1\n---\nM.\n",
		"hidden/index.md":  "---\ntitle: Hidden\nnav_exclude: true\n---\nH.\n",
		"hidden/secret.md": "---\ntitle: Secret\n---\nS.\n",
		"about.md":         "---\ntitle: About\n---\nA.\n",
		"zeta.md":          "---\ntitle: Zeta\n---\nZ.\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dest, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	nav := string(b)
	if i, j := strings.Index(nav, `<nav class="site-nav"`), strings.Index(nav, "</nav>"); i >= 0 && j > i {
		nav = nav[i:j]
	}
	rest := nav
	// The site's pages first, then the collections: just-the-docs' sidebar
	// writes "nav.html pages=site.html_pages", then each collection of
	// just_the_docs.collections under its name.
	for _, want := range []string{">About</a>", ">Zeta</a>", "Core Rules", ">Magic</a>", ">Combat</a>"} {
		i := strings.Index(rest, want)
		if i < 0 {
			t.Fatalf("navigation lacks %q (in order):\n%s", want, nav)
		}
		rest = rest[i+len(want):]
	}
	for _, not := range []string{`href="/rules/"`, ">Hidden<"} {
		if strings.Contains(nav, not) {
			t.Errorf("navigation lists %s:\n%s", not, nav)
		}
	}
}

// TestJekyllParentInCollection: just-the-docs builds the navigation of
// each collection from that collection's documents ("{% include
// components/nav.html pages=collection … %}", its sidebar; "Documents of a
// collection … are listed under the collection's name",
// https://just-the-docs.com/docs/navigation/main/collections/), so a
// document's parent: names a document of its own collection, and the
// site's pages (site.html_pages) a page of the site. TheAstralForge's five
// collections each have an "Installation Guide" with children: all 28
// went under the first collection's, with a warning.
func TestJekyllParentInCollection(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"_config.yml":           "title: J\ncollections:\n  alpha:\n    output: true\n  beta:\n    output: true\n",
		"index.md":              "---\ntitle: Home\n---\nHi.\n",
		"guide.md":              "---\ntitle: Guide\n---\nSite guide.\n",
		"setup.md":              "---\ntitle: Setup\nparent: Guide\n---\nS.\n",
		"_alpha/guide/index.md": "---\ntitle: Guide\nhas_children: true\n---\nA.\n",
		"_alpha/guide/one.md":   "---\ntitle: Alpha One\nparent: Guide\n---\nA1.\n",
		"_beta/guide/index.md":  "---\ntitle: Guide\nhas_children: true\n---\nB.\n",
		"_beta/guide/two.md":    "---\ntitle: Beta Two\nparent: Guide\n---\nB2.\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatal(err)
	}
	for file, want := range map[string][]string{
		"alpha/guide/one.html": {`href="/alpha/guide/"`, "Alpha One"},
		"beta/guide/two.html":  {`href="/beta/guide/"`, "Beta Two"},
		"setup.html":           {`href="/guide.html"`, "Setup"},
	} {
		b, err := os.ReadFile(filepath.Join(dest, file))
		if err != nil {
			t.Fatal(err)
		}
		// The breadcrumbs: the parent, then the page.
		crumbs := string(b)
		i := strings.Index(crumbs, `class="breadcrumbs"`)
		if i < 0 {
			t.Fatalf("%s: no breadcrumbs", file)
		}
		crumbs = crumbs[i:]
		crumbs = crumbs[:max(strings.Index(crumbs, "</nav>"), 0)]
		rest := crumbs
		for _, w := range want {
			i := strings.Index(rest, w)
			if i < 0 {
				t.Errorf("%s: breadcrumbs lack %q (in order):\n%s", file, w, crumbs)
				break
			}
			rest = rest[i+len(w):]
		}
	}
}

// TestJekyllCollectionOrder: just-the-docs' sidebar lists the collections
// in the order _config.yml writes them ("{%- for collection_entry in
// site.just_the_docs.collections -%}", _includes/components/site_nav.html;
// "the collections will be listed in the order given",
// https://just-the-docs.com/docs/navigation/main/collections/), and Jekyll's
// site.collections follows collections: as written; sitegen sorted them by
// name. "Including `nav_fold: true` in a collection configuration *folds*
// that collection: an expander symbol appears next to the collection name"
// (ibid.): a group that folds.
func TestJekyllCollectionOrder(t *testing.T) {
	for _, tt := range []struct {
		name, config string
		want         []string
		folded       []string
		absent       []string
	}{
		{name: "just_the_docs.collections order",
			config: "collections:\n  alpha:\n    output: true\n  zulu:\n    output: true\n  mike:\n    output: true\n" +
				"just_the_docs:\n  collections:\n    zulu:\n      name: Zulu Rules\n    mike:\n      name: Mike Rules\n    alpha:\n      name: Alpha Rules\n      nav_fold: true\n",
			want: []string{"Zulu Rules", ">Zed</a>", "Mike Rules", ">Mid</a>", "Alpha Rules", ">Ace</a>"}, folded: []string{"Alpha Rules"}},
		{name: "collections: order without just_the_docs",
			config: "collections:\n  zulu:\n    output: true\n  alpha:\n    output: true\n  mike:\n    output: true\n",
			want:   []string{"Zulu", ">Zed</a>", "alpha", ">Ace</a>", "Mike", ">Mid</a>"}},
		// "# Exclude the collection from the navigation … # nav_exclude:
		// true" (ibid., the collection's settings under just_the_docs).
		{name: "a collection's nav_exclude",
			config: "collections:\n  alpha:\n    output: true\n  zulu:\n    output: true\n  mike:\n    output: true\n" +
				"just_the_docs:\n  collections:\n    zulu:\n      name: Zulu Rules\n    mike:\n      name: Mike Rules\n      nav_exclude: true\n    alpha:\n      name: Alpha Rules\n",
			want: []string{"Zulu Rules", ">Zed</a>", "Alpha Rules", ">Ace</a>"}, absent: []string{"Mike Rules", ">Mid</a>"}},
		// just-the-docs' sidebar writes site.html_pages (no collection's
		// documents), then "{% for collection_entry in
		// site.just_the_docs.collections %}" (_includes/components/site_nav.html):
		// under that theme a collection the list leaves out is not in the
		// navigation (its pages are still published); another theme's site
		// lists it last, as sitegen has no sidebar of the theme to follow.
		{name: "just-the-docs leaves out a collection it does not list",
			config: "remote_theme: just-the-docs/just-the-docs@v0.10.0\ncollections:\n  alpha:\n    output: true\n  zulu:\n    output: true\n  mike:\n    output: true\n" +
				"just_the_docs:\n  collections:\n    zulu:\n      name: Zulu Rules\n    alpha:\n      name: Alpha Rules\n",
			want: []string{"Zulu Rules", ">Zed</a>", "Alpha Rules", ">Ace</a>"}, absent: []string{"mike", ">Mid</a>"}},
		{name: "just-the-docs gem without just_the_docs.collections",
			config: "theme: just-the-docs\ncollections:\n  alpha:\n    output: true\n  zulu:\n    output: true\n  mike:\n    output: true\n",
			absent: []string{">Zed</a>", ">Ace</a>", ">Mid</a>"}},
		{name: "another theme lists it last",
			config: "theme: minima\ncollections:\n  alpha:\n    output: true\n  zulu:\n    output: true\n  mike:\n    output: true\n" +
				"just_the_docs:\n  collections:\n    zulu:\n      name: Zulu Rules\n    alpha:\n      name: Alpha Rules\n",
			want: []string{"Zulu Rules", ">Zed</a>", "Alpha Rules", ">Ace</a>", "Mike", ">Mid</a>"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := t.TempDir()
			sitetest.WriteFiles(t, src, map[string]string{
				"_config.yml":   "title: J\n" + tt.config,
				"index.md":      "---\ntitle: Home\n---\nHi.\n",
				"_alpha/ace.md": "---\ntitle: Ace\n---\nA.\n",
				// an index page left out of the navigation: the collection's
				// name heads its documents, folded where nav_fold says
				"_alpha/index.md": "---\ntitle: Alpha\nnav_exclude: true\n---\nA.\n",
				"_zulu/zed.md":    "---\ntitle: Zed\n---\nZ.\n",
				"_mike/mid.md":    "---\ntitle: Mid\n---\nM.\n",
			})
			dest := filepath.Join(t.TempDir(), "public")
			if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(filepath.Join(dest, "index.html"))
			if err != nil {
				t.Fatal(err)
			}
			for _, page := range []string{"zulu/zed.html", "mike/mid.html"} {
				if _, err := os.Stat(filepath.Join(dest, page)); err != nil {
					t.Errorf("a collection's page is not published: %v", err)
				}
			}
			nav := string(b)
			if i, j := strings.Index(nav, `<nav class="site-nav"`), strings.Index(nav, "</nav>"); i >= 0 && j > i {
				nav = nav[i:j]
			}
			rest := nav
			for _, want := range tt.want {
				i := strings.Index(rest, want)
				if i < 0 {
					t.Fatalf("navigation lacks %q (in order):\n%s", want, nav)
				}
				rest = rest[i+len(want):]
			}
			for _, not := range tt.absent {
				if strings.Contains(nav, not) {
					t.Errorf("navigation lists %s:\n%s", not, nav)
				}
			}
			for _, name := range tt.want {
				if strings.HasPrefix(name, ">") {
					continue
				}
				i := strings.Index(nav, name)
				before := nav[:i]
				folds := strings.LastIndex(before, "<summary") > strings.LastIndex(before, "</summary>") && strings.LastIndex(before, "<summary") > strings.LastIndex(before, "</details>")
				if folds != slices.Contains(tt.folded, name) {
					t.Errorf("%s folds: %v, want %v:\n%s", name, folds, !folds, nav)
				}
			}
		})
	}
}
