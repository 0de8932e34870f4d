package quartz

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/templates"
)

// quartzLayout is a quartz.layout.ts with the Explorer's options opts
// placed in defaultContentPageLayout.left, as Quartz's own template places
// Component.Explorer(), and extra components in right.
func quartzLayout(opts, right string) string {
	return `import { PageLayout, SharedLayout } from "./quartz/cfg"
import * as Component from "./quartz/components"

// components shared across all pages
export const sharedPageComponents: SharedLayout = {
  head: Component.Head(),
  header: [],
  afterBody: [],
  footer: Component.Footer({ links: { GitHub: "https://github.com/jackyzha0/quartz" } }),
}

export const defaultContentPageLayout: PageLayout = {
  beforeBody: [Component.ArticleTitle(), Component.ContentMeta()],
  left: [
    Component.PageTitle(),
    Component.MobileOnly(Component.Spacer()),
    Component.Search(),
    Component.Darkmode(),
    Component.DesktopOnly(Component.Explorer(` + opts + `)),
  ],
  right: [` + right + `],
}
`
}

// TestReadExplorer reads the Explorer's options in the forms
// https://quartz.jzhao.xyz/features/explorer documents, each quoted.
func TestReadExplorer(t *testing.T) {
	cases := []struct {
		name, src string
		check     func(Explorer) bool
		warn      string // a warning containing this, "" for none
	}{
		{name: `the default: "Component.Explorer()"`, src: quartzLayout("", "Component.Graph(), Component.TableOfContents(), Component.Backlinks()"),
			check: func(e Explorer) bool {
				return e.Present && e.Backlinks && e.Graph && !e.RecentNotes && e.Title == "Explorer" && !e.Open && !e.FilesFirst && e.Omit == nil
			}},
		{name: `"Removing table of contents: remove Component.Explorer() from quartz.layout.ts"; a comment is not a component`,
			src:   strings.Replace(quartzLayout("", "// Component.Backlinks(),\n"), "Component.DesktopOnly(Component.Explorer())", "/* Component.Explorer() */", 1),
			check: func(e Explorer) bool { return e.Read && !e.Present && !e.Backlinks }},
		{name: `the default configuration: title, folderClickBehavior: "collapse", folderDefaultState: "collapsed", the default sortFn ("folders first, then files"), filterFn: (node) => node.slugSegment !== "tags"`,
			src: quartzLayout(`{
    title: "Explorer", // title of the explorer component
    folderClickBehavior: "collapse", // what happens when you click a folder ("link" to navigate to folder page on click or "collapse" to collapse folder on click)
    folderDefaultState: "collapsed", // default state of folders ("collapsed" or "open")
    useSavedState: true, // whether to use local storage to save "state" (which folders are opened) of explorer
    sortFn: (a, b) => {
      // Sort order: folders first, then files. Sort folders and files alphabeticall
      if ((!a.isFolder && !b.isFolder) || (a.isFolder && b.isFolder)) {
        return a.displayName.localeCompare(b.displayName, undefined, {
          numeric: true,
          sensitivity: "base",
        })
      }
      if (!a.isFolder && b.isFolder) {
        return 1
      } else {
        return -1
      }
    },
    filterFn: (node) => node.slugSegment !== "tags",
    mapFn: undefined,
    order: ["filter", "map", "sort"],
  }`, ""),
			check: func(e Explorer) bool {
				return e.Present && !e.Open && !e.LinkFolders && !e.FilesFirst && !e.Text && !e.ShowTags && e.Omit == nil
			}},
		{name: `title, folderDefaultState: "open", folderClickBehavior: "link"`,
			src:   quartzLayout(`{ title: "Contents", folderDefaultState: "open", folderClickBehavior: 'link' }`, ""),
			check: func(e Explorer) bool { return e.Title == "Contents" && e.Open && e.LinkFolders }},
		{name: `"Use sort to put files first": "the explorer will alphabetically sort everything, but put all files above all folders"`,
			src: quartzLayout(`{
  sortFn: (a, b) => {
    if ((!a.file && !b.file) || (a.file && b.file)) {
      return a.displayName.localeCompare(b.displayName)
    }
    if (a.file && !b.file) {
      return -1
    } else {
      return 1
    }
  },
}`, ""),
			check: func(e Explorer) bool { return e.FilesFirst && e.Text }},
		{name: `"Remove list of elements (filter)": "const omit = new Set(["authoring content", "tags", "hosting"])"`,
			src: quartzLayout(`{
  filterFn: (node) => {
    // set containing names of everything you want to filter out
    const omit = new Set(["authoring content", "tags", "hosting"])
    return !omit.has(node.name.toLowerCase())
  },
}`, ""),
			check: func(e Explorer) bool {
				return len(e.Omit) == 3 && e.Omit["authoring content"] && e.OmitLower && e.OmitBy == "name" &&
					e.Hidden("Hosting", "Hosting your site", nil) && !e.Hidden("Rules", "Rules", nil)
			}},
		{name: `"Show every element in explorer": "filterFn: undefined, // apply no filter function, every file and folder will visible"`,
			src:   quartzLayout(`{ filterFn: undefined }`, ""),
			check: func(e Explorer) bool { return e.ShowTags }},
		{name: `a note left out by its tag: "filterFn: (node) => node.data?.tags?.includes("explorerexclude") !== true"`,
			src: quartzLayout(`{ filterFn: (node) => node.data?.tags?.includes("explorerexclude") !== true }`, ""),
			check: func(e Explorer) bool {
				return e.ExcludeTag == "explorerexclude" && e.Hidden("x", "x", []string{"rules", "explorerexclude"})
			}},
		// https://quartz.jzhao.xyz/features/explorer#change-display-names-map
		{name: `"Change display names (map)": "the display names of all FileNodes (folders + files) will be converted to full upper case"`,
			src: quartzLayout("{\n  mapFn: (node) => {\n    node.displayName = node.displayName.toUpperCase()\n  },\n}", ""),
			check: func(e Explorer) bool {
				return e.Label("Magic Items", true) == "MAGIC ITEMS" && e.Label("Dice", false) == "DICE"
			}},
		// https://quartz.jzhao.xyz/features/explorer#add-emoji-prefix
		{name: `"Add emoji prefix": "To add emoji prefixes (📁 for folders, 📄 for files), you could use a map function like this"`,
			src: quartzLayout(`{
  mapFn: (node) => {
    // dont change name of root node
    if (node.depth > 0) {
      // set emoji for file/folder
      if (node.file) {
        node.displayName = "📄 " + node.displayName
      } else {
        node.displayName = "📁 " + node.displayName
      }
    }
  },
}`, ""),
			check: func(e Explorer) bool {
				return e.Label("Magic", true) == "📁 Magic" && e.Label("Dice", false) == "📄 Dice"
			}},
		{name: `a 4.5 mapFn: upper case, then "if (node.isFolder)" a prefix, "return node"`,
			src: quartzLayout(`{
  mapFn: (n: FileTrieNode) => {
    n.displayName = n.displayName.toUpperCase()
    if (!n.isFolder) { n.displayName = 'page: ' + n.displayName } else { n.displayName = "dir: " + n.displayName }
    return n
  },
}`, ""),
			check: func(e Explorer) bool {
				return e.Label("Magic", true) == "dir: MAGIC" && e.Label("Dice", false) == "page: DICE"
			}},
		{name: `a mapFn of commented-out lines changes nothing: no warning`,
			src:   quartzLayout("{\n  mapFn: (node) => {\n    // node.displayName = node.displayName.toUpperCase()\n  },\n}", ""),
			check: func(e Explorer) bool { return e.Label("Magic", true) == "Magic" }},
		{name: `any other mapFn is not run, and sitegen says so at its line`,
			src:   quartzLayout("{\n  mapFn: (node) => {\n    node.displayName = node.data?.title ?? 'unknown title'\n  },\n}", ""),
			warn:  "quartz.layout.ts:20: the Explorer's mapFn is a function sitegen cannot read: the display names are",
			check: func(e Explorer) bool { return e.Rename == nil }},
		// explorer.tsx runs "if (opts.sortFn) trie.sort(opts.sortFn)" (4.0-4.4: fileTree.sort(undefined), Array.prototype.sort's string order of equal "[object Object]"s): no order of its own.
		{name: `sortFn: undefined: Quartz does not sort; sitegen keeps the default order and says so`,
			src:   quartzLayout("{\n  sortFn: undefined,\n}", ""),
			warn:  "quartz.layout.ts:20: the Explorer's sortFn is undefined: Quartz does not sort the Explorer",
			check: func(e Explorer) bool { return !e.FilesFirst && !e.Text }},
		{name: `a sortFn imported from another file ("import { sortFn } from "./functions.ts"") is not read: the default order, and a warning at its line`,
			src:   quartzLayout("{\n  sortFn: sortFn,\n}", ""),
			warn:  "quartz.layout.ts:20: the Explorer's sortFn is a function sitegen cannot read: the Explorer's default order is used",
			check: func(e Explorer) bool { return !e.FilesFirst }},
		{name: `a sortFn by a front matter order is not read: a warning`,
			src:   quartzLayout("{ sortFn: (a, b) => (a.data?.order ?? 0) - (b.data?.order ?? 0) }", ""),
			warn:  "the Explorer's sortFn is a function sitegen cannot read",
			check: func(e Explorer) bool { return !e.FilesFirst }},
		{name: `the options in a declared object: "const explorerOptions = { folderDefaultState: "open" as const, ... }", Component.Explorer(explorerOptions)`,
			src:   strings.Replace(quartzLayout("explorerOptions", ""), "// components shared", "const explorerOptions = {\n  folderDefaultState: \"open\" as const,\n  sortFn: (a: any, b: any) => {\n    if (!a.isFolder && b.isFolder) return -1\n    if (a.isFolder && !b.isFolder) return 1\n    return a.displayName.localeCompare(b.displayName, undefined, { numeric: true, sensitivity: \"base\" })\n  },\n}\n\n// components shared", 1),
			check: func(e Explorer) bool { return e.Open && e.FilesFirst && !e.Text }},
		{name: `three explorers, each under a ConditionalRender: the first one's options, and a warning`,
			src:   quartzLayout(`{ title: "Lore", folderDefaultState: "open" }`, `Component.Explorer({ title: "Game Design" }), Component.Explorer({ title: "Documentation" })`),
			warn:  "quartz.layout.ts:19: 3 different Component.Explorer placed; sitegen reads the first one's options for every page",
			check: func(e Explorer) bool { return e.Title == "Lore" && e.Open }},
		{name: `the same Explorer in MobileOnly and DesktopOnly, in two layouts: one explorer, no warning`,
			src:   quartzLayout("{\n  customIcons: explorerCustomIcons,\n}", "Component.MobileOnly(Component.Explorer({ customIcons: explorerCustomIcons })), Component.MobileOnly(Component.Explorer({\n  customIcons: explorerCustomIcons,\n}))"),
			check: func(e Explorer) bool { return e.Present }},
		{name: `RecentNotes placed`, src: quartzLayout("", `Component.RecentNotes({ title: "Recent", limit: 4 })`),
			check: func(e Explorer) bool { return e.RecentNotes }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := ReadExplorer([]byte(c.src))
			if !c.check(e) {
				t.Errorf("read %+v", e)
			}
			got := strings.Join(e.Warnings, "\n")
			if c.warn == "" && got != "" || c.warn != "" && !strings.Contains(got, c.warn) {
				t.Errorf("warnings %q, want one with %q", got, c.warn)
			}
		})
	}
}

