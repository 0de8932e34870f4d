package markup

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// TestOutlineParserIDs checks that the block-only parser used while loading
// finds exactly the ids the full renderer produces.
func TestOutlineParserIDs(t *testing.T) {
	docs := []string{
		"---\ntitle: x\n---\n\n# One\n\n## One\n\n## *Emph* and `code` [link](x.md)\n\nSetext\n------\n\n## Custom {#my-id}\n\n```\n## not a heading\n```\n\n> ## Quoted\n\n- ## In list\n\nTerm\n: ## in dd?\n\nNote.[^1]\n\n[^1]: ## in footnote\n\n<div id=\"raw-id\">\n## in html\n</div>\n\nA <span id=\"inline-id\">span</span>.\n\nA block ^block-1\n\n- item ^item-2\n\n%%\n## hidden\n%%\n\n| a |\n|---|\n| ## cell |\n",
	}
	err := filepath.WalkDir(filepath.Join("..", "site", "testdata", "site", "content"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, rerr := os.ReadFile(p)
			docs = append(docs, string(b))
			return rerr
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	md := New(Options{Obsidian: true})
	for i, doc := range docs {
		parsed, _ := md.Parse([]byte(doc), &Page{})
		outline, _ := md.Outline([]byte(doc))
		full, fast := IDs(parsed, []byte(doc)), IDs(outline, []byte(doc))
		if !mapsEqualBool(full, fast) {
			t.Errorf("doc %d: outline ids %v, full ids %v", i, fast, full)
		}
		if i == 0 && len(full) < 6 {
			t.Errorf("doc 0: only %d ids found: %v", len(full), full)
		}
	}
}

func mapsEqualBool(a, b map[string]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}
