package servecmd

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/buildcmd"
	"d6codex/cmd/sitegen/internal/layout/detect"
	"d6codex/cmd/sitegen/internal/watch"
)

// A tool's settings are read again on every rebuild, as serve recognises
// the layout once at its start: a quartz.config.ts that turns on
// ExplicitPublish keeps the notes without publish: true out of the very
// next build, and an edit of mdBook's SUMMARY.md reorders the book.
func TestServeRereadsSettings(t *testing.T) {
	for _, tt := range []struct {
		name       string
		files      map[string]string
		file, edit string
		page, gone string // an output page, and text it must lose
	}{
		{
			name: "quartz filters",
			files: map[string]string{
				"quartz.config.ts":      "export default { configuration: { pageTitle: \"Q\" }, plugins: { filters: [Plugin.RemoveDrafts()] } }\n",
				"content/index.md":      "---\ntitle: Home\npublish: true\n---\nHome.\n",
				"content/GM/Secrets.md": "The villain is the king.\n",
				"content/Rules/Dice.md": "---\npublish: true\n---\nRoll.\n",
			},
			file: "quartz.config.ts",
			edit: "export default { configuration: { pageTitle: \"Q\" }, plugins: { filters: [Plugin.ExplicitPublish()] } }\n",
			page: "GM/Secrets.html", gone: "The villain is the king.",
		},
		{
			name: "mdbook summary",
			files: map[string]string{
				"book.toml":      "[book]\ntitle = \"B\"\n",
				"src/SUMMARY.md": "- [One](one.md)\n- [Two](two.md)\n",
				"src/one.md":     "# One\n", "src/two.md": "# Two\n",
			},
			file: "src/SUMMARY.md",
			edit: "- [One](one.md)\n",
			page: "two.html", gone: "Two",
		},
		// "Create translation tables in the i18n directory"
		// (https://gohugo.io/functions/lang/translate/): hugo server
		// rebuilds on an edit of one, the project's or a theme's.
		{
			name: "hugo i18n table",
			files: map[string]string{
				"hugo.toml":                   "title = 'H'\ntheme = 't'\n",
				"layouts/shortcodes/w.html":   `<b>{{ i18n "k" }}|{{ i18n "t" }}</b>`,
				"i18n/en.toml":                "k = 'Old words'\n",
				"themes/t/i18n/en.toml":       "t = 'Theme words'\n",
				"themes/t/layouts/_default/x": "",
				"content/p.md":                "---\ntitle: P\n---\n{{< w >}}\n",
			},
			file: "i18n/en.toml",
			edit: "k = 'New words'\n",
			page: "p/index.html", gone: "Old words",
		},
		{
			name: "hugo theme's i18n table",
			files: map[string]string{
				"hugo.toml":                   "title = 'H'\ntheme = 't'\n",
				"layouts/shortcodes/w.html":   `<b>{{ i18n "k" }}|{{ i18n "t" }}</b>`,
				"i18n/en.toml":                "k = 'Old words'\n",
				"themes/t/i18n/en.toml":       "t = 'Theme words'\n",
				"themes/t/layouts/_default/x": "",
				"content/p.md":                "---\ntitle: P\n---\n{{< w >}}\n",
			},
			file: "themes/t/i18n/en.toml",
			edit: "t = 'Other theme words'\n",
			page: "p/index.html", gone: "Theme words",
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := t.TempDir()
			for rel, body := range tt.files {
				writeFile(t, src, rel, body)
			}
			f := buildcmd.Flags{Source: src, Dest: filepath.Join(t.TempDir(), "public"), BaseURL: "http://127.0.0.1:1313/"}
			opts := f.Options()
			opts.CacheDir = "-"
			lay, err := detect.Layout(src) // as serve does at its start
			if err != nil {
				t.Fatal(err)
			}
			opts.Layout = lay
			if w := watchFor(false, lay, src, opts.Dest); !w.Root && !slices.Contains(w.Names, strings.Split(tt.file, "/")[0]) {
				t.Errorf("serve does not watch %s: %v", tt.file, w.Names)
			}
			srv := &server{opts: opts, out: io.Discard, err: io.Discard, hub: newHub("test"), pending: map[string]kind{}}
			srv.rebuild(context.Background())
			page := filepath.Join(opts.Dest, filepath.FromSlash(tt.page))
			if b, err := os.ReadFile(page); err != nil || !strings.Contains(string(b), tt.gone) {
				t.Fatalf("first build: %s: %v", tt.page, err)
			}
			writeFile(t, src, tt.file, tt.edit)
			srv.apply(context.Background(), watch.Batch{{Path: tt.file, Op: watch.Write}})
			if b, err := os.ReadFile(page); err == nil && strings.Contains(string(b), tt.gone) {
				t.Errorf("after editing %s, %s still holds %q", tt.file, tt.page, tt.gone)
			}
		})
	}
}

// TestServeEnvironment: "The default environment for hugo is production,
// and for hugo server is development"
// (https://gohugo.io/getting-started/configuration/#configuration-directory):
// sitegen serve reads config/development/ unless --environment says
// otherwise (issue 32).
func TestServeEnvironment(t *testing.T) {
	for _, tt := range []struct{ flag, want string }{{"", "development"}, {"online", "online"}} {
		f := buildcmd.Flags{Source: t.TempDir(), Environment: tt.flag}
		if got := serveOptions(f).Environment; got != tt.want {
			t.Errorf("--environment %q: serve builds for %q, want %q", tt.flag, got, tt.want)
		}
	}
}
