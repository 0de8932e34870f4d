package hugo

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// outputsNote says which output formats other than HTML the settings'
// outputs ask Hugo to write for each page kind, which sitegen does not
// write: "Hugo can output content in multiple formats, including calendar
// events, e-book formats, Google AMP, and JSON search indexes, or any
// custom text format" (https://gohugo.io/templates/output-formats/).
// Measured with hugo 0.111 (outputs home = HTML, JSON, RSS and section =
// HTML, print, a format of outputFormats with path print): /index.json
// from layouts/index.json, /index.xml from Hugo's own RSS template,
// /rules/print/index.html from the section's list template, no warning.
// sitegen writes each page's HTML and its own search index and sitemap;
// "" when the settings low (keys in lower case) ask for nothing else.
// file names the settings file.
func outputsNote(file string, low map[string]any) string {
	outs, _ := low["outputs"].(map[string]any)
	var parts []string
	for _, kind := range slices.Sorted(maps.Keys(outs)) {
		var formats []string
		switch v := outs[kind].(type) {
		case []any:
			for _, f := range v {
				if s, ok := f.(string); ok && !strings.EqualFold(s, "html") {
					formats = append(formats, s)
				}
			}
		case []string:
			for _, s := range v {
				if !strings.EqualFold(s, "html") {
					formats = append(formats, s)
				}
			}
		}
		if len(formats) > 0 {
			parts = append(parts, kind+" "+strings.Join(formats, ", "))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return fmt.Sprintf("%s: outputs: %s: Hugo also writes these formats from its templates (index.json, index.xml, a custom format's folder); sitegen writes each page's HTML only", file, strings.Join(parts, "; "))
}
