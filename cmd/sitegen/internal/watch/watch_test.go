package watch

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// write writes a file under dir, creating folders.
func write(t *testing.T, dir, rel, body string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// collect receives batches until every path in want has been seen and
// returns every path seen. It fails after a generous timeout.
func collect(t *testing.T, w *Watcher, want []string) map[string]Op {
	t.Helper()
	seen := map[string]Op{}
	deadline := time.After(60 * time.Second)
	for {
		done := true
		for _, p := range want {
			if _, ok := seen[p]; !ok {
				done = false
			}
		}
		if done {
			return seen
		}
		select {
		case b := <-w.Batches():
			for _, c := range b {
				seen[c.Path] |= c.Op
			}
		case <-deadline:
			t.Fatalf("timed out; saw %v, want %v", seen, want)
		}
	}
}

func TestWatcher(t *testing.T) {
	type scenario struct {
		name string
		do   func(t *testing.T, dir string)
		want []string // paths that must be reported
		also []string // paths that may be reported too (backend-dependent)
		ops  map[string]Op
	}
	scenarios := []scenario{
		{name: "plain write", do: func(t *testing.T, dir string) {
			write(t, dir, "content/a.md", "changed")
		}, want: []string{"content/a.md"}, ops: map[string]Op{"content/a.md": Write}},
		{name: "atomic save", do: func(t *testing.T, dir string) {
			write(t, dir, "content/.a.md.tmp-123", "atomic")
			must(t, os.Rename(filepath.Join(dir, "content/.a.md.tmp-123"), filepath.Join(dir, "content/a.md")))
		}, want: []string{"content/a.md"}},
		{name: "vim save", do: func(t *testing.T, dir string) {
			write(t, dir, "content/4913", "")
			must(t, os.Remove(filepath.Join(dir, "content/4913")))
			write(t, dir, "content/.a.md.swp", "swap")
			must(t, os.Rename(filepath.Join(dir, "content/a.md"), filepath.Join(dir, "content/a.md~")))
			write(t, dir, "content/a.md", "vim")
			must(t, os.Remove(filepath.Join(dir, "content/a.md~")))
			must(t, os.Remove(filepath.Join(dir, "content/.a.md.swp")))
		}, want: []string{"content/a.md"}},
		{name: "editor temp files", do: func(t *testing.T, dir string) {
			for _, n := range []string{"#a.md#", ".#a.md", "a.md___jb_tmp___", ".goutputstream-ABC123", "a.md~"} {
				write(t, dir, "content/"+n, "tmp")
				must(t, os.Remove(filepath.Join(dir, "content", n)))
			}
		}},
		{name: "chmod only", do: func(t *testing.T, dir string) {
			must(t, os.Chmod(filepath.Join(dir, "content/a.md"), 0o600))
		}},
		{name: "create folder and file", do: func(t *testing.T, dir string) {
			write(t, dir, "content/new/deeper/x.md", "x")
		}, want: []string{"content/new", "content/new/deeper/x.md"}, also: []string{"content/new/deeper"}},
		{name: "file in new folder after", do: func(t *testing.T, dir string) {
			write(t, dir, "content/new/deeper/y.md", "y")
		}, want: []string{"content/new/deeper/y.md"}},
		{name: "delete", do: func(t *testing.T, dir string) {
			must(t, os.Remove(filepath.Join(dir, "content/new/deeper/y.md")))
		}, want: []string{"content/new/deeper/y.md"}, ops: map[string]Op{"content/new/deeper/y.md": Remove}},
		{name: "rename folder", do: func(t *testing.T, dir string) {
			must(t, os.Rename(filepath.Join(dir, "content/sec"), filepath.Join(dir, "content/moved")))
		}, want: []string{"content/sec", "content/moved", "content/moved/b.md"}, also: []string{"content/sec/b.md"}},
		{name: "write in renamed folder", do: func(t *testing.T, dir string) {
			write(t, dir, "content/moved/b.md", "moved")
		}, want: []string{"content/moved/b.md"}},
		// Issue 10, fault 8: the vim probe rule ("4913") is for files only.
		{name: "all-digit folder", do: func(t *testing.T, dir string) {
			write(t, dir, "content/2024/a.md", "year")
		}, want: []string{"content/2024", "content/2024/a.md"}},
		{name: "write in all-digit folder", do: func(t *testing.T, dir string) {
			write(t, dir, "content/2024/a.md", "edited")
		}, want: []string{"content/2024/a.md"}},
		{name: "rename all-digit folder", do: func(t *testing.T, dir string) {
			must(t, os.Rename(filepath.Join(dir, "content/2024"), filepath.Join(dir, "content/2025")))
		}, want: []string{"content/2024", "content/2025", "content/2025/a.md"}, also: []string{"content/2024/a.md"}},
		{name: "remove all-digit folder", do: func(t *testing.T, dir string) {
			must(t, os.RemoveAll(filepath.Join(dir, "content/2025")))
		}, want: []string{"content/2025"}, also: []string{"content/2025/a.md"}},
		{name: "config atomic save", do: func(t *testing.T, dir string) {
			write(t, dir, "README.md", "not watched")
			write(t, dir, ".site.toml.tmp", "title = 'x'")
			must(t, os.Rename(filepath.Join(dir, ".site.toml.tmp"), filepath.Join(dir, "site.toml")))
		}, want: []string{"site.toml"}},
		// Issue 35: settings a tool keeps in a hidden folder are seen, and
		// only those (Obsidian writes workspace.json at every click).
		{name: "hidden settings file", do: func(t *testing.T, dir string) {
			write(t, dir, ".obsidian/workspace.json", "{}")
			write(t, dir, ".obsidian/app.json", `{"x": 1}`)
		}, want: []string{".obsidian/app.json"}},
		{name: "hidden settings file atomic save", do: func(t *testing.T, dir string) {
			write(t, dir, ".obsidian/app.json.tmp", `{"x": 2}`)
			must(t, os.Rename(filepath.Join(dir, ".obsidian/app.json.tmp"), filepath.Join(dir, ".obsidian/app.json")))
		}, want: []string{".obsidian/app.json"}},
		{name: "burst of 1000 writes", do: func(t *testing.T, dir string) {
			for i := range 1000 {
				write(t, dir, fmt.Sprintf("static/burst/f%04d.txt", i), "burst")
			}
		}, want: func() []string {
			var w []string
			for i := range 1000 {
				w = append(w, fmt.Sprintf("static/burst/f%04d.txt", i))
			}
			return w
		}(), also: []string{"static/burst"}},
	}
	for _, mode := range []struct {
		name string
		poll time.Duration
	}{{"fsnotify", 0}, {"poll", 30 * time.Millisecond}} {
		t.Run(mode.name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, dir, "site.toml", "title = 'a'")
			write(t, dir, "content/a.md", "a")
			write(t, dir, "content/sec/b.md", "b")
			write(t, dir, "static/css/site.css", "body{}")
			must(t, os.MkdirAll(filepath.Join(dir, "static/burst"), 0o755))
			write(t, dir, ".obsidian/app.json", "{}")
			w, err := New(Options{Base: dir, Names: []string{"content", "static", "site.toml"},
				Keep: []string{".obsidian/app.json"}, Debounce: 30 * time.Millisecond, Poll: mode.poll})
			must(t, err)
			defer w.Close()
			for i, sc := range scenarios {
				t.Run(sc.name, func(t *testing.T) {
					sc.do(t, dir)
					seen := collect(t, w, sc.want)
					// A sentinel write flushes whatever the scenario still
					// has in flight; nothing unexpected may have been seen
					// before or with it.
					sentinel := fmt.Sprintf("content/sentinel-%02d.md", i)
					write(t, dir, sentinel, "s")
					for p, op := range collect(t, w, []string{sentinel}) {
						seen[p] |= op
					}
					allowed := append(slices.Clone(sc.want), sc.also...)
					allowed = append(allowed, sentinel)
					for p := range seen {
						// A poll can catch a file between its creation and
						// its write and report it twice, so an earlier
						// scenario's sentinel may still arrive here.
						if strings.HasPrefix(p, "content/sentinel-") {
							continue
						}
						if !slices.Contains(allowed, p) {
							t.Errorf("unexpected change %s (%v)", p, seen[p])
						}
						if strings.Contains(p, "4913") || strings.Contains(p, "#") || strings.Contains(p, "~") || strings.Contains(p, "/.") {
							t.Errorf("editor temp file reported: %s", p)
						}
					}
					if mode.poll == 0 {
						for p, op := range sc.ops {
							if seen[p]&op == 0 {
								t.Errorf("%s: op %v, want %v", p, seen[p], op)
							}
						}
					}
				})
			}
		})
	}
}

