package vitepress

import (
	"regexp"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
)

// TabsPlugin is vitepress-plugin-tabs' package name.
const TabsPlugin = "vitepress-plugin-tabs"

// tabsImport finds the name vitepress-plugin-tabs' markdown plugin is
// imported as ("import { tabsMarkdownPlugin } from 'vitepress-plugin-tabs'").
var tabsImport = regexp.MustCompile(`import\s*\{[^}]*\b(tabsMarkdownPlugin)\b(?:\s+as\s+(\w+))?[^}]*\}\s*from\s*['"]vitepress-plugin-tabs['"]`)

// tabsUsed reports whether the settings' text registers
// vitepress-plugin-tabs' markdown plugin: "md.use(tabsMarkdownPlugin)"
// in markdown.config, its name imported from the package
// (https://vitepress-plugins.sapphi.red/tabs/: "After installing the
// plugin, you'll need to edit both App Config and Theme Config").
func tabsUsed(raw []byte) bool {
	m := tabsImport.FindSubmatch(raw)
	if m == nil {
		return false
	}
	name := string(m[1])
	if len(m[2]) > 0 {
		name = string(m[2])
	}
	return regexp.MustCompile(`\.use\(\s*` + regexp.QuoteMeta(name) + `\b`).Match(raw)
}

// tabOpen is a ::: tabs container's opening line; tabMarker a tab's line
// in it ("== tab a").
var (
	tabOpen   = regexp.MustCompile(`^\s*(:{3,})\s*tabs\b`)
	tabMarker = regexp.MustCompile(`^\s*(={2,})\s*(.*?)\s*$`)
)

// expandTabs shows vitepress-plugin-tabs' tabs open, each under its
// label, as sitegen shows a code group's (there is no script to switch
// them): "::: tabs / == tab a / a content / == tab b / b content / :::"
// (https://vitepress-plugins.sapphi.red/tabs/#syntax; a line of two or
// more "=" in a tabs container starts a tab labelled by the rest of the
// line, its content running to the next such line, ruleBlockTab.ts). Each
// "== label" line becomes the label in bold, a paragraph of its own (a
// blank line after it, so the tab's first line is not joined to it); the
// ::: tabs container itself shows its content alone (Markup.Containers).
// Lines in fenced code are left as they are.
func expandTabs(src []byte) layout.Expanded {
	if !strings.Contains(string(src), "tabs") {
		return layout.Expanded{Src: src}
	}
	lines := strings.SplitAfter(string(src), "\n")
	var b strings.Builder
	var lineMap []int
	changed := false
	fence, colons := "", 0 // an open fence; the colons of an open tabs container
	for i, l := range lines {
		if l == "" {
			continue
		}
		t := strings.TrimSpace(l)
		switch {
		case fence != "":
			if strings.HasPrefix(t, fence) && strings.Trim(t, fence[:1]) == "" {
				fence = ""
			}
		case strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~"):
			fence = t[:3]
		case colons == 0:
			if m := tabOpen.FindStringSubmatch(l); m != nil {
				colons = len(m[1])
			}
		case strings.Trim(t, ":") == "" && len(t) >= colons:
			colons = 0
		default:
			if m := tabMarker.FindStringSubmatch(l); m != nil {
				changed = true
				if m[2] != "" {
					b.WriteString("**" + m[2] + "**\n")
					lineMap = append(lineMap, i+1)
				}
				b.WriteString("\n")
				lineMap = append(lineMap, i+1)
				continue
			}
		}
		b.WriteString(l)
		lineMap = append(lineMap, i+1)
	}
	if !changed {
		return layout.Expanded{Src: src}
	}
	return layout.Expanded{Src: []byte(b.String()), Lines: lineMap}
}

// withTabs is the Expander of a site that registers vitepress-plugin-tabs:
// Vue's interpolation (Expand), then the tabs. Expand keeps the lines
// where they are, so the tabs' line map is the page's.
func withTabs(file string, src []byte, read func(string) ([]byte, error)) layout.Expanded {
	x := Expand(file, src, read)
	t := expandTabs(x.Src)
	t.Problems = x.Problems
	t.Title = x.Title
	return t
}
