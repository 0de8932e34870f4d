package site

import "testing"

// TestHugoBuildOptionsInSettings: "By default, draft pages are not
// published when building a site. You can change this behavior with a
// command line flag: hugo --buildDrafts. Or by setting buildDrafts to
// true in your site configuration"
// (https://gohugo.io/methods/site/builddrafts/); buildFuture and
// buildExpired are the same settings for a date in the future and an
// expiryDate in the past (hugo --buildFuture, --buildExpired). Hugo 0.111
// measured on northcoder-repo/hugo_i18n_demo with buildDrafts = true: its
// draft pages are published.
func TestHugoBuildOptionsInSettings(t *testing.T) {
	pages := map[string]string{
		"content/_index.md":  "---\ntitle: Home\n---\n",
		"content/draft.md":   "---\ntitle: Draft\ndraft: true\n---\n",
		"content/future.md":  "---\ntitle: Future\ndate: 2999-01-01\n---\n",
		"content/expired.md": "---\ntitle: Expired\nexpiryDate: 2000-01-01\n---\n",
	}
	for _, tc := range []struct {
		name, settings string
		published      map[string]bool
	}{
		{"none", "", map[string]bool{"draft": false, "future": false, "expired": false}},
		{"buildDrafts", "buildDrafts = true\n", map[string]bool{"draft": true, "future": false, "expired": false}},
		{"buildFuture and buildExpired", "buildFuture = true\nbuildExpired = true\n", map[string]bool{"draft": false, "future": true, "expired": true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"hugo.toml": "baseURL = 'https://x.test/'\ntitle = 'T'\n" + tc.settings}
			for k, v := range pages {
				files[k] = v
			}
			out, _ := buildFolder(t, files)
			for page, want := range tc.published {
				if _, got := out[page+"/index.html"]; got != want {
					t.Errorf("%s published: %v, want %v", page, got, want)
				}
			}
		})
	}
}
