package assets

import (
	"crypto/sha256"
	"encoding/hex"
	"path"
	"strings"
)

// Hashed reports whether the file at logical path name is published under
// a content-hashed name (css/site.css -> css/site.1a2b3c4d5e.css):
// stylesheets, scripts and WebAssembly, which pages link to by that name
// and hosts may cache forever.
func Hashed(name string) bool {
	switch path.Ext(name) {
	case ".css", ".js", ".mjs", ".wasm":
		return true
	}
	return false
}

// PublishedName returns the name the file at logical path rel is published
// under: with a hash of data before its extension when Hashed(rel), rel
// itself otherwise.
func PublishedName(rel string, data []byte) string {
	return PublishedNameSum(rel, sha256.Sum256(data))
}

// PublishedNameSum is PublishedName for a file whose SHA-256 is sum (a
// file published without being read whole: HashFile, Output.CopySum).
func PublishedNameSum(rel string, sum [sha256.Size]byte) string {
	if !Hashed(rel) {
		return rel
	}
	ext := path.Ext(rel)
	return strings.TrimSuffix(rel, ext) + "." + sumHash(sum) + ext
}

// ContentHash is the hash that names a file by its content: the first 10
// hex digits of the SHA-256 of data.
func ContentHash(data []byte) string {
	return sumHash(sha256.Sum256(data))
}

// sumHash is ContentHash of the content whose SHA-256 is sum.
func sumHash(sum [sha256.Size]byte) string { return hex.EncodeToString(sum[:5]) }
