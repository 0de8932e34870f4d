// Package admonition is a goldmark extension for the Admonition plugin
// of Obsidian (https://github.com/javalent/admonitions): a fenced code
// block whose language is ad-KIND is a callout of that kind, rendered by
// package markup/callout like every other callout.
//
//	```ad-warning
//	title: Falling
//	collapse: open
//
//	Roll **1d6** per 10 feet.
//	```
//
// The plugin's rules, as its documentation and its source state them
// (each quoted in admonition_test.go):
//
//   - the parameters title:, collapse:, icon:, color: (and metadata:)
//     are lines at the top of the block, in any order, each once; the
//     first line that is not one starts the content;
//   - title: is Markdown; blank, it hides the title; without it the title
//     is the kind with its first letter in upper case and the rest in
//     lower case; a collapsible admonition always has a title (a blank
//     one gets the default);
//   - collapse: open starts open, closed starts collapsed, none is not
//     collapsible; any other value is closed;
//   - the content is Markdown, nested admonitions included (a longer
//     fence around a shorter one).
//
// color: (an RGB triad, rgb() or #hex) colours the callout; metadata: is
// read as a callout's metadata (callout.ReadMeta); icon: is dropped
// (sitegen draws no icons).
package admonition

import (
	"bytes"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"d6codex/cmd/sitegen/internal/markup/callout"
)

// infoRE matches the language of an Admonition block: "ad-" and its kind.
var infoRE = regexp.MustCompile(`^(?i)ad-([\w-]+)$`)

// params are the plugin's parameter names, as their lines start
// (keywordTokens in getParametersFromSource).
var params = []string{"title:", "collapse:", "icon:", "color:", "metadata:"}

// block is the state of an open Admonition block, kept on its node.
type block struct {
	fence  byte // '`' or '~'
	length int  // of the opening fence
	indent int  // of the opening fence: removed from each line, as from code
	kind   string
	// head is set while the lines read are parameters; seen holds them.
	head  bool
	seen  map[string]bool
	title *text.Segment // title:'s value in the source; nil without title:
	raw   map[string]string
}

// stateKey holds, in a parse's parser.Context, the state of each open
// Admonition block by its node (blocks nest).
var stateKey = parser.NewContextKey()

// states returns the parse's open blocks.
func states(pc parser.Context) map[*callout.Node]*block {
	m, _ := pc.Get(stateKey).(map[*callout.Node]*block)
	if m == nil {
		m = map[*callout.Node]*block{}
		pc.Set(stateKey, m)
	}
	return m
}

// blockParser parses Admonition blocks.
type blockParser struct{}

// Trigger implements parser.BlockParser.
func (blockParser) Trigger() []byte { return []byte{'`', '~'} }

// Open implements parser.BlockParser: a fence whose language is ad-KIND.
func (blockParser) Open(_ ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	pos := pc.BlockOffset()
	c, i, ok := callout.OpenFence(line, pos)
	if !ok {
		return nil, parser.NoChildren
	}
	if !adInfo(line[i:]) {
		return nil, parser.NoChildren // most fences are code: their info string is read no further
	}
	info := strings.Fields(string(line[i:]))
	if len(info) == 0 {
		return nil, parser.NoChildren
	}
	m := infoRE.FindStringSubmatch(info[0])
	if m == nil || c == '`' && bytes.IndexByte(line[i:], '`') >= 0 {
		return nil, parser.NoChildren
	}
	kind := strings.ToLower(m[1])
	n := &callout.Node{Style: callout.Style(kind)}
	st := &block{fence: c, length: i - pos, indent: pos, kind: kind, head: true, seen: map[string]bool{}, raw: map[string]string{}}
	states(pc)[n] = st
	reader.Advance(seg.Len() - 1)
	return n, parser.HasChildren
}

