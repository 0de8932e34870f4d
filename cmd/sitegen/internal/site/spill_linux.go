package site

import (
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// anonymousFile opens a file in dir that has no name (O_TMPFILE): it
// disappears with the process, however that ends.
func anonymousFile(dir string) (*os.File, error) {
	fd, err := unix.Open(dir, unix.O_RDWR|unix.O_TMPFILE|unix.O_CLOEXEC, 0o600)
	if err != nil {
		return nil, fmt.Errorf("open an unnamed file in %s: %w", dir, err)
	}
	return os.NewFile(uintptr(fd), filepath.Join(dir, "(unnamed spill file)")), nil
}
