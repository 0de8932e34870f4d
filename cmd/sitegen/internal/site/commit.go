package site

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"d6codex/cmd/sitegen/internal/assets"
	"d6codex/cmd/sitegen/internal/site/content"
)

// The in-place commit of an incremental build.
//
// A full build renders a whole new tree and swaps it with the destination
// (site.go). An incremental build whose destination is the last build's
// own output (the build cache records that build's destination, every
// file it published, and the stamp of the marker file it left there:
// ownsDest) renders into a sparse staging folder instead, which receives
// only the files whose bytes differ from the destination's
// (assets.Output.Sparse), and then commits them in place: the files of
// the destination that the last build published and this one does not
// are removed, and the staged files are moved in, each by one rename
// (a reader sees the old file or the new one, never part of one). A
// one-page edit thus costs a handful of renames instead of a walk of the
// whole output.
//
// The marker's stamp is the token of an output: every build that
// publishes gives it a new modification time (Site.published) and a
// build with the cache records the stamp; serve's writes into the output
// change it too (destHold), so a build without the cache in between
// (whose swap can bring back the very marker file of an older output) or
// a save under serve makes the next incremental build a full one.
//
// The commit is journaled: before its first change it writes the list of
// removals and moves beside the destination (journalPath), and it
// removes that list after its last. A build killed between the two leaves
// the journal; the next build into the destination (or serve) finishes
// the commit before anything else (finishCommit), so the destination is
// the killed build's whole output again, never a mix for longer than
// until that start. The marker's stamp is changed before the first
// change (and again when the commit is done, as the token of this
// output), so no cache index stands for a destination a commit was cut
// short in: the build after a finished journal is a full one.
//
// What is never touched: a file the last build did not record as its own
// is never removed (a file a user put into the output stays, where a full
// build's swap would drop it), nothing is removed through a symbolic link
// (assets.ReachedDirectly), and a folder is removed only when empty. A
// file edited by hand in the output is made again: the build keeps an
// output file only when its size, times and inode are the ones recorded
// (or, for the files the cache does not stamp, its bytes are compared).

// commitJournal is the journal of an in-place commit.
type commitJournal struct {
	// Staging is the folder that holds the files to move.
	Staging string
	// Put are the files of Staging moved into the destination (slash-
	// separated paths under both).
	Put []string
	// Remove are the files of the destination the last build made and
	// this one does not.
	Remove []string
}

// journalPath is the journal of in-place commits into dest, beside it
// (as its lock and its spare are), so that any build into dest finds it,
// whatever its cache folder.
func journalPath(dest string) string {
	dest = filepath.Clean(dest)
	return filepath.Join(filepath.Dir(dest), "."+filepath.Base(dest)+".commit")
}

// journalTemp is the name of the journal's temporary file while it is
// written (assets.WriteAtomicVia), with rnd in place of its random part:
// one a killed build may leave, which finishCommit removes.
func journalTemp(dest, rnd string) string { return journalPath(dest) + "-tmp-" + rnd }

// errNotInPlace is why a commit is not made in place (the caller
// completes the staging folder and swaps it as a full build does).
var errNotInPlace = errors.New("the output cannot be brought up to date in place")

// ownsDest reports whether the previous build recorded in the cache made
// dest as it is now: its destination, and the marker's stamp it set.
func (bc *bodyCache) ownsDest(dest string) bool {
	if bc == nil || bc.old == nil || bc.old.Dest != dest || len(bc.old.Own) == 0 || bc.old.Mark == (content.FileStamp{}) {
		return false
	}
	return markStamp(dest) == bc.old.Mark
}

// markStamp is the stamp of dest's marker file; zero when it is not a
// regular file.
func markStamp(dest string) content.FileStamp {
	info, err := os.Lstat(filepath.Join(dest, content.OutputMarker))
	if err != nil || !info.Mode().IsRegular() {
		return content.FileStamp{}
	}
	return content.StampOf(info)
}

// touchMark gives dest's marker a new modification time and returns its
// stamp (zero when it cannot): the token of the output as it now is.
func touchMark(dest string) content.FileStamp {
	p := filepath.Join(dest, content.OutputMarker)
	info, err := os.Lstat(p)
	if err != nil || !info.Mode().IsRegular() {
		return content.FileStamp{}
	}
	now := time.Now()
	if err := os.Chtimes(p, now, now); err != nil {
		return content.FileStamp{}
	}
	return markStamp(dest)
}

