package conformance

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// TestVitePressHeroImage builds a layout: home page whose hero has an
// image, in each form VitePress documents ("image?: ThemeableImage",
// "type ThemeableImage = | string | { src: string; alt?: string } |
// { light: string; dark: string; alt?: string }",
// https://vitepress.dev/reference/default-theme-home-page), with VitePress
// and with sitegen: both home pages show an <img> of the picture, from
// public/ at the site's root, with its alt text.
func TestVitePressHeroImage(t *testing.T) {
	rule := `"image?: ThemeableImage" with "type ThemeableImage = | string | { src: string; alt?: string } | { light: string; dark: string; alt?: string }" ` +
		`(https://vitepress.dev/reference/default-theme-home-page)`
	svg := `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>`
	for _, tc := range []struct {
		name, image string
		want        []*regexp.Regexp
	}{
		{"src and alt", "  image:\n    src: /logo.svg\n    alt: The logo\n",
			[]*regexp.Regexp{regexp.MustCompile(`<img[^>]*src="/logo\.svg"[^>]*alt="The logo"`)}},
		{"a string", "  image: /logo.svg\n",
			[]*regexp.Regexp{regexp.MustCompile(`<img[^>]*src="/logo\.svg"`)}},
		{"light and dark", "  image:\n    light: /light.svg\n    dark: /dark.svg\n    alt: Logo\n",
			[]*regexp.Regexp{regexp.MustCompile(`<img[^>]*src="/light\.svg"`), regexp.MustCompile(`<img[^>]*src="/dark\.svg"`)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{
				".vitepress/config.mts": "export default { title: 'Six Dice' }\n",
				"index.md":              "---\nlayout: home\nhero:\n  name: Six Dice\n  text: A rules reference\n" + tc.image + "  actions:\n    - theme: brand\n      text: Start\n      link: /guide/\n---\n",
				"guide/index.md":        "# Guide\n\nText.\n",
				"public/logo.svg":       svg,
				"public/light.svg":      svg,
				"public/dark.svg":       svg,
				"package.json":          `{"name": "fixture", "private": true, "type": "module"}`,
			}
			var native, ours string
			Run(t, starlightKept(VitePress, &native), starlightKept(Sitegen, &ours), Fixture{Name: "hero image: " + tc.name, Rule: rule, Files: files,
				Published: []string{"logo.svg"}, HomeTitle: true})
			if native == "" || ours == "" {
				return // skipped or failed: Run said why
			}
			for _, b := range []struct{ tool, dir string }{{"VitePress", native}, {"sitegen", ours}} {
				home, err := os.ReadFile(filepath.Join(b.dir, "index.html"))
				if err != nil {
					t.Fatalf("%s: %v", b.tool, err)
				}
				for _, re := range tc.want {
					if !re.Match(home) {
						t.Errorf("%s: the home page has no %s (rule: %s)", b.tool, re, rule)
					}
				}
			}
		})
	}
}
