package site

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html"
	"strings"
	"sync"
	"unicode"

	"github.com/andybalholm/brotli"
	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"

	"d6codex/templates"
)

// searchFormat is the version of the search index format. It is part of
// the hash in the index's published name, so changing the format (or what
// goes into the index) must bump it.
const searchFormat = 1

// searchPrefix is how much of a section's text the index keeps verbatim
// (in bytes, cut at a word boundary) for the result snippet; after it,
// each further word is kept once (first occurrence, in order), which is
// all a term search needs.
const searchPrefix = 120

// searchIndex collects the full-text search index while pages render and
// writes it at the end of Render. Its published name carries a hash of
// everything the index is made from, so pages can link to it before it is
// written. A nil *searchIndex ignores pages.
//
// Format (JSON, compact, one array per record to keep it small):
//
//	{"v": 1,
//	 "systems": [["opend6", "OpenD6"], ...],            // top-level sections
//	 "pages":   [["/opend6/combat/", "Combat", 2], ...], // URL, title, system index or -1
//	 "docs":    [[0, "", "", "lead text"],               // page index, anchor, heading, text
//	             [0, "the-wild-die", "The Wild Die", "section text"], ...]}
//
// A page has one document for its title and the text before its first
// h2/h3 heading, and one per h2/h3 section.
type searchIndex struct {
	out string // output path ("search-index.1a2b3c4d5e.json")

	mu   sync.Mutex
	docs map[*page][]searchDoc
}

// searchDoc is one searchable unit: a page's lead or one of its sections.
type searchDoc struct {
	anchor, heading, text string
}

// newSearchIndex prepares the index of the loaded site and registers its
// published URL in assets under templates.SearchIndexAsset. It must run
// before pages render (it reads their sources).
func (s *Site) newSearchIndex(assets templates.Assets) *searchIndex {
	h := sha256.New()
	fmt.Fprintf(h, "d6codex search %d %d\x00%s\x00", searchFormat, searchPrefix, s.cfg.relURL("/"))
	for _, p := range s.pages {
		fmt.Fprintf(h, "%s\x00%s\x00%s\x00%d\x00", p.sitePath, p.title, p.description, len(p.src))
		h.Write(p.src)
	}
	name := strings.TrimSuffix(templates.SearchIndexAsset, ".json") + "." + hex.EncodeToString(h.Sum(nil)[:5]) + ".json"
	assets[templates.SearchIndexAsset] = s.cfg.relURL("/" + name)
	return &searchIndex{out: name, docs: make(map[*page][]searchDoc, len(s.pages))}
}

// add records the searchable text of page p from its parsed (and
// processed) Markdown. It is safe for concurrent use.
func (x *searchIndex) add(p *page, doc ast.Node, src []byte) {
	if x == nil {
		return
	}
	docs := searchDocs(p, doc, src)
	x.mu.Lock()
	x.docs[p] = docs
	x.mu.Unlock()
}

// write encodes the index into dir, with precompressed siblings.
func (x *searchIndex) write(s *Site, dir string) error {
	if x == nil {
		return nil
	}
	data, err := x.encode(s)
	if err != nil {
		return fmt.Errorf("search index: %w", err)
	}
	if err := writeFile(dir, x.out, data); err != nil {
		return fmt.Errorf("write %s: %w", x.out, err)
	}
	if len(data) < compressMin {
		return nil
	}
	// The index of a big site is megabytes: the best levels take about
	// 1.5 s together, so compress it at the default levels.
	return s.writeSiblings(dir, x.out, data, 6, gzip.DefaultCompression)
}

