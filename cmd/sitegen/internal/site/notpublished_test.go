package site

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// outputText returns every file of a built site as text, by path, with
// gzip-compressed files (the search index's parts) inflated and
// precompressed siblings left out: what a reader of the site can get.
func outputText(t *testing.T, dest string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for name, body := range readTree(t, dest) {
		if strings.HasSuffix(name, ".br") || strings.HasSuffix(name, ".gz") && !strings.HasPrefix(name, content.SearchDir+"/") {
			continue
		}
		if strings.HasPrefix(body, "\x1f\x8b") {
			b, err := gunzipBytes([]byte(body))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			body = string(b)
		}
		out[name] = body
	}
	return out
}

// TestNotPublished is issue 31, item 4: each tool's "do not publish" is
// honoured by one mechanism (publish.go) and said in the build's report.
// The rules are quoted, with their documents, in the tests of the layout
// packages (layout/obsidian, layout/jekyll, layout/hugo, layout/mkdocs);
// here every case is a whole project, and nothing marked PRIVATE may reach
// any file of the output (pages, the search index, sitemap.xml, redirects,
// tag pages, embeds), while a public page's link to it is a warning at its
// position and is shown as its text. With --drafts the pages come back
// (but what exclude_docs names), still listed in the report.
func TestNotPublished(t *testing.T) {
	tests := []struct {
		name      string
		files     map[string]string
		reasons   map[string]string // file -> reason in Result.NotPublished
		warnings  []string          // each the start of one warning
		quiet     []string          // text no warning holds
		has       map[string]string // output file -> text it must hold
		hasNot    []string          // output files that must not exist
		unlisted  []string          // pages published but in no list, sitemap or search
		preview   []string          // output files --drafts must add
		noPreview []string          // output files even --drafts leaves out
	}{
		{
			name: "Obsidian vault: publish: false",
			files: map[string]string{
				".obsidian/app.json": "{}",
				"Home.md":            "# Home\n\nSee [[GM Notes]], [[Scene 3|the scene]], [[Old GM]] and [gm](GM%20Notes.md).\n\n![[GM Notes]]\n\n#session\n",
				"GM Notes.md":        "---\npublish: false\ntags: [secret-tag]\naliases: [Old GM]\n---\n# GM Notes\n\nPRIVATE-GM #hidden-inline\n",
				"Scene 3.md":         "---\npublish: \"false\"\n---\nPRIVATE-SCENE\n",
				"Public.md":          "---\npublish: true\ntags: [session]\n---\n# Public\n\n![[map.png]]\n",
				// Obsidian Publish uploads the attachments its author
				// selects with the notes that show them
				// (https://help.obsidian.md/Obsidian+Publish/Publish+and+unpublish+notes):
				// one only a private note shows, or none, stays home.
				"map.png":         "PUBLIC-MAP",
				"Maps/gm-map.png": "PRIVATE-GM-MAP",
				"loose.png":       "PRIVATE-LOOSE",
				"GM Notes 2.md":   "---\npublish: false\n---\n![[gm-map.png]] PRIVATE-GM2\n",
			},
			reasons: map[string]string{"GM Notes 2.md": "publish: false (Obsidian Publish)", "GM Notes.md": "publish: false (Obsidian Publish)", "Scene 3.md": "publish: false (Obsidian Publish)"},
			warnings: []string{
				"Home.md:3:5: unpublished wikilink [[GM Notes]]: GM Notes.md is not published (publish: false (Obsidian Publish))",
				"Home.md:3:19: unpublished wikilink [[Scene 3|the scene]]: Scene 3.md is not published",
				"Home.md:3:42: unpublished wikilink [[Old GM]]: GM Notes.md is not published",
				"Home.md:3:57: unpublished link \"GM%20Notes.md\": GM Notes.md is not published",
				"Home.md:5:1: unpublished embed ![[GM Notes]]: GM Notes.md is not published",
			},
			has:       map[string]string{"home/index.html": `<span class="wikilink-missing">the scene</span>`, "tags/session/index.html": "Public", "map.png": "PUBLIC-MAP"},
			hasNot:    []string{"gm-notes/index.html", "scene-3/index.html", "tags/secret-tag/index.html", "tags/hidden-inline/index.html", "maps/gm-map.png", "loose.png"},
			preview:   []string{"gm-notes/index.html", "scene-3/index.html", "tags/secret-tag/index.html", "maps/gm-map.png"},
			noPreview: nil,
		},
		{
			// A vault's templates folder is not read at all (layout.Excluded):
			// a wikilink to one of its notes, which Obsidian opens, names a
			// note that is not published, not one that does not exist
			// (eval10A NA2, un-tor-obsidian's [[PC-Template]]).
			name: "Obsidian vault: a link into the templates folder",
			files: map[string]string{
				".obsidian/templates.json":         `{"folder": "_Assets/Templates"}`,
				"Home.md":                          "# Home\n\nSee [[PC-Template]].\n",
				"_Assets/Templates/PC-Template.md": "# {{title}}\n\nPRIVATE-TEMPLATE\n",
			},
			warnings: []string{
				"Home.md:3:5: unpublished wikilink [[PC-Template]]: _Assets/Templates/PC-Template.md is in _Assets/Templates/, which is not published",
			},
			has:    map[string]string{"home/index.html": `<span class="wikilink-missing">PC-Template</span>`},
			hasNot: []string{"_assets/templates/pc-template/index.html"},
		},
		{
			name: "Hugo: draft, dates, build options, headless, cascade",
			files: map[string]string{
				"hugo.toml":                  "title = \"H\"\nbaseURL = \"https://h.test/\"\n",
				"content/_index.md":          "---\ntitle: Home\n---\n[draft](draft.md) [future](/future/) [unlisted](unlisted.md) [internal](/internal/p/)\n",
				"content/draft.md":           "---\ntitle: Draft\ndraft: true\naliases: [/old-draft/]\ntags: [draft-tag]\n---\nPRIVATE-DRAFT\n",
				"content/future.md":          "---\ntitle: Future\npublishDate: 2999-01-01\n---\nPRIVATE-FUTURE\n",
				"content/later.md":           "+++\ntitle = \"Later\"\ndate = 2999-01-01\n+++\nPRIVATE-LATER\n",
				"content/expired.md":         "---\ntitle: Expired\nexpiryDate: 2001-01-01T00:00:00Z\n---\nPRIVATE-EXPIRED\n",
				"content/never.md":           "---\ntitle: Never\nbuild:\n  render: never\n---\nPRIVATE-NEVER\n",
				"content/old.md":             "---\ntitle: Old\n_build:\n  render: false\n---\nPRIVATE-OLD\n",
				"content/b/index.md":         "---\ntitle: Headless\nheadless: true\n---\nPRIVATE-HEADLESS\n",
				"content/b/pic.txt":          "a bundle's file is published (publishResources)",
				"content/internal/_index.md": "---\ntitle: Internal\ncascade:\n  _build:\n    render: never\n    list: never\n---\nPRIVATE-INTERNAL-INDEX\n",
				"content/internal/p.md":      "---\ntitle: P\n---\nPRIVATE-INTERNAL\n",
				"content/unlisted.md":        "---\ntitle: Unlisted\nbuild:\n  list: never\n---\nUNLISTED-TEXT\n",
				// "publishResources: If true, publish page resources"
				// (https://gohugo.io/content-management/build-options/):
				// false, its files are not published (Hugo would on a
				// template's .Permalink, which sitegen has none of). Found
				// by the fifth probe.
				"content/r/index.md":   "---\ntitle: R\nbuild:\n  publishResources: false\n---\nR-TEXT\n",
				"content/r/gm.txt":     "PRIVATE-R",
				"content/r/sub/gm.txt": "PRIVATE-R-SUB",
			},
			reasons: map[string]string{
				"content/draft.md": "draft: true", "content/future.md": "publishDate in the future (Hugo)",
				"content/later.md": "date in the future, no publishDate (Hugo)", "content/expired.md": "expiryDate passed (Hugo)",
				"content/never.md": "build: {render: never} (Hugo)", "content/old.md": "_build: {render: false} (Hugo)",
				"content/b/index.md": "headless: true (Hugo)", "content/internal/_index.md": "_build: {render: never} (Hugo)",
				"content/internal/p.md": "_build: {render: never} (Hugo)",
				"content/r/gm.txt":      "build: {publishResources: false} (Hugo)", "content/r/sub/gm.txt": "build: {publishResources: false} (Hugo)",
			},
			warnings: []string{
				"content/_index.md:4:1: unpublished link \"draft.md\": content/draft.md is not published (draft: true)",
				"content/_index.md:4:19: unpublished link \"/future/\": content/future.md is not published",
				"content/_index.md:4:62: unpublished link \"/internal/p/\": content/internal/p.md is not published",
			},
			has:       map[string]string{"index.html": `<a href="/unlisted/">unlisted</a>`, "b/pic.txt": "bundle", "unlisted/index.html": "UNLISTED-TEXT", "r/index.html": "R-TEXT"},
			hasNot:    []string{"draft/index.html", "old-draft/index.html", "future/index.html", "later/index.html", "expired/index.html", "never/index.html", "old/index.html", "b/index.html", "internal/index.html", "internal/p/index.html", "tags/draft-tag/index.html"},
			noPreview: []string{"r/gm.txt", "r/sub/gm.txt"},
			unlisted:  []string{"/unlisted/"},
			preview:   []string{"draft/index.html", "old-draft/index.html", "future/index.html", "later/index.html", "expired/index.html", "never/index.html", "internal/p/index.html"},
		},
		{
			// "A leaf bundle is a directory that contains an index.md file
			// and zero or more resources. [...] It has no descendants."
			// (https://gohugo.io/content-management/page-bundles/): the
			// other Markdown files of the bundle, in its folder or below,
			// are resources Hugo 0.111 neither renders nor publishes; its
			// other files it publishes, a headless bundle's too (eval5B
			// JB18: HowToCook's headless about/ with cc.md, me.md).
			name: "Hugo: a leaf bundle's Markdown files are its resources",
			files: map[string]string{
				"hugo.toml":                 "title = \"H\"\nbaseURL = \"https://h.test/\"\n",
				"content/_index.md":         "---\ntitle: Home\n---\n[cc](about/cc.md) [notes](/monster/notes/)\n",
				"content/about/index.md":    "---\nheadless: true\n---\nPRIVATE-ABOUT\n",
				"content/about/cc.md":       "---\ntitle: CC\n---\nPRIVATE-CC\n",
				"content/about/pic.txt":     "a headless bundle's file is published",
				"content/monster/index.md":  "---\ntitle: Monster\n---\nMONSTER-TEXT\n",
				"content/monster/notes.md":  "---\ntitle: Notes\n---\nPRIVATE-NOTES\n",
				"content/monster/lore/a.md": "---\ntitle: A\n---\nPRIVATE-LORE\n",
				"content/monster/map.txt":   "the bundle's map",
				"content/rules/_index.md":   "---\ntitle: Rules\n---\n",
				"content/rules/combat.md":   "---\ntitle: Combat\n---\nCOMBAT-TEXT\n",
			},
			reasons: map[string]string{
				"content/about/index.md":    "headless: true (Hugo)",
				"content/about/cc.md":       "a resource of the leaf bundle content/about/index.md, not a page (Hugo)",
				"content/monster/notes.md":  "a resource of the leaf bundle content/monster/index.md, not a page (Hugo)",
				"content/monster/lore/a.md": "a resource of the leaf bundle content/monster/index.md, not a page (Hugo)",
			},
			warnings: []string{
				"content/_index.md:4:1: unpublished link \"about/cc.md\": content/about/cc.md is not published",
				"content/_index.md:4:19: unpublished link \"/monster/notes/\": content/monster/notes.md is not published",
			},
			has: map[string]string{"monster/index.html": "MONSTER-TEXT", "monster/map.txt": "map", "about/pic.txt": "headless",
				"rules/combat/index.html": "COMBAT-TEXT"},
			hasNot:    []string{"about/index.html", "about/cc/index.html", "monster/notes/index.html", "monster/lore/a/index.html", "monster/lore/index.html", "about/cc.md", "monster/notes.md"},
			noPreview: []string{"about/cc/index.html", "monster/notes/index.html", "monster/lore/a/index.html"},
		},
		{
			name: "Jekyll: published: false and _drafts/",
			files: map[string]string{
				"_config.yml":      "title: J\n",
				"index.md":         "---\ntitle: Home\n---\n[secret](secret.md) [draft](_drafts/d.md) ![pic](_drafts/pic.png)\n",
				"secret.md":        "---\ntitle: Secret\npublished: false\nredirect_from: [/old-secret/]\n---\nPRIVATE-SECRET\n",
				"_drafts/d.md":     "---\ntitle: D\n---\nPRIVATE-DRAFT\n",
				"_drafts/pic.png":  "PRIVATE-PIC",
				"_includes/inc.md": "not published, not counted",
			},
			reasons:  map[string]string{"secret.md": "published: false (Jekyll)", "_drafts/d.md": "_drafts/ (Jekyll drafts)", "_drafts/pic.png": "_drafts/ (Jekyll drafts)"},
			warnings: []string{"index.md:4:1: unpublished link \"secret.md\"", "index.md:4:21: unpublished link \"_drafts/d.md\"", "index.md:4:43: unpublished image \"_drafts/pic.png\""},
			hasNot:   []string{"secret.html", "old-secret/index.html", "_drafts/d.html", "_drafts/pic.png"},
			preview:  []string{"secret.html", "old-secret/index.html", "_drafts/d.html", "_drafts/pic.png"},
		},
		{
			// https://jekyllrb.com/docs/collections/#output — "When
			// defining a collection as a sequence, its pages will not be
			// rendered by default. To enable this, output: true must be
			// specified on the collection".
			name: "Jekyll: a collection without output: true",
			files: map[string]string{
				"_config.yml":   "title: J\ncollections:\n  - npcs\n",
				"index.md":      "---\ntitle: Home\n---\nHome\n",
				"_npcs/spy.md":  "---\ntitle: Spy\n---\nPRIVATE-SPY\n",
				"_npcs/map.png": "PRIVATE-MAP",
				// https://jekyllrb.com/docs/posts/ — "add a file to your
				// _posts directory with the following format:
				// YEAR-MONTH-DAY-title.MARKUP" (Jekyll 4.3 skips another).
				"_posts/notes.md": "---\ntitle: N\n---\nPRIVATE-NOTES\n",
			},
			reasons: map[string]string{"_npcs/spy.md": "_npcs/ (Jekyll collection without output: true)", "_npcs/map.png": "_npcs/ (Jekyll collection without output: true)",
				"_posts/notes.md": "a post without YEAR-MONTH-DAY- in its name (Jekyll skips it)"},
			hasNot:    []string{"npcs/spy/index.html", "_npcs/spy/index.html", "_npcs/map.png", "npcs/index.html", "notes/index.html", "_posts/notes/index.html"},
			noPreview: []string{"npcs/spy/index.html", "_npcs/spy/index.html"},
		},
		{
			name: "MkDocs: exclude_docs and draft_docs",
			files: map[string]string{
				"mkdocs.yml":            "site_name: M\nexclude_docs: |\n  *.py\n  /private/\ndraft_docs: |\n  drafts/\n",
				"docs/index.md":         "# Home\n\n[p](private/a.md) [d](drafts/x.md) [t](templates/t.md) ![i](private/img.png)\n",
				"docs/private/a.md":     "# A\n\nPRIVATE-A\n",
				"docs/private/img.png":  "PRIVATE-IMG",
				"docs/drafts/x.md":      "# X\n\nPRIVATE-X\n",
				"docs/script.py":        "PRIVATE-PY",
				"docs/templates/t.md":   "# T\n\nPRIVATE-T\n",
				"docs/templates/x/y.md": "# Y\n\nPRIVATE-Y\n",
			},
			reasons: map[string]string{
				"docs/private/a.md": "exclude_docs (MkDocs)", "docs/private/img.png": "exclude_docs (MkDocs)", "docs/script.py": "exclude_docs (MkDocs)",
				"docs/templates/t.md": "exclude_docs (MkDocs)", "docs/templates/x/y.md": "exclude_docs (MkDocs)", "docs/drafts/x.md": "draft_docs (MkDocs)",
			},
			warnings: []string{
				"docs/index.md:3:1: unpublished link \"private/a.md\": docs/private/a.md is not published (exclude_docs (MkDocs))",
				"docs/index.md:3:19: unpublished link \"drafts/x.md\"", "docs/index.md:3:36: unpublished link \"templates/t.md\"",
				"docs/index.md:3:56: unpublished image \"private/img.png\"",
			},
			hasNot:    []string{"private/a/index.html", "private/img.png", "drafts/x/index.html", "script.py", "templates/t/index.html"},
			preview:   []string{"drafts/x/index.html"},
			noPreview: []string{"private/a/index.html", "private/img.png", "script.py", "templates/t/index.html"},
		},
		{
			// https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-docs#markdown-front-matter:
			// "draft: Draft documents will only be available during
			// development"; "unlisted: Unlisted documents will be available
			// in both development and production. They will be "hidden" in
			// production, not indexed, excluded from sitemaps, and can only
			// be accessed by users having a direct link." A sidebar item
			// naming a draft is dropped (Docusaurus's postProcessSidebars),
			// without a warning. The docs plugin's exclude ("glob patterns
			// matching Markdown files to be excluded", by default partials,
			// "_"-prefixed) names pages: a picture in an excluded folder is
			// published when a doc shows it; docusaurus start leaves the
			// excluded pages out too, so --drafts does.
			name: "Docusaurus: draft: true, unlisted: true, exclude",
			files: map[string]string{
				"docusaurus.config.js":    "module.exports = {\n  title: 'D',\n  url: 'https://d.test',\n  baseUrl: '/',\n  presets: [['classic', {docs: {routeBasePath: '/', sidebarPath: './sidebars.js'}}]],\n};\n",
				"sidebars.js":             "module.exports = {docs: ['intro', 'draft', 'unlisted', 'other']};\n",
				"docs/intro.md":           "---\nslug: /\n---\n# Intro\n\n[draft](draft.md) [unlisted](unlisted.md) [other](/other) [partial](_partials/_rule.md) ![map](_assets/map.png)\n",
				"docs/draft.md":           "---\ndraft: true\ntags: [draft-tag]\n---\n# Draft\n\nPRIVATE-DRAFT\n",
				"docs/unlisted.md":        "---\nunlisted: true\n---\n# Unlisted\n\nUNLISTED-TEXT\n",
				"docs/other.md":           "# Other\n",
				"docs/_partials/_rule.md": "PRIVATE-PARTIAL\n",
				"docs/_shared.mdx":        "PRIVATE-SHARED\n",
				"docs/_assets/map.png":    "MAP",
			},
			reasons: map[string]string{"docs/draft.md": "draft: true (Docusaurus)", "docs/_partials/_rule.md": "exclude (Docusaurus)", "docs/_shared.mdx": "exclude (Docusaurus)"},
			warnings: []string{
				"docs/intro.md:6:1: unpublished link \"draft.md\": docs/draft.md is not published (draft: true (Docusaurus))",
				"docs/intro.md:6:59: unpublished link \"_partials/_rule.md\": docs/_partials/_rule.md is not published (exclude (Docusaurus))",
			},
			quiet:     []string{"doc id", "map.png"},
			has:       map[string]string{"index.html": `<a href="/unlisted/">unlisted</a>`, "unlisted/index.html": "UNLISTED-TEXT", "other/index.html": "<h1>Other</h1>", "_assets/map.png": "MAP"},
			hasNot:    []string{"draft/index.html", "partials/rule/index.html", "_partials/_rule/index.html", "shared/index.html"},
			unlisted:  []string{"/unlisted/"},
			preview:   []string{"draft/index.html"},
			noPreview: []string{"partials/rule/index.html", "_partials/_rule/index.html", "shared/index.html", "_shared/index.html"},
		},
		{
			// https://vitepress.dev/reference/site-config#srcexclude: "A glob
			// pattern for matching markdown files that should be excluded as
			// source content": pages only (a picture an excluded folder holds
			// is published when a page shows it); vitepress dev leaves them
			// out too.
			name: "VitePress: srcExclude",
			files: map[string]string{
				".vitepress/config.mts": "export default {\n  title: 'V',\n  srcExclude: ['drafts/**', '**/TODO.md'],\n}\n",
				"index.md": "---\nlayout: home\nhero:\n  name: V\n  actions:\n    - text: Read the secret\n      link: /drafts/secret\n    - text: Guide\n      link: /guide/\n---\n" +
					"# Home\n\n[d](./drafts/secret) [t](guide/TODO.md) ![m](drafts/map.png) [g](/guide/)\n",
				"drafts/secret.md": "# Secret\n\nPRIVATE-SECRET\n",
				"drafts/map.png":   "MAP",
				"guide/TODO.md":    "PRIVATE-TODO\n",
				"guide/index.md":   "# Guide\n",
			},
			reasons: map[string]string{"drafts/secret.md": "srcExclude (VitePress)", "guide/TODO.md": "srcExclude (VitePress)"},
			warnings: []string{
				"index.md:13:1: unpublished link \"./drafts/secret\": drafts/secret.md is not published (srcExclude (VitePress))",
				"index.md:13:22: unpublished link \"guide/TODO.md\"",
				"index.md:1:1: hero: link \"/drafts/secret\": drafts/secret.md is not published (srcExclude (VitePress))",
			},
			quiet: []string{"map.png"},
			has: map[string]string{"drafts/map.png": "MAP", "guide/index.html": "<h1>Guide</h1>",
				"index.html": `<span class="hero-action">Read the secret</span>`},
			hasNot:    []string{"drafts/secret/index.html", "guide/TODO/index.html"},
			noPreview: []string{"drafts/secret/index.html", "guide/TODO/index.html"},
		},
		{
			// The Obsidian Digital Garden plugin
			// (https://github.com/oleeskild/obsidian-digital-garden, README):
			// "Your private notes stay private. Only notes you explicitly
			// mark with dg-publish: true ever leave your vault." Its home
			// note says dg-home: true (the plugin's IS_HOME = "dg-home").
			// The vault enables it in .obsidian/community-plugins.json.
			name: "Obsidian vault: Digital Garden plugin",
			files: map[string]string{
				".obsidian/community-plugins.json": `["dataview", "digitalgarden"]`,
				"README.md":                        "---\ndg-publish: false\n---\n# PRIVATE readme\n",
				"Home.md":                          "---\ndg-home: true\ndg-publish: true\n---\n# Welcome\n\nSee [[Public]], [[DM/Secrets]] and [[Loose]].\n\n![[DM/Secrets]]\n\n```dataview\nLIST FROM \"DM\"\n```\n",
				"Public.md":                        "---\ndg-publish: \"true\"\ntags: [session]\n---\n# Public\n\nPUBLIC-TEXT\n",
				"DM/Secrets.md":                    "---\ndg-publish: false\ntags: [secret-tag]\n---\n# PRIVATE Secrets\n\nSee [[Public]]. #hidden-inline\n",
				"Loose.md":                         "# PRIVATE Loose\n\n[[Public]] PRIVATE-LOOSE\n",
			},
			reasons: map[string]string{"README.md": "dg-publish: false (Digital Garden)", "DM/Secrets.md": "dg-publish: false (Digital Garden)",
				"Loose.md": "no dg-publish: true (Digital Garden)"},
			warnings: []string{"Home.md:7:17: unpublished wikilink [[DM/Secrets]]: DM/Secrets.md is not published (dg-publish: false (Digital Garden))",
				"Home.md:7:36: unpublished wikilink [[Loose]]: Loose.md is not published (no dg-publish: true (Digital Garden))",
				"Home.md:9:1: unpublished embed ![[DM/Secrets]]: DM/Secrets.md is not published"},
			has:     map[string]string{"index.html": "Welcome", "public/index.html": "PUBLIC-TEXT", "tags/session/index.html": "Public"},
			hasNot:  []string{"dm/secrets/index.html", "loose/index.html", "readme/index.html", "home/index.html", "tags/secret-tag/index.html"},
			preview: []string{"dm/secrets/index.html", "loose/index.html"},
		},
		{
			// The Enveloppe plugin (https://enveloppe.github.io/Settings/Plugin_config/):
			// "Set the share key and set it to `true` in the YAML
			// frontmatter of a note to allow sharing it." Its rules are
			// quoted in layout/obsidian's TestEnveloppe; here a vault that
			// keeps the plugin's settings (eval6A K2: DM session plans in
			// 10 Planning/ never shared) publishes only the shared notes.
			name: "Obsidian vault: Enveloppe share key",
			files: map[string]string{
				".obsidian/plugins/obsidian-mkdocs-publisher/data.json": `{"plugin": {"shareKey": "share", "excludedFolder": ["999 Archive"], "shareAll": {"enable": false, "excludedFileName": "DRAFT"}}}`,
				"Home.md":                           "---\nshare: true\n---\n# Welcome\n\nSee [[Public]], [[Session 9 Planning]] and [[Old]].\n",
				"30 Compendium/Public.md":           "---\nshare: \"true\"\ntags: [session]\n---\n# Public\n\nPUBLIC-TEXT\n",
				"10 Planning/Session 9 Planning.md": "---\ntags: [secret-tag]\n---\n# PRIVATE plan\n\n[[Public]] #hidden-inline\n",
				"999 Archive/Old.md":                "---\nshare: true\n---\n# PRIVATE old\n",
			},
			reasons: map[string]string{"10 Planning/Session 9 Planning.md": "no share: true (Enveloppe)", "999 Archive/Old.md": "in an excluded folder (Enveloppe)"},
			warnings: []string{"Home.md:6:17: unpublished wikilink [[Session 9 Planning]]: 10 Planning/Session 9 Planning.md is not published (no share: true (Enveloppe))",
				"Home.md:6:44: unpublished wikilink [[Old]]: 999 Archive/Old.md is not published (in an excluded folder (Enveloppe))"},
			has:     map[string]string{"30-compendium/public/index.html": "PUBLIC-TEXT", "tags/session/index.html": "Public"},
			hasNot:  []string{"10-planning/session-9-planning/index.html", "999-archive/old/index.html", "tags/secret-tag/index.html"},
			preview: []string{"10-planning/session-9-planning/index.html"},
		},
		{
			// Enveloppe's "Share all files [...] without using the share
			// key. When enabled, you can excluded all files where the name
			// start by something" (eval6A K3: "DRAFT").
			name: "Obsidian vault: Enveloppe share all",
			files: map[string]string{
				".obsidian/community-plugins.json":                      `["obsidian-mkdocs-publisher"]`,
				".obsidian/plugins/obsidian-mkdocs-publisher/data.json": `{"plugin": {"shareKey": "share", "excludedFolder": [], "shareAll": {"enable": true, "excludedFileName": "DRAFT"}}}`,
				"Journal/Day 1.md":                                      "# Day 1\n\nMet [[DRAFT Winnefred]]. DAY-ONE\n",
				"People/DRAFT Winnefred.md":                             "# PRIVATE Winnefred\n",
			},
			reasons:  map[string]string{"People/DRAFT Winnefred.md": "file name starts with DRAFT (Enveloppe share all)"},
			warnings: []string{"Journal/Day 1.md:3:5: unpublished wikilink [[DRAFT Winnefred]]"},
			has:      map[string]string{"journal/day-1/index.html": "DAY-ONE"},
			hasNot:   []string{"people/draft-winnefred/index.html"},
			preview:  []string{"people/draft-winnefred/index.html"},
		},
		{
			// A folder of Markdown holding a Digital Garden vault without its
			// .obsidian/ (shervinsahba/obsidian-icewind): a note that sets
			// dg-publish says the plugin is in use, and the rule is the same.
			name: "folder of Markdown: dg-publish",
			files: map[string]string{
				"Notes/Start.md":         "---\ndg-home: true\ndg-publish: true\n---\n# Start\n\n[a](../a.md) [dm](../DM/crib.md)\n",
				"a.md":                   "---\ndg-publish: true\n---\n# A\n\nA-TEXT\n",
				"b.md":                   "# PRIVATE B\n\n[a](a.md) PRIVATE-B\n",
				"DM/crib.md":             "---\ntags: [secret-tag]\n---\n# PRIVATE crib\n\n[a](../a.md)\n",
				"_templates_2/note.md":   "---\ndg-publish:\n---\n# PRIVATE template\n",
				"_attachments/map.png":   "PRIVATE-MAP",
				"_attachments/shown.png": "SHOWN",
				"c.md":                   "---\ndg-publish: true\n---\n# C\n\n![](_attachments/shown.png)\n",
			},
			reasons: map[string]string{"b.md": "no dg-publish: true (Digital Garden)", "DM/crib.md": "no dg-publish: true (Digital Garden)", "_attachments/map.png": unlinkedFile,
				"_templates_2/note.md": "no dg-publish: true (Digital Garden)"},
			warnings: []string{"Notes/Start.md:7:14: unpublished link \"../DM/crib.md\": DM/crib.md is not published (no dg-publish: true (Digital Garden))"},
			has:      map[string]string{"index.html": "<h1>Start</h1>", "a/index.html": "A-TEXT", "_attachments/shown.png": "SHOWN"},
			hasNot:   []string{"b/index.html", "dm/crib/index.html", "_templates_2/note/index.html", "_attachments/map.png", "notes/start/index.html"},
			preview:  []string{"b/index.html", "dm/crib/index.html"},
		},
		{
			// A folder of Markdown is a repository as GitHub shows it: what
			// its .gitignore files name is not in it
			// (https://git-scm.com/docs/gitignore; the rules are quoted in
			// layout's TestGitignoreFiles). Found by the fourth probe (D1 of
			// probe.md): secret.md, named by the root .gitignore, was
			// published. The same holds for docsify (a folder served as is).
			name: "folder of Markdown: .gitignore",
			files: map[string]string{
				".gitignore":           "# private\nsecret.md\ngm/\n*.secret.md\n!keep.secret.md\n!gm/open.md\n/top-only.md\n*.draft.md\n",
				"README.md":            "# Home\n\n[secret](secret.md) [gm](gm/scene.md) ![map](gm/map.png) [keep](keep.secret.md) [town](lore/town.md) [ok](notes/ok.draft.md)\n",
				"secret.md":            "# PRIVATE secret\n\nPRIVATE-SECRET\n",
				"gm/scene.md":          "# PRIVATE scene\n",
				"gm/open.md":           "# PRIVATE open\n",
				"gm/map.png":           "PRIVATE-MAP",
				"a.secret.md":          "PRIVATE-A\n",
				"sub/b.secret.md":      "PRIVATE-B\n",
				"keep.secret.md":       "# Keep\n\nKEPT\n",
				"top-only.md":          "PRIVATE-TOP\n",
				"sub/top-only.md":      "# Sub top\n",
				"lore/.gitignore":      "spoiler.md\n",
				"lore/town.md":         "# Town\n",
				"lore/spoiler.md":      "PRIVATE-SPOILER\n",
				"lore/deep/spoiler.md": "PRIVATE-DEEP\n",
				"spoiler.md":           "# Spoiler\n\nnot lore's\n",
				"notes/.gitignore":     "!ok.draft.md\n",
				"notes/ok.draft.md":    "# OK\n",
				"notes/x.draft.md":     "PRIVATE-X\n",
			},
			reasons: map[string]string{
				"secret.md": ".gitignore", "gm/scene.md": ".gitignore", "gm/open.md": ".gitignore", "gm/map.png": ".gitignore",
				"a.secret.md": ".gitignore", "sub/b.secret.md": ".gitignore", "top-only.md": ".gitignore",
				"lore/spoiler.md": ".gitignore", "lore/deep/spoiler.md": ".gitignore", "notes/x.draft.md": ".gitignore",
			},
			warnings: []string{
				"README.md:3:1: unpublished link \"secret.md\": secret.md is not published (.gitignore)",
				"README.md:3:39: unpublished image \"gm/map.png\": gm/map.png is not published (.gitignore)",
			},
			has:       map[string]string{"keep.secret/index.html": "KEPT", "sub/top-only/index.html": "Sub top", "spoiler/index.html": "not lore", "notes/ok.draft/index.html": "OK"},
			hasNot:    []string{"secret/index.html", "gm/scene/index.html", "gm/open/index.html", "gm/map.png", "a.secret/index.html", "top-only/index.html", "lore/spoiler/index.html"},
			noPreview: []string{"secret/index.html", "gm/scene/index.html", "gm/map.png"},
		},
		{
			// Issue 32 (evaluate2 F15): an Astro Starlight site read as a
			// folder of Markdown built its README alone and said nothing of
			// its 211 .mdx pages. GitHub, whose folder of Markdown this is,
			// renders .md (and .markdown, .mdown, .mkdn) files, not MDX
			// (https://github.com/github-linguist/linguist: MDX is its own
			// language, shown as code): each is not published, and counted.
			name: "folder of Markdown: .mdx files",
			files: map[string]string{
				"README.md":                      "# Rules\n",
				"src/content/docs/index.mdx":     "---\ntitle: Start\n---\nPRIVATE-MDX\n",
				"src/content/docs/rules/one.mdx": "# One\n",
			},
			reasons: map[string]string{"src/content/docs/index.mdx": layout.MDXReason, "src/content/docs/rules/one.mdx": layout.MDXReason},
			has:     map[string]string{"index.html": "<h1>Rules</h1>"},
			hasNot:  []string{"src/content/docs/index.mdx", "src/content/docs/rules/one.mdx"},
		},
		{
			// Issue 32: a folder of Markdown publishes a site, not the
			// repository (README: "build scripts, source code, lock and
			// settings files ... that no page links to are not published"):
			// what it leaves out is listed and counted as the other layouts'
			// rules are, grouped by what it is.
			name: "folder of Markdown: files no page links to",
			files: map[string]string{
				"README.md":         "# Rules\n\n![map](map.png)\n",
				"map.png":           "PUBLIC-MAP",
				"build.sh":          "PRIVATE-SCRIPT",
				"tools/gen.py":      "PRIVATE-PY",
				"package-lock.json": "PRIVATE-LOCK",
				"notes.txt":         "PRIVATE-TXT",
			},
			reasons: map[string]string{"build.sh": unlinkedScript, "tools/gen.py": unlinkedScript, "package-lock.json": unlinkedLock, "notes.txt": unlinkedFile},
			has:     map[string]string{"index.html": "<h1>Rules</h1>", "map.png": "PUBLIC-MAP"},
			hasNot:  []string{"build.sh", "tools/gen.py", "package-lock.json", "notes.txt"},
		},
		{
			// An Obsidian canvas (.canvas, JSON Canvas) is a page, drawn
			// (package markup/canvas), its file not published as it is;
			// an attachment no note shows is left out silently (Obsidian
			// Publish uploads only what notes show).
			name: "Obsidian vault: a canvas is a page, unshown attachments not listed",
			files: map[string]string{
				".obsidian/app.json":     "{}",
				"Home.md":                "# Home\n",
				"Character Sheet.canvas": `{"nodes":[{"id":"a","type":"text","text":"CANVAS-TEXT","x":0,"y":0,"width":10,"height":10}],"edges":[]}`,
				"Spells.base":            "PRIVATE-BASE",
				"unused.png":             "PRIVATE-PNG",
			},
			has:    map[string]string{"character-sheet/index.html": "<p>CANVAS-TEXT</p>"},
			hasNot: []string{"Character Sheet.canvas", "Spells.base", "unused.png"},
		},
		{
			name: "sitegen's own layout: draft, and notes' flags kept",
			files: map[string]string{
				"site.toml":         "title = \"S\"\n",
				"content/_index.md": "# Home\n\n[d](d.md) [o](o.md)\n",
				"content/d.md":      "---\ntitle: D\ndraft: true\naliases: [/dd/]\n---\nPRIVATE-D\n",
				"content/o.md":      "---\ntitle: O\npublish: false\n---\nPRIVATE-O\n",
				"content/j.md":      "---\ntitle: J\npublished: false\n---\nPRIVATE-J\n",
			},
			reasons:  map[string]string{"content/d.md": "draft: true", "content/o.md": "publish: false (Obsidian Publish)", "content/j.md": "published: false (Jekyll)"},
			warnings: []string{"content/_index.md:3:1: unpublished link \"d.md\"", "content/_index.md:3:11: unpublished link \"o.md\""},
			hasNot:   []string{"d/index.html", "dd/index.html", "o/index.html", "j/index.html"},
			preview:  []string{"d/index.html", "dd/index.html", "o/index.html", "j/index.html"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := t.TempDir()
			sitetest.WriteFiles(t, src, tt.files)
			dest := filepath.Join(t.TempDir(), "public")
			res, err := build(t, src, content.Options{Theme: theme, Dest: dest})
			if err != nil {
				t.Fatalf("build: %v", err)
			}
			out := outputText(t, dest)
			for name, body := range out {
				for _, secret := range []string{"PRIVATE", "secret-tag", "hidden-inline", "draft-tag"} {
					if strings.Contains(body, secret) || strings.Contains(name, secret) {
						t.Errorf("%s holds %q, which is not to be published", name, secret)
					}
				}
			}
			got := map[string]string{}
			for _, n := range res.NotPublished {
				got[n.File] = n.Reason
				if n.Shown {
					t.Errorf("%s marked shown without --drafts", n.File)
				}
			}
			if len(got) != len(tt.reasons) {
				t.Errorf("NotPublished = %v, want %v", got, tt.reasons)
			}
			for f, r := range tt.reasons {
				if got[f] != r {
					t.Errorf("NotPublished[%s] = %q, want %q", f, got[f], r)
				}
			}
			var warns []string
			for _, w := range res.WarningList {
				warns = append(warns, w.String())
			}
			for _, w := range tt.warnings {
				if !slices.ContainsFunc(warns, func(s string) bool { return strings.HasPrefix(s, w) }) {
					t.Errorf("no warning %q in\n%s", w, strings.Join(warns, "\n"))
				}
			}
			for _, q := range tt.quiet {
				for _, w := range warns {
					if strings.Contains(w, q) {
						t.Errorf("warning %q", w)
					}
				}
			}
			for f, want := range tt.has {
				if !strings.Contains(out[f], want) {
					t.Errorf("%s does not hold %q", f, want)
				}
			}
			for _, f := range tt.hasNot {
				if _, ok := out[f]; ok {
					t.Errorf("%s is published", f)
				}
			}
			for _, u := range tt.unlisted {
				if strings.Contains(out["sitemap.xml"], u+"<") {
					t.Errorf("%s is in sitemap.xml", u)
				}
				for name, body := range out {
					if strings.HasPrefix(name, content.SearchDir+"/") && strings.Contains(body, "UNLISTED-TEXT") {
						t.Errorf("%s is in the search index (%s)", u, name)
					}
					// Its title ("Unlisted") in no navigation or list.
					if strings.HasSuffix(name, ".html") && name != strings.TrimPrefix(u, "/")+"index.html" && strings.Contains(body, ">Unlisted</a>") {
						t.Errorf("%s is listed in %s", u, name)
					}
				}
			}
			// --drafts: a local preview with them, still reported.
			res, err = build(t, src, content.Options{Theme: theme, Dest: dest, Drafts: true})
			if err != nil {
				t.Fatalf("build --drafts: %v", err)
			}
			out = outputText(t, dest)
			for _, f := range tt.preview {
				if _, ok := out[f]; !ok {
					t.Errorf("--drafts: %s is not in the preview", f)
				}
			}
			for _, f := range tt.noPreview {
				if _, ok := out[f]; ok {
					t.Errorf("--drafts: %s is in the preview (the tool never shows it)", f)
				}
			}
			if len(res.NotPublished) != len(tt.reasons) {
				t.Errorf("--drafts: NotPublished = %v", res.NotPublished)
			}
		})
	}
}

