package content

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"math"
	"time"
	"unsafe"

	"d6codex/cmd/sitegen/internal/dataview/query"
	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/templates"
)

// RecordEnc and RecordDec are the build cache's encoding of its records
// (package site, cachecodec.go, says why and how; CachedLoad's is
// here): numbers as varints, hashes as their 32 bytes, strings and byte
// strings as a length and their bytes, maps and lists as a count and
// their entries (an empty one decodes as nil, as gob's would).

// RecordEnc appends a record's encoding to its buffer.
type RecordEnc struct{ b []byte }

func (e *RecordEnc) Uint(v uint64) { e.b = binary.AppendUvarint(e.b, v) }
func (e *RecordEnc) Int(v int64)   { e.b = binary.AppendVarint(e.b, v) }
func (e *RecordEnc) Str(s string)  { e.Uint(uint64(len(s))); e.b = append(e.b, s...) }
func (e *RecordEnc) Sum(s [sha256.Size]byte) {
	e.b = append(e.b, s[:]...)
}

// bits packs up to 64 flags in one varint.
func (e *RecordEnc) Bits(flags ...bool) {
	var v uint64
	for i, f := range flags {
		if f {
			v |= 1 << i
		}
	}
	e.Uint(v)
}

// bytes encodes a byte string, nil told from empty.
func (e *RecordEnc) Bytes(p []byte) {
	if p == nil {
		e.Uint(0)
		return
	}
	e.Uint(uint64(len(p)) + 1)
	e.b = append(e.b, p...)
}

func (e *RecordEnc) Strs(l []string) {
	e.Uint(uint64(len(l)))
	for _, s := range l {
		e.Str(s)
	}
}

func (e *RecordEnc) Set(m map[string]bool) {
	e.Uint(uint64(len(m)))
	for k, v := range m {
		e.Str(k)
		e.Bits(v)
	}
}

func (e *RecordEnc) Stamp(st FileStamp) {
	e.Int(st.Size)
	e.Int(st.Mtime)
	e.Int(st.Ctime)
	e.Uint(st.Ino)
	e.Uint(st.Dev)
}

func (e *RecordEnc) Diags(l Diagnostics) {
	e.Uint(uint64(len(l)))
	for _, d := range l {
		e.Str(d.File)
		e.Int(int64(d.Line))
		e.Int(int64(d.Col))
		e.Str(d.Field)
		e.Str(d.Msg)
		e.Str(d.Link.Target)
		e.Str(d.Link.Reason)
	}
}

// errRecordShort is the error of an encoding that does not decode.
var errRecordShort = errors.New("cut short")

// RecordDec decodes an encoding, whose bytes it owns: the strings it
// gives are slices of them (see above).
type RecordDec struct {
	b   []byte
	s   string // b, as a string
	off int
	err error
}

func NewRecordDec(b []byte) *RecordDec {
	d := &RecordDec{b: b}
	if len(b) > 0 {
		d.s = unsafe.String(&b[0], len(b)) // b is never written (see above)
	}
	return d
}

func (d *RecordDec) Fail() {
	if d.err == nil {
		d.err = errRecordShort
	}
	d.off = len(d.b)
}

func (d *RecordDec) Uint() uint64 {
	v, n := binary.Uvarint(d.b[d.off:])
	if n <= 0 {
		d.Fail()
		return 0
	}
	d.off += n
	return v
}

func (d *RecordDec) Int() int64 {
	v, n := binary.Varint(d.b[d.off:])
	if n <= 0 {
		d.Fail()
		return 0
	}
	d.off += n
	return v
}

// small is an int that must fit an int (a line, a column, a format).
func (d *RecordDec) Small() int {
	v := d.Int()
	if v < math.MinInt32 || v > math.MaxInt32 {
		d.Fail()
		return 0
	}
	return int(v)
}

// count is a number of entries, each at least one byte long.
func (d *RecordDec) Count() int {
	n := d.Uint()
	if n > uint64(len(d.b)-d.off) {
		d.Fail()
		return 0
	}
	return int(n)
}

func (d *RecordDec) Str() string {
	n := d.Count()
	s := d.s[d.off : d.off+n]
	d.off += n
	return s
}

func (d *RecordDec) Sum() (s [sha256.Size]byte) {
	if len(d.b)-d.off < sha256.Size {
		d.Fail()
		return s
	}
	copy(s[:], d.b[d.off:])
	d.off += sha256.Size
	return s
}

// bits unpacks n flags into ps.
func (d *RecordDec) Bits(ps ...*bool) {
	v := d.Uint()
	for i, p := range ps {
		*p = v&(1<<i) != 0
	}
}

