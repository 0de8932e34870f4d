package site

import (
	"context"
	"reflect"
	"regexp"
	"strconv"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// askEdits are saves made one after another, each followed by a check.
type askEdits struct {
	name  string
	files map[string]string
	steps []map[string]string // path -> new text ("" removes it)
}

// askCases are saves whose effect on other pages a build or an Update
// that asks only what can have changed (content.Site.Asking) could miss:
// a link's answer that leads to a file, a title or heading another page
// links to, a page gone, Docusaurus's cards (one answer reading several
// pages' titles and order), a new link (another page's "Linked from").
var askCases = []askEdits{
	{"vault", map[string]string{
		".obsidian/app.json": "{}\n",
		"A.md":               "See [[B]] and ![[pic.png]].\n",
		"B.md":               "# B\n\n## Part\n\nText ^blk\n",
		"C.md":               "[[B#Part]] and [[B#^blk]] and [[D]].\n",
		"D.md":               "---\naliases: [Dee]\n---\nD text.\n",
		"E.md":               "[[Dee]] [[A]]\n",
		"pic.png":            "picture 1",
	}, []map[string]string{
		{"A.md": "See [[B]] and [[C]] and ![[pic.png]].\n"},    // C's "Linked from"
		{"pic.png": "picture 2"},                               // the file A embeds
		{"B.md": "# B\n\n## Section\n\nText ^blk\n"},           // C's link to #Part broken
		{"B.md": "# B\n\n## Section\n\nText ^other\n"},         // C's link to ^blk broken
		{"D.md": "---\naliases: [Dea]\n---\nD text.\n"},        // E's link by the old alias
		{"D.md": "---\naliases: [Dee]\ntitle: Dee\n---\nD.\n"}, // a title
		{"A.md": ""},                         // E's link to A broken
		{"A.md": "Back again, see [[E]].\n"}, // and back
	}},
	{"docusaurus", map[string]string{
		"docusaurus.config.js": "module.exports = {title: 'Guild', url: 'https://x.test', baseUrl: '/'};\n",
		"docs/intro.md":        "# Intro\n\nSee [Bee](rules/02-bee.md).\n",
		"docs/rules/index.mdx": "import DocCardList from '@theme/DocCardList';\n\n# Rules\n\n<DocCardList />\n",
		"docs/rules/02-bee.md": "# Bee\n",
		"docs/rules/01-ay.md":  "---\nsidebar_label: Ay!\n---\n# Ay\n\n<DocCardList />\n",
	}, []map[string]string{
		{"docs/rules/01-ay.md": "---\nsidebar_label: Aye\n---\n# Ay\n\n<DocCardList />\n"}, // a card's label
		{"docs/rules/02-bee.md": "---\nsidebar_position: 0\n---\n# Bee\n"},                 // the cards' order
		{"docs/rules/02-bee.md": "# Bumble\n"},                                             // a title others link to
	}},
	{"jekyll", map[string]string{
		"_config.yml": "title: SRD\nurl: https://srd.test\n",
		"index.md":    "---\ntitle: Home\nnav_order: 1\n---\n\nSee [Two](two.md).\n",
		"one.md":      "---\ntitle: One\nnav_order: 2\n---\n\nOne.\n",
		"two.md":      "---\ntitle: Two\nnav_order: 3\n---\n\nTwo, after [One](one.md).\n",
	}, []map[string]string{
		{"one.md": "---\ntitle: Uno\nnav_order: 2\n---\n\nOne.\n"}, // the navigation of others
		{"one.md": "---\ntitle: Uno\nnav_order: 4\n---\n\nOne.\n"}, // its place
		{"one.md": ""}, // gone
	}},
}

// TestCachedBuildAsksWhatChanged: a build from the cache asks again only
// the answers that can differ (content.Site.Asking), and after each save
// of askCases publishes what a build without a cache publishes.
func TestCachedBuildAsksWhatChanged(t *testing.T) {
	reused := regexp.MustCompile(`^build cache: (\d+) of`)
	for _, tc := range askCases {
		t.Run(tc.name, func(t *testing.T) {
			r := newCacheRun(t, tc.files)
			r.build(t)
			some := false
			for i, edits := range tc.steps {
				edit(t, r.opts.Source, edits)
				res := r.build(t) // compared with a build without a cache
				if m := reused.FindStringSubmatch(res.Cache); m != nil && m[1] != "0" {
					some = true
				}
				if t.Failed() {
					t.Fatalf("after step %d (%q)", i, res.Cache)
				}
			}
			if !some {
				t.Errorf("no build reused a page's text: the cache was not used")
			}
		})
	}
}

// TestUpdateAsksWhatChanged: the same saves, each an Update of serve's,
// whose output is that of a build from nothing (updateRun.update).
func TestUpdateAsksWhatChanged(t *testing.T) {
	for _, tc := range askCases {
		for _, keep := range []bool{true, false} {
			t.Run(tc.name+"/incremental="+strconv.FormatBool(keep), func(t *testing.T) {
				src := t.TempDir()
				sitetest.WriteFiles(t, src, tc.files)
				r := startUpdates(t, content.Options{Source: src, Theme: theme, BrokenLinks: "warn"}, keep)
				for i, edits := range tc.steps {
					r.update(t, edits)
					if t.Failed() {
						t.Fatalf("after step %d", i)
					}
				}
			})
		}
	}
}

// TestCacheKeepsDigest: the index read back (its log applied) holds the
// digest of the model of the build that wrote it, whether the build
// appended to the log (a body edited) or wrote the index whole.
func TestCacheKeepsDigest(t *testing.T) {
	g := newGenSite(3, 12, false)
	r := newCacheRun(t, g.files())
	for step := range 6 {
		if step > 0 {
			edits, what := g.step()
			t.Logf("step %d: %s", step, what)
			edit(t, r.opts.Source, edits)
		}
		s, res, err := BuildSite(context.Background(), r.opts)
		if err != nil {
			t.Fatal(err)
		}
		if res.Cleanup != nil {
			res.Cleanup()
		}
		ix, _, _, err := readCacheIndex(cacheFileOf(t, r))
		if err != nil {
			t.Fatal(err)
		}
		if want := s.DigestOf(s.Model); !reflect.DeepEqual(ix.Digest, want) {
			t.Fatalf("step %d: the index's digest is\n%+v\nwant\n%+v", step, ix.Digest, want)
		}
	}
}
