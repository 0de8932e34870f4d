package assets

import (
	"bytes"
	"crypto/sha256"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestOutputSparse: a Sparse output receives only the files whose bytes
// the previous output (Prev) does not hold: every way of keeping a file
// (Write, Copy of a large file, KeepGzip, KeepSum, KeepIf) leaves an
// unchanged one in Prev, recorded but neither written nor linked into
// Dir; Written lists the files placed in Dir, Path says where each file
// is, and a later write of a path back to Prev's bytes takes the earlier
// one out of Dir. Complete then makes Dir a whole output.
func TestOutputSparse(t *testing.T) {
	prev, dir := t.TempDir(), t.TempDir()
	big := bigData(3*copyInMemory, "big")
	data := bytes.Repeat([]byte(`{"term":[1,2,3]}`), 50)
	z, err := Gzip(data, 6)
	if err != nil {
		t.Fatal(err)
	}
	old := map[string][]byte{
		"same.html":                []byte("same"),
		"changed.html":             []byte("old"),
		"back/index.html":          []byte("first"),
		"big.bin":                  big,
		"search/t/61.0123.json.gz": z,
		"sum/index.html":           []byte("by its hash"),
		"stamp/index.html":         []byte("by its stamp"),
		"through/index.html":       []byte("through a link"),
	}
	for rel, b := range old {
		p := filepath.Join(prev, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A folder of Prev reached through a link is never kept from.
	if err := os.Rename(filepath.Join(prev, "through"), filepath.Join(t.TempDir(), "x")); err != nil {
		t.Fatal(err)
	}
	elsewhere := filepath.Join(t.TempDir(), "through")
	if err := os.MkdirAll(elsewhere, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(elsewhere, "index.html"), []byte("through a link"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(elsewhere, filepath.Join(prev, "through")); err != nil {
		t.Fatal(err)
	}

	o := &Output{Dir: dir, Prev: prev, Sparse: true}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(o.Write("same.html", []byte("same")))
	must(o.Write("changed.html", []byte("new")))
	must(o.Write("new/index.html", []byte("new page")))
	must(o.Write("back/index.html", []byte("second")))
	must(o.Write("back/index.html", []byte("first"))) // back to Prev's bytes: out of Dir
	must(o.Copy("big.bin", bytes.NewReader(big), int64(len(big))))
	must(o.Write("through/index.html", []byte("through a link")))
	if !o.KeepGzip("search/t/61.0123.json.gz", data) {
		t.Error("KeepGzip kept nothing")
	}
	if !o.KeepSum("sum/index.html", sha256.Sum256([]byte("by its hash"))) {
		t.Error("KeepSum kept nothing")
	}
	if _, ok := o.KeepIf("stamp/index.html", sha256.Sum256([]byte("by its stamp")), func(fs.FileInfo) bool { return true }); !ok {
		t.Error("KeepIf kept nothing")
	}
	wantWritten := []string{"changed.html", "new/index.html", "through/index.html"}
	if got := o.Written(); !slices.Equal(got, wantWritten) {
		t.Errorf("Written = %q, want %q", got, wantWritten)
	}
	if got := filesUnder(t, dir); !slices.Equal(got, wantWritten) {
		t.Errorf("files in Dir: %q, want %q", got, wantWritten)
	}
	for rel, in := range map[string]string{"same.html": prev, "big.bin": prev, "changed.html": dir, "back/index.html": prev} {
		if want := filepath.Join(in, filepath.FromSlash(rel)); o.Path(rel) != want {
			t.Errorf("Path(%s) = %s, want %s", rel, o.Path(rel), want)
		}
	}
	if got, err := os.ReadFile(filepath.Join(prev, "changed.html")); err != nil || string(got) != "old" {
		t.Errorf("Prev's changed.html = %q, %v: a Sparse output never writes into Prev", got, err)
	}

	must(o.Complete())
	if o.Sparse || len(o.Written()) != 0 {
		t.Errorf("after Complete: Sparse %v, Written %q", o.Sparse, o.Written())
	}
	want := map[string]string{"same.html": "same", "changed.html": "new", "new/index.html": "new page", "back/index.html": "first",
		"big.bin": string(big), "search/t/61.0123.json.gz": string(z), "sum/index.html": "by its hash", "stamp/index.html": "by its stamp",
		"through/index.html": "through a link"}
	for rel, w := range want {
		got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
		if err != nil || string(got) != w {
			t.Errorf("after Complete, %s: %d bytes (%v), want %d", rel, len(got), err, len(w))
		}
	}
	if got := filesUnder(t, dir); len(got) != len(want) {
		t.Errorf("after Complete, Dir holds %q", got)
	}
}
