package markup

import (
	"fmt"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// oneLineSetext is goldmark's setext heading parser that takes an
// underline only under a paragraph of one line, as Python-Markdown's
// SetextHeaderProcessor does (Dialects.OneLineSetext). Under a longer
// paragraph it opens nothing: "---" is then taken by the thematic break
// parser (a rule) and "===" continues the paragraph (text).
type oneLineSetext struct{ parser.BlockParser }

// Open implements parser.BlockParser.
func (s oneLineSetext) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	if p, ok := pc.LastOpenedBlock().Node.(*ast.Paragraph); ok && p.Lines().Len() > 1 {
		return nil, parser.NoChildren
	}
	return s.BlockParser.Open(parent, reader, pc)
}

// SetOption passes goldmark's options (automatic heading ids, heading
// attributes) on to the wrapped parser.
func (s oneLineSetext) SetOption(name parser.OptionName, v any) {
	if so, ok := s.BlockParser.(parser.SetOptioner); ok {
		so.SetOption(name, v)
	}
}

// withOneLineSetext returns list with goldmark's setext heading parser
// replaced by oneLineSetext.
func withOneLineSetext(list []util.PrioritizedValue) []util.PrioritizedValue {
	setext := fmt.Sprintf("%T", parser.NewSetextHeadingParser())
	out := make([]util.PrioritizedValue, len(list))
	copy(out, list)
	for i, v := range out {
		if fmt.Sprintf("%T", v.Value) == setext {
			out[i].Value = oneLineSetext{v.Value.(parser.BlockParser)}
		}
	}
	return out
}
