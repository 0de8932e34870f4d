// Package simplecolumns is a goldmark extension for the Simple Columns
// plugin of Obsidian (https://github.com/Josie1902/simple-columns): a
// fenced block whose language is columns holds columns split at lines
// "===", after a line of metadata.
//
//	```columns
//	id: Npq0yRPAN5S-cpXToVD-R
//	column-1-ratio: 60
//	===
//	## Notable Locations
//	===
//	## Bars and Taverns
//	```
//
// The plugin's rules, as its main.js (1.0.8) reads a block (each quoted
// in simplecolumns_test.go):
//
//   - the block's text is split at lines that are "===" exactly
//     (t.split(/^===$/m)); the first part is its metadata, each other
//     part a column of Markdown;
//   - the metadata's "column-N-ratio: P" lines (N from 1 to 4) give
//     column N P% of the row, the others sharing the rest; without them
//     the columns share the row equally;
//   - its "id:" line names the block's widths saved in the app (which
//     a published page has not); a block without one is an error in
//     Obsidian, and sitegen draws its columns all the same.
//
// sitegen draws the columns as package columns does (columns.css): side
// by side in a border, stacked on a narrow screen and in print. A "==="
// line inside a fenced code block of a column is code here, where the
// plugin, splitting the text, would cut the code block in two.
package simplecolumns

import (
	"bytes"
	"regexp"
	"strconv"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"d6codex/cmd/sitegen/internal/markup/callout"
	"d6codex/cmd/sitegen/internal/markup/columns"
)

// Extension adds Simple Columns' ```columns blocks to a goldmark
// instance. Found is called when a block opens (to load the stylesheet).
type Extension struct {
	Found func(pc parser.Context)
}

// Extend implements goldmark.Extender. The block parser comes before
// goldmark's fenced code blocks (700); the separator before setext
// headings (100), whose underline "===" is too.
func (e Extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithBlockParsers(
		util.Prioritized(blockParser{e}, 687), util.Prioritized(columnParser{}, 3)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(columns.Renderer{}, 100)))
}

var stateKey = parser.NewContextKey()

type block struct {
	fence  byte
	length int
	indent int
	ratios map[int]float64 // column-N-ratio, by N
	n      int             // columns opened
}

type open struct {
	blocks map[*columns.Row]*block
	rows   []*columns.Row // innermost last
}

func states(pc parser.Context) *open {
	o, _ := pc.Get(stateKey).(*open)
	if o == nil {
		o = &open{blocks: map[*columns.Row]*block{}}
		pc.Set(stateKey, o)
	}
	return o
}

// ratioLine is a metadata line giving a column's share (the plugin's
// /^column-(\d+)-ratio:\s*(.+)$/gm).
var ratioLine = regexp.MustCompile(`^column-(\d+)-ratio:\s*(.+)$`)

// isSeparator reports whether line is "===" exactly (/^===$/m).
func isSeparator(line []byte) bool {
	return string(bytes.TrimRight(line, "\r\n")) == "==="
}

type blockParser struct{ e Extension }

// Trigger implements parser.BlockParser.
func (blockParser) Trigger() []byte { return []byte{'`', '~'} }

// Open implements parser.BlockParser: a fence whose language is columns.
func (p blockParser) Open(_ ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	pos := pc.BlockOffset()
	c, i, ok := callout.OpenFence(line, pos)
	if !ok || string(bytes.TrimSpace(line[i:])) != "columns" {
		return nil, parser.NoChildren
	}
	row := &columns.Row{Simple: true}
	st := &block{fence: c, length: i - pos, indent: pos, ratios: map[int]float64{}}
	o := states(pc)
	o.blocks[row] = st
	o.rows = append(o.rows, row)
	if p.e.Found != nil {
		p.e.Found(pc)
	}
	reader.Advance(seg.Len() - 1)
	return row, parser.HasChildren
}

