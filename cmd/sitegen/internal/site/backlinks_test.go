package site

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
)

// linkVault is a site whose page Target is linked in every way a page
// can be, from pages that may and may not be listed.
func linkVault() map[string]string {
	return map[string]string{
		"site.toml":           "title = \"T\"\nbaseURL = \"https://example.org/\"\ncopyright = \"See [the target](/target/).\"\n",
		"content/_index.md":   "---\ntitle: Home\n---\nWelcome.\n",
		"content/a.md":        "---\ntitle: A\nweight: 1\n---\nSee [cover](target.md#cover), [[Target]] and [[Target|again]].\n",
		"content/b/_index.md": "---\ntitle: B\nweight: 2\n---\nThe block: [[Target#^blk]].\n",
		"content/b/c.md":      "---\ntitle: C\n---\n![[Target#Cover]]\n",
		"content/target.md":   "---\ntitle: Target\nweight: 3\n---\nThe top of the target.\n\n## Cover\n\nTake cover.\n\nA block. ^blk\n\nSee [[#Cover]] and [me](target.md).\n",
		"content/draft.md":    "---\ntitle: Draft\ndraft: true\n---\n[[Target]]\n",
		"content/secret.md":   "---\ntitle: Secret\npublish: false\n---\n[[Target]]\n",
		"content/lonely.md":   "---\ntitle: Lonely\nweight: 4\n---\nNo one links here. [[Target]]\n",
	}
}

// backlinksRE finds the "Linked from" section's entries: link, title and
// the section the linking page is in.
var backlinksRE = regexp.MustCompile(`<li><a href="([^"]*)">([^<]*)</a>\s*(?:<span class="backlink-in">([^<]*)</span>)?\s*</li>`)

// backlinksOf returns a page's "Linked from" entries ("TITLE (SECTION)"),
// or nil when it has no such section.
func backlinksOf(t *testing.T, page string) []string {
	t.Helper()
	i := strings.Index(page, `<section class="backlinks"`)
	if i < 0 {
		return nil
	}
	sec := page[i : i+strings.Index(page[i:], "</section>")]
	if !strings.Contains(sec, `<h2 id="linked-from">Linked from</h2>`) {
		t.Errorf("backlinks section without its heading: %s", sec)
	}
	var out []string
	for _, m := range backlinksRE.FindAllStringSubmatch(sec, -1) {
		e := m[2]
		if m[3] != "" {
			e += " (" + m[3] + ")"
		}
		out = append(out, e+" "+m[1])
	}
	return out
}

// TestBacklinks checks that a page lists the pages that link to it
// (Markdown links, wikilinks, embeds, block and heading links), once
// each, in reading order, and never a page that is not published, the
// page itself or the footer; backlinks = false lists none.
func TestBacklinks(t *testing.T) {
	src := writeTree(t, linkVault())
	if _, err := build(t, src, content.Options{}); err != nil {
		t.Fatal(err)
	}
	out := readTree(t, filepath.Join(src, "public"))
	want := []string{"A /a/", "B /b/", "C (B) /b/c/", "Lonely /lonely/"}
	if got := backlinksOf(t, out["target/index.html"]); !slices.Equal(got, want) {
		t.Errorf("Target is linked from %q, want %q", got, want)
	}
	if got := backlinksOf(t, out["lonely/index.html"]); got != nil {
		t.Errorf("Lonely, linked from no page, lists %q", got)
	}
	for _, name := range []string{"draft/index.html", "secret/index.html"} {
		if _, ok := out[name]; ok {
			t.Errorf("%s published", name)
		}
	}
	// The list is not searchable: the search index holds the pages' own
	// text, not their lists.
	for name, body := range publishedTree(t, filepath.Join(src, "public")) {
		if strings.HasPrefix(name, "search/") && strings.Contains(body, "Linked from") {
			t.Errorf("%s holds the backlinks' heading", name)
		}
	}

	// A --drafts preview shows the draft, never in a list or a preview.
	src = writeTree(t, linkVault())
	if _, err := build(t, src, content.Options{Drafts: true}); err != nil {
		t.Fatal(err)
	}
	out = readTree(t, filepath.Join(src, "public"))
	if _, ok := out["draft/index.html"]; !ok {
		t.Fatal("--drafts: the draft is not in the preview build")
	}
	if got := backlinksOf(t, out["target/index.html"]); !slices.Equal(got, want) {
		t.Errorf("--drafts: Target is linked from %q, want %q", got, want)
	}
	if _, ok := out["draft/preview.json"]; ok {
		t.Error("--drafts: the draft has a previews file")
	}

	off := linkVault()
	off["site.toml"] += "backlinks = false\n"
	src = writeTree(t, off)
	if _, err := build(t, src, content.Options{}); err != nil {
		t.Fatal(err)
	}
	for name, body := range readTree(t, filepath.Join(src, "public")) {
		if strings.Contains(body, `class="backlinks"`) {
			t.Errorf("backlinks = false: %s lists backlinks", name)
		}
	}
}

