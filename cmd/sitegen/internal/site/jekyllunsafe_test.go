package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestJekyllRawHTMLHint: sitegen removes raw HTML that is not safe to
// publish unless the site's settings keep it, and the warning names the
// setting in the editor's file: for a Jekyll site _config.yml, whose
// markup.goldmark.renderer.unsafe (Hugo's key, which site.toml reads too:
// Jekyll ignores keys it does not know, https://jekyllrb.com/docs/configuration/)
// keeps all raw HTML, as Jekyll publishes it. The hint named site.toml,
// a file a Jekyll site does not have (issue 32, session 13). Jekyll has
// no such setting ("kramdown … HTML blocks … output as is",
// https://kramdown.gettalong.org/syntax.html#html-blocks): the hint says
// the key is sitegen's, and the layout supplies it (eval12B NB3: a Hugo
// key named bare in a Jekyll site read as a mistake).
func TestJekyllRawHTMLHint(t *testing.T) {
	page := "---\ntitle: Home\n---\n<div onclick=\"x()\">Hi</div>\n"
	for _, tc := range []struct {
		name, config string
		warn         bool
	}{
		{"sanitized", "title: J\n", true},
		{"kept", "title: J\nmarkup:\n  goldmark:\n    renderer:\n      unsafe: true\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := t.TempDir()
			sitetest.WriteFiles(t, src, map[string]string{"_config.yml": tc.config, "index.md": page})
			dest := filepath.Join(t.TempDir(), "public")
			res, err := build(t, src, content.Options{Theme: theme, Dest: dest})
			if err != nil {
				t.Fatal(err)
			}
			var lines []string
			for _, d := range res.WarningList {
				lines = append(lines, d.String())
			}
			all := strings.Join(lines, "\n")
			want := "sitegen's key markup.goldmark.renderer.unsafe: true in _config.yml, which Jekyll ignores, keeps all raw HTML"
			if got := strings.Contains(all, want); got != tc.warn {
				t.Errorf("warning %q: %v, want %v; warnings:\n%s", want, got, tc.warn, all)
			}
			if strings.Contains(all, "site.toml") {
				t.Errorf("a warning names site.toml:\n%s", all)
			}
			b, err := os.ReadFile(filepath.Join(dest, "index.html"))
			if err != nil {
				t.Fatal(err)
			}
			if kept := strings.Contains(string(b), `onclick="x()"`); kept == tc.warn {
				t.Errorf("onclick kept: %v", kept)
			}
		})
	}
}
