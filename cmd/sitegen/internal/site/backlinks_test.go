package site

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
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
	if shardsOf(t, out, "target/index.html")["/draft/"] != 0 {
		t.Error("--drafts: the draft has previews")
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
// has no previews.
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
	seen := shardsOf(t, out, "target/index.html")
	if seen["/unlisted/"] != 0 {
		t.Error("the unlisted page has previews")
	}
	if seen["/target/"] != 1 {
		t.Error("a listed page has no previews")
	}
}

// previewShard is one of the site's previews shards (preview.go).
type previewShard struct {
	V int `json:"v"`
	P map[string]struct {
		T string               `json:"t"`
		S map[string][2]string `json:"s"`
	} `json:"p"`
}

// shardsOf reads the previews shards of a built site (out: its files) and
// checks that each holds only the pages whose site path hashes to it
// among the number of shards the pages name (data-previews="N" on the
// body of page), and that no page is in two; it returns every page's
// previews by site path.
func shardsOf(t *testing.T, out map[string]string, page string) map[string]int {
	t.Helper()
	m := regexp.MustCompile(`<body class="[^"]*" data-previews="(\d+)"[ >]`).FindStringSubmatch(out[page])
	if m == nil {
		t.Fatalf("%s does not turn previews on", page)
	}
	n, _ := strconv.Atoi(m[1])
	if n < 1 || n&(n-1) != 0 {
		t.Fatalf("%d previews shards: not a power of two", n)
	}
	seen := map[string]int{}
	for name, text := range out {
		rest, ok := strings.CutPrefix(name, previewDir+"/")
		if !ok {
			continue
		}
		var f previewShard
		if err := json.Unmarshal([]byte(text), &f); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if f.V != previewFormat {
			t.Errorf("%s: format %d", name, f.V)
		}
		for sp := range f.P {
			h := fnv.New32a()
			h.Write([]byte(sp))
			if want := fmt.Sprintf("%d.json", h.Sum32()%uint32(n)); rest != want {
				t.Errorf("%s holds %s, whose shard is %s", name, sp, want)
			}
			seen[sp]++
		}
	}
	return seen
}

// TestPreviews reads a page's previews in its shard: its top, and each
// section (by its heading's id) and block (by its ^id) another page links
// to, each holding the page's own HTML for it, and no other;
// linkPreviews = false writes none and the pages do not ask for them; a
// file of the site at a shard's name wins.
func TestPreviews(t *testing.T) {
	src := writeTree(t, linkVault())
	if _, err := build(t, src, content.Options{}); err != nil {
		t.Fatal(err)
	}
	out := readTree(t, filepath.Join(src, "public"))
	seen := shardsOf(t, out, "target/index.html")
	if want := []string{"/", "/a/", "/b/", "/b/c/", "/lonely/", "/target/"}; !slices.Equal(slices.Sorted(maps.Keys(seen)), want) {
		t.Errorf("pages with previews: %v, want %v", slices.Sorted(maps.Keys(seen)), want)
	}
	var f previewShard
	if err := json.Unmarshal([]byte(out[previewDir+"/0.json"]), &f); err != nil {
		t.Fatalf("%s/0.json: %v", previewDir, err)
	}
	target := f.P["/target/"]
	page := out["target/index.html"]
	checks := []struct{ id, heading, has string }{
		{"", "", "<p>The top of the target.</p>"},
		{"cover", "Cover", "<p>Take cover.</p>"},
		{"^blk", "", "A block."},
	}
	for _, c := range checks {
		e, ok := target.S[c.id]
		switch {
		case !ok:
			t.Errorf("no preview of %q in %v", c.id, target.S)
		case e[0] != c.heading || !strings.Contains(e[1], c.has):
			t.Errorf("preview of %q = %q, want heading %q and %q", c.id, e, c.heading, c.has)
		case !strings.Contains(page, e[1]):
			t.Errorf("preview of %q is not the page's own HTML: %q", c.id, e[1])
		}
	}
	if e, ok := target.S["unlinked"]; ok {
		t.Errorf("the previews hold a section no other page links to: %q", e)
	}
	if target.T != "Target" {
		t.Errorf("previews of /target/: title %q", target.T)
	}

	off := linkVault()
	off["site.toml"] += "linkPreviews = false\n"
	src = writeTree(t, off)
	if _, err := build(t, src, content.Options{}); err != nil {
		t.Fatal(err)
	}
	out = readTree(t, filepath.Join(src, "public"))
	for name, body := range out {
		if strings.HasPrefix(name, previewDir+"/") {
			t.Errorf("linkPreviews = false wrote %s", name)
		}
		if strings.Contains(body, "data-previews") {
			t.Errorf("linkPreviews = false: %s asks for previews", name)
		}
	}

	mine := linkVault()
	mine["static/"+previewDir+"/0.json"] = "MINE"
	src = writeTree(t, mine)
	if _, err := build(t, src, content.Options{}); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(src, "public", previewDir, "0.json")); err != nil || string(b) != "MINE" {
		t.Errorf("%s/0.json = %q, %v: want the site's own file", previewDir, b, err)
	}
}

// TestPreviewShards: a site of many pages shares its pages' previews out
// to a power of two of shards, about shardPages pages each, every page
// with previews in exactly the one its site path hashes to.
func TestPreviewShards(t *testing.T) {
	files := map[string]string{"site.toml": "title = \"T\"\n", "content/_index.md": "---\ntitle: Home\n---\nWelcome.\n"}
	const pages = 300
	for i := range pages {
		files[fmt.Sprintf("content/s%d/p%03d.md", i%7, i)] = fmt.Sprintf("---\ntitle: P %d\n---\nPage %d, see [[p%03d]].\n", i, i, (i+1)%pages)
	}
	src := writeTree(t, files)
	if _, err := build(t, src, content.Options{}); err != nil {
		t.Fatal(err)
	}
	out := readTree(t, filepath.Join(src, "public"))
	seen := shardsOf(t, out, "index.html")
	shards := 0
	for name := range out {
		if strings.HasPrefix(name, previewDir+"/") {
			shards++
		}
	}
	// 300 pages, 7 sections and the home page: 308 that may have
	// previews, 8 shards of 48 or fewer on average (6.4 would be too few:
	// 8 is the next power of two); the sections, without Markdown of
	// their own, have none to show.
	if shards != 8 {
		t.Errorf("%d previews shards, want 8", shards)
	}
	if len(seen) != pages+1 {
		t.Errorf("%d pages with previews, want %d", len(seen), pages+1)
	}
	for sp, n := range seen {
		if n != 1 {
			t.Errorf("%s is in %d shards", sp, n)
		}
	}
}
