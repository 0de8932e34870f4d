package site

import (
	"html"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestHugoTitleAndLeadingHeading: a Hugo page's title is its front
// matter's ("title: The title of the page",
// https://gohugo.io/content-management/front-matter/#title), which the
// themes show above its content ({{ .Title }} then {{ .Content }}): a
// # heading the text starts with is shown below it. sitegen shows a
// heading that repeats the title once (case, spaces and punctuation
// aside), its own rule against a doubled heading; a heading of another
// text stays below the title, as in Hugo (an <h2>: sitegen keeps one <h1>
// a page, moving the body's headings a level down). Found on 094459/consulting: a
// post titled "Setting up G-Suite, AWS SSO and ssosync" whose text starts
// with "# update-July 28th" was headed "update-July 28th".
func TestHugoTitleAndLeadingHeading(t *testing.T) {
	files := map[string]string{
		"hugo.toml":         "baseURL = 'https://x.test/'\ntitle = 'T'\n",
		"content/_index.md": "---\ntitle: Home\n---\n",
		"content/other.md":  "---\ntitle: Setting up SSO\n---\n# Update: July 28th\n\nText.\n",
		"content/same.md":   "---\ntitle: Combat Rules\n---\n# Combat rules!\n\nText.\n",
		"content/plain.md":  "---\ntitle: Plain\n---\nText.\n",
	}
	out, _ := buildFolder(t, files)
	h1 := regexp.MustCompile(`(?s)<h1[^>]*>(.*?)</h1>`)
	tag := regexp.MustCompile(`<[^>]+>`)
	h2 := regexp.MustCompile(`(?s)<h2[^>]*>(.*?)</h2>`)
	for _, tc := range []struct {
		page, below string
		h1          []string
	}{
		{"other/index.html", "Update: July 28th", []string{"Setting up SSO"}},
		{"same/index.html", "", []string{"Combat rules!"}},
		{"plain/index.html", "", []string{"Plain"}},
	} {
		page, want := tc.page, tc.h1
		var below []string
		for _, m := range h2.FindAllStringSubmatch(out[page], -1) {
			text := strings.TrimSpace(html.UnescapeString(tag.ReplaceAllString(m[1], "")))
			below = append(below, strings.TrimSpace(strings.TrimSuffix(text, "#"))) // its anchor link
		}
		if tc.below != "" && !slices.Contains(below, tc.below) {
			t.Errorf("%s: no heading %q below the title (h2: %q)", page, tc.below, below)
		}
		var got []string
		for _, m := range h1.FindAllStringSubmatch(out[page], -1) {
			got = append(got, strings.TrimSpace(html.UnescapeString(tag.ReplaceAllString(m[1], ""))))
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: headings %q, want %q", page, got, want)
		}
	}
}
