package shortcode

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// WithHTMLBlocks returns the block parsers list with goldmark's HTML block
// parser replaced by one whose blocks that end at a blank line (CommonMark's
// kinds 6 and 7: "<br>", "<div>" …) also end before a line that starts
// with a shortcode tag. Hugo replaces a shortcode with what its template
// renders, whatever Markdown is around it ("{{< myshortcode >}} tells
// Hugo that the rendered shortcode does not need further processing",
// https://gohugo.io/methods/page/rendershortcodes/), so "<br>" then
// "{{< skill … >}}" on the next line is a <br> and the shortcode, not a
// block of raw HTML holding its tag as text.
func WithHTMLBlocks(list []util.PrioritizedValue) []util.PrioritizedValue {
	out := make([]util.PrioritizedValue, len(list))
	copy(out, list)
	for i, v := range out {
		if v.Value == parser.NewHTMLBlockParser() {
			out[i].Value = htmlBlocks{v.Value.(parser.BlockParser)}
		}
	}
	return out
}

// htmlBlocks is goldmark's HTML block parser, its blocks ended by a line
// that starts with a shortcode tag (WithHTMLBlocks).
type htmlBlocks struct{ parser.BlockParser }

func (p htmlBlocks) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	if h, ok := node.(*ast.HTMLBlock); ok && (h.HTMLBlockType == ast.HTMLBlockType6 || h.HTMLBlockType == ast.HTMLBlockType7) {
		line, _ := reader.PeekLine()
		if loc := tagRE.FindIndex(util.TrimLeftSpace(line)); loc != nil && loc[0] == 0 {
			return parser.Close
		}
	}
	return p.BlockParser.Continue(node, reader, pc)
}