// Continue implements parser.BlockParser: the closing fence ends the
// block; the lines before its first "===" are its metadata.
func (blockParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	st := states(pc).blocks[node.(*columns.Row)]
	if st == nil {
		return parser.Close
	}
	if callout.ContinueFenced(reader, st.fence, st.length, st.indent) {
		return parser.Close
	}
	if line, _ := reader.PeekLine(); st.n == 0 && !isSeparator(line) {
		if m := ratioLine.FindSubmatch(bytes.TrimRight(line, "\r\n")); m != nil {
			n, _ := strconv.Atoi(string(m[1]))
			if f, err := strconv.ParseFloat(string(bytes.TrimSpace(m[2])), 64); err == nil && n >= 1 && n <= 4 {
				st.ratios[n] = f
			}
		}
		reader.AdvanceToEOL() // metadata, not content
	}
	return parser.Continue | parser.HasChildren
}

// Close implements parser.BlockParser: the columns take their shares.
func (blockParser) Close(node ast.Node, _ text.Reader, pc parser.Context) {
	row := node.(*columns.Row)
	o := states(pc)
	st := o.blocks[row]
	delete(o.blocks, row)
	if k := len(o.rows); k > 0 && o.rows[k-1] == row {
		o.rows = o.rows[:k-1]
	}
	if st == nil || len(st.ratios) == 0 {
		return
	}
	// The plugin: columns without a ratio share what the others leave.
	var sum float64
	for _, r := range st.ratios {
		sum += r
	}
	rest := 0.0
	if free := st.n - len(st.ratios); free > 0 {
		rest = (100 - sum) / float64(free)
	}
	i := 0
	for c := row.FirstChild(); c != nil; c = c.NextSibling() {
		col, ok := c.(*columns.Column)
		if !ok {
			continue
		}
		i++
		share, ok := st.ratios[i]
		if !ok {
			share = rest
		}
		if share > 0 {
			col.Style = "flex:1 0 " + strconv.FormatFloat(share, 'f', -1, 64) + "%;"
		}
	}
}

// CanInterruptParagraph implements parser.BlockParser.
func (blockParser) CanInterruptParagraph() bool { return true }

// CanAcceptIndentedLine implements parser.BlockParser.
func (blockParser) CanAcceptIndentedLine() bool { return false }

// columnParser starts a column at a "===" line of the innermost open
// block.
type columnParser struct{}

// Trigger implements parser.BlockParser.
func (columnParser) Trigger() []byte { return []byte{'='} }

// Open implements parser.BlockParser.
func (columnParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	row, ok := parent.(*columns.Row)
	if !ok {
		return nil, parser.NoChildren
	}
	o := states(pc)
	st := o.blocks[row]
	if st == nil || len(o.rows) == 0 || o.rows[len(o.rows)-1] != row {
		return nil, parser.NoChildren
	}
	line, _ := reader.PeekLine()
	if !isSeparator(line) {
		return nil, parser.NoChildren
	}
	st.n++
	reader.AdvanceToEOL()
	return &columns.Column{}, parser.HasChildren
}

// Continue implements parser.BlockParser: the next "===" line of its block
// ends a column.
func (columnParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	o := states(pc)
	row, _ := node.Parent().(*columns.Row)
	if row == nil || len(o.rows) == 0 || o.rows[len(o.rows)-1] != row {
		return parser.Continue | parser.HasChildren
	}
	if line, _ := reader.PeekLine(); isSeparator(line) {
		return parser.Close
	}
	return parser.Continue | parser.HasChildren
}

// Close implements parser.BlockParser.
func (columnParser) Close(ast.Node, text.Reader, parser.Context) {}

// CanInterruptParagraph implements parser.BlockParser.
func (columnParser) CanInterruptParagraph() bool { return true }

// CanAcceptIndentedLine implements parser.BlockParser.
func (columnParser) CanAcceptIndentedLine() bool { return false }
