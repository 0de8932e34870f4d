//go:build unix

package site

import (
	"errors"
	"os"
	"syscall"
)

// processAlive reports whether a process with this id exists.
func processAlive(pid int) bool {
	if pid <= 0 {
		return false
	}
	if pid == os.Getpid() {
		return true
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
