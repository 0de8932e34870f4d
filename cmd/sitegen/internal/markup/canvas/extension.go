package canvas

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"math"
	"strconv"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// On, set in a parser context, reads the page's marker lines as a board:
// it is set for a canvas page only, so a note's text is never read so.
var On = parser.NewContextKey()

// Extension adds the canvas marker lines (Markdown's output) to a
// goldmark instance, and their renderer.
type Extension struct {
	// Found is called once a page's board opens (to load the canvas
	// stylesheet); nil: nothing.
	Found func(pc parser.Context)
}

// Extend implements goldmark.Extender.
func (e Extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithBlockParsers(util.Prioritized(&blockParser{found: e.Found}, 94)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(nodeRenderer{}, 100)))
}

// KindBoard and KindBox are the AST kinds of a board and of a node on it.
var (
	KindBoard = ast.NewNodeKind("CanvasBoard")
	KindBox   = ast.NewNodeKind("CanvasNode")
)

// Board is a canvas's board; its children are Boxes.
type Board struct {
	ast.BaseBlock
	Data BoardData
}

// Kind implements ast.Node.
func (n *Board) Kind() ast.NodeKind { return KindBoard }

// Dump implements ast.Node.
func (n *Board) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"W": fmt.Sprint(n.Data.W), "H": fmt.Sprint(n.Data.H)}, nil)
}

// Box is a node of a board; its children are its content.
type Box struct {
	ast.BaseBlock
	Data BoxData
}

// Kind implements ast.Node.
func (n *Box) Kind() ast.NodeKind { return KindBox }

// Dump implements ast.Node.
func (n *Box) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"ID": n.Data.ID, "Type": n.Data.Type}, nil)
}

type blockParser struct{ found func(parser.Context) }

func (p *blockParser) Trigger() []byte { return []byte{':'} }

// marker returns the line's marker and payload (nil for a closing line).
func marker(line []byte) (head string, payload []byte) {
	line = util.TrimRightSpace(line)
	for _, h := range []string{boardClose, boxClose} {
		if string(line) == h {
			return h, nil
		}
	}
	for _, h := range []string{boardOpen, boxOpen} {
		if rest, ok := bytes.CutPrefix(line, []byte(h)); ok {
			return h, rest
		}
	}
	return "", nil
}

func (p *blockParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	if pc.Get(On) == nil {
		return nil, parser.NoChildren
	}
	line, _ := reader.PeekLine()
	if _, pos := reader.Position(); pos.Padding != 0 || len(line) == 0 || line[0] != ':' {
		return nil, parser.NoChildren
	}
	head, payload := marker(line)
	switch head {
	case boardOpen:
		if _, inBoard := parent.(*Board); inBoard || ast.IsParagraph(parent) {
			return nil, parser.NoChildren
		}
		b := &Board{}
		if json.Unmarshal(payload, &b.Data) != nil || !b.Data.valid() {
			return nil, parser.NoChildren
		}
		reader.Advance(len(line) - 1)
		if p.found != nil {
			p.found(pc)
		}
		return b, parser.HasChildren
	case boxOpen:
		if _, inBoard := parent.(*Board); !inBoard {
			return nil, parser.NoChildren
		}
		b := &Box{}
		if json.Unmarshal(payload, &b.Data) != nil || !b.Data.valid() {
			return nil, parser.NoChildren
		}
		reader.Advance(len(line) - 1)
		return b, parser.HasChildren
	}
	return nil, parser.NoChildren
}

func (p *blockParser) Continue(node ast.Node, reader text.Reader, _ parser.Context) parser.State {
	line, _ := reader.PeekLine()
	head, _ := marker(line)
	switch node.(type) {
	case *Board:
		if head == boardClose {
			reader.Advance(len(line) - 1)
			return parser.Close
		}
	case *Box:
		if head == boxClose || head == boardClose || head == boxOpen {
			if head == boxClose {
				reader.Advance(len(line) - 1)
			}
			return parser.Close
		}
	}
	return parser.Continue | parser.HasChildren
}

func (p *blockParser) Close(ast.Node, text.Reader, parser.Context) {}
func (p *blockParser) CanInterruptParagraph() bool                 { return true }
func (p *blockParser) CanAcceptIndentedLine() bool                 { return false }

// valid reports whether a board's numbers are drawable (a marker line
// may be written by hand).
func (d *BoardData) valid() bool {
	if !inRange(d.W, 1, MaxBoard+2*pad) || !inRange(d.H, 1, MaxBoard+2*pad) || len(d.Edges) > MaxEdges {
		return false
	}
	for _, e := range d.Edges {
		for _, v := range []float64{e.X1, e.Y1, e.C1X, e.C1Y, e.C2X, e.C2Y, e.X2, e.Y2, e.LX, e.LY} {
			if !inRange(v, -2*MaxBoard, 2*MaxBoard) {
				return false
			}
		}
	}
	return true
}

