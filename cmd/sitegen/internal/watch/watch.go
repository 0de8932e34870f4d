// Package watch reports changes to a site's source files in batches, for
// `sitegen serve`.
//
// A Watcher watches a base directory and some of its entries, or all of
// them (Options.Root) less some paths (Options.Exclude): folders are
// watched recursively (folders created later are added as they appear, and
// the files already inside them are reported), single files are watched
// through their parent so that atomic saves (write to a temporary file,
// then rename over the original) are seen. Events are collected until no
// new one has arrived for Options.Debounce, or at most Options.MaxWait
// after the first, then delivered as one Batch. Names the site leaves out
// (hidden names, editors' temporary and backup files: srcname.Skip) and
// chmod-only events never reach a batch. With Options.Poll set, the tree is scanned at that
// interval instead, for file systems that deliver no events (network
// mounts, some containers).
package watch

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"

	"d6codex/cmd/sitegen/internal/srcname"
)

// Op is what happened to a path. Ops of one path in a batch are or-ed.
type Op uint8

// The operations a batch reports.
const (
	// Create: the path appeared (created, or renamed or moved into place).
	Create Op = 1 << iota
	// Write: a file's content changed.
	Write
	// Remove: the path was deleted.
	Remove
	// Rename: the path was renamed or moved away.
	Rename
	// Rescan: events were lost (the kernel queue overflowed); the consumer
	// should treat everything as changed. Its Change has an empty Path.
	Rescan
)

// String lists the operations, "create|write".
func (o Op) String() string {
	var parts []string
	for _, x := range []struct {
		op   Op
		name string
	}{{Create, "create"}, {Write, "write"}, {Remove, "remove"}, {Rename, "rename"}, {Rescan, "rescan"}} {
		if o&x.op != 0 {
			parts = append(parts, x.name)
		}
	}
	return strings.Join(parts, "|")
}

// Change is one path of a batch and what happened to it.
type Change struct {
	// Path is relative to Options.Base, slash-separated ("content/a/b.md").
	Path string
	// Op is every operation seen on the path during the batch.
	Op Op
}

// Batch is the set of changes seen during one quiet period, sorted by path.
type Batch []Change

// Options configure a Watcher.
type Options struct {
	// Base is the directory the watched names are in.
	Base string
	// Names are the entries of Base to watch ("content", "site.toml").
	// Folders are watched recursively. A name that does not exist yet is
	// picked up when it is created.
	Names []string
	// Root watches every entry of Base instead, those created later
	// included (a source whose pages are the folder itself, an Obsidian
	// vault), less Exclude.
	Root bool
	// Exclude are paths under Base (slash-separated, at any depth) that
	// are never watched nor reported: the output folder inside a watched
	// one.
	Exclude []string
	// Keep are settings files watched although a name on their way is
	// one the site leaves out (srcname.Skip), or although they are not
	// under Names: slash paths under Base (".obsidian/app.json",
	// ".vitepress/config.mts"), or "**/NAME" for a file of that name in
	// any watched folder (Quartz's "**/.gitignore"). A path's folder is
	// watched for it alone: from the start when the folder exists, else
	// once it appears (each folder on its way is watched for it), with
	// file system events; a poll looks at the file itself.
	Keep []string
	// Named are folders under Base (slash paths) watched whole although
	// their own names are ones the site leaves out: a content folder the
	// settings name (MkDocs' docs_dir: .docs, layout.Layout.HiddenContent).
	// The names left out inside them still are.
	Named []string
	// Debounce is how long the watcher waits after the last event before
	// delivering a batch. Default 20ms.
	Debounce time.Duration
	// MaxWait caps how long a batch waits after its first event, so that a
	// steady stream of events (a build tool writing, a sync running)
	// cannot postpone delivery forever. Default 500ms.
	MaxWait time.Duration
	// Poll, when positive, scans the files at this interval instead of
	// using file system events.
	Poll time.Duration
	// OnError receives errors that do not stop watching (a folder that
	// could not be added, a failed scan). Default: ignore them.
	OnError func(error)
}

// Watcher delivers batches of changes until it is closed.
type Watcher struct {
	opts    Options
	names   map[string]bool
	exclude []string        // Options.Exclude, cleaned
	keepMu  sync.RWMutex    // guards keep, which Watch adds to
	keep    map[string]bool // the paths of Options.Keep (not its "**/NAME") and of Watch
	batches chan Batch
	raw     chan Change
	fsw     *fsnotify.Watcher // nil when polling
	dirs    map[string]bool   // folders being watched (fsnotify), to classify removed names
	cancel  context.CancelFunc
	wg      sync.WaitGroup
	closed  sync.Once
	err     error // the result of Close
}

