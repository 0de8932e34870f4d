package starlight

import (
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestPluginsAndLoaders: "Plugins can customize Starlight configuration,
// UI, and behavior" (https://starlight.astro.build/reference/plugins/);
// sitegen runs none, so a plugin that adds pages (starlight-blog's
// lists, starlight-obsidian's vault) is named, at its line, in one
// warning that says what is not built, and a plugin known to add no
// page (starlight-links-validator, a theme) is not. The docs collection
// is "docs: defineCollection({ loader: docsLoader(), schema: docsSchema()
// })" (https://starlight.astro.build/manual-setup/#configure-content-collections):
// another loader, or docsLoader's generateId, is warned at its line in
// src/content.config.ts, not silently replaced.
func TestPluginsAndLoaders(t *testing.T) {
	cfg := "import { defineConfig } from 'astro/config';\nimport starlight from '@astrojs/starlight';\n" +
		"import starlightBlog from 'starlight-blog';\nimport starlightLinksValidator from 'starlight-links-validator';\n" +
		"import { starlightObsidian as obs } from 'starlight-obsidian';\nimport rapide from 'starlight-theme-rapide';\nimport mine from './my-plugin.mjs';\n\n" +
		"export default defineConfig({\n  integrations: [starlight({\n    title: 'Rules',\n    plugins: [\n" +
		"      starlightBlog({ title: 'News' }),\n      starlightLinksValidator(),\n      obs({ vault: '../vault' }),\n      rapide(),\n      mine(),\n    ],\n  })],\n});\n"
	docs := map[string]string{"astro.config.mjs": cfg, "src/content/docs/index.md": "---\ntitle: Home\n---\n"}
	for _, tc := range []struct {
		name, content string
		want          []string
	}{
		{"docsLoader", "import { docsLoader } from '@astrojs/starlight/loaders';\nexport const collections = {\n  docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }),\n};\n", nil},
		{"glob", "export const collections = {\n  docs: defineCollection({\n    loader: glob({ pattern: '**/*.md', base: './rules' }),\n    schema: docsSchema(),\n  }),\n};\n",
			[]string{"src/content.config.ts:3: the docs collection is loaded by glob({ pattern: '**/*.md', base: './rules' }), which sitegen does not run: it builds src/content/docs as docsLoader() reads it, not the files that loader reads"}},
		{"data collections", "export const collections = {\n  docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }),\n" +
			"  cards: defineCollection({ loader: async () => fetchCards(), schema: cardSchema }),\n  i18n: defineCollection({ loader: i18nLoader() }),\n" +
			"  archetypes: defineCollection({ loader: file('src/data/a.json') }),\n};\n",
			[]string{"src/content.config.ts:3: collection(s) cards, archetypes are not loaded (sitegen runs no loader): what Astro pages build from them is not built"}},
		{"generateId", "export const collections = {\n  docs: defineCollection({ loader: docsLoader({ generateId: myId }), schema: docsSchema() }),\n};\n",
			[]string{"src/content.config.ts:2: docsLoader({ generateId: myId }) is not run: pages' ids and URLs come from their paths in src/content/docs"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"src/content.config.ts": tc.content}
			for k, v := range docs {
				files[k] = v
			}
			l, err := Recognise(layouttest.Write(t, files))
			if err != nil {
				t.Fatal(err)
			}
			want := append([]string{
				"astro.config.mjs:13: plugin starlightBlog (starlight-blog) is not run: sitegen does not build the blog's pages it generates (the posts' list, tags, authors, RSS under /blog/ or its prefix); its posts in src/content/docs/blog/ are built as ordinary pages",
				"astro.config.mjs:15: plugin obs (starlight-obsidian) is not run: sitegen does not build the pages it generates from an Obsidian vault at build time (under its output folder, notes/ by default)",
				"astro.config.mjs:17: plugin mine (./my-plugin.mjs) is not run: pages or components it adds are not built",
			}, tc.want...)
			var got []string
			for _, n := range l.Notes {
				if strings.Contains(n, "plugin") || strings.Contains(n, "loader") || strings.Contains(n, "Loader") {
					got = append(got, n)
				}
			}
			// The loader's note comes first (read before the settings).
			if len(tc.want) > 0 {
				want = append(tc.want, want[:3]...)
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("notes\ngot  %q\nwant %q", got, want)
			}
		})
	}
}
