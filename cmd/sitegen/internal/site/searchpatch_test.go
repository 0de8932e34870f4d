package site

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestPatchShard: a shard patched for the pages whose documents changed
// (their postings taken out and put in again) is byte for byte the shard
// encodeShard makes of the new postings, for random shards and changes:
// terms that come, go, or stay; a shard that ends empty; numbers of
// several digits.
func TestPatchShard(t *testing.T) {
	terms := []string{"ab", "abc", "abd", "abé", "ab1", "abz"}
	for seed := range uint64(300) {
		r := rand.New(rand.NewPCG(seed, 7))
		docs := 1 + r.IntN(3000)
		// postings[t][d] = weight (0: none), old and new.
		old := map[string]map[int]int{}
		for _, tm := range terms {
			if r.IntN(3) == 0 {
				continue
			}
			old[tm] = map[int]int{}
			for d := range docs {
				if r.IntN(5) == 0 {
					old[tm][d] = 1 + r.IntN(47)
				}
			}
		}
		now := map[string]map[int]int{}
		for tm, ps := range old {
			now[tm] = map[int]int{}
			for d, w := range ps {
				now[tm][d] = w
			}
		}
		// One to three pages changed: their ranges of documents.
		var gone [][2]int32
		news := map[string][]int32{}
		touched := map[string]bool{}
		for range 1 + r.IntN(3) {
			from := r.IntN(docs)
			to := min(docs, from+1+r.IntN(6))
			if slices.ContainsFunc(gone, func(g [2]int32) bool { return int(g[0]) < to && from < int(g[1]) }) {
				continue
			}
			gone = append(gone, [2]int32{int32(from), int32(to)})
			for _, tm := range terms {
				for d := from; d < to; d++ {
					if now[tm] != nil && now[tm][d] != 0 {
						touched[tm] = true
						delete(now[tm], d)
					}
					if r.IntN(3) == 0 {
						touched[tm] = true
						if now[tm] == nil {
							now[tm] = map[int]int{}
						}
						now[tm][d] = 1 + r.IntN(47)
					}
				}
			}
		}
		slices.SortFunc(gone, func(a, b [2]int32) int { return int(a[0] - b[0]) })
		for _, tm := range terms {
			for d := range docs {
				if w := now[tm][d]; w != 0 && inRanges(int32(d), gone) {
					news[tm] = append(news[tm], int32(d), int32(w))
				}
			}
		}
		shard := func(ps map[string]map[int]int) []byte {
			sh := map[string][]int32{}
			for tm, m := range ps {
				prev := 0
				for d := range docs {
					if w := m[d]; w != 0 {
						sh[tm] = append(sh[tm], int32(d-prev), int32(w))
						prev = d
					}
				}
			}
			if len(sh) == 0 {
				return nil
			}
			return encodeShard(sh)
		}
		was, want := shard(old), shard(now)
		got, err := patchShard(was, touched, news, gone)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("seed %d: patched\n%.300s\nwant\n%.300s", seed, got, want)
		}
	}
}

// TestSplitJSONArray: a text file (joinJSON) splits back into its
// entries, whatever their strings hold.
func TestSplitJSONArray(t *testing.T) {
	entries := [][]byte{
		encodeEntry("/a/", "A", nil),
		encodeEntry("/b/", `B "quoted" [x], {y}`, nil),
		encodeEntry("/c/", "C\\", nil),
	}
	got := splitJSONArray(joinJSON(entries))
	if len(got) != len(entries) {
		t.Fatalf("split into %d, want %d: %q", len(got), len(entries), got)
	}
	for i := range got {
		if !bytes.Equal(got[i], entries[i]) {
			t.Errorf("entry %d = %s, want %s", i, got[i], entries[i])
		}
	}
	for _, bad := range []string{"", "[", `["a`, "{}"} {
		if s := splitJSONArray([]byte(bad)); s != nil && bad != "[]" {
			t.Errorf("splitJSONArray(%q) = %q, want nil", bad, s)
		}
	}
}

