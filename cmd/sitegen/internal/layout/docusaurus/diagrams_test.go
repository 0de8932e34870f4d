package docusaurus

import (
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestDiagrams: https://docusaurus.io/docs/markdown-features/diagrams
// "Diagrams can be rendered using Mermaid in a code block ... To use the
// feature, enable Mermaid in docusaurus.config.js: markdown: {mermaid:
// true}, themes: ['@docusaurus/theme-mermaid']". Without markdown.mermaid
// a ```mermaid block is code (the mdx-loader's mermaid remark plugin
// runs only "if markdownConfig.mermaid"); with it and no theme-mermaid,
// theme-classic's Mermaid is Noop (a note says so).
func TestDiagrams(t *testing.T) {
	for _, tc := range []struct {
		name, config string
		want, note   bool
	}{
		{"default: code", "module.exports = {title: 'T'}", false, false},
		{"mermaid false", "module.exports = {markdown: {mermaid: false}, themes: ['@docusaurus/theme-mermaid']}", false, false},
		{"mermaid and its theme", "module.exports = {markdown: {mermaid: true}, themes: ['@docusaurus/theme-mermaid']}", true, false},
		{"the theme with options", "export default {markdown: {mermaid: true}, themes: [['@docusaurus/theme-mermaid', {}]]}", true, false},
		{"mermaid without the theme", "module.exports = {markdown: {mermaid: true}}", true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, map[string]string{"docusaurus.config.js": tc.config}))
			if err != nil || l == nil {
				t.Fatalf("Recognise = %v, %v", l, err)
			}
			if l.Markup.Diagrams != tc.want {
				t.Errorf("Diagrams = %v, want %v", l.Markup.Diagrams, tc.want)
			}
			if got := strings.Contains(strings.Join(l.Notes, "\n"), "theme-mermaid"); got != tc.note {
				t.Errorf("note of the missing theme = %v, want %v (notes %q)", got, tc.note, l.Notes)
			}
		})
	}
}
