package site

import (
	"bytes"
	stdhtml "html"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/util"
	"go.abhg.dev/goldmark/frontmatter"
)

// newMarkdown returns the goldmark instance of a build: GFM (tables,
// strikethrough, autolinks, task lists), footnotes, typographer, definition
// lists, YAML/TOML front matter, automatic heading IDs (and {#id}
// attributes), headings with a visible anchor link, and raw HTML only when
// unsafe is set. One instance serves every page, concurrently.
func newMarkdown(unsafe bool) goldmark.Markdown {
	ropts := []renderer.Option{
		renderer.WithNodeRenderers(util.Prioritized(nodeRenderer{}, 100), util.Prioritized(newTableWrapRenderer(), 100)),
	}
	if unsafe {
		ropts = append(ropts, html.WithUnsafe())
	}
	return goldmark.New(
		goldmark.WithExtensions(
			extension.GFM,
			extension.Footnote,
			extension.Typographer,
			extension.DefinitionList,
			&frontmatter.Extender{},
			calloutExtension{},
		),
		goldmark.WithParserOptions(
			parser.WithAutoHeadingID(),
			parser.WithHeadingAttribute(),
		),
		goldmark.WithRendererOptions(ropts...),
	)
}

// newOutlineParser returns a parser that finds the same blocks and heading
// ids as newMarkdown's but skips inline parsing (links, emphasis, ...).
// Loading uses it to learn every page's anchors before rendering checks
// links against them; heading ids depend only on the heading's raw text.
// (One known difference: it keeps headings inside footnotes that are never
// referenced, which the renderer drops.)
func newOutlineParser() parser.Parser {
	blocks := append(parser.DefaultBlockParsers(),
		util.Prioritized(&frontmatter.Parser{}, 0),
		util.Prioritized(extension.NewDefinitionListParser(), 101),
		util.Prioritized(extension.NewDefinitionDescriptionParser(), 102),
		util.Prioritized(extension.NewFootnoteBlockParser(), 999),
	)
	blocks = append(blocks, calloutBlockParsers()...)
	return parser.NewParser(
		parser.WithBlockParsers(blocks...),
		parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...),
		parser.WithAutoHeadingID(),
		parser.WithHeadingAttribute(),
	)
}

// kindHandledBlock is the AST kind of a fenced block replaced by a
// BlockHandler's output. Node kinds are registered once and never change.
var kindHandledBlock = ast.NewNodeKind("D6HandledBlock")

// handledBlock holds the trusted HTML a BlockHandler produced.
type handledBlock struct {
	ast.BaseBlock
	info string // the block's info word ("table")
	html string
}

// Kind implements ast.Node.
func (n *handledBlock) Kind() ast.NodeKind { return kindHandledBlock }

// Dump implements ast.Node.
func (n *handledBlock) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"html": n.html}, nil)
}

// nodeRenderer renders headings with a trailing anchor link and the
// output of block handlers.
type nodeRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (nodeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindHeading, renderHeading)
	reg.Register(kindHandledBlock, renderHandledBlock)
}

func renderHeading(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*ast.Heading)
	level := "0123456"[n.Level]
	if entering {
		_, _ = w.WriteString("<h")
		_ = w.WriteByte(level)
		if n.Attributes() != nil {
			html.RenderAttributes(w, node, html.HeadingAttributeFilter)
		}
		_ = w.WriteByte('>')
		return ast.WalkContinue, nil
	}
	if id, ok := n.AttributeString("id"); ok {
		if b, ok := id.([]byte); ok && len(b) > 0 {
			_, _ = w.WriteString(` <a class="anchor" href="#`)
			_, _ = w.Write(util.EscapeHTML(util.URLEscape(b, false)))
			_, _ = w.WriteString(`" aria-label="Link to this section">#</a>`)
		}
	}
	_, _ = w.WriteString("</h")
	_ = w.WriteByte(level)
	_, _ = w.WriteString(">\n")
	return ast.WalkContinue, nil
}

func renderHandledBlock(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		h := node.(*handledBlock).html
		_, _ = w.WriteString(h)
		if h != "" && h[len(h)-1] != '\n' {
			_ = w.WriteByte('\n')
		}
	}
	return ast.WalkSkipChildren, nil
}

// headingID returns the id attribute of a node, if it has one.
func headingID(n ast.Node) string {
	v, ok := n.AttributeString("id")
	if !ok {
		return ""
	}
	switch id := v.(type) {
	case []byte:
		return string(id)
	case string:
		return id
	}
	return ""
}

// plainText returns the text content of an inline subtree.
func plainText(n ast.Node, src []byte) string {
	var b bytes.Buffer
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch t := c.(type) {
		case *ast.Text:
			b.Write(t.Segment.Value(src))
			if t.SoftLineBreak() || t.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			if t.IsCode() || t.IsRaw() {
				b.WriteString(stdhtml.UnescapeString(string(t.Value)))
			} else {
				b.Write(t.Value)
			}
		case *ast.CodeSpan:
			for cc := t.FirstChild(); cc != nil; cc = cc.NextSibling() {
				if tt, ok := cc.(*ast.Text); ok {
					b.Write(tt.Segment.Value(src))
				}
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}
