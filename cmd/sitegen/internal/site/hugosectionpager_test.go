package site

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestHugoSectionPager: a section's list pages run over the collection
// its template pages; by default its regular pages, not its subsections
// (hugo 0.111's page__paginator.go: the home page's site.RegularPages, a
// taxonomy's and a term's .Pages, "default: pages = p.RegularPages()").
// Each case's pages measured with hugo 0.111 on this fixture (paginate =
// 2; a section rules of five pages weighted 1..5 and a subsection combat
// of weight 1 with three pages): .Paginator lists Rule 1-2, 3-4, 5 and
// combat on none; .Paginate .Pages lists Combat, Rule 1, then 2-3, 4-5.
func TestHugoSectionPager(t *testing.T) {
	files := map[string]string{
		"hugo.toml":                      "baseURL = 'https://x.test/'\ntitle = 'T'\npaginate = 2\n",
		"layouts/_default/single.html":   "{{ .Content }}",
		"content/rules/_index.md":        "---\ntitle: The Rules\n---\n",
		"content/rules/combat/_index.md": "---\ntitle: Combat\nweight: 1\n---\n",
	}
	for i := 1; i <= 5; i++ {
		n := string(rune('0' + i))
		files["content/rules/r"+n+".md"] = "---\ntitle: Rule " + n + "\nweight: " + n + "\n---\nx\n"
	}
	for i := 1; i <= 3; i++ {
		n := string(rune('0' + i))
		files["content/rules/combat/c"+n+".md"] = "---\ntitle: Combat " + n + "\nweight: " + n + "\n---\nx\n"
	}
	for _, tc := range []struct {
		name, list string
		want       map[string][]string // the titles each file lists, in order
	}{
		{"default paginator: its regular pages", `{{ range .Paginator.Pages }}{{ .Title }} {{ end }}`,
			map[string][]string{
				"rules/index.html":               {"Rule 1", "Rule 2"},
				"rules/page/2/index.html":        {"Rule 3", "Rule 4"},
				"rules/page/3/index.html":        {"Rule 5"},
				"rules/combat/index.html":        {"Combat 1", "Combat 2"},
				"rules/combat/page/2/index.html": {"Combat 3"},
			}},
		{".Paginate .RegularPages", `{{ range (.Paginate .RegularPages).Pages }}{{ .Title }} {{ end }}`,
			map[string][]string{
				"rules/index.html":        {"Rule 1", "Rule 2"},
				"rules/page/2/index.html": {"Rule 3", "Rule 4"},
				"rules/page/3/index.html": {"Rule 5"},
			}},
		{".Paginate .Pages: its subsections too", `{{ range (.Paginate .Pages).Pages }}{{ .Title }} {{ end }}`,
			map[string][]string{
				"rules/index.html":        {"Combat", "Rule 1"},
				"rules/page/2/index.html": {"Rule 2", "Rule 3"},
				"rules/page/3/index.html": {"Rule 4", "Rule 5"},
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			fs := map[string]string{"layouts/_default/list.html": tc.list}
			for k, v := range files {
				fs[k] = v
			}
			sitetest.WriteFiles(t, dir, fs)
			dest := filepath.Join(t.TempDir(), "out")
			if _, err := build(t, dir, content.Options{Theme: theme, Dest: dest, BrokenLinks: "warn"}); err != nil {
				t.Fatal(err)
			}
			out := publishedTree(t, dest)
			var pages []string
			for name := range out {
				if strings.HasPrefix(name, "rules/page/") && name != "rules/page/1/index.html" {
					pages = append(pages, name)
				}
			}
			want := 0
			for name := range tc.want {
				if strings.HasPrefix(name, "rules/page/") {
					want++
				}
			}
			if len(pages) != want {
				t.Errorf("rules pager pages %q, want %d", slices.Sorted(slices.Values(pages)), want)
			}
			for name, titles := range tc.want {
				body, ok := out[name]
				if !ok {
					t.Errorf("%s not written", name)
					continue
				}
				body, _, _ = strings.Cut(body[strings.Index(body, "<article"):], "</article>")
				if i := strings.Index(body, "</h1>"); i >= 0 {
					body = body[i:] // the list, below the page's own title
				}
				var listed []string
				for _, title := range []string{"Combat", "Combat 1", "Combat 2", "Combat 3", "Rule 1", "Rule 2", "Rule 3", "Rule 4", "Rule 5"} {
					if strings.Contains(body, ">"+title+"<") {
						listed = append(listed, title)
					}
				}
				slices.SortFunc(listed, func(a, b string) int {
					return strings.Index(body, ">"+a+"<") - strings.Index(body, ">"+b+"<")
				})
				if !slices.Equal(listed, titles) {
					t.Errorf("%s lists %q, want %q", name, listed, titles)
				}
			}
		})
	}
}
