package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestHugoThemeModule is eval11C NC7 (chrisbarley89/golden_wastes imports
// github.com/jack-hk/Atlas as a module, not vendored: 272 warnings, one at
// each use of its "icon" and "infobox" shortcodes). Hugo reads a vendored
// module from _vendor/: "Vendor all module dependencies into the _vendor
// directory. If a module is vendored, that is where Hugo will look for it's
// dependencies" (https://gohugo.io/commands/hugo_mod_vendor/), else fetches
// it into its module cache (https://gohugo.io/hugo-modules/use-modules/),
// which sitegen does not do. Vendored: the theme's shortcode runs, no
// warning. Absent: the build says so once, naming the module, `hugo mod
// vendor` and the number of shortcode uses not run, in place of a warning
// at each use.
func TestHugoThemeModule(t *testing.T) {
	const mod = "github.com/jack-hk/Atlas"
	cfg := "title: H\nbaseURL: https://h.test/\nmodule:\n  imports:\n    - path: " + mod + "\n"
	pages := map[string]string{
		"hugo.yaml":         cfg,
		"content/_index.md": "---\ntitle: Home\n---\n",
		"content/a.md":      "---\ntitle: A\n---\n\n{{< infobox >}}Strength 3{{< /infobox >}}\n\nText {{< icon sword >}} here.\n",
		"content/b.md":      "---\ntitle: B\n---\n\n{{< infobox >}}Agility 2{{< /infobox >}}\n",
	}
	t.Run("vendored", func(t *testing.T) {
		src := t.TempDir()
		sitetest.WriteFiles(t, src, pages)
		sitetest.WriteFiles(t, src, map[string]string{
			"_vendor/" + mod + "/layouts/shortcodes/infobox.html": `<div class="infobox">{{ .Inner }}</div>`,
			"_vendor/" + mod + "/layouts/shortcodes/icon.html":    `<i class="icon-{{ .Get 0 }}"></i>`,
			"_vendor/modules.txt":                                 "# " + mod + " v0.0.0\n",
		})
		dest := filepath.Join(t.TempDir(), "public")
		res, err := build(t, src, content.Options{Theme: theme, Dest: dest})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Warnings) > 0 {
			t.Errorf("warnings: %q", res.Warnings)
		}
		b, err := os.ReadFile(filepath.Join(dest, "a/index.html"))
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{`<div class="infobox">Strength 3</div>`, `<i class="icon-sword"></i>`} {
			if !strings.Contains(string(b), want) {
				t.Errorf("a/index.html lacks %s", want)
			}
		}
		if _, err := os.Stat(filepath.Join(dest, "_vendor")); err == nil {
			t.Error("_vendor/ published")
		}
	})
	t.Run("absent", func(t *testing.T) {
		src := t.TempDir()
		sitetest.WriteFiles(t, src, pages)
		dest := filepath.Join(t.TempDir(), "public")
		res, err := build(t, src, content.Options{Theme: theme, Dest: dest})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.WarningList) > 0 {
			t.Errorf("a warning at each use: %v", res.WarningList)
		}
		var said []string
		for _, w := range res.Warnings {
			if strings.Contains(w, mod) {
				said = append(said, w)
			}
		}
		if len(said) != 1 {
			t.Fatalf("warnings naming %s = %q, want one", mod, said)
		}
		for _, want := range []string{"hugo mod vendor", "3 uses", "icon", "infobox"} {
			if !strings.Contains(said[0], want) {
				t.Errorf("%q lacks %q", said[0], want)
			}
		}
		b, err := os.ReadFile(filepath.Join(dest, "a/index.html"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), "Strength 3") {
			t.Error("a/index.html lost the infobox's text")
		}
	})
}