func (d *RecordDec) Bytes() []byte {
	n := d.Uint()
	if n == 0 {
		return nil
	}
	if n-1 > uint64(len(d.b)-d.off) {
		d.Fail()
		return nil
	}
	p := d.b[d.off : d.off+int(n-1) : d.off+int(n-1)]
	d.off += int(n - 1)
	return p
}

func (d *RecordDec) Strs() []string {
	n := d.Count()
	if n == 0 {
		return nil
	}
	l := make([]string, n)
	for i := range l {
		l[i] = d.Str()
	}
	return l
}

func (d *RecordDec) Set() map[string]bool {
	n := d.Count()
	if n == 0 {
		return nil
	}
	m := make(map[string]bool, n)
	for range n {
		k := d.Str()
		var v bool
		d.Bits(&v)
		m[k] = v
	}
	return m
}

func (d *RecordDec) Stamp() FileStamp {
	return FileStamp{Size: d.Int(), Mtime: d.Int(), Ctime: d.Int(), Ino: d.Uint(), Dev: d.Uint()}
}

func (d *RecordDec) Diags() Diagnostics {
	n := d.Count()
	if n == 0 {
		return nil
	}
	l := make(Diagnostics, n)
	for i := range l {
		l[i] = Diagnostic{File: d.Str(), Line: d.Small(), Col: d.Small(), Field: d.Str(), Msg: d.Str(), Link: markup.BrokenLink{Target: d.Str(), Reason: d.Str()}}
	}
	return l
}

// NewRecordEnc is an encoder whose buffer holds size bytes before it grows.
func NewRecordEnc(size int) *RecordEnc { return &RecordEnc{b: make([]byte, 0, size)} }

// Data is the encoding so far.
func (e *RecordEnc) Data() []byte { return e.b }

// OK reports whether everything decoded so far did.
func (d *RecordDec) OK() bool { return d.err == nil }

// Done is the error of the decoding: nil when every value decoded and
// no byte is left over.
func (d *RecordDec) Done() error {
	if d.err == nil && d.off != len(d.b) {
		return errors.New("bytes left over")
	}
	return d.err
}

// Float encodes a float64 by its bits.
func (e *RecordEnc) Float(v float64) { e.Uint(math.Float64bits(v)) }

// Float decodes a float64 (RecordEnc.Float).
func (d *RecordDec) Float() float64 { return math.Float64frombits(d.Uint()) }

// The kinds of a front matter value (the types copyMeta keeps).
const (
	metaNil byte = iota
	metaString
	metaBool
	metaInt
	metaInt8
	metaInt16
	metaInt32
	metaInt64
	metaUint
	metaUint8
	metaUint16
	metaUint32
	metaUint64
	metaFloat32
	metaFloat64
	metaTime
	metaList
	metaMap
)

// metaDepth bounds the nesting of a front matter value the cache keeps
// (a deeper one makes its page loaded again, as a value of another type).
const metaDepth = 100

// meta encodes front matter value v; false when it holds a value of a
// type the cache does not keep (copyMeta's rule).
func (e *RecordEnc) meta(v any, depth int) bool {
	if depth > metaDepth {
		return false
	}
	switch v := v.(type) {
	case nil:
		e.b = append(e.b, metaNil)
	case string:
		e.b = append(e.b, metaString)
		e.Str(v)
	case bool:
		e.b = append(e.b, metaBool)
		e.Bits(v)
	case int:
		e.b = append(e.b, metaInt)
		e.Int(int64(v))
	case int8:
		e.b = append(e.b, metaInt8)
		e.Int(int64(v))
	case int16:
		e.b = append(e.b, metaInt16)
		e.Int(int64(v))
	case int32:
		e.b = append(e.b, metaInt32)
		e.Int(int64(v))
	case int64:
		e.b = append(e.b, metaInt64)
		e.Int(v)
	case uint:
		e.b = append(e.b, metaUint)
		e.Uint(uint64(v))
	case uint8:
		e.b = append(e.b, metaUint8)
		e.Uint(uint64(v))
	case uint16:
		e.b = append(e.b, metaUint16)
		e.Uint(uint64(v))
	case uint32:
		e.b = append(e.b, metaUint32)
		e.Uint(uint64(v))
	case uint64:
		e.b = append(e.b, metaUint64)
		e.Uint(v)
	case float32:
		e.b = append(e.b, metaFloat32)
		e.Uint(uint64(math.Float32bits(v)))
	case float64:
		e.b = append(e.b, metaFloat64)
		e.Float(v)
	case time.Time:
		t, err := v.MarshalBinary()
		if err != nil {
			return false
		}
		e.b = append(e.b, metaTime)
		e.Bytes(t)
	case []any:
		e.b = append(e.b, metaList)
		e.Uint(uint64(len(v)))
		for _, x := range v {
			if !e.meta(x, depth+1) {
				return false
			}
		}
	case map[string]any:
		e.b = append(e.b, metaMap)
		e.Uint(uint64(len(v)))
		for k, x := range v {
			e.Str(k)
			if !e.meta(x, depth+1) {
				return false
			}
		}
	default:
		return false
	}
	return true
}