// TestExplorerOrder: the sortFn "Use sort to put files first" orders a
// file before a folder; the default a folder before a file.
func TestExplorerOrder(t *testing.T) {
	if (Rules{}).Compare("Zeta", true, "Alpha", false) >= 0 {
		t.Error("default: the folder Zeta is not before the file Alpha")
	}
	if (Rules{FilesFirst: true}).Compare("Zeta", true, "Alpha", false) <= 0 {
		t.Error("files first: the folder Zeta is not after the file Alpha")
	}
	if (Rules{Text: true}).Compare("10 Magic", false, "2 Dice", false) >= 0 {
		t.Error(`localeCompare without numeric: "10 Magic" is not before "2 Dice"`)
	}
}

// twoLayouts is a quartz.layout.ts whose content and list page layouts
// place content and list in their left column, as Quartz's template
// writes them: "components for pages that display a single page (e.g. a
// single note)" and "components for pages that display lists of pages
// (e.g. tags or folders)" (quartz.layout.ts; https://quartz.jzhao.xyz/layout:
// "The default page layouts can be found in quartz.layout.ts").
func twoLayouts(decl, content, list string) string {
	return `import { PageLayout, SharedLayout } from "./quartz/cfg"
import * as Component from "./quartz/components"
` + decl + `
export const sharedPageComponents: SharedLayout = {
  head: Component.Head(),
  header: [],
  footer: Component.Footer(),
}

export const defaultContentPageLayout: PageLayout = {
  beforeBody: [Component.ArticleTitle()],
  left: [
    Component.PageTitle(),
    ` + content + `
  ],
  right: [Component.Backlinks()],
}

export const defaultListPageLayout: PageLayout = {
  beforeBody: [Component.ArticleTitle()],
  left: [
    Component.PageTitle(),
    ` + list + `
  ],
  right: [],
}
`
}

