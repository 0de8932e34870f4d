package site

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"

	"d6codex/cmd/sitegen/internal/assets"
	"d6codex/cmd/sitegen/internal/site/content"
)

// The build cache's index log: a build that used the cache appends what
// it changed in the index (cacheDelta: the entries set anew and the
// entries gone) to the index's log, INDEX.log, instead of writing the
// whole index again, so that a one-page edit writes a few kilobytes
// whatever the size of the site. The log begins with cacheLogMagic and
// the checksum of the index it follows (a log of another index, left by
// a build that wrote the index anew, is not read); each entry is its
// length (uvarint), its checksum and its gob. A build reads the index,
// then applies the log's entries in order. When the log would grow
// longer than the index, the build writes the index whole (compaction)
// and a log with no entry. An entry that does not read whole (cut short
// by a build that stopped while writing it, a byte changed) makes the
// cache corrupt: a full build that says so, which writes the index anew.

// cacheLogMagic starts an index log (and names its format).
const cacheLogMagic = "d6codex build cache log 3\n"

// cacheDelta is one build's change to the index.
type cacheDelta struct {
	Prints  cachePrints
	Start   int64
	Sources map[string]content.SrcRecord
	Bodies  map[string]*cachedBody
	Loads   map[string]*content.CachedLoad
	Outs    map[string]*cachedOut
	Shards  map[string]*cachedShard
	// The keys gone from Sources, Bodies, Loads, Outs and Shards.
	GoneSources, GoneBodies, GoneLoads, GoneOuts, GoneShards []string
	// The output published (cacheIndex.Dest, Mark), the files added to
	// Own and those gone from it.
	Dest    string
	Mark    content.FileStamp
	Own     map[string]bool
	GoneOwn []string
	Search  [sha256.Size]byte // cacheIndex.Search
	// The model's digest (cacheIndex.Digest): nil for none, else its
	// structure and the pages whose digest is new, with the site paths
	// gone from it.
	Digest     *content.Digest
	GoneDigest []string
}

// logPath is the log of the index file.
func logPath(file string) string { return file + ".log" }

// readCacheLog applies the log of the index file, whose checksum is
// sum, to ix; an error says the cache is corrupt.
func readCacheLog(file string, sum indexSum, ix *cacheIndex) error {
	data, err := os.ReadFile(logPath(file))
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("the build cache cannot be read (%v)", err)
	}
	rest, ok := bytes.CutPrefix(data, []byte(cacheLogMagic))
	if !ok || len(rest) < len(sum) {
		return errors.New("the build cache is corrupt")
	}
	if !bytes.Equal(rest[:len(sum)], sum[:]) {
		return nil // the log of an index written over since: not this index's
	}
	rest = rest[len(sum):]
	for len(rest) > 0 {
		n, k := binary.Uvarint(rest)
		if k <= 0 || n > uint64(len(rest)-k) || uint64(len(rest)-k)-n < uint64(len(sum)) {
			return errors.New("the build cache is corrupt (its log is cut short)")
		}
		rest = rest[k:]
		want, payload := rest[:len(sum)], rest[len(sum):len(sum)+int(n)]
		rest = rest[len(sum)+int(n):]
		if got := sumOf(payload); !bytes.Equal(got[:], want) {
			return errors.New("the build cache is corrupt")
		}
		d, err := decodeDelta(payload)
		if err != nil {
			return errors.New("the build cache is corrupt")
		}
		d.apply(ix)
	}
	return nil
}

// apply makes ix the index the build that made d wrote.
func (d *cacheDelta) apply(ix *cacheIndex) {
	ix.Prints, ix.Start, ix.Dest, ix.Mark, ix.Search = d.Prints, d.Start, d.Dest, d.Mark, d.Search
	if ix.Own == nil {
		ix.Own = map[string]bool{}
	}
	maps.Copy(ix.Own, d.Own)
	for _, k := range d.GoneOwn {
		delete(ix.Own, k)
	}
	if d.Digest == nil {
		ix.Digest = nil
	} else {
		if ix.Digest == nil {
			ix.Digest = &content.Digest{}
		}
		if ix.Digest.Pages == nil {
			ix.Digest.Pages = make(map[string]uint64, len(d.Digest.Pages))
		}
		ix.Digest.Structure = d.Digest.Structure
		maps.Copy(ix.Digest.Pages, d.Digest.Pages)
		for _, k := range d.GoneDigest {
			delete(ix.Digest.Pages, k)
		}
	}
	if ix.Sources == nil {
		ix.Sources = map[string]content.SrcRecord{}
	}
	if ix.Bodies == nil {
		ix.Bodies = map[string]*cachedBody{}
	}
	if ix.Loads == nil {
		ix.Loads = map[string]*content.CachedLoad{}
	}
	if ix.Outs == nil {
		ix.Outs = map[string]*cachedOut{}
	}
	maps.Copy(ix.Sources, d.Sources)
	maps.Copy(ix.Bodies, d.Bodies)
	maps.Copy(ix.Loads, d.Loads)
	if ix.Shards == nil {
		ix.Shards = map[string]*cachedShard{}
	}
	maps.Copy(ix.Outs, d.Outs)
	maps.Copy(ix.Shards, d.Shards)
	for _, k := range d.GoneSources {
		delete(ix.Sources, k)
	}
	for _, k := range d.GoneBodies {
		delete(ix.Bodies, k)
	}
	for _, k := range d.GoneLoads {
		delete(ix.Loads, k)
	}
	for _, k := range d.GoneOuts {
		delete(ix.Outs, k)
	}
	for _, k := range d.GoneShards {
		delete(ix.Shards, k)
	}
}