// commitInPlace moves the files put of the sparse staging folder into
// dest and removes the files remove of dest, journaled (see above). It
// returns errNotInPlace, having changed nothing, when a file to put would
// replace a folder (a page that became a file).
func commitInPlace(dest, staging string, put, remove []string) error {
	for _, rel := range put {
		if info, err := os.Lstat(filepath.Join(dest, filepath.FromSlash(rel))); err == nil && info.IsDir() {
			return errNotInPlace
		}
	}
	j := commitJournal{Staging: staging, Put: put, Remove: remove}
	data, err := json.Marshal(j)
	if err != nil {
		return err
	}
	if err := assets.WriteAtomicVia(journalPath(dest), data, filepath.Base(journalTemp(dest, "*"))); err != nil {
		return fmt.Errorf("write the journal: %w", err)
	}
	touchMark(dest) // no cache index stands for dest until the commit is done
	if err := applyJournal(dest, j); err != nil {
		return err // the journal stays: the next build finishes the commit
	}
	return os.Remove(journalPath(dest))
}

// applyJournal makes the changes of j to dest that are not made yet:
// removals first (and the folders they leave empty), then the moves. A
// move whose staged file is gone was made.
func applyJournal(dest string, j commitJournal) error {
	dirs := map[string]bool{}
	for _, rel := range j.Remove {
		p := filepath.Join(dest, filepath.FromSlash(rel))
		if !inside(dest, p) || !assets.ReachedDirectly(dest, p) {
			continue // never through a link, never out of dest
		}
		info, err := os.Lstat(p)
		if err != nil || info.IsDir() {
			continue // gone already; a folder is not the file recorded
		}
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("remove %s: %w", p, err)
		}
		dirs[filepath.Dir(p)] = true
	}
	// The folders left empty, deepest first; one that is not empty stays.
	ordered := make([]string, 0, len(dirs))
	for d := range dirs {
		ordered = append(ordered, d)
	}
	slices.SortFunc(ordered, func(a, b string) int { return len(b) - len(a) })
	for _, d := range ordered {
		for ; d != dest && inside(dest, d); d = filepath.Dir(d) {
			if os.Remove(d) != nil {
				break
			}
		}
	}
	for _, rel := range j.Put {
		from := filepath.Join(j.Staging, filepath.FromSlash(rel))
		to := filepath.Join(dest, filepath.FromSlash(rel))
		if !inside(dest, to) || !inside(j.Staging, from) {
			continue
		}
		if info, err := os.Lstat(from); err != nil || !info.Mode().IsRegular() {
			continue // moved already
		}
		if err := assets.RealDir(dest, filepath.Dir(to)); err != nil {
			return fmt.Errorf("publish %s: %w", to, err)
		}
		if info, err := os.Lstat(to); err == nil && info.IsDir() {
			_ = os.Remove(to) // an empty folder where the file goes
		}
		if err := os.Rename(from, to); err != nil {
			return fmt.Errorf("publish %s: %w", to, err)
		}
	}
	return nil
}

// inside reports whether p is below root (not root itself).
func inside(root, p string) bool {
	rel, err := filepath.Rel(filepath.Clean(root), filepath.Clean(p))
	return err == nil && rel != "." && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// finishCommit finishes the in-place commit into dest a killed build
// left (its journal), before a build or serve touches dest: the moves
// whose files are still staged and the removals are made, then the
// journal and the staging folder go. dest's marker is changed, so the
// next build is a full one (no cache index records the output now
// there). A journal that does not read is removed, the marker changed
// all the same.
func finishCommit(dest string) error {
	// A journal never renamed into place: that commit never began.
	if strays, _ := filepath.Glob(journalTemp(dest, "*")); len(strays) > 0 {
		for _, f := range strays {
			if err := os.Remove(f); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return fmt.Errorf("remove a stopped build's journal: %w", err)
			}
		}
	}
	data, err := os.ReadFile(journalPath(dest))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("read %s: %w", journalPath(dest), err)
	}
	touchMark(dest)
	var j commitJournal
	if json.Unmarshal(data, &j) == nil && j.Staging != "" &&
		filepath.Dir(filepath.Clean(j.Staging)) == filepath.Dir(filepath.Clean(dest)) &&
		strings.HasPrefix(filepath.Base(j.Staging), stagingPrefix(dest)) {
		if err := applyJournal(dest, j); err != nil {
			return fmt.Errorf("finish the output of a build that was stopped while it published (%s): %w; "+
				"remove that file to build a whole new output instead", journalPath(dest), err)
		}
		removeOwned(j.Staging)
	}
	return os.Remove(journalPath(dest))
}

// ownFiles lists the files of out that a build publishes as its own (the
// marker left out: every build has it), for the next build's commit.
func ownFiles(out *assets.Output) map[string]bool {
	files := out.Files()
	own := make(map[string]bool, len(files))
	for _, f := range files {
		if f.Rel != content.OutputMarker {
			own[f.Rel] = true
		}
	}
	return own
}

// gone lists the files of was not in now, sorted, but for those a full
// build would keep too (keptAcrossBuilds: CNAME and hidden names at the
// top level).
func gone(was, now map[string]bool) []string {
	var out []string
	for rel := range was {
		if !now[rel] && (strings.Contains(rel, "/") || !keptAcrossBuilds(rel)) {
			out = append(out, rel)
		}
	}
	slices.Sort(out)
	return out
}
