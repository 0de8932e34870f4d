// Package tabs is a goldmark extension for the Tabs plugin of Obsidian
// (https://github.com/xhuajin/obsidian-tabs): a fenced code block whose
// language is tabs holds tabs, each started by a line "tab: Title".
//
//	````tabs
//	tab: Melee
//	Roll **2d6** + Might.
//
//	tab: Ranged
//	```dice
//	2d6+1
//	```
//	````
//
// The plugin's rules, as its parser reads a block (parseTabs and
// parseConfig in the plugin's main.js, 1.1.8; each quoted in
// tabs_test.go):
//
//   - a line that starts with the separator (the plugin's split setting,
//     "tab: " by default) starts a tab, its title the rest of the line,
//     which the plugin draws as Markdown;
//   - the lines before the first tab are the block's options ("left",
//     "top", "action-edit"...), not content;
//   - a block without the separator is one tab, titled "New tab";
//   - a block of tabs inside a tab (a shorter fence in a longer one) keeps
//     its own tab lines;
//   - each tab's content is Markdown.
//
// sitegen shows every tab at once, each a box titled as its tab (the
// callout style "tab" that MkDocs' content tabs take, rendered by package
// markup/callout): a rules page shows all its cases, and prints them. A
// title written as a heading ("tab: ### Information") is its text.
package tabs

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"d6codex/cmd/sitegen/internal/markup/callout"
)

// DefaultSplit is the plugin's separator when its settings name none
// (Wn.split, "tab: ").
const DefaultSplit = "tab: "

// defaultTitle is the title of the one tab of a block without the
// separator (the plugin's defaultTabNavItem).
const defaultTitle = "New tab"

// KindTabs is the AST kind of a block of tabs.
var KindTabs = ast.NewNodeKind("Tabs")

// Node is a block of tabs; its children are its tabs, callouts of style
// "tab".
type Node struct {
	ast.BaseBlock
}

// Kind implements ast.Node.
func (n *Node) Kind() ast.NodeKind { return KindTabs }

// Dump implements ast.Node.
func (n *Node) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }

// block is the state of an open block of tabs.
type block struct {
	fence  byte
	length int
	indent int
	split  bool // the block holds a separator line: its first lines are options until one
	tabs   int  // tabs opened
}

// stateKey holds, in a parse's parser.Context, the open blocks of tabs
// (innermost last).
var stateKey = parser.NewContextKey()

type open struct {
	nodes  []*Node
	blocks map[*Node]*block
}

func states(pc parser.Context) *open {
	o, _ := pc.Get(stateKey).(*open)
	if o == nil {
		o = &open{blocks: map[*Node]*block{}}
		pc.Set(stateKey, o)
	}
	return o
}

// headingMarks is a title written as an ATX heading: its marks.
var headingMarks = regexp.MustCompile(`^#{1,6}[ \t]+`)

// blockParser parses a fenced block of tabs.
type blockParser struct{ split []byte }

// Trigger implements parser.BlockParser.
func (blockParser) Trigger() []byte { return []byte{'`', '~'} }

// Open implements parser.BlockParser: a fence whose language is tabs.
func (p blockParser) Open(_ ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	pos := pc.BlockOffset()
	c, i, ok := callout.OpenFence(line, pos)
	if !ok {
		return nil, parser.NoChildren
	}
	info := bytes.TrimSpace(line[i:])
	if !bytes.Equal(info, []byte("tabs")) {
		return nil, parser.NoChildren
	}
	n := &Node{}
	st := &block{fence: c, length: i - pos, indent: pos}
	st.split = p.hasSplit(reader.Source(), seg, st)
	reader.Advance(seg.Len() - 1)
	o := states(pc)
	o.nodes = append(o.nodes, n)
	o.blocks[n] = st
	return n, parser.HasChildren
}

// hasSplit reports whether a line of the block whose opening fence is
// the line at seg starts with the separator. The plugin asks whether the
// block's text contains the separator ("if(!t.contains(this.split))" it
// is one tab), then splits the lines that start with it; a block whose
// separator is only inside lines has no tab there, and sitegen shows its
// text as one tab. Lines are read from the source, less the marks of the
// containers the fence is in ("> " of a callout) where they repeat them.
func (p blockParser) hasSplit(src []byte, seg text.Segment, st *block) bool {
	start := bytes.LastIndexByte(src[:seg.Start], '\n') + 1
	prefix := src[start:seg.Start]
	rest := src[min(seg.Stop, len(src)):]
	for len(rest) > 0 {
		line, next, _ := bytes.Cut(rest, []byte("\n"))
		rest = next
		line = bytes.TrimPrefix(line, prefix)
		if callout.ClosingFence(line, 0, st.fence, st.length) {
			return false
		}
		if startsTab(line, st.indent, p.split) {
			return true
		}
	}
	return false
}

// startsTab reports whether line, less the fence's indentation, starts
// with the separator.
func startsTab(line []byte, indent int, split []byte) bool {
	w, pos := util.IndentWidth(line, 0)
	return w <= indent && bytes.HasPrefix(line[pos:], split)
}

