package site

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"

	"d6codex/cmd/sitegen/internal/site/content"
)

// A page's search entry as the build cache keeps it (buildcache.go): the
// searchPage the index is made from (its text file's entry and its
// documents' weighed terms), with what the entry was made from besides
// the page's text (its URL, title and other names), so that a build that
// reuses the page's body puts the entry into the index as it is: the
// page's documents are neither read back nor weighed again.
//
// The object's bytes, every string and list as its uvarint length and
// its content: searchObjMagic, the URL, the title, the number of names
// and each name, the entry, the number of documents and each document's
// terms.

// searchObjMagic starts a search entry object (and names its format).
const searchObjMagic = "d6s1"

// encodeSearchObject is the object of the entry sp of a page at url
// titled title with other names names.
func encodeSearchObject(url, title string, names []string, sp searchPage) []byte {
	n := len(searchObjMagic) + len(url) + len(title) + len(sp.entry) + 8*(4+len(names)+len(sp.terms))
	for _, t := range sp.terms {
		n += len(t)
	}
	b := make([]byte, 0, n)
	b = append(b, searchObjMagic...)
	str := func(s []byte) { b = append(binary.AppendUvarint(b, uint64(len(s))), s...) }
	str([]byte(url))
	str([]byte(title))
	b = binary.AppendUvarint(b, uint64(len(names)))
	for _, name := range names {
		str([]byte(name))
	}
	str(sp.entry)
	b = binary.AppendUvarint(b, uint64(len(sp.terms)))
	for _, t := range sp.terms {
		str(t)
	}
	return b
}

// errSearchObject is a search entry object that does not decode.
var errSearchObject = errors.New("not a search entry")

// decodeSearchObject reads an object made by encodeSearchObject; its
// slices are parts of data.
func decodeSearchObject(data []byte) (url, title string, names []string, sp searchPage, err error) {
	rest, ok := bytes.CutPrefix(data, []byte(searchObjMagic))
	if !ok {
		return "", "", nil, sp, errSearchObject
	}
	num := func() (uint64, bool) {
		v, k := binary.Uvarint(rest)
		if k <= 0 || v > uint64(len(data)) {
			return 0, false
		}
		rest = rest[k:]
		return v, true
	}
	str := func() ([]byte, bool) {
		n, ok := num()
		if !ok || n > uint64(len(rest)) {
			return nil, false
		}
		s := rest[:n:n]
		rest = rest[n:]
		return s, true
	}
	u, ok1 := str()
	t, ok2 := str()
	nn, ok3 := num()
	if !ok1 || !ok2 || !ok3 {
		return "", "", nil, sp, errSearchObject
	}
	for range nn {
		name, ok := str()
		if !ok {
			return "", "", nil, sp, errSearchObject
		}
		names = append(names, string(name))
	}
	if sp.entry, ok = str(); !ok {
		return "", "", nil, sp, errSearchObject
	}
	nt, ok := num()
	if !ok {
		return "", "", nil, sp, errSearchObject
	}
	sp.terms = make([][]byte, 0, nt)
	for range nt {
		term, ok := str()
		if !ok {
			return "", "", nil, sp, errSearchObject
		}
		sp.terms = append(sp.terms, term)
	}
	if len(rest) != 0 {
		return "", "", nil, sp, errSearchObject
	}
	return string(u), string(t), names, sp, nil
}

// entryDocs are the search documents an entry (encodeEntry) was made
// from: the text JSON holds, when it encodes to the same entry (and so
// weighs to the same terms); an error when it does not (a text with an
// invalid byte, which the entry holds as \ufffd).
func entryDocs(entry []byte) ([]content.SearchDoc, error) {
	var e []json.RawMessage
	if err := json.Unmarshal(entry, &e); err != nil || len(e) != 3 {
		return nil, errSearchObject
	}
	var url, title string
	if json.Unmarshal(e[0], &url) != nil || json.Unmarshal(e[1], &title) != nil {
		return nil, errSearchObject
	}
	var ds [][3]string
	if err := json.Unmarshal(e[2], &ds); err != nil {
		return nil, errSearchObject
	}
	docs := make([]content.SearchDoc, len(ds))
	for i, d := range ds {
		docs[i] = content.SearchDoc{Anchor: d[0], Heading: d[1], Text: d[2]}
	}
	if !bytes.Equal(encodeEntry(url, title, docs), entry) {
		return nil, errSearchObject
	}
	return docs, nil
}

// newSearchPage is the search entry of page p, published at url, with
// documents docs (see searchIndex).
func newSearchPage(p *content.Page, url string, docs []content.SearchDoc) searchPage {
	return searchPage{entry: encodeEntry(url, p.Title, docs), terms: weighTerms(p, docs)}
}