// TestExplorerPerPage: Quartz renders a note with
// defaultContentPageLayout and a folder or tag listing with
// defaultListPageLayout (quartz/plugins/emitters: contentPage.tsx,
// folderPage.tsx, tagPage.tsx); sitegen's pages show one navigation, the
// notes' Explorer, and a warning at the line says so where the listings
// differ. "ConditionalRender ... only render[s] a component when a
// condition is met" (https://quartz.jzhao.xyz/layout-components):
// sitegen cannot run the condition and says so at its line.
func TestExplorerPerPage(t *testing.T) {
	cases := []struct {
		name, src string
		check     func(Explorer) bool
		warn      string // a warning containing this, "" for none
	}{
		{name: "the same Explorer on both kinds of page, one in DesktopOnly and MobileOnly: no warning",
			src: twoLayouts("", `Component.DesktopOnly(Component.Explorer({ title: "Rules" })),
    Component.MobileOnly(Component.Explorer({title: "Rules",})),`, `Component.Explorer({ title: "Rules" }),`),
			check: func(e Explorer) bool { return e.Present && e.Title == "Rules" && e.Placed == "" && e.Backlinks }},
		{name: "DesktopOnly alone: said, not warned (Quartz 4.0-4.3's own template)",
			src:   twoLayouts("", `Component.DesktopOnly(Component.Explorer()),`, `Component.DesktopOnly(Component.Explorer()),`),
			check: func(e Explorer) bool { return e.Present && e.Placed == "DesktopOnly" }},
		{name: "the list pages' Explorer has other options: the notes' one read, a warning at the list's",
			src:   twoLayouts("", `Component.Explorer({ folderDefaultState: "open" }),`, `Component.Explorer({ title: "Folders", sortFn: undefined }),`),
			warn:  "quartz.layout.ts:23: defaultListPageLayout's Component.Explorer has other options than defaultContentPageLayout's (line 14): Quartz renders it on folder and tag pages; sitegen shows the notes' Explorer on every page",
			check: func(e Explorer) bool { return e.Present && e.Open && e.Title == "Explorer" }},
		{name: "no Explorer on the list pages: the notes' pages alone show one",
			src:   twoLayouts("", `Component.DesktopOnly(Component.Explorer()),`, `// Component.DesktopOnly(Component.Explorer()),`),
			check: func(e Explorer) bool { return e.Present && e.NavOn == "notes" }},
		{name: "an Explorer on the list pages alone: the folder and tag pages alone show one",
			src:   twoLayouts("", ``, `Component.Explorer({ title: "Index" }),`),
			check: func(e Explorer) bool { return e.Present && e.Title == "Index" && e.NavOn == "listings" }},
		{name: "in sharedPageComponents: on both kinds of page, no warning",
			src:   strings.Replace(twoLayouts("", ``, ``), "header: [],", "header: [],\n  left: [Component.DesktopOnly(Component.Explorer({ folderClickBehavior: \"link\" }))],", 1),
			check: func(e Explorer) bool { return e.Present && e.LinkFolders }},
		{name: "a ConditionalRender: the Explorer read, its condition warned at its line",
			src: twoLayouts("", `Component.ConditionalRender({
      component: Component.Explorer({ title: "Lore" }),
      condition: (page) => page.fileData.slug !== "index",
    }),`, `Component.ConditionalRender({
      component: Component.Explorer({ title: "Lore" }),
      condition: (page) => page.fileData.slug !== "index",
    }),`),
			warn:  `quartz.layout.ts:16: Component.Explorer is in a Component.ConditionalRender whose condition sitegen cannot run ((page) => page.fileData.slug !== "index"): sitegen shows it on every page`,
			check: func(e Explorer) bool { return e.Present && e.Title == "Lore" && len(e.Warnings) == 1 }},
		{name: `a component declared as a function: "const Explorer = () => Component.Explorer({...})", Explorer() in both layouts`,
			src: twoLayouts(`const Explorer = () => Component.Explorer({
  title: "All pages",
  folderDefaultState: "open",
})
`, `Component.DesktopOnly(Explorer()),`, `Component.DesktopOnly(Explorer()),`),
			check: func(e Explorer) bool { return e.Present && e.Open && e.Title == "All pages" }},
		{name: "options made by a function: Component.Explorer(navExplorerOptions(site.nav)): its defaults, a warning",
			src:   twoLayouts("", `Component.Explorer(navExplorerOptions(site.nav)),`, `Component.Explorer(navExplorerOptions(site.nav)),`),
			warn:  "quartz.layout.ts:14: the Explorer's options are made by navExplorerOptions(…), which sitegen does not run: its defaults used",
			check: func(e Explorer) bool { return e.Present && e.Title == "Explorer" }},
		{name: "an Explorer in an expression sitegen does not read: present, its defaults, a warning",
			src:   twoLayouts("", `...(process.env.WIDE ? [Component.Explorer({ title: "Wide" })] : []),`, `...(process.env.WIDE ? [Component.Explorer({ title: "Wide" })] : []),`),
			warn:  "quartz.layout.ts:14: Component.Explorer is placed in an expression sitegen cannot read",
			check: func(e Explorer) bool { return e.Present && e.Title == "Explorer" }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := ReadExplorer([]byte(c.src))
			if !c.check(e) {
				t.Errorf("read %+v", e)
			}
			got := strings.Join(e.Warnings, "\n")
			if c.warn == "" && got != "" || c.warn != "" && !strings.Contains(got, c.warn) {
				t.Errorf("warnings %q, want one with %q", got, c.warn)
			}
		})
	}
}

