package markup

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// withPythonHTMLBlocks returns the block parsers list with goldmark's HTML
// block parser replaced by one that reads a block-level element as
// Python-Markdown does (Dialects.PythonMarkdown): "block-level HTML
// elements ... must be separated from surrounding content by blank lines,
// and the start and end tags of the block should not be indented"
// (https://python-markdown.github.io/#differences), and the element is
// raw HTML to its end tag, blank lines and indented children included
// (markdown.htmlparser's HTMLExtractor keeps it raw until the tag's stack
// empties). CommonMark's kind-6 block ends at the first blank line, so
// the rest of such an element was a code block. An element whose start
// tag has md_in_html's markdown attribute keeps CommonMark's reading: its
// content is Markdown.
func withPythonHTMLBlocks(list []util.PrioritizedValue) []util.PrioritizedValue {
	return wrapParser(list, parser.NewHTMLBlockParser(), func(p parser.BlockParser) parser.BlockParser { return pythonHTMLBlocks{p} })
}

// pythonHTMLBlocks is goldmark's HTML block parser, a kind-6 block opened
// by an unindented block-level start tag continued to its end tag
// (withPythonHTMLBlocks).
type pythonHTMLBlocks struct{ parser.BlockParser }

// openElementKey holds, per parse, the block-level elements still open
// at the end of their blocks' lines so far: *ast.HTMLBlock -> *openElement.
var openElementKey = parser.NewContextKey()

// openElement is the tag of the element a block opened and how many of
// that tag are open.
type openElement struct {
	tag   string
	depth int
}

// pythonBlockStart is a start tag at the start of a line, unindented: its
// name and the rest of the tag.
var pythonBlockStart = regexp.MustCompile(`^<([a-zA-Z][a-zA-Z0-9]*)(\s[^>]*)?>`)

// pythonBlockTags are Python-Markdown's block-level elements whose content
// it keeps raw (Markdown.block_level_elements, less the void hr).
var pythonBlockTags = map[string]bool{
	"address": true, "article": true, "aside": true, "blockquote": true, "details": true, "div": true, "dl": true,
	"fieldset": true, "figcaption": true, "figure": true, "footer": true, "form": true, "h1": true, "h2": true,
	"h3": true, "h4": true, "h5": true, "h6": true, "header": true, "hgroup": true, "main": true, "menu": true,
	"nav": true, "ol": true, "p": true, "pre": true, "section": true, "table": true, "ul": true, "canvas": true,
	"colgroup": true, "dd": true, "body": true, "dt": true, "group": true, "html": true, "iframe": true, "li": true,
	"legend": true, "math": true, "map": true, "noscript": true, "output": true, "object": true, "option": true,
	"progress": true, "script": true, "style": true, "summary": true, "tbody": true, "td": true, "textarea": true,
	"tfoot": true, "th": true, "thead": true, "tr": true, "video": true, "center": true,
}

// markdownAttr matches md_in_html's markdown attribute in a start tag.
var markdownAttr = regexp.MustCompile(`(?i)\smarkdown(\s|=|/|$)`)

func (p pythonHTMLBlocks) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, _ := reader.PeekLine()
	node, state := p.BlockParser.Open(parent, reader, pc)
	h, ok := node.(*ast.HTMLBlock)
	if !ok || h.HTMLBlockType != ast.HTMLBlockType6 {
		return node, state
	}
	m := pythonBlockStart.FindSubmatch(line)
	if m == nil || markdownAttr.Match(m[2]) {
		return node, state
	}
	tag := strings.ToLower(string(m[1]))
	if !pythonBlockTags[tag] {
		return node, state
	}
	if depth := tagDepth(line, tag, 0); depth > 0 {
		open, _ := pc.Get(openElementKey).(map[ast.Node]*openElement)
		if open == nil {
			open = map[ast.Node]*openElement{}
			pc.Set(openElementKey, open)
		}
		open[node] = &openElement{tag: tag, depth: depth}
	}
	return node, state
}

func (p pythonHTMLBlocks) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	open, _ := pc.Get(openElementKey).(map[ast.Node]*openElement)
	el := open[node]
	if el == nil {
		return p.BlockParser.Continue(node, reader, pc)
	}
	line, segment := reader.PeekLine()
	node.Lines().Append(segment)
	reader.AdvanceToEOL()
	if el.depth = tagDepth(line, el.tag, el.depth); el.depth <= 0 {
		delete(open, node)
		return parser.Close
	}
	return parser.Continue | parser.NoChildren
}

func (p pythonHTMLBlocks) Close(node ast.Node, reader text.Reader, pc parser.Context) {
	if open, _ := pc.Get(openElementKey).(map[ast.Node]*openElement); open != nil {
		delete(open, node) // the document ended inside it: raw HTML to the end, as Python-Markdown keeps it
	}
	p.BlockParser.Close(node, reader, pc)
}

// tagDepth is depth after the start and end tags of tag in line: +1 for
// each <tag …> that does not close itself, -1 for each </tag>.
func tagDepth(line []byte, tag string, depth int) int {
	lower := bytes.ToLower(line)
	for i := 0; i < len(lower); {
		j := bytes.IndexByte(lower[i:], '<')
		if j < 0 {
			break
		}
		i += j + 1
		closing := i < len(lower) && lower[i] == '/'
		if closing {
			i++
		}
		if !bytes.HasPrefix(lower[i:], []byte(tag)) {
			continue
		}
		end := i + len(tag)
		if end < len(lower) && (lower[end] >= 'a' && lower[end] <= 'z' || lower[end] >= '0' && lower[end] <= '9' || lower[end] == '-') {
			continue // <divider> is not <div>
		}
		gt := bytes.IndexByte(lower[end:], '>')
		switch {
		case closing:
			depth--
		case gt > 0 && lower[end+gt-1] == '/':
			// <div/>: closes itself
		default:
			depth++
		}
	}
	return depth
}
