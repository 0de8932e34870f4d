package mdbook

import (
	"errors"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestSettingsRefused: book.toml and SUMMARY.md are read through
// layout.ReadSetting, and book.src is checked by layout.Layout.Folder
// (issue 31, items 1-3): a settings file linked out of the source is
// refused unread, so that no error quotes it and no title is taken from
// it; a src that is hidden, outside, or reached through a link out is an
// error at src's line.
func TestSettingsRefused(t *testing.T) {
	const secret = "AKIASECRET123"
	out := layouttest.Write(t, map[string]string{
		"book.toml":        "[book]\ntitle = \"" + secret + "\"\n",
		"SUMMARY.md":       "- [" + secret + "](a.md)\n- " + secret + "\n",
		"files/SUMMARY.md": "- [" + secret + "](a.md)\n",
		"files/a.md":       secret,
	})
	tests := []struct {
		name  string
		files map[string]string
		links map[string]string // path -> target; "OUT/" starts a path in a folder outside the source
		err   string
	}{
		{"book.toml linked out", map[string]string{"src/SUMMARY.md": "- [A](a.md)\n"}, map[string]string{"book.toml": "OUT/book.toml"},
			"book.toml: symbolic link to OUT/book.toml, outside the site folder: sitegen reads settings only from files inside it"},
		{"SUMMARY.md linked out", map[string]string{"book.toml": "", "src/a.md": ""}, map[string]string{"src/SUMMARY.md": "OUT/SUMMARY.md"},
			"src/SUMMARY.md: symbolic link to OUT/SUMMARY.md, outside the site folder: sitegen reads settings only from files inside it"},
		{"src .git", map[string]string{"book.toml": "[book]\nsrc = \".git\"\n", ".git/SUMMARY.md": "- [A](a.md)\n"}, nil,
			`book.toml:2:1: src: ".git" is a hidden name: sitegen never publishes hidden files or folders`},
		{"src outside", map[string]string{"book.toml": "[book]\nsrc = \"../x\"\n"}, nil,
			`book.toml:2:1: src: "../x" is outside the site folder`},
		{"src linked out", map[string]string{"book.toml": "[book]\nsrc = \"book\"\n"}, map[string]string{"book": "OUT/files"},
			`book.toml:2:1: src: "book": symbolic link to OUT/files, outside the site folder`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := layouttest.Write(t, tt.files)
			layouttest.Link(t, dir, out, tt.links)
			l, err := Recognise(dir)
			want := strings.ReplaceAll(tt.err, "OUT/", out+"/")
			var ce *layout.ConfigError
			if !errors.As(err, &ce) || !strings.HasPrefix(err.Error(), want) {
				t.Fatalf("Recognise = %+v, %v; want %s…", l, err, want)
			}
			if strings.Contains(err.Error(), secret) {
				t.Errorf("the error quotes the file: %v", err)
			}
		})
	}
}
