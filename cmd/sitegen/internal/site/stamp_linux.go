//go:build linux

package site

import (
	"io/fs"
	"syscall"
)

// stampOf is the stamp of a file's info (see fileStamp): with its inode,
// device and change time where the system gives them.
func stampOf(info fs.FileInfo) fileStamp {
	st := fileStamp{Size: info.Size(), Mtime: info.ModTime().UnixNano()}
	if sys, ok := info.Sys().(*syscall.Stat_t); ok {
		st.Ino, st.Dev = uint64(sys.Ino), uint64(sys.Dev)
		st.Ctime = sys.Ctim.Nano()
	}
	return st
}
