package site

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"unicode/utf8"
)

// utf8BOM is the byte order mark some Windows editors put at the start of
// a UTF-8 file.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// badText is the error of a page whose bytes are not UTF-8 text, with the
// position of the first bad byte.
type badText struct {
	line, col int
	msg       string
}

func (e *badText) Error() string { return fmt.Sprintf("%d:%d: %s", e.line, e.col, e.msg) }

// MaxPageBytes is the longest Markdown page sitegen reads, 10 MB: a
// page of that size still builds in seconds, and no rules page comes near.
const MaxPageBytes = 10 << 20

// readPage reads the Markdown file at file (slash path relative to the
// source) as text: a leading byte order mark is dropped, and bytes that are
// not UTF-8 are a *badText error at the first of them, instead of passing
// into the HTML.
//
// A page longer than MaxPageBytes is a *badText error at the line where
// the limit falls; only that much of the file is ever read.
func readPage(source, file string) ([]byte, error) {
	f, err := os.Open(filepath.Join(source, filepath.FromSlash(file)))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	src, err := io.ReadAll(io.LimitReader(f, MaxPageBytes+1))
	if err != nil {
		return nil, err
	}
	if len(src) > MaxPageBytes {
		return nil, &badText{line: 1 + bytes.Count(src[:MaxPageBytes], []byte("\n")), col: 1,
			msg: fmt.Sprintf("the page is longer than %d MB, the most sitegen reads: split it into several pages", MaxPageBytes>>20)}
	}
	src = bytes.TrimPrefix(src, utf8BOM)
	if utf8.Valid(src) {
		return src, nil
	}
	line, col := 1, 1
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && size <= 1 {
			return nil, &badText{line: line, col: col,
				msg: fmt.Sprintf("byte 0x%02X is not UTF-8 text: save the file as UTF-8", src[i])}
		}
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
		i += size
	}
	return src, nil
}
