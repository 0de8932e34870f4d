package layout

import "testing"

func TestSkip(t *testing.T) {
	l := &Layout{ExcludePrefix: "_", ExcludeNames: []string{"node_modules"}, Excluded: []string{"Templates"},
		ExcludeGlobs: []string{"*.gemspec", "docs/drafts/*"}, Include: []string{"_redirects"}}
	tests := []struct {
		rel  string
		dir  bool
		want bool
	}{
		{"_site", true, true},
		{"_config.yml", false, true},
		{"_redirects", false, false},      // include: wins over the prefix
		{"a/_partial.md", false, true},    // at any depth
		{"a/node_modules", true, true},    // a name at any depth
		{"Templates", true, true},         // a path from the root
		{"Templates/x.md", false, true},   // and all it holds
		{"a/Templates", true, false},      // only that path
		{"theme.gemspec", false, true},    // a glob on the name
		{"docs/drafts/x.md", false, true}, // a glob on the path
		{"rules/combat.md", false, false},
	}
	for _, tt := range tests {
		if got := l.Skip(tt.rel, tt.dir); got != tt.want {
			t.Errorf("Skip(%q) = %v, want %v", tt.rel, got, tt.want)
		}
	}
}

func TestCleanRel(t *testing.T) {
	for in, want := range map[string]string{"docs": "docs", "./docs/": "docs", "../x": "", "/etc": "", ".": ".", "": "", `a\b`: "a/b", " src ": "src"} {
		if got := CleanRel(in); got != want {
			t.Errorf("CleanRel(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDescribe(t *testing.T) {
	l := &Layout{Kind: Hugo, File: "hugo.toml", Content: "content", Static: []string{"static", "assets"}, Read: []string{"title", "baseURL"}}
	want := "Hugo site (hugo.toml): pages from content/, static files from static/, assets/; read title, baseURL"
	if got := l.Describe(); got != want {
		t.Errorf("Describe() = %q, want %q", got, want)
	}
	if got, want := Folder().Describe(), "folder of Markdown: pages from the folder itself"; got != want {
		t.Errorf("Folder().Describe() = %q, want %q", got, want)
	}
}
