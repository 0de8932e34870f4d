package site

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestToolFolderPages: the folders Docusaurus, VitePress, MkDocs and Hugo publish a page
// for, and those they do not (issue 32, evaluate2 F10 and F13). A folder
// without a page of its own is a heading of the navigation only: no page
// is written at its URL, a link to that URL is broken as on the tool's
// site, and its label stays in the navigation over its pages.
func TestToolFolderPages(t *testing.T) {
	tests := []struct {
		name   string
		rule   string
		files  map[string]string
		has    map[string]string // output path (a second string of one file after "\x00") -> a string it must contain
		hasNot []string          // output paths that must not exist
		broken []string          // broken-link warnings the build must give
		lacks  map[string]string // output path -> a string it must not contain
	}{
		{
			name: "docusaurus category without a link",
			rule: `https://docusaurus.io/docs/sidebar/items#category-link: "With category links, clicking on a category ` +
				`can navigate you to another page" — a category with no link (no index doc, no link in _category_.json) ` +
				`is only a collapsible heading of the sidebar; Docusaurus 3.10 publishes nothing at /docs/Setting/Paradiso`,
			files: map[string]string{
				"docusaurus.config.js":       "module.exports = {title: 'T', url: 'https://x.test', baseUrl: '/', onBrokenLinks: 'warn', presets: [['classic', {}]]};\n",
				"docs/intro.md":              "---\nslug: /\n---\n# Intro\n\n[Paradiso](Setting/Paradiso/) and [labelled](/docs/plain).\n",
				"docs/Setting/Paradiso/a.md": "# A place\n",
				"docs/plain/_category_.json": `{"label": "Plain things", "position": 2}`,
				"docs/plain/b.md":            "# B\n",
			},
			has: map[string]string{
				// The label is a heading over its docs, not a link.
				"docs/index.html":                    `<details class="nav-group"><summary>Plain things</summary>`, // collapsed (TestDocusaurusCollapsedCategories)
				"docs/plain/b/index.html":            `<span>Plain things</span>`,
				"docs/Setting/Paradiso/a/index.html": `<h1>A place</h1>`,
			},
			hasNot: []string{"docs/Setting/Paradiso/index.html", "docs/Setting/index.html", "docs/plain/index.html"},
			broken: []string{`"Setting/Paradiso/"`, `"/docs/plain"`},
		},
		{
			name: "docusaurus generated index",
			rule: `https://docusaurus.io/docs/sidebar/items#generated-index-page: "type: 'generated-index', ` +
				`title: 'Docusaurus Guides', description: 'Learn about the most important Docusaurus concepts!', ` +
				`slug: '/category/docusaurus-guides'"; the default slug is /category/ and the label's slug ` +
				`(plugin-content-docs postProcessor.js: "/category/${categoryLabelSlugger.slug(category.label)}")`,
			files: map[string]string{
				"docusaurus.config.js":            "module.exports = {title: 'T', url: 'https://x.test', baseUrl: '/', presets: [['classic', {}]]};\n",
				"docs/intro.md":                   "---\nslug: /\n---\n# Intro\n\n[Attributes](/docs/category/attributes) and [scripts](/docs/category/all-the-scripts).\n",
				"docs/attributes/_category_.json": `{"label": "Attributes", "link": {"type": "generated-index"}}`,
				"docs/attributes/a.md":            "---\ndescription: Strong.\n---\n# Strength\n",
				// A doc named as its folder is at the folder's URL, but with
				// the link set explicitly it is not the category's page: "If
				// a link is explicitly specified, we won't apply conventions"
				// (plugin-content-docs sidebars/generator.js).
				"docs/attributes/attributes.md":  "# About attributes\n",
				"docs/02-scripts/_category_.yml": "label: Scripts & Tools\nlink:\n  type: generated-index\n  slug: /category/all-the-scripts\n  title: Every script\n  description: What scripts do.\n",
				"docs/02-scripts/s.md":           "# Loader\n",
			},
			has: map[string]string{
				"docs/category/attributes/index.html": `<h1>Attributes</h1>`,
				// The index lists its docs with their descriptions.
				"docs/category/attributes/index.html\x00":      `Strong.`,
				"docs/category/attributes/index.html\x00\x00":  `href="/docs/attributes/"`,
				"docs/attributes/index.html":                   `<h1>About attributes</h1>`,
				"docs/category/all-the-scripts/index.html":     `<h1>Every script</h1>`,
				"docs/category/all-the-scripts/index.html\x00": `What scripts do.`,
				// The sidebar's label is the category's label, not link.title.
				"docs/index.html": `>Scripts &amp; Tools</a>`,
			},
			hasNot: []string{"docs/scripts/index.html"},
		},
		{
			name: "vitepress folder without index.md",
			rule: `https://vitepress.dev/guide/routing#file-based-routing: "index.md --> /index.html (accessible as /), ` +
				`guide/index.md --> /guide/index.html (accessible as /guide/)" — a page for each .md file and no other: ` +
				`a folder without index.md has none (VitePress 1.6.4 publishes no /rules/ for tomos-y-tumbas)`,
			files: map[string]string{
				".vitepress/config.mts": "export default {title: 'T', ignoreDeadLinks: true}\n",
				"index.md":              "# Home\n\n[Rules](/rules/) and [combat](/rules/combat).\n",
				"rules/combat.md":       "# Combat\n",
				"guide/index.md":        "# Guide\n",
				"guide/a.md":            "# A\n",
			},
			has: map[string]string{
				"index.html":        `<span aria-disabled="true">Rules</span>`,
				"rules/combat.html": `<h1>Combat</h1>`,
				"guide/index.html":  `<h1>Guide</h1>`,
			},
			hasNot: []string{"rules/index.html"},
			broken: []string{`"/rules/"`},
		},
		{
			name: "mkdocs folder without index.md",
			rule: `https://www.mkdocs.org/user-guide/writing-your-docs/#configure-pages-and-navigation: a nav ` +
				`group ("- 'About': - 'License': 'about/license.md'") is a section; MkDocs's Section "has a title and ` +
				`children", its url is None (mkdocs.structure.nav.Section): a folder without index.md or README.md ` +
				`gets no page, and MkDocs 1.4 writes no about/index.html (eval4B rows 7 and 9: 8 and 3 such pages)`,
			files: map[string]string{
				"mkdocs.yml":            "site_name: M\n",
				"docs/index.md":         "# Home\n\n[About](about/) and [the licence](about/license.md).\n",
				"docs/about/license.md": "# License\n",
				"docs/guide/index.md":   "# Guide\n",
				"docs/guide/a.md":       "# A\n",
			},
			has: map[string]string{
				"index.html":               `<span aria-disabled="true">About</span>`,
				"about/license/index.html": `<h1>License</h1>`,
				"guide/index.html":         `<h1>Guide</h1>`,
			},
			hasNot: []string{"about/index.html"},
			broken: []string{`"about/"`},
		},
		{
			name: "hugo folder below the top level without _index.md",
			rule: `https://gohugo.io/content-management/sections/: "A section is a top-level content directory or ` +
				`any content directory with an _index.md file"; Hugo 0.111 writes /rules/ and /rules/ice/ice/ for ` +
				`content/rules/fire.md and content/rules/ice/ice.md, no /rules/ice/; rules/ice/ is no section: its ` +
				`pages are the rules section's (Hugo's .Pages of /rules/ lists Frost beside Fire: eval5B JB6, TestHugo)`,
			files: map[string]string{
				"hugo.toml":                  "title = \"H\"\n",
				"content/_index.md":          "---\ntitle: Home\n---\n[Ice](/rules/ice/) and [frost](/rules/ice/frost/).\n",
				"content/rules/fire.md":      "---\ntitle: Fire\n---\nfire\n",
				"content/rules/ice/frost.md": "---\ntitle: Frost\n---\nfrost\n",
			},
			has: map[string]string{
				"rules/index.html":           `<h1>Rules</h1>`,
				"rules/ice/frost/index.html": `<h1>Frost</h1>`,
				// The section's list: its pages, Frost among them.
				"rules/index.html\x00": `href="/rules/ice/frost/"`,
			},
			hasNot: []string{"rules/ice/index.html"},
			broken: []string{`"/rules/ice/"`},
			// No group "Ice" in the navigation.
			lacks: map[string]string{"rules/ice/frost/index.html": ">Ice<", "rules/fire/index.html": ">Ice<"},
		},
		{
			name: "jekyll folder without an index",
			rule: `https://jekyllrb.com/docs/pages/: "documentation # folder containing pages", "doc1.md # => ` +
				`http://example.com/documentation/doc1.html" — a folder has no page unless a file is its index; ` +
				`collections_dir holds the collections (https://jekyllrb.com/docs/collections/). Jekyll 4.3 publishes ` +
				`no /rules/, no /campaigns/ and no /sessions/ (TestJekyll/folders_have_no_page builds it): a collection ` +
				`publishes its documents only (https://jekyllrb.com/docs/collections/#output), a heading over them`,
			files: map[string]string{
				"Gemfile":                   "source 'https://rubygems.org'\ngem 'jekyll'\n",
				"_config.yml":               "title: J\npermalink: pretty\ncollections_dir: campaigns\ncollections:\n  sessions:\n    output: true\n",
				"index.md":                  "---\ntitle: Home\n---\n[Rules](/rules/) and [combat](/rules/combat/).\n",
				"rules/combat.md":           "---\ntitle: Combat\n---\nAttack.\n",
				"campaigns/_sessions/s1.md": "---\ntitle: Session 1\n---\nPlayed.\n",
			},
			has: map[string]string{
				"index.html":              `<span aria-disabled="true">Rules</span>`,
				"rules/combat/index.html": `<h1>Combat</h1>`,
				"sessions/s1/index.html":  `<h1>Session 1</h1>`,
				"index.html\x00sessions":  `<span aria-disabled="true">Sessions</span>`,
			},
			hasNot: []string{"rules/index.html", "campaigns/index.html", "sessions/index.html"},
			broken: []string{`"/rules/"`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Log(tt.rule)
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, tt.files)
			out := filepath.Join(t.TempDir(), "out")
			res, err := build(t, dir, content.Options{Theme: theme, Dest: out, BrokenLinks: "warn"})
			if err != nil {
				t.Fatalf("build: %v", err)
			}
			files := readTree(t, out)
			published(t, files, tt.has, "\x00") // "\x00": a second string of one file
			for _, p := range tt.hasNot {
				if _, ok := files[p]; ok {
					t.Errorf("%s published", p)
				}
			}
			for p, text := range tt.lacks {
				if strings.Contains(files[p], text) {
					t.Errorf("%s holds %q", p, text)
				}
			}
			warnings := strings.Join(res.Warnings, "\n")
			for _, b := range tt.broken {
				if !strings.Contains(warnings, b) {
					t.Errorf("no broken-link warning for %s in\n%s", b, warnings)
				}
			}
			if t.Failed() {
				t.Logf("published: %v\nwarnings:\n%s", keys(files), warnings)
			}
		})
	}
}