// TestCloseTwice: Close is idempotent (issue 10).
func TestCloseTwice(t *testing.T) {
	for _, poll := range []time.Duration{0, 30 * time.Millisecond} {
		dir := t.TempDir()
		write(t, dir, "content/a.md", "a")
		w, err := New(Options{Base: dir, Names: []string{"content"}, Poll: poll})
		must(t, err)
		must(t, w.Close())
		must(t, w.Close())
		if _, ok := <-w.Batches(); ok {
			t.Error("Batches still open after Close")
		}
	}
}

// TestMaxWait: a steady stream of events, each within the debounce
// interval of the last, still gets batches delivered (issue 10). The
// debounce is far longer than the stream's gaps, so without the cap no
// batch would arrive while the stream runs.
func TestMaxWait(t *testing.T) {
	for _, poll := range []time.Duration{0, 20 * time.Millisecond} {
		t.Run(fmt.Sprintf("poll=%v", poll), func(t *testing.T) {
			dir := t.TempDir()
			write(t, dir, "content/a.md", "a")
			w, err := New(Options{Base: dir, Names: []string{"content"}, Poll: poll,
				Debounce: time.Hour, MaxWait: 50 * time.Millisecond})
			must(t, err)
			defer w.Close()
			deadline := time.After(60 * time.Second)
			tick := time.NewTicker(5 * time.Millisecond)
			defer tick.Stop()
			for i := 0; ; i++ {
				select {
				case b := <-w.Batches():
					if len(b) == 0 || b[0].Path != "content/a.md" {
						t.Errorf("batch %v", b)
					}
					return
				case <-tick.C:
					write(t, dir, "content/a.md", fmt.Sprint("edit ", i))
				case <-deadline:
					t.Fatal("no batch while events kept arriving")
				}
			}
		})
	}
}

