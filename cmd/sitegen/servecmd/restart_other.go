//go:build !unix

package servecmd

import (
	"errors"
	"net"
)

// reexec is not supported here: the new binary is built, but the server
// must be restarted by hand.
func reexec(net.Listener, string, string) error {
	return errors.New("restart: not supported on this system; restart sitegen serve to use the new code")
}
