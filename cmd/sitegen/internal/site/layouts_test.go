package site

import (
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// theme is the smallest default theme a build accepts.
var theme = fstest.MapFS{"css/site.css": {Data: []byte("body{}\n")}, "js/fake.js": {Data: []byte("//\n")}}

// TestLayouts builds a small project of each tool as it is, without a
// site.toml, and checks what is published, where, and what is not.
func TestLayouts(t *testing.T) {
	tests := []struct {
		name     string
		files    map[string]string
		has      map[string]string // output path (and "#x" for another) -> a string it must contain ("" any)
		hasNot   []string
		lacks    map[string]string // output path -> a string it must not contain
		warnings []string          // each a part of one warning
		// folderTitle: no title anywhere, so the site is named by its folder
		folderTitle bool
	}{
		{
			name: "jekyll just-the-docs",
			files: map[string]string{
				"_config.yml":         "title: Jekyll SRD\nurl: https://srd.test\nexclude: [scripts]\n",
				"index.md":            "---\ntitle: Home\n---\nSee [combat](/docs/combat.html) and [the old page](/old/), [rounds](/docs/combat#rounds-id), [about](about.html), [about again](/about.html), [the move](/docs/combat.html#move-id).\n",
				"about.html":          "---\ntitle: About us\n---\n<p>Who we are.</p>\n",
				"plain.html":          "<p>no front matter: a file</p>\n",
				"Gemfile":             "gem 'jekyll'\n",
				"scripts/convert.md":  "# not published\n",
				"_includes/nav.md":    "# not published\n",
				"_site/index.html":    "old output",
				"docs/combat.md":      "---\ntitle: Combat\nnav_order: 2\nredirect_from:\n  - /old/\n  - /older.html\n---\n# Combat\n\n## Rounds\n{: #rounds-id .no_toc }\n\n- A **bold**{: #move-id} move\n- and *another*{: #strong}\n",
				"docs/magic.md":       "---\ntitle: Magic\nnav_order: 1.5\n---\n",
				"docs/spells.md":      "---\ntitle: Spells\nparent: Magic\n---\n",
				"docs/perm.md":        "---\ntitle: Perm\npermalink: /elsewhere/\nnav_exclude: true\n---\n",
				"assets/images/a.png": "png",
				// Markdown: 404.md (an .html page is not converted, as Jekyll
				// converts only markdown_ext files).
				"404.md": "---\ntitle: Lost\npermalink: /404\n---\n# Lost in the dungeon\n\nGo [home]({% link index.md %}).\n\n{% include footer.html %}\n",
			},
			warnings: []string{`404.md:9:1: Liquid tag "{% include footer.html %}"`},
			has: map[string]string{
				// Jekyll's default permalink style writes docs/combat.md
				// as docs/combat.html ("Pages": "/:path/:basename:output_ext",
				// https://jekyllrb.com/docs/permalinks/#pages).
				"index.html":       `<a href="/about.html">about</a>, <a href="/about.html">about again</a>`,
				"docs/combat.html": `<h2 id="rounds-id">Rounds`, // a kramdown id, known when links are checked
				// Issue 31: a span list's id is the element's, and a link
				// target; never a #tag with a tag page.
				"docs/combat.html#span": `<li>A <strong id="move-id">bold</strong> move</li>`,
				"old/index.html":        "https://srd.test/docs/combat.html",
				"older.html":            "https://srd.test/docs/combat.html",
				"elsewhere/index.html":  "Perm",
				"about.html":            "<title>About us",
				"plain.html":            "no front matter",
				"assets/images/a.png":   "png",
				"404.html":              `Lost in the dungeon</h1><div class="content"><p>Go <a href="/">home</a>.</p>`,
				"docs/magic.html":       `aria-current="page">Magic</a> <ul><li><a href="/docs/spells.html">`, // under its parent in the navigation
			},
			lacks:  map[string]string{"docs/combat.html": `<a href="/elsewhere/">`}, // nav_exclude
			hasNot: []string{"404/index.html", "Gemfile", "scripts/convert/index.html", "scripts/convert.html", "_includes/nav/index.html", "_includes/nav.html", "docs/perm/index.html", "docs/perm.html", "docs/combat/index.html", "about/index.html", "tags/move-id/index.html", "tags/strong/index.html"},
		},
		{
			name: "hugo",
			files: map[string]string{
				"content/404.md":                 "# Not here\n",
				"content/experimental/_index.md": "---\nbookCollapseSection: true\n---\n", // untitled: the folder's name
				"content/experimental/x.md":      "# X\n",
				"hugo.toml":                      "title = \"Hugo Wiki\"\nbaseURL = \"https://wiki.test/\"\nstaticDir = [\"static\", \"files\"]\n",
				"content/_index.md":              "---\ntitle: Home\n---\n![map](/img/map.png) [pdf](/sheet.pdf)\n",
				"content/rules.md":               "---\ntitle: Rules\naliases: [/old-rules/]\n---\n",
				"static/img/map.png":             "png",
				"files/sheet.pdf":                "pdf",
			},
			has: map[string]string{"index.html": "Hugo Wiki", "img/map.png": "png", "sheet.pdf": "pdf", "old-rules/index.html": "https://wiki.test/rules/", "404.html": "Not here",
				"experimental/index.html": "<h1>Experimental</h1>"},
		},
		{
			name: "mkdocs nav",
			files: map[string]string{
				"mkdocs.yml":             "site_name: MkSRD\nnav:\n  - index.md\n  - Zeta first: z.md\n  - a.md\n  - Grimoire:\n    - spells/fire.md\n    - Frost: spells/ice/ice.md\n  - Rulebook:\n    - rules/index.md\n",
				"docs/index.md":          "# Home\n",
				"docs/a.md":              "# Alpha\n",
				"docs/z.md":              "# Zeta\n",
				"docs/notnav.md":         "# Aardvark\n",
				"docs/spells/fire.md":    "# Fire\n",
				"docs/spells/ice/ice.md": "# Ice\n",
				"docs/rules/index.md":    "# Rules\n",
			},
			has: map[string]string{
				"z/index.html":     "Zeta first",
				"rules/index.html": "Rulebook",
				// nav: order: Zeta first, Alpha, Grimoire, Rulebook; then the page it leaves out.
				// Grimoire is a section without a page (MkDocs's Section has no URL): a heading
				// over its pages.
				"index.html": `Zeta first</a> </li><li><a href="/a/">Alpha</a> </li><li class="nav-draft"><span aria-disabled="true">Grimoire</span>`,
				// The home page's contents: the section leads to its first page.
				"index.html#contents": `Alpha</a> </li><li><a href="/spells/fire/">Grimoire</a> </li><li><a href="/rules/">Rulebook</a> </li><li><a href="/notnav/">Aardvark</a>`,
			},
			hasNot: []string{"spells/index.html"},
		},
		{
			// "Navigation sub-sections can be created by listing related pages
			// together under a section title"
			// (https://www.mkdocs.org/user-guide/writing-your-docs/#configure-pages-and-navigation):
			// the section is labelled by that title, its folder's index page
			// by its own entry ("Overview"), as MkDocs's themes show them: a
			// heading over its pages, the folder's page first under it, titled
			// by its entry (dnd_session_logs: "Monday:", "- Overview:
			// monday/index.md"; eval6B KB9: the nav as written).
			name: "mkdocs nav section over its folder's index page",
			files: map[string]string{
				"mkdocs.yml":           "site_name: Logs\nnav:\n  - Home: index.md\n  - Monday:\n    - Overview: monday/index.md\n    - NPCs: monday/npcs.md\n",
				"docs/index.md":        "# Home\n",
				"docs/monday/index.md": "# The Monday game\n",
				"docs/monday/npcs.md":  "# People\n",
			},
			has: map[string]string{
				"index.html":        `<li class="nav-draft"><span aria-disabled="true">Monday</span> <ul><li><a href="/monday/">Overview</a>`,
				"monday/index.html": "<title>Overview",
				// its own # heading stays its visible heading, as in MkDocs
				"monday/index.html#h1": "<h1>The Monday game</h1>",
				// and the breadcrumbs name the section as the navigation does
				"monday/npcs/index.html": `<a href="/monday/">Monday</a>`,
			},
		},
		{
			name: "obsidian vault",
			files: map[string]string{
				".obsidian/templates.json": `{"folder": "Templates"}`,
				".trash/old.md":            "# gone\n",
				"Templates/Monster.md":     "# {{title}}\n",
				"Home.md":                  "---\naliases: [Start, Index]\n---\n# Home\n",
				"Bestiary/Goblin.md":       "# Goblin\n",
				// Obsidian Publish titles a note with its inline title, the file
				// name ("Displays the filename as an editable title inline with
				// the file contents", https://help.obsidian.md/settings; Publish's
				// "Hide page title: Enable or disable the inline title of a
				// published note", https://help.obsidian.md/publish/manage-sites):
				// a # heading further down is a heading, not the note's title.
				"Cities/Kull.md": "> [!note] Quick calculator\n> `x`\n\nThe city of fortune.\n\n# Other\n\n#cities\n",
				// "a plugin that requires a plugin codeblock to render, such as
				// Dataview or Fantasy Statblocks, will not work by default in
				// Publish" (https://help.obsidian.md/publish/limitations): a
				// block sitegen does not draw either shows as code, and the
				// build says so at its line.
				"Cities/Map.md": "# Map\n\n```leaflet\nid: kull\nimage: [[Kull.png]]\n```\n\nHeight: `INPUT[number:map_height]`, half: `VIEW[{map_height} / 2][math]`, in inches: `VIEW[{map_height} cm to inch]`, not `INPUT` alone.\n",
				// The Draw Steel Elements plugin's blocks, as the Titanwake
				// vault writes them (eval9A NA3: shown as YAML with no word
				// of why): its 1,249 abilities are drawn (package dsblock,
				// buildcmd's TestVaultPluginBlocks), its counters are
				// warned about.
				"Features/Domain.md": "# Domain\n\n```ds-counter\nname: Goblin\n```\n\n```ds-feature\ntype: feature\nname: Domain\n```\n",
			},
			warnings: []string{"Domain.md:3:1: a ```ds-counter block (the Draw Steel Elements plugin's)",
				"Map.md:3:1: a ```leaflet block (the Obsidian Leaflet plugin's)",
				// Meta Bind's fields are drawn from the note's values (the
				// vault lists no plugins: the author's fields are taken as
				// meant); arithmetic is evaluated as the plugin's mathjs
				// does, a unit conversion is not, and said.
				"Map.md:8:86: a Meta Bind field is shown as code: a math view field ({map_height} cm to inch): \"cm to inch\" after \"{map_height}\" (a unit"},
			has: map[string]string{"home/index.html": "Home", "bestiary/goblin/index.html": "Goblin",
				"cities/map/index.html":      `Height: <span class="mb-field mb-value" aria-label="map_height">0</span>`,
				"cities/map/index.html#half": `half: <span class="mb-field mb-value" aria-label="{map_height} / 2">0</span>`,
				"cities/kull/index.html":     "<title>Kull ·", "cities/kull/index.html#h": `id="other">Other`},
			hasNot: []string{"templates/monster/index.html", "start/index.html"},
			lacks:  map[string]string{"cities/kull/index.html": "<title>Other"},
		},
		{
			// docsify's deployment guide: "save your files to the ./docs
			// subfolder of the main branch of your repository. Then select
			// main branch /docs folder as your GitHub Pages source"
			// (https://docsify.js.org/#/deploy): the site is docs/, whose
			// sidebar links from its root; the repository's README and
			// scripts are not the site's.
			name: "docsify site in docs/",
			files: map[string]string{
				"README.md":                      "# How to run the wiki\n",
				"build.sh":                       "echo\n",
				"docs/index.html":                `<script src="./config.js"></script><script src="//cdn.jsdelivr.net/npm/docsify@4"></script>`,
				"docs/config.js":                 "window.$docsify = { name: 'Game Wiki', loadSidebar: true }\n",
				"docs/README.md":                 "# Game docs\n",
				"docs/_sidebar.md":               "- [Start](/getting-started/)\n- Development\n  - [Code](/development/code.md)\n",
				"docs/getting-started/README.md": "# Getting started\n",
				"docs/development/code.md":       "# Code\n",
			},
			has: map[string]string{"index.html": "<title>Game Wiki", "development/code/index.html": "Code",
				"getting-started/index.html": "Getting started"},
			hasNot: []string{"docs/index.html", "readme/index.html", "build.sh", "_sidebar/index.html", "config.js"},
			lacks:  map[string]string{"index.html": "How to run the wiki"},
		},
		{
			name: "folder notes",
			files: map[string]string{
				"site.toml":                      "title = \"T\"\n",
				"content/_index.md":              "# Home\n[feats](General-Feats.md) [classes](Classes/Classes.md)\n",
				"content/General-Feats.md":       "# General Feats\n![i](General-Feats/img.png) [alert](General-Feats/Alert.md)\n",
				"content/General-Feats/Alert.md": "# Alert\n",
				"content/General-Feats/img.png":  "png",
				"content/Classes/Classes.md":     "# Classes\n[fighter](Fighter.md)\n",
				"content/Classes/Fighter.md":     "# Fighter\n",
			},
			has: map[string]string{
				"general-feats/index.html":       `<a href="/general-feats/alert/">alert</a>`,
				"general-feats/alert/index.html": `<a href="/general-feats/">General Feats</a>`, // its section's breadcrumb
				"classes/index.html":             `<a href="/classes/fighter/">fighter</a>`,
			},
			hasNot: []string{"classes/classes/index.html"},
		},
		{
			// Quartz writes X.md at X.html and X/X.md at X/X.html, and a
			// folder's listing at X/ ("You can override this by creating
			// an index.md file in the folder",
			// https://quartz.jzhao.xyz/features/folder-and-tag-listings);
			// Obsidian keeps both notes. So both are pages: X.md the
			// folder's, X/X.md at X/X/ (Starfinder SRD's "Aeon Stone.md"
			// beside "Aeon Stone/Aeon Stone.md" was a duplicate URL).
			name: "folder note beside and inside its folder",
			files: map[string]string{
				"README.md":                "# SRD\n",
				"Aeon Stone.md":            "# Aeon Stone\nOrbits your head.\n[[Clear]]\n",
				"Aeon Stone/Aeon Stone.md": "# Aeon Stone list\nThe stones.\n",
				"Aeon Stone/Clear.md":      "# Clear\n",
			},
			has: map[string]string{
				"aeon-stone/index.html":            "Orbits your head.",
				"aeon-stone/index.html#listing":    `href="/aeon-stone/clear/"`,
				"aeon-stone/aeon-stone/index.html": "The stones.",
			},
		},
		{
			name: "folder of markdown",
			files: map[string]string{
				"README.md":          "# Rules SRD\n\n[Fighter](classes/fighter.md)\n",
				"classes/fighter.md": "# Fighter\n",
				"node_modules/x.md":  "# x\n",
			},
			has:         map[string]string{"index.html": "Rules SRD", "classes/fighter/index.html": "Fighter"},
			hasNot:      []string{"node_modules/x/index.html"},
			folderTitle: true,
		},
		// Each tool's Markdown extensions (layout.Markup.Extensions):
		// a page written as .markdown is a page, not a file published as
		// its source (icara-spellbook: 507 _posts/*.markdown spells).
		{
			// "markdown_ext: markdown,mkdown,mkdn,mkd,md"
			// (https://jekyllrb.com/docs/configuration/default/)
			name: "jekyll markdown_ext default",
			files: map[string]string{
				"_config.yml":                     "title: Spells\n",
				"index.markdown":                  "---\ntitle: Home\n---\nSee [fireball](fireball.mkd).\n",
				"fireball.mkd":                    "---\ntitle: Fireball\n---\nBoom.\n",
				"_posts/2020-01-01-ward.markdown": "---\ntitle: Ward\n---\nA ward.\n",
				"docs/index.mkdown":               "---\ntitle: Docs\n---\nDocs home.\n",
			},
			has: map[string]string{"index.html": `<a href="/fireball.html">fireball</a>`, "fireball.html": "Boom.",
				"2020/01/01/ward.html": "A ward.", "docs/index.html": "Docs home."},
			hasNot: []string{"index.markdown", "fireball.mkd", "_posts/2020-01-01-ward.markdown", "docs/index.mkdown", "docs/index/index.html", "docs/index.html.html"},
		},
		{
			name: "jekyll markdown_ext set",
			files: map[string]string{
				"_config.yml":    "title: T\nmarkdown_ext: \"md, txt\"\n",
				"index.md":       "---\ntitle: Home\n---\n",
				"notes.txt":      "---\ntitle: Notes\n---\nNoted.\n",
				"spell.markdown": "---\ntitle: Spell\n---\n",
			},
			has:    map[string]string{"notes.html": "Noted."},
			hasNot: []string{"notes.txt", "spell/index.html", "spell.html"},
		},
		{
			// "Any of the following file extensions may be used for your
			// Markdown source files: markdown, mdown, mkdn, mkd, md."
			// (https://www.mkdocs.org/user-guide/writing-your-docs/#file-layout)
			name: "mkdocs markdown extensions",
			files: map[string]string{
				"mkdocs.yml":        "site_name: M\n",
				"docs/index.mdown":  "# Home\n[a](a.markdown) [b](b.mkdn)\n",
				"docs/a.markdown":   "# A\n",
				"docs/b.mkdn":       "# B\n",
				"docs/c/README.mkd": "# C\n",
			},
			has:    map[string]string{"index.html": `<a href="/a/">a</a> <a href="/b/">b</a>`, "a/index.html": "<h1>A", "c/index.html": "<h1>C"},
			hasNot: []string{"a.markdown", "index.mdown"},
		},
		{
			// "Files with ending with .md, .mdown, or .markdown are
			// processed as Markdown" (https://gohugo.io/configuration/markup/)
			name: "hugo markdown extensions",
			files: map[string]string{
				"hugo.toml":               "title = \"H\"\n",
				"content/_index.markdown": "---\ntitle: Home\n---\nHome text.\n",
				"content/rules.mdown":     "---\ntitle: Rules\n---\n",
				"content/notes.mkd":       "not a Hugo page\n",
			},
			has:    map[string]string{"index.html": "Home text.", "rules/index.html": "<title>Rules"},
			hasNot: []string{"rules.mdown", "notes/index.html"},
		},
		{
			// A repository of a vault written on macOS or Windows, whose
			// file systems ignore case, can hold one folder under two
			// spellings ("2) Compendium/" and "2) compendium/",
			// NyteshadeXT/PF2e-Vault): its author's Obsidian shows one
			// folder, and so does sitegen, spelled as the first of them in
			// byte order; its folder note stands for both (a duplicate URL
			// of two section pages before).
			name: "obsidian folder under two spellings",
			files: map[string]string{
				".obsidian/app.json":           "{}",
				"Home.md":                      "# Home\n",
				"Rules/Combat/Combat.md":       "# Combat\nFolder note.\n",
				"Rules/Magic.md":               "# Magic\n",
				"rules/combat/Grapple.md":      "# Grapple\n",
				"rules/Spells.md":              "# Spells\n",
				"rules/combat/Shove/Shove2.md": "# Shove two\n",
			},
			has: map[string]string{
				"rules/combat/index.html":              "Folder note.",
				"rules/combat/index.html#listing":      `href="/rules/combat/grapple/"`,
				"rules/index.html":                     `href="/rules/spells/"`,
				"rules/index.html#magic":               `href="/rules/magic/"`,
				"rules/combat/shove/shove2/index.html": "Shove two",
			},
		},
		{
			// The Tabs plugin's blocks, where the vault enables it, are
			// its tabs, each a box (markup/tabs); its separator setting
			// is read. Without the plugin they stay code.
			name: "obsidian tabs plugin",
			files: map[string]string{
				".obsidian/community-plugins.json": `["tabs"]`,
				".obsidian/plugins/tabs/data.json": `{"split": "tab: "}`,
				"Home.md":                          "# Home\n\n````tabs\nleft\ntab: ### Melee\nRoll [[Dice]].\ntab: Ranged\n```dice\n2d6\n```\n````\n",
				"Dice.md":                          "# Dice\n",
			},
			has: map[string]string{
				"home/index.html":        `<p class="callout-title">Melee</p>`,
				"home/index.html#link":   `Roll <a class="wikilink" href="/dice/">Dice</a>.`,
				"home/index.html#ranged": `<p class="callout-title">Ranged</p>`,
			},
			lacks: map[string]string{"home/index.html": "tab: "},
		},
		{
			// The Columns plugin's blocks and col callouts, where the vault
			// enables it, are columns side by side (markup/columns), with
			// its wrapSize setting; a page with none does not load their
			// stylesheet.
			name: "obsidian columns plugin",
			files: map[string]string{
				".obsidian/community-plugins.json":             `["obsidian-columns"]`,
				".obsidian/plugins/obsidian-columns/data.json": `{"wrapSize": 150}`,
				"Home.md":  "# Home\n\n````col\n```col-md\nflexGrow=2\n===\nRoll [[Dice]].\n```\n```col-md\nRanged\n```\n````\n",
				"Dice.md":  "# Dice\n",
				"Magic.md": "# Magic\n\n> [!col]\n> Left\n>\n>> [!col-md-2]\n>> Right\n",
			},
			has: map[string]string{
				"home/index.html":       `<div class="column" style="flex-grow:2;flex-basis:300px;">`,
				"home/index.html#link":  `Roll <a class="wikilink" href="/dice/">Dice</a>.`,
				"magic/index.html":      `<div class="column" style="flex-grow:2;flex-basis:300px;">` + "\n<p>Right</p>",
				"magic/index.html#left": `<div class="column" style="flex-grow:1;flex-basis:150px;">` + "\n<p>Left</p>",
			},
			lacks: map[string]string{"home/index.html": "language-col", "dice/index.html": "columns."},
		},
		{
			// Without the plugin, a ```col block is code.
			name: "obsidian columns plugin not enabled",
			files: map[string]string{
				".obsidian/community-plugins.json": `["tabs"]`,
				"Home.md":                          "# Home\n\n```col\nA\n```\n",
			},
			has:   map[string]string{"home/index.html": `language-col`},
			lacks: map[string]string{"home/index.html": `class="column"`},
		},
		{
			// Obsidian reads .md notes only: another extension is a file.
			name: "obsidian markdown is .md",
			files: map[string]string{
				".obsidian/app.json": "{}",
				"Home.md":            "# Home\n",
				"Old.markdown":       "# Old\n",
			},
			has:    map[string]string{"home/index.html": "Home"},
			hasNot: []string{"old/index.html"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, tt.files)
			res, err := build(t, dir, content.Options{Theme: theme})
			if err != nil {
				t.Fatalf("build: %v", err)
			}
			for _, w := range tt.warnings {
				if !strings.Contains(strings.Join(res.Warnings, "\n"), w) {
					t.Errorf("no warning %q in %q", w, res.Warnings)
				}
			}
			out := readTree(t, dir+"/public")
			published(t, out, tt.has, "#") // "#x": a second string the file must contain
			for p, not := range tt.lacks {
				if strings.Contains(out[p], not) {
					t.Errorf("%s contains %q", p, not)
				}
			}
			for _, p := range tt.hasNot {
				if _, ok := out[p]; ok {
					t.Errorf("%s published", p)
				}
			}
			if want := `class="site-title" href="/">` + filepath.Base(dir) + `</a>`; tt.folderTitle && !strings.Contains(out["classes/fighter/index.html"], want) {
				t.Errorf("the site is not named by its folder: no %q", want)
			}
		})
	}
}

