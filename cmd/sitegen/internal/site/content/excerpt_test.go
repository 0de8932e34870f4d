package content

import "testing"

// TestExcerpt checks a doc's or post's summary against Docusaurus's
// createExcerpt (@docusaurus/utils markdownUtils): "the first non-empty
// line" after the front matter, import/export lines, fenced code and the
// # title skipped, Markdown marks removed.
func TestExcerpt(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"first line of a paragraph, not the paragraph", "---\ntitle: T\n---\n# Title\n\nFirst line of the\nparagraph goes on.\n", "First line of the"},
		{"a ## heading's text when the text starts with it", "# Title\n\n## Getting started\n\nBody.\n", "Getting started"},
		{"imports and code skipped", "import Tabs from '@theme/Tabs';\nimport X from 'y';\n\n```js\nconst a = 1;\n```\n\nAfter **code** and `x`.\n", "After code and x."},
		{"links, images, emphasis removed", "# T\n\nSee [the rules](./rules.md), ![a map](map.png) and _this_ ~~now~~.\n", "See the rules, a map and this now."},
		{"setext title skipped", "Title\n=====\n\n> Quoted text\n", "Quoted text"},
		{"admonition line skipped", ":::tip Hint\n\nInside the box.\n:::\n", "Inside the box."},
		{"html tags removed, heading id removed", "<div>\n\n## Rules {#rules}\n", "Rules"},
		{"four-backtick fence holds three", "````md\n```\nnot this\n```\n````\nThis.\n", "This."},
		{"none", "---\ntitle: T\n---\n# Only a title\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := excerpt([]byte(tt.src)); got != tt.want {
				t.Errorf("excerpt(%q) = %q, want %q", tt.src, got, tt.want)
			}
		})
	}
}
