package site

import (
	"regexp"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// explorerLayout is a quartz.layout.ts placing Component.Explorer(opts)
// and the components right.
func explorerLayout(opts, right string) string {
	return `import * as Component from "./quartz/components"

export const defaultContentPageLayout: PageLayout = {
  beforeBody: [Component.ArticleTitle()],
  left: [
    Component.PageTitle(),
    Component.DesktopOnly(Component.Explorer(` + opts + `)),
  ],
  right: [` + right + `],
}
`
}

// TestQuartzExplorerOptions builds the Quartz fixture with the
// Explorer's options in quartz.layout.ts, as
// https://quartz.jzhao.xyz/features/explorer documents them.
func TestQuartzExplorerOptions(t *testing.T) {
	filesFirst := `sortFn: (a, b) => {
    if ((!a.file && !b.file) || (a.file && b.file)) {
      return a.displayName.localeCompare(b.displayName, undefined, { numeric: true, sensitivity: "base" })
    }
    if (a.file && !b.file) {
      return -1
    } else {
      return 1
    }
  },`
	omit := `filterFn: (node) => {
    // set containing names of everything you want to filter out
    const omit = new Set(["extras", "appendix"])
    return !omit.has(node.name.toLowerCase())
  },`
	cases := []struct {
		rule, layout string
		check        func(nav func(string) string, out map[string]string) bool
	}{
		{`"folderDefaultState: "collapsed", // default state of folders": a folder's notes show on its own pages only`,
			explorerLayout("", "Component.Backlinks()"),
			func(nav func(string) string, out map[string]string) bool {
				return !strings.Contains(nav("index.html"), "|Goblin|") && strings.Contains(nav("Bestiary/Goblin.html"), "|Goblin|") &&
					strings.Contains(out["Bestiary/Goblin.html"], `class="backlinks"`)
			}},
		{`folderDefaultState "open": every folder's notes show`,
			explorerLayout(`{ folderDefaultState: "open" }`, "Component.Backlinks()"),
			func(nav func(string) string, out map[string]string) bool {
				return strings.Contains(nav("index.html"), "|Goblin|") && strings.Contains(nav("index.html"), "|Combat Basics|")
			}},
		{`"Use sort to put files first": "put all files above all folders"`,
			explorerLayout("{\n  "+filesFirst+"\n}", ""),
			func(nav func(string) string, out map[string]string) bool {
				return ordered(nav("Rules/2-Dice.html"), "Appendix", "Bestiary", "The Rules", "2 Dice", "10 Magic", "apple", "Combat Basics")
			}},
		{`"Remove list of elements (filter)": the folder extras and the note appendix are out of the explorer, still published`,
			explorerLayout("{\n  "+omit+"\n}", ""),
			func(nav func(string) string, out map[string]string) bool {
				return !strings.Contains(nav("index.html"), "|Extras|") && !strings.Contains(nav("index.html"), "|Appendix|") &&
					strings.Contains(nav("index.html"), "|Bestiary|") && out["Appendix.html"] != "" && out["Extras/Links.html"] != ""
			}},
		// https://quartz.jzhao.xyz/features/explorer#add-emoji-prefix
		{`"Add emoji prefix": "To add emoji prefixes (📁 for folders, 📄 for files), you could use a map function like this"; the order is unchanged, the pages keep their titles`,
			explorerLayout(`{
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
			func(nav func(string) string, out map[string]string) bool {
				return ordered(nav("Rules/2-Dice.html"), "📁 Bestiary", "📁 The Rules", "📄 2 Dice", "📄 10 Magic", "📄 Appendix") &&
					!strings.Contains(nav("Rules/2-Dice.html"), "📁 📁") && strings.Contains(out["Rules/2-Dice.html"], "<title>2 Dice")
			}},
		{`no Component.Backlinks in quartz.layout.ts: no "Linked from"; no Component.Explorer: no navigation`,
			strings.Replace(explorerLayout("", ""), "Component.DesktopOnly(Component.Explorer()),", "", 1),
			func(nav func(string) string, out map[string]string) bool {
				return !strings.Contains(out["Bestiary/Goblin.html"], `class="backlinks"`) && !strings.Contains(nav("Bestiary/Goblin.html"), "|Goblin|")
			}},
	}
	for _, c := range cases {
		t.Run(c.rule, func(t *testing.T) {
			dir := t.TempDir()
			files := quartzFixture("[Plugin.RemoveDrafts(), Plugin.ExplicitPublish()]")
			files["quartz.layout.ts"] = c.layout
			sitetest.WriteFiles(t, dir, files)
			if _, err := build(t, dir, content.Options{Theme: theme, BrokenLinks: "warn"}); err != nil {
				t.Fatalf("build: %v", err)
			}
			out := readTree(t, dir+"/public")
			nav := func(page string) string {
				m := regexp.MustCompile(`(?s)<nav class="site-nav".*?</nav>`).FindString(out[page])
				return regexp.MustCompile(`<[^>]+>`).ReplaceAllString(strings.Join(strings.Fields(m), " "), "|")
			}
			if !c.check(nav, out) {
				t.Errorf("not so; nav of index.html: %s", nav("index.html"))
			}
		})
	}
}
