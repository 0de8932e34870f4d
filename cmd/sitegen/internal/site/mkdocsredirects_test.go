package site

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestMkDocsRedirectMaps: the mkdocs-redirects plugin's redirect_maps
// ("The redirect map should be in the form of: 'old.md': 'index.md'",
// https://github.com/mkdocs/mkdocs-redirects). Its on_post_build writes
// get_html_path(page_old, use_directory_urls) — MkDocs' File.dest_path,
// old/index.html, or old.html with use_directory_urls: false — as a
// redirect to the new page when "page_new_without_hash in
// self.doc_pages", and logs "Redirect target '%s' does not exist!"
// otherwise. 0install/docs maps 15 old pages so; sitegen made none.
// The plugin is not packaged by Debian: these are its source's rules,
// not a run of it.
func TestMkDocsRedirectMaps(t *testing.T) {
	maps := "plugins:\n  - search\n  - redirects:\n      redirect_maps:\n" +
		"        old.md: new.md\n" +
		"        rules/old-combat.md: rules/combat.md#rounds\n" +
		"        gone.md: nowhere.md\n" +
		"        forum.md: https://example.org/forum\n"
	for _, tt := range []struct {
		name, yml string
		want      map[string]string // redirect file → the page it leads to
	}{
		{"use_directory_urls", "", map[string]string{"old/index.html": "/new/", "rules/old-combat/index.html": "/rules/combat/"}},
		{"use_directory_urls: false", "use_directory_urls: false\n", map[string]string{"old.html": "/new.html", "rules/old-combat.html": "/rules/combat.html"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := t.TempDir()
			sitetest.WriteFiles(t, src, map[string]string{
				"mkdocs.yml":           "site_name: M\n" + tt.yml + maps,
				"docs/index.md":        "# Home\n",
				"docs/new.md":          "# New\n",
				"docs/rules/combat.md": "# Combat\n\n## Rounds\n",
			})
			dest := filepath.Join(t.TempDir(), "public")
			res, err := build(t, src, content.Options{Theme: theme, Dest: dest})
			if err != nil {
				t.Fatalf("build: %v", err)
			}
			out := readTree(t, dest)
			for file, to := range tt.want {
				if !strings.Contains(out[file], `http-equiv="refresh" content="0; url=`+to+`"`) {
					t.Errorf("%s: no redirect to %s:\n%.400s", file, to, out[file])
				}
			}
			for file := range out {
				if strings.HasPrefix(file, "gone") || strings.HasPrefix(file, "forum") {
					t.Errorf("%s written: no redirect out of the site or to no page", file)
				}
			}
			notes := strings.Join(res.Notes, "\n")
			shift := strings.Count(tt.yml, "\n")
			for _, want := range []string{fmt.Sprintf(`mkdocs.yml:%d: plugin redirects: redirect_maps "gone.md" = "nowhere.md": no such page in docs_dir`, 8+shift),
				fmt.Sprintf(`mkdocs.yml:%d: plugin redirects: redirect_maps "forum.md" = "https://example.org/forum" leads out of the site`, 9+shift)} {
				if !strings.Contains(notes, want) {
					t.Errorf("no note %s:\n%s", want, notes)
				}
			}
			if strings.Contains(notes, "plugin redirects not implemented") {
				t.Errorf("redirects still said not implemented:\n%s", notes)
			}
		})
	}
}
