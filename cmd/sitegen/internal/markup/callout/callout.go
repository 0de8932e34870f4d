// Package callout is a goldmark extension for callouts: the sidebars,
// examples and warnings rules texts are full of, written as editors
// already write them for GitHub, Obsidian or MkDocs:
//
//	> [!NOTE]                 !!! example "A worked example"
//	> A GitHub alert.             An MkDocs admonition (4-space indent);
//	                              ??? is collapsed, ???+ collapsible and open.
//	> [!tip|right]- Title
//	> An Obsidian callout: any kind, a fold marker, a title, and metadata
//	> after "|" (metadata.go).
//
// MkDocs's content tabs (=== "Label", pymdownx.tabbed) are boxes of the
// same kind, style "tab", one per tab, all shown.
//
// Each becomes a Node: a themed box with its title, role="note" (a
// <details> when collapsible), printed open. Other syntaxes that mean a
// callout (the Admonition plugin's ```ad-note blocks, package
// markup/admonition) make the same Node, so that every callout is
// rendered by the one renderer here.
package callout

import (
	"regexp"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// KindCallout is the AST kind of a callout.
var KindCallout = ast.NewNodeKind("Callout")

// Node is a callout block; its children are its content, after its
// TitleNode when the title is written in Markdown.
type Node struct {
	ast.BaseBlock
	// Style is the kind whose style the callout takes (the class
	// callout-STYLE): "note", "warning"... (see Style).
	Style string
	// Title is the plain-text title shown when the node has no TitleNode;
	// "" shows none.
	Title string
	// Collapsible makes a <details>, open when Open.
	Collapsible, Open bool
	// Meta is what the callout's metadata asks of its layout (metadata.go).
	Meta Meta
	// Written is an Obsidian callout's type as written, lower-cased
	// ("col-md-2"), which Style folds into a known style: plugins' CSS
	// keys on it (package columns).
	Written string

	titleOff int // where a title written on the marker line starts in it; -1 for none
}

// Kind implements ast.Node.
func (n *Node) Kind() ast.NodeKind { return KindCallout }

// Dump implements ast.Node.
func (n *Node) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"style": n.Style, "title": n.Title}, nil)
}

// richTitle reports whether the title is the node's first child.
func (n *Node) richTitle() bool {
	_, ok := n.FirstChild().(*TitleNode)
	return ok
}

// KindTitle is the AST kind of a callout's title written with inline
// Markdown (> [!info] See [[Note]]).
var KindTitle = ast.NewNodeKind("CalloutTitle")

// TitleNode is a callout's title, its first child; its children are
// inline nodes, parsed from its lines.
type TitleNode struct{ ast.BaseBlock }

// Kind implements ast.Node.
func (n *TitleNode) Kind() ast.NodeKind { return KindTitle }

// Dump implements ast.Node.
func (n *TitleNode) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }

// DefaultTitle is the title of a callout kind without one of its own
// ("note" -> "Note", "side_bar" -> "Side bar").
func DefaultTitle(kind string) string {
	if kind == "" {
		return ""
	}
	return strings.ToUpper(kind[:1]) + strings.ReplaceAll(kind[1:], "_", " ")
}

// obsidianKinds maps Obsidian's callout kinds and their other names to
// the kind whose style they share (the class callout-KIND)
// (https://help.obsidian.md/Editing+and+formatting/Callouts, "Supported
// types").
var obsidianKinds = map[string]string{
	"note": "note", "abstract": "abstract", "summary": "abstract", "tldr": "abstract",
	"info": "info", "todo": "todo", "tip": "tip", "hint": "tip", "important": "important",
	"success": "success", "check": "success", "done": "success",
	"question": "question", "help": "question", "faq": "question",
	"warning": "warning", "caution": "caution", "attention": "warning",
	"failure": "failure", "fail": "failure", "missing": "failure",
	"danger": "danger", "error": "danger", "bug": "bug", "example": "example",
	"quote": "quote", "cite": "quote",
}

// Style is the style of a callout kind, in any case: Obsidian's kinds and
// their other names; a kind not listed is styled as a note, as Obsidian
// does ("any unsupported type defaults to the note type").
func Style(kind string) string {
	if s, ok := obsidianKinds[strings.ToLower(kind)]; ok {
		return s
	}
	return "note"
}

// alertRE matches the first line of a GitHub alert (in any case, as
// GitHub reads it).
var alertRE = regexp.MustCompile(`^\s*\[!(?i:(NOTE|TIP|IMPORTANT|WARNING|CAUTION))\]\s*$`)

