package site

import (
	"crypto/sha256"
	"errors"
	"fmt"

	"d6codex/cmd/sitegen/internal/site/content"
)

// The build cache index's encoding (format 7). A build with the cache
// reads the whole index before it loads a page, so its decoding is on
// the path of every one-page edit: gob, which the index used before,
// decoded the 11 MB index of a 5,000-page site by reflection, one
// allocation per string, a hash ([32]byte) byte by byte, and took ~30%
// of such an edit's CPU. This encoding (content.RecordEnc) writes each
// record field by field: numbers as varints, hashes as their 32 bytes,
// strings and byte strings as a length and their bytes, maps and lists
// as a count and their entries, an empty map or list as none (it
// decodes as nil, as gob's did); a page as loaded's front matter by the
// kind of each value (content.CachedLoad.Encode). Decoding takes every
// string and byte string as a slice of the index file's bytes, which
// the decoder owns and nothing writes: no copy, no allocation of its
// own. The payload begins with the format's number: an index of another
// format (gob's included) is not read.
//
// An entry of the index's log (cachelog.go) is encoded the same way
// (cacheDelta); an index is a delta with nothing gone. Anything that
// does not decode (cut short, a count beyond what is left, bytes left
// over) is an error: the cache is corrupt, the build a full one.

func encPrints(e *content.RecordEnc, p cachePrints) {
	e.Int(int64(p.Format))
	e.Str(p.Binary)
	e.Str(p.Options)
	e.Str(p.Layout)
	for _, m := range []map[string]string{p.Settings, p.Assets} {
		e.Uint(uint64(len(m)))
		for k, v := range m {
			e.Str(k)
			e.Str(v)
		}
	}
}

func encBody(e *content.RecordEnc, c *cachedBody) {
	e.Str(c.File)
	e.Str(c.URL)
	e.Bits(c.DropH1, c.DropLeading, c.Failed, c.Err, c.Redirect, c.Previews, c.HasDocs)
	e.Uint(uint64(len(c.Reads)))
	for f, s := range c.Reads {
		e.Str(f)
		e.Sum(s)
	}
	e.Uint(uint64(len(c.Calls)))
	for _, k := range c.Calls {
		e.Str(k.From)
		e.Bits(k.Wiki, k.Embed, k.NoteDropH1, k.NoteDropLeading, k.AsText)
		for _, s := range [...]string{k.Dest, k.Frag, k.URL, k.Problem, k.Warning, k.Unlinked, k.Title, k.NoteFile, k.NoteURL} {
			e.Str(s)
		}
	}
	e.Diags(c.Errs)
	e.Diags(c.Warns)
	e.Set(c.Flags)
	e.Strs(c.Scripts)
	e.Strs(c.Styles)
	e.Sum(c.Obj)
	e.Sum(c.Docs)
	e.Str(c.Title)
	e.Strs(c.Names)
	e.Bits(c.Query != nil)
	if q := c.Query; q != nil {
		e.Strs(q.Pages)
		e.Strs(q.Fields)
		e.Strs(q.Sources)
		for _, s := range q.Digests {
			e.Sum(s)
		}
		for i := range q.Sources {
			var s [sha256.Size]byte
			if i < len(q.Files) {
				s = q.Files[i]
			}
			e.Sum(s)
		}
		e.Strs(q.Member)
		e.Bits(q.MemberAll, q.Names)
		e.Strs(q.Answers)
	}
}

func encOut(e *content.RecordEnc, o *cachedOut) {
	e.Sum(o.Key)
	e.Uint(uint64(len(o.Files)))
	for rel, r := range o.Files {
		e.Str(rel)
		e.Sum(r.Sum)
		e.Stamp(r.Stamp)
	}
	e.Sum(o.Preview)
}

func encShard(e *content.RecordEnc, c *cachedShard) {
	e.Sum(c.Key)
	e.Sum(c.File.Sum)
	e.Stamp(c.File.Stamp)
}