// diffIndex is the change from the index was to now.
func diffIndex(was, now *cacheIndex) *cacheDelta {
	d := &cacheDelta{Prints: now.Prints, Start: now.Start, Sources: map[string]content.SrcRecord{}, Bodies: map[string]*cachedBody{},
		Loads: map[string]*content.CachedLoad{}, Outs: map[string]*cachedOut{}, Shards: map[string]*cachedShard{}, Dest: now.Dest, Mark: now.Mark, Own: map[string]bool{}, Search: now.Search}
	if now.Digest != nil {
		d.Digest = &content.Digest{Structure: now.Digest.Structure, Pages: map[string]uint64{}}
		var old map[string]uint64
		if was.Digest != nil {
			old = was.Digest.Pages
		}
		for k, v := range now.Digest.Pages {
			if o, ok := old[k]; !ok || o != v {
				d.Digest.Pages[k] = v
			}
		}
		for k := range old {
			if _, ok := now.Digest.Pages[k]; !ok {
				d.GoneDigest = append(d.GoneDigest, k)
			}
		}
	}
	for k := range now.Own {
		if !was.Own[k] {
			d.Own[k] = true
		}
	}
	for k := range was.Own {
		if !now.Own[k] {
			d.GoneOwn = append(d.GoneOwn, k)
		}
	}
	for k, v := range now.Sources {
		if o, ok := was.Sources[k]; !ok || o != v {
			d.Sources[k] = v
		}
	}
	for k := range was.Sources {
		if _, ok := now.Sources[k]; !ok {
			d.GoneSources = append(d.GoneSources, k)
		}
	}
	for k, v := range now.Bodies {
		if was.Bodies[k] != v { // a body kept is the record the index gave
			d.Bodies[k] = v
		}
	}
	for k := range was.Bodies {
		if _, ok := now.Bodies[k]; !ok {
			d.GoneBodies = append(d.GoneBodies, k)
		}
	}
	for k, v := range now.Loads {
		if was.Loads[k] != v { // so is a page as loaded
			d.Loads[k] = v
		}
	}
	for k := range was.Loads {
		if _, ok := now.Loads[k]; !ok {
			d.GoneLoads = append(d.GoneLoads, k)
		}
	}
	for k, v := range now.Outs {
		if o := was.Outs[k]; o != v && (o == nil || o.Key != v.Key || o.Preview != v.Preview || !maps.Equal(o.Files, v.Files)) { // a record kept is the index's
			d.Outs[k] = v
		}
	}
	for k := range was.Outs {
		if _, ok := now.Outs[k]; !ok {
			d.GoneOuts = append(d.GoneOuts, k)
		}
	}
	for k, v := range now.Shards {
		if o := was.Shards[k]; o == nil || *o != *v {
			d.Shards[k] = v
		}
	}
	for k := range was.Shards {
		if _, ok := now.Shards[k]; !ok {
			d.GoneShards = append(d.GoneShards, k)
		}
	}
	return d
}

// encodeIndex is the index file of ix and its checksum.
func encodeIndex(ix *cacheIndex) ([]byte, indexSum, error) {
	payload, err := encodeDelta(deltaOf(ix))
	if err != nil {
		return nil, indexSum{}, err
	}
	sum := sumOf(payload)
	out := make([]byte, 0, len(buildCacheMagic)+len(sum)+len(payload))
	return append(append(append(out, buildCacheMagic...), sum[:]...), payload...), sum, nil
}

// writeIndex writes the index now: an entry appended to the log of the
// index written (or read) last, whose content was, or, when there is
// none or the log would grow longer than the index, the index whole
// and an empty log. It returns the checksum of the index the log
// follows.
func writeIndex(file string, was *cacheIndex, wasSum indexSum, wasSize int64, now *cacheIndex) (indexSum, int64, error) {
	if was != nil {
		payload, err := encodeDelta(diffIndex(was, now))
		if err != nil {
			return wasSum, wasSize, err
		}
		sum := sumOf(payload)
		entry := binary.AppendUvarint(nil, uint64(len(payload)))
		entry = append(append(entry, sum[:]...), payload...)
		info, err := os.Stat(logPath(file))
		if err == nil && info.Size()+int64(len(entry)) <= wasSize {
			if err := appendLog(logPath(file), info.Size(), entry); err == nil {
				return wasSum, wasSize, nil
			}
		}
	}
	data, sum, err := encodeIndex(now)
	if err != nil {
		return wasSum, wasSize, err
	}
	// The log first: an index written without it would read with the
	// previous index's log (its checksum tells them apart all the same).
	if err := assets.WriteAtomic(logPath(file), append([]byte(cacheLogMagic), sum[:]...)); err != nil {
		return wasSum, wasSize, err
	}
	if err := assets.WriteAtomic(file, data); err != nil {
		return wasSum, wasSize, err
	}
	return sum, int64(len(data)), nil
}

// appendLog appends entry to the log, which is size bytes long, in one
// write; a write that fails part way is cut off again.
func appendLog(p string, size int64, entry []byte) error {
	f, err := os.OpenFile(p, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	if _, err := f.Seek(size, io.SeekStart); err != nil {
		f.Close()
		return err
	}
	if _, err := f.Write(entry); err != nil {
		_ = f.Truncate(size)
		f.Close()
		return err
	}
	return f.Close()
}
