//go:build !linux

package content

import (
	"io/fs"
)

// StampOf is the stamp of a file's info (see fileStamp): its size and
// modification time only, where sitegen does not read inodes (Linux only).
func StampOf(info fs.FileInfo) FileStamp {
	return FileStamp{Size: info.Size(), Mtime: info.ModTime().UnixNano()}
}
