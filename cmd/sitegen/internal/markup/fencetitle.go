package markup

import (
	"regexp"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// fenceTitle finds a fence's title in its meta (what follows the
// language word): title="…", title='…' or title=word, as Expressive
// Code's meta options are written.
var fenceTitle = regexp.MustCompile(`(?:^|\s)title=(?:"([^"]*)"|'([^']*)'|([^\s"'{]\S*))`)

// frameNone finds frame="none" in a fence's meta: Expressive Code then
// shows no title.
var frameNone = regexp.MustCompile(`(?:^|\s)frame=(?:"none"|'none'|none(?:\s|$))`)

// kindCodeFigure is the AST kind of a fenced code block under its title.
var kindCodeFigure = ast.NewNodeKind("CodeFigure")

// codeFigure holds one fenced code block shown under its title, as
// <Code title> is (mdx.CodeBlock).
type codeFigure struct {
	ast.BaseBlock
	title string
}

// Kind implements ast.Node.
func (n *codeFigure) Kind() ast.NodeKind { return kindCodeFigure }

// Dump implements ast.Node.
func (n *codeFigure) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Title": n.title}, nil)
}

// fenceTitles shows the title a fenced code block's meta gives it
// (Dialects.FenceTitles: Starlight's Expressive Code frames) as the
// caption of a figure around the block, unless its meta says
// frame="none".
type fenceTitles struct{}

// Extend implements goldmark.Extender.
func (fenceTitles) Extend(md goldmark.Markdown) {
	md.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(fenceTitles{}, 1009)))
	md.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(fenceTitles{}, 100)))
}

// Transform implements parser.ASTTransformer.
func (fenceTitles) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	src := reader.Source()
	var fences []*ast.FencedCodeBlock
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if f, ok := n.(*ast.FencedCodeBlock); ok && entering {
			if f.Info != nil {
				fences = append(fences, f)
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	for _, f := range fences {
		info := f.Info.Segment.Value(src)
		m := fenceTitle.FindSubmatch(info)
		if m == nil || frameNone.Match(info) {
			continue
		}
		title := string(m[1]) + string(m[2]) + string(m[3])
		if title == "" {
			continue
		}
		fig := &codeFigure{title: title}
		parent := f.Parent()
		parent.ReplaceChild(parent, f, fig)
		fig.AppendChild(fig, f)
	}
}

// RegisterFuncs implements renderer.NodeRenderer.
func (fenceTitles) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(kindCodeFigure, func(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			_, _ = w.WriteString("</figure>\n")
			return ast.WalkContinue, nil
		}
		_, _ = w.WriteString(`<figure class="code-block"><figcaption>`)
		_, _ = w.Write(util.EscapeHTML([]byte(n.(*codeFigure).title)))
		_, _ = w.WriteString("</figcaption>")
		return ast.WalkContinue, nil
	})
}
