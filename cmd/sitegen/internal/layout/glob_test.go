package layout

import "testing"

func TestMatchGlob(t *testing.T) {
	tests := []struct {
		pattern, rel string
		want         bool
	}{
		{"**/README.md", "README.md", true},
		{"**/README.md", "a/b/README.md", true},
		{"**/TODO.md", "a/todo.md", false},
		{"drafts/**", "drafts/a/b.md", true},
		{"drafts/**", "x/drafts/a.md", false},
		{"**/_*.{js,jsx,ts,tsx,md,mdx}", "a/_partial.mdx", true},
		{"**/_*/**", "a/_private/b.md", true},
		{"**/*.test.{js,jsx,ts,tsx}", "x/a.test.ts", true},
		{"./notes/*.md", "notes/a.md", true},
		{"notes/*.md", "notes/a/b.md", false},
		{"[", "[", false},
	}
	for _, tt := range tests {
		if got := MatchGlob(tt.pattern, tt.rel); got != tt.want {
			t.Errorf("MatchGlob(%q, %q) = %v, want %v", tt.pattern, tt.rel, got, tt.want)
		}
	}
}
