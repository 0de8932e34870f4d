package markup

import (
	"bytes"
	"encoding/gob"
	"reflect"
	"strings"
	"testing"
)

// TestPreviewIndexGob: an index kept by a build cache (gob) is the index
// it was: the same fields, the same previews; one whose parts do not fit
// together is refused, not trusted.
func TestPreviewIndexGob(t *testing.T) {
	md := New(Options{Obsidian: true, Dialects: Dialects{TermIDs: true}})
	big := strings.Repeat("| long | row of a big table |\n", 400)
	src := "Top text.\n\n## Combat\n\nCombat text.\n\nA block. ^blk\n\n- one\n- two ^item\n\nTerm\n: Its definition.\n\n## Tables\n\n| a | b |\n|---|---|\n" + big
	doc, _ := md.Parse([]byte(src), &Page{})
	var b bytes.Buffer
	starts, err := md.RenderBlocks(&b, []byte(src), doc)
	if err != nil {
		t.Fatal(err)
	}
	x := md.PreviewIndex(doc, []byte(src), starts)
	if x == nil || len(x.ids) == 0 || len(x.inner) == 0 || len(x.excerpts) == 0 {
		t.Fatalf("the page's index lacks a kind of part: %+v", x)
	}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(x); err != nil {
		t.Fatal(err)
	}
	var y *PreviewIndex
	if err := gob.NewDecoder(bytes.NewReader(buf.Bytes())).Decode(&y); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(x, y) {
		t.Errorf("decoded %+v, want %+v", y, x)
	}
	for _, id := range []string{"", "combat", "^blk", "^item", "term", "tables"} {
		p, ok := x.Preview(b.String(), id)
		q, ok2 := y.Preview(b.String(), id)
		if p != q || ok != ok2 || !ok {
			t.Errorf("preview of %q: %+v %t after decoding, %+v %t before", id, q, ok2, p, ok)
		}
	}
	for name, w := range map[string]previewWire{
		"starts and levels":   {Starts: []int32{0, 1, 2}, Levels: []int8{1}},
		"an id past the end":  {Starts: []int32{0, 5}, Levels: []int8{1}, IDs: []string{"a"}, IDAt: []int32{1}},
		"ids without indexes": {Starts: []int32{0, 5}, Levels: []int8{1}, IDs: []string{"a"}},
		"starts going back":   {Starts: []int32{0, 5, 3}, Levels: []int8{1, 0}},
		"an excerpt before 0": {Starts: []int32{0, 5}, Levels: []int8{1}, Excerpts: []string{"x"}, ExAt: []int32{-1}},
	} {
		var buf bytes.Buffer
		if err := gob.NewEncoder(&buf).Encode(w); err != nil {
			t.Fatal(err)
		}
		var z PreviewIndex
		if err := z.GobDecode(buf.Bytes()); err == nil {
			t.Errorf("%s: decoded %+v, want an error", name, z)
		}
	}
}
