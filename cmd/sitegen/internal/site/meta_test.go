package site

import (
	"maps"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
)

func TestMetaLines(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		meta      map[string]any
		end       int // -1: not metadata
	}{
		{"mkdocs page", "description: Rules for movement.\n\n# Movement\n", map[string]any{"description": "Rules for movement."}, 33},
		{"monster", "name: Elf, Drow\ntype: humanoid (elf)\ncr: .25\n\n# Elf", map[string]any{"name": "Elf, Drow", "type": "humanoid (elf)", "cr": ".25"}, 45},
		{"continuation and case", "Title: A long\n    title\nWeight: 3\ndraft: true\n", map[string]any{"title": "A long title", "weight": 3, "draft": true}, 46},
		{"empty value", "title: T\ntags:\n\nx", map[string]any{"title": "T", "tags": ""}, 15},
		{"one unknown key is text", "Note: roll again.\n\nMore.\n", nil, -1},
		{"heading first", "# Title\n\ntitle: x\n", nil, -1},
		{"a URL is not a key", "https://example.org\nsee: this\n", nil, -1},
		{"prose after keys", "title: T\nThis line is prose.\n", nil, -1},
		{"empty file", "", nil, -1},
	} {
		meta, end, ok := content.MetaLines([]byte(tc.src))
		if ok != (tc.end >= 0) {
			t.Errorf("%s: ok = %v", tc.name, ok)
			continue
		}
		if ok && (end != tc.end || !maps.Equal(meta, tc.meta)) {
			t.Errorf("%s: meta %v end %d, want %v end %d", tc.name, meta, end, tc.meta, tc.end)
		}
	}
}

// TestMetaLinesSite: a MkDocs page's metadata lines become its fields, the
// Markdown after them keeps its line numbers, a page with front matter is
// left alone, and metaLines = false shows them as text.
func TestMetaLinesSite(t *testing.T) {
	files := map[string]string{
		"content/movement.md": "title: Moving around\ndescription: Rules for movement.\n\n# Movement\n\nSee [gone](gone.md).\n",
		"content/fm.md":       "---\ntitle: Front\n---\n\nkey: value\nother: value\n",
	}
	res, err := build(t, writeTree(t, files), content.Options{})
	if err == nil || !strings.Contains(err.Error(), "content/movement.md:6:5: broken link") {
		t.Fatalf("err = %v, want the broken link at its own line 6", err)
	}
	_ = res
	files["content/movement.md"] = "title: Moving around\ndescription: Rules for movement.\nweight: 2\n\n# Movement\n\nText.\n"
	src := writeTree(t, files)
	if _, err := build(t, src, content.Options{}); err != nil {
		t.Fatal(err)
	}
	out := readTree(t, src+"/public")
	page := out["movement/index.html"]
	for _, want := range []string{"<title>Moving around", `content="Rules for movement."`, "<h1>Movement"} {
		if !strings.Contains(page, want) {
			t.Errorf("movement page lacks %q", want)
		}
	}
	if strings.Contains(page, "weight: 2") || strings.Contains(page, "description:") {
		t.Errorf("metadata lines shown as text")
	}
	if !strings.Contains(out["fm/index.html"], "key: value") {
		t.Errorf("a page with front matter lost its first paragraph")
	}
	files["site.toml"] = "title = \"T\"\nbaseURL = \"https://rules.test/\"\nmetaLines = false\n"
	src = writeTree(t, files)
	if _, err := build(t, src, content.Options{}); err != nil {
		t.Fatal(err)
	}
	if page := readTree(t, src+"/public")["movement/index.html"]; !strings.Contains(page, "weight: 2") {
		t.Errorf("metaLines = false still read the lines as metadata")
	}
}
