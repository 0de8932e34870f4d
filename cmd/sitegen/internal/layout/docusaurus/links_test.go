package docusaurus

import "testing"

func TestRelPath(t *testing.T) {
	for _, tt := range []struct{ from, to, want string }{
		{".", "a/b.md", "a/b.md"},
		{"a", "a/b.md", "b.md"},
		{"a/c", "a/b.md", "../b.md"},
		{"blog", "docs/x.md", "../docs/x.md"},
		{"docs/4. Rules", "docs/5. Magic/s.md", "../5. Magic/s.md"},
	} {
		if got := relPath(tt.from, tt.to); got != tt.want {
			t.Errorf("relPath(%q, %q) = %q, want %q", tt.from, tt.to, got, tt.want)
		}
	}
}
