package content

import "testing"

// TestTitleFromName: the title made from a file or folder name that has
// none else. A name with a leading or trailing "_" or "-" (Hugo's docdock
// theme's content/_footer.md, IceRaptor/mechaattack_docs, published by
// hugo 0.111 as /_footer/) gives no title starting with a space: the
// separators become spaces, those at the ends go, the first letter is
// upper case.
func TestTitleFromName(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"combat-rules", "Combat rules"},
		{"_footer", "Footer"},
		{"__init__", "Init"},
		{"magic-", "Magic"},
		{"a_b", "A b"},
		{"_", ""},
		{"", ""},
	} {
		if got := titleFromName(tc.name); got != tc.want {
			t.Errorf("titleFromName(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}