// TestMaxWaitKeepsEverything: changes that arrive after a capped batch
// was offered are delivered, in that batch or the next.
func TestMaxWaitKeepsEverything(t *testing.T) {
	dir := t.TempDir()
	must(t, os.MkdirAll(filepath.Join(dir, "content"), 0o755))
	w, err := New(Options{Base: dir, Names: []string{"content"}, Debounce: 30 * time.Millisecond, MaxWait: 10 * time.Millisecond})
	must(t, err)
	defer w.Close()
	var want []string
	for i := range 300 {
		p := fmt.Sprintf("content/f%03d.md", i)
		want = append(want, p)
		write(t, dir, p, "x")
		if i%50 == 0 {
			time.Sleep(15 * time.Millisecond)
		}
	}
	collect(t, w, want)
}

// TestWatchRoot is issue 31: with Options.Root the whole of Base is
// watched, entries created at its top after the start included (an
// Obsidian vault, where new notes go), less the Exclude paths (the
// output) and the names the site leaves out.
func TestWatchRoot(t *testing.T) {
	for _, mode := range []struct {
		name string
		poll time.Duration
	}{{"fsnotify", 0}, {"poll", 30 * time.Millisecond}} {
		t.Run(mode.name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, dir, "Old.md", "old")
			write(t, dir, "Notes/a.md", "a")
			write(t, dir, "out/site/index.html", "built")
			w, err := New(Options{Base: dir, Root: true, Exclude: []string{"out/site"}, Debounce: 30 * time.Millisecond, Poll: mode.poll})
			must(t, err)
			defer w.Close()
			write(t, dir, "out/site/index.html", "built again") // excluded
			write(t, dir, ".obsidian/workspace.json", "{}")     // hidden
			write(t, dir, "New note.md", "new")                 // at the top, after the start
			write(t, dir, "Later/b.md", "b")                    // a top folder, after the start
			write(t, dir, "Notes/a.md", "edited")
			write(t, dir, "out/notes.md", "out is not all excluded")
			want := []string{"New note.md", "Later/b.md", "Notes/a.md", "out/notes.md"}
			seen := collect(t, w, want)
			write(t, dir, "sentinel.md", "s")
			for p, op := range collect(t, w, []string{"sentinel.md"}) {
				seen[p] |= op
			}
			for p := range seen {
				if !slices.Contains(append(want, "sentinel.md", "Later", "out"), p) {
					t.Errorf("unexpected change %s (%v)", p, seen[p])
				}
			}
		})
	}
}