// encode returns the index as JSON, pages in reading order.
func (x *searchIndex) encode(s *Site) ([]byte, error) {
	type file struct {
		V       int         `json:"v"`
		Systems [][2]string `json:"systems"`
		Pages   [][3]any    `json:"pages"`
		Docs    [][4]any    `json:"docs"`
	}
	f := file{V: searchFormat, Systems: [][2]string{}, Pages: [][3]any{}, Docs: [][4]any{}}
	system := map[*page]int{}
	for _, c := range s.home.children {
		if c.kind == templates.KindSection {
			system[c] = len(f.Systems)
			f.Systems = append(f.Systems, [2]string{systemID(c.sitePath), c.title})
		}
	}
	for _, p := range s.pages {
		docs, ok := x.docs[p]
		if !ok {
			continue
		}
		sys := -1
		for a := p; a != nil && a != s.home; a = a.parent {
			if i, ok := system[a]; ok {
				sys = i
			}
		}
		n := len(f.Pages)
		f.Pages = append(f.Pages, [3]any{s.cfg.relURL(p.sitePath), p.title, sys})
		for _, d := range docs {
			f.Docs = append(f.Docs, [4]any{n, d.anchor, d.heading, d.text})
		}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(f); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// systemID is the first segment of a site path ("/opend6/combat/" -> "opend6").
func systemID(sitePath string) string {
	id, _, _ := strings.Cut(strings.TrimPrefix(sitePath, "/"), "/")
	return id
}

// searchDocs splits a page into its lead and its top-level h2/h3
// sections and extracts their plain text.
func searchDocs(p *page, doc ast.Node, src []byte) []searchDoc {
	lead := searchDoc{}
	var b strings.Builder
	if p.description != "" {
		b.WriteString(p.description)
		b.WriteByte(' ')
	}
	var docs []searchDoc
	cur := &lead
	flush := func() {
		cur.text = compactText(html.UnescapeString(b.String()))
		b.Reset()
	}
	if doc != nil {
		for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
			if h, ok := n.(*ast.Heading); ok && (h.Level == 2 || h.Level == 3) {
				if id := headingID(h); id != "" {
					flush()
					docs = append(docs, searchDoc{anchor: id, heading: html.UnescapeString(plainText(h, src))})
					cur = &docs[len(docs)-1]
					continue
				}
			}
			blockText(&b, n, src)
		}
	}
	flush()
	return append([]searchDoc{lead}, docs...)
}

// blockText appends the text of a block and its descendants to b, a space
// after each block. Code blocks count; calculator blocks, raw HTML and
// footnote lists do not.
func blockText(b *strings.Builder, n ast.Node, src []byte) {
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			if c.Type() == ast.TypeBlock {
				b.WriteByte(' ')
			}
			return ast.WalkContinue, nil
		}
		switch t := c.(type) {
		case *handledBlock, *ast.HTMLBlock, *ast.RawHTML, *east.FootnoteList:
			return ast.WalkSkipChildren, nil
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			lines := c.Lines()
			for i := 0; i < lines.Len(); i++ {
				seg := lines.At(i)
				b.Write(seg.Value(src))
				b.WriteByte(' ')
			}
			return ast.WalkSkipChildren, nil
		case *ast.Text:
			b.Write(t.Segment.Value(src))
			if t.SoftLineBreak() || t.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(t.Value)
		}
		return ast.WalkContinue, nil
	})
}

// compactText collapses white space, keeps the first searchPrefix bytes
// verbatim and then only words not seen before (compared without case
// and surrounding punctuation).
func compactText(text string) string {
	words := strings.Fields(text)
	var b strings.Builder
	seen := map[string]bool{}
	key := func(w string) string {
		return strings.ToLower(strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsNumber(r) }))
	}
	for _, w := range words {
		k := key(w)
		if b.Len() >= searchPrefix {
			if k == "" || seen[k] {
				continue
			}
			w = strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsNumber(r) })
		}
		seen[k] = true
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(w)
	}
	return b.String()
}

// compressGzipLevel compresses data with gzip at the given level.
func compressGzipLevel(data []byte, level int) ([]byte, error) {
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

// compressBrotliLevel compresses data with Brotli at the given level.
func compressBrotliLevel(data []byte, level int) ([]byte, error) {
	var b bytes.Buffer
	w := brotli.NewWriterLevel(&b, level)
	if _, err := w.Write(data); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