// meta decodes a front matter value as copyMeta gives it back.
func (d *RecordDec) meta(depth int) any {
	if d.off >= len(d.b) || depth > metaDepth {
		d.Fail()
		return nil
	}
	k := d.b[d.off]
	d.off++
	switch k {
	case metaNil:
		return nil
	case metaString:
		return d.Str()
	case metaBool:
		var v bool
		d.Bits(&v)
		return v
	case metaInt:
		return int(d.Int())
	case metaInt8:
		return int8(d.Int())
	case metaInt16:
		return int16(d.Int())
	case metaInt32:
		return int32(d.Int())
	case metaInt64:
		return d.Int()
	case metaUint:
		return uint(d.Uint())
	case metaUint8:
		return uint8(d.Uint())
	case metaUint16:
		return uint16(d.Uint())
	case metaUint32:
		return uint32(d.Uint())
	case metaUint64:
		return d.Uint()
	case metaFloat32:
		return math.Float32frombits(uint32(d.Uint()))
	case metaFloat64:
		return d.Float()
	case metaTime:
		var t time.Time
		if t.UnmarshalBinary(d.Bytes()) != nil {
			d.Fail()
		}
		return t
	case metaList:
		n := d.Count()
		if n == 0 {
			return []any(nil) // as copyMeta gives it
		}
		l := make([]any, n)
		for i := range l {
			l[i] = d.meta(depth + 1)
		}
		return l
	case metaMap:
		n := d.Count()
		m := make(map[string]any, n)
		for range n {
			k := d.Str()
			m[k] = d.meta(depth + 1)
		}
		return m
	}
	d.Fail()
	return nil
}

func (e *RecordEnc) alias(a cachedAlias) {
	e.Str(a.SitePath)
	e.Int(int64(a.Line))
	e.Int(int64(a.Col))
	e.Str(a.Key)
	e.Str(a.Written)
	e.Bits(a.Yields)
}

func (d *RecordDec) alias() cachedAlias {
	a := cachedAlias{SitePath: d.Str(), Line: d.Small(), Col: d.Small(), Key: d.Str(), Written: d.Str()}
	d.Bits(&a.Yields)
	return a
}

// Encode appends the encoding of c; false when its front matter holds
// a value the cache does not keep (see copyMeta).
func (c *CachedLoad) Encode(e *RecordEnc) bool {
	e.Uint(uint64(len(c.Reads)))
	for f, s := range c.Reads {
		e.Str(f)
		e.Sum(s)
	}
	e.Bits(c.ReadsSite, c.Readme, c.HasMeta, c.Draft, c.Failed, c.DropH1, c.TitleLead, c.OwnTitle, c.Copy, c.FileURL,
		c.TagIndex, c.NavExclude, c.SearchExclude, c.Read, c.HasPos, c.NameTitle, c.Meta != nil, c.Home != nil)
	e.Diags(c.Errs)
	e.Diags(c.Warns)
	if c.Meta != nil && !e.meta(c.Meta, 0) {
		return false
	}
	for _, s := range [...]string{c.Folder, c.File, c.Rel, c.SitePath, c.Title, c.Desc, c.Unpublished, c.Unlisted, c.Heading, c.Tag,
		c.ParentTitle, c.GrandParent, c.PageFolder, c.NavTitle, c.RedirectTo, c.DocTitle, c.SortName, c.DocID, c.FallbackTitle, c.NavOrderText} {
		e.Str(s)
	}
	e.Int(int64(c.Kind))
	e.Int(int64(c.Weight))
	e.Uint(uint64(len(c.Aliases)))
	for _, a := range c.Aliases {
		e.alias(a)
	}
	e.Strs(c.Names)
	e.Strs(c.Tags)
	e.Set(c.IDs)
	e.Strs(c.Blocks)
	e.Uint(uint64(len(c.Outline)))
	for _, h := range c.Outline {
		e.Int(int64(h.Level))
		e.Str(h.ID)
		e.Str(h.Text)
	}
	e.alias(c.Permalink)
	e.Uint(uint64(len(c.Lines)))
	for _, l := range c.Lines {
		e.Int(int64(l))
	}
	e.Strs(c.Includes)
	e.Float(c.Pos)
	if h := c.Home; h != nil {
		e.Str(h.Name)
		e.Str(h.Text)
		e.Str(h.Tagline)
		e.Uint(uint64(len(h.Actions)))
		for _, a := range h.Actions {
			e.Str(a.Text)
			e.Str(a.Link)
			e.Bits(a.Alt)
		}
		e.Uint(uint64(len(h.Features)))
		for _, f := range h.Features {
			for _, s := range [...]string{f.Icon, f.Title, f.Details, f.Link, f.LinkText} {
				e.Str(s)
			}
		}
		for _, s := range [...]string{h.Image.File, h.Image.Dark, h.Image.Light, h.Image.Alt} {
			e.Str(s)
		}
	}
	e.Int(c.Size)
	e.Uint(uint64(len(c.Inline)))
	for _, f := range c.Inline {
		e.Str(f.Key)
		e.Str(f.Value)
	}
	e.Uint(uint64(len(c.HTMLOps)))
	for _, op := range c.HTMLOps {
		e.Str(op.Old)
		e.Str(op.New)
		e.Bits(op.First)
	}
	return true
}

