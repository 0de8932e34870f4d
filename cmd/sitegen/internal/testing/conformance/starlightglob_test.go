package conformance

import "testing"

// TestStarlightGlobLoader builds a Starlight site whose docs collection
// Astro's glob() loader reads from rules/ (no src/content/docs), with a
// "!" pattern, with Astro and Starlight and with sitegen: "The glob()
// loader creates entries from directories of files from anywhere on the
// filesystem … pattern, base (optional)"
// (https://docs.astro.build/en/reference/content-loader-reference/#glob-loader).
// The pages are the files the patterns name, at their paths in base (an
// "_" name too: the pattern, not docsLoader's, decides); private/ and
// README.md, which a "!" pattern leaves out, are not published.
func TestStarlightGlobLoader(t *testing.T) {
	rule := `"The glob() loader creates entries from directories of files from anywhere on the filesystem … pattern, base (optional)" ` +
		`(https://docs.astro.build/en/reference/content-loader-reference/#glob-loader)`
	files := map[string]string{
		"astro.config.mjs": starlightAutoConfig,
		"package.json":     `{"name": "fixture", "private": true, "type": "module"}`,
		"src/content.config.ts": `import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { docsSchema } from '@astrojs/starlight/schema';

export const collections = {
	docs: defineCollection({
		loader: glob({ base: './rules', pattern: ['**/*.{md,mdx}', '!private/**', '!README.md'] }),
		schema: docsSchema(),
	}),
};
`,
		"rules/index.md":          "---\ntitle: Welcome\n---\n\nSee [combat](/combat/basics/) and [the aside](/combat/_aside/).\n",
		"rules/combat/basics.md":  "---\ntitle: Basics\nsidebar:\n  order: 2\n---\n\nRoll. Back [home](/).\n",
		"rules/combat/_aside.md":  "---\ntitle: Aside\nsidebar:\n  order: 1\n---\n\nA page all the same.\n",
		"rules/private/secret.md": "---\ntitle: Secret\n---\n\nThe twist.\n",
		"rules/README.md":         "---\ntitle: Readme\n---\n\nThe twist.\n",
	}
	Run(t, Starlight, Sitegen, Fixture{
		Name: "docs from a glob() loader", Rule: rule, Files: files,
		Unpublished: []string{"private/secret/index.html", "readme/index.html"}, Secret: "The twist.",
	})
}
