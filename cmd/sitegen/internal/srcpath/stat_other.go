//go:build !linux

package srcpath

import (
	"errors"
	"io/fs"
	"os"
)

// openDir is nil: statBeneath is Linux's.
func openDir(string) *os.File { return nil }

// openBeneath is not available here: open asks the os.Root.
func (r *Root) openBeneath(string, int) (*os.File, error) {
	return nil, errors.New("not on this system")
}

// statBeneath is not available here: Stat asks the os.Root.
func (r *Root) statBeneath(string) (fs.FileInfo, error) {
	return nil, errors.New("not on this system")
}