// TestBrokenLinksWarn: with brokenLinks = "warn" (or the option) broken
// links, anchors and images are warnings and the site builds; other
// errors still fail it.
func TestBrokenLinksWarn(t *testing.T) {
	page := "---\ntitle: A\n---\n[x](nope.md) [y](#nowhere) ![z](gone.png)\n"
	for _, tt := range []struct {
		name string
		toml string
		opt  string
		ok   bool
	}{
		{"default fails", "", "", false},
		{"site.toml warn", "brokenLinks = \"warn\"\n", "", true},
		{"option warn", "", "warn", true},
		{"option error beats site.toml", "brokenLinks = \"warn\"\n", "error", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := writeTree(t, map[string]string{"site.toml": "title = \"T\"\n" + tt.toml, "content/a.md": page})
			res, err := build(t, src, content.Options{BrokenLinks: tt.opt})
			if (err == nil) != tt.ok {
				t.Fatalf("err = %v, want ok %v", err, tt.ok)
			}
			if tt.ok {
				if len(res.WarningList) != 3 {
					t.Errorf("warnings = %v, want the three broken links", res.WarningList)
				}
				if got := content.CountKinds(res.WarningList); got != "2 broken link, 1 broken image" {
					t.Errorf("CountKinds = %q", got)
				}
			}
		})
	}
	src := writeTree(t, map[string]string{"site.toml": "title = \"T\"\nbrokenLinks = \"warn\"\n", "content/a.md": "---\ntitle: 1\n---\n[x](nope.md)\n"})
	if _, err := build(t, src, content.Options{}); err == nil || !strings.Contains(err.Error(), "title: must be a string") {
		t.Errorf("err = %v, want the front matter error", err)
	}
}

