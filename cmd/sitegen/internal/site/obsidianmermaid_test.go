package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestObsidianMermaid: Obsidian draws a ```mermaid block ("Obsidian
// supports Mermaid.js natively, via mermaid codeblocks",
// https://github.com/dartungar/obsidian-mermaid; Quartz's own Mermaid
// support is "enabled as a part of Obsidian compatibility",
// https://quartz.jzhao.xyz/features/Mermaid-diagrams). sitegen draws no
// diagram in any layout; in a vault, as in mdBook and Quartz, the block
// is its source under a caption that says what it is (Ironsworn SRD's
// Chapter 7), not unexplained code.
func TestObsidianMermaid(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		".obsidian/app.json": "{}\n",
		"Fiction.md":         "# Fiction\n\n```mermaid\ngraph TD\nA(Fiction) --> B(Mechanics)\n```\n\n```js\nlet a = 1\n```\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
		t.Fatalf("build: %v", err)
	}
	page := readTree(t, out)["fiction/index.html"]
	if !strings.Contains(page, `<figure class="diagram-source"><figcaption>Diagram (Mermaid source; sitegen does not draw it)</figcaption><pre><code class="language-mermaid">graph TD`) {
		t.Errorf("the Mermaid block is not captioned as a diagram's source:\n%s", page)
	}
	if strings.Contains(page, `<figcaption>Diagram`) && strings.Count(page, "diagram-source") != 1 {
		t.Errorf("another code block is taken for a diagram:\n%s", page)
	}
}
