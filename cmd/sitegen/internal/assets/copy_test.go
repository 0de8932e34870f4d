package assets

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// bigData is n bytes with text at its start and end and zeros between:
// more than one chunk of zeros, so that Copy leaves a hole.
func bigData(n int, mark string) []byte {
	b := make([]byte, n)
	copy(b, mark)
	copy(b[n-len(mark):], mark)
	return b
}

// filesUnder lists the names of the files under dir (hidden ones too).
func filesUnder(t *testing.T, dir string) []string {
	t.Helper()
	var names []string
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			names = append(names, filepath.ToSlash(rel))
		}
		return err
	})
	return names
}

// TestOutputCopy: Copy publishes a file as Write does (kept in an InPlace
// folder, linked from Prev when unchanged, else written), a large one
// through a temporary file renamed into place, and refuses a source that
// is not the size it was said to be, leaving nothing behind.
func TestOutputCopy(t *testing.T) {
	const size = 3*copyChunk + 12345 // streamed: over copyInMemory
	data := bigData(size, "new!")
	other := bigData(size, "old!") // the same size, other bytes
	small := []byte(strings.Repeat("small file ", 100))

	type file struct {
		rel  string
		data []byte
	}
	tests := []struct {
		name          string
		prev, inPlace []file // what Prev and an InPlace Dir hold; Dir is fresh when inPlace is nil
		copy          file
		reused, wrote int64
		linked, kept  bool // the file is Prev's (a link), or the one Dir held
	}{
		{name: "fresh", copy: file{"a/big.bin", data}, wrote: 1},
		{name: "small", copy: file{"a/small.txt", small}, wrote: 1},
		{name: "unchanged in Prev", prev: []file{{"a/big.bin", data}}, copy: file{"a/big.bin", data}, reused: 1, linked: true},
		{name: "changed in Prev", prev: []file{{"a/big.bin", other}}, copy: file{"a/big.bin", data}, wrote: 1},
		{name: "shorter in Prev", prev: []file{{"a/big.bin", data[:size-1]}}, copy: file{"a/big.bin", data}, wrote: 1},
		{name: "kept in place", inPlace: []file{{"a/big.bin", data}}, copy: file{"a/big.bin", data}, reused: 1, kept: true},
		{name: "replaced in place", prev: []file{{"a/big.bin", data}}, inPlace: []file{{"a/big.bin", other}}, copy: file{"a/big.bin", data}, reused: 1, linked: true},
		{name: "replaced in place, not in Prev", inPlace: []file{{"a/big.bin", other}}, copy: file{"a/big.bin", data}, wrote: 1},
		{name: "a folder in place", inPlace: []file{{"a/big.bin/index.html", other}}, copy: file{"a/big.bin", data}, wrote: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := &Output{Dir: t.TempDir()}
			if tt.prev != nil {
				o.Prev = t.TempDir()
				for _, f := range tt.prev {
					if err := WriteFile(o.Prev, f.rel, f.data); err != nil {
						t.Fatal(err)
					}
				}
			}
			if tt.inPlace != nil {
				o.InPlace = true
				for _, f := range tt.inPlace {
					if err := WriteFile(o.Dir, f.rel, f.data); err != nil {
						t.Fatal(err)
					}
				}
			}
			to := filepath.Join(o.Dir, filepath.FromSlash(tt.copy.rel))
			var before os.FileInfo
			if f, err := os.Open(to); err == nil { // held open, so that its inode is not reused
				defer f.Close()
				before, _ = f.Stat()
			}
			if err := o.Copy(tt.copy.rel, bytes.NewReader(tt.copy.data), int64(len(tt.copy.data))); err != nil {
				t.Fatal(err)
			}
			if got, err := os.ReadFile(to); err != nil || !bytes.Equal(got, tt.copy.data) {
				t.Fatalf("%s holds %d bytes (%v), not the %d copied", tt.copy.rel, len(got), err, len(tt.copy.data))
			}
			if o.Reused() != tt.reused || o.Wrote() != tt.wrote {
				t.Errorf("reused %d, wrote %d; want %d and %d", o.Reused(), o.Wrote(), tt.reused, tt.wrote)
			}
			after, _ := os.Stat(to)
			if tt.prev != nil {
				p, _ := os.Stat(filepath.Join(o.Prev, filepath.FromSlash(tt.copy.rel)))
				if got := os.SameFile(p, after); got != tt.linked {
					t.Errorf("linked from Prev: %v, want %v", got, tt.linked)
				}
				for _, f := range tt.prev { // never written through
					if got, _ := os.ReadFile(filepath.Join(o.Prev, filepath.FromSlash(f.rel))); !bytes.Equal(got, f.data) {
						t.Errorf("Prev's %s changed", f.rel)
					}
				}
			}
			if before != nil && !before.IsDir() && os.SameFile(before, after) != tt.kept {
				t.Errorf("the file Dir held kept: %v, want %v", os.SameFile(before, after), tt.kept)
			}
			if files := o.Files(); len(files) != 1 || files[0].Rel != tt.copy.rel || files[0].Sum != sha256.Sum256(tt.copy.data) {
				t.Errorf("Files() = %v, want %s with the SHA-256 of what was copied", files, tt.copy.rel)
			}
			for _, name := range filesUnder(t, o.Dir) {
				if strings.Contains(name, ".tmp-") {
					t.Errorf("temporary file %s left", name)
				}
			}
		})
	}
}