// Continue implements parser.BlockParser: the closing fence ends the
// block; the lines before its first tab are options, read no further.
func (p blockParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	st := states(pc).blocks[node.(*Node)]
	if st == nil {
		return parser.Close
	}
	if callout.ContinueFenced(reader, st.fence, st.length, st.indent) {
		return parser.Close
	}
	if line, _ := reader.PeekLine(); st.split && st.tabs == 0 && !startsTab(line, st.indent, p.split) {
		reader.AdvanceToEOL() // an option ("left"), not content
	}
	return parser.Continue | parser.HasChildren
}

// Close implements parser.BlockParser: a block without tabs is one, titled
// as the plugin titles it.
func (blockParser) Close(node ast.Node, _ text.Reader, pc parser.Context) {
	n := node.(*Node)
	o := states(pc)
	st := o.blocks[n]
	delete(o.blocks, n)
	if k := len(o.nodes); k > 0 && o.nodes[k-1] == n {
		o.nodes = o.nodes[:k-1]
	}
	if st != nil && st.tabs > 0 || !n.HasChildren() {
		return
	}
	tab := &callout.Node{Style: "tab", Title: defaultTitle}
	for c := n.FirstChild(); c != nil; {
		next := c.NextSibling()
		n.RemoveChild(n, c)
		tab.AppendChild(tab, c)
		c = next
	}
	n.AppendChild(n, tab)
}

// CanInterruptParagraph implements parser.BlockParser: a fence does.
func (blockParser) CanInterruptParagraph() bool { return true }

// CanAcceptIndentedLine implements parser.BlockParser.
func (blockParser) CanAcceptIndentedLine() bool { return false }

// tabParser starts a tab at a separator line of the innermost open block
// of tabs.
type tabParser struct{ split []byte }

// Trigger implements parser.BlockParser.
func (p tabParser) Trigger() []byte { return p.split[:1] }

// Open implements parser.BlockParser.
func (p tabParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	n, ok := parent.(*Node)
	if !ok {
		return nil, parser.NoChildren
	}
	o := states(pc)
	st := o.blocks[n]
	if st == nil || len(o.nodes) == 0 || o.nodes[len(o.nodes)-1] != n {
		return nil, parser.NoChildren
	}
	line, seg := reader.PeekLine()
	if !startsTab(line, st.indent, p.split) {
		return nil, parser.NoChildren
	}
	st.tabs++
	_, pos := util.IndentWidth(line, 0)
	title := line[pos+len(p.split):]
	start := seg.Start + pos + len(p.split)
	lead := util.TrimLeftSpaceLength(title)
	title, start = title[lead:], start+lead
	if m := headingMarks.Find(title); m != nil {
		title, start = title[len(m):], start+len(m)
	}
	title = util.TrimRightSpace(title)
	tab := &callout.Node{Style: "tab"}
	if len(title) > 0 {
		t := &callout.TitleNode{}
		t.Lines().Append(text.NewSegment(start, start+len(title)))
		tab.AppendChild(tab, t)
	}
	reader.AdvanceToEOL()
	return tab, parser.HasChildren
}

// Continue implements parser.BlockParser: the next separator line of its
// block ends a tab (the block's closing fence closes it with the block).
func (p tabParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	o := states(pc)
	parent, _ := node.Parent().(*Node)
	if parent == nil || len(o.nodes) == 0 || o.nodes[len(o.nodes)-1] != parent {
		return parser.Continue | parser.HasChildren // a block of tabs inside this tab is open: its lines are its own
	}
	line, _ := reader.PeekLine()
	if st := o.blocks[parent]; st != nil && startsTab(line, st.indent, p.split) {
		return parser.Close
	}
	return parser.Continue | parser.HasChildren
}

// Close implements parser.BlockParser.
func (tabParser) Close(ast.Node, text.Reader, parser.Context) {}

// CanInterruptParagraph implements parser.BlockParser.
func (tabParser) CanInterruptParagraph() bool { return true }

// CanAcceptIndentedLine implements parser.BlockParser.
func (tabParser) CanAcceptIndentedLine() bool { return false }

// htmlRenderer draws a block of tabs as its tabs, one after the other.
type htmlRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (htmlRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindTabs, func(util.BufWriter, []byte, ast.Node, bool) (ast.WalkStatus, error) {
		return ast.WalkContinue, nil
	})
}

// Extension adds the Tabs plugin's blocks to a goldmark instance that
// renders callouts (callout.Extension). Split is the plugin's separator
// ("" is DefaultSplit).
type Extension struct{ Split string }

// Extend implements goldmark.Extender. The block parser comes before
// goldmark's fenced code blocks (700), which take every other fence.
func (e Extension) Extend(m goldmark.Markdown) {
	split := []byte(e.Split)
	if strings.TrimSpace(e.Split) == "" {
		split = []byte(DefaultSplit)
	}
	m.Parser().AddOptions(
		parser.WithBlockParsers(util.Prioritized(blockParser{split: split}, 689), util.Prioritized(tabParser{split: split}, 1)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(htmlRenderer{}, 100)))
}
