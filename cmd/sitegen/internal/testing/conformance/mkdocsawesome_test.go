package conformance

import (
	"os/exec"
	"testing"
)

// MkDocsAwesome is MkDocs with the awesome-pages plugin
// (https://github.com/lukasgeiter/mkdocs-awesome-pages-plugin), which
// Debian does not package: where it is not installed (pip cannot reach
// PyPI on the machine these fixtures were written on), the tests that
// need it skip, saying why. Their expectations are the README's rules;
// they have not yet run against the plugin.
var MkDocsAwesome = func() Tool {
	t := MkDocs
	t.Name = "mkdocs with awesome-pages"
	t.Missing = func() string {
		if why := MkDocs.Missing(); why != "" {
			return why
		}
		if exec.Command("python3", "-c", "import mkdocs_awesome_pages_plugin").Run() != nil {
			return "the awesome-pages plugin is not installed (pip install mkdocs-awesome-pages-plugin)"
		}
		return ""
	}
	t.Unobtainable = func() string {
		return "Debian has no package of it; .ci/run installs Debian's mkdocs only"
	}
	return t
}()

// TestMkDocsAwesomePages builds fixtures with MkDocs and the
// awesome-pages plugin, and with sitegen, one per rule of the plugin's
// README (the same rules as layout/mkdocs TestAwesomeNav, which checks
// them without the plugin).
func TestMkDocsAwesomePages(t *testing.T) {
	for _, f := range []Fixture{
		{
			Name: "nav, rests, titles, sections",
			Rule: `"List the files and subdirectories in the order that they should appear in the navigation"; "you may include a ... ` +
				`entry to specify where all remaining items should be inserted"; "it is possible to filter the remaining items using glob ` +
				`patterns or regular expressions"; "You can optionally specify a title for the navigation entry"; "You can group items by ` +
				`creating new sections"`,
			Files: map[string]string{
				"mkdocs.yml":          "site_name: M\nplugins:\n  - awesome-pages\n",
				"docs/.pages":         "nav:\n  - index.md\n  - ... | intro-*.md\n  - Rules: rules\n  - Extras:\n      - zeta.md\n  - ...\n  - Last: alpha.md\n",
				"docs/index.md":       "# Home\n",
				"docs/intro-b.md":     "# Intro B\n",
				"docs/intro-a.md":     "# Intro A\n",
				"docs/zeta.md":        "# Zeta\n",
				"docs/alpha.md":       "# Alpha\n",
				"docs/middle.md":      "# Middle\n",
				"docs/rules/.pages":   "title: The Rules\norder: desc\n",
				"docs/rules/index.md": "# Rules\n",
				"docs/rules/melee.md": "# Melee\n",
				"docs/rules/magic.md": "# Magic\n",
			},
			ReadingOrder: true,
		},
		{
			Name: "hide and collapse",
			Rule: `"set the hide attribute to true to hide the directory ... It will still be included in the build"; "If you have ` +
				`directories that only contain a single page, awesome-pages can collapse them"`,
			Files: map[string]string{
				"mkdocs.yml":        "site_name: M\nplugins:\n  - awesome-pages:\n      collapse_single_pages: true\n",
				"docs/index.md":     "# Home\n",
				"docs/lore/.pages":  "hide: true\n",
				"docs/lore/gods.md": "# Gods\n",
				"docs/solo/one.md":  "# One\n",
				"docs/two/a.md":     "# A\n",
				"docs/two/b.md":     "# B\n",
				"docs/sort/.pages":  "sort_type: natural\n",
				"docs/sort/10.md":   "# Ten\n",
				"docs/sort/9.md":    "# Nine\n",
				"docs/sort/2.10.md": "# Two ten\n",
			},
		},
	} {
		t.Run(f.Name, func(t *testing.T) { Run(t, MkDocsAwesome, Sitegen, f) })
	}
}
