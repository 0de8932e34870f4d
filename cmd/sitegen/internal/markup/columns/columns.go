// Package columns is a goldmark extension for the Columns plugin of
// Obsidian (obsidian-columns, https://github.com/tnichols217/obsidian-columns):
// a fenced block whose language is col lays out its content side by side,
// and a ```col-md block inside it is one column of Markdown.
//
//	````col
//	```col-md
//	flexGrow=2
//	===
//	# Notable Locations
//	```
//	```col-md
//	# Stores
//	```
//	````
//
// The plugin's rules, as its main.js (1.6.1) reads a block (each quoted
// in columns_test.go):
//
//   - a block's settings are the lines before a line "===", where no line
//     before it holds a backtick; they are "key=value" pairs, one a line
//     or several split by ";" (flexGrow, textAlign, border...);
//   - in a ```col block, each block of its Markdown (a paragraph, a list,
//     a ```col-md block) is a column; a line that starts with "===",
//     outside a nested code block, starts a new row of columns;
//   - a ```col-md block is one column: its flexGrow=N makes it grow N
//     times as much as the others, from a width of N times the minimum
//     width (the plugin's wrapSize setting, 100 px); the other columns
//     take the defaultSpan setting (1);
//   - the callout form: a callout of type col lays out its content as
//     columns, a callout of type col-md (col-md-2, col-md-0.5...) inside
//     it being one column of that span (the plugin's styles.css).
//
// sitegen draws rows as flex boxes (static/css/columns.css, loaded only on
// pages that have columns) that wrap at each column's minimum width, as the
// plugin does, and stack their columns on a narrow screen and in print,
// where side-by-side text would be too narrow to read. A col-md block's
// height setting (a scrolling box) is not applied: the page shows all of
// a column, and prints it.
package columns

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"d6codex/cmd/sitegen/internal/markup/callout"
)

// Style is the logical path of the stylesheet of a page with columns.
const Style = "css/columns.css"

// The plugin's settings' defaults (its data.json: wrapSize, defaultSpan).
const (
	DefaultWrapSize = 100
	DefaultSpan     = 1
)

// Node kinds.
var (
	KindSet    = ast.NewNodeKind("ColumnSet")
	KindRow    = ast.NewNodeKind("ColumnRow")
	KindColumn = ast.NewNodeKind("Column")
	kindBreak  = ast.NewNodeKind("ColumnBreak")
)

// Set is a ```col block: its children are its rows.
type Set struct {
	ast.BaseBlock
	rowStyle string // the block's textAlign and borders, for each row
}

// Kind implements ast.Node.
func (n *Set) Kind() ast.NodeKind { return KindSet }

// Dump implements ast.Node.
func (n *Set) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }

// Row is a row of columns, side by side; its children are Columns.
type Row struct {
	ast.BaseBlock
	// Style is the row's CSS (textAlign, borders), "" for none.
	Style string
	// Simple draws the row as Simple Columns does: padded columns in a
	// border (markup/simplecolumns).
	Simple bool
}

// Kind implements ast.Node.
func (n *Row) Kind() ast.NodeKind { return KindRow }

// Dump implements ast.Node.
func (n *Row) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"style": n.Style}, nil)
}

// Column is one column; its children are its Markdown.
type Column struct {
	ast.BaseBlock
	// Style is the column's CSS (its width and growth, textAlign,
	// borders), "" for the stylesheet's default.
	Style string
	grows bool // a ```col-md block with its own flexGrow
}

// Kind implements ast.Node.
func (n *Column) Kind() ast.NodeKind { return KindColumn }

// Dump implements ast.Node.
func (n *Column) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"style": n.Style}, nil)
}

// rowBreak is a "===" line of a ```col block: a new row starts.
type rowBreak struct{ ast.BaseBlock }

func (n *rowBreak) Kind() ast.NodeKind { return kindBreak }
func (n *rowBreak) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, nil, nil)
}

// Settings reads a block's settings (the plugin's H): "key=value" pairs,
// split at line ends and ";", each trimmed.
func Settings(s string) map[string]string {
	m := map[string]string{}
	for _, line := range strings.Split(s, "\n") {
		for _, kv := range strings.Split(line, ";") {
			k, v, _ := strings.Cut(kv, "=")
			if k = strings.TrimSpace(k); k != "" {
				m[k] = strings.TrimSpace(v)
			}
		}
	}
	return m
}

// parseFloat reads the number a string starts with, as JavaScript's
// parseFloat does ("2px" is 2); ok is false when there is none.
func parseFloat(s string) (float64, bool) {
	m := leadingNumber.FindString(strings.TrimSpace(s))
	f, err := strconv.ParseFloat(m, 64)
	return f, err == nil
}

