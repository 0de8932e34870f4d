package conformance

import (
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestUnpublished builds, with each tool and with sitegen, a project
// holding what the tool's documented rules keep private, and checks that
// neither publishes it (issue 31, item 4; these fixtures were package
// site's TestToolsAgree).
func TestUnpublished(t *testing.T) {
	tests := []struct {
		tool Tool
		f    Fixture
	}{
		{Hugo, Fixture{
			Name: "drafts, dates, build options, headless bundles, cascade",
			Rule: `"draft: If true, the content will not be rendered unless the --buildDrafts flag is passed"; ` +
				`publishDate, expiryDate (https://gohugo.io/content-management/front-matter/); ` +
				`"render: never: Never render the page" (https://gohugo.io/content-management/build-options/); ` +
				`"headless: true" (https://gohugo.io/content-management/page-bundles/#headless-bundle); ` +
				`cascade with _target (https://gohugo.io/content-management/front-matter/#cascade), and in the site configuration ` +
				`(https://gohugo.io/configuration/cascade/); "publishResources: If true, publish page resources" ` +
				`(https://gohugo.io/content-management/build-options/)`,
			Files: map[string]string{
				"hugo.toml":                  "baseURL = \"https://h.test/\"\ntitle = \"H\"\n[[cascade]]\n[cascade._build]\nrender = \"never\"\n[cascade._target]\npath = \"/gm/secret*\"\n",
				"content/gm/secret.md":       "---\ntitle: GM\n---\n",
				"content/gm/open.md":         "---\ntitle: Zone open\n---\n",
				"content/gm/_index.md":       "---\ntitle: Zone\n---\n",
				"content/r/index.md":         "---\ntitle: R\n_build:\n  publishResources: false\n---\n",
				"content/r/gm.txt":           "resource\n",
				"content/_index.md":          "---\ntitle: Home\n---\n",
				"content/plain.md":           "---\ntitle: Plain\n---\n",
				"content/draft.md":           "---\ntitle: Draft\ndraft: true\n---\n",
				"content/future.md":          "---\ntitle: Future\npublishDate: 2999-01-01\n---\n",
				"content/later.md":           "---\ntitle: Later\ndate: 2999-01-01\n---\n",
				"content/laterpub.md":        "---\ntitle: Later but published\ndate: 2999-01-01\npublishDate: 2001-01-01\n---\n",
				"content/expired.md":         "---\ntitle: Expired\nexpiryDate: 2001-01-01\n---\n",
				"content/old.md":             "---\ntitle: Old\n_build:\n  render: false\n---\n",
				"content/oldnever.md":        "---\ntitle: Old never\n_build:\n  render: never\n---\n",
				"content/unlisted.md":        "---\ntitle: Unlisted\n_build:\n  list: never\n---\n",
				"content/b/index.md":         "---\ntitle: Headless\nheadless: true\n---\n",
				"content/internal/_index.md": "---\ntitle: Internal\ncascade:\n  _build:\n    render: never\n---\n",
				"content/internal/p.md":      "---\ntitle: P\n---\n",
				"content/sec/_index.md":      "---\ntitle: Sec\ncascade:\n  - draft: true\n    _target:\n      path: /sec/d*\n---\n",
				"content/sec/dpage.md":       "---\ntitle: D\n---\n",
				"content/sec/epage.md":       "---\ntitle: E\n---\n",
			},
			Unpublished: []string{"draft/index.html", "future/index.html", "later/index.html", "expired/index.html", "old/index.html",
				"oldnever/index.html", "b/index.html", "internal/index.html", "internal/p/index.html", "sec/dpage/index.html",
				"gm/secret/index.html", "r/gm.txt"},
		}},
		{Jekyll, Fixture{
			Name: "published: false, _drafts and future posts",
			Rule: `"published: Set to false if you don't want a specific post to show up when the site is generated" ` +
				`(https://jekyllrb.com/docs/front-matter/#predefined-global-variables); "Drafts are posts without a date in ` +
				`the filename ... in the _drafts folder" (https://jekyllrb.com/docs/posts/#drafts)`,
			Files: map[string]string{
				"_config.yml":   "title: J\n",
				"index.md":      "---\ntitle: Home\n---\nhome\n",
				"secret.md":     "---\ntitle: Secret\npublished: false\n---\nsecret\n",
				"_drafts/d.md":  "---\ntitle: D\n---\ndraft\n",
				"docs/pub.md":   "---\ntitle: Pub\n---\npub\n",
				"docs/index.md": "---\ntitle: Docs\n---\ndocs\n",
				// "future: Publish posts or collection documents with a
				// future date" (https://jekyllrb.com/docs/configuration/options/),
				// false by default (the fifth probe).
				"_posts/2999-01-01-future.md": "---\ntitle: Future\n---\nlater\n",
				"_posts/2001-01-01-past.md":   "---\ntitle: Past\n---\npast\n",
			},
			Unpublished: []string{"secret.html", "secret/index.html", "_drafts/d.html", "d.html",
				"2999/01/01/future.html", "2999/01/01/future/index.html"},
		}},
		{MkDocs, Fixture{
			Name: "exclude_docs, draft_docs, templates/",
			Rule: `"exclude_docs: This config defines patterns of files (under docs_dir) to not be picked up into the built site"; ` +
				`"draft_docs: ... will not be included in the built site" (https://www.mkdocs.org/user-guide/configuration/#exclude_docs)`,
			Files: map[string]string{
				"mkdocs.yml":            "site_name: M\nexclude_docs: |\n  *.py\n  /private/\n  !/private/keep.md\n  !/private/index.md\ndraft_docs: |\n  drafts/\n",
				"docs/index.md":         "# Home\n",
				"docs/a.md":             "# A\n",
				"docs/private/a.md":     "# P\n",
				"docs/private/keep.md":  "# K\n",
				"docs/private/index.md": "# Private, but this page\n",
				"docs/drafts/x.md":      "# X\n",
				"docs/templates/t.md":   "# T\n",
			},
			Unpublished: []string{"private/a/index.html", "drafts/x/index.html", "templates/t/index.html"},
		}},
		{Docusaurus, Fixture{
			Name: "draft, partials, exclude, code beside the docs",
			Rule: `"draft: Draft documents will only be available during development" ` +
				`(https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-docs#markdown-front-matter); ` +
				`"All files prefixed with an underscore (_) under the docs directory are treated as "partial" pages and will be ignored ` +
				`by default" (https://docusaurus.io/docs/create-doc); exclude's default "**/_*.{js,jsx,ts,tsx,md,mdx}", "**/_*/**", ` +
				`"**/*.test.{js,jsx,ts,tsx}", "**/__tests__/**" (https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-docs#configuration)`,
			Files: map[string]string{
				"docusaurus.config.js":           docusaurusConfig,
				"sidebars.js":                    "module.exports = {rules: [{type: 'autogenerated', dirName: '.'}]};\n",
				"package.json":                   `{"name": "fixture", "private": true}`,
				"src/pages/index.md":             "# Six Dice SRD\n", // the navbar's title links to /
				"docs/intro.md":                  "---\nslug: /\n---\n# Introduction\n\nThe [basics](basics/plain.md).\n",
				"docs/basics/plain.md":           "# Plain\n",
				"docs/basics/draft.md":           "---\ndraft: true\n---\n# Draft\n\nSecret.\n",
				"docs/basics/_hidden.md":         "# Hidden\n",
				"docs/_partials/_shared.md":      "Shared text.\n",
				"docs/_partials/notes.md":        "# Notes\n",
				"docs/__tests__/case.md":         "# Case\n",
				"docs/basics/helper.js":          "export const x = 1;\n",
				"docs/basics/helper.test.js":     "test('x', () => {});\n",
				"docs/basics/_category_.json":    `{"label": "The Basics"}`,
				"src/components/Widget/index.js": "export default function Widget() { return null; }\n",
			},
			Unpublished: []string{"rules/basics/draft/index.html", "rules/basics/_hidden/index.html", "rules/basics/hidden/index.html",
				"rules/_partials/_shared/index.html", "rules/partials/shared/index.html", "rules/_partials/notes/index.html",
				"rules/__tests__/case/index.html", "rules/basics/helper.js", "basics/helper.js", "rules/basics/helper.test.js",
				"basics/_category_.json", "rules/basics/_category_.json", "package.json", "docusaurus.config.js", "sidebars.js",
				"src/components/Widget/index.js", "docs/basics/draft.md", "basics/draft.md", "rules/basics/draft.md"},
		}},
		{Quartz, Fixture{
			Name: "RemoveDrafts (the default filter), the default ignorePatterns, hidden files",
			Rule: `"By default, Quartz uses the RemoveDrafts plugin which filters out any note that has draft: true in the ` +
				`frontmatter"; ignorePatterns "allows you to specify a list of patterns to effectively exclude from parsing all ` +
				`together" (https://quartz.jzhao.xyz/features/private-pages); Quartz's defaults: private, templates, .obsidian`,
			Files: map[string]string{
				"quartz.config.ts": strings.Replace(strings.Replace(quartzFixture()["quartz.config.ts"],
					`[Plugin.RemoveDrafts(), Plugin.ExplicitPublish()]`, `[Plugin.RemoveDrafts()]`, 1),
					`["private", "templates", ".obsidian", "**/gm-*"]`, `["private", "templates", ".obsidian"]`, 1),
				"content/index.md":           "# Home\n\nSee [[Open]].\n",
				"content/Open.md":            "Anyone may read this.\n",
				"content/Rules/Combat.md":    "---\ndraft: false\n---\nPublished.\n",
				"content/Rules/Plans.md":     "---\ndraft: true\n---\n" + quartzSecret + "\n",
				"content/Rules/Later.md":     "---\ndraft: \"true\"\n---\n" + quartzSecret + "\n",
				"content/private/gm.md":      quartzSecret + "\n",
				"content/templates/Beast.md": quartzSecret + "\n",
				"content/.obsidian/app.json": `{"secret": "` + quartzSecret + `"}`,
				"content/.hidden.md":         quartzSecret + "\n",
			},
			Secret: quartzSecret,
			// A folder's page: see TestQuartz.
			Known: []string{`title: /Rules/: sitegen "Rules", the tool "Folder: Rules"`},
			Unpublished: []string{"Rules/Plans.html", "Rules/Later.html", "private/gm.html", "templates/Beast.html",
				".obsidian/app.json", ".hidden.html", "quartz.config.ts"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.tool.Name, func(t *testing.T) {
			if tt.tool.Name == MkDocs.Name {
				mkdocsAtLeast16(t)
			}
			ours := Sitegen
			if tt.tool.Name == Hugo.Name {
				ours = sitegenWithoutTaxonomies // as TestHugo reads it
			}
			Run(t, tt.tool, ours, tt.f)
		})
	}
}

// mkdocsAtLeast16 skips, saying why, with an MkDocs older than 1.6: no
// draft_docs (new in 1.6), and exclude_docs files that `mkdocs serve`
// still showed (changed in 1.6). Debian's (CI's) is 1.4.
func mkdocsAtLeast16(t *testing.T) {
	t.Helper()
	out, err := exec.Command("mkdocs", "--version").CombinedOutput()
	if err != nil {
		return // Run says it is missing
	}
	m := regexp.MustCompile(`version (\d+)\.(\d+)`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("mkdocs --version says %q", out)
	}
	major, _ := strconv.Atoi(string(m[1]))
	minor, _ := strconv.Atoi(string(m[2]))
	if major == 1 && minor < 6 {
		t.Skipf("mkdocs %d.%d is older than 1.6: no draft_docs (new in 1.6) and an exclude_docs that serve still shows (changed in 1.6)", major, minor)
	}
}
