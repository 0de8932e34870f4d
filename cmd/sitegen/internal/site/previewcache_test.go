package site

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

// shardStats is each previews shard of an output with its file's state.
func shardStats(t *testing.T, dest string) map[string]os.FileInfo {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dest, previewDir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]os.FileInfo{}
	for _, f := range files {
		info, err := os.Stat(f)
		if err != nil {
			t.Fatal(err)
		}
		m[filepath.Base(f)] = info
	}
	return m
}

// shardsKept is how many of how many previews shards a build's cache
// note says it kept.
func shardsKept(t *testing.T, note string) (kept, all int) {
	t.Helper()
	m := regexp.MustCompile(`, ([0-9]+) of ([0-9]+) previews shards kept`).FindStringSubmatch(note)
	if m == nil {
		t.Fatalf("Cache = %q, want the previews shards kept said", note)
	}
	kept, _ = strconv.Atoi(m[1])
	all, _ = strconv.Atoi(m[2])
	return kept, all
}

// TestBuildCachePreviewShards: a build with the cache keeps each previews
// shard whose pages and previews are those of the previous build (its
// key, preview.go) and whose file is there as recorded, without making
// a page's previews or writing the file (same inode, same time), and
// writes again the shards whose key changed, making the previews of
// their pages that were not rendered again from their bodies' objects:
// after a title that another page's preview shows (an embed of the
// note) is edited, after a page is deleted, after a page's text is
// edited (the previews of the other pages of its shard made again), and
// when the bodies' objects are gone (their Markdown rendered again). Each build's output
// is that of a build without a cache, byte for byte (cacheRun.build).
func TestBuildCachePreviewShards(t *testing.T) {
	files := map[string]string{"index.md": "# Home\n\nWelcome.\n", "b.md": "# Beta\n\nBeta text.\n"}
	for i := range 100 {
		files[fmt.Sprintf("p%03d.md", i)] = fmt.Sprintf("# Page %d\n\nText of page %d.\n", i, i)
	}
	// The note that embeds b.md is in another shard than b.md's (4
	// shards for 103 pages: preview.go's shardPages).
	const n = 4
	embed := ""
	for i := 0; embed == ""; i++ {
		if name := fmt.Sprintf("a%d", i); shardOf("/"+name+"/", n) != shardOf("/b/", n) {
			embed = name
		}
	}
	files[embed+".md"] = "# Alpha\n\nSee below.\n\n![[b]]\n"
	r := newCacheRun(t, files)
	r.build(t)
	if got := len(shardStats(t, r.opts.Dest)); got != n {
		t.Fatalf("%d previews shards, want %d", got, n)
	}
	res := r.build(t)
	if kept, all := shardsKept(t, res.Cache); kept != n || all != n {
		t.Errorf("unchanged site: Cache = %q, want all %d shards kept", res.Cache, n)
	}
	for _, tt := range []struct {
		name  string
		edits map[string]string
		spoil bool // the objects of every page's body removed first
		kept  int
	}{
		// b.md's shard and that of the note that shows its heading.
		{"a title another page's preview shows", map[string]string{"b.md": "# Gamma\n\nBeta text.\n"}, false, n - 2},
		{"a page deleted", map[string]string{"p007.md": ""}, false, n - 1},
		// The other pages keep their output: their previews are made
		// again from their bodies' objects, or their Markdown.
		{"a page's text", map[string]string{"p013.md": "# Page 13\n\nOther text.\n"}, false, n - 1},
		{"bodies' objects gone, a page's text", map[string]string{"p017.md": "# Page 17\n\nOther text.\n"}, true, n - 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.spoil {
				ix, err := readCacheFile(cacheFileOf(t, r))
				if err != nil {
					t.Fatal(err)
				}
				gone := 0
				for _, c := range ix.Bodies {
					if err := os.Remove(filepath.Join(r.objects(), fmt.Sprintf("%x", c.Obj))); err == nil {
						gone++
					}
				}
				if gone < 100 {
					t.Fatalf("%d bodies' objects removed, want one a page", gone)
				}
			}
			before := shardStats(t, r.opts.Dest)
			old := map[string][]byte{}
			for name := range before {
				data, err := os.ReadFile(filepath.Join(r.opts.Dest, previewDir, name))
				if err != nil {
					t.Fatal(err)
				}
				old[name] = data
			}
			edit(t, r.opts.Source, tt.edits)
			res := r.build(t) // the same output as a build without a cache
			if kept, all := shardsKept(t, res.Cache); kept != tt.kept || all != n {
				t.Errorf("Cache = %q, want %d of %d shards kept", res.Cache, tt.kept, n)
			}
			same := 0
			for name, info := range shardStats(t, r.opts.Dest) {
				data, err := os.ReadFile(filepath.Join(r.opts.Dest, previewDir, name))
				if err != nil {
					t.Fatal(err)
				}
				if string(data) != string(old[name]) {
					continue
				}
				same++
				if was := before[name]; !os.SameFile(was, info) || !was.ModTime().Equal(info.ModTime()) {
					t.Errorf("shard %s, unchanged, was written again (%v %v, was %v)", name, info.ModTime(), info.Sys(), was.ModTime())
				}
			}
			if same != tt.kept {
				t.Errorf("%d shards unchanged, want %d", same, tt.kept)
			}
			if res := r.build(t); !regexp.MustCompile(fmt.Sprintf(`, %d of %d previews shards kept$`, n, n)).MatchString(res.Cache) {
				t.Errorf("next build: Cache = %q, want every shard kept and every object read whole", res.Cache)
			}
		})
	}
}
