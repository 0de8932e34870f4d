package site

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestDocusaurusJSONFeed: the blog plugin's "feedOptions.type: Type of
// feed to be generated. Use null to disable generation", one of "'rss' |
// 'atom' | 'json' | 'all'"
// (https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-blog#FeedOptions):
// 'json' writes feed.json at the blog's URL ("/blog/feed.json",
// https://docusaurus.io/docs/blog#feed), a JSON Feed
// (https://www.jsonfeed.org/version/1/: "version (required, string) is
// the URL of the version of the format the feed uses", "items (required,
// array)", each with "id (required, string)", and "content_html and
// content_text are each optional strings — but one or both must be
// present"), as Docusaurus's feed library writes it (version
// "https://jsonfeed.org/version/1", title, home_page_url, description;
// each item's id and url the post's address, title, summary,
// date_modified), newest first; 'all' writes it beside rss.xml and
// atom.xml. A link to it is good.
func TestDocusaurusJSONFeed(t *testing.T) {
	for _, tc := range []struct {
		typ   string
		files []string
	}{
		{"'json'", []string{"blog/feed.json"}},
		{"'all'", []string{"blog/feed.json", "blog/rss.xml", "blog/atom.xml"}},
	} {
		t.Run(tc.typ, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, map[string]string{
				"docusaurus.config.js": "module.exports = {title: 'T', url: 'https://example.org', baseUrl: '/',\n" +
					"  presets: [['classic', {blog: {feedOptions: {type: " + tc.typ + ", description: 'News of T'}}}]]};\n",
				"src/pages/index.md":              "# Home\n\nThe [JSON feed](/blog/feed.json).\n",
				"docs/intro.md":                   "# Intro\n",
				"blog/2024-05-01-first-post.md":   "---\ntitle: First post\ndescription: The first.\n---\nHello.\n",
				"blog/2024-06-02-second/index.md": "---\nslug: second\ntitle: Second post\n---\nAgain.\n",
			})
			out := filepath.Join(t.TempDir(), "out")
			if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
				t.Fatalf("build: %v", err)
			}
			files := readTree(t, out)
			for _, f := range tc.files {
				if _, ok := files[f]; !ok {
					t.Errorf("%s not written", f)
				}
			}
			if strings.Contains(tc.typ, "json") {
				for _, f := range []string{"blog/rss.xml", "blog/atom.xml"} {
					if _, ok := files[f]; ok {
						t.Errorf("%s written for type %s", f, tc.typ)
					}
				}
			}
			var feed struct {
				Version     string `json:"version"`
				Title       string `json:"title"`
				HomePageURL string `json:"home_page_url"`
				Description string `json:"description"`
				Items       []struct {
					ID           string  `json:"id"`
					URL          string  `json:"url"`
					Title        string  `json:"title"`
					Summary      string  `json:"summary"`
					DateModified string  `json:"date_modified"`
					ContentHTML  *string `json:"content_html"`
					ContentText  *string `json:"content_text"`
				} `json:"items"`
			}
			if err := json.Unmarshal([]byte(files["blog/feed.json"]), &feed); err != nil {
				t.Fatalf("blog/feed.json: %v\n%s", err, files["blog/feed.json"])
			}
			if feed.Version != "https://jsonfeed.org/version/1" || feed.Title != "T Blog" || feed.HomePageURL != "https://example.org/blog/" ||
				feed.Description != "News of T" || len(feed.Items) != 2 {
				t.Fatalf("feed.json = %s", files["blog/feed.json"])
			}
			want := []struct{ id, title, summary, date string }{
				{"https://example.org/blog/second/", "Second post", "Again.", "2024-06-02T00:00:00.000Z"},
				{"https://example.org/blog/2024/05/01/first-post/", "First post", "The first.", "2024-05-01T00:00:00.000Z"},
			}
			for i, w := range want {
				it := feed.Items[i]
				if it.ID != w.id || it.URL != w.id || it.Title != w.title || it.Summary != w.summary || it.DateModified != w.date ||
					it.ContentHTML == nil && it.ContentText == nil {
					t.Errorf("item %d = %+v, want %+v and content", i, it, w)
				}
			}
		})
	}
}