// encodeDelta is the encoding of d (an index: d with nothing gone).
func encodeDelta(d *cacheDelta) ([]byte, error) {
	e := content.NewRecordEnc(64 << 10)
	e.Uint(buildCacheFormat)
	encPrints(e, d.Prints)
	e.Int(d.Start)
	e.Str(d.Dest)
	e.Stamp(d.Mark)
	e.Sum(d.Search)
	e.Set(d.Own)
	e.Uint(uint64(len(d.Sources)))
	for f, r := range d.Sources {
		e.Str(f)
		e.Stamp(r.Stamp)
		e.Sum(r.Sum)
	}
	e.Uint(uint64(len(d.Bodies)))
	for rel, c := range d.Bodies {
		e.Str(rel)
		encBody(e, c)
	}
	e.Uint(uint64(len(d.Outs)))
	for sp, o := range d.Outs {
		e.Str(sp)
		encOut(e, o)
	}
	e.Uint(uint64(len(d.Loads)))
	for rel, c := range d.Loads {
		e.Str(rel)
		at := e.Len()
		e.Bits(true)
		if !c.Encode(e) {
			e.Cut(at) // not kept: its page is loaded again
			e.Bits(false)
		}
	}
	e.Uint(uint64(len(d.Shards)))
	for rel, c := range d.Shards {
		e.Str(rel)
		encShard(e, c)
	}
	e.Bits(d.Digest != nil)
	if d.Digest != nil {
		e.Uint(d.Digest.Structure)
		e.Uint(uint64(len(d.Digest.Pages)))
		for sp, h := range d.Digest.Pages {
			e.Str(sp)
			e.Uint(h)
		}
	}
	for _, l := range [][]string{d.GoneSources, d.GoneBodies, d.GoneLoads, d.GoneOuts, d.GoneOwn, d.GoneShards, d.GoneDigest} {
		e.Strs(l)
	}
	return e.Data(), nil
}

// errCacheFormat is the error of an index of another format.
var errCacheFormat = errors.New("the cache is of another format")

func decPrints(d *content.RecordDec) cachePrints {
	p := cachePrints{Format: d.Small(), Binary: d.Str(), Options: d.Str(), Layout: d.Str()}
	for _, m := range []*map[string]string{&p.Settings, &p.Assets} {
		if n := d.Count(); n > 0 {
			*m = make(map[string]string, n)
			for range n {
				k := d.Str()
				(*m)[k] = d.Str()
			}
		}
	}
	return p
}

func decBody(d *content.RecordDec) *cachedBody {
	c := &cachedBody{File: d.Str(), URL: d.Str()}
	d.Bits(&c.DropH1, &c.DropLeading, &c.Failed, &c.Err, &c.Redirect, &c.Previews, &c.HasDocs)
	if n := d.Count(); n > 0 {
		c.Reads = make(map[string][sha256.Size]byte, n)
		for range n {
			f := d.Str()
			c.Reads[f] = d.Sum()
		}
	}
	if n := d.Count(); n > 0 {
		c.Calls = make([]cachedCall, n)
		for i := range c.Calls {
			k := &c.Calls[i]
			k.From = d.Str()
			d.Bits(&k.Wiki, &k.Embed, &k.NoteDropH1, &k.NoteDropLeading, &k.AsText)
			for _, p := range [...]*string{&k.Dest, &k.Frag, &k.URL, &k.Problem, &k.Warning, &k.Unlinked, &k.Title, &k.NoteFile, &k.NoteURL} {
				*p = d.Str()
			}
		}
	}
	c.Errs, c.Warns = d.Diags(), d.Diags()
	c.Flags = d.Set()
	c.Scripts, c.Styles = d.Strs(), d.Strs()
	c.Obj, c.Docs = d.Sum(), d.Sum()
	c.Title = d.Str()
	c.Names = d.Strs()
	var hasQuery bool
	d.Bits(&hasQuery)
	if hasQuery {
		q := &cachedQuery{Pages: d.Strs(), Fields: d.Strs(), Sources: d.Strs()}
		q.Digests = make([][sha256.Size]byte, len(q.Sources))
		for i := range q.Digests {
			q.Digests[i] = d.Sum()
		}
		q.Files = make([][sha256.Size]byte, len(q.Sources))
		for i := range q.Files {
			q.Files[i] = d.Sum()
		}
		q.Member = d.Strs()
		d.Bits(&q.MemberAll, &q.Names)
		q.Answers = d.Strs()
		c.Query = q
	}
	return c
}

