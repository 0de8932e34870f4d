//go:build !linux

package site

import (
	"errors"
)

// exchange is not available on this system; swapDir falls back to two renames.
func exchange(a, b string) error { return errors.ErrUnsupported }
