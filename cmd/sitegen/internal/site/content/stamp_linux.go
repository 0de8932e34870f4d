//go:build linux

package content

import (
	"io/fs"
	"syscall"
)

// StampOf is the stamp of a file's info (see fileStamp): with its inode,
// device and change time where the system gives them.
func StampOf(info fs.FileInfo) FileStamp {
	st := FileStamp{Size: info.Size(), Mtime: info.ModTime().UnixNano()}
	if sys, ok := info.Sys().(*syscall.Stat_t); ok {
		st.Ino, st.Dev = uint64(sys.Ino), uint64(sys.Dev)
		st.Ctime = sys.Ctim.Nano()
	}
	return st
}