var leadingNumber = regexp.MustCompile(`^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?`)

// safeValue is a CSS value that can be written in a style attribute as it
// is: no quote, semicolon, brace or backslash.
var safeValue = regexp.MustCompile(`^[#a-zA-Z0-9(),.% -]+$`)

// size is the plugin's parseBorderSizeInput: a number is pixels.
func size(v, def string) string {
	if v == "" {
		return def
	}
	if _, err := strconv.ParseFloat(v, 64); err == nil {
		return v + "px"
	}
	if safeValue.MatchString(v) {
		return v
	}
	return def
}

// word is a keyword value (a border style).
var word = regexp.MustCompile(`^[a-z]+$`)

var aligns = map[string]bool{"left": true, "right": true, "center": true, "justify": true, "start": true, "end": true}

// boxStyle is the CSS of a block's textAlign and border settings (the
// plugin's applyPotentialBorderStyling: any border setting draws a
// border, white, solid and 1 px unless set).
func boxStyle(m map[string]string) string {
	var b strings.Builder
	if a := strings.ToLower(m["textAlign"]); aligns[a] {
		b.WriteString("text-align:" + a + ";")
	}
	_, c := m["borderColor"]
	_, s := m["borderStyle"]
	_, w := m["borderWidth"]
	_, r := m["borderRadius"]
	_, p := m["borderPadding"]
	if c || s || w || r || p {
		color := "white"
		if v := m["borderColor"]; v != "" && safeValue.MatchString(v) {
			color = v
		}
		style := "solid"
		if v := strings.ToLower(m["borderStyle"]); v != "" && word.MatchString(v) {
			style = v
		}
		fmt.Fprintf(&b, "border:%s %s %s;border-radius:%s;padding:%s;", size(m["borderWidth"], "1px"), style, color,
			size(m["borderRadius"], "0"), size(m["borderPadding"], "0"))
	}
	return b.String()
}

