package assets

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"

	"github.com/andybalholm/brotli"
)

// CompressMin is the size below which assets are not precompressed.
const CompressMin = 1024

// The levels of published assets' precompressed siblings: Brotli and gzip
// at their best. Builds compress at these levels, and so does embedgen,
// which compresses the calculators' modules ahead of time (see
// WriteSiblings), so that both give the same bytes.
const (
	SiblingBrotli = brotli.BestCompression
	SiblingGzip   = gzip.BestCompression
)

// Encodings are the extensions of the precompressed siblings, Brotli first.
func Encodings() []string { return []string{"br", "gz"} }

// Gzip compresses data with gzip at the given level.
func Gzip(data []byte, level int) ([]byte, error) {
	var b bytes.Buffer
	w, err := gzip.NewWriterLevel(&b, level)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(data); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Brotli compresses data with Brotli at the given level.
func Brotli(data []byte, level int) ([]byte, error) {
	var b bytes.Buffer
	w := brotli.NewWriterOptions(&b, brotli.WriterOptions{Quality: level, LGWin: brotliWindow(len(data))})
	if _, err := w.Write(data); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// brotliWindow is the base-2 logarithm of the Brotli window for n bytes:
// the smallest that holds them, as brotli's own command line tool picks
// it from the input's size ("for (lgwin = BROTLI_MIN_WINDOW_BITS; lgwin <
// BROTLI_MAX_WINDOW_BITS; ++lgwin) if (BROTLI_MAX_BACKWARD_LIMIT(lgwin) >=
// input_file_length) break;", a window of 2^lgwin - 16 bytes), up to the
// library's default of 22. A bigger window finds nothing more in a small
// file, and the encoder's tables grow with it: the 18 KB search index of
// a vault took 36 MB of allocations at level 11 and 33 MB at level 9
// with the default window, 3 MB and 1.6 MB with its own.
func brotliWindow(n int) int {
	const minWindow, maxWindow = 10, 22
	lg := minWindow
	for lg < maxWindow && 1<<lg-16 < n {
		lg++
	}
	return lg
}

// Compressed returns data compressed with gzip or Brotli ("gz" or "br")
// at level, from the cache when an earlier build compressed the same bytes
// at the same level. The level is part of the key, so a build's output
// never depends on what an earlier build left in the cache.
//
// It returns ctx's error as soon as ctx is cancelled: Brotli's best level
// takes seconds on a WebAssembly module and cannot be stopped midway, so
// the compression finishes in the background, into the cache only (the
// next build finds it there), while a cancelled build (Ctrl+C) ends.
func (c Cache) Compressed(ctx context.Context, data []byte, enc string, level int) ([]byte, error) {
	var compress func([]byte, int) ([]byte, error)
	switch enc {
	case "gz":
		compress = Gzip
	case "br":
		compress = Brotli
	default:
		return nil, fmt.Errorf("unknown encoding %q", enc)
	}
	sum := sha256.Sum256(data)
	key := fmt.Sprintf("precompressed/%s.%s.%d", hex.EncodeToString(sum[:]), enc, level)
	if enc == "br" {
		// The window is a setting of the bytes made too (an entry made
		// with the library's default window is not this build's).
		key += fmt.Sprintf(".w%d", brotliWindow(len(data)))
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	type result struct {
		z   []byte
		err error
	}
	done := make(chan result, 1)
	go func() {
		z, err := c.Get(key, func() ([]byte, error) { return compress(data, level) })
		done <- result{z, err}
	}()
	select {
	case r := <-done:
		return r.z, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Precompress writes out.br and out.gz into o, data compressed with
// Brotli and gzip at the given levels, concurrently, for servers that send
// precompressed files (nginx gzip_static, Caddy precompressed, sitegen
// serve). Brotli at its best level takes seconds on a WebAssembly module;
// the cache keeps that out of rebuilds.
func (c Cache) Precompress(ctx context.Context, o *Output, out string, data []byte, brLevel, gzLevel int) error {
	encs := []struct {
		name  string
		level int
	}{{"br", brLevel}, {"gz", gzLevel}}
	errs := make([]error, len(encs))
	var wg sync.WaitGroup
	for i, enc := range encs {
		wg.Go(func() {
			z, err := c.Compressed(ctx, data, enc.name, enc.level)
			if err != nil {
				errs[i] = fmt.Errorf("compress %s: %w", out, err)
				return
			}
			if err := o.Write(out+"."+enc.name, z); err != nil {
				errs[i] = fmt.Errorf("write %s.%s: %w", out, enc.name, err)
			}
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}

// WriteSiblings writes out.br and out.gz into o from ready-made siblings
// (by encoding, "br" and "gz"), compressed ahead of time at SiblingBrotli
// and SiblingGzip. It reports false, writing nothing, when sib lacks one.
func WriteSiblings(o *Output, out string, sib map[string][]byte) (bool, error) {
	for _, enc := range Encodings() {
		if sib[enc] == nil {
			return false, nil
		}
	}
	for _, enc := range Encodings() {
		if err := o.Write(out+"."+enc, sib[enc]); err != nil {
			return true, fmt.Errorf("write %s.%s: %w", out, enc, err)
		}
	}
	return true, nil
}
