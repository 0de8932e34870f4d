package conformance

import "testing"

// TestMkDocs builds fixtures with MkDocs and sitegen, one per documented
// rule of https://www.mkdocs.org/user-guide/writing-your-docs/, and
// compares what a reader sees (package comment). MkDocs 1.4 (Debian's) is
// enough; CI installs it.
func TestMkDocs(t *testing.T) {
	for _, f := range []Fixture{
		{
			Name: "index and README",
			Rule: `"MkDocs will allow you to name your index pages as README.md instead of index.md" and "If both an index.md file ` +
				`and a README.md file are found in the same directory, then the index.md file is used and the README.md file is ignored." ` +
				`(https://www.mkdocs.org/user-guide/writing-your-docs/#index-pages)`,
			Files: map[string]string{
				"mkdocs.yml":              "site_name: M\n",
				"docs/index.md":           "# Home\n",
				"docs/rules/README.md":    "# Rules\n\nSee [combat](combat.md).\n",
				"docs/rules/combat.md":    "# Combat\n",
				"docs/spells/index.md":    "# Spells\n",
				"docs/spells/README.md":   "# Not published\n",
				"docs/spells/fireball.md": "# Fireball\n",
			},
		},
		{
			Name: "raw HTML block over blank lines",
			Rule: `Python-Markdown keeps a block-level element raw to its end tag: "block-level HTML elements ... must be ` +
				`separated from surrounding content by blank lines, and the start and end tags of the block should not be ` +
				`indented" (https://python-markdown.github.io/#differences); the second card's link, after a blank line and ` +
				`indented, is a link in both builds, not code (eval14B NB2)`,
			Files: map[string]string{
				"mkdocs.yml":    "site_name: M\n",
				"docs/index.md": "# Home\n",
				"docs/team.md": "# Team\n\n<div class=\"role\">\n<h2>Leads</h2>\n\n    <div class=\"member\">\n        <a href=\"../\">Ann</a>\n    </div>\n\n" +
					"    <div class=\"member\">\n        <a href=\"../rules/\">Bo</a>\n    </div>\n\n</div>\n\nAfter.\n",
				"docs/rules.md": "# Rules\n",
			},
		},
		{
			Name: "navigation without nav",
			Rule: `"If not provided, the navigation will be automatically created by discovering all the Markdown files in the ` +
				`documentation directory. An automatically created navigation configuration will always be sorted alphanumerically ` +
				`by file name (except that index files will always be listed first within a sub-section)." ` +
				`(https://www.mkdocs.org/user-guide/writing-your-docs/#configure-pages-and-navigation)`,
			Files: map[string]string{
				"mkdocs.yml":             "site_name: M\n",
				"docs/index.md":          "# Home\n",
				"docs/zebra.md":          "# Zebra\n",
				"docs/apple.md":          "# Zucchini, titled after its file\n",
				"docs/magic/index.md":    "# Magic\n",
				"docs/magic/cantrips.md": "# Cantrips\n",
				"docs/magic/arcana.md":   "# Arcana\n",
				"docs/combat/melee.md":   "# Melee\n",
				"docs/combat/ranged.md":  "# Ranged\n",
			},
		},
		{
			Name: "navigation without nav: the home page first",
			Rule: `"An automatically created navigation configuration will always be sorted alphanumerically by file name ` +
				`(except that index files will always be listed first within a sub-section)" ` +
				`(https://www.mkdocs.org/user-guide/configuration/#nav): the docs folder's index.md is the navigation's first ` +
				`entry, labelled by its title, and the first page of the reading order (the next page's Previous); a ` +
				`sub-folder's index.md is its section's first page (eval15B NB3: TheAegisLine)`,
			Files: map[string]string{
				"mkdocs.yml":          "site_name: M\n",
				"docs/index.md":       "# Welcome\n",
				"docs/zed.md":         "# Zed\n",
				"docs/alpha.md":       "# Alpha\n",
				"docs/sub/index.md":   "# Sub home\n",
				"docs/sub/beta.md":    "# Beta\n",
				"docs/sub/aaa.md":     "# Aaa\n",
				"docs/rules/melee.md": "# Melee\n",
			},
			ReadingOrder: true,
		},
		{
			Name: "nav",
			Rule: `"if a title is defined for a page in the navigation, that title will be used throughout the site for that page ` +
				`and will override any title defined within the page itself", and "Any pages not listed in your navigation ` +
				`configuration will still be rendered and included with the built site, however, they will not be linked from ` +
				`the global navigation and will not be included in the previous and next links." ` +
				`(https://www.mkdocs.org/user-guide/writing-your-docs/#configure-pages-and-navigation)`,
			Files: map[string]string{
				"mkdocs.yml":          "site_name: M\nnav:\n  - Home: index.md\n  - Zeta first: z.md\n  - a.md\n  - Grimoire:\n    - spells/fire.md\n    - Frost: spells/ice.md\n",
				"docs/index.md":       "# Home\n\nThe [hidden](hidden.md) page.\n",
				"docs/a.md":           "# A\n",
				"docs/z.md":           "# Z\n",
				"docs/hidden.md":      "# Hidden\n",
				"docs/spells/fire.md": "# Fire\n",
				"docs/spells/ice.md":  "# Ice\n",
			},
			SameNav: true, ReadingOrder: true,
		},
		{
			Name: "nav places the home page after another page",
			Rule: `"This setting is used to determine the format and layout of the global navigation for the site" ` +
				`(https://www.mkdocs.org/user-guide/configuration/#nav): the previous and next links follow nav:'s order, ` +
				`the home page where nav: lists it, not first`,
			Files: map[string]string{
				"mkdocs.yml":      "site_name: M\nnav:\n  - Alpha: a.md\n  - Home: index.md\n  - Rules:\n    - rules/b.md\n    - rules/c.md\n",
				"docs/index.md":   "# Home\n",
				"docs/a.md":       "# A\n",
				"docs/rules/b.md": "# B\n",
				"docs/rules/c.md": "# C\n",
			},
			SameNav: true, ReadingOrder: true,
		},
		{
			Name: "nav omits the home page",
			Rule: `"Any pages not listed in your navigation configuration will still be rendered and included with the built ` +
				`site, however, they will not be linked from the global navigation and will not be included in the previous ` +
				`and next links." (https://www.mkdocs.org/user-guide/writing-your-docs/#configure-pages-and-navigation)`,
			Files: map[string]string{
				"mkdocs.yml":    "site_name: M\nnav:\n  - b.md\n  - Alpha: a.md\n",
				"docs/index.md": "# Home\n",
				"docs/a.md":     "# A\n",
				"docs/b.md":     "# B\n",
			},
			SameNav: true, ReadingOrder: true,
		},
		{
			Name: "a section's index page keeps its title",
			Rule: `"MkDocs will attempt to determine the title of a document in the following ways, in order: 1. A title ` +
				`defined in the nav configuration setting for a document. 2. A title defined in the title meta-data key of a ` +
				`document. 3. A level 1 Markdown header on the first line of the document body." ` +
				`(https://www.mkdocs.org/user-guide/writing-your-docs/#meta-data): a section's title ("- Races:") names the ` +
				`section, not its index page listed bare (jacques-dup/karchives: people/races/index.md, title: Race and Heritage)`,
			Files: map[string]string{
				"mkdocs.yml": "site_name: M\nnav:\n  - index.md\n  - Races:\n    - races/index.md\n    - races/elves.md\n" +
					"  - Gods:\n    - gods/index.md\n    - gods/sun.md\n",
				"docs/index.md":       "# Home\n",
				"docs/races/index.md": "---\ntitle: Race and Heritage\n---\nAll the peoples.\n",
				"docs/races/elves.md": "# Elves\n",
				"docs/gods/index.md":  "# Gods & Religion\n\nThe faiths.\n",
				"docs/gods/sun.md":    "# The Sun\n",
			},
		},
		{
			Name: "nav groups that are not folders",
			Rule: `"nav: This setting is used to determine the format and layout of the global navigation for the site." ` +
				`"All paths in the navigation configuration must be relative to the docs_dir" and "a section ... title" is the ` +
				`key of a list of pages: the navigation is the nav as written, its sections wherever their pages live ` +
				`(https://www.mkdocs.org/user-guide/configuration/#nav; eval6B KB9: two top-level sections of one folder's ` +
				`sub-folders, a section of pages from the root and a folder)`,
			Files: map[string]string{
				"mkdocs.yml": "site_name: M\nnav:\n  - 简介:\n    - Getting Started: index.md\n    - 关于本项目: intro/about.md\n" +
					"  - A Lua:\n    - a/lua/x.md\n  - A EFM:\n    - a/efm/y.md\n    - a/efm/z.md\n",
				"docs/index.md":       "# Home\n",
				"docs/intro/about.md": "# About\n",
				"docs/a/lua/x.md":     "# X\n",
				"docs/a/efm/y.md":     "# Y\n",
				"docs/a/efm/z.md":     "# Z\n",
			},
			SameNav: true,
		},
		{
			Name: "setext underline under a paragraph of two lines",
			Rule: `Python-Markdown's SetextHeaderProcessor matches r'^.*?\n[=-]+[ ]*(\n|$)' at the start of a block: one line ` +
				`and its underline; under two lines "---" is a rule (HRProcessor) and "===" text, so no level 1 heading titles ` +
				`the page ` +
				`(https://github.com/Python-Markdown/markdown/blob/3.4.1/markdown/blockprocessors.py; eval6B KB16)`,
			Files: map[string]string{
				"mkdocs.yml":    "site_name: M\n",
				"docs/index.md": "# Home\n\n[Rule](rule.md)\n",
				"docs/rule.md":  "line one\nline two\n===\n\nNot a title: MkDocs titles the page by its file name.\n\nthree\nfour\n---\n\nOne\n---\n",
			},
		},
		{
			Name: "titles",
			Rule: `"MkDocs will attempt to determine the title of a document in the following ways, in order: 1. A title defined in ` +
				`the nav configuration setting for a document. 2. A title defined in the title meta-data key of a document. 3. A ` +
				`level 1 Markdown header on the first line of the document body. 4. The filename of a document." ` +
				`(https://www.mkdocs.org/user-guide/writing-your-docs/#meta-data)`,
			Files: map[string]string{
				"docs/spaces.md":     "--- \ntitle: Spaces after the delimiters\n---\t\n\nBody\n",
				"mkdocs.yml":         "site_name: M\n",
				"docs/index.md":      "# Home\n",
				"docs/meta.md":       "---\ntitle: From meta\n---\n\n# From heading\n",
				"docs/lines.md":      "title: From meta lines\n\n# From heading\n",
				"docs/heading.md":    "# From heading\n\ntext\n",
				"docs/late-h1.md":    "Some text first.\n\n# A later heading\n",
				"docs/no_heading.md": "Just text.\n",
				"docs/Mixed-Case.md": "Just text.\n",
				// An HTML comment on the first line (a linter's switch,
				// Project-Ordinance/website-wiki docs/team/index.md) puts the
				// heading on the second: MkDocs 1.4 titles the page by its
				// file name ("Comment"), measured.
				"docs/comment.md": "<!-- markdownlint-disable MD033 -->\n# After a comment\n\ntext\n",
			},
		},
		{
			Name: "titles of a site that pins MkDocs 1.4",
			Rule: `"3. A level 1 Markdown header on the first line of the document body. (Setext-style headers are supported ` +
				`only since MkDocs 1.5.)" (https://www.mkdocs.org/user-guide/writing-your-docs/#meta-data); before 1.5 ` +
				`"if not line.startswith('# '): return None; return line.lstrip('# ')" (mkdocs 1.4.2 utils.get_markdown_title): ` +
				`a site whose requirements.txt pins mkdocs==1.4.2 is titled by that rule, markup as written`,
			Files: map[string]string{
				"mkdocs.yml":       "site_name: M\n",
				"requirements.txt": "mkdocs==1.4.2\n",
				"docs/index.md":    "# Home\n",
				"docs/code.md":     "# The `roll` command\n\ntext\n",
				"docs/em.md":       "# An *emphasised* word\n\ntext\n",
				"docs/link.md":     "# See [the rules](em.md) now\n\ntext\n",
				"docs/hashes.md":   "# Trailing hashes ##\n\ntext\n",
				"docs/setext.md":   "Setext title\n============\n\ntext\n",
			},
		},
		{
			Name: "front matter of four dashes, front matter not closed",
			Rule: `MkDocs 1.4 reads YAML front matter with "^-{3}[ \\t]*\\n(.*?\\n)(?:\\.{3}|-{3})[ \\t]*\\n" (mkdocs.utils.meta, ` +
				`https://github.com/mkdocs/mkdocs/blob/1.4.2/mkdocs/utils/meta.py): "----" opens none, nor does a "---" never ` +
				`closed; both are thematic breaks and the rest text (measured, MkDocs 1.4; eval6A KA6)`,
			Files: map[string]string{
				"mkdocs.yml":    "site_name: M\n",
				"docs/index.md": "# Home\n",
				"docs/four.md":  "----\ntitle: Four\n----\n\n# Four heading\n",
				"docs/open.md":  "---\ntitle: Open\n\n# Open heading\n\nText.\n",
			},
		},
		{
			Name: "links",
			Rule: `"When linking between pages in the documentation you can simply use the regular Markdown linking syntax, ` +
				`including the relative path to the Markdown document you wish to link to." and "Absolute paths are not modified ` +
				`at all." (https://www.mkdocs.org/user-guide/writing-your-docs/#linking-to-pages)`,
			Files: map[string]string{
				"mkdocs.yml":           "site_name: M\n",
				"docs/index.md":        "# Home\n\n[Combat](rules/combat.md), [rounds](rules/combat.md#rounds), [map](img/map.png), [missing](nope.md).\n",
				"docs/rules/combat.md": "# Combat\n\n## Rounds\n\nBack [home](../index.md), [up](../index.md#home).\n",
				"docs/img/map.png":     "png",
			},
			// A link to the page's own title heading: sitegen's <h1> has
			// no id, the link leads to the page.
			Known: []string{"link: /rules/combat/: sitegen leads to [/ /] (and nowhere []), the tool to [/ /#home]"},
		},
		{
			Name: "names with spaces",
			Rule: `MkDocs writes each file of docs_dir at its path: "Markdown source files ... the URL ... generated for the ` +
				`page" from its path (https://www.mkdocs.org/user-guide/writing-your-docs/#file-layout), a space kept ` +
				`("Blender Examples/cube.blend", DCS modding guide; a page "My Page.md" at /My%20Page/). Python-Markdown also ` +
				`reads a link whose destination has a space ("[p](My Page.md)"), which CommonMark and sitegen do not: not checked`,
			Files: map[string]string{
				"mkdocs.yml":                       "site_name: M\n",
				"docs/index.md":                    "# Home\n\n[page](My%20Page.md), [cube](Blender%20Examples/cube.blend)\n",
				"docs/My Page.md":                  "# Mine\n\n[back](index.md), [cube](Blender%20Examples/cube.blend)\n",
				"docs/Blender Examples/cube.blend": "blend",
			},
			Published: []string{"Blender Examples/cube.blend"},
		},
		{
			Name: "use_directory_urls: false",
			Rule: `use_directory_urls: "This setting controls the style used for linking to pages within the documentation." ` +
				`false: "api-guide.md | api-guide/ | api-guide.html", "about/license.md | about/license/ | about/license.html", ` +
				`"index.md | ./ | ./index.html" (https://www.mkdocs.org/user-guide/configuration/#use_directory_urls): each page ` +
				`is written as that file`,
			Files: map[string]string{
				"mkdocs.yml":            "site_name: M\nuse_directory_urls: false\n",
				"docs/index.md":         "# Home\n\n[Combat](rules/combat.md) [g](rules/index.md) [l](about/license.md#terms)\n",
				"docs/rules/index.md":   "# Rules\n\n[Combat](combat.md#rounds)\n",
				"docs/rules/combat.md":  "# Combat\n\n## Rounds\n\n[home](../index.md) [l](../about/license.md)\n",
				"docs/about/license.md": "# License\n\n## Terms\n",
			},
			SameFiles: true,
		},
		{
			Name: "two pages of one URL",
			Rule: `MkDocs writes rules/magic.md and rules/magic/index.md to one file, rules/magic/index.html: the one it writes ` +
				`last (the folder's) stays; a YAML key set twice keeps its last value (PyYAML)`,
			Files: map[string]string{
				"mkdocs.yml":                "site_name: First\nsite_name: M\n",
				"docs/index.md":             "# Home\n\n[Magic](rules/magic.md)\n",
				"docs/rules/magic.md":       "# The page\n",
				"docs/rules/magic/index.md": "---\ntitle: A\ntitle: The folder\n---\n\ntext\n",
			},
			// MkDocs' navigation keeps an entry, labelled with its title,
			// for the page whose output it overwrote: two entries of one
			// URL, which the comparison counts once (NavDiff), labelled by
			// the first.
			Known: []string{`label: /rules/magic/: sitegen labels it "The folder", the tool "The page"`},
		},
		{
			Name: "no tag pages",
			Rule: `MkDocs makes no tag pages, and Python-Markdown has no tags: front matter tags: and "#word" in the text ` +
				`publish nothing (https://www.mkdocs.org/user-guide/writing-your-docs/#meta-data; ` +
				`https://python-markdown.github.io/#differences); eval6B KB10`,
			Files: map[string]string{
				"mkdocs.yml":    "site_name: M\n",
				"docs/index.md": "# Home\n",
				"docs/chat.md":  "---\ntags: [rules]\n---\n# Chat\n\nPost in the #show-and-tell channel.\n",
			},
			Unpublished: []string{"tags/index.html", "tags/rules/index.html", "tags/show-and-tell/index.html"},
		},
		{
			Name: "Markdown in an admonition's title",
			Rule: `Python-Markdown's admonition sets the title as its <p>'s text ("p.text = title", ` +
				`https://github.com/Python-Markdown/markdown/blob/master/markdown/extensions/admonition.py) and the inline ` +
				`processor renders every element's text: a link in the title is a link (eval5B JB16)`,
			Files: map[string]string{
				"mkdocs.yml":           "site_name: M\nmarkdown_extensions:\n  - admonition\n",
				"docs/index.md":        "# Home\n\n!!! note \"See `melee` in [combat](rules/combat.md)\"\n    Body.\n",
				"docs/rules/combat.md": "# Combat\n",
			},
			Strict: true,
		},
		{
			Name: "nav: a section's index page keeps its own title",
			Rule: `"1. A title defined in the nav configuration setting for a document. 2. A title defined in the title meta-data key ` +
				`of a document. 3. A level 1 Markdown header on the first line of the document body." ` +
				`(https://www.mkdocs.org/user-guide/writing-your-docs/#meta-data): a section's index page, listed under the section ` +
				`without a title, is labelled by its own heading, the section by its own title (awesome-pages' navigation too)`,
			Files: map[string]string{
				"mkdocs.yml":          "site_name: M\nnav:\n  - index.md\n  - Rules:\n    - rules/index.md\n    - rules/melee.md\n",
				"docs/index.md":       "# Home\n",
				"docs/rules/index.md": "# Rules overview\n",
				"docs/rules/melee.md": "# Melee\n",
			},
			SameNav: true,
		},
		{
			Name: "a hidden docs_dir",
			Rule: `"docs_dir: The directory containing the documentation source markdown files" ` +
				`(https://www.mkdocs.org/user-guide/configuration/#docs_dir): MkDocs reads a hidden folder the settings name ` +
				`(samsturtevant/dnd-compendium: docs_dir: .site_content, eval9A NA4), and leaves out the dot-files inside it`,
			Files: map[string]string{
				"mkdocs.yml":                       "site_name: M\ndocs_dir: .site_content\n",
				".site_content/index.md":           "# Home\n\nSee [fireball](spells/fireball.md).\n",
				".site_content/spells/fireball.md": "# Fireball\n",
				".site_content/.secret.md":         "# Secret\n",
			},
			Unpublished: []string{".secret/index.html", ".secret.md"},
		},
	} {
		t.Run(f.Name, func(t *testing.T) { Run(t, MkDocs, Sitegen, f) })
	}
}
