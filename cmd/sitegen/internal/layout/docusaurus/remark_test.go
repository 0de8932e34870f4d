package docusaurus

import (
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestRemarkPlugins: the docs plugin's remarkPlugins are "Remark plugins
// passed to MDX" (https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-docs#configuration).
// remark-breaks turns "soft line endings (enters) into hard breaks
// (<br>s)": colbyprior/speedies, a rules site written in Obsidian, lists
// it, and its lists of stats written one per line read as one run-on
// line without it. Another plugin is named in a warning at its line.
func TestRemarkPlugins(t *testing.T) {
	for _, tc := range []struct {
		name, head, plugins string
		breaks              bool
		note                string
	}{
		{"imported", "import remarkBreaks from 'remark-breaks';\n", "[remarkBreaks]", true, ""},
		{"required, with options", "const breaks = require('remark-breaks');\n", "[[breaks, {}]]", true, ""},
		{"another plugin", "import math from 'remark-math';\n", "[math]", false, "docusaurus.config.js:4: presets.docs.remarkPlugins: math is not run by sitegen"},
		{"none", "", "[]", false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			config := tc.head + "export default {title: 'T',\n  presets: [['classic', {docs: {routeBasePath: '/',\n    remarkPlugins: " + tc.plugins + ",\n  }}]],\n};\n"
			l, err := Recognise(layouttest.Write(t, map[string]string{"docusaurus.config.js": config, "docs/a.md": "# A\n"}))
			if err != nil {
				t.Fatal(err)
			}
			if l.Markup.HardWraps != tc.breaks {
				t.Errorf("HardWraps = %v, want %v (read %q, notes %q)", l.Markup.HardWraps, tc.breaks, l.Read, l.Notes)
			}
			notes := strings.Join(l.Notes, "\n")
			if tc.note == "" && strings.Contains(notes, "remarkPlugins") || !strings.Contains(notes, tc.note) {
				t.Errorf("notes = %q, want %q", notes, tc.note)
			}
		})
	}
}
