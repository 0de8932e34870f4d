// Package comment is a goldmark extension for Obsidian's comments, which
// are not shown: %%inline%% within a line, and blocks that open with a
// line starting "%%" and end at the next line ending "%%" (or the end of
// the page):
//
//	%%
//	A note to the editor, over several lines.
//	%%
package comment

import (
	"bytes"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Kind is the AST kind of a comment (block or inline); it renders as
// nothing.
var Kind = ast.NewNodeKind("ObsidianComment")

// Block is a comment block.
type Block struct {
	ast.BaseBlock
	closed bool
}

// Kind implements ast.Node.
func (n *Block) Kind() ast.NodeKind { return Kind }

// Dump implements ast.Node.
func (n *Block) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }

// Inline is an inline comment.
type Inline struct{ ast.BaseInline }

// Kind implements ast.Node.
func (n *Inline) Kind() ast.NodeKind { return Kind }

// Dump implements ast.Node.
func (n *Inline) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }

var marker = []byte("%%")

type blockParser struct{}

func (blockParser) Trigger() []byte { return []byte{'%'} }

func (blockParser) Open(_ ast.Node, reader text.Reader, _ parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	l := util.TrimRightSpace(util.TrimLeftSpace(line))
	if !bytes.HasPrefix(l, marker) {
		return nil, parser.NoChildren
	}
	rest := l[2:]
	closed := false
	if i := bytes.Index(rest, marker); i >= 0 {
		if i+2 != len(rest) {
			return nil, parser.NoChildren // "%%x%% text": an inline comment in a paragraph
		}
		closed = true
	}
	reader.Advance(seg.Len() - 1)
	return &Block{closed: closed}, parser.NoChildren
}

func (blockParser) Continue(node ast.Node, reader text.Reader, _ parser.Context) parser.State {
	b := node.(*Block)
	if b.closed {
		return parser.Close
	}
	line, seg := reader.PeekLine()
	if bytes.HasSuffix(util.TrimRightSpace(line), marker) {
		b.closed = true
	}
	reader.Advance(seg.Len() - 1)
	return parser.Continue | parser.NoChildren
}

func (blockParser) Close(ast.Node, text.Reader, parser.Context) {}
func (blockParser) CanInterruptParagraph() bool                 { return true }
func (blockParser) CanAcceptIndentedLine() bool                 { return false }

type inlineParser struct{}

func (inlineParser) Trigger() []byte { return []byte{'%'} }

func (inlineParser) Parse(_ ast.Node, block text.Reader, _ parser.Context) ast.Node {
	line, _ := block.PeekLine()
	if !bytes.HasPrefix(line, marker) {
		return nil
	}
	end := bytes.Index(line[2:], marker)
	if end < 0 {
		return nil
	}
	block.Advance(end + 4)
	return &Inline{}
}

type htmlRenderer struct{}

func (htmlRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(Kind, func(util.BufWriter, []byte, ast.Node, bool) (ast.WalkStatus, error) {
		return ast.WalkSkipChildren, nil
	})
}

// Extension adds comments to a goldmark instance.
var Extension goldmark.Extender = extension{}

type extension struct{}

// Extend implements goldmark.Extender.
func (extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(
		parser.WithBlockParsers(util.Prioritized(blockParser{}, 90)),
		parser.WithInlineParsers(util.Prioritized(inlineParser{}, 90)),
	)
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(htmlRenderer{}, 100)))
}