// DecodeCachedLoad decodes a CachedLoad (CachedLoad.Encode).
func DecodeCachedLoad(d *RecordDec) *CachedLoad {
	c := &CachedLoad{}
	if n := d.Count(); n > 0 {
		c.Reads = make(map[string][sha256.Size]byte, n)
		for range n {
			f := d.Str()
			c.Reads[f] = d.Sum()
		}
	}
	var hasMeta, hasHome bool
	d.Bits(&c.ReadsSite, &c.Readme, &c.HasMeta, &c.Draft, &c.Failed, &c.DropH1, &c.TitleLead, &c.OwnTitle, &c.Copy, &c.FileURL,
		&c.TagIndex, &c.NavExclude, &c.SearchExclude, &c.Read, &c.HasPos, &c.NameTitle, &hasMeta, &hasHome)
	c.Errs, c.Warns = d.Diags(), d.Diags()
	if hasMeta {
		m, ok := d.meta(0).(map[string]any)
		if !ok {
			d.Fail()
		}
		c.Meta = m
	}
	for _, p := range [...]*string{&c.Folder, &c.File, &c.Rel, &c.SitePath, &c.Title, &c.Desc, &c.Unpublished, &c.Unlisted, &c.Heading, &c.Tag,
		&c.ParentTitle, &c.GrandParent, &c.PageFolder, &c.NavTitle, &c.RedirectTo, &c.DocTitle, &c.SortName, &c.DocID, &c.FallbackTitle, &c.NavOrderText} {
		*p = d.Str()
	}
	c.Kind = templates.Kind(d.Small())
	c.Weight = int(d.Int())
	if n := d.Count(); n > 0 {
		c.Aliases = make([]cachedAlias, n)
		for i := range c.Aliases {
			c.Aliases[i] = d.alias()
		}
	}
	c.Names, c.Tags, c.IDs, c.Blocks = d.Strs(), d.Strs(), d.Set(), d.Strs()
	if n := d.Count(); n > 0 {
		c.Outline = make([]markup.OutlineHeading, n)
		for i := range c.Outline {
			c.Outline[i] = markup.OutlineHeading{Level: d.Small(), ID: d.Str(), Text: d.Str()}
		}
	}
	c.Permalink = d.alias()
	if n := d.Count(); n > 0 {
		c.Lines = make([]int, n)
		for i := range c.Lines {
			c.Lines[i] = d.Small()
		}
	}
	c.Includes = d.Strs()
	c.Pos = d.Float()
	if hasHome {
		h := &layout.Home{Name: d.Str(), Text: d.Str(), Tagline: d.Str()}
		if n := d.Count(); n > 0 {
			h.Actions = make([]layout.HomeLink, n)
			for i := range h.Actions {
				h.Actions[i] = layout.HomeLink{Text: d.Str(), Link: d.Str()}
				d.Bits(&h.Actions[i].Alt)
			}
		}
		if n := d.Count(); n > 0 {
			h.Features = make([]layout.Feature, n)
			for i := range h.Features {
				h.Features[i] = layout.Feature{Icon: d.Str(), Title: d.Str(), Details: d.Str(), Link: d.Str(), LinkText: d.Str()}
			}
		}
		h.Image = layout.HomeImage{File: d.Str(), Dark: d.Str(), Light: d.Str(), Alt: d.Str()}
		c.Home = h
	}
	c.Size = d.Int()
	if n := d.Count(); n > 0 {
		c.Inline = make([]query.InlineField, n)
		for i := range c.Inline {
			c.Inline[i] = query.InlineField{Key: d.Str(), Value: d.Str()}
		}
	}
	if n := d.Count(); n > 0 {
		c.HTMLOps = make([]layout.HTMLOp, n)
		for i := range c.HTMLOps {
			op := &c.HTMLOps[i]
			op.Old, op.New = d.Str(), d.Str()
			d.Bits(&op.First)
		}
	}
	return c
}

// Len is the length of the encoding so far.
func (e *RecordEnc) Len() int { return len(e.b) }

// Cut cuts the encoding back to its first n bytes.
func (e *RecordEnc) Cut(n int) { e.b = e.b[:n] }
