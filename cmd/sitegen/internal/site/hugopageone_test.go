package site

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestHugoFirstPageAlias: a Hugo list whose template paginates
// ("Hugo supports pagination for your home page, section pages, and
// taxonomies", https://gohugo.io/templates/pagination/) has its first
// pager page at the list's own URL, and hugo 0.111 writes page/1/ as a
// redirect to it (measured on jstamant/tabletop.engineering: /page/1/,
// /posts/page/1/, /tags/page/1/, /tags/NAME/page/1/, each a meta refresh
// to the list; the home page's too when its template paginates; the
// empty /categories/ too, /categories/page/1/). A
// list template that does not paginate writes none: a section template
// that paginates beside a home template that does not gives the section
// its page/1/ and the home page none (hugo 0.111 measured: layouts/section/section.html
// with .Paginator, _default/list.html without: /rules/page/1/ only).
// The home page's template is the first of Hugo's lookup order for the
// home kind ("layouts/index.html", "layouts/home.html",
// "layouts/list.html", then "_default/" of each, the site's and the
// themes' layouts as one, https://gohugo.io/templates/lookup-order/).
func TestHugoFirstPageAlias(t *testing.T) {
	site := func(list string, more map[string]string) map[string]string {
		files := map[string]string{
			"hugo.toml":                    "baseURL = 'https://x.test/'\ntitle = 'T'\n",
			"layouts/_default/list.html":   list,
			"content/_index.md":            "---\ntitle: Home\n---\nSee [the first page of posts](/posts/page/1/).\n",
			"content/posts/_index.md":      "---\ntitle: Posts\n---\n",
			"content/posts/one.md":         "---\ntitle: One\ntags: [dice]\n---\none\n",
			"layouts/_default/single.html": "{{ .Content }}",
		}
		for k, v := range more {
			files[k] = v
		}
		return files
	}
	for _, tc := range []struct {
		name, list string
		more       map[string]string
		want       []string // the page/1/ redirects written, and where each leads
		warnings   int
	}{
		{"paginates", `{{ range .Paginator.Pages }}{{ .Title }}{{ end }}`, nil,
			[]string{"page/1/index.html", "posts/page/1/index.html", "tags/page/1/index.html", "tags/dice/page/1/index.html", "categories/page/1/index.html"}, 0},
		{"does not paginate", `{{ range .Pages }}{{ .Title }}{{ end }}`, nil, nil, 1},
		{"section paginates, home does not", `{{ range .Pages }}{{ .Title }}{{ end }}`,
			map[string]string{"layouts/section/section.html": `{{ range .Paginator.Pages }}{{ .Title }}{{ end }}`},
			[]string{"posts/page/1/index.html"}, 0},
		{"home template paginates through a partial", `{{ range .Pages }}{{ .Title }}{{ end }}`,
			map[string]string{"layouts/index.html": `{{ partial "recent.html" . }}`,
				"layouts/partials/recent.html": `{{ range .Paginator.Pages }}{{ .Title }}{{ end }}`},
			[]string{"page/1/index.html"}, 1}, // the link to /posts/page/1/ is broken there
		// "Layout: Can be set in front matter", "Type: Is value of type if
		// set in front matter" (https://gohugo.io/templates/lookup-order/),
		// each first in its part of the order: hugo 0.111 writes
		// /posts/page/1/ for posts/_index.md with layout: fancy
		// (_default/fancy.html paginates) or type: blog (blog/list.html
		// does), _default/list.html not paginating.
		{"a section's front matter layout", `{{ range .Pages }}{{ .Title }}{{ end }}`,
			map[string]string{"content/posts/_index.md": "---\ntitle: Posts\nlayout: fancy\n---\n",
				"layouts/_default/fancy.html": `{{ range .Paginator.Pages }}{{ .Title }}{{ end }}`},
			[]string{"posts/page/1/index.html"}, 0},
		{"a section's front matter type", `{{ range .Pages }}{{ .Title }}{{ end }}`,
			map[string]string{"content/posts/_index.md": "---\ntitle: Posts\ntype: blog\n---\n",
				"layouts/blog/list.html": `{{ range .Paginator.Pages }}{{ .Title }}{{ end }}`},
			[]string{"posts/page/1/index.html"}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, site(tc.list, tc.more))
			dest := filepath.Join(t.TempDir(), "out")
			res, err := build(t, dir, content.Options{Theme: theme, Dest: dest, BrokenLinks: "warn"})
			if err != nil {
				t.Fatal(err)
			}
			out := publishedTree(t, dest)
			var got []string
			for name, body := range out {
				if name == "page/1/index.html" || strings.HasSuffix(name, "/page/1/index.html") {
					got = append(got, name)
					to := "/" + strings.TrimSuffix(name, "page/1/index.html")
					if !strings.Contains(body, `url=`+to+`"`) {
						t.Errorf("%s does not lead to %s:\n%s", name, to, body)
					}
				}
			}
			for _, w := range tc.want {
				if _, ok := out[w]; !ok {
					t.Errorf("%s not written", w)
				}
			}
			if len(got) != len(tc.want) {
				t.Errorf("page/1 redirects %q, want %q", got, tc.want)
			}
			if n := len(res.WarningList); n != tc.warnings {
				t.Errorf("%d warnings, want %d: %v", n, tc.warnings, res.WarningList)
			}
		})
	}
}

// TestHugoPagerSize: a list whose template paginates is paged by the
// site's paginate ("paginate: Default number of elements per page in
// pagination", 10 by default, https://gohugo.io/getting-started/configuration/#paginate),
// a list whose template does not is one page. Hugo 0.111 measured on
// this fixture: with paginate = 2, /posts/page/2/ and /posts/page/3/ (5
// posts) and /tags/dice/ one page (its template, _default/list.html,
// does not paginate); without paginate, /posts/ one page of 5.
func TestHugoPagerSize(t *testing.T) {
	for _, tc := range []struct {
		name, toml string
		want       []string // the pager pages written
	}{
		{"paginate = 2", "paginate = 2\n", []string{"posts/page/2/index.html", "posts/page/3/index.html"}},
		{"default 10", "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{
				"hugo.toml":                    "baseURL = 'https://x.test/'\ntitle = 'T'\n" + tc.toml,
				"layouts/section/section.html": `{{ range .Paginator.Pages }}{{ .Title }}{{ end }}`,
				"layouts/_default/list.html":   `{{ range .Pages }}{{ .Title }}{{ end }}`,
				"layouts/_default/single.html": "{{ .Content }}",
			}
			for i := 1; i <= 5; i++ {
				files["content/posts/p"+strconv.Itoa(i)+".md"] = "---\ntitle: P" + strconv.Itoa(i) + "\ntags: [dice]\n---\np\n"
			}
			out, _ := buildFolder(t, files)
			var got []string
			for name := range out {
				if strings.Contains(name, "/page/") && !strings.HasSuffix(name, "/page/1/index.html") {
					got = append(got, name)
				}
			}
			slices.Sort(got)
			if !slices.Equal(got, tc.want) {
				t.Errorf("pager pages %q, want %q", got, tc.want)
			}
		})
	}
}
