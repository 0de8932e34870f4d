//go:build unix

package site

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// lockDest takes the lock of the destination dest (see lockPath), waiting
// while another process holds it: waiting is told that process's id once
// (0 when it cannot be read). It returns the function that releases the
// lock. Where the file system has no locks (some network mounts), the
// build goes on without one.
func lockDest(ctx context.Context, dest string, waiting func(pid int)) (unlock func(), err error) {
	p := lockPath(dest)
	told := false
	for {
		f, err := os.OpenFile(p, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW, 0o644)
		if err != nil {
			return nil, fmt.Errorf("lock %s: %w", dest, err)
		}
		err = unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
		switch {
		case errors.Is(err, unix.EWOULDBLOCK):
			if !told && waiting != nil {
				b := make([]byte, 32)
				n, _ := f.ReadAt(b, 0)
				pid, _ := strconv.Atoi(strings.TrimSpace(string(b[:n])))
				waiting(pid)
				told = true
			}
			f.Close()
			select {
			case <-ctx.Done():
				return nil, fmt.Errorf("waiting for the lock of %s: %w", dest, ctx.Err())
			case <-time.After(lockPoll):
			}
			continue
		case errors.Is(err, unix.ENOLCK), errors.Is(err, unix.ENOTSUP), errors.Is(err, unix.EOPNOTSUPP):
			f.Close()
			_ = os.Remove(p)
			return func() {}, nil
		case err != nil:
			f.Close()
			return nil, fmt.Errorf("lock %s: %w", dest, err)
		}
		// The previous holder removes the file as it lets go: a lock on
		// a file no longer at the path locks nothing, so start again.
		held, err := f.Stat()
		at, lerr := os.Lstat(p)
		if err != nil || lerr != nil || !os.SameFile(held, at) {
			f.Close()
			continue
		}
		if err := f.Truncate(0); err == nil {
			_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
		}
		return func() {
			_ = os.Remove(p) // while it is held, so no one else's lock file goes
			f.Close()
		}, nil
	}
}

// lockPoll is how often a build waiting for the lock of its destination
// tries again.
const lockPoll = 50 * time.Millisecond
