package srcname

import (
	"fmt"
	"testing"
)

func TestSkip(t *testing.T) {
	tests := []struct {
		name string
		dir  bool
		want bool
	}{
		// Files the site is made of.
		{"combat.md", false, false},
		{"_index.md", false, false},
		{"site.toml", false, false},
		{"site.css", false, false},
		{"calc.wasm", false, false},
		{"layout_templ.go", false, false}, // generated Go: the server decides
		{"2024-notes.md", false, false},
		{"4913.md", false, false}, // digits with an extension
		{"page with spaces.md", false, false},
		{"σελίδα.md", false, false},
		{"README", false, false},
		{"notes#1.md", false, false},
		{"section~old", false, false},
		{"combat.md.tmp", false, false}, // not an editor pattern we know
		{"x.swpx", false, false},
		{"١٢٣", false, false}, // non-ASCII digits are names
		{"#", false, false},
		{"#x", false, false},
		{"x#", false, false},
		{"", false, false},
		// vim
		{"4913", false, true},
		{"5036", false, true},
		{".combat.md.swp", false, true},
		{".combat.md.swo", false, true},
		{"combat.md.swx", false, true},
		{".combat.md.un~", false, true},
		// backups
		{"combat.md~", false, true},
		{"x.md.~1~", false, true},
		// emacs
		{"#combat.md#", false, true},
		{".#combat.md", false, true},
		// JetBrains
		{"combat.md___jb_tmp___", false, true},
		{"combat.md___jb_old___", false, true},
		{"___JB_TMP___", false, false}, // case matters
		// GNOME / GIO
		{".goutputstream-X1Y2Z3", false, true},
		{"goutputstream-X", false, false},
		// folders: the vim probe rule is for files only (content/2024/)
		{"2024", true, false},
		{"4913", true, false},
		{".git", true, true},
		{"old~", true, true},
		{"a.md", true, false},
		// hidden names
		{".DS_Store", false, true},
		{".git", false, true},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%q dir=%v", tt.name, tt.dir), func(t *testing.T) {
			if got := Skip(tt.name, tt.dir); got != tt.want {
				t.Errorf("Skip(%q, %v) = %v, want %v", tt.name, tt.dir, got, tt.want)
			}
		})
	}
}