// valid reports whether a node's numbers are drawable.
func (d *BoxData) valid() bool {
	switch d.Type {
	case "text", "file", "link", "group":
	default:
		return false
	}
	return inRange(d.X, 0, MaxBoard+2*pad) && inRange(d.Y, 0, MaxBoard+2*pad) && inRange(d.W, 0, MaxSize) && inRange(d.H, 0, MaxSize)
}

func inRange(v, lo, hi float64) bool { return finite(v) && v >= lo && v <= hi }

type nodeRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (nodeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindBoard, renderBoard)
	reg.Register(KindBox, renderBox)
}

// num formats a checked number for an attribute or a style.
func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// frac is v/of to 5 decimals.
func frac(v, of float64) string { return num(math.Round(v/of*1e5) / 1e5) }

// renderBoard writes the board: a scrolling frame, the board sized by its
// width and height (--w, --h, and --fs the font size that is 16 pixels
// at full size, in cqw of the board), the edges' SVG layer, then the
// nodes.
func renderBoard(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	b := node.(*Board)
	if !entering {
		_, _ = w.WriteString("</div></div>\n")
		return ast.WalkContinue, nil
	}
	d := b.Data
	fmt.Fprintf(w, `<div class="cv-scroll"><div class="cv-board" role="figure" aria-label="Canvas" style="--w:%s;--h:%s;--fs:%s">`,
		num(d.W), num(d.H), num(math.Round(1600/d.W*1e4)/1e4))
	fmt.Fprintf(w, `<svg class="cv-edges" viewBox="0 0 %s %s" preserveAspectRatio="none" aria-hidden="true">`, num(d.W), num(d.H))
	for _, e := range d.Edges {
		style := ""
		if c := Color(e.Color); c != "" {
			style = ` style="--c:` + c + `"`
		}
		fmt.Fprintf(w, `<g class="cv-edge"%s><path d="M%s %sC%s %s,%s %s,%s %s"/>`, style,
			num(e.X1), num(e.Y1), num(e.C1X), num(e.C1Y), num(e.C2X), num(e.C2Y), num(e.X2), num(e.Y2))
		if e.ToArrow {
			arrow(w, e.X2, e.Y2, e.C2X, e.C2Y)
		}
		if e.FromArrow {
			arrow(w, e.X1, e.Y1, e.C1X, e.C1Y)
		}
		if e.Label != "" {
			fmt.Fprintf(w, `<text x="%s" y="%s">%s</text>`, num(e.LX), num(e.LY), html.EscapeString(e.Label))
		}
		_, _ = w.WriteString("</g>")
	}
	_, _ = w.WriteString("</svg>\n")
	return ast.WalkContinue, nil
}

// arrow writes an arrowhead at x, y pointing away from the control point
// cx, cy.
func arrow(w util.BufWriter, x, y, cx, cy float64) {
	dx, dy := x-cx, y-cy
	l := math.Hypot(dx, dy)
	if l == 0 {
		dx, dy, l = 0, 1, 1
	}
	dx, dy = dx/l, dy/l
	const size, half = 14, 6
	bx, by := x-dx*size, y-dy*size
	r := func(f float64) string { return num(math.Round(f*10) / 10) }
	fmt.Fprintf(w, `<polygon points="%s,%s %s,%s %s,%s"/>`, r(x), r(y), r(bx-dy*half), r(by+dx*half), r(bx+dy*half), r(by-dx*half))
}

// renderBox writes a node: its place as fractions of the board (--x, --y,
// --nw, --nh), its colour (--c), a group's label; its content inside.
func renderBox(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	b := node.(*Box)
	if !entering {
		_, _ = w.WriteString("</div>\n")
		return ast.WalkContinue, nil
	}
	board, ok := b.Parent().(*Board)
	if !ok {
		return ast.WalkSkipChildren, nil
	}
	d, bw, bh := b.Data, board.Data.W, board.Data.H
	color := ""
	if c := Color(d.Color); c != "" {
		color = ";--c:" + c
	}
	fmt.Fprintf(w, `<div class="cv-node cv-%s" data-id="%s" style="--x:%s;--y:%s;--nw:%s;--nh:%s%s">`,
		d.Type, html.EscapeString(d.ID), frac(d.X, bw), frac(d.Y, bh), frac(d.W, bw), frac(d.H, bh), color)
	if d.Type == "group" && d.Label != "" {
		fmt.Fprintf(w, `<div class="cv-label">%s</div>`, html.EscapeString(d.Label))
	}
	_, _ = w.WriteString("\n")
	return ast.WalkContinue, nil
}
