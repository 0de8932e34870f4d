package layout

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

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

// TestFolder: a folder a setting names is published from only when it is
// inside the source folder, holds no hidden name and goes through no link
// out of it or to a hidden name (issue 31, items 1 and 2); the error is at
// the setting's line.
func TestFolder(t *testing.T) {
	dir := layouttest.Write(t, map[string]string{
		"hugo.toml": "title = \"H\"\n\n  staticDir = [\"x\"]\n\"contentDir\": 1\n",
		"docs/a.md": "", ".git/config": "", "book/": "",
	})
	out := t.TempDir()
	for link, target := range map[string]string{"lnk": out, "git": ".git", "in": "docs"} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	l := &Layout{File: "hugo.toml"}
	for _, tt := range []struct {
		key, value, want, err string
	}{
		{key: "staticDir", value: "", want: ""},
		{key: "staticDir", value: "./docs/", want: "docs"},
		{key: "staticDir", value: "in", want: "in"},
		{key: "staticDir", value: "missing", want: "missing"},
		{key: "staticDir", value: "../x", err: `hugo.toml:3:3: staticDir: "../x" is outside the site folder`},
		{key: "staticDir", value: "/etc", err: `hugo.toml:3:3: staticDir: "/etc" is outside the site folder`},
		{key: "staticDir", value: ".git", err: `hugo.toml:3:3: staticDir: ".git" is a hidden name`},
		{key: "staticDir", value: "book/.private/x", err: `hugo.toml:3:3: staticDir: ".private" is a hidden name`},
		{key: "staticDir", value: "lnk", err: `hugo.toml:3:3: staticDir: "lnk": symbolic link to ` + out + `, outside`},
		{key: "contentDir", value: "lnk/notes", err: `hugo.toml:4:1: contentDir: "lnk/notes": lnk is a symbolic link to `},
		{key: "contentDir", value: "git", err: `hugo.toml:4:1: contentDir: "git": symbolic link to .git, a hidden name`},
		{key: "nowhere", value: ".git", err: `hugo.toml: nowhere: ".git" is a hidden name`},
	} {
		got, err := l.Folder(dir, tt.key, tt.value)
		if tt.err == "" {
			if err != nil || got != tt.want {
				t.Errorf("Folder(%q) = %q, %v, want %q", tt.value, got, err, tt.want)
			}
			continue
		}
		var ce *ConfigError
		if !errors.As(err, &ce) || !strings.HasPrefix(err.Error(), tt.err) {
			t.Errorf("Folder(%q) = %q, %v, want %s…", tt.value, got, err, tt.err)
		}
	}
}
