//go:build unix

package servecmd

import (
	"fmt"
	"net"
	"os"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// reexec replaces the running process with bin, started with the same
// arguments, handing over the listening socket (its descriptor number in
// envListenFD) and the session's work folder. The process keeps its id,
// so the terminal, make and Ctrl+C see one server throughout; browsers'
// event streams are cut by the exec, and their reconnections wait in the
// socket's backlog until the new process serves, which tells them to
// reload. It returns only on failure.
func reexec(ln net.Listener, bin, workDir string) error {
	tl, ok := ln.(*net.TCPListener)
	if !ok {
		return fmt.Errorf("restart: listener is a %T, not TCP", ln)
	}
	f, err := tl.File() // a duplicate, close-on-exec
	if err != nil {
		return fmt.Errorf("restart: %w", err)
	}
	fd := int(f.Fd())
	if _, err := unix.FcntlInt(uintptr(fd), unix.F_SETFD, 0); err != nil {
		f.Close()
		return fmt.Errorf("restart: keep the listener open across exec: %w", err)
	}
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, envListenFD+"=") && !strings.HasPrefix(kv, envWorkDir+"=") {
			env = append(env, kv)
		}
	}
	env = append(env, envListenFD+"="+strconv.Itoa(fd), envWorkDir+"="+workDir)
	err = syscall.Exec(bin, append([]string{bin}, os.Args[1:]...), env)
	f.Close()
	return fmt.Errorf("restart: exec %s: %w", bin, err)
}
