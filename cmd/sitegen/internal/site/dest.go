package site

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"d6codex/cmd/sitegen/internal/assets"
	"d6codex/cmd/sitegen/internal/site/content"
)

// markerText is the marker file's content: a line for whoever finds it.
const markerText = "This folder is the output of sitegen: every build replaces it whole,\n" +
	"except hidden files and folders (such as .git) and CNAME at its top level.\n"

// keptAcrossBuilds reports whether a top-level entry of the output that the
// build did not write survives the next build: hidden files and folders
// (.git of a gh-pages checkout, .nojekyll, .well-known, .htaccess) and
// CNAME, the files hosts and deploy tools keep beside a site.
func keptAcrossBuilds(name string) bool {
	return name == "CNAME" || strings.HasPrefix(name, ".") && name != content.OutputMarker
}

// ErrForeignDest is the error of a build whose destination holds files that
// sitegen did not make.
var ErrForeignDest = errors.New("the destination holds files sitegen did not make")

// resolvePath returns the absolute path p names once every symbolic link
// in it is followed. For a path that does not exist yet, the links of its
// nearest existing parent are followed and the rest is kept as written.
func resolvePath(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	rest := ""
	for d := abs; ; {
		real, err := filepath.EvalSymlinks(d)
		if err == nil {
			return filepath.Join(real, rest), nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		parent := filepath.Dir(d)
		if parent == d {
			return abs, nil
		}
		rest = filepath.Join(filepath.Base(d), rest)
		d = parent
	}
}

// resolveDest returns the folder a build publishes into for the
// destination dest: dest with its links followed (resolvePath). A dest that
// is itself a link must lead to a folder: a dangling link is an error, not
// a folder to create at a place the user did not name.
func resolveDest(dest string) (string, error) {
	if info, err := os.Lstat(dest); err == nil && info.Mode()&fs.ModeSymlink != 0 {
		target, _ := os.Readlink(dest)
		if _, err := os.Stat(dest); err != nil {
			return "", fmt.Errorf("destination %s is a symbolic link to %s, which cannot be used (%v); "+
				"create that folder or choose another --dest", dest, target, content.UnwrapPath(err))
		}
	}
	real, err := resolvePath(dest)
	if err != nil {
		return "", fmt.Errorf("destination %s: %w", dest, err)
	}
	return real, nil
}

// checkDestOwned returns an error unless dest may be replaced by a build:
// it does not exist, is empty, holds only files kept across builds, or
// holds sitegen's marker. replace (--replace-dest) allows any folder.
func checkDestOwned(dest string, replace bool) error {
	entries, err := os.ReadDir(dest)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		var pe *fs.PathError
		if errors.As(err, &pe) && errors.Is(pe.Err, syscall.ENOTDIR) {
			return fmt.Errorf("destination %s is a file, not a folder; choose another --dest", dest)
		}
		return fmt.Errorf("destination: %w", err)
	}
	if replace {
		return nil
	}
	var foreign []string
	for _, e := range entries {
		if e.Name() == content.OutputMarker {
			return nil
		}
		if !keptAcrossBuilds(e.Name()) {
			foreign = append(foreign, e.Name())
		}
	}
	if len(foreign) == 0 {
		return nil
	}
	shown := strings.Join(foreign[:min(3, len(foreign))], ", ")
	if len(foreign) > 3 {
		shown += ", … (" + strconv.Itoa(len(foreign)) + " entries)"
	}
	return fmt.Errorf("%w: %s holds %s and no %s marker, and a build replaces its output folder whole; "+
		"choose an empty or new folder with --dest, or pass --replace-dest to replace this one "+
		"(its hidden files and CNAME are kept)", ErrForeignDest, dest, shown, content.OutputMarker)
}

// writeMarker writes the output marker into a staging directory.
func writeMarker(dir string) error {
	return os.WriteFile(filepath.Join(dir, content.OutputMarker), []byte(markerText), 0o644)
}

