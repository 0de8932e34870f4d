// Package blockid is a goldmark extension for Obsidian's block ids: a
// paragraph or list item that ends in " ^id" gets the element id "^id"
// (what [[Note#^id]] points at), and a line holding "^id" alone names the
// block before it (a table, a list, a quote). The marker is not shown.
// The ids are set while blocks are parsed (a paragraph transformer), so a
// parse of the blocks alone already knows them.
package blockid

import (
	"bytes"
	"regexp"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	gfm "github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// trailing matches a block id at the end of a line: " ^id" (letters,
// digits and hyphens, as Obsidian accepts).
var trailing = regexp.MustCompile(`(?:^|[ \t])\^([A-Za-z0-9-]+)\s*$`)

// alone matches a line that is a block id alone.
var alone = regexp.MustCompile(`^[ \t]*\^[A-Za-z0-9-]+\s*$`)

type transformer struct{}

// hasMark reports whether line has a '^' at its start or after a space.
func hasMark(line []byte) bool {
	for i := bytes.IndexByte(line, '^'); i >= 0; {
		if i == 0 || line[i-1] == ' ' || line[i-1] == '\t' {
			return true
		}
		j := bytes.IndexByte(line[i+1:], '^')
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

// tables is GFM's table transformer, run early on a paragraph whose last
// line is a block id, so that the id lands on the table it makes.
var tables = gfm.NewTableParagraphTransformer()

// Transform implements parser.ParagraphTransformer.
func (transformer) Transform(para *ast.Paragraph, reader text.Reader, pc parser.Context) {
	lines := para.Lines()
	if lines.Len() == 0 {
		return
	}
	src := reader.Source()
	caret := false // the regular expressions only for a paragraph with a " ^" (not a footnote's "[^")
	for i := 0; i < lines.Len() && !caret; i++ {
		seg := lines.At(i)
		caret = hasMark(seg.Value(src))
	}
	if !caret {
		return
	}
	// A "^id" line inside a paragraph ends the block above it; the lines
	// after it are a paragraph of their own.
	for i := 1; i < lines.Len()-1; i++ {
		if seg := lines.At(i); alone.Match(seg.Value(src)) {
			rest := ast.NewParagraph()
			for j := i + 1; j < lines.Len(); j++ {
				seg := lines.At(j)
				if j == lines.Len()-1 {
					seg = seg.TrimRightSpace(src)
				}
				rest.Lines().Append(seg)
			}
			lines.SetSliced(0, i+1)
			para.Parent().InsertAfter(para.Parent(), para, rest)
			transformer{}.Transform(rest, reader, pc)
			break
		}
	}
	last := lines.At(lines.Len() - 1)
	m := trailing.FindSubmatchIndex(last.Value(src))
	if m == nil {
		return
	}
	id := []byte("^" + string(last.Value(src)[m[2]:m[3]]))
	lone := alone.Match(last.Value(src)) // "^id" is the whole line
	parent := para.Parent()
	if lone && lines.Len() == 1 {
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
	if lone {
		lines.SetSliced(0, lines.Len()-1)
		prev := lines.At(lines.Len() - 1)
		lines.Set(lines.Len()-1, prev.TrimRightSpace(src))
	} else {
		lines.Set(lines.Len()-1, last.WithStop(last.Start+m[0]))
	}
	if lone {
		// "^id" on a line of its own right under a quote or a table
		// (no blank line between) is read as their last line: it names
		// the quote, or the table the lines above make.
		if lazy := bytes.LastIndexByte(src[:last.Start], '\n')+1 == last.Start; lazy && parent.Kind() != ast.KindDocument {
			// Written at the start of its line, without the "> " or the
			// indent of what it follows: it names the whole block (the
			// callout, the list), as in Obsidian.
			top := parent
			for top.Parent() != nil && top.Parent().Kind() != ast.KindDocument {
				top = top.Parent()
			}
			top.SetAttributeString("id", id)
			return
		}
		prev, grand := para.PreviousSibling(), parent
		tables.Transform(para, reader, pc)
		next := grand.FirstChild()
		if prev != nil {
			next = prev.NextSibling()
		}
		if para.Parent() != nil {
			next = para.NextSibling()
		}
		if t, ok := next.(*east.Table); ok {
			t.SetAttributeString("id", id)
			return
		}
	}
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
	// Before GFM's tables (200), which read a "^id" line under a table
	// as one more row.
	m.Parser().AddOptions(parser.WithParagraphTransformers(util.Prioritized(transformer{}, 199)))
}
