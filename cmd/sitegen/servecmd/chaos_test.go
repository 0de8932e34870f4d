package servecmd

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"d6codex/cmd/sitegen/buildcmd"
	"d6codex/cmd/sitegen/internal/site"
)

// chaos applies random file operations to a site source: pages and
// static files created, edited, deleted and renamed, folders (all-digit
// ones too) renamed and removed, and editors' temporary files.
type chaos struct {
	t   *testing.T
	src string
	rnd *rand.Rand
	n   int // edits so far, to make every body unique
}

var (
	chaosDirs   = []string{"a", "b", "2024", "b/deep", "2024/07"}
	chaosPages  = []string{"p1.md", "p2.md", "p3.md", "4913.md", "100.md"}
	chaosStatic = []string{"chaos/f1.txt", "chaos/f2.txt", "2024/f3.txt", "chaos/2025/f4.txt"}
)

func (c *chaos) pick(s []string) string { return s[c.rnd.IntN(len(s))] }

func (c *chaos) path(rel string) string { return filepath.Join(c.src, filepath.FromSlash(rel)) }

// existing lists the files under dir (relative to the source).
func (c *chaos) existing(dir string) []string {
	var out []string
	_ = filepath.WalkDir(c.path(dir), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && !strings.HasPrefix(d.Name(), ".") && !strings.HasSuffix(d.Name(), "~") {
			r, _ := filepath.Rel(c.src, p)
			out = append(out, filepath.ToSlash(r))
		}
		return nil
	})
	slices.Sort(out)
	return out
}

// step performs one random operation and describes it.
func (c *chaos) step() string {
	c.n++
	switch op := c.rnd.IntN(10); op {
	case 0, 1, 2: // create or overwrite a page
		rel := "content/" + c.pick(chaosDirs) + "/" + c.pick(chaosPages)
		writeFile(c.t, c.src, rel, page(fmt.Sprintf("Chaos %d", c.n), c.rnd.IntN(20), fmt.Sprintf("Body %d.", c.n)))
		return "write " + rel
	case 3: // delete a page
		if ps := c.existing("content"); len(ps) > 0 {
			rel := c.pick(ps)
			if !strings.HasSuffix(rel, "_index.md") {
				_ = os.Remove(c.path(rel))
				return "remove " + rel
			}
		}
	case 4: // move a page, possibly over another
		if ps := c.existing("content"); len(ps) > 0 {
			from := c.pick(ps)
			to := "content/" + c.pick(chaosDirs) + "/" + c.pick(chaosPages)
			if !strings.HasSuffix(from, "_index.md") && os.MkdirAll(filepath.Dir(c.path(to)), 0o755) == nil {
				_ = os.Rename(c.path(from), c.path(to))
				return "move " + from + " " + to
			}
		}
	case 5: // rename or remove a folder
		from, to := "content/"+c.pick(chaosDirs), "content/"+c.pick(chaosDirs)
		if c.rnd.IntN(3) == 0 {
			_ = os.RemoveAll(c.path(from))
			return "remove folder " + from
		}
		if !strings.HasPrefix(to, from) && os.MkdirAll(filepath.Dir(c.path(to)), 0o755) == nil {
			_ = os.Rename(c.path(from), c.path(to)) // fails when to is not empty: fine
			return "rename folder " + from + " " + to
		}
	case 6: // an editor's save: vim probe, swap file, backup, atomic rename
		dir := "content/" + c.pick(chaosDirs)
		rel := dir + "/" + c.pick(chaosPages)
		writeFile(c.t, c.src, dir+"/4913", "")
		_ = os.Remove(c.path(dir + "/4913"))
		writeFile(c.t, c.src, dir+"/.x.swp", "swap")
		writeFile(c.t, c.src, rel+"~", "backup")
		writeFile(c.t, c.src, dir+"/.tmp-save", page(fmt.Sprintf("Saved %d", c.n), 1, fmt.Sprintf("Saved %d.", c.n)))
		_ = os.Rename(c.path(dir+"/.tmp-save"), c.path(rel))
		return "editor save " + rel
	case 7, 8: // static files
		rel := "static/" + c.pick(chaosStatic)
		if c.rnd.IntN(3) == 0 {
			_ = os.Remove(c.path(rel))
			return "remove " + rel
		}
		writeFile(c.t, c.src, rel, fmt.Sprintf("static %d", c.n))
		return "write " + rel
	case 9: // a static folder goes
		_ = os.RemoveAll(c.path("static/chaos"))
		return "remove folder static/chaos"
	}
	return "nothing"
}

// swName matches the name of the service worker's file list, which differs
// between the served site and a fresh build by design; tree masks it and
// still compares the content. (The search index's files are named by
// their content: they must match as they are.)
var swName = regexp.MustCompile(`sw-files\.[0-9a-f]+\.json`)

// maskHash replaces the hash in a name swName matched.
func maskHash([]byte) []byte { return []byte("sw-files.HASH.json") }

