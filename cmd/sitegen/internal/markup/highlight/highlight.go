// Package highlight is a goldmark extension for Obsidian's highlights:
// ==text== renders as <mark>text</mark>.
package highlight

import (
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Kind is the AST kind of a highlight.
var Kind = ast.NewNodeKind("Highlight")

// Node is highlighted text; its children are the text.
type Node struct{ ast.BaseInline }

// Kind implements ast.Node.
func (n *Node) Kind() ast.NodeKind { return Kind }

// Dump implements ast.Node.
func (n *Node) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }

type delimiter struct{}

func (delimiter) IsDelimiter(b byte) bool { return b == '=' }
func (delimiter) CanOpenCloser(opener, closer *parser.Delimiter) bool {
	return opener.Char == closer.Char
}
func (delimiter) OnMatch(int) ast.Node { return &Node{} }

type inlineParser struct{}

func (inlineParser) Trigger() []byte { return []byte{'='} }

func (inlineParser) Parse(_ ast.Node, block text.Reader, pc parser.Context) ast.Node {
	before := block.PrecendingCharacter()
	line, seg := block.PeekLine()
	d := parser.ScanDelimiter(line, before, 2, delimiter{})
	// Exactly two: "=" and "===" are text (a = b, setext-like rules).
	if d == nil || d.OriginalLength != 2 || before == '=' {
		return nil
	}
	d.Segment = seg.WithStop(seg.Start + d.OriginalLength)
	block.Advance(d.OriginalLength)
	pc.PushDelimiter(d)
	return d
}

func (inlineParser) CloseBlock(ast.Node, parser.Context) {}

type htmlRenderer struct{}

func (htmlRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(Kind, func(w util.BufWriter, _ []byte, _ ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			_, _ = w.WriteString("<mark>")
		} else {
			_, _ = w.WriteString("</mark>")
		}
		return ast.WalkContinue, nil
	})
}

// Extension adds highlights to a goldmark instance.
var Extension goldmark.Extender = extension{}

type extension struct{}

// Extend implements goldmark.Extender.
func (extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithInlineParsers(util.Prioritized(inlineParser{}, 500)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(htmlRenderer{}, 500)))
}