// TestFolderNoteTools: X/X.md is a folder note (the folder's page) for
// Obsidian's folder-note plugins, not for tools whose URLs are the file's
// path: Hugo 0.111 writes content/rules/ice/ice.md to /rules/ice/ice/ ("the
// path to the content file determines its URL",
// https://gohugo.io/content-management/urls/) and MkDocs 1.4 writes
// docs/rules/ice/ice.md to /rules/ice/ice/ (with use_directory_urls, "the
// URL of the page is the path of its file without .md, as a folder"),
// both checked by building these files with the tools; Jekyll 4.3 too.
func TestFolderNoteTools(t *testing.T) {
	for _, tt := range []struct {
		name  string
		files map[string]string
	}{
		{"hugo", map[string]string{"hugo.toml": "title = \"H\"\n", "content/rules/fire.md": "---\ntitle: Fire\n---\nfire\n",
			"content/rules/ice/ice.md": "---\ntitle: Ice\n---\nThe ice rule.\n"}},
		{"mkdocs", map[string]string{"mkdocs.yml": "site_name: M\n", "docs/index.md": "# Home\n", "docs/rules/fire.md": "# Fire\n",
			"docs/rules/ice/ice.md": "# Ice\n\nThe ice rule.\n"}},
		// Jekyll 4.3 writes rules/ice/ice.md to /rules/ice/ice.html
		// (https://jekyllrb.com/docs/pages/: "doc1.md # =>
		// http://example.com/documentation/doc1.html"); with permalink:
		// pretty, /rules/ice/ice/.
		{"jekyll", map[string]string{"_config.yml": "title: J\npermalink: pretty\n", "Gemfile": "gem 'jekyll'\n", "index.md": "---\ntitle: Home\n---\n",
			"rules/fire.md": "---\ntitle: Fire\n---\nfire\n", "rules/ice/ice.md": "---\ntitle: Ice\n---\nThe ice rule.\n"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, tt.files)
			out := filepath.Join(t.TempDir(), "out")
			if _, err := build(t, dir, content.Options{Theme: theme, Dest: out, BrokenLinks: "warn"}); err != nil {
				t.Fatalf("build: %v", err)
			}
			files := readTree(t, out)
			if !strings.Contains(files["rules/ice/ice/index.html"], "<h1>Ice</h1>") {
				t.Errorf("rules/ice/ice.md is not at /rules/ice/ice/ as %s writes it; published: %v", tt.name, keys(files))
			}
			if strings.Contains(files["rules/ice/index.html"], "The ice rule.") {
				t.Errorf("rules/ice/ice.md taken for its folder's page at /rules/ice/")
			}
		})
	}
}

