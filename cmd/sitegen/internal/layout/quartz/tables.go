package quartz

import (
	"bytes"
	"regexp"

	"d6codex/cmd/sitegen/internal/layout"
)

// Quartz lets a wikilink with an alias sit in a table cell: before the
// page is parsed, its Obsidian-flavoured Markdown plugin escapes the "|"
// of every wikilink inside a table ("escape all aliases and headers in
// wikilinks inside a table", quartz/plugins/transformers/ofm.ts), so
// that [[Note|alias]] stays one cell. Expand does the same, with
// Quartz's own patterns.

// tableRE is Quartz's tableRegex: a header row, a delimiter row and body
// rows, each starting and ending with "|".
var tableRE = regexp.MustCompile(`(?m)^\|([^\n])+\|\n(\|)( ?:?-{3,}:? ?\|)+\n(\|([^\n])+\|\n?)+`)

// tableWikilinkRE is Quartz's tableWikilinkRegex.
var tableWikilinkRE = regexp.MustCompile(`(!?\[\[[^\]]*?\]\]|\[\^[^\]]*?\])`)

// unescapedPipeRE is a "|" not already escaped, with what precedes it.
var unescapedPipeRE = regexp.MustCompile(`((?:^|[^\\])(?:\\\\)*)\|`)

// Expand implements layout.Expander: the wikilinks in tables get their
// "|" escaped. Lines do not move.
func Expand(_ string, src []byte, _ func(string) ([]byte, error)) layout.Expanded {
	if !bytes.Contains(src, []byte("[[")) || !bytes.Contains(src, []byte("\n|")) && !bytes.HasPrefix(src, []byte("|")) {
		return layout.Expanded{Src: src}
	}
	out := tableRE.ReplaceAllFunc(src, func(table []byte) []byte {
		return tableWikilinkRE.ReplaceAllFunc(table, func(link []byte) []byte {
			return unescapedPipeRE.ReplaceAll(link, []byte(`$1\|`))
		})
	})
	return layout.Expanded{Src: out}
}
