package assets

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"errors"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
)

func TestWriteAtomic(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a", "b", "f.txt")
	for _, body := range []string{"first", "second, longer than the first"} {
		if err := WriteAtomic(p, []byte(body)); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(p)
		if err != nil || string(got) != body {
			t.Fatalf("read %q, %v; want %q", got, err, body)
		}
	}
	ents, _ := os.ReadDir(filepath.Dir(p))
	if len(ents) != 1 {
		t.Errorf("folder holds %d entries, want only f.txt (no temporary file left)", len(ents))
	}
	if info, _ := os.Stat(p); info.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", info.Mode().Perm())
	}
	// A target that cannot be replaced (a folder) is an error naming it,
	// and leaves no temporary file behind.
	blocked := filepath.Join(dir, "blocked")
	if err := os.MkdirAll(filepath.Join(blocked, "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	err := WriteAtomic(blocked, []byte("x"))
	if err == nil || !strings.Contains(err.Error(), "blocked") {
		t.Fatalf("err = %v, want an error naming the file", err)
	}
	ents, _ = os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".tmp-") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}

func TestPublishedName(t *testing.T) {
	for _, tc := range []struct {
		rel    string
		hashed bool
	}{
		{"css/site.css", true},
		{"js/calc.js", true},
		{"wasm/opend6.wasm", true},
		{"x.mjs", true},
		{"img/logo.png", false},
		{"favicon.svg", false},
	} {
		a, b := PublishedName(tc.rel, []byte("one")), PublishedName(tc.rel, []byte("two"))
		if Hashed(tc.rel) != tc.hashed {
			t.Errorf("Hashed(%q) = %v, want %v", tc.rel, !tc.hashed, tc.hashed)
		}
		switch {
		case tc.hashed && (a == b || a == tc.rel || filepath.Ext(a) != filepath.Ext(tc.rel)):
			t.Errorf("%s: names %q and %q: want distinct hashed names keeping the extension", tc.rel, a, b)
		case !tc.hashed && (a != tc.rel || b != tc.rel):
			t.Errorf("%s: names %q and %q, want the name unchanged", tc.rel, a, b)
		}
	}
}

func TestMinify(t *testing.T) {
	for _, tc := range []struct {
		rel, in string
		smaller bool
	}{
		{"a.css", "body {\n  color : red ;\n}\n", true},
		{"a.js", "function f ( x ) {\n  return x + 1 ;\n}\n", true},
		{"a.min.js", "function f ( x ) {\n  return x + 1 ;\n}\n", false},
		{"a.txt", "keep   these   spaces\n", false},
	} {
		out, err := Minify(tc.rel, []byte(tc.in))
		if err != nil {
			t.Fatalf("%s: %v", tc.rel, err)
		}
		if got := len(out) < len(tc.in); got != tc.smaller {
			t.Errorf("%s: %q -> %q, smaller = %v, want %v", tc.rel, tc.in, out, got, tc.smaller)
		}
	}
	if _, err := Minify("bad.js", []byte("function (")); err == nil || !strings.Contains(err.Error(), "bad.js") {
		t.Errorf("bad script: err = %v, want an error naming bad.js", err)
	}
}

func TestCacheCompressed(t *testing.T) {
	data := bytes.Repeat([]byte("rules of combat "), 200)
	for _, c := range []Cache{{}, {Dir: t.TempDir()}} {
		for _, enc := range []string{"gz", "br"} {
			z, err := c.Compressed(context.Background(), data, enc, 5)
			if err != nil {
				t.Fatal(err)
			}
			if got := inflate(t, enc, z); !bytes.Equal(got, data) {
				t.Fatalf("%s round trip differs", enc)
			}
		}
	}
	// An entry in the cache is used as is: the cache is content-addressed,
	// so whatever is stored under the key is what a build gets.
	c := Cache{Dir: t.TempDir()}
	first, err := c.Compressed(context.Background(), data, "gz", 9)
	if err != nil {
		t.Fatal(err)
	}
	ents, _ := filepath.Glob(filepath.Join(c.Dir, "precompressed", "*.gz.9"))
	if len(ents) != 1 {
		t.Fatalf("cache holds %v, want one .gz.9 entry", ents)
	}
	if err := os.WriteFile(ents[0], []byte("sentinel"), 0o644); err != nil {
		t.Fatal(err)
	}
	if again, _ := c.Compressed(context.Background(), data, "gz", 9); string(again) != "sentinel" {
		t.Errorf("second call recomputed (%d bytes, first %d) instead of reading the cache", len(again), len(first))
	}
	if other, _ := c.Compressed(context.Background(), data, "gz", 1); string(other) == "sentinel" {
		t.Errorf("another level read the level-9 entry")
	}
	if _, err := c.Compressed(context.Background(), data, "zstd", 1); err == nil {
		t.Errorf("unknown encoding accepted")
	}
}

