//go:build !unix

package assets

// oNoFollow is not available here; Windows links need privileges to make.
const oNoFollow = 0
