package site

import (
	"slices"
	"strings"
	"testing"
)

// TestTagsPerTool: "#word" in the text is a tag, and tags have pages, only
// where the layout's tool has them (issue 32: no page the tool does not
// make; eval6B KB10, eval5A JA6). Each page below carries tags: [rules] in
// its front matter and "#show-and-tell", "#87ceeb" in its text.
//
//   - Markdown without tags: GitHub's (https://github.github.com/gfm/), docsify's
//     marked, kramdown (Jekyll, https://kramdown.gettalong.org/syntax.html),
//     goldmark (Hugo, CommonMark: "#" opens an ATX heading only at a line's
//     start, followed by a space, https://spec.commonmark.org/0.31.2/#atx-headings),
//     Python-Markdown (MkDocs, https://python-markdown.github.io/#differences),
//     MDX (Docusaurus, https://docusaurus.io/docs/markdown-features), markdown-it
//     (VitePress), pulldown-cmark (mdBook): none has a tag syntax, so the text is
//     as written. Obsidian ("Tags are keywords … #tag", https://help.obsidian.md/tags)
//     and Quartz (its ObsidianFlavoredMarkdown's parseTags) read them.
//   - Tag pages: GitHub, docsify, MkDocs, Jekyll, VitePress and mdBook make none.
//     MkDocs with Material's tags plugin ("plugins: - tags",
//     https://squidfunk.github.io/mkdocs-material/setup/setting-up-tags/) neither:
//     it "generates a tags index … located anywhere in the nav"
//     (https://squidfunk.github.io/mkdocs-material/plugins/tags/) on the
//     author's own page, no page per tag. Jekyll makes them with jekyll-archives
//     ("enabled: … Default: [] (none)",
//     https://github.com/jekyll/jekyll-archives/blob/master/docs/configuration.md),
//     from posts only ("Automatically generate post archives by dates, tags,
//     and categories", https://github.com/jekyll/jekyll-archives), at its
//     permalinks: "tag: '/tag/:name/'" by default, no list of the tags.
//     Hugo: "The default configuration defines two taxonomies, categories and
//     tags" (https://gohugo.io/configuration/taxonomies/): /tags/ and
//     /tags/NAME/, unless disableKinds: [term] or a taxonomies setting without
//     tags ("You must explicitly define the default taxonomies to maintain them
//     when adding a new one"). Docusaurus: the docs' tags at /docs/tags/NAME/
//     (https://docusaurus.io/docs/create-doc#doc-tags). Quartz's TagPage emitter
//     (https://quartz.jzhao.xyz/features/folder-and-tag-listings, written at
//     tags/NAME.html: slug tags/NAME, ext ".html") and sitegen's own for
//     Obsidian vaults (README) make /tags/NAME/.
func TestTagsPerTool(t *testing.T) {
	const text = "Post in the #show-and-tell channel. Sky: #87ceeb."
	page := "---\ntitle: Chat\ntags: [rules]\n---\n# Chat\n\n" + text + "\n"
	mkdocs := func(yml string) map[string]string {
		return map[string]string{"mkdocs.yml": "site_name: M\n" + yml, "docs/index.md": "# Home\n", "docs/chat.md": page}
	}
	jekyll := func(yml string) map[string]string {
		return map[string]string{"_config.yml": "title: J\n" + yml, "index.md": "---\ntitle: Home\n---\n", "chat.md": page}
	}
	jekyllPost := func(yml string) map[string]string {
		return map[string]string{"_config.yml": "title: J\n" + yml, "index.md": "---\ntitle: Home\n---\n", "_posts/2020-01-02-chat.md": page,
			"other.md": "---\ntitle: Other\ntags: [lore]\n---\nOther\n"}
	}
	hugo := func(toml string) map[string]string {
		return map[string]string{"hugo.toml": "title = \"H\"\n" + toml, "content/_index.md": "# Home\n", "content/chat.md": page}
	}
	untagged := func(toml string) map[string]string {
		return map[string]string{"hugo.toml": "title = \"H\"\n" + toml, "content/_index.md": "# Home\n",
			"content/chat.md": strings.Replace(page, "tags: [rules]\n", "", 1)}
	}
	for _, tc := range []struct {
		name   string
		files  map[string]string
		tags   []string // the tag pages published (their folders)
		inline bool     // "#show-and-tell" is a tag
	}{
		{"folder", map[string]string{"README.md": "# Home\n", "chat.md": page}, nil, false},
		{"docsify", map[string]string{"index.html": `<script>window.$docsify = {}</script><script src="//cdn.jsdelivr.net/npm/docsify@4"></script>`, "README.md": "# Home\n", "chat.md": page}, nil, false},
		{"mkdocs", mkdocs(""), nil, false},
		{"mkdocs material tags plugin", mkdocs("theme: material\nplugins:\n  - search\n  - tags\n"), nil, false},
		{"jekyll", jekyll(""), nil, false},
		{"jekyll-archives without tags", jekyll("plugins: [jekyll-archives]\njekyll-archives:\n  enabled: [year]\n"), nil, false},
		{"jekyll-archives tags of a page", jekyll("plugins: [jekyll-archives]\njekyll-archives:\n  enabled: [tags]\n"), nil, false},
		{"jekyll-archives tags", jekyllPost("plugins: [jekyll-archives]\njekyll-archives:\n  enabled: [tags]\n"), []string{"tag/rules"}, false},
		{"jekyll-archives all", jekyllPost("plugins: [jekyll-archives]\njekyll-archives:\n  enabled: all\n"), []string{"tag/rules"}, false},
		{"jekyll-archives permalink", jekyllPost("plugins: [jekyll-archives]\njekyll-archives:\n  enabled: all\n  permalinks:\n    tag: /archives/tag/:name/\n"),
			[]string{"archives/tag/rules"}, false},
		{"hugo", hugo(""), []string{"tags", "tags/rules"}, false},
		{"hugo disableKinds term", hugo("disableKinds = ['term', 'taxonomy']\n"), nil, false},
		// Hugo 0.111 measured (issue 32): with no page of any term, the
		// taxonomy's list page is written all the same (/tags/index.html,
		// "Tags", an empty list; /categories/ too), no term page; with
		// disableKinds: [taxonomy] none.
		{"hugo, no page has a tag", untagged(""), []string{"tags"}, false},
		{"hugo, no page has a tag, taxonomy kind disabled", untagged("disableKinds = ['taxonomy']\n"), nil, false},
		{"hugo, no page has a tag, taxonomies without tags", untagged("[taxonomies]\ncategory = 'categories'\n"), nil, false},
		{"hugo taxonomies without tags", hugo("[taxonomies]\ncategory = 'categories'\n"), nil, false},
		{"hugo taxonomies with tags", hugo("[taxonomies]\ntag = 'tags'\nseries = 'series'\n"), []string{"tags", "tags/rules"}, false},
		{"docusaurus", map[string]string{"docusaurus.config.js": "module.exports = {title: 'D', url: 'https://x.test', baseUrl: '/', presets: [['classic', {docs: {}, blog: false}]]};\n",
			"docs/intro.md": "---\nslug: /\n---\n# Home\n", "docs/chat.md": page}, []string{"docs/tags", "docs/tags/rules"}, false},
		{"vitepress", map[string]string{".vitepress/config.mts": "export default {title: 'V'}\n", "index.md": "# Home\n", "chat.md": page}, nil, false},
		{"mdbook", map[string]string{"book.toml": "", "src/SUMMARY.md": "- [Chat](chat.md)\n", "src/chat.md": page}, nil, false},
		{"obsidian", map[string]string{".obsidian/app.json": "{}", "Home.md": "# Home\n", "chat.md": page},
			[]string{"tags", "tags/87ceeb", "tags/rules", "tags/show-and-tell"}, true},
		{"quartz", map[string]string{"quartz.config.ts": quartzConfig("[]", "shortest"), "package.json": `{"name": "quartz"}`, "quartz/build.ts": "// Quartz",
			"content/index.md": "# Home\n", "content/chat.md": page}, []string{"tags", "tags/87ceeb", "tags/rules", "tags/show-and-tell"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, _ := buildFolder(t, tc.files)
			var tags []string
			chat := ""
			for name, body := range out {
				dir, ok := strings.CutSuffix(name, "/index.html")
				if !ok && strings.HasPrefix(name, "tags/") { // Quartz's tags/NAME.html
					dir, ok = strings.CutSuffix(name, ".html")
				}
				if ok && slices.ContainsFunc(strings.Split(dir, "/"), func(s string) bool { return s == "tags" || s == "tag" }) {
					tags = append(tags, dir)
				}
				if strings.Contains(body, "<h1") && strings.Contains(body, "channel. Sky:") {
					chat = body
				}
			}
			slices.Sort(tags)
			if !slices.Equal(tags, tc.tags) {
				t.Errorf("tag pages %q, want %q", tags, tc.tags)
			}
			if chat == "" {
				t.Fatalf("no page holds the text; published: %d files", len(out))
			}
			if asText := strings.Contains(chat, text); asText == tc.inline {
				t.Errorf("inline tags read %v, want %v:\n%s", !asText, tc.inline, chat)
			}
		})
	}
}