// TestBacklinksUnlisted checks that a page published but unlisted (Hugo's
// build: {list: never}) is never listed as linking to another page, and
// has no previews file.
func TestBacklinksUnlisted(t *testing.T) {
	src := writeTree(t, map[string]string{
		"site.toml":               "\x00",
		"hugo.toml":               "title = \"H\"\nbaseURL = \"https://h.test/\"\n",
		"content/_index.md":       "---\ntitle: Home\n---\n[target](target.md)\n",
		"content/target.md":       "---\ntitle: Target\n---\nSee [hidden](unlisted.md).\n",
		"content/unlisted.md":     "---\ntitle: Unlisted\nbuild:\n  list: never\n---\n[target](target.md)\n",
		"content/listed.md":       "---\ntitle: Listed\n---\n[target](target.md)\n",
		"static/css/site.css":     "body{}\n",
		"content/other/_index.md": "---\ntitle: Other\n---\n",
	})
	if _, err := build(t, src, content.Options{}); err != nil {
		t.Fatal(err)
	}
	out := readTree(t, filepath.Join(src, "public"))
	if _, ok := out["unlisted/index.html"]; !ok {
		t.Fatal("the unlisted page is not published")
	}
	want := []string{"Home /", "Listed /listed/"}
	if got := backlinksOf(t, out["target/index.html"]); !slices.Equal(got, want) {
		t.Errorf("Target is linked from %q, want %q (not the unlisted page)", got, want)
	}
	if _, ok := out["unlisted/preview.json"]; ok {
		t.Error("the unlisted page has a previews file")
	}
	if _, ok := out["target/preview.json"]; !ok {
		t.Error("a listed page has no previews file")
	}
}

// TestPreviews reads a page's previews file: its top, and each section
// (by its heading's id) and block (by its ^id) another page links to,
// each holding the page's own HTML for it, and no other; linkPreviews = false writes none and the pages do not ask
// for them; a file of the site at the same name wins.
func TestPreviews(t *testing.T) {
	src := writeTree(t, linkVault())
	if _, err := build(t, src, content.Options{}); err != nil {
		t.Fatal(err)
	}
	out := readTree(t, filepath.Join(src, "public"))
	var f struct {
		V int                  `json:"v"`
		T string               `json:"t"`
		S map[string][2]string `json:"s"`
	}
	if err := json.Unmarshal([]byte(out["target/preview.json"]), &f); err != nil {
		t.Fatalf("target/preview.json: %v", err)
	}
	page := out["target/index.html"]
	checks := []struct{ id, heading, has string }{
		{"", "", "<p>The top of the target.</p>"},
		{"cover", "Cover", "<p>Take cover.</p>"},
		{"^blk", "", "A block."},
	}
	for _, c := range checks {
		e, ok := f.S[c.id]
		switch {
		case !ok:
			t.Errorf("no preview of %q in %v", c.id, f.S)
		case e[0] != c.heading || !strings.Contains(e[1], c.has):
			t.Errorf("preview of %q = %q, want heading %q and %q", c.id, e, c.heading, c.has)
		case !strings.Contains(page, e[1]):
			t.Errorf("preview of %q is not the page's own HTML: %q", c.id, e[1])
		}
	}
	if e, ok := f.S["unlinked"]; ok {
		t.Errorf("the previews hold a section no other page links to: %q", e)
	}
	if f.V != previewFormat || f.T != "Target" {
		t.Errorf("previews file: version %d, title %q", f.V, f.T)
	}
	if !strings.Contains(page, "<body class=\"kind-page\" data-previews>") {
		t.Error("the page does not turn previews on")
	}

	off := linkVault()
	off["site.toml"] += "linkPreviews = false\n"
	off["static/a/preview.json"] = "MINE"
	src = writeTree(t, off)
	if _, err := build(t, src, content.Options{}); err != nil {
		t.Fatal(err)
	}
	out = readTree(t, filepath.Join(src, "public"))
	for name, body := range out {
		if strings.HasSuffix(name, "preview.json") && name != "a/preview.json" {
			t.Errorf("linkPreviews = false wrote %s", name)
		}
		if strings.Contains(body, "data-previews") {
			t.Errorf("linkPreviews = false: %s asks for previews", name)
		}
	}

	mine := linkVault()
	mine["static/a/preview.json"] = "MINE"
	src = writeTree(t, mine)
	if _, err := build(t, src, content.Options{}); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(src, "public", "a", "preview.json")); err != nil || string(b) != "MINE" {
		t.Errorf("a/preview.json = %q, %v: want the site's own file", b, err)
	}
}