// New starts watching. Call Close to stop.
func New(opts Options) (*Watcher, error) {
	if opts.Debounce <= 0 {
		opts.Debounce = 20 * time.Millisecond
	}
	if opts.MaxWait <= 0 {
		opts.MaxWait = 500 * time.Millisecond
	}
	if opts.OnError == nil {
		opts.OnError = func(error) {}
	}
	base, err := filepath.Abs(opts.Base)
	if err != nil {
		return nil, fmt.Errorf("watch %s: %w", opts.Base, err)
	}
	opts.Base = base
	ctx, cancel := context.WithCancel(context.Background())
	w := &Watcher{
		opts:    opts,
		names:   map[string]bool{},
		dirs:    map[string]bool{},
		batches: make(chan Batch),
		raw:     make(chan Change, 256),
		cancel:  cancel,
	}
	for _, n := range opts.Names {
		w.names[filepath.ToSlash(filepath.Clean(n))] = true
	}
	for _, n := range opts.Exclude {
		w.exclude = append(w.exclude, filepath.ToSlash(filepath.Clean(n)))
	}
	w.keep = map[string]bool{}
	for _, k := range opts.Keep {
		if !strings.HasPrefix(k, "**/") {
			w.keep[path.Clean(filepath.ToSlash(k))] = true
		}
	}
	if opts.Poll > 0 {
		snap := w.scan()
		w.wg.Go(func() { w.poll(ctx, snap) })
	} else {
		fsw, err := fsnotify.NewWatcher()
		if err != nil {
			cancel()
			return nil, fmt.Errorf("watch %s: %w", base, err)
		}
		w.fsw = fsw
		if err := fsw.Add(base); err != nil {
			cancel()
			fsw.Close()
			return nil, fmt.Errorf("watch %s: %w", base, err)
		}
		for _, root := range w.roots() {
			w.addTree(root, nil)
		}
		for k := range w.keep { // its folder alone: the others of a hidden folder are not the site's
			if err := fsw.Add(filepath.Dir(filepath.Join(base, filepath.FromSlash(k)))); err != nil && !errors.Is(err, fs.ErrNotExist) {
				opts.OnError(fmt.Errorf("watch %s: %w", k, err))
			}
		}
		w.wg.Go(func() { w.listen(ctx) })
	}
	w.wg.Go(func() { w.batch(ctx) })
	return w, nil
}

// Batches delivers the batches. A batch waits, growing, until it is
// received, so a slow consumer gets fewer, larger batches and loses
// nothing. The channel is closed by Close.
func (w *Watcher) Batches() <-chan Batch { return w.batches }

// Close stops watching and closes the Batches channel. Calling it again
// does nothing and returns the first call's result.
func (w *Watcher) Close() error {
	w.closed.Do(func() {
		w.cancel()
		if w.fsw != nil {
			w.err = w.fsw.Close()
		}
		w.wg.Wait()
		close(w.batches)
	})
	return w.err
}

// rel returns the slash-separated path of abs relative to Base, and
// whether it is one of the watched names or inside one of them and not
// left out of the site (srcname.Skip; dir says whether abs is a folder).
func (w *Watcher) rel(abs string, dir bool) (string, bool) {
	r, err := filepath.Rel(w.opts.Base, abs)
	if err != nil || r == "." || strings.HasPrefix(r, "..") {
		return "", false
	}
	r = filepath.ToSlash(r)
	if !dir && w.isKept(r) {
		return r, true
	}
	top, _, _ := strings.Cut(r, "/")
	if !w.opts.Root && !w.names[top] && !w.names[r] && !(dir && w.keptDir(r)) {
		return "", false
	}
	for _, ex := range w.exclude {
		if r == ex || strings.HasPrefix(r, ex+"/") {
			return "", false
		}
	}
	segs := strings.Split(r, "/")
	from := 0 // the segments of a Named folder on r's way are not checked
	for _, n := range w.opts.Named {
		if n = path.Clean(n); r == n || strings.HasPrefix(r, n+"/") {
			from = max(from, strings.Count(n, "/")+1)
		}
	}
	for i, seg := range segs {
		if i < from {
			continue
		}
		last := i == len(segs)-1
		if srcname.Skip(seg, dir || !last) && !(last && w.kept(r, dir)) {
			if dir && w.keptDir(r) {
				return r, true
			}
			return "", false
		}
	}
	return r, true
}

// kept reports whether the last name of r, a file of that name, is one
// Options.Keep names at any depth ("**/.gitignore").
func (w *Watcher) kept(r string, dir bool) bool {
	if dir {
		return false
	}
	name := r[strings.LastIndexByte(r, '/')+1:]
	return slices.Contains(w.opts.Keep, "**/"+name)
}

