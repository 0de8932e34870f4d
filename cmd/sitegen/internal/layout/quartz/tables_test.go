package quartz

import "testing"

// Quartz escapes the "|" of the wikilinks in a table before parsing
// ("escape all aliases and headers in wikilinks inside a table",
// quartz/plugins/transformers/ofm.ts): only in a table as its tableRegex
// finds one, rows starting and ending with "|".
func TestExpandTables(t *testing.T) {
	for _, tt := range []struct{ name, src, want string }{
		{"a table", "| A | B |\n|---|---|\n| [[Other|the other]] | ![[Map.png|100]] |\n",
			"| A | B |\n|---|---|\n| [[Other\\|the other]] | ![[Map.png\\|100]] |\n"},
		{"already escaped", "| A |\n| --- |\n| [[Other\\|x]] |\n", "| A |\n| --- |\n| [[Other\\|x]] |\n"},
		{"outside a table", "See [[Other|the other]].\n", "See [[Other|the other]].\n"},
		{"a row without its last pipe is no table to Quartz", "| A | B\n|---|---\n| [[Other|x]] | y\n", "| A | B\n|---|---\n| [[Other|x]] | y\n"},
		{"a line after the table", "| A |\n|---|\n| a |\nThen [[Other|x]].\n", "| A |\n|---|\n| a |\nThen [[Other|x]].\n"},
	} {
		if got := string(Expand("content/a.md", []byte(tt.src), nil).Src); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}
