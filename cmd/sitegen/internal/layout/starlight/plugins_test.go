package starlight

import (
	"maps"
	"path"
	"slices"
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
			[]string{"src/content.config.ts:3: the docs collection is loaded by glob({ pattern: '**/*.md', base: './rules' }), which sitegen does not read (its base rules is no folder: Astro warns and loads no page from it): it builds src/content/docs as docsLoader() reads it, not the files that loader reads"}},
		{"another loader", "export const collections = {\n  docs: defineCollection({ loader: myLoader({ from: 'cms' }), schema: docsSchema() }),\n};\n",
			[]string{"src/content.config.ts:2: the docs collection is loaded by myLoader({ from: 'cms' }), which sitegen does not run: it builds src/content/docs as docsLoader() reads it, not the files that loader reads"}},
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

// TestDocsFolder: the docs collection's pages are where its loader reads
// them. docsLoader() "Loads content files from the src/content/docs/
// directory, ignoring filenames starting with _" (Starlight 0.36's
// loaders.ts), src being Astro's srcDir ("Set the directory that Astro
// will read your site from … Default: ./src",
// https://docs.astro.build/en/reference/configuration-reference/#srcdir);
// "The glob() loader creates entries from directories of files from
// anywhere on the filesystem … pattern, base (optional)"
// (https://docs.astro.build/en/reference/content-loader-reference/#glob-loader),
// base from the project's root, a "!" pattern leaving files out. A site
// whose docs are in no src/content/docs is a Starlight site all the same;
// a glob() sitegen cannot read is warned and src/content/docs read.
func TestDocsFolder(t *testing.T) {
	cfg := "import { defineConfig } from 'astro/config';\nimport starlight from '@astrojs/starlight';\n" +
		"export default defineConfig({\n  integrations: [starlight({ title: 'Rules' })],\n});\n"
	glob := func(opts string) string {
		return "import { defineCollection } from 'astro:content';\nimport { glob } from 'astro/loaders';\n" +
			"export const collections = {\n  docs: defineCollection({\n    loader: glob(" + opts + "),\n    schema: docsSchema(),\n  }),\n};\n"
	}
	pages := map[string]string{"index.md": "", "rules/combat.md": "", "rules/_partial.md": "", "rules/magic.mdx": "", "private/notes.md": "", "README.md": ""}
	tests := []struct {
		name, config, content string
		under                 string   // the folder the pages are written in
		wantContent           string   // "" for no Starlight site
		published             []string // of pages, content-relative
		notes                 []string
	}{
		{"glob base and pattern", cfg, glob("{ base: './docs', pattern: '**/*.{md,mdx}' }"), "docs", "docs",
			[]string{"index.md", "rules/combat.md", "rules/_partial.md", "rules/magic.mdx", "private/notes.md", "README.md"}, nil},
		{"glob list with a negation", cfg, glob("{ pattern: ['**/[^_]*.md', '!private/**', '!README.md'], base: \"content\" }"), "content", "content",
			[]string{"index.md", "rules/combat.md"}, nil},
		{"glob from the root", cfg, glob("{\n      base: '.',\n      pattern: ['**/*.{md,mdx}', '!node_modules/**'],\n    }"), ".", ".",
			[]string{"index.md", "rules/combat.md", "rules/_partial.md", "rules/magic.mdx", "private/notes.md", "README.md"}, nil},
		{"srcDir", strings.Replace(cfg, "defineConfig({\n", "defineConfig({\n  srcDir: './site',\n", 1),
			"export const collections = { docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }) };\n", "site/content/docs", "site/content/docs",
			[]string{"index.md", "rules/combat.md", "rules/magic.mdx", "private/notes.md", "README.md"}, nil},
		// "const docs = defineCollection({…}); export const collections =
		// { docs }", and picomatch's regex group "(md|mdx)".
		{"const docs and a group", cfg, "import { glob } from 'astro/loaders';\nconst docs = defineCollection({\n  loader: glob({ pattern: '**/*.(md|mdx)', base: './guides' }),\n  schema: docsSchema(),\n});\nexport const collections = { docs };\n",
			"guides", "guides", []string{"index.md", "rules/combat.md", "rules/_partial.md", "rules/magic.mdx", "private/notes.md", "README.md"}, nil},
		{"computed base", cfg, glob("{ base: DOCS, pattern: '**/*.md' }"), "docs", "", nil, nil},
		{"base outside", cfg, glob("{ base: '../docs', pattern: '**/*.md' }"), "src/content/docs", "src/content/docs",
			[]string{"index.md", "rules/combat.md", "rules/magic.mdx", "private/notes.md", "README.md"},
			[]string{"src/content.config.ts:5: the docs collection is loaded by glob({ base: '../docs', pattern: '**/*.md' }), which sitegen does not read (a base outside the project's folder): it builds src/content/docs as docsLoader() reads it, not the files that loader reads"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			conf := "src/content.config.ts"
			if strings.Contains(tc.config, "srcDir") {
				conf = "site/content.config.ts"
			}
			files := map[string]string{"astro.config.mjs": tc.config, conf: tc.content}
			for p := range pages {
				files[path.Join(tc.under, p)] = "---\ntitle: " + p + "\n---\n"
			}
			l, err := Recognise(layouttest.Write(t, files))
			if err != nil {
				t.Fatal(err)
			}
			if tc.wantContent == "" {
				if l != nil {
					t.Fatalf("Recognise: a site, Content %q; want none (its docs folder is not read)", l.Content)
				}
				return
			}
			if l == nil {
				t.Fatal("Recognise: no Starlight site")
			}
			if l.Content != tc.wantContent {
				t.Errorf("Content = %q, want %q", l.Content, tc.wantContent)
			}
			var got []string
			for _, p := range slices.Sorted(maps.Keys(pages)) {
				if l.UnpublishedPath(p, false) == nil {
					got = append(got, p)
				}
			}
			slices.Sort(tc.published)
			if !slices.Equal(got, tc.published) {
				t.Errorf("published pages\ngot  %q\nwant %q", got, tc.published)
			}
			var notes []string
			for _, n := range l.Notes {
				if strings.Contains(n, "loader") || strings.Contains(n, "glob") {
					notes = append(notes, n)
				}
			}
			if !slices.Equal(notes, tc.notes) {
				t.Errorf("notes\ngot  %q\nwant %q", notes, tc.notes)
			}
		})
	}
}