// TestBrokenAnchorLenient: a link to a page that is there whose
// #fragment names none of its headings is a broken link, and with broken
// links as warnings it is published as a link to the page, fragment and
// all, as the tools publish it (Docusaurus's onBrokenAnchors "defaults
// to warn for v3.x retro-compatibility" and keeps the link; Obsidian opens
// the note): the browser opens the page at its top. Left as written,
// "A/Human.md#nope" was a 404 on the site.
func TestBrokenAnchorLenient(t *testing.T) {
	files := map[string]string{
		"site.toml":          "title = \"T\"\n",
		"content/A/Human.md": "---\ntitle: Human\n---\n## Real\n",
		"content/x.md":       "---\ntitle: X\n---\n[m](A/Human.md#nope) [abs](/a/human/#nope) [ok](A/Human.md#real) [here](#gone)\n",
	}
	src := writeTree(t, files)
	if _, err := build(t, src, content.Options{}); err == nil || !strings.Contains(err.Error(), `no heading with id "nope" in content/A/Human.md`) {
		t.Fatalf("strict: err = %v, want the broken anchor", err)
	}
	src = writeTree(t, files)
	res, err := build(t, src, content.Options{BrokenLinks: "warn"})
	if err != nil {
		t.Fatal(err)
	}
	if got := content.CountKinds(res.WarningList); got != "3 broken link" {
		t.Errorf("warnings = %q (%v), want the three broken anchors", got, res.WarningList)
	}
	html := readTree(t, src+"/public")["x/index.html"]
	for _, want := range []string{`<a href="/a/human/#nope">m</a>`, `<a href="/a/human/#nope">abs</a>`, `<a href="/a/human/#real">ok</a>`,
		`<a href="#gone">here</a>`} {
		if !strings.Contains(html, want) {
			t.Errorf("page lacks %s", want)
		}
	}
	if strings.Contains(html, "Human.md") {
		t.Errorf("a link to the Markdown file is published:\n%s", html)
	}
}