// TestOutputCopyChanged: a source that is not the size it was said to be
// (a file that changed while it was published), or not the content its
// name was made from (CopySum), publishes nothing and says so.
func TestOutputCopyChanged(t *testing.T) {
	const size = 2*copyChunk + 7
	data := bigData(size, "data")
	for _, tt := range []struct {
		name  string
		src   []byte
		size  int64
		sum   *[sha256.Size]byte
		prev  bool
		small bool
	}{
		{name: "shorter", src: data[:size-1], size: size},
		{name: "longer", src: append(bytes.Clone(data), 'x'), size: size},
		{name: "shorter, small", src: data[:100], size: 101},
		{name: "longer, small", src: data[:102], size: 101},
		{name: "shorter, a Prev to compare", src: data[:size-1], size: size, prev: true},
		{name: "other content", src: data, size: size, sum: &[sha256.Size]byte{1}},
		{name: "other content, a Prev to compare", src: data, size: size, sum: &[sha256.Size]byte{1}, prev: true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			o := &Output{Dir: t.TempDir()}
			if tt.prev {
				o.Prev = t.TempDir()
				if err := WriteFile(o.Prev, "f.bin", data); err != nil {
					t.Fatal(err)
				}
			}
			var err error
			if tt.sum != nil {
				err = o.CopySum("f.bin", bytes.NewReader(tt.src), tt.size, *tt.sum)
			} else {
				err = o.Copy("f.bin", bytes.NewReader(tt.src), tt.size)
			}
			if !errors.Is(err, errChanged) || !strings.Contains(err.Error(), "f.bin") {
				t.Errorf("err = %v, want one naming f.bin that says it changed", err)
			}
			if names := filesUnder(t, o.Dir); len(names) != 0 {
				t.Errorf("left %v", names)
			}
			if o.Has("f.bin") {
				t.Error("f.bin recorded as published")
			}
		})
	}
}

// TestOutputCopyHoles: a block of zeros is not written (as cp leaves a
// hole for it), so that a sparse file costs no disk once published
// either, and the copy reads back the same.
func TestOutputCopyHoles(t *testing.T) {
	const size = 64 << 20
	dir := t.TempDir()
	src := filepath.Join(dir, "sparse")
	f, err := os.Create(src)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.Truncate(size); err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt([]byte("end"), size-3); err != nil {
		t.Fatal(err)
	}
	info, _ := f.Stat()
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok || st.Blocks*512 >= size/2 {
		t.Skipf("the temporary folder's file system has no holes (%d blocks for a sparse file)", st.Blocks)
	}
	o := &Output{Dir: filepath.Join(dir, "out")}
	if err := o.Copy("big.bin", f, size); err != nil {
		t.Fatal(err)
	}
	out, err := os.Stat(filepath.Join(o.Dir, "big.bin"))
	if err != nil {
		t.Fatal(err)
	}
	if blocks := out.Sys().(*syscall.Stat_t).Blocks; blocks*512 > 2*copyChunk {
		t.Errorf("the copy takes %d bytes of disk for %d bytes, all zeros but 3", blocks*512, size)
	}
	sum, err := HashFile(f, size)
	if err != nil {
		t.Fatal(err)
	}
	if files := o.Files(); len(files) != 1 || files[0].Sum != sum {
		t.Errorf("Files() = %v, want big.bin with the source's SHA-256", files)
	}
	got, _ := os.ReadFile(filepath.Join(o.Dir, "big.bin"))
	if sha256.Sum256(got) != sum {
		t.Error("the copy reads back other bytes than the source")
	}
}

// BenchmarkOutputCopy: publishing a 64 MiB file, fresh and kept (linked
// from Prev); B/op stays a few chunks, whatever the file's size.
func BenchmarkOutputCopy(b *testing.B) {
	const size = 64 << 20
	data := make([]byte, size)
	for i := range data {
		data[i] = byte(i*7 + i>>12)
	}
	prev := b.TempDir()
	if err := WriteFile(prev, "big.bin", data); err != nil {
		b.Fatal(err)
	}
	for _, bm := range []struct {
		name string
		prev string
	}{{"fresh", ""}, {"unchanged", prev}} {
		b.Run(bm.name, func(b *testing.B) {
			b.SetBytes(size)
			b.ReportAllocs()
			for b.Loop() {
				o := &Output{Dir: b.TempDir(), Prev: bm.prev}
				if err := o.Copy("big.bin", bytes.NewReader(data), size); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestCopyAtomic: CopyAtomic replaces a file whole with a large one, and
// leaves it as it was (and nothing else) when the source is not the size
// it was said to be.
func TestCopyAtomic(t *testing.T) {
	const size = 2*copyChunk + 3
	data := bigData(size, "new!")
	for _, tt := range []struct {
		name string
		src  []byte
		ok   bool
	}{
		{"whole", data, true},
		{"shorter", data[:size-1], false},
		{"longer", append(bytes.Clone(data), 'x'), false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, "sub", "f.bin")
			if err := WriteFile(dir, "sub/f.bin", []byte("old")); err != nil {
				t.Fatal(err)
			}
			err := CopyAtomic(p, bytes.NewReader(tt.src), size)
			got, _ := os.ReadFile(p)
			switch {
			case tt.ok && (err != nil || !bytes.Equal(got, data)):
				t.Errorf("err %v; the file holds %d bytes, want the %d copied", err, len(got), size)
			case !tt.ok && (!errors.Is(err, errChanged) || string(got) != "old"):
				t.Errorf("err %v and the file holds %d bytes; want errChanged and the old file", err, len(got))
			}
			if names := filesUnder(t, dir); len(names) != 1 {
				t.Errorf("files left: %v", names)
			}
		})
	}
}
