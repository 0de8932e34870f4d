//go:build !unix

package site

// processAlive reports whether a process with this id exists. Without a
// portable probe every process counts as alive, so no staging directory
// is ever removed by mistake.
func processAlive(pid int) bool { return true }
