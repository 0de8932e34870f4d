package markup

import (
	"fmt"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// MaxNesting is the deepest nesting of containers a page may have: list
// items, block quotes, callouts, footnotes and definitions inside one
// another (a list and its items are one level). goldmark's time grows
// with the cube of a nested list's depth (a 2,000-deep list took 15 s and
// 677 MB); no rules page comes near 100 levels.
const MaxNesting = 100

// tooDeep begins the message of a page nesting deeper than MaxNesting.
const tooDeep = "nesting deeper than"

// TooDeep reports whether msg, a Problem's message, is the one of a page
// nesting deeper than MaxNesting: the page is read up to that line, the
// rest of it left out (a tolerance of the lenient mode, where the tool
// renders the whole page).
func TooDeep(msg string) bool { return strings.HasPrefix(msg, tooDeep+" ") }

// depthGuard wraps a block parser so that it opens no container deeper
// than MaxNesting: the page gets one error, at the first line past it, and
// the parse ends there, the rest of the page unread (reading the 1,900
// lines of a 2,000-deep list past the limit against 100 open containers
// took seconds, for a page that fails anyway). Both parsers (Parse and
// Outline) are guarded, so loading a page costs no more than rendering it.
type depthGuard struct{ parser.BlockParser }

// guardDepth wraps every block parser of list in a depthGuard.
func guardDepth(list []util.PrioritizedValue) []util.PrioritizedValue {
	out := make([]util.PrioritizedValue, len(list))
	for i, v := range list {
		out[i] = util.PrioritizedValue{Value: depthGuard{v.Value.(parser.BlockParser)}, Priority: v.Priority}
	}
	return out
}

// Open implements parser.BlockParser.
func (g depthGuard) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, seg := reader.Position()
	node, st := g.BlockParser.Open(parent, reader, pc)
	if node == nil || !isContainer(node) || nesting(parent)+1 <= MaxNesting {
		return node, st
	}
	if s := state(pc); s != nil && !s.tooDeep {
		s.tooDeep = true
		s.report(seg.Start, false, fmt.Sprintf("%s %d levels (lists, quotes, callouts inside one another): sitegen stops at %d", tooDeep, MaxNesting, MaxNesting))
	}
	// The end of the source: every parser finds nothing more to read.
	end := len(reader.Source())
	reader.SetPosition(line, text.NewSegment(end, end))
	return nil, parser.NoChildren
}

// SetOption passes goldmark's options on to the wrapped parser.
func (g depthGuard) SetOption(name parser.OptionName, v any) {
	if so, ok := g.BlockParser.(parser.SetOptioner); ok {
		so.SetOption(name, v)
	}
}

// isContainer reports whether n is a block that holds other blocks.
func isContainer(n ast.Node) bool {
	switch n.(type) {
	case *ast.Paragraph, *ast.Heading, *ast.FencedCodeBlock, *ast.CodeBlock, *ast.HTMLBlock, *ast.ThematicBreak, *ast.TextBlock:
		return false
	}
	return true
}

// nesting is the number of containers n is, or is inside of, a list and
// its item counting once.
func nesting(n ast.Node) int {
	d := 0
	for ; n != nil; n = n.Parent() {
		switch n.(type) {
		case *ast.Document, *ast.List:
		default:
			d++
		}
	}
	return d
}