// number formats a CSS number.
func number(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// Extension adds the plugin's ```col and ```col-md blocks and its col
// callouts to a goldmark instance that renders callouts
// (callout.Extension). WrapSize and Span are the plugin's settings (0:
// its defaults); Found is called when a page's first columns open (to
// load the stylesheet).
type Extension struct {
	WrapSize, Span float64
	Found          func(pc parser.Context)
}

func (e Extension) wrap() float64 {
	if e.WrapSize > 0 {
		return e.WrapSize
	}
	return DefaultWrapSize
}

func (e Extension) span() float64 {
	if e.Span > 0 {
		return e.Span
	}
	return DefaultSpan
}

// columnStyle is the CSS of a column that spans span (the plugin's
// generateCssString: flex-grow span, flex-basis span × wrapSize px); ""
// where it is the stylesheet's default.
func (e Extension) columnStyle(span float64) string {
	if span == 1 && e.wrap() == DefaultWrapSize {
		return ""
	}
	return "flex-grow:" + number(span) + ";flex-basis:" + number(span*e.wrap()) + "px;"
}

// found tells the page it has columns.
func (e Extension) found(pc parser.Context) {
	if e.Found != nil {
		e.Found(pc)
	}
}

// Extend implements goldmark.Extender. The block parser comes before
// goldmark's fenced code blocks (700), which take every other fence; the
// row separator before setext headings (100), whose underline it is too;
// the callout transformer after callout's (100).
func (e Extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(
		parser.WithBlockParsers(util.Prioritized(blockParser{e}, 688), util.Prioritized(breakParser{}, 2)),
		parser.WithASTTransformers(util.Prioritized(calloutTransformer{e}, 110)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(Renderer{}, 100)))
}

// stateKey holds, in a parse's parser.Context, the open blocks.
var stateKey = parser.NewContextKey()

type block struct {
	fence    byte
	length   int
	indent   int
	settings int // lines of settings left to skip, the "===" line with them
	set      *Set
}

type open struct {
	blocks map[ast.Node]*block
	sets   []*Set // open ```col blocks, innermost last
}

func states(pc parser.Context) *open {
	o, _ := pc.Get(stateKey).(*open)
	if o == nil {
		o = &open{blocks: map[ast.Node]*block{}}
		pc.Set(stateKey, o)
	}
	return o
}

// blockParser parses ```col and ```col-md blocks.
type blockParser struct{ e Extension }

// Trigger implements parser.BlockParser.
func (blockParser) Trigger() []byte { return []byte{'`', '~'} }

// Open implements parser.BlockParser: a fence whose language is col or
// col-md (the names the plugin registers).
func (p blockParser) Open(_ ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	pos := pc.BlockOffset()
	c, i, ok := callout.OpenFence(line, pos)
	if !ok {
		return nil, parser.NoChildren
	}
	info := string(bytes.TrimSpace(line[i:]))
	if info != "col" && info != "col-md" {
		return nil, parser.NoChildren
	}
	st := &block{fence: c, length: i - pos, indent: pos}
	settings, n := readSettings(reader.Source(), seg, st)
	st.settings = n
	m := Settings(settings)
	var node ast.Node
	if info == "col" {
		set := &Set{}
		st.set = set
		states(pc).sets = append(states(pc).sets, set)
		node = set
		set.rowStyle = boxStyle(m)
	} else {
		col := &Column{Style: boxStyle(m)}
		if g, ok := parseFloat(m["flexGrow"]); ok && m["flexGrow"] != "" {
			// The plugin's col-md: flexGrow and flexBasis, no width.
			col.Style = "flex-grow:" + number(g) + ";flex-basis:" + number(g*p.e.wrap()) + "px;" + col.Style
			col.grows = true
		}
		node = col
	}
	states(pc).blocks[node] = st
	p.e.found(pc)
	reader.Advance(seg.Len() - 1)
	return node, parser.HasChildren
}

// readSettings returns a block's settings and how many lines they take
// with their "===" line (the plugin's B: the lines before a line "===",
// if no line before it holds a backtick). Lines are read from the source,
// less the marks of the containers the fence is in ("> ") where they
// repeat them.
func readSettings(src []byte, seg text.Segment, st *block) (string, int) {
	start := bytes.LastIndexByte(src[:seg.Start], '\n') + 1
	prefix := src[start:seg.Start]
	rest := src[min(seg.Stop, len(src)):]
	var lines []string
	for len(rest) > 0 {
		line, next, _ := bytes.Cut(rest, []byte("\n"))
		rest = next
		line = bytes.TrimSuffix(bytes.TrimPrefix(line, prefix), []byte("\r"))
		if callout.ClosingFence(line, 0, st.fence, st.length) || bytes.ContainsRune(line, '`') {
			return "", 0
		}
		if string(line) == "===" {
			return strings.Join(lines, "\n"), len(lines) + 1
		}
		lines = append(lines, string(line))
	}
	return "", 0
}

// Continue implements parser.BlockParser: the closing fence ends the
// block; its settings are read no further.
func (blockParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	st := states(pc).blocks[node]
	if st == nil {
		return parser.Close
	}
	if callout.ContinueFenced(reader, st.fence, st.length, st.indent) {
		return parser.Close
	}
	if st.settings > 0 {
		st.settings--
		reader.AdvanceToEOL()
	}
	return parser.Continue | parser.HasChildren
}

// Close implements parser.BlockParser: a ```col block's blocks become its
// columns, in rows split at its "===" lines (the plugin's ee, then a
// columnChild for each child of each part's Markdown).
func (p blockParser) Close(node ast.Node, _ text.Reader, pc parser.Context) {
	o := states(pc)
	delete(o.blocks, node)
	set, ok := node.(*Set)
	if !ok {
		return
	}
	if k := len(o.sets); k > 0 && o.sets[k-1] == set {
		o.sets = o.sets[:k-1]
	}
	style := set.rowStyle
	var rows [][]ast.Node
	var cur []ast.Node
	for c := set.FirstChild(); c != nil; {
		next := c.NextSibling()
		set.RemoveChild(set, c)
		if _, ok := c.(*rowBreak); ok {
			rows, cur = append(rows, cur), nil
		} else {
			cur = append(cur, c)
		}
		c = next
	}
	rows = append(rows, cur)
	for _, items := range rows {
		if len(items) == 0 {
			continue
		}
		row := &Row{Style: style}
		for _, c := range items {
			row.AppendChild(row, p.e.asColumn(c))
		}
		set.AppendChild(set, row)
	}
}

// asColumn is a block of a ```col block as its column: a ```col-md block
// with a flexGrow is one (the plugin copies its flexGrow and flexBasis to
// the column), any other block is wrapped in a column of the default
// span.
func (e Extension) asColumn(c ast.Node) ast.Node {
	if col, ok := c.(*Column); ok {
		if col.grows {
			return col
		}
		col.Style = e.columnStyle(e.span()) + col.Style
		return col
	}
	col := &Column{Style: e.columnStyle(e.span())}
	col.AppendChild(col, c)
	return col
}

// CanInterruptParagraph implements parser.BlockParser: a fence does.
func (blockParser) CanInterruptParagraph() bool { return true }

// CanAcceptIndentedLine implements parser.BlockParser.
func (blockParser) CanAcceptIndentedLine() bool { return false }

// breakParser reads a line starting with "===" directly in the innermost
// open ```col block as a row break.
type breakParser struct{}

// Trigger implements parser.BlockParser.
func (breakParser) Trigger() []byte { return []byte{'='} }

// Open implements parser.BlockParser.
func (breakParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	set, ok := parent.(*Set)
	if !ok {
		return nil, parser.NoChildren
	}
	o := states(pc)
	st := o.blocks[set]
	if st == nil || len(o.sets) == 0 || o.sets[len(o.sets)-1] != set {
		return nil, parser.NoChildren
	}
	line, _ := reader.PeekLine()
	if w, pos := util.IndentWidth(line, 0); w > st.indent || !bytes.HasPrefix(line[pos:], []byte("===")) {
		return nil, parser.NoChildren
	}
	reader.AdvanceToEOL()
	return &rowBreak{}, parser.NoChildren
}

// Continue implements parser.BlockParser: a break is one line.
func (breakParser) Continue(ast.Node, text.Reader, parser.Context) parser.State { return parser.Close }

// Close implements parser.BlockParser.
func (breakParser) Close(ast.Node, text.Reader, parser.Context) {}

// CanInterruptParagraph implements parser.BlockParser.
func (breakParser) CanInterruptParagraph() bool { return true }

// CanAcceptIndentedLine implements parser.BlockParser.
func (breakParser) CanAcceptIndentedLine() bool { return false }

// calloutTransformer draws callouts of type col as a row of columns, and
// the col-md callouts in them as columns (the plugin's styles.css:
// div[data-callout="col"] > .callout-content is a flex box, its
// div[data-callout$="-N"] children span N; titles are hidden).
type calloutTransformer struct{ e Extension }

// spanSuffix is the span a col-md callout's type ends with.
var spanSuffix = regexp.MustCompile(`^col-md(?:-(\d+(?:\.5)?))?$`)

// Transform implements parser.ASTTransformer.
func (t calloutTransformer) Transform(doc *ast.Document, _ text.Reader, pc parser.Context) {
	var cols []*callout.Node
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if c, ok := n.(*callout.Node); ok && entering && c.Written == "col" {
			cols = append(cols, c)
		}
		return ast.WalkContinue, nil
	})
	if len(cols) == 0 {
		return
	}
	t.e.found(pc)
	for _, c := range cols {
		row := &Row{}
		for k := c.FirstChild(); k != nil; {
			next := k.NextSibling()
			c.RemoveChild(c, k)
			if _, title := k.(*callout.TitleNode); !title {
				row.AppendChild(row, t.column(k))
			}
			k = next
		}
		set := &Set{}
		set.AppendChild(set, row)
		c.Parent().ReplaceChild(c.Parent(), c, set)
	}
}