// A settings file under a hidden name (.obsidian/templates.json,
// .vitepress/config.mts, Quartz's content/.gitignore) is watched when
// Options.Keep names it: the fourth probe's serve kept publishing a folder
// that srcExclude, or the templates folder setting, had just left out.
// Other hidden files stay unwatched (Obsidian rewrites workspace.json at
// every click).
func TestWatchKeep(t *testing.T) {
	for _, mode := range []struct {
		name string
		poll time.Duration
	}{{"fsnotify", 0}, {"poll", 30 * time.Millisecond}} {
		t.Run(mode.name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, dir, "Home.md", "home")
			write(t, dir, ".obsidian/app.json", "{}")
			write(t, dir, ".obsidian/plugins/dataview/data.json", "{}")
			write(t, dir, ".vitepress/config.mts", "export default {}")
			write(t, dir, "content/a/.gitignore", "")
			w, err := New(Options{Base: dir, Root: true, Debounce: 30 * time.Millisecond, Poll: mode.poll,
				Keep: []string{".obsidian/templates.json", ".obsidian/plugins/dataview/data.json", ".vitepress/config.mts", "**/.gitignore"}})
			must(t, err)
			defer w.Close()
			write(t, dir, ".obsidian/workspace.json", "{}") // hidden, not kept
			write(t, dir, ".obsidian/templates.json", `{"folder": "gm"}`)
			write(t, dir, ".obsidian/plugins/dataview/data.json", `{"x": 1}`)
			write(t, dir, ".vitepress/config.mts", "export default { srcExclude: ['gm/**'] }")
			write(t, dir, ".vitepress/cache/x.js", "") // not kept
			write(t, dir, "content/a/.gitignore", "gm/")
			write(t, dir, "content/.gitignore", "gm/")
			write(t, dir, "content/.x/.gitignore", "") // in a hidden folder: not kept
			want := []string{".obsidian/templates.json", ".obsidian/plugins/dataview/data.json", ".vitepress/config.mts", "content/a/.gitignore", "content/.gitignore"}
			seen := collect(t, w, want)
			write(t, dir, "sentinel.md", "s")
			for p, op := range collect(t, w, []string{"sentinel.md"}) {
				seen[p] |= op
			}
			for p := range seen {
				if !slices.Contains(append(want, "sentinel.md", ".obsidian", ".obsidian/plugins", ".obsidian/plugins/dataview", ".vitepress", "content"), p) {
					t.Errorf("unexpected change %s (%v)", p, seen[p])
				}
			}
		})
	}
}

// TestWatchKeepOutsideNames: a settings file Options.Keep names by its
// path is watched although it is under no watched name and its folder
// does not exist when watching starts (a vault's .obsidian/ made after
// `serve` started, in a site watched by its names); the folder's other
// files and a "**/NAME" outside the watched names stay unseen.
func TestWatchKeepOutsideNames(t *testing.T) {
	for _, mode := range []struct {
		name string
		poll time.Duration
	}{{"fsnotify", 0}, {"poll", 30 * time.Millisecond}} {
		t.Run(mode.name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, dir, "content/a.md", "a")
			w, err := New(Options{Base: dir, Names: []string{"content"}, Debounce: 30 * time.Millisecond, Poll: mode.poll,
				Keep: []string{".obsidian/app.json", "docs/.vitepress/config.mts", "**/.gitignore"}})
			must(t, err)
			defer w.Close()
			write(t, dir, ".obsidian/workspace.json", "{}") // hidden, not kept
			write(t, dir, ".obsidian/app.json", "{}")
			write(t, dir, "docs/page.md", "not watched")
			write(t, dir, "docs/.vitepress/config.mts", "export default {}")
			write(t, dir, "other/.gitignore", "") // a name kept, but not under a watched name
			want := []string{".obsidian/app.json", "docs/.vitepress/config.mts"}
			seen := collect(t, w, want)
			write(t, dir, ".obsidian/app.json", `{"a": 1}`) // its folder is watched now
			for p, op := range collect(t, w, []string{".obsidian/app.json"}) {
				seen[p] |= op
			}
			write(t, dir, "content/sentinel.md", "s")
			for p, op := range collect(t, w, []string{"content/sentinel.md"}) {
				seen[p] |= op
			}
			for p := range seen {
				if !slices.Contains(append(want, "content/sentinel.md", ".obsidian", "docs", "docs/.vitepress"), p) {
					t.Errorf("unexpected change %s (%v)", p, seen[p])
				}
			}
		})
	}
}

// TestWatchAdded: a file Watch adds once watching has started (a file a
// built page reads, outside the watched names) is reported as a kept
// file is; its neighbours are not.
func TestWatchAdded(t *testing.T) {
	for _, mode := range []struct {
		name string
		poll time.Duration
	}{{"fsnotify", 0}, {"poll", 30 * time.Millisecond}} {
		t.Run(mode.name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, dir, "content/a.md", "a")
			write(t, dir, "gen/x.md", "x")
			write(t, dir, "gen/y.md", "y")
			w, err := New(Options{Base: dir, Names: []string{"content"}, Debounce: 30 * time.Millisecond, Poll: mode.poll})
			must(t, err)
			defer w.Close()
			w.Watch([]string{"gen/x.md", "../outside.md"})
			write(t, dir, "gen/y.md", "y2") // not read: not reported
			write(t, dir, "gen/x.md", "x2")
			seen := collect(t, w, []string{"gen/x.md"})
			write(t, dir, "content/sentinel.md", "s")
			for p, op := range collect(t, w, []string{"content/sentinel.md"}) {
				seen[p] |= op
			}
			for p := range seen {
				if !slices.Contains([]string{"gen/x.md", "content/sentinel.md", "gen"}, p) {
					t.Errorf("unexpected change %s (%v)", p, seen[p])
				}
			}
		})
	}
}