// TestFolderNoteCase: AGENTS.md beside agents/ in a folder of Markdown
// (a Pathfinder 2e companion app's repository) is the folder's page, as
// X.md beside X/ is (content/folders.go: "X.md beside X/ … takes the
// folder's URL"), when only the case of the names differs: sitegen's URLs
// are lower-cased, so the two would claim /agents/ and stop the build in
// both modes. GitHub shows both, a file and a folder; issue 32: "lenient
// mode builds every repository its own tool builds". The default (strict)
// build passes too: nothing is broken.
func TestFolderNoteCase(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"README.md":          "# Companion\n\nSee [agents](AGENTS.md) and [the planner](agents/planner.md).\n",
		"AGENTS.md":          "# Agents\n\nHow the agents work.\n",
		"agents/planner.md":  "# Planner\n\nPlans. Back to [agents](../AGENTS.md).\n",
		"agents/reviewer.md": "# Reviewer\n\nReviews.\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
		t.Fatalf("build: %v", err)
	}
	files := readTree(t, out)
	if !strings.Contains(files["agents/index.html"], "How the agents work.") {
		t.Errorf("AGENTS.md is not the page of agents/; published: %v", keys(files))
	}
	for _, p := range []string{"agents/planner/index.html", "agents/reviewer/index.html"} {
		if _, ok := files[p]; !ok {
			t.Errorf("%s not published; published: %v", p, keys(files))
		}
	}
	if !strings.Contains(files["index.html"], `href="/agents/"`) {
		t.Errorf("the link to AGENTS.md does not lead to /agents/")
	}
}

