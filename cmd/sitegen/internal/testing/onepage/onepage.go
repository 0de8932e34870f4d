// Package onepage builds a one-page site with sitegen's real block
// handlers, generators and the theme's calculator scripts and styles: the
// fixture of the block packages' tests (calcblock, anydiceblock).
package onepage

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"d6codex/cmd/sitegen/buildcmd"
	"d6codex/cmd/sitegen/internal/site"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/browser"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// Build builds a site whose one page (content/page.md, after three lines
// of front matter) holds page, and returns the output folder and the
// build's diagnostics. A failure other than diagnostics fails the test.
func Build(t *testing.T, page string) (string, content.Diagnostics) {
	t.Helper()
	src := t.TempDir()
	files := map[string]string{
		"site.toml":           "title = \"t\"\nbaseURL = \"http://localhost/\"\n",
		"content/_index.md":   "---\ntitle: Home\n---\nHome.\n",
		"content/page.md":     "---\ntitle: P\n---\n" + page,
		"static/css/site.css": "body{}",
		"static/js/site.js":   "",
	}
	root := browser.RepoRoot(t)
	for _, f := range []string{"js/calc.js", "js/calc-worker.js", "css/calc.css", "css/tables.css"} {
		data, err := os.ReadFile(filepath.Join(root, "static", f))
		if err != nil {
			t.Fatal(err)
		}
		files["static/"+f] = string(data)
	}
	sitetest.WriteFiles(t, src, files)
	dest := filepath.Join(t.TempDir(), "public")
	_, err := site.Build(context.Background(), content.Options{Source: src, Dest: dest,
		Handlers: buildcmd.Handlers(), Generators: buildcmd.Generators()})
	var diags content.Diagnostics
	if err != nil && !errors.As(err, &diags) {
		t.Fatalf("build: %v", err)
	}
	return dest, diags
}
