package srcpath

import (
	"errors"
	"io/fs"
	"os"

	"golang.org/x/sys/unix"
)

// openDir opens the source folder for statBeneath; nil when it cannot.
func openDir(real string) *os.File {
	f, err := os.Open(real)
	if err != nil {
		return nil
	}
	return f
}

// errNoDir is statBeneath's answer without the folder open.
var errNoDir = errors.New("source folder not open")

// openBeneath opens name (a path of the folder r.dir) with flag with one
// openat2 that resolves it beneath the folder (RESOLVE_BENEATH: no "..",
// no link leading out, nor any absolute link; RESOLVE_NO_MAGICLINKS),
// following the links that stay beneath it. Any error but a missing file
// (a kernel without openat2, a link refused) leaves it to the caller's
// slower way.
func (r *Root) openBeneath(name string, flag int) (*os.File, error) {
	if r.dir == nil {
		return nil, errNoDir
	}
	fd, err := unix.Openat2(int(r.dir.Fd()), name, &unix.OpenHow{
		Flags:   uint64(flag) | unix.O_CLOEXEC,
		Resolve: unix.RESOLVE_BENEATH | unix.RESOLVE_NO_MAGICLINKS,
	})
	if err != nil {
		if errors.Is(err, unix.ENOENT) {
			return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
		}
		return nil, err
	}
	return os.NewFile(uintptr(fd), name), nil
}

// statBeneath stats name (a path of the folder r.dir) with one openat2
// that resolves it beneath the folder (RESOLVE_BENEATH: no "..", no link,
// leading out, nor any absolute link; RESOLVE_NO_MAGICLINKS) without
// following a link at its end (O_PATH|O_NOFOLLOW), then fstat and close.
// Any error (a kernel without openat2, a link refused) leaves it to the
// caller's slower way.
func (r *Root) statBeneath(name string) (fs.FileInfo, error) {
	if r.dir == nil {
		return nil, errNoDir
	}
	fd, err := unix.Openat2(int(r.dir.Fd()), name, &unix.OpenHow{
		Flags:   unix.O_PATH | unix.O_NOFOLLOW | unix.O_CLOEXEC,
		Resolve: unix.RESOLVE_BENEATH | unix.RESOLVE_NO_MAGICLINKS,
	})
	if err != nil {
		return nil, err
	}
	f := os.NewFile(uintptr(fd), name)
	defer f.Close()
	return f.Stat()
}
