package content

import (
	"bytes"
	"encoding/gob"
	"reflect"
	"testing"

	"github.com/BurntSushi/toml"

	"d6codex/cmd/sitegen/internal/layout"
)

// TestCopyMetaIsGobRoundTrip: a page's front matter as its record gives
// it back (copyMeta) is what the cache index's gob stream gives back in
// the next build, for front matters as YAML's and TOML's decoders make
// them (empty lists and maps, nulls, dates with and without a zone,
// nesting), so that a page taken from the record in the build that made
// it (serve's) and one taken in the next build are the same; a value of a
// type the cache does not keep makes no record.
func TestCopyMetaIsGobRoundTrip(t *testing.T) {
	yamls := []string{
		"title: A\nn: 3\nf: 1.5\nok: true\nnone: null\nempty: []\nemptymap: {}\nlist: [a, 1, [], {}, null]\n",
		"date: 2024-01-02\nwhen: 2024-01-02T03:04:05+02:00\nnested: {a: {b: [1, {c: []}]}}\n",
		"tags: []\n",
		"{}\n",
	}
	tomls := []string{
		"title = 'A'\nn = 3\nf = 1.5\nlist = []\nlocal = 2024-01-02\nldt = 2024-01-02T03:04:05\nodt = 2024-01-02T03:04:05Z\n[t]\nx = [1, 2]\n",
		"",
	}
	var metas []map[string]any
	for _, y := range yamls {
		m, _, err := layout.DecodeYAMLMap([]byte(y))
		if err != nil {
			t.Fatalf("%q: %v", y, err)
		}
		metas = append(metas, m)
	}
	for _, x := range tomls {
		m := map[string]any{}
		if _, err := toml.Decode(x, &m); err != nil {
			t.Fatalf("%q: %v", x, err)
		}
		metas = append(metas, m)
	}
	for _, m := range metas {
		p := &Page{File: "a.md", Rel: "a.md", Meta: m}
		c := ToCachedLoad(p)
		if c == nil {
			t.Fatalf("%#v: no record", m)
		}
		// The index: one gob stream of many records.
		var buf bytes.Buffer
		if err := gob.NewEncoder(&buf).Encode(map[string]*CachedLoad{"a.md": c, "b.md": c}); err != nil {
			t.Fatalf("%#v: %v", m, err)
		}
		var ix map[string]*CachedLoad
		if err := gob.NewDecoder(&buf).Decode(&ix); err != nil {
			t.Fatalf("%#v: %v", m, err)
		}
		now, ok := c.Page()
		next, ok2 := ix["b.md"].Page()
		if !ok || !ok2 {
			t.Fatalf("%#v: the record gives no page", m)
		}
		if !reflect.DeepEqual(c.Meta, ix["b.md"].Meta) {
			t.Errorf("front matter in the record\n%#v\nin the index\n%#v", c.Meta, ix["b.md"].Meta)
		}
		if !reflect.DeepEqual(now.Meta, next.Meta) {
			t.Errorf("front matter from the record\n%#v\nfrom the index\n%#v", now.Meta, next.Meta)
		}
		if now.Meta == nil || next.Meta == nil {
			t.Errorf("%#v: a front matter came back as none", m)
		}
		// A step of the model that changed the page's front matter does
		// not change the record.
		now.Meta["changed"] = true
		if again, _ := c.Page(); again.Meta["changed"] != nil {
			t.Errorf("the record shares its front matter with a page")
		}
	}
	if c := ToCachedLoad(&Page{Meta: map[string]any{"x": []string{"a"}}}); c != nil {
		t.Errorf("a value of a type the cache does not keep ([]string) made a record")
	}
	if c := ToCachedLoad(&Page{}); c == nil || c.HasMeta {
		t.Errorf("a page without front matter: record %+v, want one without", c)
	}
}
