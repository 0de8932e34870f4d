package markup

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Definition terms with ids (Dialects.TermIDs): mdBook gives each term
// of a definition list an id as it gives a heading one ("Terms are
// clickable just like headers",
// https://rust-lang.github.io/mdBook/format/markdown.html#definition-lists),
// and its books link to them (glossary.md#scoop). The id is made when the
// term is, by the block parser, so that loading a page (Outline) knows it
// as rendering does; it comes from the ids of the page's headings, so the
// two never clash.

// termIDs wraps goldmark's definition description parser, which turns the
// paragraph above a ": description" line into the list's terms.
type termIDs struct{ parser.BlockParser }

// Open implements parser.BlockParser: the terms it made get their ids.
func (t termIDs) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	n, st := t.BlockParser.Open(parent, reader, pc)
	if n == nil {
		return n, st
	}
	src := reader.Source()
	for c := parent.FirstChild(); c != nil; c = c.NextSibling() {
		term, ok := c.(*extast.DefinitionTerm)
		if !ok || term.Lines().Len() == 0 {
			continue
		}
		if _, has := term.AttributeString("id"); has {
			continue
		}
		var txt []byte
		for i := range term.Lines().Len() {
			seg := term.Lines().At(i)
			txt = append(txt, seg.Value(src)...)
		}
		term.SetAttributeString("id", pc.IDs().Generate(util.TrimRightSpace(txt), extast.KindDefinitionTerm))
	}
	return n, st
}

// withTermIDs returns the block parsers with the definition description
// parser wrapped in termIDs.
func withTermIDs(list []util.PrioritizedValue) []util.PrioritizedValue {
	out := make([]util.PrioritizedValue, len(list))
	copy(out, list)
	for i, v := range out {
		if v.Value == extension.NewDefinitionDescriptionParser() {
			out[i].Value = termIDs{v.Value.(parser.BlockParser)}
		}
	}
	return out
}