func decOut(d *content.RecordDec) *cachedOut {
	o := &cachedOut{Key: d.Sum()}
	if n := d.Count(); n > 0 {
		o.Files = make(map[string]outRecord, n)
		for range n {
			rel := d.Str()
			o.Files[rel] = outRecord{Sum: d.Sum(), Stamp: d.Stamp()}
		}
	}
	o.Preview = d.Sum()
	return o
}

func decShard(d *content.RecordDec) *cachedShard {
	c := &cachedShard{Key: d.Sum()}
	c.File.Sum, c.File.Stamp = d.Sum(), d.Stamp()
	return c
}

// decodeDelta decodes an encoding of encodeDelta, which it owns (its
// strings are slices of it); errCacheFormat when it is of another
// format, another error when it does not decode.
func decodeDelta(b []byte) (_ *cacheDelta, err error) {
	defer func() {
		if r := recover(); r != nil { // a bound missed above: the cache is corrupt all the same
			err = fmt.Errorf("decode: %v", r)
		}
	}()
	d := content.NewRecordDec(b)
	if f := d.Uint(); d.OK() && f != buildCacheFormat {
		return nil, errCacheFormat
	}
	x := &cacheDelta{Prints: decPrints(d), Start: d.Int(), Dest: d.Str(), Mark: d.Stamp(), Search: d.Sum(), Own: d.Set()}
	if n := d.Count(); n > 0 {
		x.Sources = make(map[string]content.SrcRecord, n)
		for range n {
			f := d.Str()
			x.Sources[f] = content.SrcRecord{Stamp: d.Stamp(), Sum: d.Sum()}
		}
	}
	if n := d.Count(); n > 0 {
		x.Bodies = make(map[string]*cachedBody, n)
		for range n {
			rel := d.Str()
			x.Bodies[rel] = decBody(d)
		}
	}
	if n := d.Count(); n > 0 {
		x.Outs = make(map[string]*cachedOut, n)
		for range n {
			sp := d.Str()
			x.Outs[sp] = decOut(d)
		}
	}
	if n := d.Count(); n > 0 {
		x.Loads = make(map[string]*content.CachedLoad, n)
		for range n {
			rel := d.Str()
			var kept bool
			if d.Bits(&kept); kept {
				x.Loads[rel] = content.DecodeCachedLoad(d)
			}
		}
	}
	if n := d.Count(); n > 0 {
		x.Shards = make(map[string]*cachedShard, n)
		for range n {
			rel := d.Str()
			x.Shards[rel] = decShard(d)
		}
	}
	var digest bool
	if d.Bits(&digest); digest {
		x.Digest = &content.Digest{Structure: d.Uint()}
		if n := d.Count(); n > 0 {
			x.Digest.Pages = make(map[string]uint64, n)
			for range n {
				sp := d.Str()
				x.Digest.Pages[sp] = d.Uint()
			}
		}
	}
	x.GoneSources, x.GoneBodies, x.GoneLoads, x.GoneOuts, x.GoneOwn, x.GoneShards, x.GoneDigest = d.Strs(), d.Strs(), d.Strs(), d.Strs(), d.Strs(), d.Strs(), d.Strs()
	if err := d.Done(); err != nil {
		return nil, err
	}
	return x, nil
}

// deltaOf is index ix as a delta with nothing gone (encodeDelta).
func deltaOf(ix *cacheIndex) *cacheDelta {
	return &cacheDelta{Prints: ix.Prints, Start: ix.Start, Sources: ix.Sources, Bodies: ix.Bodies, Loads: ix.Loads, Outs: ix.Outs, Shards: ix.Shards,
		Dest: ix.Dest, Mark: ix.Mark, Own: ix.Own, Search: ix.Search, Digest: ix.Digest}
}

// index is the index d encodes when it has nothing gone; false when it
// has.
func (d *cacheDelta) index() (*cacheIndex, bool) {
	if len(d.GoneSources)+len(d.GoneBodies)+len(d.GoneLoads)+len(d.GoneOuts)+len(d.GoneOwn)+len(d.GoneShards)+len(d.GoneDigest) > 0 {
		return nil, false
	}
	return &cacheIndex{Prints: d.Prints, Start: d.Start, Sources: d.Sources, Bodies: d.Bodies, Loads: d.Loads, Outs: d.Outs, Shards: d.Shards,
		Dest: d.Dest, Mark: d.Mark, Own: d.Own, Search: d.Search, Digest: d.Digest}, true
}