// tree reads every file under dir.
func tree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	m := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) {
			return nil // removed while walking
		}
		if err != nil || d.IsDir() {
			return err
		}
		r, _ := filepath.Rel(dir, p)
		if r == "sw.js" || strings.HasPrefix(r, "sw-files.") || strings.HasPrefix(d.Name(), ".tmp-") {
			return nil // the service worker is for production builds; temporary files of a write in progress
		}
		b, err := os.ReadFile(p)
		if errors.Is(err, fs.ErrNotExist) {
			return nil // replaced while walking; the caller retries until the trees agree
		}
		if err != nil {
			return err
		}
		b = swName.ReplaceAllFunc(b, maskHash)
		m[string(swName.ReplaceAllFunc([]byte(filepath.ToSlash(r)), maskHash))] = b
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// retiredSearchPart reports whether p is a part of an earlier search
// index that the served index.json no longer names: serve keeps those for
// a while (searchKeep) for browsers holding the earlier index. A part is
// named by its whole name: the same text moved to another page's place
// (c/3.HASH where c/2.HASH was) is a new part, and c/2.HASH is retired.
func retiredSearchPart(p string, index []byte) bool {
	rest, ok := strings.CutPrefix(p, "search/")
	if !ok || !strings.HasSuffix(rest, ".json.gz") || index == nil {
		return false
	}
	var meta struct {
		Shards      []string `json:"shards"`
		ShardHashes []string `json:"shardHashes"`
		Texts       []string `json:"texts"`
	}
	if json.Unmarshal(index, &meta) != nil || len(meta.Shards) != len(meta.ShardHashes) {
		return false
	}
	named := map[string]bool{}
	for i, k := range meta.Shards {
		named["t/"+k+"."+meta.ShardHashes[i]+".json.gz"] = true
	}
	for k, h := range meta.Texts {
		named[fmt.Sprintf("c/%d.%s.json.gz", k, h)] = true
	}
	return !named[rest]
}

// diffTrees describes how two output trees differ ("" when equal).
func diffTrees(got, want map[string][]byte) string {
	var d []string
	for p, w := range want {
		g, ok := got[p]
		switch {
		case !ok:
			d = append(d, "missing "+p)
		case !bytes.Equal(g, w):
			i := 0
			for i < min(len(g), len(w)) && g[i] == w[i] {
				i++
			}
			at := func(b []byte) string { return fmt.Sprintf("%q", b[max(i-80, 0):min(i+120, len(b))]) }
			d = append(d, fmt.Sprintf("differs %s at byte %d: served %s, fresh %s", p, i, at(g), at(w)))
		}
	}
	for p := range got {
		if _, ok := want[p]; !ok && !retiredSearchPart(p, got["search/index.json"]) {
			d = append(d, "extra "+p)
		}
	}
	slices.Sort(d)
	return strings.Join(d, "\n")
}

// TestWatcherChaos: random bursts of creates, edits, deletes and renames
// (fixed seeds) while `sitegen serve` runs; after each burst the served
// site equals a fresh full build of the sources as they are.
func TestWatcherChaos(t *testing.T) {
	if testing.Short() {
		t.Skip("runs hundreds of file operations against the real server")
	}
	for _, mode := range []struct {
		name, poll string
		seed       uint64
	}{{"fsnotify", "0", 1}, {"poll", "40ms", 2}} {
		t.Run(mode.name, func(t *testing.T) {
			src := testSite(t)
			writeFile(t, src, "content/sentinel.md", page("Sentinel", 99, "Start."))
			served := filepath.Join(t.TempDir(), "served")
			baseURL := "http://127.0.0.1:1/"
			base, _, errOut, _ := startServe(t, "--source", src, "--dest", served, "--base-url", baseURL, "--poll", mode.poll)
			c := &chaos{t: t, src: src, rnd: rand.New(rand.NewPCG(mode.seed, 10))}
			ops, bursts := 0, 20
			for burst := range bursts {
				var log []string
				for range 1 + c.rnd.IntN(12) {
					log = append(log, c.step())
					ops++
					if c.rnd.IntN(4) == 0 {
						time.Sleep(time.Duration(c.rnd.IntN(30)) * time.Millisecond)
					}
				}
				// A sentinel edit last (its body only, so that it alone
				// would be an incremental update): once it is served, every
				// earlier change has been seen.
				sentinel := fmt.Sprintf("sentinel %d", burst)
				writeFile(t, src, "content/sentinel.md", page("Sentinel", 99, sentinel+" is here."))
				fresh := filepath.Join(t.TempDir(), "fresh")
				f := buildcmd.Flags{Source: src, Dest: fresh, BaseURL: baseURL}
				if _, err := site.Build(context.Background(), f.Options()); err != nil {
					t.Fatalf("burst %d: fresh build failed: %v\n%s", burst, err, strings.Join(log, "\n"))
				}
				want := tree(t, fresh)
				var diff string
				for deadline := time.Now().Add(60 * time.Second); ; {
					if code, body := httpGet(t, base+"/sentinel/"); code == 200 && strings.Contains(body, sentinel+" is here.") {
						if diff = diffTrees(tree(t, served), want); diff == "" {
							break
						}
					}
					if time.Now().After(deadline) {
						t.Fatalf("burst %d: served site differs from a fresh build:\n%s\noperations:\n%s\nlog:\n%s",
							burst, diff, strings.Join(log, "\n"), errOut.String())
					}
					time.Sleep(50 * time.Millisecond)
				}
			}
			t.Logf("%d operations in %d bursts: served site equal to a fresh build after each", ops, bursts)
		})
	}
}
