package layout

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
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
	l.NoContent = true // issue 32, KB5: not "pages from content/" when there is none
	if got, want := l.Describe(), "Hugo site (hugo.toml): no content/ folder, no content pages, static files from static/, assets/; read title, baseURL"; got != want {
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
	// FolderAt: the same rule, at the place the layout knows the key is
	// written (a JavaScript settings file).
	if _, err := l.FolderAt(dir, "presets.docs.path", "git", 7, 9); err == nil ||
		!strings.HasPrefix(err.Error(), `hugo.toml:7:9: presets.docs.path: "git": symbolic link to .git, a hidden name`) {
		t.Errorf("FolderAt: %v", err)
	}
	if got, err := l.FolderAt(dir, "path", "./docs", 7, 9); got != "docs" || err != nil {
		t.Errorf("FolderAt(./docs) = %q, %v", got, err)
	}
}

// TestReadSetting: every settings file is read under the link rule of
// pages (issue 31, item 3): a link out of the source folder or to a
// hidden file in it is refused unread, and the error names the file, not
// what it holds; a named pipe or a file over MaxSettingBytes is refused
// too.
func TestReadSetting(t *testing.T) {
	const secret = "aws_access_key_id = AKIASECRET123"
	out := layouttest.Write(t, map[string]string{"credentials": "[default]\n" + secret + "\n"})
	dir := layouttest.Write(t, map[string]string{
		"real.toml": "title = \"T\"\n", ".env": secret + "\n", "big.toml": strings.Repeat("#", MaxSettingBytes+1),
		".obsidian/app.json": "{}",
	})
	for link, target := range map[string]string{
		"hugo.toml": filepath.Join(out, "credentials"), "config.toml": "real.toml", "site.toml": ".env",
		"_config.yml": "../" + filepath.Base(out) + "/credentials", ".obsidian/templates.json": "../.env",
	} {
		if err := os.Symlink(target, filepath.Join(dir, filepath.FromSlash(link))); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "mkdocs.yml"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ rel, err string }{
		{"config.toml", ""}, // a link inside
		{".obsidian/app.json", ""},
		{".obsidian/templates.json", ""}, // a hidden file named as one
		{"hugo.toml", "hugo.toml: symbolic link to " + out + "/credentials, outside the site folder: sitegen reads settings only from files inside it"},
		{"_config.yml", "_config.yml: symbolic link to "},
		{"site.toml", "site.toml: symbolic link to .env, a hidden name"},
		{"mkdocs.yml", "mkdocs.yml: read: not a regular file"},
		{"big.toml", "big.toml: longer than 4 MB"},
		{"missing.toml", "missing.toml: read: "},
	} {
		_, err := ReadSetting(dir, tt.rel)
		if tt.err == "" {
			if err != nil {
				t.Errorf("ReadSetting(%s): %v", tt.rel, err)
			}
			continue
		}
		var ce *ConfigError
		if !errors.As(err, &ce) || !strings.HasPrefix(err.Error(), tt.err) {
			t.Errorf("ReadSetting(%s) = %v, want %s…", tt.rel, err, tt.err)
		}
		if err != nil && strings.Contains(err.Error(), "AKIA") {
			t.Errorf("ReadSetting(%s) quotes the file: %v", tt.rel, err)
		}
		if _, derr := Decode(dir, tt.rel); derr == nil || derr.Error() != err.Error() {
			t.Errorf("Decode(%s) = %v, want ReadSetting's error", tt.rel, derr)
		}
	}
	if _, err := ReadSetting(dir, "missing.toml"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: %v, want fs.ErrNotExist", err)
	}
}

// TestGardenUnpublished: the Obsidian Digital Garden plugin
// (https://github.com/oleeskild/obsidian-digital-garden, README): "Only
// notes you explicitly mark with dg-publish: true ever leave your vault."
func TestGardenUnpublished(t *testing.T) {
	for _, tc := range []struct {
		meta map[string]any
		want string
		sets bool
	}{
		{meta: map[string]any{"dg-publish": true}, sets: true},
		{meta: map[string]any{"dg-publish": "True"}, sets: true},
		{meta: map[string]any{"dg-publish": false}, want: GardenFalse, sets: true},
		{meta: map[string]any{"dg-publish": nil}, want: GardenMissing, sets: true},
		{meta: map[string]any{"dg-home": true}, want: GardenMissing, sets: true},
		{meta: map[string]any{"publish": true}, want: GardenMissing},
		{meta: map[string]any{}, want: GardenMissing},
	} {
		if got := GardenUnpublished(tc.meta); got != tc.want {
			t.Errorf("GardenUnpublished(%v) = %q, want %q", tc.meta, got, tc.want)
		}
		if got := SetsGarden(tc.meta); got != tc.sets {
			t.Errorf("SetsGarden(%v) = %v, want %v", tc.meta, got, tc.sets)
		}
	}
}