// TestExplorerSelfCall: a declared component that calls itself (twice,
// at each level) is walked once, not 2^depth times.
func TestExplorerSelfCall(t *testing.T) {
	src := twoLayouts("const Side = () => [Side(), Side(), Component.Explorer()]\n", "Side(),", "Side(),")
	done := make(chan Explorer)
	go func() { done <- ReadExplorer([]byte(src)) }()
	select {
	case e := <-done:
		if !e.Present {
			t.Errorf("read %+v", e)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a component calling itself is walked without end")
	}
}

// TestNavByPageKind: Quartz renders the notes with
// defaultContentPageLayout and the folder and tag listings with
// defaultListPageLayout ("components for pages that display lists of
// pages (e.g. tags or folders)"); where one of them places no
// Component.Explorer, those pages have no navigation: sitegen's section
// pages (folders, tags) for the list layout, the others for the content
// layout.
func TestNavByPageKind(t *testing.T) {
	cases := []struct {
		name, content, list string
		section, page, home bool // the navigation hidden on each kind
	}{
		{name: "both", content: `Component.Explorer(),`, list: `Component.Explorer(),`},
		{name: "the notes alone", content: `Component.DesktopOnly(Component.Explorer()),`, list: ``, section: true},
		{name: "the listings alone", content: ``, list: `Component.Explorer(),`, page: true, home: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, LayoutFile), []byte(twoLayouts("", c.content, c.list)), 0o644); err != nil {
				t.Fatal(err)
			}
			l := &layout.Layout{}
			if err := readExplorer(l, &Rules{}, dir, LayoutFile, ""); err != nil {
				t.Fatal(err)
			}
			hidden := func(k templates.Kind) bool { return l.NoNav != nil && l.NoNav(k) }
			if hidden(templates.KindSection) != c.section || hidden(templates.KindPage) != c.page || hidden(templates.KindHome) != c.home {
				t.Errorf("navigation hidden on a section %v, a page %v, the home page %v; want %v, %v, %v (read %q, notes %q)",
					hidden(templates.KindSection), hidden(templates.KindPage), hidden(templates.KindHome), c.section, c.page, c.home, l.Read, l.Notes)
			}
			if len(l.Notes) > 0 {
				t.Errorf("warnings %q", l.Notes)
			}
		})
	}
}
