package site

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/assets"
	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/site/content"
)

// bigFile makes a sparse file of size bytes at p (os.Truncate: it costs
// no disk), with a few bytes written at its start, middle and end so
// that a copy that drops or shifts a part differs.
func bigFile(t *testing.T, p string, size int64) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.Truncate(size); err != nil {
		t.Fatal(err)
	}
	for _, off := range []int64{0, size / 2, size - 5} {
		if _, err := f.WriteAt([]byte("mark!"), off); err != nil {
			t.Fatal(err)
		}
	}
}

// fileSum is the SHA-256 of the file p, read streaming.
func fileSum(t *testing.T, p string) [sha256.Size]byte {
	t.Helper()
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		t.Fatal(err)
	}
	return [sha256.Size]byte(h.Sum(nil))
}

// TestBigFilesStream: a large file under static/ and one a page links to
// are published without being held in memory (issue 31's R1: a 1 GB file
// took 1.07 GB), byte for byte, on a first build and on a rebuild that
// keeps them; a script over assets.TransformMax is published as it is,
// with a warning, since it is not minified in memory.
func TestBigFilesStream(t *testing.T) {
	if testing.Short() {
		t.Skip("publishes three files of 17 to 128 MiB (sparse, so no disk), about a second")
	}
	const size = 128 << 20
	src := writeTree(t, map[string]string{
		"content/rules/scans.md": "---\ntitle: Scans\n---\n[The scan](big.bin)\n",
	})
	files := map[string]string{
		"static/video/big.bin":  "video/big.bin",
		"content/rules/big.bin": "rules/big.bin",
	}
	sums := map[string][sha256.Size]byte{}
	for in := range files {
		bigFile(t, filepath.Join(src, filepath.FromSlash(in)), size)
		sums[in] = fileSum(t, filepath.Join(src, filepath.FromSlash(in)))
	}
	script := int64(assets.TransformMax + 1<<20)
	bigFile(t, filepath.Join(src, "static", "js", "big.js"), script)
	scriptSum := fileSum(t, filepath.Join(src, "static", "js", "big.js"))

	dest := filepath.Join(t.TempDir(), "public")
	for _, run := range []string{"first build", "rebuild"} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		res, err := build(t, src, content.Options{Dest: dest})
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatalf("%s: %v", run, err)
		}
		// Everything the build allocated, not only what it held at once:
		// reading one of the files whole allocates its size.
		got := after.TotalAlloc - before.TotalAlloc
		t.Logf("%s allocated %.1f MiB", run, float64(got)/(1<<20))
		if got > size/4 {
			t.Errorf("%s allocated %d MiB publishing files of %d MiB: they are read into memory", run, got>>20, size>>20)
		}
		for in, out := range files {
			if sums[in] != fileSum(t, filepath.Join(dest, filepath.FromSlash(out))) {
				t.Errorf("%s: %s published as %s is not the same bytes", run, in, out)
			}
		}
		matches, _ := filepath.Glob(filepath.Join(dest, "js", "big.*.js"))
		if len(matches) != 1 {
			t.Fatalf("%s: js/big.js published as %v, want one hashed name", run, matches)
		}
		if scriptSum != fileSum(t, matches[0]) {
			t.Errorf("%s: js/big.js published as %s is not the same bytes", run, matches[0])
		}
		if name, want := filepath.Base(matches[0]), "big."+hex.EncodeToString(scriptSum[:5])+".js"; name != want {
			t.Errorf("%s: js/big.js published as %s, want %s (the first 10 hex digits of its SHA-256)", run, name, want)
		}
		for _, enc := range assets.Encodings() {
			if _, err := os.Stat(matches[0] + "." + enc); err == nil {
				t.Errorf("%s: %s.%s written: a file over assets.TransformMax is not precompressed", run, matches[0], enc)
			}
		}
		if w := res.WarningList.Error(); !strings.Contains(w, "static/js/big.js") || !strings.Contains(w, "not minified") {
			t.Errorf("%s: no warning that static/js/big.js is published unminified; warnings:\n%s", run, w)
		}
		if run == "rebuild" && res.Reused < len(files)+1 {
			t.Errorf("rebuild reused %d files, want at least the %d big ones", res.Reused, len(files)+1)
		}
	}
}

// TestPublishStaticStreams: sitegen serve publishes an edited static file
// (Site.PublishStatic) without reading it whole either.
func TestPublishStaticStreams(t *testing.T) {
	if testing.Short() {
		t.Skip("publishes a file of 128 MiB (sparse, so no disk), about a second")
	}
	const size = 128 << 20
	src := writeTree(t, incrementalSite())
	dest := filepath.Join(t.TempDir(), "out")
	s, _, err := BuildSite(context.Background(), content.Options{Source: src, Dest: dest, CacheDir: "-", Handlers: map[string]markup.BlockHandler{"fake": fakeHandler()}})
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(src, "static", "video", "big.bin")
	bigFile(t, in, size)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	err = s.PublishStatic("video/big.bin")
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > size/4 {
		t.Errorf("PublishStatic allocated %d MiB for a file of %d MiB: it is read into memory", got>>20, size>>20)
	}
	if fileSum(t, in) != fileSum(t, filepath.Join(dest, "video", "big.bin")) {
		t.Error("video/big.bin published is not the same bytes")
	}
	if names, _ := filepath.Glob(filepath.Join(dest, "video", ".tmp-*")); len(names) != 0 {
		t.Errorf("temporary files left: %v", names)
	}
}