// TestFolderNoteSameURL: in an Obsidian vault (Titanwake, eval9A NA2),
// "1st Level Domain Feature.md" sits beside the folder "1st-Level Domain
// Feature/": two names Obsidian keeps apart (its file explorer shows a
// note and a folder; Obsidian Publish's URLs keep each name as written),
// which sitegen's URL segments (spaces become hyphens, lower case) make
// one URL. 59 such pairs stopped the build in both modes ("duplicate URL
// … also produced by the section of folder"); issue 32: "lenient mode
// builds every repository its own tool builds". As with X.md beside x/
// (TestFolderNoteCase), the note whose name gives the folder's URL is the
// folder's page (content/folders.go) and nothing is lost: the note and
// every note in the folder are published.
func TestFolderNoteSameURL(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		".obsidian/app.json":                 "{}\n",
		"Home.md":                            "See [[1st Level Domain Feature]] and [[Grave Speech]].\n",
		"Censor/1st Level Domain Feature.md": "# 1st Level Domain Feature\n\nPick a domain feature.\n",
		"Censor/1st-Level Domain Feature/Grave Speech.md": "# Grave Speech\n\nSpeak with the dead.\n",
		"Censor/1st-Level Domain Feature/Inner Light.md":  "# Inner Light\n\nShine.\n",
	})
	for _, mode := range []string{"", "warn"} {
		out := filepath.Join(t.TempDir(), "out")
		if _, err := build(t, dir, content.Options{Theme: theme, Dest: out, BrokenLinks: mode}); err != nil {
			t.Fatalf("build (broken links %q): %v", mode, err)
		}
		files := readTree(t, out)
		if !strings.Contains(files["censor/1st-level-domain-feature/index.html"], "Pick a domain feature.") {
			t.Errorf("1st Level Domain Feature.md is not the page of 1st-Level Domain Feature/; published: %v", keys(files))
		}
		for _, p := range []string{"censor/1st-level-domain-feature/grave-speech/index.html", "censor/1st-level-domain-feature/inner-light/index.html"} {
			if _, ok := files[p]; !ok {
				t.Errorf("%s not published; published: %v", p, keys(files))
			}
		}
	}
}

// TestNotTextLenient: an Obsidian vault (Erosia, eval9A NA1) holds two
// ".md" files that are not text (a ZIP archive, random bytes). Obsidian
// opens every vault whatever its files hold (it shows such a note as
// unreadable characters), so the vault builds in the tool; issue 32:
// "lenient mode builds every repository its own tool builds", what the
// tool tolerates a warning. With --broken-links warn the build passes, the
// file named in a warning and not published (its bytes are no page); the
// default build still stops on it.
func TestNotTextLenient(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		".obsidian/app.json": "{}\n",
		"Home.md":            "# Erosia\n\nThe world.\n",
		"Ream.md":            "\xd4\x0du\xef\xa1\x97\xe9J%\x15$7\xb7mn\xd5\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err == nil {
		t.Errorf("default build passed on a file that is not UTF-8 text")
	}
	res, err := build(t, dir, content.Options{Theme: theme, Dest: out, BrokenLinks: "warn"})
	if err != nil {
		t.Fatalf("lenient build: %v", err)
	}
	files := readTree(t, out)
	if _, ok := files["ream/index.html"]; ok {
		t.Errorf("Ream.md, not text, published")
	}
	if !strings.Contains(files["home/index.html"]+files["index.html"], "The world.") {
		t.Errorf("Home.md not published: %v", keys(files))
	}
	if !strings.Contains(fmt.Sprint(res.WarningList), "Ream.md") {
		t.Errorf("no warning names Ream.md: %v", res.WarningList)
	}
}