// TestNotPublishedUpdate: under serve, an edit that marks a page not to be
// published takes it out of the site (its page, the lists and the
// navigation), never publishes it; lifting the mark puts it back.
func TestNotPublishedUpdate(t *testing.T) {
	src := writeTree(t, map[string]string{"content/a.md": "---\ntitle: A\n---\nA\n", "content/b.md": "---\ntitle: B\n---\nB\n"})
	r := startUpdates(t, content.Options{Source: src, Theme: theme}, true)
	for _, fm := range []string{"publish: false", "draft: true"} {
		u := r.update(t, map[string]string{"content/a.md": "---\ntitle: A\n" + fm + "\n---\nA\n"})
		if !slices.Contains(u.Deleted, "a/index.html") {
			t.Errorf("%s: removed %v, want a/index.html", fm, u.Deleted)
		}
		u = r.update(t, map[string]string{"content/a.md": "---\ntitle: A\n---\nA\n"})
		if !slices.Contains(u.Outputs, "a/index.html") {
			t.Errorf("%s lifted: wrote %v, want a/index.html", fm, u.Outputs)
		}
	}
}

// TestGardenUpdate: under serve, a note that starts to set dg-publish turns
// the Digital Garden plugin's rule on for every note (a folder of
// Markdown): the update takes every other note down (or a full build
// does), never leaves them published.
func TestGardenUpdate(t *testing.T) {
	src := t.TempDir()
	dest := filepath.Join(t.TempDir(), "public")
	sitetest.WriteFiles(t, src, map[string]string{"a.md": "# A\n", "b.md": "# B\nPRIVATE-B\n"})
	s, _, err := BuildSite(context.Background(), content.Options{Source: src, Dest: dest, CacheDir: "-", Theme: theme})
	if err != nil {
		t.Fatal(err)
	}
	write(t, src, "a.md", "---\ndg-publish: true\n---\n# A\n")
	u, err := s.Update(context.Background(), []string{"a.md"})
	if err != nil || len(u.Errors) > 0 {
		t.Fatalf("Update = %+v, %v", u, err)
	}
	if u.Full {
		return // a full build reads every note's flags again
	}
	if !slices.Contains(u.Deleted, "b/index.html") {
		t.Errorf("Update deleted %v, want b/index.html (b has no dg-publish: true)", u.Deleted)
	}
	if err := s.WriteSearchIndex(); err != nil { // as serve does, off the path of the edit
		t.Fatal(err)
	}
	for name, body := range outputText(t, dest) {
		if strings.Contains(body, "PRIVATE-B") {
			t.Errorf("%s still holds b's text after the update", name)
		}
	}
}

