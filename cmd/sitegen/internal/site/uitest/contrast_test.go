package uitest

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/testing/browser"
)

// palette reads the custom properties (--name: #rrggbb) of the first CSS
// rule whose selector is exactly sel.
func palette(t *testing.T, css, sel string) map[string]string {
	t.Helper()
	i := strings.Index(css, sel+" {")
	if i < 0 {
		t.Fatalf("site.css has no rule %q", sel)
	}
	body := css[i+len(sel)+2:]
	body = body[:strings.IndexByte(body, '}')]
	vars := map[string]string{}
	for _, m := range regexp.MustCompile(`--([a-z-]+):\s*(#[0-9a-fA-F]{6})\s*;`).FindAllStringSubmatch(body, -1) {
		vars[m[1]] = strings.ToLower(m[2])
	}
	return vars
}

// luminance is the WCAG relative luminance of #rrggbb.
func luminance(hex string) (float64, error) {
	if len(hex) != 7 || hex[0] != '#' {
		return 0, fmt.Errorf("bad colour %q", hex)
	}
	var c [3]float64
	for i := range c {
		v, err := strconv.ParseUint(hex[1+2*i:3+2*i], 16, 8)
		if err != nil {
			return 0, fmt.Errorf("bad colour %q: %w", hex, err)
		}
		s := float64(v) / 255
		if s <= 0.04045 {
			c[i] = s / 12.92
		} else {
			c[i] = math.Pow((s+0.055)/1.055, 2.4)
		}
	}
	return 0.2126*c[0] + 0.7152*c[1] + 0.0722*c[2], nil
}

// contrast is the WCAG contrast ratio of two colours.
func contrast(a, b string) (float64, error) {
	la, err := luminance(a)
	if err != nil {
		return 0, err
	}
	lb, err := luminance(b)
	if err != nil {
		return 0, err
	}
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05), nil
}

func TestContrastFormula(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want float64
	}{
		{"#000000", "#ffffff", 21},
		{"#ffffff", "#ffffff", 1},
		{"#767676", "#ffffff", 4.54},
	} {
		got, err := contrast(tc.a, tc.b)
		if err != nil || math.Abs(got-tc.want) > 0.01 {
			t.Errorf("contrast(%s, %s) = %.2f, %v; want %.2f", tc.a, tc.b, got, err, tc.want)
		}
	}
}

// TestPaletteContrast checks that every text colour of both themes passes
// WCAG AA (4.5:1) on every background it is used on, and that the dark
// palette is the same for the system setting and the toggle.
func TestPaletteContrast(t *testing.T) {
	root, err := browser.FindRepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(root, "static", "css", "site.css"))
	if err != nil {
		t.Fatal(err)
	}
	css := string(b)
	light := palette(t, css, ":root")
	dark := palette(t, css, `:root[data-theme="dark"]`)
	system := palette(t, css, `:root:not([data-theme="light"])`)
	if fmt.Sprint(dark) != fmt.Sprint(system) {
		t.Errorf("the dark palettes differ:\n toggle %v\n system %v", dark, system)
	}
	pairs := []struct{ fg, bg string }{
		{"fg", "bg"}, {"muted", "bg"}, {"link", "bg"}, {"link-visited", "bg"}, {"accent", "bg"},
		{"fg", "panel"}, {"muted", "panel"}, {"link", "panel"}, {"link-visited", "panel"}, {"accent", "panel"},
		{"fg", "code-bg"}, {"fg", "mark"}, {"accent-fg", "accent"}, {"bg", "fg"},
	}
	for name, pal := range map[string]map[string]string{"light": light, "dark": dark} {
		for _, p := range pairs {
			fg, bg := pal[p.fg], pal[p.bg]
			if fg == "" || bg == "" {
				t.Errorf("%s theme: --%s or --%s missing", name, p.fg, p.bg)
				continue
			}
			r, err := contrast(fg, bg)
			if err != nil {
				t.Errorf("%s theme: %v", name, err)
				continue
			}
			if r < 4.5 {
				t.Errorf("%s theme: --%s %s on --%s %s: contrast %.2f < 4.5", name, p.fg, fg, p.bg, bg, r)
			}
		}
	}
}
