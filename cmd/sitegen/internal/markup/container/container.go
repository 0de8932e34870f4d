// Package container parses the ::: containers of VitePress (its custom
// containers, markdown-it-container) and Docusaurus (its admonitions, a
// remark-directive container), one goldmark block parser for both:
//
//	::: tip A title          :::note[A **title**]
//	Content, any Markdown.   Content.
//	:::                      :::
//
// A container opens with three or more colons and a word, and closes at a
// line of at least as many colons (so a longer fence nests shorter ones);
// one left open runs to the end of the page, as both tools read it. The
// words a tool knows, and the callout kind each is shown as, are the
// tool's (Extension.Kinds); a word it does not know keeps its content,
// without a box, with a warning. What a container is shown as is not this
// package's: markup turns each Node into the site's callout.
package container

import (
	"bytes"
	"fmt"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Warn reports a problem at a source offset of the page being parsed.
type Warn func(pc parser.Context, offset int, msg string)

// Extension adds ::: containers to a goldmark instance.
type Extension struct {
	// Kinds maps a container word ("tip") to the callout kind it is shown
	// as; an empty kind shows the content alone (VitePress's raw, v-pre
	// and code-group containers).
	Kinds map[string]string
	// Titles are the default titles of container words ("TIP"); a word
	// not listed is titled from its kind.
	Titles map[string]string
	// Brackets reads a title in brackets right after the word
	// (Docusaurus's :::note[Title]), and drops a {#id .class} attribute
	// block after it.
	Brackets bool
	// Warn receives the warnings (unknown words); nil drops them.
	Warn Warn
}

// Extend implements goldmark.Extender.
func (e Extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithBlockParsers(util.Prioritized(&blockParser{ext: e}, 95)))
}

// KindNode is the AST kind of a container.
var KindNode = ast.NewNodeKind("Container")

// Node is a container. Its first child is a *Title when the container
// has a title written on its opening line; the others are its content.
type Node struct {
	ast.BaseBlock
	// Word is the container's word as written ("tip"), Style the callout
	// kind it is shown as ("" for its content alone).
	Word, Style string
	// Title is the default title (when no Title child is written).
	Title string
	// Known is false for a word the tool does not know.
	Known bool
	fence int // the number of colons that opened it
}

// Kind implements ast.Node.
func (n *Node) Kind() ast.NodeKind { return KindNode }

// Dump implements ast.Node.
func (n *Node) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Word": n.Word, "Style": n.Style, "Title": n.Title}, nil)
}

// KindTitle is the AST kind of a container's written title.
var KindTitle = ast.NewNodeKind("ContainerTitle")

// Title is a container's title as written; its children are inline nodes.
type Title struct{ ast.BaseBlock }

// Kind implements ast.Node.
func (n *Title) Kind() ast.NodeKind { return KindTitle }

// Dump implements ast.Node.
func (n *Title) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }

type blockParser struct{ ext Extension }

func (p *blockParser) Trigger() []byte { return []byte{':'} }

// opening reads an opening line: its fence length, word and the span of
// its title (start < 0 for none).
func (p *blockParser) opening(line []byte) (fence int, word string, tStart, tEnd int, ok bool) {
	for fence < len(line) && line[fence] == ':' {
		fence++
	}
	if fence < 3 {
		return 0, "", 0, 0, false
	}
	i := fence
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	ws := i
	for i < len(line) && (isWordByte(line[i])) {
		i++
	}
	if i == ws {
		return 0, "", 0, 0, false // a closing fence, or colons alone
	}
	word = string(line[ws:i])
	end := len(util.TrimRightSpace(line))
	tStart = -1
	if p.ext.Brackets && i < end && line[i] == '[' {
		if j := closingBracket(line, i); j > 0 {
			tStart, tEnd = i+1, j
			i = j + 1
		}
	}
	if p.ext.Brackets && i < end && line[i] == '{' {
		if j := bytes.IndexByte(line[i:], '}'); j > 0 {
			i += j + 1
		}
	}
	if tStart < 0 {
		for i < end && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		if i < end {
			tStart, tEnd = i, end
		}
	}
	return fence, word, tStart, tEnd, true
}

func isWordByte(c byte) bool {
	return c == '-' || c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// closingBracket returns the index of the ] that closes the [ at i,
// brackets nested; -1 when none does.
func closingBracket(line []byte, i int) int {
	depth := 0
	for j := i; j < len(line); j++ {
		switch line[j] {
		case '\\':
			j++
		case '[':
			depth++
		case ']':
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

func (p *blockParser) Open(_ ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	lead := pc.BlockOffset()
	if lead < 0 {
		return nil, parser.NoChildren
	}
	fence, word, tStart, tEnd, ok := p.opening(line[lead:])
	if !ok {
		return nil, parser.NoChildren
	}
	kind, known := p.ext.Kinds[word]
	n := &Node{Word: word, Style: kind, Known: known, fence: fence}
	n.Title = p.ext.Titles[word]
	if n.Title == "" && kind != "" {
		n.Title = string(bytes.ToUpper([]byte(kind[:1]))) + kind[1:]
	}
	if !known && p.ext.Warn != nil {
		p.ext.Warn(pc, seg.Start+lead, fmt.Sprintf("::: %s is not a container this site's tool knows: its content is shown without a box", word))
	}
	if tStart >= 0 && known && kind != "" {
		t := &Title{}
		t.Lines().Append(text.NewSegment(seg.Start+lead+tStart, seg.Start+lead+tEnd))
		n.AppendChild(n, t)
	}
	reader.Advance(seg.Len() - 1)
	return n, parser.HasChildren
}

func (p *blockParser) Continue(node ast.Node, reader text.Reader, _ parser.Context) parser.State {
	n := node.(*Node)
	line, seg := reader.PeekLine()
	if w, _ := util.IndentWidth(line, reader.LineOffset()); w < 4 {
		trimmed := util.TrimRightSpace(util.TrimLeftSpace(line))
		colons := 0
		for colons < len(trimmed) && trimmed[colons] == ':' {
			colons++
		}
		if colons == len(trimmed) && colons >= n.fence {
			reader.Advance(seg.Len() - 1)
			return parser.Close
		}
	}
	return parser.Continue | parser.HasChildren
}

func (p *blockParser) Close(ast.Node, text.Reader, parser.Context) {}
func (p *blockParser) CanInterruptParagraph() bool                 { return true }
func (p *blockParser) CanAcceptIndentedLine() bool                 { return false }