// adInfo reports whether a fence's info string may name an admonition:
// its first word starts with "ad-" (any case), or with a character other
// than ASCII, which infoRE then reads. It allocates nothing, as every
// fence of every page passes through it.
func adInfo(info []byte) bool {
	j := 0
	for j < len(info) && strings.IndexByte(" \t\n\v\f\r", info[j]) >= 0 {
		j++
	}
	if j == len(info) {
		return false
	}
	if info[j] >= utf8.RuneSelf {
		return true // a space strings.Fields knows (U+00A0) may come first
	}
	return len(info)-j >= 3 && info[j]|0x20 == 'a' && info[j+1]|0x20 == 'd' && info[j+2] == '-'
}

// Continue implements parser.BlockParser: a closing fence ends the block;
// the parameter lines at its top are read and kept out of its content;
// the other lines are its content, less the fence's indentation.
func (blockParser) Continue(n ast.Node, reader text.Reader, pc parser.Context) parser.State {
	st := states(pc)[n.(*callout.Node)]
	if st == nil {
		return parser.Close
	}
	if callout.ContinueFenced(reader, st.fence, st.length, st.indent) {
		return parser.Close
	}
	line, seg := reader.PeekLine()
	if st.head {
		st.head = false
		for _, p := range params {
			if bytes.HasPrefix(line, []byte(p)) && !st.seen[p] {
				st.seen[p], st.head = true, true
				value := bytes.TrimSpace(line[len(p):])
				st.raw[p] = string(value)
				if p == "title:" && len(value) > 0 {
					start := seg.Start + len(p) + util.TrimLeftSpaceLength(line[len(p):])
					s := text.NewSegment(start, start+len(value))
					st.title = &s
				} else if p == "title:" {
					empty := text.NewSegment(seg.Start, seg.Start)
					st.title = &empty
				}
				reader.AdvanceToEOL()
				return parser.Continue | parser.HasChildren
			}
		}
	}
	return parser.Continue | parser.HasChildren
}

// Close implements parser.BlockParser: the parameters become the
// callout's title, fold, colour and metadata.
func (blockParser) Close(n ast.Node, _ text.Reader, pc parser.Context) {
	c := n.(*callout.Node)
	st := states(pc)[c]
	if st == nil {
		return
	}
	delete(states(pc), c)
	collapse, hasCollapse := st.raw["collapse:"], st.seen["collapse:"]
	switch {
	case !hasCollapse || collapse == "none":
	case collapse == "open":
		c.Collapsible, c.Open = true, true
	default: // "closed", and any other value
		c.Collapsible = true
	}
	switch {
	case st.title == nil:
		c.Title = defaultTitle(st.kind)
	case st.title.Len() == 0 && c.Collapsible:
		c.Title = defaultTitle(st.kind) // a collapsible admonition must have a title
	case st.title.Len() > 0:
		t := &callout.TitleNode{}
		t.Lines().Append(*st.title)
		if first := c.FirstChild(); first != nil {
			c.InsertBefore(c, first, t)
		} else {
			c.AppendChild(c, t)
		}
	}
	if color, ok := callout.ReadColor(st.raw["color:"]); ok {
		c.Meta.Color = color
	}
	if st.seen["metadata:"] {
		color := c.Meta.Color
		c.Meta = callout.ReadMeta(st.raw["metadata:"])
		c.Meta.Color = color
	}
}

// CanInterruptParagraph implements parser.BlockParser: a fence does.
func (blockParser) CanInterruptParagraph() bool { return true }

// CanAcceptIndentedLine implements parser.BlockParser.
func (blockParser) CanAcceptIndentedLine() bool { return false }

// defaultTitle is an admonition's title without title: ("type[0].toUpperCase()
// + type.slice(1).toLowerCase()").
func defaultTitle(kind string) string {
	if kind == "" {
		return ""
	}
	return strings.ToUpper(kind[:1]) + strings.ToLower(kind[1:])
}

// Extension adds Admonition blocks to a goldmark instance that renders
// callouts (callout.Extension).
type Extension struct{}

// Extend implements goldmark.Extender. The parser comes before goldmark's
// fenced code blocks (700), which take every other fence.
func (Extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithBlockParsers(util.Prioritized(blockParser{}, 690)))
}
