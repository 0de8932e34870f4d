package site

import (
	"bytes"
	"crypto/sha256"
	"debug/elf"
	"encoding/hex"
	"fmt"
	"io"
	"os"
)

// binaryPrint names the running binary for the build cache: pages built
// by one sitegen are never taken by another (binaryID); "" when the
// binary cannot be read.
func binaryPrint() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	id, err := binaryID(exe)
	if err != nil {
		return ""
	}
	return id
}

// buildIDHead is how much of an executable is searched for the Go build
// ID written in its text (cmd/internal/buildid reads as much).
const buildIDHead = 32 << 10

// goBuildIDPrefix starts the Go build ID the linker writes near the
// start of the text of a non-ELF executable: \xff Go build ID: "…"\n \xff.
var goBuildIDPrefix = []byte("\xff Go build ID: \"")

// binaryID identifies the executable file exe by its content, not by its
// path, size or time (a binary copied with its time kept, cp -p, is
// another binary): its Go build ID, whose last part is a hash of the
// binary's content, read from a bounded part of the file (the ELF note
// .note.go.buildid, or the text's "\xff Go build ID:" string in its first
// 32 KiB); else, when it has none (built with -buildid=), the SHA-256 of
// the whole file.
func binaryID(exe string) (string, error) {
	if id := elfBuildID(exe); id != "" {
		return "go-build-id:" + id, nil
	}
	f, err := os.Open(exe)
	if err != nil {
		return "", fmt.Errorf("reading the sitegen binary: %w", err)
	}
	defer f.Close()
	head := make([]byte, buildIDHead)
	n, err := io.ReadFull(f, head)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return "", fmt.Errorf("reading the sitegen binary %s: %w", exe, err)
	}
	if id := textBuildID(head[:n]); id != "" {
		return "go-build-id:" + id, nil
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return "", fmt.Errorf("reading the sitegen binary %s: %w", exe, err)
	}
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("reading the sitegen binary %s: %w", exe, err)
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil)), nil
}

// elfBuildID is the Go build ID in the ELF note .note.go.buildid of exe
// (name "Go", type 4, as the linker writes it), or "" when exe is not
// an ELF file or has no such note. debug/elf reads the headers and the
// note only.
func elfBuildID(exe string) string {
	f, err := elf.Open(exe)
	if err != nil {
		return ""
	}
	defer f.Close()
	sec := f.Section(".note.go.buildid")
	if sec == nil || sec.Size > 4<<10 {
		return ""
	}
	data, err := sec.Data()
	if err != nil || len(data) < 16 {
		return ""
	}
	order := f.ByteOrder
	namesz, descsz, typ := order.Uint32(data), order.Uint32(data[4:]), order.Uint32(data[8:])
	const goBuildIDTag = 4
	if namesz != 4 || typ != goBuildIDTag || string(data[12:16]) != "Go\x00\x00" || uint64(descsz) > uint64(len(data)-16) {
		return ""
	}
	return string(data[16 : 16+descsz])
}

// textBuildID is the build ID quoted after goBuildIDPrefix in head, or "".
func textBuildID(head []byte) string {
	i := bytes.Index(head, goBuildIDPrefix)
	if i < 0 {
		return ""
	}
	rest := head[i+len(goBuildIDPrefix):]
	j := bytes.IndexByte(rest, '"')
	if j <= 0 {
		return ""
	}
	return string(rest[:j])
}
