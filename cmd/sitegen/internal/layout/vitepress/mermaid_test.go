package vitepress

import (
	"testing"

	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestMermaidPlugin: vitepress-plugin-mermaid draws ```mermaid blocks
// where the config is wrapped in its withMermaid
// (https://emersonbottero.github.io/vitepress-plugin-mermaid/guide/getting-started.html:
// "import { withMermaid } from "vitepress-plugin-mermaid"; export default
// withMermaid({ // your existing vitepress config... })"; andrewgazelka/hyperion's
// docs, session 30); without it a ```mermaid block is code, as VitePress
// shows it.
func TestMermaidPlugin(t *testing.T) {
	for _, tt := range []struct {
		name, config string
		want         bool
	}{
		{"wrapped", "import { defineConfig } from 'vitepress'\nimport {withMermaid} from 'vitepress-plugin-mermaid';\nconst config = defineConfig({ title: 'H' })\nexport default withMermaid(config);\n", true},
		{"wrapped inline", "import { withMermaid as wm } from \"vitepress-plugin-mermaid\"\nexport default wm({ title: 'H' })\n", true},
		{"imported, not used", "import { withMermaid } from 'vitepress-plugin-mermaid'\nexport default { title: 'H' }\n", false},
		{"none", "export default { title: 'H' }\n", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, map[string]string{".vitepress/config.mts": tt.config, "index.md": "# H\n"}))
			if err != nil {
				t.Fatal(err)
			}
			if l.Markup.Diagrams != tt.want {
				t.Errorf("Markup.Diagrams = %v, want %v (read %q)", l.Markup.Diagrams, tt.want, l.Read)
			}
			if l.Settings.Title != "H" {
				t.Errorf("title %q, want H (the wrapped config read)", l.Settings.Title)
			}
		})
	}
}
