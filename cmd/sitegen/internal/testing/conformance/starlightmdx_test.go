package conformance

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestStarlightMDXComponents builds eval14A's dndumb patterns with Astro
// and sitegen: a component of the site's own opened on the line after
// raw HTML ("<br/>\n<Box>\n##### Dungeon Master"), whose children MDX
// reads as Markdown ("MDX … is Markdown + JSX", "markdown inside JSX",
// https://mdxjs.com/docs/what-is-mdx/); a self-closing component without
// props (<Logo />), whose name is no text of the page; and a splash hero
// image ("file: Relative path to an image file in your repo",
// https://starlight.astro.build/reference/frontmatter/#hero). Both builds
// show the heading as an <h5>, no "#####", no "Logo" text, and an <img> of
// the hero's picture.
func TestStarlightMDXComponents(t *testing.T) {
	rule := `"MDX … is Markdown + JSX", "markdown inside JSX" (https://mdxjs.com/docs/what-is-mdx/); ` +
		`"image: The image to use in the hero. You can provide either a relative file path or raw html" (https://starlight.astro.build/reference/frontmatter/#hero)`
	files := map[string]string{
		"astro.config.mjs":          starlightAutoConfig,
		"package.json":              `{"name": "fixture", "private": true, "type": "module"}`,
		"src/content.config.ts":     starlightContentConfig,
		"src/components/Box.astro":  "<div class=\"box\"><slot /></div>\n",
		"src/components/Logo.astro": "<span class=\"googly\"></span>\n",
		"src/assets/logo.svg":       `<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><circle cx="10" cy="10" r="9"/></svg>`,
		"src/content/docs/index.mdx": "---\ntitle: Welcome\ntemplate: splash\nhero:\n  tagline: Dumb rules.\n  image:\n    file: ../../assets/logo.svg\n---\n\n" +
			"import Logo from '../../components/Logo.astro';\n\n<Logo />\n\n## Our Guides\n\nSee [the wire](/wire/).\n",
		"src/content/docs/wire.mdx": "---\ntitle: Wire\n---\n\nimport Box from '../../components/Box.astro';\n\nA rope.\n\n" +
			"<br/>\n<Box>\n##### Dungeon Master\nThe invisible force.\n</Box>\n\n### Features\n\nMore.\n",
	}
	var native, ours string
	Run(t, starlightKept(Starlight, &native), starlightKept(Sitegen, &ours), Fixture{Name: "MDX components", Rule: rule, Files: files,
		// Astro writes the hero's picture under _astro/ at a hashed name
		// (which the comparison skips), sitegen under assets/files/.
		Known: []string{"file: assets/files/src/assets/logo.svg is published by sitegen"}})
	if native == "" || ours == "" {
		return // skipped or failed: Run said why
	}
	h5 := regexp.MustCompile(`<h5[^>]*>\s*Dungeon Master`)
	heroImg := regexp.MustCompile(`<img[^>]*src="[^"]*logo[^"]*\.svg"`)
	for _, b := range []struct{ tool, dir string }{{"Starlight", native}, {"sitegen", ours}} {
		wire, err := os.ReadFile(filepath.Join(b.dir, "wire", "index.html"))
		if err != nil {
			t.Fatalf("%s: %v", b.tool, err)
		}
		if !h5.Match(wire) || strings.Contains(string(wire), "#####") {
			t.Errorf("%s: wire/index.html has no <h5> Dungeon Master, or shows #####:\n%s (rule: %s)", b.tool, wire, rule)
		}
		home, err := os.ReadFile(filepath.Join(b.dir, "index.html"))
		if err != nil {
			t.Fatalf("%s: %v", b.tool, err)
		}
		text := regexp.MustCompile(`<[^>]*>`).ReplaceAllString(string(home), " ")
		if strings.Contains(text, "Logo") {
			t.Errorf("%s: the home page shows the text Logo (rule: %s)", b.tool, rule)
		}
		if !heroImg.Match(home) {
			t.Errorf("%s: the home page has no hero <img> of logo.svg (rule: %s)", b.tool, rule)
		}
	}
}
