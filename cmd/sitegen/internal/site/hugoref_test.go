package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestHugoRefBundle checks that Hugo's ref and relref find a page bundle
// by its path, as Hugo 0.111 does:
//
// https://gohugo.io/shortcodes/ref/ — "path: The path to the target page.
// Paths without a leading slash (/) are resolved first relative to the
// current page, and then relative to the rest of the site";
// https://gohugo.io/functions/urls/ref/ — "a path to a page, with or
// without a file extension";
// https://gohugo.io/content-management/organization/ — "about/index.md
// // <- https://example.org/about/" (a leaf bundle's path is its folder's;
// a branch bundle's, _index.md, too).
func TestHugoRefBundle(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"hugo.toml":         "title = \"H\"\nbaseURL = \"https://h.test/\"\n",
		"content/_index.md": "---\ntitle: Home\n---\n",
		"content/docs/factions/theocracy/index.md": "---\ntitle: Theocracy\n---\n## Creed\n",
		"content/docs/factions/_index.md":          "---\ntitle: Factions\n---\n",
		"content/docs/lore.md": "---\ntitle: Lore\n---\n" +
			"[abs]({{< ref \"/docs/factions/theocracy\" >}}) [rel]({{< relref \"factions/theocracy\" >}}) " +
			"[site]({{< ref \"docs/factions/theocracy#creed\" >}}) [branch]({{< ref \"/docs/factions\" >}}) " +
			"[file]({{< ref \"/docs/factions/theocracy/index.md\" >}})\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dest, "docs/lore/index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`<a href="/docs/factions/theocracy/">abs</a>`, `<a href="/docs/factions/theocracy/">rel</a>`,
		`<a href="/docs/factions/theocracy/#creed">site</a>`, `<a href="/docs/factions/">branch</a>`, `<a href="/docs/factions/theocracy/">file</a>`,
	} {
		if !strings.Contains(string(b), want) {
			t.Errorf("docs/lore/index.html lacks %s", want)
		}
	}

	// A ref to no page stays an error.
	sitetest.WriteFiles(t, src, map[string]string{"content/docs/lore.md": "---\ntitle: Lore\n---\n[x]({{< ref \"/docs/factions/nowhere\" >}})\n"})
	if _, err := build(t, src, Options{Theme: theme, Dest: dest}); err == nil || !strings.Contains(err.Error(), "nowhere") {
		t.Errorf("err = %v, want a broken link to /docs/factions/nowhere", err)
	}
}
