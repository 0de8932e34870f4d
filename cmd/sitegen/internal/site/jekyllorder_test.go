package site

import (
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestJekyllCollectionOrderNav checks that the navigation lists a
// collection's documents in the collection's own order, where the site's
// layouts (not just-the-docs) loop over site.LABEL, which Jekyll orders
// by the collection's order: ("You can also manually order the documents
// by setting an order metadata with the filenames listed in the desired
// order […] If a document's filepath doesn't comply with the list, then
// it'll be placed immediately after the documents that comply",
// https://jekyllrb.com/docs/collections/#manual-ordering) or sort_by:
// ("The documents are arranged in the increasing order of the key's
// value. If a document does not have the front matter key defined, then
// that document is placed immediately after sorted documents",
// https://jekyllrb.com/docs/collections/#sort-by-front-matter-key).
// just-the-docs' sidebar sorts a collection's documents again, by
// nav_order then title (_includes/components/nav/sorted.html): there the
// order is the titles'.
func TestJekyllCollectionOrderNav(t *testing.T) {
	pages := map[string]string{
		"index.md":           "---\ntitle: Home\n---\n",
		"_rules/aardvark.md": "---\ntitle: Aardvark\n---\n",
		"_rules/beta.md":     "---\ntitle: Beta\n---\n",
		"_rules/mid.md":      "---\ntitle: Mid\n---\n",
		"_rules/zeta.md":     "---\ntitle: Zeta\n---\n",
		"_spells/fire.md":    "---\ntitle: Fire\nlevel: 3\n---\n",
		"_spells/light.md":   "---\ntitle: Light\nlevel: 0\n---\n",
		"_spells/wish.md":    "---\ntitle: Wish\nlevel: 9\n---\n",
		"_spells/a-none.md":  "---\ntitle: Aanone\n---\n",
	}
	const colls = "collections:\n  rules:\n    output: true\n    order: [zeta.md, beta.md, missing.md]\n  spells:\n    output: true\n    sort_by: level\n"
	for _, tt := range []struct {
		config string
		order  []string // the documents' links in the sidebar
	}{
		{"title: J\n" + colls, []string{"/rules/zeta.html", "/rules/beta.html", "/rules/aardvark.html", "/rules/mid.html",
			"/spells/light.html", "/spells/fire.html", "/spells/wish.html", "/spells/a-none.html"}},
		{"title: J\ntheme: just-the-docs\njust_the_docs:\n  collections:\n    rules: {}\n    spells: {}\n" + colls,
			[]string{"/rules/aardvark.html", "/rules/beta.html", "/rules/mid.html", "/rules/zeta.html",
				"/spells/a-none.html", "/spells/fire.html", "/spells/light.html", "/spells/wish.html"}},
	} {
		src := t.TempDir()
		files := maps.Clone(pages)
		files["_config.yml"] = tt.config
		sitetest.WriteFiles(t, src, files)
		dest := filepath.Join(t.TempDir(), "out")
		if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
			t.Fatal(err)
		}
		raw, err := os.ReadFile(filepath.Join(dest, "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		html := string(raw)
		last := -1
		for _, u := range tt.order {
			i := strings.Index(html, `href="`+u+`"`)
			if i < 0 || i < last {
				t.Errorf("%q: the sidebar does not list %v in that order (%s at %d, after %d)", tt.config, tt.order, u, i, last)
				break
			}
			last = i
		}
	}
}

// TestJekyllCollectionTieNav checks the navigation's order of the
// documents a collection's order: does not list, or whose sort_by:
// values are equal: Jekyll 4.3 orders them by Document#<=> (date, then
// path: rearrange_docs!'s "docs.sort", sort_docs_by_key!'s "Fall back to
// `Document#<=>` if the properties were equal or were non-sortable"),
// not by title. jekyll build 4.3 of the first collection, with
// "{% for d in site.spells %}{{ d.title }};{% endfor %}", gives
// "Mid;Zeta;Alpha;Old;", and of the second "Base;Zenith;Apex;" (an
// undated document and a dated one compare by path).
func TestJekyllCollectionTieNav(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"_config.yml":  "title: T\ncollections:\n  spells:\n    output: true\n    order:\n      - c.md\n  feats:\n    output: true\n    sort_by: tier\n",
		"index.md":     "---\ntitle: Home\n---\n",
		"_spells/a.md": "---\ntitle: Zeta\n---\nz\n",
		"_spells/b.md": "---\ntitle: Alpha\n---\na\n",
		"_spells/c.md": "---\ntitle: Mid\n---\nm\n",
		"_spells/d.md": "---\ntitle: Old\ndate: 2001-01-01\n---\no\n",
		"_feats/x.md":  "---\ntitle: Apex\ntier: 2\n---\n",
		"_feats/y.md":  "---\ntitle: Zenith\ntier: 1\ndate: 2020-05-01\n---\n",
		"_feats/z.md":  "---\ntitle: Base\ntier: 1\ndate: 2019-05-01\n---\n",
	})
	dest := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(dest, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	html := string(raw)
	order := []string{"/spells/c.html", "/spells/a.html", "/spells/b.html", "/spells/d.html",
		"/feats/z.html", "/feats/y.html", "/feats/x.html"}
	last := -1
	for _, u := range order {
		i := strings.Index(html, `href="`+u+`"`)
		if i < 0 || i < last {
			t.Errorf("the sidebar does not list %v in that order (%s at %d, after %d):\n%s", order, u, i, last, html)
			break
		}
		last = i
	}
}
