// Package pymdown is a goldmark extension for the inline syntax of the
// pymdown-extensions caret and tilde, which MkDocs sites enable in
// markdown_extensions:
//
//   - pymdownx.caret (https://facelessuser.github.io/pymdown-extensions/extensions/caret/):
//     "To wrap content in an insert tag, simply surround the text with
//     double ^" (^^Insert me^^ is <ins>); "To denote a superscript, you
//     can surround the desired content in single ^. It uses Pandoc style
//     logic, so if your superscript needs to have spaces, you must escape
//     the spaces" (X^2^ is X<sup>2</sup>, text^a\ superscript^).
//   - pymdownx.tilde (https://facelessuser.github.io/pymdown-extensions/extensions/tilde/):
//     the same with ~: ~~Delete me~~ is <del>, CH~3~CH~2~OH is <sub>.
//
// Each has its options insert/superscript (delete/subscript): Extension's
// Double and Single say which forms are read. A form not read is text.
// The content may hold other inline syntax (^*CM*^ is a superscript in
// italics), as Python-Markdown parses it.
package pymdown

import (
	"bytes"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Kind is the AST kind of the nodes this package makes.
var Kind = ast.NewNodeKind("PymdownInline")

// Node is text wrapped in an HTML element (ins, sup, del, sub); its
// children are the text.
type Node struct {
	ast.BaseInline
	Tag string
}

// Kind implements ast.Node.
func (n *Node) Kind() ast.NodeKind { return Kind }

// Dump implements ast.Node.
func (n *Node) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Tag": n.Tag}, nil)
}

// Extension reads one delimiter character: Char doubled wraps its text
// in Double (unless ""), single in Single (unless "").
type Extension struct {
	Char           byte
	Double, Single string
}

// Caret is pymdownx.caret with its defaults: ^^ins^^ and ^sup^.
func Caret() Extension { return Extension{Char: '^', Double: "ins", Single: "sup"} }

// Tilde is pymdownx.tilde with its defaults: ~~del~~ and ~sub~.
func Tilde() Extension { return Extension{Char: '~', Double: "del", Single: "sub"} }

// Extend implements goldmark.Extender. Before goldmark's strikethrough
// (500), which also reads '~'.
func (e Extension) Extend(m goldmark.Markdown) {
	if e.Double == "" && e.Single == "" {
		return
	}
	m.Parser().AddOptions(parser.WithInlineParsers(util.Prioritized(inlineParser{e}, 450)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(htmlRenderer{}, 450)))
	if e.Single != "" {
		m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(spaces{e.Single}, 450)))
	}
}

// spaces makes an escaped space ("\ ") in a single form's text a space:
// pymdownx adds the space to the characters a backslash escapes.
type spaces struct{ tag string }

// Transform implements parser.ASTTransformer.
func (s spaces) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	src := reader.Source()
	var texts []*ast.Text
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if sn, ok := n.(*Node); ok && entering && sn.Tag == s.tag {
			_ = ast.Walk(sn, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
				if t, ok := c.(*ast.Text); ok && entering && bytes.Contains(t.Segment.Value(src), []byte(`\ `)) {
					texts = append(texts, t)
				}
				return ast.WalkContinue, nil
			})
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	for _, t := range texts {
		str := ast.NewString(bytes.ReplaceAll(t.Segment.Value(src), []byte(`\ `), []byte(" ")))
		t.Parent().ReplaceChild(t.Parent(), t, str)
	}
}

type delimiter struct{ e Extension }

func (d delimiter) IsDelimiter(b byte) bool { return b == d.e.Char }

func (d delimiter) CanOpenCloser(opener, closer *parser.Delimiter) bool {
	return opener.Char == closer.Char
}

func (d delimiter) OnMatch(consumes int) ast.Node {
	if consumes == 2 {
		return &Node{Tag: d.e.Double}
	}
	return &Node{Tag: d.e.Single}
}

type inlineParser struct{ e Extension }

func (p inlineParser) Trigger() []byte { return []byte{p.e.Char} }

// Parse reads a run of the character. It opens when text follows it
// (and, single, when the text reaches another of the character before
// any unescaped space: Pandoc's rule); it closes when text precedes it.
func (p inlineParser) Parse(_ ast.Node, block text.Reader, pc parser.Context) ast.Node {
	before := block.PrecendingCharacter()
	line, seg := block.PeekLine()
	d := parser.ScanDelimiter(line, before, 1, delimiter{p.e})
	if d == nil {
		return nil
	}
	n := d.OriginalLength
	if n == 1 && p.e.Single == "" || n == 2 && p.e.Double == "" || n > 3 {
		return nil // a form the site does not read, or a rule (^^^^): text
	}
	after := byte(' ')
	if n < len(line) {
		after = line[n]
	}
	d.CanOpen = !isSpace(after) && (n > 1 || p.singleCloses(line[n:]))
	d.CanClose = before != ' ' && before != '\t' && before != '\n' && before != 0
	if !d.CanOpen && !d.CanClose {
		return nil
	}
	d.Segment = seg.WithStop(seg.Start + n)
	block.Advance(n)
	pc.PushDelimiter(d)
	return d
}

// singleCloses says whether rest (what follows a single delimiter)
// reaches the next one before an unescaped space or the line's end.
func (p inlineParser) singleCloses(rest []byte) bool {
	for i := 0; i < len(rest); i++ {
		switch c := rest[i]; {
		case c == '\\' && i+1 < len(rest):
			i++
		case c == p.e.Char:
			return i > 0
		case isSpace(c):
			return false
		}
	}
	return false
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func (inlineParser) CloseBlock(ast.Node, parser.Context) {}

type htmlRenderer struct{}

func (htmlRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(Kind, func(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		tag := node.(*Node).Tag
		if entering {
			_, _ = w.WriteString("<" + tag + ">")
		} else {
			_, _ = w.WriteString("</" + tag + ">")
		}
		return ast.WalkContinue, nil
	})
}
