package site

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"unsafe"
)

// spillPrefix begins the name of a spill file made where the system
// cannot make a file without a name (see newSpill).
const spillPrefix = ".sitegen-bodies-"

// spill keeps the rendered HTML of the pages' bodies on disk between the
// two passes of a build with backlinks or link previews (render.go): a
// page's "Linked from" list needs every page's links, known only once
// every body has rendered, and keeping all that HTML in memory until the
// pages are written took a 5,000-page build from about 260 MiB to 460 MiB
// at its peak (and its garbage collector scanning it). The file is made
// beside the output folder (the file system the build writes to anyway),
// unlinked at once where the system allows it, and removed by close; the
// operating system's page cache, not the build's heap, holds what it can
// of it. A nil *spill keeps every body in memory.
type spill struct {
	f   *os.File
	end atomic.Int64 // where the next text goes
}

// span is where one text is in the spill file; n == 0: not spilled.
type span struct {
	off int64
	n   int
}

// newSpill makes the spill file in dir, or returns nil (the bodies stay
// in memory) if it cannot be made there. Where the system can (Linux's
// O_TMPFILE) the file never has a name, so a build killed at any moment
// leaves nothing; elsewhere it is named, then unlinked at once where an
// open file may be, and any spill file an earlier build was killed
// holding (between those two steps) is removed first: the names are
// sitegen's own, and the file of a build running beside this one has
// already lost its name.
func newSpill(dir string) *spill {
	removeStaleSpills(dir)
	if f, err := anonymousFile(dir); err == nil {
		return &spill{f: f}
	}
	f, err := os.CreateTemp(dir, spillPrefix+"*")
	if err != nil {
		return nil
	}
	_ = os.Remove(f.Name())
	return &spill{f: f}
}

// removeStaleSpills removes the spill files killed builds left in dir.
func removeStaleSpills(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), spillPrefix) && e.Type().IsRegular() {
			_ = os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// put writes text to the file; ok is false if it could not (text then
// stays where it is). Safe for concurrent use. The file reads text's
// bytes in place (WriteAt neither keeps nor changes them): a copy of
// every page's HTML was 2% of a build's allocations.
func (sp *spill) put(text string) (span, bool) {
	if sp == nil || text == "" {
		return span{}, false
	}
	off := sp.end.Add(int64(len(text))) - int64(len(text))
	if _, err := sp.f.WriteAt(unsafe.Slice(unsafe.StringData(text), len(text)), off); err != nil {
		return span{}, false
	}
	return span{off, len(text)}, true
}

// get reads back the text put at at. Safe for concurrent use. The
// bytes read become the string as they are: nothing else holds them.
func (sp *spill) get(at span) (string, error) {
	if at.n == 0 {
		return "", nil
	}
	buf := make([]byte, at.n)
	if _, err := sp.f.ReadAt(buf, at.off); err != nil {
		return "", fmt.Errorf("read back the rendered page from %s: %w", filepath.Base(sp.f.Name()), err)
	}
	return unsafe.String(unsafe.SliceData(buf), len(buf)), nil
}

// close closes and removes the file.
func (sp *spill) close() {
	if sp == nil {
		return
	}
	_ = sp.f.Close()
	if strings.HasPrefix(filepath.Base(sp.f.Name()), spillPrefix) {
		_ = os.Remove(sp.f.Name())
	}
}
