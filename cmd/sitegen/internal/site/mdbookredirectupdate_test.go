package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestMdBookRedirectFilesAfterUpdate: the redirect files of
// [output.html.redirect] that lead to a chapter's heading or to another
// site (layout.Layout.RedirectFiles) stay published after a chapter is
// saved under serve: an update removes the files it did not write, so
// it writes them as the full build does.
func TestMdBookRedirectFilesAfterUpdate(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"book.toml": "[book]\ntitle = \"Six Sides\"\n\n[output.html.redirect]\n" +
			"\"/magic/old.html\" = \"../rules/combat.html#rounds\"\n\"/forum.html\" = \"https://example.org/forum\"\n",
		"src/SUMMARY.md":      "- [Home](README.md)\n- [Combat](rules/combat.md)\n",
		"src/README.md":       "# Home\n",
		"src/rules/combat.md": "# Combat\n\n## Rounds\n",
	})
	r := startUpdates(t, content.Options{Source: src, Theme: theme, BrokenLinks: "warn"}, true)
	r.update(t, map[string]string{"src/README.md": "# Home\n\nWelcome.\n"})
	for file, to := range map[string]string{"magic/old.html": "/rules/combat.html#rounds", "forum.html": "https://example.org/forum"} {
		b, err := os.ReadFile(filepath.Join(r.opts.Dest, file))
		if err != nil {
			t.Errorf("%s after the update: %v", file, err)
			continue
		}
		if !strings.Contains(string(b), `href="`+to+`"`) {
			t.Errorf("%s does not lead to %s:\n%s", file, to, b)
		}
	}
}
