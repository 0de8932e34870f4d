package site

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestHugoHomePager: the home page's list pages run over the collection
// its template pages. "To avoid the default paginators for the home page
// changing in the wild, we make this a special case" (hugo 0.111's
// page__paginator.go: the home page's .Paginator is site.RegularPages);
// .Paginate takes the collection given ("where site.RegularPages
// "Section" "in" site.Params.mainSections": "If the user has not set
// this config parameter in their site config, it will default to the
// section with the most pages",
// https://gohugo.io/functions/collections/where/#mainsections), in
// Hugo's default order "weight, date (descending), linkTitle, path"
// (https://gohugo.io/quick-reference/glossary/#default-sort-order).
// Each case's pages measured with hugo 0.111 on this fixture (paginate =
// 2; five rules weighted 5..1, three dated posts, about.md).
func TestHugoHomePager(t *testing.T) {
	files := map[string]string{
		"hugo.toml":                    "baseURL = 'https://x.test/'\ntitle = 'T'\npaginate = 2\n",
		"layouts/_default/list.html":   `{{ range .Pages }}{{ .Title }}{{ end }}`,
		"layouts/_default/single.html": "{{ .Content }}",
		"content/about.md":             "---\ntitle: About\n---\nx\n",
	}
	for i, w := range []string{"5", "4", "3", "2", "1"} {
		files["content/rules/r"+string(rune('1'+i))+".md"] = "---\ntitle: R" + string(rune('1'+i)) + "\nweight: " + w + "\n---\nx\n"
	}
	for i := 1; i <= 3; i++ {
		n := string(rune('0' + i))
		files["content/posts/q"+n+".md"] = "---\ntitle: Q" + n + "\ndate: 2024-01-0" + n + "\n---\nx\n"
	}
	for _, tc := range []struct {
		name, home string
		want       [][]string // the titles on /, /page/2/, …
	}{
		{"default paginator: every regular page", `{{ range .Paginator.Pages }}{{ .Title }} {{ end }}`,
			[][]string{{"R5", "R4"}, {"R3", "R2"}, {"R1", "Q3"}, {"Q2", "Q1"}, {"About"}}},
		{"mainSections by default: the section with the most pages",
			`{{ $pages := where site.RegularPages "Section" "in" site.Params.mainSections }}{{ range (.Paginate $pages).Pages }}{{ .Title }} {{ end }}`,
			[][]string{{"R5", "R4"}, {"R3", "R2"}, {"R1"}}},
		{"one type", `{{ range (.Paginate (where .Site.RegularPages "Type" "posts")).Pages }}{{ .Title }} {{ end }}`,
			[][]string{{"Q3", "Q2"}, {"Q1"}}},
		{"its own pages", `{{ range (.Paginate .Pages).Pages }}{{ .Title }} {{ end }}`,
			[][]string{{"Posts", "About"}, {"Rules"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			fs := map[string]string{"layouts/index.html": tc.home}
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
				if strings.HasPrefix(name, "page/") && name != "page/1/index.html" {
					pages = append(pages, name)
				}
			}
			if len(pages) != len(tc.want)-1 {
				t.Errorf("home pager pages %q, want %d", slices.Sorted(slices.Values(pages)), len(tc.want)-1)
			}
			for i, titles := range tc.want {
				name := "index.html"
				if i > 0 {
					name = "page/" + string(rune('1'+i)) + "/index.html"
				}
				body, ok := out[name]
				if !ok {
					t.Errorf("%s not written", name)
					continue
				}
				at := 0
				for _, title := range titles {
					j := strings.Index(body[at:], ">"+title+"<")
					if j < 0 {
						t.Errorf("%s: %s not listed after %d (want %q)", name, title, at, titles)
						break
					}
					at += j + 1
				}
			}
		})
	}
}
