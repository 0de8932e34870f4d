// Package blockid is a goldmark extension for Obsidian's block ids: a
// paragraph or list item that ends in " ^id" gets the element id "^id"
// (what [[Note#^id]] points at), and a line holding "^id" alone names the
// block before it (a table, a list, a quote). The marker is not shown.
// The ids are set while blocks are parsed (a paragraph transformer), so a
// parse of the blocks alone already knows them.
package blockid

import (
	"regexp"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// trailing matches a block id at the end of a line: " ^id" (letters,
// digits and hyphens, as Obsidian accepts).
var trailing = regexp.MustCompile(`(?:^|[ \t])\^([A-Za-z0-9-]+)\s*$`)

type transformer struct{}

// Transform implements parser.ParagraphTransformer.
func (transformer) Transform(para *ast.Paragraph, reader text.Reader, _ parser.Context) {
	lines := para.Lines()
	if lines.Len() == 0 {
		return
	}
	src := reader.Source()
	last := lines.At(lines.Len() - 1)
	m := trailing.FindSubmatchIndex(last.Value(src))
	if m == nil {
		return
	}
	id := []byte("^" + string(last.Value(src)[m[2]:m[3]]))
	parent := para.Parent()
	if m[0] == 0 && lines.Len() == 1 {
		// "^id" alone names the block before it.
		target := para.PreviousSibling()
		if target == nil {
			if parent == nil || parent.Kind() == ast.KindDocument {
				return
			}
			target = parent
		}
		target.SetAttributeString("id", id)
		parent.RemoveChild(parent, para)
		return
	}
	lines.Set(lines.Len()-1, last.WithStop(last.Start+m[0]))
	// A tight list item's paragraph becomes a bare text block, losing
	// its attributes: the id goes on the item then.
	if li, ok := parent.(*ast.ListItem); ok && li.FirstChild() == para {
		li.SetAttributeString("id", id)
		return
	}
	para.SetAttributeString("id", id)
}

// Extension adds block ids to a goldmark instance.
var Extension goldmark.Extender = extension{}

type extension struct{}

// Extend implements goldmark.Extender.
func (extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithParagraphTransformers(util.Prioritized(transformer{}, 200)))
}
