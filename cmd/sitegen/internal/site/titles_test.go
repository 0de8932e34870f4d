package site

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestInferredTitles checks that front matter is optional: the title comes
// from the front matter, else the first # H1 (ATX or setext), which is then
// not rendered twice, else the file name; every page has exactly one <h1>.
func TestInferredTitles(t *testing.T) {
	src := writeTree(t, map[string]string{
		"site.toml":             "title = \"T\"\nbaseURL = \"https://example.org/\"\n",
		"content/_index.md":     "---\ntitle: Home\n---\n",
		"content/atx.md":        "# Wild *Die*\n\nBody.\n",
		"content/setext.md":     "Setext Title\n============\n\nBody.\n",
		"content/plain_name.md": "Only a paragraph.\n\n## Sub\n",
		"content/fm.md":         "---\ndescription: no title here\n---\n\n# From Heading\n",
		"content/both.md":       "---\ntitle: Front\n---\n\n# Body Heading\n",
	})
	if _, err := build(t, src, content.Options{}); err != nil {
		t.Fatal(err)
	}
	out := readTree(t, filepath.Join(src, "public"))
	h1 := regexp.MustCompile(`(?s)<h1[^>]*>(.*?)</h1>`)
	tests := []struct {
		file string
		h1   []string // the page's <h1> elements, inner text without the permalink
	}{
		{"atx/index.html", []string{"Wild Die"}},
		{"setext/index.html", []string{"Setext Title"}},
		{"plain_name/index.html", []string{"Plain name"}}, // underscores kept in URLs, as Hugo and MkDocs keep them
		{"fm/index.html", []string{"From Heading"}},
		// A title of its own and a leading # heading: one <h1>, the heading;
		// the title names the document (below).
		{"both/index.html", []string{"Body Heading"}},
	}
	for _, tt := range tests {
		html, ok := out[tt.file]
		if !ok {
			t.Errorf("%s not built; have %v", tt.file, keys(out))
			continue
		}
		var got []string
		for _, m := range h1.FindAllStringSubmatch(html, -1) {
			got = append(got, strings.TrimSpace(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(regexp.MustCompile(`(?s)<a[^>]*>.*?</a>`).ReplaceAllString(m[1], ""), "")))
		}
		if strings.Join(got, "|") != strings.Join(tt.h1, "|") {
			t.Errorf("%s: <h1> = %q, want %q", tt.file, got, tt.h1)
		}
	}
	if !strings.Contains(out["both/index.html"], "<title>Front ·") {
		t.Errorf("both: the document title is not the front matter's")
	}
}

func keys(m map[string]string) []string {
	var k []string
	for s := range m {
		k = append(k, s)
	}
	return k
}

// TestFolderPages: index.md and README.md are their folder's own page, like
// _index.md; _index.md and index.md in one folder are an error naming both
// files; a README.md beside either is an ordinary page (/folder/readme/),
// as MkDocs and Jekyll take it.
func TestFolderPages(t *testing.T) {
	src := writeTree(t, map[string]string{
		"content/_index.md":       "\x00",
		"content/README.md":       "# Home from a README\n\n[rules](rules/index.md) and [more](more/README.md#part)\n",
		"content/rules/index.md":  "# Rules\n",
		"content/rules/combat.md": "# Combat\n",
		"content/more/README.md":  "# More\n\n## Part\n",
		"content/both/index.md":   "# Both\n\n[the readme](README.md)\n",
		"content/both/README.md":  "# About this folder\n",
	})
	if _, err := build(t, src, content.Options{}); err != nil {
		t.Fatal(err)
	}
	out := readTree(t, filepath.Join(src, "public"))
	for page, want := range map[string]string{"index.html": "Home from a README", "rules/index.html": "<h1>Rules</h1>", "more/index.html": "More",
		"both/index.html": `<a href="/both/readme/">the readme</a>`, "both/readme/index.html": "About this folder"} {
		if !strings.Contains(out[page], want) {
			t.Errorf("%s lacks %q", page, want)
		}
	}
	if _, ok := out["rules/index/index.html"]; ok {
		t.Error("rules/index.md became a page of its own")
	}
	if !strings.Contains(out["index.html"], `href="/rules/"`) || !strings.Contains(out["index.html"], `href="/more/#part"`) {
		t.Error("links to index.md and README.md not rewritten to the folder's URL")
	}
	sitetest.WriteFiles(t, src, map[string]string{"content/rules/_index.md": "---\ntitle: Also rules\n---\n"})
	_, err := build(t, src, content.Options{})
	if err == nil || !strings.Contains(err.Error(), "content/rules/_index.md") || !strings.Contains(err.Error(), "content/rules/index.md") {
		t.Errorf("two pages for one folder: err = %v, want both files named", err)
	}
}

// TestBundles: files in content/ that are not Markdown are published beside
// their page; links and images to them are checked and rewritten (issue 11).
func TestBundles(t *testing.T) {
	src := writeTree(t, map[string]string{
		"content/Rules/combat.md":          "# Combat\n\n![The map](img/battle%20map.png) and [the sheet](sheet.pdf#page=2); [a page with a query](other.md?h=x#part).\n",
		"content/Rules/other.md":           "# Other\n\n## Part\n",
		"content/Rules/img/battle map.png": "PNG",
		"content/Rules/sheet.pdf":          "PDF",
	})
	if _, err := build(t, src, content.Options{}); err != nil {
		t.Fatal(err)
	}
	out := readTree(t, filepath.Join(src, "public"))
	if out["rules/img/battle map.png"] != "PNG" || out["rules/sheet.pdf"] != "PDF" {
		t.Fatalf("content files not published beside the page: %v", slicesKeys(out))
	}
	page := out["rules/combat/index.html"]
	if !strings.Contains(page, `src="/rules/img/battle%20map.png"`) || !strings.Contains(page, `href="/rules/sheet.pdf#page=2"`) ||
		!strings.Contains(page, `href="/rules/other/?h=x#part"`) {
		t.Errorf("links not rewritten to the published files:\n%s", page)
	}
	sitetest.WriteFiles(t, src, map[string]string{"content/Rules/combat.md": "# Combat\n\n![The map](img/missing.png)\n"})
	_, err := build(t, src, content.Options{})
	if err == nil || !strings.Contains(err.Error(), `content/Rules/combat.md:3:1: broken image "img/missing.png": content/Rules/img/missing.png does not exist`) {
		t.Errorf("missing image: err = %v", err)
	}
}

func slicesKeys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