func TestKind(t *testing.T) {
	for msg, want := range map[string]string{
		`broken link "x.md": content/x.md does not exist`:          "broken link",
		`broken wikilink [[Loot|loot]]: no note named "Loot"`:      "broken wikilink",
		`Liquid tag "{% include x %}": Jekyll's template language`: "Liquid tag",
		`Hugo shortcode "kbd" is not supported: not shown`:         "Hugo shortcode",
		`raw HTML <script> removed`:                                "raw HTML",
		`duplicate URL /a/: also produced by content/a.md`:         "duplicate URL",
		// The particulars follow a connective: not "symbolic link to".
		`symbolic link to /etc/passwd, outside the site folder: sitegen reads only files inside it`: "symbolic link",
		`refers to <Foo>`: "refers",
		`nesting deeper than 100 levels (lists, quotes, callouts inside one another): sitegen stops at 100`: "nesting deeper than 100 levels",
		`long paragraph: the text from this line to line 9 has no blank line in it`:                         "long paragraph",
	} {
		if got := content.Kind(content.Diagnostic{Msg: msg}); got != want {
			t.Errorf("Kind(%q) = %q, want %q", msg, got, want)
		}
	}
	if got := content.Kind(content.Diagnostic{Field: "title", Msg: "must be a string"}); got != "title" {
		t.Errorf("Kind with a field = %q", got)
	}
}
