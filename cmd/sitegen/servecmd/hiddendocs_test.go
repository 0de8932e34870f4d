package servecmd

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"
)

// TestServeHiddenDocsDir: "docs_dir: The directory containing the
// documentation source markdown files"
// (https://www.mkdocs.org/user-guide/configuration/#docs_dir); `build`
// reads a docs_dir whose name starts with "." since the settings name it
// (site.TestMkDocsHiddenDocsDir), but serve's watcher and its
// incremental path skipped every hidden path, so a save inside
// `docs_dir: .docs` was never shown. The watcher follows the layout's
// rule: the folder the user named is watched, the names hidden inside
// it stay left out and unpublished.
func TestServeHiddenDocsDir(t *testing.T) {
	src := t.TempDir()
	writeFile(t, src, "mkdocs.yml", "site_name: Compendium\ndocs_dir: .docs\n")
	writeFile(t, src, ".docs/index.md", "# Compendium\n\nWelcome.\n")
	writeFile(t, src, ".docs/spells/fireball.md", "# Fireball\n\nBoom.\n")
	h := newHarnessIn(t, src, filepath.Join(t.TempDir(), "public"))
	if code, body := h.get("/spells/fireball/"); code != http.StatusOK || !strings.Contains(body, "Boom.") {
		t.Fatalf("/spells/fireball/ before: %d", code)
	}
	h.write(".docs/spells/fireball.md", "# Fireball\n\nA bigger boom.\n")
	h.step(".docs/spells/fireball.md")
	if code, body := h.get("/spells/fireball/"); code != http.StatusOK || !strings.Contains(body, "A bigger boom.") {
		t.Errorf("/spells/fireball/ after a save inside docs_dir: .docs: %d, the new text not shown", code)
	}
	h.write(".docs/spells/cone.md", "# Cone\n\nCold.\n")
	h.step(".docs/spells/cone.md")
	if code, body := h.get("/spells/cone/"); code != http.StatusOK || !strings.Contains(body, "Cold.") {
		t.Errorf("/spells/cone/, a note created inside docs_dir: .docs: %d", code)
	}
	// A hidden name inside the docs_dir stays unpublished.
	h.write(".docs/.drafts/idea.md", "# Idea\n\nSecret plan.\n")
	h.write(".docs/spells/after.md", "# After\n\nLater.\n")
	h.step(".docs/spells/after.md")
	if code, body := h.get("/.drafts/idea/"); code == http.StatusOK || strings.Contains(body, "Secret plan.") {
		t.Errorf("/.drafts/idea/ is served: %d", code)
	}
}
