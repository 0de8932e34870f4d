package markup

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"
)

// tableWrapRenderer renders GFM tables inside <div class="table-wrap">,
// the box that scrolls sideways on narrow screens, so the table itself
// keeps its table semantics. The table markup is GFM's own.
type tableWrapRenderer struct {
	table renderer.NodeRendererFunc
}

// newTableWrapRenderer wraps goldmark's GFM table renderer.
func newTableWrapRenderer() *tableWrapRenderer {
	var c funcCapture
	extension.NewTableHTMLRenderer().RegisterFuncs(&c)
	return &tableWrapRenderer{table: c[east.KindTable]}
}

// funcCapture records the render functions a renderer registers.
type funcCapture map[ast.NodeKind]renderer.NodeRendererFunc

// Register implements renderer.NodeRendererFuncRegisterer.
func (c *funcCapture) Register(k ast.NodeKind, f renderer.NodeRendererFunc) {
	if *c == nil {
		*c = funcCapture{}
	}
	(*c)[k] = f
}

// RegisterFuncs implements renderer.NodeRenderer.
func (r *tableWrapRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(east.KindTable, r.renderTable)
}

func (r *tableWrapRenderer) renderTable(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		_, _ = w.WriteString(`<div class="table-wrap">` + "\n")
		return r.table(w, src, n, entering)
	}
	st, err := r.table(w, src, n, entering)
	_, _ = w.WriteString("</div>\n")
	return st, err
}
