package site

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// swapDir publishes the finished staging directory at dest. When dest
// exists the two are exchanged atomically where the system allows it
// (renameat2 RENAME_EXCHANGE on Linux), so dest is never missing or half
// written; elsewhere dest is renamed aside first. It returns the folder
// that now holds the previous output ("" when there was none), for the
// caller to remove off the critical path.
func swapDir(staging, dest string) (old string, err error) {
	info, err := os.Stat(dest)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", os.Rename(staging, dest)
	case err != nil:
		return "", err
	case !info.IsDir():
		return "", fmt.Errorf("%s %w", dest, errNotDir)
	}
	if err := exchange(staging, dest); err == nil {
		return staging, nil // staging now holds the previous output
	}
	old = staging + ".old"
	if err := os.Rename(dest, old); err != nil {
		return "", err
	}
	if err := os.Rename(staging, dest); err != nil {
		if rerr := os.Rename(old, dest); rerr != nil {
			return "", fmt.Errorf("%w (and restoring the previous output failed: %v)", err, rerr)
		}
		return "", err
	}
	return old, nil
}
