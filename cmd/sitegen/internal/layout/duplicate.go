package layout

import (
	"cmp"
	"path"
	"strings"
)

// Claim is one page of those a tool writes to one URL.
type Claim struct {
	Rel    string // content-relative path of its file
	Title  string
	Weight int // front matter weight (0: none)
}

// A tool that writes two pages to one URL keeps one of them, the one it
// writes last; sitegen keeps the same (package site, lenient.go). Each
// rule returns which of a and b the tool keeps and why, in words for the
// warning.

// KeepLastByName is Jekyll's: pages are written in order of their file
// names (Jekyll sorts site.pages by name) and the last one written stays;
// of one name, the later path.
func KeepLastByName(a, b Claim) (keepB bool, why string) {
	c := cmp.Or(cmp.Compare(path.Base(a.Rel), path.Base(b.Rel)), cmp.Compare(a.Rel, b.Rel))
	return c < 0, "it writes pages in order of file name and the last one written stays"
}

// KeepLastWalked is MkDocs': pages are written in the order its walk
// finds them (a folder's files, its index.md or README.md first, then its
// sub-folders, each sorted by name) and the last one written stays, so
// m/index.md wins over m.md.
func KeepLastWalked(a, b Claim) (keepB bool, why string) {
	return compareWalk(a.Rel, b.Rel) < 0, "it writes the pages in the order it finds them, a folder's files before its sub-folders, and the last one written stays"
}

func compareWalk(a, b string) int {
	as, bs := strings.Split(a, "/"), strings.Split(b, "/")
	for i := 0; i < len(as) && i < len(bs); i++ {
		if as[i] == bs[i] {
			continue
		}
		aFile, bFile := i == len(as)-1, i == len(bs)-1
		switch {
		case aFile && !bFile:
			return -1
		case bFile && !aFile:
			return 1
		case aFile && bFile:
			return cmp.Or(cmp.Compare(indexRank(as[i]), indexRank(bs[i])), cmp.Compare(as[i], bs[i]))
		}
		return cmp.Compare(as[i], bs[i])
	}
	return cmp.Compare(len(as), len(bs))
}

func indexRank(name string) int {
	switch strings.ToLower(strings.TrimSuffix(name, path.Ext(name))) {
	case "index", "readme":
		return 0
	}
	return 1
}

// KeepHugo is for Hugo, which writes both pages to the one file, in no
// set order (of six builds of content/magic.md beside
// content/magic/_index.md, three kept each, and one wrote a torn file):
// sitegen keeps a section's _index.md or a leaf bundle's index.md over a
// page of the same URL, else the first in Hugo's default order (weight,
// pages without one last, then title, then path), as most builds do.
func KeepHugo(a, b Claim) (keepB bool, why string) {
	ai, bi := isIndex(a.Rel), isIndex(b.Rel)
	if ai != bi {
		return bi, "Hugo writes both, in no set order; sitegen keeps the section's or bundle's page"
	}
	wa, wb := a.Weight, b.Weight
	if wa == 0 {
		wa = int(^uint(0) >> 1)
	}
	if wb == 0 {
		wb = int(^uint(0) >> 1)
	}
	c := cmp.Or(cmp.Compare(wa, wb), cmp.Compare(strings.ToLower(a.Title), strings.ToLower(b.Title)), cmp.Compare(a.Rel, b.Rel))
	return c > 0, "Hugo writes both, in no set order; sitegen keeps the first by weight, then title"
}

func isIndex(rel string) bool {
	name := path.Base(rel)
	return name == "_index.md" || name == "index.md"
}

// KeepFirstByPath keeps the page whose path sorts first: a tool that has
// no rule of its own (an Obsidian vault: Obsidian has no URLs, Obsidian
// Publish makes them from the path).
func KeepFirstByPath(a, b Claim) (keepB bool, why string) {
	return b.Rel < a.Rel, "sitegen keeps the first by path"
}