// TestSearchPatchedBuilds: builds with a cache patch the search index of
// the previous build when the pages keep their places and numbers of
// documents, and make it whole otherwise, and each publishes what a
// build without a cache publishes (cacheRun.build compares the
// decompressed shards and texts): a site without sections (no systems),
// an edit of one page's words, of two pages in one text file, a heading
// added (its documents renumber every later page: made whole), a page's
// published index file edited by hand (not as recorded: made whole), a
// page's text emptied of every word its shard held (terms gone).
func TestSearchPatchedBuilds(t *testing.T) {
	r := newCacheRun(t, map[string]string{
		"index.md": "# Home\n\nWelcome home.\n",
		"a.md":     "# Alpha\n\nAlpha words here.\n\n## Part\n\nMore alpha.\n",
		"b.md":     "# Beta\n\nBeta words there.\n",
		"c.md":     "# Gamma\n\nGamma zebra quokka.\n",
	})
	r.build(t)
	for _, tt := range []struct {
		name    string
		edits   map[string]string
		spoil   bool // a published shard edited by hand
		patched bool
	}{
		{"one page's words", map[string]string{"a.md": "# Alpha\n\nAlpha other words.\n\n## Part\n\nLess alpha.\n"}, false, true},
		{"two pages", map[string]string{"a.md": "# Alpha\n\nAlpha.\n\n## Part\n\nNew zz.\n", "b.md": "# Beta\n\nBeta yy.\n"}, false, true},
		{"a heading added", map[string]string{"a.md": "# Alpha\n\nAlpha.\n\n## Part\n\nNew.\n\n## Other\n\nText.\n"}, false, false},
		{"words gone", map[string]string{"c.md": "# Gamma\n\nGamma.\n"}, false, true},
		{"a published shard edited", map[string]string{"c.md": "# Gamma\n\nGamma again.\n"}, true, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.spoil {
				shards, err := filepath.Glob(filepath.Join(r.opts.Dest, "search", "t", "*.gz"))
				if err != nil || len(shards) == 0 {
					t.Fatalf("no shards (%v)", err)
				}
				for _, s := range shards {
					if err := os.WriteFile(s, []byte("not gzip"), 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			edit(t, r.opts.Source, tt.edits)
			res := r.build(t)
			if got := strings.Contains(res.Cache, "search index patched"); got != tt.patched {
				t.Errorf("Cache = %q, want patched %t", res.Cache, tt.patched)
			}
		})
	}
}

// TestSearchPatchWritesChangedShards: a one-word edit of a page whose
// words fill many shards reads and writes again only the shards of the
// words whose postings change (the word gone, the word come), its text
// file and index.json, and the index is still what a clean build
// publishes (cacheRun.build compares them). Before, every shard holding
// any of the page's words was read back and patched.
func TestSearchPatchWritesChangedShards(t *testing.T) {
	words := "apple banana cherry damson elder fig grape hazel imbe jujube kiwi lime mango nectar olive peach quince rowan sloe tangelo"
	r := newCacheRun(t, map[string]string{
		"index.md": "# Home\n\nWelcome home.\n",
		"a.md":     "# Alpha\n\n" + words + " quokka.\n",
		"b.md":     "# Beta\n\nBeta words there.\n",
	})
	r.build(t)
	edit(t, r.opts.Source, map[string]string{"a.md": "# Alpha\n\n" + words + " yonder.\n"})
	res := r.build(t)
	var anew, all int
	i := strings.Index(res.Cache, "search index patched (")
	if i < 0 {
		t.Fatalf("Cache = %q, want the search index patched", res.Cache)
	}
	if _, err := fmt.Sscanf(res.Cache[i:], "search index patched (%d of %d files anew)", &anew, &all); err != nil {
		t.Fatalf("Cache = %q: %v", res.Cache, err)
	}
	// "quokka" and "yonder" (their shards "qu" and "yo"), and a.md's text file.
	if anew != 3 || all < 20 {
		t.Errorf("Cache = %q, want 3 files anew of more than 20", res.Cache)
	}
}
