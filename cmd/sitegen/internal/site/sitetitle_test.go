package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestFallbackTitle: the site's title where no setting gives one.
// sitegen's own layout takes its home page's title (eval5A JA5: a
// repository of notes with content/ was titled "Untitled" where its
// content/index.md says "title: Welcome to the anthopedia!"). Another
// layout's git checkout takes its repository's name from the origin
// remote, as GitHub Pages does for a site without a title ("site.title
// … falls back to the repository name", jekyll-github-metadata,
// https://github.com/jekyll/github-metadata/blob/main/docs/site.github.md;
// eval5B JB5: "raveious+DnD-character-sheets", the checkout's folder,
// where GitHub Pages shows "DnD-character-sheets"); else its folder's
// name. A title the settings give wins over both.
func TestFallbackTitle(t *testing.T) {
	for _, tc := range []struct {
		name    string
		files   map[string]string
		gitConf string // .git/config, "" for no .git
		want    string // "" for the folder's name
	}{
		{"sitegen: home front matter", map[string]string{"content/index.md": "---\ntitle: Welcome to the anthopedia!\ntags:\n---\nText.\n"}, "", "Welcome to the anthopedia!"},
		{"sitegen: home heading", map[string]string{"content/_index.md": "\n# The Rules #\n\nText.\n"}, "", "The Rules"},
		{"sitegen: nothing", map[string]string{"content/_index.md": "Text.\n\n# Late heading\n"}, "", "Untitled"},
		{"sitegen: site.toml wins", map[string]string{"site.toml": "title = \"Set\"\n", "content/_index.md": "---\ntitle: Home\n---\n"}, "", "Set"},
		{"jekyll: origin https", map[string]string{"_config.yml": "theme: minima\n", "index.md": "---\n---\nHi.\n"},
			"[core]\n\tbare = false\n[remote \"upstream\"]\n\turl = https://github.com/other/Nope.git\n[remote \"origin\"]\n\turl = https://github.com/raveious/DnD-character-sheets.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n", "DnD-character-sheets"},
		{"folder: origin ssh", map[string]string{"README.md": "# Read me\n"}, "[remote \"origin\"]\n\turl = git@github.com:grimlucis/rpg-hack\n", "rpg-hack"},
		{"folder: no origin", map[string]string{"README.md": "# Read me\n"}, "[core]\n\tbare = false\n", ""},
		// A clone of a folder on the same machine names no repository
		// anyone publishes: its last segment ("repo", "src") is no name.
		{"folder: origin a local path", map[string]string{"README.md": "# Read me\n"}, "[remote \"origin\"]\n\turl = /srv/mirror/Owner+Rules/repo\n", ""},
		{"folder: origin file URL", map[string]string{"README.md": "# Read me\n"}, "[remote \"origin\"]\n\turl = file:///srv/mirror/repo.git\n", ""},
		{"folder: origin Windows path", map[string]string{"README.md": "# Read me\n"}, "[remote \"origin\"]\n\turl = C:\\\\src\\\\repo\n", ""},
		{"folder: origin ssh URL", map[string]string{"README.md": "# Read me\n"}, "[remote \"origin\"]\n\turl = ssh://git@git.example:2222/team/Rules-SRD.git\n", "Rules-SRD"},
		{"jekyll: title wins", map[string]string{"_config.yml": "title: Sheets\n", "index.md": "---\n---\nHi.\n"}, "[remote \"origin\"]\n\turl = https://github.com/raveious/DnD-character-sheets.git\n", "Sheets"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			files := tc.files
			if _, ok := files["site.toml"]; !ok && files["content/index.md"]+files["content/_index.md"] != "" {
				files["static/css/site.css"] = "body{}\n"
			}
			sitetest.WriteFiles(t, dir, files)
			if tc.gitConf != "" {
				if err := os.MkdirAll(filepath.Join(dir, ".git"), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, ".git", "config"), []byte(tc.gitConf), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want := tc.want
			if want == "" {
				want = filepath.Base(dir)
			}
			dest := filepath.Join(t.TempDir(), "out")
			if _, err := build(t, dir, content.Options{Theme: theme, Dest: dest, BrokenLinks: "warn"}); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(filepath.Join(dest, "index.html"))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(b), `class="site-title" href="/">`+want+`</a>`) {
				_, got, _ := strings.Cut(string(b), `class="site-title"`)
				got, _, _ = strings.Cut(got, "</a>")
				t.Errorf("site title %q, want %q", got, want)
			}
		})
	}
}

// TestFallbackTitleCached: the title an untitled site takes from its home
// page (TestFallbackTitle) is the same when the home page is reused from
// the build cache, and follows an edit of the home page's title.
func TestFallbackTitleCached(t *testing.T) {
	r := newCacheRun(t, map[string]string{
		"content/_index.md":   "# The Rules\n\nText.\n",
		"content/a.md":        "# A\n",
		"static/css/site.css": "body{}\n",
	})
	for _, step := range []struct{ home, want string }{
		{"", "The Rules"},
		{"", "The Rules"}, // the home page from the cache
		{"---\ntitle: Edited\n---\nText.\n", "Edited"},
		{"Text.\n", "Untitled"},
	} {
		if step.home != "" {
			sitetest.WriteFiles(t, r.opts.Source, map[string]string{"content/_index.md": step.home})
		}
		r.build(t)
		b, err := os.ReadFile(filepath.Join(r.opts.Dest, "a", "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), `class="site-title" href="/">`+step.want+`</a>`) {
			_, got, _ := strings.Cut(string(b), `class="site-title"`)
			got, _, _ = strings.Cut(got, "</a>")
			t.Errorf("site title %q, want %q", got, step.want)
		}
	}
}