// obsidianRE matches the first line of an Obsidian callout: any kind, in
// any case, of one word or several ("[!General Injury]": Obsidian reads
// the type up to "]"; a dot too: obsidian-columns' "[!col-md-0.5]"), its metadata after "|", a fold marker ("-"
// closed, "+" open) and a title.
// The type may be left out where metadata follows ("[!|bg-c-blue]- Title":
// a theme's or snippet's look on a callout of the default kind).
var obsidianRE = regexp.MustCompile(`^\s*\[!(\w[\w .-]*?|)(?:\|([^\]]*))?\]([-+]?)[ \t]*(.*?)\s*$`)

// alertTransformer turns block quotes that start with [!NOTE] (and the
// other four GitHub alert words) into callouts; with obsidian, any
// [!kind] with its metadata, fold marker and title (> [!info]- Title).
type alertTransformer struct{ obsidian bool }

// marker reads a callout's first line: its style, title, fold and
// metadata, and where in the line a title of its own starts (titleOff, -1
// for none).
func (t alertTransformer) marker(line []byte) (*Node, bool) {
	if m := alertRE.FindSubmatch(line); m != nil {
		kind := strings.ToLower(string(m[1]))
		return &Node{Style: kind, Title: DefaultTitle(kind), titleOff: -1}, true
	}
	if !t.obsidian {
		return nil, false
	}
	idx := obsidianRE.FindSubmatchIndex(line)
	if idx == nil {
		return nil, false
	}
	group := func(i int) string {
		if idx[2*i] < 0 {
			return ""
		}
		return string(line[idx[2*i]:idx[2*i+1]])
	}
	name := strings.ToLower(strings.TrimSpace(group(1)))
	if name == "" && idx[4] < 0 { // "[!]": neither a type nor metadata
		return nil, false
	}
	c := &Node{Style: Style(name), Written: name, Title: DefaultTitle(name), titleOff: -1, Meta: ReadMeta(group(2))}
	if title := group(4); title != "" {
		c.Title, c.titleOff = title, idx[8]
	}
	if fold := group(3); fold != "" {
		c.Collapsible, c.Open = true, fold == "+"
	}
	if name == "infobox" && c.Meta.Float == "" {
		// An infobox is a wiki's box beside the text: on the right unless
		// its metadata says left (ITS's "> [!infobox|left]").
		c.Meta.Float = "right"
	}
	return c, true
}

// Transform implements parser.ASTTransformer.
func (t alertTransformer) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	src := reader.Source()
	var quotes []*ast.Blockquote
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if q, ok := n.(*ast.Blockquote); ok && entering {
			quotes = append(quotes, q)
		}
		return ast.WalkContinue, nil
	})
	for _, q := range quotes {
		para, ok := q.FirstChild().(*ast.Paragraph)
		if !ok || para.Lines().Len() == 0 {
			continue
		}
		first := para.Lines().At(0)
		c, ok := t.marker(first.Value(src))
		if !ok {
			continue
		}
		// Take the marker line out: its inline nodes up to the first
		// line break; those after the marker are the title (Obsidian's
		// titles hold links and emphasis), the rest goes.
		titleStart := -1
		if c.titleOff >= 0 {
			titleStart = first.Start + c.titleOff
		}
		title := &TitleNode{}
		for n := para.FirstChild(); n != nil; {
			next := n.NextSibling()
			txt, isText := n.(*ast.Text)
			brk := isText && (txt.SoftLineBreak() || txt.HardLineBreak())
			para.RemoveChild(para, n)
			switch {
			case titleStart < 0:
			case isText && txt.Segment.Stop <= titleStart:
			case isText:
				if txt.Segment.Start < titleStart {
					txt.Segment = txt.Segment.WithStart(titleStart)
				}
				txt.SetSoftLineBreak(false)
				txt.SetHardLineBreak(false)
				title.AppendChild(title, n)
			default:
				title.AppendChild(title, n)
			}
			if brk {
				break
			}
			n = next
		}
		if para.Lines().Len() == 1 {
			q.RemoveChild(q, para)
		} else {
			lines := para.Lines()
			rest := text.NewSegments()
			for i := 1; i < lines.Len(); i++ {
				rest.Append(lines.At(i))
			}
			para.SetLines(rest)
		}
		if title.HasChildren() {
			c.AppendChild(c, title)
		}
		for n := q.FirstChild(); n != nil; {
			next := n.NextSibling()
			c.AppendChild(c, n)
			n = next
		}
		for _, a := range q.Attributes() { // a ^block-id under it
			c.SetAttribute(a.Name, a.Value)
		}
		q.Parent().ReplaceChild(q.Parent(), q, c)
	}
}

