package site

import (
	"reflect"
	"testing"
)

// TestSearchObject: a page's search entry as the build cache keeps it
// reads back as it was written, and any shorter or longer object is
// refused (the object's name checks its content; this is the decoder's
// own bound).
func TestSearchObject(t *testing.T) {
	p := &page{title: "Dwarf \"Forge\" <priest>", names: []string{"Dwarves", "Stout folk"}}
	docs := []searchDoc{{text: "Lead text, \u2028 odd \x01 bytes \xff here."}, {anchor: "a-b", heading: "Heading & more", text: "Sección ünïcode"}}
	sp := newSearchPage(p, "/races/dwarf/", docs)
	for _, names := range [][]string{p.names, nil} {
		obj := encodeSearchObject("/races/dwarf/", p.title, names, sp)
		url, title, gotNames, got, err := decodeSearchObject(obj)
		if err != nil {
			t.Fatalf("decode: %v", err)
		}
		if url != "/races/dwarf/" || title != p.title || !reflect.DeepEqual(gotNames, names) || !reflect.DeepEqual(got, sp) {
			t.Errorf("decoded %q %q %q %+v, want %q %q %q %+v", url, title, gotNames, got, "/races/dwarf/", p.title, names, sp)
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
	p := &page{title: "Rules", names: []string{"Core"}}
	for _, docs := range [][]searchDoc{
		{{text: ""}},
		{{text: "Plain lead."}, {anchor: "x", heading: "A \"quoted\" <b>", text: "tab\there\nnew line \u2029 \\ back"}},
		{{text: "Ünïcödé"}, {anchor: "é", heading: "", text: "control \x00\x1f"}},
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
	if docs, err := entryDocs(newSearchPage(p, "/rules/", []searchDoc{{text: "bad \xff byte"}}).entry); err == nil {
		t.Errorf("an entry of an invalid byte read back as %q", docs)
	}
	if _, err := entryDocs([]byte(`["/a/","A"]`)); err == nil {
		t.Error("an entry without documents reads")
	}
}
