//go:build !linux

package site

import "io/fs"

// stampOf is the stamp of a file's info (see fileStamp): its size and
// modification time only, where sitegen does not read inodes (Linux only).
func stampOf(info fs.FileInfo) fileStamp {
	return fileStamp{Size: info.Size(), Mtime: info.ModTime().UnixNano()}
}
