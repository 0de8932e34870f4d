package site

import (
	"maps"
	"regexp"
	"strconv"
	"testing"
)

// frameCases are saves that change what other pages show around their
// text (Site.frame: previous and next, breadcrumbs, section, children,
// "Linked from", the navigation, the page's own front matter) while
// those pages' bodies stay the same, and settings that change every
// page. A home's frame (HomeView) also warns of its hero's broken links
// and publishes its picture: a skipped frame must not lose them. A build that kept a page's output because its body is unchanged
// (skipping frame and pageKey, issue 35 item 3 step 2) without comparing
// all its frame's inputs would publish stale pages here.
var frameCases = []askEdits{
	{"bundled", map[string]string{
		"site.toml":           "title = \"Rules\"\nbaseURL = \"https://rules.test/\"\n",
		"content/a/_index.md": "---\ntitle: Section A\ndescription: The A pages.\n---\n\nAbout A.\n",
		"content/a/one.md":    "---\ntitle: One\ndescription: First.\nweight: 1\n---\n\n## Alpha\n\nSee [beta](two.md#beta).\n",
		"content/a/two.md":    "---\ntitle: Two\ndescription: Second.\nweight: 2\n---\n\n## Beta\n\nText.\n",
		"content/a/three.md":  "---\ntitle: Three\nweight: 3\n---\n\nThird.\n",
		"content/b/four.md":   "---\ntitle: Four\n---\n\nFour.\n",
	}, []map[string]string{
		{"content/a/two.md": "---\ntitle: Deux\ndescription: Second.\nweight: 2\n---\n\n## Beta\n\nText.\n"},     // one's next, three's previous, the navigation, A's list
		{"content/a/two.md": "---\ntitle: Deux\ndescription: The second.\nweight: 2\n---\n\n## Beta\n\nText.\n"}, // its own front matter, its body the same; A's list
		{"content/a/extra.md": "---\ntitle: Extra\nweight: 4\n---\n\nMore.\n"},                                   // a new page: three's next, A's list
		{"content/a/three.md": ""}, // a page gone: two's and extra's neighbours
		{"content/a/_index.md": "---\ntitle: Part A\ndescription: The A pages.\n---\n\nAbout A.\n"},                            // every A page's breadcrumbs and section
		{"content/a/one.md": "---\ntitle: One\ndescription: First.\nweight: 5\n---\n\n## Alpha\n\nSee [beta](two.md#beta).\n"}, // the reading order
		{"site.toml": "title = \"Renamed rules\"\nbaseURL = \"https://rules.test/\"\n"},                                        // every page's header
	}},
	{"vault", map[string]string{
		".obsidian/app.json": "{}\n",
		"A.md":               "See [[B]].\n",
		"B.md":               "# B\n\nText.\n",
		"C.md":               "C text.\n",
		"sub/E.md":           "[[C]] and [[B]]\n",
	}, []map[string]string{
		{"A.md": "See [[B]] and [[C]].\n"},                            // C's "Linked from" gains A
		{"sub/E.md": "---\ntitle: Eee\n---\n[[C]] and [[B]]\n"},       // the title B and C list E by
		{"sub/E.md": "[[B]]\n"},                                       // C's "Linked from" loses E
		{"A.md": ""},                                                  // B's and C's loses A
		{"sub/F.md": "Another note.\n"},                               // the navigation of every note
		{".obsidian/app.json": "{\"newLinkFormat\": \"relative\"}\n"}, // settings
	}},
	{"jekyll", map[string]string{
		"_config.yml": "title: SRD\nurl: https://srd.test\n",
		"index.md":    "---\ntitle: Home\nnav_order: 1\n---\n\nHome.\n",
		"rules.md":    "---\ntitle: Rules\nnav_order: 2\nhas_children: true\n---\n\nRules.\n",
		"magic.md":    "---\ntitle: Magic\nnav_order: 3\nhas_children: true\n---\n\nMagic.\n",
		"spells.md":   "---\ntitle: Spells\nparent: Rules\nnav_order: 1\n---\n\nSpells.\n",
		"combat.md":   "---\ntitle: Combat\nparent: Rules\nnav_order: 2\n---\n\nCombat.\n",
	}, []map[string]string{
		{"spells.md": "---\ntitle: Spells\nparent: Magic\nnav_order: 1\n---\n\nSpells.\n"},      // Rules' and Magic's children, its own breadcrumbs
		{"magic.md": "---\ntitle: Sorcery\nnav_order: 3\nhas_children: true\n---\n\nMagic.\n"},  // spells' parent is gone by that name
		{"combat.md": "---\ntitle: Combat\nparent: Rules\nnav_exclude: true\n---\n\nCombat.\n"}, // out of the navigation
		{"index.md": "---\ntitle: Home\nnav_order: 1\n---\n\nWelcome home.\n"},                  // a body only: the others kept
		{"_config.yml": "title: Another SRD\nurl: https://srd.test\n"},                          // every page's header
	}},
	{"docusaurus", map[string]string{
		"docusaurus.config.js":       "module.exports = {title: 'Guild', url: 'https://x.test', baseUrl: '/'};\n",
		"docs/intro.md":              "# Intro\n\nWelcome.\n",
		"docs/rules/_category_.json": "{\"label\": \"The rules\"}\n",
		"docs/rules/01-ay.md":        "# Ay\n\nAy.\n",
		"docs/rules/02-bee.md":       "# Bee\n\nBee.\n",
	}, []map[string]string{
		{"docs/rules/_category_.json": "{\"label\": \"Rules of play\"}\n"},         // the children's breadcrumbs
		{"docs/rules/01-ay.md": "---\nsidebar_label: Aye\n---\n# Ay\n\nAy.\n"},     // bee's previous, the sidebar
		{"docs/rules/02-bee.md": "---\nsidebar_position: 0\n---\n# Bee\n\nBee.\n"}, // the order: previous and next, the sidebar
		{"docs/rules/01-ay.md": "---\npagination_next: intro\n---\n# Ay\n\nAy.\n"}, // its next, named in front matter
		{"docs/intro.md": "# Intro\n\nWelcome.\n\nAll of you.\n"},                  // a body only (its first paragraph, its description, the same): the others kept
	}},
	{"mkdocs", map[string]string{
		"mkdocs.yml":    "site_name: Book\ntheme:\n  name: material\nnav:\n  - Home: index.md\n  - Rules: rules.md\n  - Magic: magic.md\n",
		"docs/index.md": "# Home\n\nHome.\n",
		"docs/rules.md": "# Rules\n\n## Combat\n\nRules.\n",
		"docs/magic.md": "# Magic\n\nMagic.\n",
	}, []map[string]string{
		{"docs/rules.md": "---\nhide:\n  - navigation\n  - toc\n  - footer\n---\n# Rules\n\n## Combat\n\nRules.\n"}, // its own front matter (Layout.Hide), its body the same
		{"docs/magic.md": "# Sorcery\n\nMagic.\n"}, // a heading: the nav's label stays, previous and next
	}},
	{"vitepress home", map[string]string{
		".vitepress/config.mts": "import { defineConfig } from 'vitepress'\nexport default defineConfig({\n  title: 'Six Dice',\n})\n",
		"index.md":              "---\nlayout: home\nhero:\n  name: Six Dice\n  image:\n    src: ./hero.png\n  actions:\n    - text: Start\n      link: /rules/wild\n    - text: Lost\n      link: /rules/lost\n---\n",
		"hero.png":              "png",
		"rules/wild.md":         "# The wild die\n\nExplodes.\n",
		"rules/skills.md":       "# Skills\n\nSkills.\n",
	}, []map[string]string{
		{"rules/skills.md": "# Skills\n\nWhat you are good at.\n"}, // the home's body the same: its hero's warning and picture stay (HomeView)
		{"rules/wild.md": ""},          // the page the hero's action leads to gone: a broken link
		{"rules/lost.md": "# Found\n"}, // the broken action's page made
	}},
	// Saves that change one input of another page's frame alone, its body
	// and the site's navigation the same, so that a frame key
	// (framekey.go) that leaves that input out keeps a stale page
	// (Options.VerifyFrameKeys fails the build): a page's title, its
	// description, an ancestor's fields the breadcrumbs carry, the pager's
	// front matter. The page's own section title has no save of its own:
	// section(p) is p itself or one of its ancestors, whose title the key
	// writes with p's title or its ancestors' links, so leaving it out
	// cannot keep a stale page.
	{"jekyll single inputs", map[string]string{
		"_config.yml": "title: SRD\nurl: https://srd.test\n",
		"index.md":    "---\ntitle: Home\nnav_order: 1\n---\n\nHome.\n",
		"rules.md":    "---\ntitle: Rules\ndescription: How to play.\nnav_order: 2\nhas_children: true\n---\n\nRules.\n",
		"spells.md":   "---\ntitle: Spells\nparent: Rules\nnav_order: 1\n---\n\nSpells.\n",
		"combat.md":   "---\ntitle: Combat\nparent: Rules\nnav_order: 2\n---\n\nCombat.\n",
		"notes.md":    "---\ntitle: Notes\ndescription: Loose notes.\nnav_exclude: true\n---\n\nNotes.\n",
	}, []map[string]string{
		{"notes.md": "---\ntitle: Jottings\ndescription: Loose notes.\nnav_exclude: true\n---\n\nNotes.\n"},                        // its title alone: out of the navigation, no page leads to it
		{"notes.md": "---\ntitle: Jottings\ndescription: Loose jottings.\nnav_exclude: true\n---\n\nNotes.\n"},                     // its description alone
		{"rules.md": "---\ntitle: Rules\ndescription: How the game is played.\nnav_order: 2\nhas_children: true\n---\n\nRules.\n"}, // the ancestor's description spells' and combat's breadcrumbs carry
	}},
	{"vitepress pager", map[string]string{
		".vitepress/config.mts": "import { defineConfig } from 'vitepress'\nexport default defineConfig({\n  title: 'Six Dice',\n  themeConfig: {\n    sidebar: [\n      { text: 'Rules', items: [\n        { text: 'Ay', link: '/rules/ay' },\n        { text: 'Bee', link: '/rules/bee' },\n        { text: 'Cee', link: '/rules/cee' },\n      ] },\n    ],\n  },\n})\n",
		"index.md":              "# Six Dice\n\nHome.\n",
		"rules/ay.md":           "# Ay\n\nAy.\n",
		"rules/bee.md":          "# Bee\n\nBee.\n",
		"rules/cee.md":          "# Cee\n\nCee.\n",
	}, []map[string]string{
		{"rules/bee.md": "---\nprev: Back to Ay\n---\n# Bee\n\nBee.\n"},              // its previous link's label, from its front matter alone
		{"rules/bee.md": "---\nprev: Back to Ay\nnext: false\n---\n# Bee\n\nBee.\n"}, // its next link hidden
	}},
}

// TestCachedBuildFrames: each save of frameCases, made on the site as
// the saves before it left it and built from the cache a build of that
// site wrote (so that each save is checked on its own), publishes what a
// build without a cache publishes, byte for byte; and some save kept a
// page's output (the cache was used).
func TestCachedBuildFrames(t *testing.T) {
	kept := regexp.MustCompile(`(\d+) pages' output kept`)
	for _, tc := range frameCases {
		t.Run(tc.name, func(t *testing.T) {
			files, some := maps.Clone(tc.files), false
			for i, edits := range tc.steps {
				t.Run(strconv.Itoa(i), func(t *testing.T) {
					r := newCacheRun(t, files)
					r.build(t)
					edit(t, r.opts.Source, edits)
					res := r.build(t) // compared with a build without a cache
					t.Logf("%s", res.Cache)
					if m := kept.FindStringSubmatch(res.Cache); m != nil && m[1] != "0" {
						some = true
					}
				})
				for name, text := range edits {
					if text == "" {
						delete(files, name)
					} else {
						files[name] = text
					}
				}
			}
			if !some {
				t.Errorf("no save kept a page's output: the cache was not used")
			}
		})
	}
}
