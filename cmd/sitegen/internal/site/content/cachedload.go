package content

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"fmt"
	"maps"
	"slices"
	"time"

	"d6codex/cmd/sitegen/internal/dataview/query"
	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/templates"
)

// The record of a page as loaded (loadPage) that package site's build
// cache keeps between builds (buildcache.go): loading takes it for a
// page whose files did not change (PageCache), so it copies every field
// of the page that loading sets.

func init() {
	// The types of a front matter's values (YAML's and TOML's decoders),
	// as gob sends them in an interface; the index encodes them by
	// their kind (CachedLoad.Encode), and a value of another type makes
	// the page loaded again each build (its record is not kept: copyMeta).
	gob.Register([]any{})
	gob.Register(map[string]any{})
	gob.Register(time.Time{})
}

// CachedLoad is a page as loadPage made it (page), before any step of
// the model placed it, with the hashes of the files it read and the
// problems found.
type CachedLoad struct {
	Reads       map[string][sha256.Size]byte
	ReadsSite   bool // the page's text read the site's page list (Page.ReadsSite)
	Readme      bool
	Folder      string
	Errs, Warns Diagnostics
	// Meta is the front matter (page.Meta), as copyMeta gives it back
	// (the index encodes each value by its kind: CachedLoad.Encode).
	// HasMeta tells an empty front matter from none.
	Meta           map[string]any
	HasMeta        bool
	File, Rel      string
	Kind           templates.Kind
	SitePath       string
	Title, Desc    string
	Weight         int
	Draft          bool
	Unpublished    string
	Unlisted       string
	Aliases        []cachedAlias
	Names, Tags    []string
	IDs            map[string]bool
	Outline        []markup.OutlineHeading
	Blocks         []string
	Failed, DropH1 bool
	TitleLead      bool
	OwnTitle       bool
	Copy           bool
	Heading        string
	Permalink      cachedAlias
	FileURL        bool
	Tag            string
	TagIndex       bool
	NavExclude     bool
	SearchExclude  bool
	ParentTitle    string
	GrandParent    string
	PageFolder     string
	NavTitle       string
	NavOrderText   string
	RedirectTo     string
	DocTitle       string
	Lines          []int
	Includes       []string
	Read           bool
	Pos            float64
	HasPos         bool
	SortName       string
	DocID          string
	Home           *layout.Home
	FallbackTitle  string
	NameTitle      bool
	Size           int64
	Inline         []query.InlineField
	HTMLOps        []layout.HTMLOp // Page.HTMLOps
}

// cachedAlias is an alias.
type cachedAlias struct {
	SitePath     string
	Line, Col    int
	Key, Written string
	Yields       bool
}

// ToCachedLoad is the record of page p as loaded; nil when its front
// matter holds a value gob cannot send.
func ToCachedLoad(p *Page) *CachedLoad {
	// Copies: the model's steps change a page's maps and slices.
	c := &CachedLoad{File: p.File, Rel: p.Rel, Kind: p.Kind, SitePath: p.SitePath, Title: p.Title, Desc: p.Description,
		Weight: p.weight, Draft: p.draft, Unpublished: p.Unpublished, Unlisted: p.Unlisted, Names: slices.Clone(p.Names), Tags: slices.Clone(p.tags),
		IDs: maps.Clone(p.Ids), Outline: slices.Clone(p.Outline), Blocks: slices.Clone(p.Blocks), Failed: p.Failed, DropH1: p.DropH1, TitleLead: p.TitleLead, OwnTitle: p.OwnTitle, Copy: p.Copy,
		Heading: p.Heading, Permalink: toCachedAlias(p.permalink), FileURL: p.fileURL, Tag: p.tag, TagIndex: p.tagIndex,
		NavExclude: p.navExclude, SearchExclude: p.SearchExclude, ParentTitle: p.parentTitle, GrandParent: p.grandParent,
		PageFolder: p.folder, NavTitle: p.navTitle, NavOrderText: p.navOrderText, RedirectTo: p.RedirectTo, DocTitle: p.docTitle, Lines: slices.Clone(p.lines),
		Includes: slices.Clone(p.Includes), Read: p.Read, Pos: p.pos, HasPos: p.hasPos, SortName: p.sortName, DocID: p.docID,
		Home: p.Home, FallbackTitle: p.fallbackTitle, NameTitle: p.nameTitle, Size: p.size, Inline: slices.Clone(p.inline), ReadsSite: p.ReadsSite, HTMLOps: slices.Clone(p.HTMLOps)}
	for _, a := range p.Aliases {
		c.Aliases = append(c.Aliases, toCachedAlias(a))
	}
	if p.Meta != nil {
		m, ok := copyMeta(p.Meta)
		if !ok {
			return nil
		}
		c.Meta, c.HasMeta = m.(map[string]any), true
	}
	return c
}

