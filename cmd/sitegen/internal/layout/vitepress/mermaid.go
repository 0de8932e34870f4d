package vitepress

import (
	"regexp"
)

// MermaidPlugin is vitepress-plugin-mermaid's package name.
const MermaidPlugin = "vitepress-plugin-mermaid"

// mermaidImport finds the name vitepress-plugin-mermaid's withMermaid is
// imported as ("import { withMermaid } from 'vitepress-plugin-mermaid'").
var mermaidImport = regexp.MustCompile(`import\s*\{[^}]*\b(withMermaid)\b(?:\s+as\s+(\w+))?[^}]*\}\s*from\s*['"]vitepress-plugin-mermaid['"]`)

// mermaidUsed reports whether the settings' text wraps the config in
// vitepress-plugin-mermaid's withMermaid, which makes every ```mermaid
// block a diagram
// (https://emersonbottero.github.io/vitepress-plugin-mermaid/guide/getting-started.html:
// "export default withMermaid({ // your existing vitepress config... })"):
// its name imported from the package and called.
func mermaidUsed(raw []byte) bool {
	m := mermaidImport.FindSubmatch(raw)
	if m == nil {
		return false
	}
	name := string(m[1])
	if len(m[2]) > 0 {
		name = string(m[2])
	}
	return regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\s*\(`).Match(raw[len(m[0]):])
}