// column is a block of a col callout as a column: a col-md callout's
// content, of its span, or the block in a column of the default span.
func (t calloutTransformer) column(k ast.Node) ast.Node {
	md, ok := k.(*callout.Node)
	m := []string(nil)
	if ok {
		m = spanSuffix.FindStringSubmatch(md.Written)
	}
	if m == nil {
		col := &Column{Style: t.e.columnStyle(t.e.span())}
		col.AppendChild(col, k)
		return col
	}
	span := 1.0
	if m[1] != "" {
		span, _ = strconv.ParseFloat(m[1], 64)
	}
	col := &Column{Style: t.e.columnStyle(span)}
	for c := md.FirstChild(); c != nil; {
		next := c.NextSibling()
		md.RemoveChild(md, c)
		if _, title := c.(*callout.TitleNode); !title {
			col.AppendChild(col, c)
		}
		c = next
	}
	return col
}

// Renderer draws rows and columns as boxes of the classes columns.css
// styles.
type Renderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (Renderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindSet, func(util.BufWriter, []byte, ast.Node, bool) (ast.WalkStatus, error) {
		return ast.WalkContinue, nil
	})
	reg.Register(kindBreak, func(util.BufWriter, []byte, ast.Node, bool) (ast.WalkStatus, error) {
		return ast.WalkSkipChildren, nil
	})
	reg.Register(KindRow, func(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		class := "columns"
		if n.(*Row).Simple {
			class += " simple"
		}
		box(w, class, n.(*Row).Style, entering)
		return ast.WalkContinue, nil
	})
	reg.Register(KindColumn, func(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		box(w, "column", n.(*Column).Style, entering)
		return ast.WalkContinue, nil
	})
}

// box writes a box's opening or closing tag.
func box(w util.BufWriter, class, style string, entering bool) {
	if !entering {
		_, _ = w.WriteString("</div>\n")
		return
	}
	_, _ = w.WriteString(`<div class="` + class + `"`)
	if style != "" {
		_, _ = w.WriteString(` style="`)
		_, _ = w.Write(util.EscapeHTML([]byte(style)))
		_ = w.WriteByte('"')
	}
	_, _ = w.WriteString(">\n")
}
