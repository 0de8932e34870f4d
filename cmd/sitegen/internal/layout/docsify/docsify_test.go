package docsify

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestRecognise: a folder whose index.html loads docsify is a docsify
// site; its own files are not pages
// (https://github.com/docsifyjs/docsify/blob/main/docs/configuration.md:
// loadSidebar "Loads sidebar from the Markdown file _sidebar.md",
// loadNavbar "Loads navbar from the Markdown file _navbar.md"; coverpage,
// _coverpage.md), in any folder.
func TestRecognise(t *testing.T) {
	index := `<script>window.$docsify = {loadSidebar: true, loadNavbar: true, coverpage: true}</script>` +
		`<script src="//cdn.jsdelivr.net/npm/docsify@4"></script>`
	for _, tc := range []struct {
		name  string
		files map[string]string
		is    bool
		nav   int
	}{
		{"docsify", map[string]string{"index.html": index, "README.md": "# Home\n", "_sidebar.md": "- [Home](/)\n- [Guide](guide.md)\n"}, true, 2},
		{"docsify without a sidebar", map[string]string{"index.html": index, "README.md": "# Home\n"}, true, 0},
		{"another index.html", map[string]string{"index.html": "<h1>Hello</h1>", "_sidebar.md": "- [Home](/)\n"}, false, 0},
		{"no index.html", map[string]string{"README.md": "# Home\n", "_sidebar.md": "- [Home](/)\n"}, false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, tc.files))
			if err != nil {
				t.Fatal(err)
			}
			if (l != nil) != tc.is {
				t.Fatalf("Recognise = %v, want a layout %v", l, tc.is)
			}
			if l == nil {
				return
			}
			if l.Kind != layout.Markdown || len(l.Nav) != tc.nav {
				t.Errorf("Kind %v, Nav %v, want a folder of Markdown with %d entries", l.Kind, l.Nav, tc.nav)
			}
			for _, f := range []string{"_sidebar.md", "_navbar.md", "_coverpage.md", "guide/_sidebar.md"} {
				if !l.Skip(f, false) {
					t.Errorf("%s is a page", f)
				}
			}
			if l.Skip("guide.md", false) || l.Skip("README.md", false) {
				t.Error("a page is skipped")
			}
		})
	}
}

// TestParseSidebar: "Create the _sidebar.md: - [Home](/) - [Page 1](page-1.md)"
// and "To create section headers: - Section Header 1 - [Home](/) - [Page
// 1](page-1.md)" nested under it
// (https://github.com/docsifyjs/docsify/blob/main/docs/adding-pages.md);
// a link's title is its label (the page's <title> "is generated from the
// selected sidebar item name").
func TestParseSidebar(t *testing.T) {
	src := "- Section Header 1\n  - [Home](/)\n  - [Page 1](page-1.md)\n" +
		"- Section Header 2\n  + [Page 2](./pages/page-2.md \"The second\")\n    * [Deep](/pages/deep/)\n  - [Route](guide/more)\n" +
		"  - [Out](https://example.com)\n  - [Spaced](My%20Page.md)\n"
	var got []string
	for _, e := range ParseSidebar([]byte(src)) {
		got = append(got, fmt.Sprintf("%d:%s:%s:%d", e.Depth, e.Path, e.Title, e.Line))
	}
	want := []string{
		"0::Section Header 1:1", "1:README.md:Home:2", "1:page-1.md:Page 1:3",
		"0::Section Header 2:4", "1:pages/page-2.md:Page 2:5", "2:pages/deep/README.md:Deep:6", "1:guide/more.md:Route:7",
		"1:My Page.md:Spaced:9",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
