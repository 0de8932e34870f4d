package markup

import (
	"bytes"

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
	return wrapParser(list, extension.NewDefinitionDescriptionParser(), func(p parser.BlockParser) parser.BlockParser { return termIDs{p} })
}

// wrapParser returns a copy of the block parsers list with the parser
// target (one of goldmark's, which its constructors return as a single
// value) replaced by wrap of it.
func wrapParser(list []util.PrioritizedValue, target parser.BlockParser, wrap func(parser.BlockParser) parser.BlockParser) []util.PrioritizedValue {
	out := make([]util.PrioritizedValue, len(list))
	copy(out, list)
	for i, v := range out {
		if v.Value == target {
			out[i].Value = wrap(target)
		}
	}
	return out
}

// lazyDefinitions wraps goldmark's definition list parser with
// Python-Markdown's rule for a definition whose ":" line is empty
// (Dialects.LazyDefinitions): the lines that follow it up to a blank
// line are its text, unindented ("lazy") as they may be, where goldmark
// ends the list. Python-Markdown 3.4's def_list (MkDocs 1.4, measured):
// "Term\n:   \nText." is <dd><p>Text.</p></dd>, and the indented blocks
// after a blank line join that definition; "Term\n:   \n\nText." leaves
// the definition empty and Text. a paragraph after the list
// (https://python-markdown.github.io/extensions/definition_lists/).
type lazyDefinitions struct{ parser.BlockParser }

// Continue implements parser.BlockParser.
func (l lazyDefinitions) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	line, seg := reader.PeekLine()
	blank := util.IsBlank(line)
	st := l.BlockParser.Continue(node, reader, pc)
	dd, isDD := node.LastChild().(*extast.DefinitionDescription)
	if st&parser.Close == 0 {
		// An indented block after a blank line joins the definition:
		// its paragraphs are <p> (looseDescriptions).
		if blank {
			pc.Set(blankInList, node)
		} else if isDD && dd.HasChildren() && pc.Get(blankInList) == node {
			loose, _ := pc.Get(looseDefs).(map[ast.Node]bool)
			if loose == nil {
				loose = map[ast.Node]bool{}
				pc.Set(looseDefs, loose)
			}
			loose[dd] = true
		}
		if !blank {
			pc.Set(blankInList, nil)
		}
		return st
	}
	if !isDD || dd.HasChildren() || blank {
		return st
	}
	// The line before this one is the ":" line itself: no blank line
	// between.
	src := reader.Source()
	start := bytes.LastIndexByte(src[:seg.Start], '\n')
	if start < 0 {
		return st
	}
	prevStart := bytes.LastIndexByte(src[:start], '\n') + 1
	if prev := bytes.TrimLeft(src[prevStart:start], " \t"); len(prev) == 0 || prev[0] != ':' {
		return st
	}
	return parser.Continue | parser.HasChildren
}

// Context keys of lazyDefinitions: the list a blank line was last seen
// in, and the definitions a blank line splits.
var (
	blankInList = parser.NewContextKey()
	looseDefs   = parser.NewContextKey()
)

// looseDescriptions wraps goldmark's definition description parser with
// Python-Markdown's paragraphs: a definition that a blank line splits into
// blocks shows each paragraph as one (<p>), its first included, as
// Python-Markdown 3.4 wraps a definition's text in <p> when an indented
// block joins it; goldmark leaves the first bare unless a blank line
// precedes the ":".
type looseDescriptions struct{ parser.BlockParser }

// Close implements parser.BlockParser.
func (l looseDescriptions) Close(node ast.Node, reader text.Reader, pc parser.Context) {
	if loose, _ := pc.Get(looseDefs).(map[ast.Node]bool); loose[node] {
		node.(*extast.DefinitionDescription).IsTight = false
		return // the base would make the paragraphs bare text
	}
	l.BlockParser.Close(node, reader, pc)
}

// withLazyDefinitions returns the block parsers with the definition list
// parser wrapped in lazyDefinitions and the description parser in
// looseDescriptions.
func withLazyDefinitions(list []util.PrioritizedValue) []util.PrioritizedValue {
	list = wrapParser(list, extension.NewDefinitionListParser(), func(p parser.BlockParser) parser.BlockParser { return lazyDefinitions{p} })
	return wrapParser(list, extension.NewDefinitionDescriptionParser(), func(p parser.BlockParser) parser.BlockParser { return looseDescriptions{p} })
}
