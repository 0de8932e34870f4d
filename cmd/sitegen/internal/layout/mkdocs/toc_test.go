package mkdocs

import (
	"testing"

	"gopkg.in/yaml.v3"
)

// TestTOCMarker checks Python-Markdown toc's marker, which MkDocs always
// runs: "Place a marker in the document where you would like the Table
// of Contents to appear. Then, a nested list of all the headers in the
// document will replace the marker"; "marker: Text to find and replace
// with the Table of Contents. Defaults to [TOC]. Set to an empty string
// to disable searching for a marker"
// (https://python-markdown.github.io/extensions/toc/). sitegen shows the
// table of contents beside the page: the marker is not printed
// (ModShardTeam/ModShardLauncher's guides/start-modding.zh.md showed
// "[TOC]").
func TestTOCMarker(t *testing.T) {
	for _, c := range []struct {
		name, exts, src, want string
	}{
		{"alone", "", "# T\n\n[TOC]\n\n## A\n", "# T\n\n\n\n## A\n"},
		{"CRLF, spaces", "", "[TOC]  \r\n\r\ntext\r\n", "\r\n\r\ntext\r\n"},
		{"in a paragraph: text", "", "see\n[TOC]\n", "see\n[TOC]\n"},
		{"inline: text", "", "a [TOC] b\n", "a [TOC] b\n"},
		{"in fenced code: code", "", "```\n\n[TOC]\n\n```\n", "```\n\n[TOC]\n\n```\n"},
		{"after a fence closes", "", "~~~\nx\n~~~\n\n[TOC]\n", "~~~\nx\n~~~\n\n\n"},
		{"marker set", "- toc:\n    marker: '[[_TOC_]]'\n", "[[_TOC_]]\n\n[TOC]\n", "\n\n[TOC]\n"},
		{"marker off", "- toc:\n    marker: ''\n", "[TOC]\n", "[TOC]\n"},
	} {
		var n yaml.Node
		if err := yaml.Unmarshal([]byte(c.exts), &n); err != nil {
			t.Fatal(err)
		}
		var list *yaml.Node
		if len(n.Content) > 0 {
			list = n.Content[0]
		}
		got := c.src
		if x := dropTOCMarker(tocMarker(list)); x != nil {
			got = string(x("a.md", []byte(c.src), nil).Src)
		}
		if got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