// isKept reports whether the file r is one Options.Keep or Watch names
// by its path.
func (w *Watcher) isKept(r string) bool {
	w.keepMu.RLock()
	defer w.keepMu.RUnlock()
	return w.keep[r]
}

// Watch adds files (slash paths under Base) to those watched as
// Options.Keep's are, wherever they are: files the site reads from
// outside the watched names (a Hugo page's readFile of gen/x.md), known
// once it is built. A path out of Base is ignored. When polling, the
// next scan records the file: a file added there is reported as created
// once.
func (w *Watcher) Watch(files []string) {
	var added []string
	w.keepMu.Lock()
	for _, f := range files {
		f = path.Clean(filepath.ToSlash(f))
		if f == "." || f == ".." || strings.HasPrefix(f, "../") || path.IsAbs(f) || w.keep[f] {
			continue
		}
		w.keep[f] = true
		added = append(added, f)
	}
	w.keepMu.Unlock()
	if w.fsw == nil {
		return
	}
	for _, f := range added {
		if err := w.fsw.Add(filepath.Dir(filepath.Join(w.opts.Base, filepath.FromSlash(f)))); err != nil && !errors.Is(err, fs.ErrNotExist) {
			w.opts.OnError(fmt.Errorf("watch %s: %w", f, err))
		}
	}
}

// keptDir reports whether the folder r is on the way to a file
// Options.Keep names by its path.
func (w *Watcher) keptDir(r string) bool {
	w.keepMu.RLock()
	defer w.keepMu.RUnlock()
	for k := range w.keep {
		if strings.HasPrefix(k, r+"/") {
			return true
		}
	}
	return false
}

// addTree watches dir and every folder below it. When found is not nil,
// it is called with every file found (for folders that appeared after
// watching started, whose files may predate their watch).
func (w *Watcher) addTree(dir string, found func(path string)) {
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil // gone already; its removal is reported on its own
			}
			return err
		}
		if _, ok := w.rel(p, d.IsDir()); !ok && p != w.opts.Base {
			if d.IsDir() {
				return filepath.SkipDir // excluded
			}
			return nil
		}
		if !d.IsDir() {
			if found != nil {
				found(p)
			}
			return nil
		}
		if err := w.fsw.Add(p); err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		w.dirs[p] = true
		return nil
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		w.opts.OnError(fmt.Errorf("watch %s: %w", dir, err))
	}
}

// listen turns fsnotify events into raw changes.
func (w *Watcher) listen(ctx context.Context) {
	send := func(c Change) {
		select {
		case w.raw <- c:
		case <-ctx.Done():
		}
	}
	for {
		select {
		case <-ctx.Done():
			return
		case err, ok := <-w.fsw.Errors:
			if !ok {
				return
			}
			if errors.Is(err, fsnotify.ErrEventOverflow) {
				send(Change{Op: Rescan})
				continue
			}
			w.opts.OnError(fmt.Errorf("watch: %w", err))
		case ev, ok := <-w.fsw.Events:
			if !ok {
				return
			}
			r, keep := w.rel(ev.Name, w.isDir(ev.Name))
			if !keep {
				continue
			}
			var op Op
			if ev.Has(fsnotify.Create) {
				op |= Create
			}
			if ev.Has(fsnotify.Write) {
				op |= Write
			}
			if ev.Has(fsnotify.Remove) {
				op |= Remove
			}
			if ev.Has(fsnotify.Rename) {
				op |= Rename
			}
			if op == 0 {
				continue // chmod only
			}
			if op&(Remove|Rename) != 0 {
				w.unwatch(ev.Name)
			}
			send(Change{Path: r, Op: op})
			if op&Create != 0 {
				if info, err := os.Lstat(ev.Name); err == nil && info.IsDir() {
					w.addTree(ev.Name, func(p string) {
						if fr, ok := w.rel(p, false); ok {
							send(Change{Path: fr, Op: Create})
						}
					})
				}
			}
		}
	}
}

// unwatch drops the watches on a removed or renamed folder and its
// sub-folders; a renamed folder is watched again under its new name when
// its Create arrives.
func (w *Watcher) unwatch(abs string) {
	prefix := abs + string(filepath.Separator)
	for _, p := range w.fsw.WatchList() {
		if p == abs || strings.HasPrefix(p, prefix) {
			_ = w.fsw.Remove(p)
		}
	}
	for p := range w.dirs {
		if p == abs || strings.HasPrefix(p, prefix) {
			delete(w.dirs, p)
		}
	}
}

