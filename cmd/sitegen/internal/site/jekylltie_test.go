package site

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestJekyllNavTies: the order just-the-docs gives siblings that one
// sort key does not tell apart, and titles that are numbers. Its
// _includes/components/nav/sorted.html: "Sibling pages with the same
// nav_order value may be shown in any order. Sibling pages with no
// nav_order value are shown after all pages that have explicit nav_order
// values, ordered by their title values. … we sort numbers and strings
// separately. We sort numbers by their values, and strings
// lexicographically. The case-sensitivity of string sorting is
// determined by the configuration setting of nav_sort"
// (https://github.com/just-the-docs/just-the-docs/blob/main/_includes/components/nav/sorted.html;
// "if site.nav_sort == 'case_insensitive'" sort_natural, else sort: no
// nav_sort is case-sensitive, as https://just-the-docs.com/docs/navigation/main/order/
// says: "By default, all Capital letters come before all lowercase
// letters"). "Any order" is, with Jekyll 4.3 here, site.html_pages'
// order, which Reader#sort_files! sorts by file name
// ("site.pages.sort_by!(&:name)"), kept by Ruby's stable sort; Liquid's
// sort_natural compares with casecmp, which folds ASCII letters only.
// The wanted orders are jekyll build 4.3's with the theme's sorted.html.
func TestJekyllNavTies(t *testing.T) {
	pages := map[string]string{
		"index.md": "---\ntitle: Home\nnav_order: 0\n---\nHi.\n",
		"a.md":     "---\ntitle: Zeta\nnav_order: 1\n---\nx\n", // one nav_order: by file name, not title
		"z.md":     "---\ntitle: Alpha\nnav_order: 1\n---\nx\n",
		"y.md":     "---\ntitle: Xi\nnav_order: 2\n---\nx\n",
		"s1.md":    "---\ntitle: S1\nnav_order: b\n---\nx\n",
		"s2.md":    "---\ntitle: S2\nnav_order: B\n---\nx\n",
		"s3.md":    "---\ntitle: S3\nnav_order: \"3\"\n---\nx\n",
		"n.md":     "---\ntitle: 10\n---\nx\n", // numbers, by value, before texts
		"m.md":     "---\ntitle: 9\n---\nx\n",
		"b.md":     "---\ntitle: apple\n---\nx\n",
		"c.md":     "---\ntitle: Apple\n---\nx\n",
		"d.md":     "---\ntitle: Banana\n---\nx\n",
		"e.md":     "---\ntitle: beta\n---\nx\n",
		"f.md":     "---\ntitle: Émile\n---\nx\n",
		"g.md":     "---\ntitle: _under\n---\nx\n",
		"h.md":     "---\ntitle: éa\n---\nx\n",
		"i.md":     "---\ntitle: Éz\n---\nx\n",
	}
	for _, tt := range []struct {
		name, config string
		want         []string
	}{
		{"case sensitive (no nav_sort)", "title: J\n",
			[]string{"Zeta", "Alpha", "Xi", "S3", "S2", "S1", "9", "10", "Apple", "Banana", "_under", "apple", "beta", "Émile", "Éz", "éa"}},
		{"case_insensitive", "title: J\nnav_sort: case_insensitive\n",
			[]string{"Zeta", "Alpha", "Xi", "S3", "S1", "S2", "9", "10", "_under", "apple", "Apple", "Banana", "beta", "Émile", "Éz", "éa"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := t.TempDir()
			files := map[string]string{"_config.yml": tt.config}
			maps.Copy(files, pages)
			sitetest.WriteFiles(t, src, files)
			dest := filepath.Join(t.TempDir(), "public")
			if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(filepath.Join(dest, "index.html"))
			if err != nil {
				t.Fatal(err)
			}
			nav := string(b)
			if i, j := strings.Index(nav, `<nav class="site-nav"`), strings.Index(nav, "</nav>"); i >= 0 && j > i {
				nav = nav[i:j]
			}
			var got []string
			for _, part := range strings.Split(nav, "</a>")[:max(strings.Count(nav, "</a>"), 0)] {
				got = append(got, part[strings.LastIndex(part, ">")+1:])
			}
			got = slices.DeleteFunc(got, func(s string) bool { return s == "Home" })
			if !slices.Equal(got, tt.want) {
				t.Errorf("navigation order\n%q, want\n%q", got, tt.want)
			}
		})
	}
}