// copyMeta is a deep copy of the front matter value v as a gob round trip
// gives it back (an empty list inside it comes back nil, a time with its
// offset as gob sends it), so that a record gives the page the same
// values in the build that made it (serve's) as in the next; false when
// v holds a value of a type the cache does not keep (see init).
func copyMeta(v any) (any, bool) {
	switch v := v.(type) {
	case nil, string, bool, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64, float32, float64:
		return v, true
	case time.Time:
		b, err := v.MarshalBinary()
		var t time.Time
		if err != nil || t.UnmarshalBinary(b) != nil {
			return nil, false
		}
		return t, true
	case []any:
		if len(v) == 0 {
			return []any(nil), true
		}
		out := make([]any, len(v))
		for i, e := range v {
			c, ok := copyMeta(e)
			if !ok {
				return nil, false
			}
			out[i] = c
		}
		return out, true
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, e := range v {
			c, ok := copyMeta(e)
			if !ok {
				return nil, false
			}
			out[k] = c
		}
		return out, true
	}
	return nil, false
}

func toCachedAlias(a alias) cachedAlias {
	return cachedAlias{SitePath: a.SitePath, Line: a.line, Col: a.col, Key: a.key, Written: a.written, Yields: a.yields}
}

func (a cachedAlias) alias() alias {
	return alias{SitePath: a.SitePath, line: a.Line, col: a.Col, key: a.Key, written: a.Written, yields: a.Yields}
}

// Page is the page c records; false when its front matter does not
// decode.
func (c *CachedLoad) Page() (*Page, bool) {
	p := &Page{File: c.File, Rel: c.Rel, Kind: c.Kind, SitePath: c.SitePath, Title: c.Title, Description: c.Desc,
		weight: c.Weight, draft: c.Draft, Unpublished: c.Unpublished, Unlisted: c.Unlisted, Names: slices.Clone(c.Names), tags: slices.Clone(c.Tags),
		Ids: maps.Clone(c.IDs), Outline: slices.Clone(c.Outline), Blocks: slices.Clone(c.Blocks), Failed: c.Failed, DropH1: c.DropH1, TitleLead: c.TitleLead, OwnTitle: c.OwnTitle, Copy: c.Copy,
		Heading: c.Heading, permalink: c.Permalink.alias(), fileURL: c.FileURL, tag: c.Tag, tagIndex: c.TagIndex,
		navExclude: c.NavExclude, SearchExclude: c.SearchExclude, parentTitle: c.ParentTitle, grandParent: c.GrandParent,
		folder: c.PageFolder, navTitle: c.NavTitle, navOrderText: c.NavOrderText, RedirectTo: c.RedirectTo, docTitle: c.DocTitle, lines: slices.Clone(c.Lines),
		Includes: slices.Clone(c.Includes), Read: c.Read, pos: c.Pos, hasPos: c.HasPos, sortName: c.SortName, docID: c.DocID,
		Home: c.Home, fallbackTitle: c.FallbackTitle, nameTitle: c.NameTitle, size: c.Size, inline: slices.Clone(c.Inline), ReadsSite: c.ReadsSite, HTMLOps: slices.Clone(c.HTMLOps)}
	for _, a := range c.Aliases {
		p.Aliases = append(p.Aliases, a.alias())
	}
	if c.HasMeta {
		// A copy: in serve the record outlives the build that took it.
		m, ok := copyMeta(c.Meta)
		if !ok {
			return nil, false
		}
		if p.Meta, _ = m.(map[string]any); p.Meta == nil {
			p.Meta = map[string]any{}
		}
	}
	return p, true
}

// DecodeGob decodes a gob of the cache into v, a panic of the decoder
// an error.
func DecodeGob(payload []byte, v any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("decode: %v", r)
		}
	}()
	return gob.NewDecoder(bytes.NewReader(payload)).Decode(v)
}
