//go:build !linux

package site

import (
	"errors"
	"os"
)

// anonymousFile is not available on this system: newSpill names its file.
func anonymousFile(dir string) (*os.File, error) { return nil, errors.ErrUnsupported }