// isDir reports whether abs is a folder: as it is now, or, when it is
// gone (removed, renamed away), as it was when watched.
func (w *Watcher) isDir(abs string) bool {
	if info, err := os.Lstat(abs); err == nil {
		return info.IsDir()
	}
	return w.dirs[abs]
}

// batch collects raw changes and offers them as one batch once no change
// has arrived for the debounce interval, or once the first of them has
// waited MaxWait. Until the consumer takes it, a batch keeps growing: a
// change arriving before the cap withdraws the offer until the next quiet
// interval; after the cap the offer stands and later changes join it at
// the next quiet interval or wait for the next batch.
func (w *Watcher) batch(ctx context.Context) {
	pending := map[string]Op{} // changes not yet in ready
	var ready Batch            // the batch offered (out != nil) or being held back
	quiet := time.NewTimer(time.Hour)
	quiet.Stop()
	limit := time.NewTimer(time.Hour)
	limit.Stop()
	var out chan Batch // nil while nothing is offered
	capped := false    // the current batch has waited MaxWait
	offer := func() {
		if len(pending) == 0 {
			return
		}
		all := maps.Clone(pending)
		for _, c := range ready {
			all[c.Path] |= c.Op
		}
		clear(pending)
		ready = make(Batch, 0, len(all))
		for _, p := range slices.Sorted(maps.Keys(all)) {
			ready = append(ready, Change{Path: p, Op: all[p]})
		}
		out = w.batches
	}
	for {
		select {
		case <-ctx.Done():
			quiet.Stop()
			limit.Stop()
			return
		case c := <-w.raw:
			if len(pending) == 0 && len(ready) == 0 {
				limit.Reset(w.opts.MaxWait)
			}
			pending[c.Path] |= c.Op
			quiet.Reset(w.opts.Debounce)
			if !capped {
				out = nil
			}
		case <-quiet.C:
			offer()
		case <-limit.C:
			capped = true
			offer()
		case out <- ready:
			ready, out, capped = nil, nil, false
			limit.Stop()
			if len(pending) > 0 {
				limit.Reset(w.opts.MaxWait)
			}
		}
	}
}

// fileState is what polling compares between scans.
type fileState struct {
	mod  time.Time
	size int64
	dir  bool
}

// roots are the paths whose trees are watched: Base with Options.Root,
// else each of the names.
func (w *Watcher) roots() []string {
	if w.opts.Root {
		return []string{w.opts.Base}
	}
	var out []string
	for n := range w.names {
		out = append(out, filepath.Join(w.opts.Base, filepath.FromSlash(n)))
	}
	return out
}

// scan records the state of every watched path.
func (w *Watcher) scan() map[string]fileState {
	snap := map[string]fileState{}
	for _, root := range w.roots() {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				if errors.Is(err, fs.ErrNotExist) {
					return nil
				}
				return err
			}
			r, ok := w.rel(p, d.IsDir())
			if !ok {
				if d.IsDir() && p != root {
					return filepath.SkipDir
				}
				return nil
			}
			info, err := d.Info()
			if err != nil {
				return nil // removed during the scan
			}
			snap[r] = fileState{mod: info.ModTime(), size: info.Size(), dir: d.IsDir()}
			return nil
		})
		if err != nil {
			w.opts.OnError(fmt.Errorf("scan %s: %w", root, err))
		}
	}
	w.keepMu.RLock()
	defer w.keepMu.RUnlock()
	for k := range w.keep { // wherever it is, watched names or not
		if info, err := os.Lstat(filepath.Join(w.opts.Base, filepath.FromSlash(k))); err == nil && !info.IsDir() {
			snap[k] = fileState{mod: info.ModTime(), size: info.Size()}
		}
	}
	return snap
}

// poll scans at the polling interval and reports the differences.
func (w *Watcher) poll(ctx context.Context, prev map[string]fileState) {
	t := time.NewTicker(w.opts.Poll)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		cur := w.scan()
		var changes []Change
		for p, st := range cur {
			old, ok := prev[p]
			switch {
			case !ok:
				changes = append(changes, Change{Path: p, Op: Create})
			case old.dir != st.dir:
				changes = append(changes, Change{Path: p, Op: Remove | Create})
			case !st.dir && (!old.mod.Equal(st.mod) || old.size != st.size):
				changes = append(changes, Change{Path: p, Op: Write})
			}
		}
		for p := range prev {
			if _, ok := cur[p]; !ok {
				changes = append(changes, Change{Path: p, Op: Remove})
			}
		}
		prev = cur
		for _, c := range changes {
			select {
			case w.raw <- c:
			case <-ctx.Done():
				return
			}
		}
	}
}