// TestGardenReport: the Digital Garden plugin's rule is a privacy rule
// ("Only notes you explicitly mark with dg-publish: true ever leave your
// vault", the plugin's README), and a folder in which a few notes carry
// the flag publishes only those (TheNightMayor/Starfinder-SRD-Markdown:
// 37 of 4,297). The build says so in one line: how many notes were held
// back, the flag, and why the rule is on here (the vault's community
// plugins list it, or which notes set the flag), so that an author who
// did not mean it sees why the site is small.
func TestGardenReport(t *testing.T) {
	for _, tt := range []struct {
		name  string
		files map[string]string
		want  string // the line, "" for none
	}{
		{"a folder where two notes set the flag", map[string]string{
			"a.md": "# A\n", "b.md": "# B\n", "c.md": "# C\n",
			"rules/pub.md": "---\ndg-publish: true\n---\n# Pub\n",
			"rules/off.md": "---\ndg-publish: false\n---\n# Off\n",
		}, "Digital Garden: 4 of 5 notes held back, not published: the plugin publishes only notes whose front matter says dg-publish: true (1 here), and is in use because 2 notes set dg-publish (the first: rules/off.md); add dg-publish: true to a note to publish it, or remove the flag from every note to publish the folder"},
		{"a vault that lists the plugin", map[string]string{
			".obsidian/app.json": "{}", ".obsidian/community-plugins.json": `["digitalgarden"]`,
			"a.md": "# A\n", "pub.md": "---\ndg-publish: true\n---\n# Pub\n",
		}, "Digital Garden: 1 of 2 notes held back, not published: the plugin publishes only notes whose front matter says dg-publish: true (1 here), and is in use because .obsidian/community-plugins.json lists digitalgarden; add dg-publish: true to a note to publish it"},
		{"no flag anywhere", map[string]string{"a.md": "# A\n", "b.md": "---\npublish: false\n---\n# B\n"}, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := t.TempDir()
			sitetest.WriteFiles(t, src, tt.files)
			res, err := build(t, src, content.Options{Theme: theme, Dest: filepath.Join(t.TempDir(), "public"), CacheDir: "-"})
			if err != nil {
				t.Fatal(err)
			}
			if res.Garden != tt.want {
				t.Errorf("Garden =\n%q\nwant\n%q", res.Garden, tt.want)
			}
		})
	}
}