// admonitionRE matches the first line of an MkDocs admonition: the type,
// more CSS classes after it ("!!! danger highlight blink": sitegen styles
// the box by the type only) and a title in double quotes, which runs to
// the line's last quote (Python-Markdown's `(?: +"(.*?)")? *(?:\n|$)`), so
// that a title may quote.
var admonitionRE = regexp.MustCompile(`^(!!!|\?\?\?\+?)[ \t]+([A-Za-z][\w-]*)(?:[ \t]+[\w-]+)*(?:[ \t]+"(.*?)")?[ \t]*$`)

// tabRE matches the first line of a content tab of MkDocs's
// pymdownx.tabbed (https://squidfunk.github.io/mkdocs-material/reference/content-tabs/):
// `=== "Label"`, "===!" starting a new set of tabs, "===+" the tab shown
// first.
var tabRE = regexp.MustCompile(`^===[!+]?[ \t]+"(.*?)"[ \t]*$`)

// admonitionParser parses MkDocs admonitions: the "!!! kind" line and the
// lines indented by four spaces (or blank) after it; and content tabs,
// which it shows as boxes titled by their labels, one after the other
// (every tab's content is shown, none is printed as syntax).
type admonitionParser struct{}

func (admonitionParser) Trigger() []byte { return []byte{'!', '?', '='} }

func (admonitionParser) Open(_ ast.Node, reader text.Reader, _ parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	trimmed := util.TrimRightSpace(line)
	if t := tabRE.FindSubmatchIndex(trimmed); t != nil {
		reader.Advance(seg.Len() - 1)
		c := &Node{Style: "tab", Title: string(trimmed[t[2]:t[3]]), titleOff: -1}
		markdownTitle(c, seg, t[2], t[3])
		return c, parser.HasChildren
	}
	m := admonitionRE.FindSubmatchIndex(trimmed)
	if m == nil {
		return nil, parser.NoChildren
	}
	kind := strings.ToLower(string(trimmed[m[4]:m[5]]))
	c := &Node{Style: kind, Title: DefaultTitle(kind), titleOff: -1}
	if m[6] >= 0 {
		c.Title = string(trimmed[m[6]:m[7]]) // "" hides the title, as in MkDocs
		markdownTitle(c, seg, m[6], m[7])
	}
	if marker := string(trimmed[m[2]:m[3]]); marker != "!!!" {
		c.Collapsible, c.Open = true, marker == "???+"
		if c.Title == "" {
			c.Title = DefaultTitle(kind)
		}
	}
	reader.Advance(seg.Len() - 1)
	return c, parser.HasChildren
}

// markdownTitle gives c, as its first child, a title of the inline
// Markdown between start and end of its first line (seg): Python-Markdown
// sets the title as the text of the title's element, and its inline
// processor renders the text of every element ("p.text = title",
// https://github.com/Python-Markdown/markdown/blob/master/markdown/extensions/admonition.py;
// pymdownx.details' summary and pymdownx.tabbed's label alike). A title
// that is empty, or on a line whose indentation is partly a tab's
// (padding: its bytes are not the line's), stays c.Title's plain text.
func markdownTitle(c *Node, seg text.Segment, start, end int) {
	if start == end || seg.Padding != 0 {
		return
	}
	title := &TitleNode{}
	title.Lines().Append(text.NewSegment(seg.Start+start, seg.Start+end))
	c.AppendChild(c, title)
}

func (admonitionParser) Continue(_ ast.Node, reader text.Reader, _ parser.Context) parser.State {
	line, _ := reader.PeekLine()
	if util.IsBlank(line) {
		reader.AdvanceToEOL()
		return parser.Continue | parser.HasChildren
	}
	if w, _ := util.IndentWidth(line, reader.LineOffset()); w < 4 {
		return parser.Close
	}
	pos, padding := util.IndentPosition(line, reader.LineOffset(), 4)
	reader.AdvanceAndSetPadding(pos, padding)
	return parser.Continue | parser.HasChildren
}

func (admonitionParser) Close(ast.Node, text.Reader, parser.Context) {}
func (admonitionParser) CanInterruptParagraph() bool                 { return true }
func (admonitionParser) CanAcceptIndentedLine() bool                 { return false }

// Extension adds callouts to a goldmark instance: GitHub alerts and
// MkDocs admonitions; with Obsidian, Obsidian's kinds, titles, fold
// markers and metadata.
type Extension struct{ Obsidian bool }