// carryOver moves the entries of dest that survive builds (see
// keptAcrossBuilds) into staging, unless staging has an entry of that name
// (a CNAME from static/ wins). It returns a function that moves them back,
// for a swap that fails.
func carryOver(dest, staging string) (undo func(), err error) {
	entries, err := os.ReadDir(dest)
	if errors.Is(err, fs.ErrNotExist) {
		return func() {}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", dest, err)
	}
	var moved []string
	undo = func() {
		for _, name := range moved {
			_ = os.Rename(filepath.Join(staging, name), filepath.Join(dest, name))
		}
	}
	for _, e := range entries {
		name := e.Name()
		if !keptAcrossBuilds(name) {
			continue
		}
		if _, err := os.Lstat(filepath.Join(staging, name)); err == nil {
			continue
		}
		if err := os.Rename(filepath.Join(dest, name), filepath.Join(staging, name)); err != nil {
			undo()
			return nil, fmt.Errorf("keep %s across the build: %w", filepath.Join(dest, name), err)
		}
		moved = append(moved, name)
	}
	return undo, nil
}

// stagingPrefix is the name prefix of the staging directories of dest. The
// process id follows it, so a later build can tell a dead build's leftovers
// from a running one's.
func stagingPrefix(dest string) string {
	return "." + filepath.Base(filepath.Clean(dest)) + ".staging-"
}

// lockPath is the lock file of dest, beside it: a build holds an
// exclusive lock on it (flock) from its checks of dest until the new
// output is in place, so that two builds into one destination run one
// after the other, each publishing a whole site. It holds the holder's
// process id, and is removed when the lock is let go (a killed build
// leaves it, locked by no one, for the next build to take).
func lockPath(dest string) string {
	dest = filepath.Clean(dest)
	return filepath.Join(filepath.Dir(dest), "."+filepath.Base(dest)+".lock")
}

// SparePath is the folder beside dest where a build keeps the output it
// replaced: the next build claims it (claimSpare) and brings it up to date
// in place as its staging tree (assets.Output.InPlace), so a rebuild
// creates and deletes only the files that changed. Its unchanged files are
// hard links to those of dest, so it costs little space; removing it is
// always safe.
func SparePath(dest string) string {
	dest = filepath.Clean(dest)
	return filepath.Join(filepath.Dir(dest), "."+filepath.Base(dest)+".spare")
}

// claimSpare takes the spare output of dest for this build, renaming it to
// a staging name of this process so that no other build uses it at the
// same time, and returns its path; "" when there is none, or when it does
// not hold sitegen's marker (it is then left alone).
func claimSpare(dest string) string {
	spare := SparePath(dest)
	if info, err := os.Lstat(spare); err != nil || !info.IsDir() {
		return ""
	}
	if info, err := os.Lstat(filepath.Join(spare, content.OutputMarker)); err != nil || !info.Mode().IsRegular() {
		return ""
	}
	claimed := filepath.Join(filepath.Dir(spare), stagingPrefix(dest)+strconv.Itoa(os.Getpid())+"-spare")
	if err := os.Rename(spare, claimed); err != nil {
		return ""
	}
	return claimed
}

// spareIgnore is the file that keeps the spare out of Git: with --dest
// docs in a repository, `git add .` would otherwise commit a second copy
// of the site. It stays while a build brings the spare up to date, so a
// failed build returns the spare with it; Output.Prune removes it (the
// build does not write it) before the tree is published.
const spareIgnore = ".gitignore"

// writeSpareIgnore gives the spare folder dir its .gitignore, unless a
// file of that name is there: it never replaces one (nor writes through a
// link).
func writeSpareIgnore(dir string) {
	assets.CreateNew(filepath.Join(dir, spareIgnore),
		[]byte("# sitegen's spare output, kept for the next build (see "+content.OutputMarker+"); not part of the site\n*\n"))
}

// returnSpare makes the staging tree of a failed build that was the
// spare (claimSpare) the spare again, with its .gitignore; it reports
// false when it cannot.
func returnSpare(staging, dest string) bool {
	spare := SparePath(dest)
	if err := os.Rename(staging, spare); err != nil {
		return false
	}
	writeSpareIgnore(spare)
	return true
}

// keepSpare makes the previous output old the spare of dest. It reports
// false when it cannot (another build's spare is there).
func keepSpare(old, dest string) bool {
	spare := SparePath(dest)
	if err := os.Rename(old, spare); err != nil {
		return false
	}
	writeSpareIgnore(spare)
	return true
}

