package jekyll

import (
	"io/fs"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestStripTitleUnderLayout checks jekyll-titles-from-headings' strip_title
// on a page its site layout titles ({{ page.title }}): "If your theme
// renders titles based on page.title, you can remove the title from the
// content by setting strip_title to prevent rendering it twice", and the
// options "default to: titles_from_headings: enabled: true, strip_title:
// false" (https://github.com/benbalter/jekyll-titles-from-headings); a
// page's own strip_title (front matter, defaults) wins (the plugin's
// strip_title?: document.data.key?). Checked with jekyll 4.3 on the same
// fixture (/work/notes/jk25-bench.md): by default Jekyll shows the layout's
// <h1>Blind</h1> and the text's <h2>Blind</h2>; with strip_title: true only
// the layout's.
func TestStripTitleUnderLayout(t *testing.T) {
	files := map[string]string{
		"_layouts/broken.html": "<p>\n{% endif %}</p>{{ content }}\n",
		"_layouts/page.html":   "<div class=\"post-header\"><h1 class=\"post-title-main\">{{ page.title }}</h1></div>\n<div class=\"post-content\">\n{{ content }}\n</div>\n",
	}
	dir := layouttest.Write(t, files)
	read := func(f string) ([]byte, error) {
		if s, ok := files[f]; ok {
			return []byte(s), nil
		}
		return nil, fs.ErrNotExist
	}
	page := "---\nlayout: page\n---\n\n\n## Blind\n\nYou cannot see.\n"
	tests := []struct {
		name     string
		conf     map[string]any
		src      string
		stripped bool
	}{
		{"default: kept", nil, page, false},
		{"strip_title: true", map[string]any{"titles_from_headings": map[string]any{"strip_title": true}}, page, true},
		{"the page's strip_title: false wins", map[string]any{"titles_from_headings": map[string]any{"strip_title": true}},
			strings.Replace(page, "layout: page\n", "layout: page\nstrip_title: false\n", 1), false},
		{"the page's strip_title: true", nil, strings.Replace(page, "layout: page\n", "layout: page\nstrip_title: true\n", 1), true},
		// A layout sitegen cannot run: the page shows its own text, still
		// titled by the heading taken out of it.
		{"strip_title under a layout that fails", map[string]any{"titles_from_headings": map[string]any{"strip_title": true}},
			strings.Replace(page, "layout: page\n", "layout: broken\n", 1), true},
		// "should_add_title?: markdown?(document) && !title?(document)":
		// a page with a title keeps its heading.
		{"a page with a title", map[string]any{"titles_from_headings": map[string]any{"strip_title": true}},
			strings.Replace(page, "layout: page\n", "layout: page\ntitle: Sight\n", 1), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := &layout.Layout{Content: ".", HeadingTitle: true}
			ls := &liquidSite{l: l, conf: tt.conf, srcDir: dir}
			x := expander(l, ls)("pages/disability.md", []byte(tt.src), read)
			got := string(x.Src)
			if has := strings.Contains(got, "## Blind"); has == tt.stripped {
				t.Errorf("text %q: heading kept %v, want %v", got, has, !tt.stripped)
			}
			if x.LeadHeading != "## Blind" {
				t.Errorf("LeadHeading %q, want the heading (the page's title)", x.LeadHeading)
			}
			if !strings.Contains(got, "You cannot see.") || len(x.Problems) > 0 != strings.Contains(tt.src, "broken") {
				t.Errorf("text %q, problems %v", got, x.Problems)
			}
			if x.Lines != nil && len(x.Lines) != strings.Count(got, "\n") {
				t.Errorf("%d lines mapped, the text has %d", len(x.Lines), strings.Count(got, "\n"))
			}
		})
	}
}

// TestHeadingTitleLevels checks which heading titles a page:
// jekyll-titles-from-headings reads "the first non-whitespace line in the
// page is a Markdown H1 / H2 / H3" (its TITLE_REGEX: "\A\s*" then
// "\#{1,3}\s+(.*)"). jekyll 4.3 on the fixture of jk25-bench.md writes
// <title></title> and an empty layout <h1> for a page that starts with
// "#### Four".
func TestHeadingTitleLevels(t *testing.T) {
	files := map[string]string{
		"_layouts/page.html": "<p class=\"t\">{{ page.title }}</p>\n{{ content }}\n",
	}
	dir := layouttest.Write(t, files)
	read := func(f string) ([]byte, error) {
		if s, ok := files[f]; ok {
			return []byte(s), nil
		}
		return nil, fs.ErrNotExist
	}
	tests := []struct {
		src, title string
	}{
		{"---\nlayout: page\n---\n\n### Three\n\nText.\n", "Three"},
		{"---\nlayout: page\n---\n\n#### Four\n\nText.\n", ""},
		{"---\nlayout: page\n---\n\n###### Six\n\nText.\n", ""},
	}
	for _, tt := range tests {
		l := &layout.Layout{Content: ".", HeadingTitle: true}
		ls := &liquidSite{l: l, srcDir: dir}
		x := expander(l, ls)("p.md", []byte(tt.src), read)
		if got := string(x.Src); !strings.Contains(got, "<p class=\"t\">"+tt.title+"</p>") {
			t.Errorf("%q: text %q, want the layout's title %q", tt.src, got, tt.title)
		}
		if lead := strings.TrimLeft(x.LeadHeading, "# "); lead != tt.title {
			t.Errorf("%q: LeadHeading %q, want %q", tt.src, x.LeadHeading, tt.title)
		}
	}
}
