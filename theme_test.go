package d6codex

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"

	"d6codex/templates"
)

// TestHeroActionButtons: VitePress draws a home page's hero actions as
// buttons, "theme: Color theme of the button. Defaults to `brand`"
// ('brand' | 'alt', https://vitepress.dev/reference/default-theme-home-page#hero-section):
// the brand one filled with the accent colour, the alt one a quieter
// fill. The home page's stylesheet styles the hero's .hero-action links
// (templates/views.templ) so, in print too (a bordered box, no fill),
// not as plain links (eval10A NA6, PaulineNemchak/dnd-5e-campaigns).
func TestHeroActionButtons(t *testing.T) {
	css, err := fs.ReadFile(Theme(), templates.HomeStyleAsset) // loaded by the pages with a hero or features
	if err != nil {
		t.Fatal(err)
	}
	rule := func(selector string) string {
		m := regexp.MustCompile(`(?m)^\s*` + regexp.QuoteMeta(selector) + `\s*(?:,[^{]*)?\{([^}]*)\}`).FindSubmatch(css)
		if m == nil {
			t.Fatalf("%s has no rule for %s", templates.HomeStyleAsset, selector)
		}
		return string(m[1])
	}
	brand, alt := rule(".hero-action"), rule(".hero-action.alt")
	for _, want := range []string{"display: inline-block", "border-radius", "background: var(--accent)", "color: var(--accent-fg)"} {
		if !strings.Contains(brand, want) {
			t.Errorf(".hero-action lacks %q: {%s}", want, brand)
		}
	}
	for _, want := range []string{"background: var(--panel)", "color: var(--fg)"} {
		if !strings.Contains(alt, want) {
			t.Errorf(".hero-action.alt lacks %q: {%s}", want, alt)
		}
	}
	if !regexp.MustCompile(`@media print \{[^@]*\.hero-action`).Match(css) {
		t.Errorf("%s does not print the hero's buttons", templates.HomeStyleAsset)
	}
}
