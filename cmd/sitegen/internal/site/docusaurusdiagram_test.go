package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestDocusaurusMermaid: "Diagrams can be rendered using Mermaid in a
// code block" once "markdown: {mermaid: true}, themes:
// ['@docusaurus/theme-mermaid']" (https://docusaurus.io/docs/markdown-features/diagrams):
// the block is a diagram there, shown here as its source under the
// caption mdBook's and Quartz's get; without the setting it is code.
func TestDocusaurusMermaid(t *testing.T) {
	for _, tc := range []struct {
		name, config string
		diagram      bool
	}{
		{"markdown.mermaid", "module.exports = {title: 'T', markdown: {mermaid: true}, themes: ['@docusaurus/theme-mermaid']};\n", true},
		{"no setting", "module.exports = {title: 'T'};\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, map[string]string{
				"docusaurus.config.js": tc.config,
				"docs/map.md":          "# Map\n\n```mermaid\nflowchart TD\n  A --> B\n```\n",
			})
			out := filepath.Join(t.TempDir(), "out")
			if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
				t.Fatal(err)
			}
			html := readTree(t, out)["docs/map/index.html"]
			caption := strings.Contains(html, `<figure class="diagram-source"><figcaption>Diagram (Mermaid source; sitegen does not draw it)</figcaption><pre><code class="language-mermaid">flowchart TD`)
			if caption != tc.diagram {
				t.Errorf("captioned diagram = %v, want %v:\n%s", caption, tc.diagram, html)
			}
			if !strings.Contains(html, "A --&gt; B") {
				t.Errorf("the diagram's source is not shown:\n%s", html)
			}
		})
	}
}