// TestSrcDirAndPublicDir: Astro's srcDir ("Set the directory that Astro
// will read your site from", default ./src) holds its pages/ ("Each file
// in your src/pages/ directory becomes an endpoint",
// https://docs.astro.build/en/guides/routing/), and publicDir ("Set the
// directory for your static assets … Default: ./public",
// https://docs.astro.build/en/reference/configuration-reference/#publicdir)
// is published at the site's root; one outside the site's folder is not
// published, with a note (dougmaitelli/CertVault's docs/: srcDir '.',
// publicDir '../assets').
func TestSrcDirAndPublicDir(t *testing.T) {
	conf := "export const collections = {\n  docs: defineCollection({ loader: glob({ base: '.', pattern: ['**/*.{md,mdx}', '!node_modules/**'] }), schema: docsSchema() }),\n};\n"
	for _, tc := range []struct {
		name, publicDir string
		static          []string
		note            string
	}{
		{"publicDir in the site", "static", []string{"static"}, ""},
		{"publicDir outside", "../assets", nil, `astro.config.mjs: publicDir "../assets" is outside the site's folder: its files are not published (nothing outside the source is)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := "import starlight from '@astrojs/starlight';\nexport default defineConfig({\n  srcDir: '.',\n  publicDir: '" + tc.publicDir + "',\n" +
				"  integrations: [starlight({ title: 'Vault' })],\n});\n"
			l, err := Recognise(layouttest.Write(t, map[string]string{"astro.config.mjs": cfg, "content.config.ts": conf,
				"index.md": "---\ntitle: Home\n---\n", "pages/openapi.yaml.ts": "export const GET = () => new Response('')\n", "static/logo.svg": "<svg/>"}))
			if err != nil || l == nil {
				t.Fatalf("Recognise: %v, %v", l, err)
			}
			if l.Content != "." {
				t.Errorf("Content = %q, want .", l.Content)
			}
			if l.ToolRoute == nil || l.ToolRoute("/openapi.yaml") == "" {
				t.Error("pages/openapi.yaml.ts (srcDir '.') is not an Astro route")
			}
			if !slices.Equal(l.Static, tc.static) {
				t.Errorf("Static = %q, want %q", l.Static, tc.static)
			}
			var notes []string
			for _, n := range l.Notes {
				if strings.Contains(n, "publicDir") {
					notes = append(notes, n)
				}
			}
			if want := tc.note; (want == "") != (len(notes) == 0) || want != "" && notes[0] != want {
				t.Errorf("notes %q, want %q", notes, want)
			}
		})
	}
}