func TestPrecompress(t *testing.T) {
	dir := t.TempDir()
	data := bytes.Repeat([]byte("x = 1;\n"), 500)
	if err := (Cache{}).Precompress(context.Background(), &Output{Dir: dir}, "js/a.js", data, 5, 5); err != nil {
		t.Fatal(err)
	}
	for _, enc := range []string{"br", "gz"} {
		z, err := os.ReadFile(filepath.Join(dir, "js", "a.js."+enc))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(inflate(t, enc, z), data) {
			t.Errorf("a.js.%s does not inflate to the data", enc)
		}
	}
}

func inflate(t *testing.T, enc string, z []byte) []byte {
	t.Helper()
	var r io.Reader
	switch enc {
	case "gz":
		zr, err := gzip.NewReader(bytes.NewReader(z))
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	case "br":
		r = brotli.NewReader(bytes.NewReader(z))
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestOutputReuse: unchanged files are linked from the previous output,
// changed ones written, and a second write to a path never writes through
// a link into the previous output.
func TestOutputReuse(t *testing.T) {
	prev, dir := t.TempDir(), t.TempDir()
	for rel, body := range map[string]string{"a.html": "same", "b.html": "old", "sub/c.css": "same css"} {
		if err := WriteFile(prev, rel, []byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	o := &Output{Dir: dir, Prev: prev}
	for rel, body := range map[string]string{"a.html": "same", "b.html": "new", "sub/c.css": "same css", "d.html": "added"} {
		if err := o.Write(rel, []byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	if o.Reused() != 2 || o.Wrote() != 2 {
		t.Errorf("reused %d, wrote %d; want 2 and 2", o.Reused(), o.Wrote())
	}
	for _, rel := range []string{"a.html", "sub/c.css"} {
		a, _ := os.Stat(filepath.Join(prev, rel))
		b, _ := os.Stat(filepath.Join(dir, rel))
		if !os.SameFile(a, b) {
			t.Errorf("%s was copied, want a link to the previous output", rel)
		}
	}
	// The same path written again (an alias over a page): the new bytes
	// land in Dir only.
	if err := o.Write("a.html", []byte("overwritten")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(prev, "a.html")); string(got) != "same" {
		t.Errorf("previous output's a.html = %q: written through the link", got)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "a.html")); string(got) != "overwritten" {
		t.Errorf("a.html = %q, want the last write", got)
	}
	// Rewriting a reused file with its own bytes again links again.
	if err := o.Write("sub/c.css", []byte("same css")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "sub/c.css")); string(got) != "same css" {
		t.Errorf("sub/c.css = %q", got)
	}
	// Without Prev every file is written.
	fresh := &Output{Dir: t.TempDir()}
	if err := fresh.Write("a.html", []byte("x")); err != nil || fresh.Wrote() != 1 || fresh.Reused() != 0 {
		t.Errorf("no Prev: err %v, wrote %d, reused %d", err, fresh.Wrote(), fresh.Reused())
	}
}

// TestOutputInPlace: an InPlace output keeps the files that already hold
// the right bytes, replaces the others without writing through links to
// the published tree, and Prune removes what the build did not write.
func TestOutputInPlace(t *testing.T) {
	prev, dir := t.TempDir(), t.TempDir()
	for rel, body := range map[string]string{"linked.html": "v1", "kept.html": "same", "moved.html": "v2"} {
		if err := WriteFile(prev, rel, []byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	// dir holds an older output: one file shared with prev by a link (as
	// a rebuild leaves them), one identical copy, stale files and folders.
	if err := os.Link(filepath.Join(prev, "linked.html"), filepath.Join(dir, "linked.html")); err != nil {
		t.Skipf("no hard links in the temp dir: %v", err)
	}
	for rel, body := range map[string]string{
		".sitegen": "marker", "kept.html": "same", "moved.html": "v1", "gone/page/index.html": "gone",
		"page": "a file where a folder is needed", "dir.html/x": "a folder where a file is needed",
	} {
		if err := WriteFile(dir, rel, []byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	keptBefore, _ := os.Stat(filepath.Join(dir, "kept.html"))
	o := &Output{Dir: dir, Prev: prev, InPlace: true}
	want := map[string]string{
		".sitegen": "marker", "linked.html": "v2", "kept.html": "same", "moved.html": "v2",
		"page/index.html": "new page", "dir.html": "now a file",
	}
	for rel, body := range want {
		if rel == ".sitegen" {
			continue
		}
		if err := o.Write(rel, []byte(body)); err != nil {
			t.Fatalf("write %s: %v", rel, err)
		}
	}
	if got, _ := os.ReadFile(filepath.Join(prev, "linked.html")); string(got) != "v1" {
		t.Errorf("published linked.html = %q: written through the link", got)
	}
	if keptAfter, _ := os.Stat(filepath.Join(dir, "kept.html")); !os.SameFile(keptBefore, keptAfter) {
		t.Error("kept.html held the right bytes but was written again")
	}
	a, _ := os.Stat(filepath.Join(prev, "moved.html"))
	if b, _ := os.Stat(filepath.Join(dir, "moved.html")); !os.SameFile(a, b) {
		t.Error("moved.html equals the published file but was not linked from it")
	}
	if o.Reused() != 2 || o.Wrote() != 3 {
		t.Errorf("reused %d, wrote %d; want 2 (kept.html, moved.html) and 3", o.Reused(), o.Wrote())
	}
	removed, err := o.Prune(func(name string) bool { return name == ".sitegen" })
	if err != nil {
		t.Fatal(err)
	}
	if removed != 1 {
		t.Errorf("Prune removed %d files, want 1 (gone/page/index.html)", removed)
	}
	got := map[string]string{}
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if d.IsDir() {
			if entries, _ := os.ReadDir(p); len(entries) == 0 {
				t.Errorf("empty folder %s left", rel)
			}
			return nil
		}
		b, _ := os.ReadFile(p)
		got[filepath.ToSlash(rel)] = string(b)
		return nil
	})
	if !maps.Equal(got, want) {
		t.Errorf("after Prune:\n got %q\nwant %q", got, want)
	}
}

// TestCacheTrim: entries unused for CacheMaxAge go, recent ones and files
// that are not the cache's stay, a second trim within a day walks nothing,
// and Get renews the time of an old entry it uses.
func TestCacheTrim(t *testing.T) {
	c := Cache{Dir: t.TempDir()}
	now := time.Now()
	old := now.Add(-CacheMaxAge - time.Hour)
	hex := strings.Repeat("ab", 32)
	files := map[string]bool{ // name -> kept by Trim; all but the recent one unused for longer than CacheMaxAge
		"precompressed/" + hex + ".br.11":                     false,
		"precompressed/" + hex + ".br.11.w15":                 false, // with its window (brotliWindow)
		"minified/" + hex + ".javascript.2.24.8":              false,
		"precompressed/" + strings.Repeat("cd", 32) + ".gz.9": true, // recent
		"precompressed/.tmp-123456":                           false,
		"precompressed/notes.txt":                             true, // not an entry's name
		"wasm/" + strings.Repeat("ef", 16) + "-opend6.wasm":   false,
		"other/" + hex + ".br.11":                             true, // not a cache folder
		// A site's build objects, in its own folder (named as its index).
		"buildobjs/" + strings.Repeat("0a", 12) + "/" + hex:                      false,
		"buildobjs/" + strings.Repeat("0a", 12) + "/" + strings.Repeat("cd", 32): true, // recent
		"buildobjs/" + strings.Repeat("0b", 12) + "/" + hex:                      false,
		"buildobjs/" + strings.Repeat("0b", 12) + "/notes.txt":                   true,  // not an entry's name
		"buildobjs/notasite/" + hex:                                              true,  // not a site's folder
		"buildobjs/" + strings.Repeat("0c", 12) + "/" + hex:                      false, // its folder, left empty, goes too
	}
	for name := range files {
		if err := WriteFile(c.Dir, name, []byte(name)); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(name, "cdcd") {
			if err := os.Chtimes(c.Path(name), old, old); err != nil {
				t.Fatal(err)
			}
		}
	}
	// An old entry that a build reads is renewed, so Trim keeps it.
	used := "precompressed/" + strings.Repeat("12", 32) + ".gz.6"
	if err := WriteFile(c.Dir, used, []byte("in use")); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(c.Path(used), old, old); err != nil {
		t.Fatal(err)
	}
	if got, err := c.Get(used, func() ([]byte, error) { return nil, errors.New("recomputed") }); err != nil || string(got) != "in use" {
		t.Fatalf("Get = %q, %v", got, err)
	}
	files[used] = true
	n, err := c.Trim(now)
	if err != nil {
		t.Fatal(err)
	}
	if n != 8 {
		t.Errorf("Trim removed %d files, want 8", n)
	}
	if _, err := os.Stat(filepath.Join(c.Dir, "buildobjs", strings.Repeat("0c", 12))); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a site's folder of objects left empty is still there (%v)", err)
	}
	for name, kept := range files {
		_, err := os.Stat(c.Path(name))
		if (err == nil) != kept {
			t.Errorf("%s: kept = %v, want %v", name, err == nil, kept)
		}
	}
	// Within a day, Trim does not walk again.
	late := "wasm/" + strings.Repeat("01", 16) + "-dice.wasm"
	if err := WriteFile(c.Dir, late, []byte("x")); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(c.Path(late), old, old); err != nil {
		t.Fatal(err)
	}
	if n, err := c.Trim(now.Add(time.Hour)); err != nil || n != 0 {
		t.Errorf("second Trim within a day: %d, %v; want 0, nil", n, err)
	}
	if n, err := c.Trim(now.Add(25 * time.Hour)); err != nil || n != 1 {
		t.Errorf("Trim a day later: %d, %v; want 1 (the late entry)", n, err)
	}
}

// TestOutputNoFollow: symbolic links a user put in an output (a folder or
// a file leading to their notes) are never written, deleted or linked
// through: an InPlace output replaces them like any stale file, and a
// file of Prev reached through a link is not reused (issue 22, fault 1).
func TestOutputNoFollow(t *testing.T) {
	notes, mine := t.TempDir(), map[string]string{"index.html": "page a", "f.html": "mine", "keep.txt": "x"}
	for rel, body := range mine {
		if err := WriteFile(notes, rel, []byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	prev, dir := t.TempDir(), t.TempDir()
	for _, l := range []struct{ target, link string }{
		{notes, filepath.Join(dir, "a")},                               // a page folder of the older output
		{filepath.Join(notes, "f.html"), filepath.Join(dir, "f.html")}, // a file
		{notes, filepath.Join(dir, "gone")},                            // a folder the build no longer has
		{notes, filepath.Join(prev, "p")},                              // a folder of the published output
	} {
		if err := os.Symlink(l.target, l.link); err != nil {
			t.Fatal(err)
		}
	}
	o := &Output{Dir: dir, Prev: prev, InPlace: true}
	want := map[string]string{"a/index.html": "page a", "a/x.html": "new in a", "f.html": "new f", "p/index.html": "page a", "b/c.html": "c"}
	for rel, body := range want {
		if err := o.Write(rel, []byte(body)); err != nil {
			t.Fatalf("write %s: %v", rel, err)
		}
	}
	if _, err := o.Prune(nil); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if d.Type()&os.ModeSymlink != 0 {
			t.Errorf("%s is still a link", rel)
			return nil
		}
		if !d.IsDir() {
			b, _ := os.ReadFile(p)
			got[filepath.ToSlash(rel)] = string(b)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !maps.Equal(got, want) {
		t.Errorf("output:\n got %q\nwant %q", got, want)
	}
	for rel, body := range mine {
		if b, err := os.ReadFile(filepath.Join(notes, rel)); err != nil || string(b) != body {
			t.Errorf("notes %s = %q, %v; want %q", rel, b, err, body)
		}
	}
	if entries, _ := os.ReadDir(notes); len(entries) != len(mine) {
		t.Errorf("notes hold %d files, want %d: written through the link", len(entries), len(mine))
	}
	a, _ := os.Stat(filepath.Join(notes, "index.html"))
	for _, rel := range []string{"a/index.html", "p/index.html"} {
		if b, _ := os.Stat(filepath.Join(dir, rel)); os.SameFile(a, b) {
			t.Errorf("%s is the notes' own file, linked through a symbolic link", rel)
		}
	}
}

// TestCacheNoFollow: a symbolic link inside the cache folder is never
// written, read, trimmed or followed; a cache folder that is itself a link
// (chosen by the user) is used (issue 22, fault 7).
func TestCacheNoFollow(t *testing.T) {
	mine := t.TempDir()
	old := time.Now().Add(-CacheMaxAge - time.Hour)
	entry := strings.Repeat("ab", 32) + ".br.11"
	userFiles := map[string]string{entry: "my file named like an entry", "notes.txt": "notes"}
	for name, body := range userFiles {
		if err := WriteFile(mine, name, []byte(body)); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(filepath.Join(mine, name), old, old); err != nil {
			t.Fatal(err)
		}
	}
	// The cache root is a link (the user's choice); its precompressed
	// folder a link to the user's folder, and trim.txt a link to a file.
	real := t.TempDir()
	root := filepath.Join(t.TempDir(), "cache")
	if err := os.Symlink(real, root); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(mine, filepath.Join(real, "precompressed")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(mine, "notes.txt"), filepath.Join(real, cacheTrimFile)); err != nil {
		t.Fatal(err)
	}
	c := Cache{Dir: root}
	calls := 0
	get := func(name string) string {
		b, err := c.Get(name, func() ([]byte, error) { calls++; return []byte("computed"), nil })
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if got := get("precompressed/" + entry); got != "computed" {
		t.Errorf("Get read the entry through the link: %q", got)
	}
	c.Put("precompressed/"+strings.Repeat("cd", 32)+".gz.9", []byte("x"))
	// The wasm folder is the cache's own: used through the root link.
	wasm := "wasm/" + strings.Repeat("ef", 16) + "-opend6.wasm"
	if got := get(wasm); got != "computed" || calls != 2 {
		t.Fatalf("Get = %q after %d computations", got, calls)
	}
	if got := get(wasm); got != "computed" || calls != 2 {
		t.Errorf("a cache root that is a link is not used: %d computations", calls)
	}
	if err := os.Chtimes(filepath.Join(real, filepath.FromSlash(wasm)), old, old); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Trim(time.Now()); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(real, filepath.FromSlash(wasm))); err == nil {
		t.Error("Trim did not remove the old entry of a cache root that is a link")
	}
	for name, body := range userFiles {
		if b, err := os.ReadFile(filepath.Join(mine, name)); err != nil || string(b) != body {
			t.Errorf("user's %s = %q, %v; want %q", name, b, err, body)
		}
	}
	if entries, _ := os.ReadDir(mine); len(entries) != len(userFiles) {
		t.Errorf("the user's folder holds %d files, want %d: written through the link", len(entries), len(userFiles))
	}
}

// TestCompare checks compare, which decides whether a file is reused, on
// files larger than its read buffer, one byte apart at either end, of
// other sizes, missing, and behind a symbolic link.
func TestCompare(t *testing.T) {
	dir := t.TempDir()
	big := bytes.Repeat([]byte("0123456789abcdef"), 10000) // 160 KB: three reads of the buffer
	lastByte := bytes.Clone(big)
	lastByte[len(lastByte)-1] = 'x'
	firstByte := bytes.Clone(big)
	firstByte[0] = 'x'
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	bigFile := write("big", big)
	link := filepath.Join(dir, "link")
	if err := os.Symlink(bigFile, link); err != nil {
		t.Fatal(err)
	}
	o := &Output{}
	for _, tc := range []struct {
		name string
		p    string
		data []byte
		want match
	}{
		{"same, large", bigFile, big, same},
		{"last byte differs", bigFile, lastByte, differs},
		{"first byte differs", bigFile, firstByte, differs},
		{"shorter data", bigFile, big[:len(big)-1], differs},
		{"longer data", bigFile, append(bytes.Clone(big), 'x'), differs},
		{"same, small", write("small", []byte("hi")), []byte("hi"), same},
		{"same, empty", write("empty", nil), nil, same},
		{"missing", filepath.Join(dir, "none"), big, absent},
		{"symbolic link", link, big, differs},
	} {
		if got := o.compare(tc.p, tc.data); got != tc.want {
			t.Errorf("%s: compare = %d, want %d", tc.name, got, tc.want)
		}
	}
}

// earlierOutput is an Output being brought up to date in place
// (inPlace) or written beside an earlier output, whose earlier output
// holds file at rel (nil: nothing), through a symbolic link when link.
func earlierOutput(t *testing.T, rel string, file []byte, link, inPlace bool) *Output {
	t.Helper()
	earlier, dir := t.TempDir(), t.TempDir()
	o := &Output{Dir: dir, Prev: earlier}
	if inPlace {
		o = &Output{Dir: earlier, InPlace: true}
	}
	p := filepath.Join(earlier, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if file == nil {
		return o
	}
	target := p
	if link {
		target = filepath.Join(earlier, "elsewhere"+filepath.Ext(rel))
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(target, file, 0o644); err != nil {
		t.Fatal(err)
	}
	return o
}

// TestKeepGzip checks that a content-named gzip file is kept from an
// output being brought up to date, or linked from the previous output,
// only when it ends with the trailer of the data it should hold: a file
// cut short, of other data, missing or behind a link is left to Write.
func TestKeepGzip(t *testing.T) {
	data := bytes.Repeat([]byte(`{"term":[1,2,3]}`), 200)
	z, err := Gzip(data, 6)
	if err != nil {
		t.Fatal(err)
	}
	other, err := Gzip(append(bytes.Clone(data), 'x'), 6)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name     string
		file     []byte // what the earlier output holds at the path; nil: nothing
		link     bool   // the path is a symbolic link to such a file
		inPlace  bool
		wantKeep bool
	}{
		{"in place, whole", z, false, true, true},
		{"in place, cut short", z[:len(z)-3], false, true, false},
		{"in place, other data", other, false, true, false},
		{"in place, missing", nil, false, true, false},
		{"in place, a link", z, true, true, false},
		{"previous, whole", z, false, false, true},
		{"previous, cut short", z[:len(z)/2], false, false, false},
		{"previous, missing", nil, false, false, false},
		{"previous, a link", z, true, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rel := "search/t/6162.0123456789.json.gz"
			o := earlierOutput(t, rel, tc.file, tc.link, tc.inPlace)
			if got := o.KeepGzip(rel, data); got != tc.wantKeep {
				t.Fatalf("KeepGzip = %v, want %v", got, tc.wantKeep)
			}
			if !tc.wantKeep {
				if o.Reused() != 0 || o.Has(rel) {
					t.Errorf("nothing kept, yet Reused = %d, Has = %v", o.Reused(), o.Has(rel))
				}
				return
			}
			if o.Reused() != 1 || !o.Has(rel) {
				t.Errorf("kept, yet Reused = %d, Has = %v", o.Reused(), o.Has(rel))
			}
			got, err := os.ReadFile(filepath.Join(o.Dir, filepath.FromSlash(rel)))
			if err != nil || !bytes.Equal(got, z) {
				t.Errorf("the kept file holds %d bytes (%v), want the %d of the earlier one", len(got), err, len(z))
			}
		})
	}
}

// TestKeepSum: a file kept by its recorded hash is kept (in place) or
// linked (from the previous output) only when it is there whole with
// that content: one edited by hand, cut short, missing or a link is not,
// and the caller writes it; Files then has its hash.
func TestKeepSum(t *testing.T) {
	data := []byte("<html><p>a page</p></html>\n")
	sum := sha256.Sum256(data)
	for _, tc := range []struct {
		name     string
		file     []byte // what the earlier output holds at the path; nil: nothing
		link     bool   // the path is a symbolic link to such a file
		inPlace  bool
		wantKeep bool
	}{
		{"in place, whole", data, false, true, true},
		{"in place, edited", []byte("<html><p>edited by hand</p></html>\n"), false, true, false},
		{"in place, cut short", data[:10], false, true, false},
		{"in place, missing", nil, false, true, false},
		{"in place, a link", data, true, true, false},
		{"previous, whole", data, false, false, true},
		{"previous, edited", []byte("<p>x</p>"), false, false, false},
		{"previous, missing", nil, false, false, false},
		{"previous, a link", data, true, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rel := "a/b/index.html"
			o := earlierOutput(t, rel, tc.file, tc.link, tc.inPlace)
			if got := o.KeepSum(rel, sum); got != tc.wantKeep {
				t.Fatalf("KeepSum = %v, want %v", got, tc.wantKeep)
			}
			if !tc.wantKeep {
				if o.Reused() != 0 || o.Has(rel) {
					t.Errorf("nothing kept, yet Reused = %d, Has = %v", o.Reused(), o.Has(rel))
				}
				return
			}
			files := o.Files()
			if o.Reused() != 1 || len(files) != 1 || files[0].Sum != sum {
				t.Errorf("kept, yet Reused = %d, Files = %v", o.Reused(), files)
			}
			got, err := os.ReadFile(filepath.Join(o.Dir, filepath.FromSlash(rel)))
			if err != nil || !bytes.Equal(got, data) {
				t.Errorf("the kept file holds %q (%v), want %q", got, err, data)
			}
		})
	}
}

// TestBrotliWindow: data compressed with the window brotliWindow picks
// for its size inflates back to itself, at sizes around the windows'
// limits (2^lgwin - 16 bytes) and at the levels builds use. The data
// repeats a block from its start at its end, the farthest reference an
// encoder could try.
func TestBrotliWindow(t *testing.T) {
	for _, n := range []int{0, 1, 1<<10 - 16, 1<<10 - 15, 1 << 14, 18060, 1<<16 - 16, 1<<16 - 15, 1<<22 - 16, 1<<22 + 5} {
		data := make([]byte, n)
		for i := range data {
			data[i] = byte(i*7 + i/251)
		}
		if n > 64 {
			copy(data[n-64:], data[:64])
		}
		levels := []int{1, 6, 11}
		if n > 1<<20 {
			levels = []int{6} // level 11 takes seconds over megabytes
		}
		for _, level := range levels {
			z, err := Brotli(data, level)
			if err != nil {
				t.Fatalf("%d bytes, level %d: %v", n, level, err)
			}
			if got := inflate(t, "br", z); !bytes.Equal(got, data) {
				t.Errorf("%d bytes, level %d (window 2^%d): inflates to %d bytes, not the data", n, level, brotliWindow(n), len(got))
			}
		}
	}
}

// TestCacheMinified: Cache.Minified gives what Minify gives, reads an
// entry back instead of minifying again (the cache is content-addressed),
// leaves a file Minify leaves alone as it is, and keeps no failure.
func TestCacheMinified(t *testing.T) {
	files := []struct{ rel, data string }{
		{"css/site.css", "body {\n  color : red ;\n}\n/* a comment */\n"},
		{"js/app.js", "function add ( a , b ) {\n  // sum\n  return a + b ;\n}\n"},
		{"js/lib.min.js", "var  x = 1 ;\n"},
	}
	for _, c := range []Cache{{}, {Dir: t.TempDir()}} {
		for _, f := range files {
			want, err := Minify(f.rel, []byte(f.data))
			if err != nil {
				t.Fatal(err)
			}
			for range 2 {
				got, err := c.Minified(f.rel, []byte(f.data))
				if err != nil || !bytes.Equal(got, want) {
					t.Errorf("cache %q: Minified(%s) = %q, %v; Minify gives %q", c.Dir, f.rel, got, err, want)
				}
			}
		}
	}
	c := Cache{Dir: t.TempDir()}
	css := []byte("a { color : blue ; }\n")
	if _, err := c.Minified("x.css", css); err != nil {
		t.Fatal(err)
	}
	ents, _ := filepath.Glob(filepath.Join(c.Dir, "minified", "*.css.*"))
	if len(ents) != 1 {
		t.Fatalf("cache holds %v, want one stylesheet entry", ents)
	}
	if !cacheEntry["minified"].MatchString(filepath.Base(ents[0])) {
		t.Errorf("entry %s is not one Trim knows", filepath.Base(ents[0]))
	}
	if err := os.WriteFile(ents[0], []byte("sentinel"), 0o644); err != nil {
		t.Fatal(err)
	}
	if again, _ := c.Minified("other/name.css", css); string(again) != "sentinel" {
		t.Errorf("same stylesheet minified again (%q) instead of read from the cache", again)
	}
	if other, _ := c.Minified("x.js", css); string(other) == "sentinel" {
		t.Errorf("a script read the stylesheet's entry")
	}
	for range 2 {
		if _, err := c.Minified("bad.js", []byte("function (")); err == nil {
			t.Errorf("a script that does not parse minified without an error")
		}
	}
}