// Extend implements goldmark.Extender.
func (e Extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(
		parser.WithBlockParsers(util.Prioritized(admonitionParser{}, 150)),
		parser.WithASTTransformers(util.Prioritized(alertTransformer{obsidian: e.Obsidian}, 100)),
	)
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(Renderer{}, 100)))
}

// Renderer renders callouts (Node) and their titles (TitleNode). A
// goldmark instance that makes callouts of its own (package
// markup/admonition) registers it, or the Extension.
type Renderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (Renderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindTitle, func(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		tag := "p"
		if c, ok := node.Parent().(*Node); ok && c.Collapsible {
			tag = "summary"
		} else if ok && c.Meta.NoTitle {
			return ast.WalkSkipChildren, nil // its metadata hides it
		}
		if entering {
			_, _ = w.WriteString("<" + tag + ` class="callout-title">`)
		} else {
			_, _ = w.WriteString("</" + tag + ">\n")
		}
		return ast.WalkContinue, nil
	})
	reg.Register(KindCallout, func(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		c := node.(*Node)
		class := "callout callout-" + string(util.EscapeHTML([]byte(c.Style))) + c.Meta.classes()
		if id := nodeID(c); id != "" {
			class += `" id="` + string(util.EscapeHTML([]byte(id)))
		}
		if style := c.Meta.style(); style != "" {
			class += `" style="` + style
		}
		title := string(util.EscapeHTML([]byte(c.Title)))
		rich := c.richTitle()
		switch {
		case entering && c.Collapsible:
			_, _ = w.WriteString(`<details class="` + class + `"`)
			if c.Open {
				_, _ = w.WriteString(" open")
			}
			_, _ = w.WriteString(">")
			if !rich {
				_, _ = w.WriteString(`<summary class="callout-title">` + title + "</summary>\n")
			}
		case entering:
			_, _ = w.WriteString(`<div class="` + class + `" role="note">` + "\n")
			if c.Title != "" && !rich && !c.Meta.NoTitle {
				_, _ = w.WriteString(`<p class="callout-title">` + title + "</p>\n")
			}
		case c.Collapsible:
			_, _ = w.WriteString("</details>\n")
		default:
			_, _ = w.WriteString("</div>\n")
		}
		return ast.WalkContinue, nil
	})
}

// nodeID is the id attribute of a node (a ^block-id), or "".
func nodeID(n ast.Node) string {
	v, ok := n.AttributeString("id")
	if !ok {
		return ""
	}
	switch id := v.(type) {
	case []byte:
		return string(id)
	case string:
		return id
	}
	return ""
}

// ContinueFenced reads the next line of a callout written as a fenced
// block (the Admonition plugin's ```ad-note, mdbook-admonish's
// ```admonish): a line of length or more fence characters, indented less
// than four columns and followed by nothing but blanks, closes the block
// (consumed; closed is true); any other line is content, less up to
// indent columns of indentation (the opening fence's).
func ContinueFenced(reader text.Reader, fence byte, length, indent int) (closed bool) {
	line, _ := reader.PeekLine()
	if ClosingFence(line, reader.LineOffset(), fence, length) {
		reader.AdvanceToEOL()
		return true
	}
	if indent > 0 {
		w, _ := util.IndentWidth(line, reader.LineOffset())
		if pos, padding := util.IndentPosition(line, reader.LineOffset(), min(w, indent)); pos > 0 || padding > 0 {
			reader.AdvanceAndSetPadding(pos, padding)
		}
	}
	return false
}

// ClosingFence reports whether line, starting at column offset, closes a
// fenced block opened by length fence characters: length or more of them,
// indented less than four columns, followed by nothing but blanks.
func ClosingFence(line []byte, offset int, fence byte, length int) bool {
	w, pos := util.IndentWidth(line, offset)
	if w >= 4 {
		return false
	}
	i := pos
	for i < len(line) && line[i] == fence {
		i++
	}
	return i-pos >= length && util.IsBlank(line[i:])
}

// OpenFence reads the opening fence of a callout written as a fenced
// block at pos of line: three or more backticks or tildes. It returns the
// fence's character and the index after its run, ok false when there is
// none there. (The info string's rules are each block's.)
func OpenFence(line []byte, pos int) (fence byte, end int, ok bool) {
	if pos < 0 || pos >= len(line) || (line[pos] != '`' && line[pos] != '~') {
		return 0, 0, false
	}
	fence, end = line[pos], pos
	for end < len(line) && line[end] == fence {
		end++
	}
	return fence, end, end-pos >= 3
}
