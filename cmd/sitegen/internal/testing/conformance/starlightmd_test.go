package conformance

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestStarlightMarkdownNotMDX builds a .md page that holds an import line
// and a component tag, and a .mdx page with the same lines, with Astro and
// sitegen: "Starlight supports the full range of Markdown syntax in .md
// files" and "MDX … Markdown + JSX": only an .mdx file's import lines are
// code and its tags components ("Components can be used in MDX files",
// https://starlight.astro.build/components/using-components/); a .md
// file's import line is a paragraph of text and its tags are raw HTML.
// A block indented by four spaces is code in the .md page (CommonMark's
// indented code block) and text in the .mdx one ("Indented code blocks
// are not supported", https://mdxjs.com/docs/what-is-mdx/#markdown).
func TestStarlightMarkdownNotMDX(t *testing.T) {
	rule := `"Components can be used in MDX files" (https://starlight.astro.build/components/using-components/); ` +
		`"Starlight supports the full range of Markdown syntax in .md files" (https://starlight.astro.build/guides/authoring-content/)`
	body := "import { Card } from '@astrojs/starlight/components';\n\n<Card title=\"Boxed\">Inside the card.</Card>\n\nAfter.\n\n    roll 2d6\n\nEnd.\n"
	files := map[string]string{
		"astro.config.mjs":          starlightAutoConfig,
		"package.json":              `{"name": "fixture", "private": true, "type": "module"}`,
		"src/content.config.ts":     starlightContentConfig,
		"src/content/docs/index.md": "---\ntitle: Welcome\n---\n\nSee [plain](/plain/) and [rich](/rich/).\n",
		"src/content/docs/plain.md": "---\ntitle: Plain\n---\n\n" + body,
		"src/content/docs/rich.mdx": "---\ntitle: Rich\n---\n\n" + body,
	}
	var native, ours string
	Run(t, starlightKept(Starlight, &native), starlightKept(Sitegen, &ours), Fixture{Name: "Markdown not MDX", Rule: rule, Files: files})
	if native == "" || ours == "" {
		return // skipped or failed: Run said why
	}
	tags := regexp.MustCompile(`<[^>]*>`)
	pres := regexp.MustCompile(`(?s)<pre[ >].*?</pre>`)
	for _, b := range []struct{ tool, dir string }{{"Starlight", native}, {"sitegen", ours}} {
		for _, c := range []struct {
			page       string
			importText bool // and the indented block is code
		}{{"plain", true}, {"rich", false}} {
			raw, err := os.ReadFile(filepath.Join(b.dir, c.page, "index.html"))
			if err != nil {
				t.Fatalf("%s: %v", b.tool, err)
			}
			text := tags.ReplaceAllString(string(raw), " ")
			if got := strings.Contains(text, "import { Card }"); got != c.importText {
				t.Errorf("%s: %s: the import line shown as text: %v, want %v (rule: %s)", b.tool, c.page, got, c.importText, rule)
			}
			code := false
			for _, pre := range pres.FindAllString(string(raw), -1) {
				code = code || strings.Contains(tags.ReplaceAllString(pre, ""), "roll 2d6")
			}
			if code != c.importText || !strings.Contains(text, "roll 2d6") {
				t.Errorf("%s: %s: the indented block is code: %v, want %v (rule: %s)", b.tool, c.page, code, c.importText, rule)
			}
			if !strings.Contains(text, "Inside the card.") {
				t.Errorf("%s: %s: the card's text is lost (rule: %s)", b.tool, c.page, rule)
			}
		}
	}
}
