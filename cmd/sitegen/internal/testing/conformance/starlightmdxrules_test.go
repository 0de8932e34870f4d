package conformance

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// TestStarlightMDXRules builds, with Astro and Starlight and with sitegen,
// an .mdx page written with the MDX rules sitegen read wrong until
// session 26, and a folder whose name starts with "_":
//   - a list indented by four spaces is a list ("Indented code blocks are
//     not supported", https://mdxjs.com/docs/what-is-mdx/#markdown; so
//     micromark's list has no prefix limit);
//   - {frontmatter.a.b} and {frontmatter["a-b"]} are their values, and
//     an expression may go on over lines ("MDX supports JavaScript
//     expressions inside curly braces", https://mdxjs.com/docs/what-is-mdx/#expressions;
//     Astro gives MDX the front matter as frontmatter);
//   - "## `<Picture />`" is #picture ("By default, Astro removes a
//     trailing - from the end of IDs it generates for headings ending
//     with special characters",
//     https://docs.astro.build/en/reference/experimental-flags/heading-id-compat/);
//   - src/content/docs/_design/economy.md is a page: the docs loader's
//     pattern **/[^_]*.{md,mdx} leaves out files whose name starts with
//     "_", not files in such folders (measured: /_design/ and
//     /_design/economy/ built and in the sidebar, _design/_inner.md not).
func TestStarlightMDXRules(t *testing.T) {
	rule := `"Indented code blocks are not supported" (https://mdxjs.com/docs/what-is-mdx/#markdown); ` +
		`"MDX supports JavaScript expressions inside curly braces" (https://mdxjs.com/docs/what-is-mdx/#expressions); ` +
		`"By default, Astro removes a trailing - from the end of IDs it generates for headings ending with special characters" ` +
		`(https://docs.astro.build/en/reference/experimental-flags/heading-id-compat/); the docs loader's pattern **/[^_]*.{md,mdx}`
	files := map[string]string{
		"astro.config.mjs":      starlightAutoConfig,
		"package.json":          `{"name": "fixture", "private": true, "type": "module"}`,
		"src/content.config.ts": starlightContentConfig,
		"src/content/docs/index.md": "---\ntitle: Welcome\n---\n\nSee [the rules](/rules/), [the picture](/rules/#picture) " +
			"and [the design](/_design/economy/).\n",
		"src/content/docs/rules.mdx": "---\ntitle: Rules\na:\n  b: Deep\na-b: Dashed\n---\n\nIntro.\n\n    * First\n    * Second\n        * Nested\n    * Third\n\n" +
			"Nested {frontmatter.a.b} and {frontmatter[\"a-b\"]}.\n\nText {\n  frontmatter.title\n} after.\n\n## `<Picture />`\n\nSee [above](#picture).\n",
		"src/content/docs/_design/index.mdx":  "---\ntitle: Design index\n---\n\nDesigns.\n",
		"src/content/docs/_design/economy.md": "---\ntitle: Economy design\n---\n\nNotes.\n",
		"src/content/docs/_design/_inner.md":  "---\ntitle: Inner partial\n---\n\nThe inner secret.\n",
		"src/content/docs/_partial.md":        "---\ntitle: Partial\n---\n\nP.\n",
	}
	var native, ours string
	Run(t, starlightKept(Starlight, &native), starlightKept(Sitegen, &ours), Fixture{Name: "MDX rules", Rule: rule, Files: files,
		Unpublished: []string{"_design/_inner/index.html", "_partial/index.html"}, Secret: "The inner secret.", SameNav: true})
	if native == "" || ours == "" {
		return // skipped or failed: Run said why
	}
	want := []*regexp.Regexp{
		regexp.MustCompile(`(?s)<ul>\s*<li>First</li>\s*<li>Second\s*<ul>\s*<li>Nested</li>\s*</ul>\s*</li>\s*<li>Third</li>\s*</ul>`),
		regexp.MustCompile(`Nested Deep and Dashed\.`),
		regexp.MustCompile(`Text Rules after\.`),
		regexp.MustCompile(`<h2 id="picture"`),
	}
	for _, b := range []struct{ tool, dir string }{{"Starlight", native}, {"sitegen", ours}} {
		page, err := os.ReadFile(filepath.Join(b.dir, "rules", "index.html"))
		if err != nil {
			t.Fatalf("%s: %v", b.tool, err)
		}
		for _, re := range want {
			if !re.Match(page) {
				t.Errorf("%s: rules/index.html does not match %s (rule: %s)", b.tool, re, rule)
			}
		}
	}
}
