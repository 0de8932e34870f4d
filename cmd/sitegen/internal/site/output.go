package site

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// swapDir publishes the finished staging directory at dest. When dest
// exists the two are exchanged atomically where the system allows it
// (renameat2 RENAME_EXCHANGE on Linux), so dest is never missing or half
// written; elsewhere dest is renamed aside first. The old tree is removed
// afterwards.
func swapDir(staging, dest string) error {
	info, err := os.Stat(dest)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return os.Rename(staging, dest)
	case err != nil:
		return err
	case !info.IsDir():
		return fmt.Errorf("%s %w", dest, errNotDir)
	}
	if err := exchange(staging, dest); err == nil {
		return os.RemoveAll(staging) // staging now holds the previous output
	}
	old := staging + ".old"
	if err := os.Rename(dest, old); err != nil {
		return err
	}
	if err := os.Rename(staging, dest); err != nil {
		if rerr := os.Rename(old, dest); rerr != nil {
			return fmt.Errorf("%w (and restoring the previous output failed: %v)", err, rerr)
		}
		return err
	}
	return os.RemoveAll(old)
}

// mkdir makes sure directory d exists. Pages are rendered roughly in
// reading order, parents first, so one Mkdir call usually does; MkdirAll
// (a Stat per level) is the fallback. System calls dominate the cost of
// writing thousands of small pages.
func mkdir(d string) error {
	err := os.Mkdir(d, 0o755)
	switch {
	case err == nil, errors.Is(err, fs.ErrExist):
		return nil
	case errors.Is(err, fs.ErrNotExist):
		return os.MkdirAll(d, 0o755)
	}
	return err
}

// writeFile writes data to dir/rel, creating parent folders.
func writeFile(dir, rel string, data []byte) error {
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if err := mkdir(filepath.Dir(p)); err != nil {
		return err
	}
	return os.WriteFile(p, data, 0o644)
}