// removeStaleStaging removes the staging directories a killed build left
// beside dest: those named with dest's staging prefix, whose build process
// is gone, holding sitegen's marker or nothing at all. A build writes the
// marker into a staging folder before anything else and removeOwned
// removes it last, so a build killed at any moment leaves one of the two.
// Anything else is left alone.
func removeStaleStaging(dest string) {
	parent := filepath.Dir(filepath.Clean(dest))
	prefix := stagingPrefix(dest)
	entries, err := os.ReadDir(parent)
	if err != nil {
		return
	}
	for _, e := range entries {
		name := e.Name()
		if !e.IsDir() || !strings.HasPrefix(name, prefix) {
			continue
		}
		pidText, _, _ := strings.Cut(strings.TrimPrefix(name, prefix), "-")
		pid, err := strconv.Atoi(pidText)
		if err != nil || processAlive(pid) {
			continue
		}
		dir := filepath.Join(parent, name)
		if info, err := os.Lstat(filepath.Join(dir, content.OutputMarker)); err == nil && info.Mode().IsRegular() {
			removeOwned(dir)
		} else {
			_ = os.Remove(dir) // only if empty
		}
	}
}

// newStaging creates a staging folder for a build of dest, named with
// this process's id and kind, and holding the marker before anything
// else: from its first moment it is either empty or marked, so a build
// killed at any moment leaves nothing removeStaleStaging would not remove.
func newStaging(dest, kind string) (string, error) {
	dir, err := os.MkdirTemp(filepath.Dir(filepath.Clean(dest)), stagingPrefix(dest)+strconv.Itoa(os.Getpid())+"-"+kind)
	if err != nil {
		return "", err
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		_ = os.Remove(dir)
		return "", err
	}
	if err := writeMarker(dir); err != nil {
		removeOwned(dir)
		return "", err
	}
	return dir, nil
}

// removeOwned removes the folder dir of sitegen's (a staging folder, an
// old output), its marker last: cut short at any moment, what is left
// holds the marker or nothing, so a later build finishes the removal.
func removeOwned(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if e.Name() != content.OutputMarker {
			if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
				return // the marker stays with what is left
			}
		}
	}
	_ = os.Remove(filepath.Join(dir, content.OutputMarker))
	_ = os.Remove(dir)
}

// markDest writes the marker into dest when it has none (an empty folder,
// or one taken over with --replace-dest), so that the previous output,
// which the swap leaves under a staging name, is provably sitegen's to
// remove if the build is killed before it is. It returns a function that
// removes the marker again, for a swap that fails.
func markDest(dest string) (undo func()) {
	p := filepath.Join(dest, content.OutputMarker)
	if !assets.CreateNew(p, []byte(markerText)) {
		return func() {}
	}
	return func() { _ = os.Remove(p) }
}

// destHold is a Site's hold on its destination's lock (lockDest) for the
// writes a development server makes between builds: an Update, the search
// index's writer and PublishStatic write different files and may overlap,
// so they share one lock among them instead of waiting for each other
// (which would put the search index's write on the path of an edit). The
// lock is taken by the first and let go by the last.
type destHold struct {
	mu      sync.Mutex
	holders int
	unlock  func()
}

// hold takes the lock of dest, or joins this Site's hold on it, and
// returns the function that lets it go (once).
func (h *destHold) hold(ctx context.Context, dest string, waiting func(pid int)) (func(), error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.holders == 0 {
		unlock, err := lockDest(ctx, dest, waiting)
		if err != nil {
			return nil, err
		}
		h.unlock = unlock
		touchMark(dest) // the output changes: no build's record stands for it (commit.go)
	}
	h.holders++
	var once sync.Once
	return func() {
		once.Do(func() {
			h.mu.Lock()
			defer h.mu.Unlock()
			if h.holders--; h.holders == 0 {
				h.unlock()
				h.unlock = nil
			}
		})
	}, nil
}

// hold takes the lock of the site's output (destHold.hold): in a
// language's site kept for Updates (Site.parent), the whole site's,
// whose output holds its folder.
func (s *Site) hold(ctx context.Context) (func(), error) {
	if s.parent != nil {
		return s.parent.hold(ctx)
	}
	return s.destHold.hold(ctx, s.Opts.Dest, s.Opts.Waiting)
}
