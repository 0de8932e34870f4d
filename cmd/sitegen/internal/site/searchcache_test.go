package site

import (
	"reflect"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
)

// TestSearchObject: a page's search entry as the build cache keeps it
// reads back as it was written, and any shorter or longer object is
// refused (the object's name checks its content; this is the decoder's
// own bound).
func TestSearchObject(t *testing.T) {
	p := &content.Page{Title: "Dwarf \"Forge\" <priest>", Names: []string{"Dwarves", "Stout folk"}}
	docs := []content.SearchDoc{{Text: "Lead text, \u2028 odd \x01 bytes \xff here."}, {Anchor: "a-b", Heading: "Heading & more", Text: "Sección ünïcode"}}
	sp := newSearchPage(p, "/races/dwarf/", docs)
	for _, names := range [][]string{p.Names, nil} {
		obj := encodeSearchObject("/races/dwarf/", p.Title, names, sp)
		url, title, gotNames, got, err := decodeSearchObject(obj)
		if err != nil {
			t.Fatalf("decode: %v", err)
		}
		if url != "/races/dwarf/" || title != p.Title || !reflect.DeepEqual(gotNames, names) || !reflect.DeepEqual(got, sp) {
			t.Errorf("decoded %q %q %q %+v, want %q %q %q %+v", url, title, gotNames, got, "/races/dwarf/", p.Title, names, sp)
		}
		for n := range len(obj) {
			if _, _, _, _, err := decodeSearchObject(obj[:n]); err == nil {
				t.Errorf("an object cut to %d of %d bytes decodes", n, len(obj))
			}
		}
		if _, _, _, _, err := decodeSearchObject(append(obj, 0)); err == nil {
			t.Error("an object with a byte more decodes")
		}
	}
}

// TestEntryDocs: the documents read back from a page's entry (for
// serve, which weighs them again when the title changes) make the same
// entry and the same terms as the documents it was made from.
func TestEntryDocs(t *testing.T) {
	p := &content.Page{Title: "Rules", Names: []string{"Core"}}
	for _, docs := range [][]content.SearchDoc{
		{{Text: ""}},
		{{Text: "Plain lead."}, {Anchor: "x", Heading: "A \"quoted\" <b>", Text: "tab\there\nnew line \u2029 \\ back"}},
		{{Text: "Ünïcödé"}, {Anchor: "é", Heading: "", Text: "control \x00\x1f"}},
	} {
		want := newSearchPage(p, "/rules/", docs)
		back, err := entryDocs(want.entry)
		if err != nil {
			t.Fatalf("entryDocs(%s): %v", want.entry, err)
		}
		if got := newSearchPage(p, "/rules/", back); !reflect.DeepEqual(got, want) {
			t.Errorf("docs %q read back as %q: entry %s, want %s", docs, back, got.entry, want.entry)
		}
	}
	// A text with an invalid byte is held as \ufffd: it does not read
	// back as it was (the page is rendered again).
	if docs, err := entryDocs(newSearchPage(p, "/rules/", []content.SearchDoc{{Text: "bad \xff byte"}}).entry); err == nil {
		t.Errorf("an entry of an invalid byte read back as %q", docs)
	}
	if _, err := entryDocs([]byte(`["/a/","A"]`)); err == nil {
		t.Error("an entry without documents reads")
	}
}
