// Package wikilink is a goldmark extension for Obsidian's internal links:
//
//	[[Note]]  [[Note|text]]  [[Note#Heading]]  [[Note#^block]]  [[#Heading]]
//	![[image.png]]  ![[image.png|300]]  ![[Note]]  ![[Note#Heading]]
//
// The parser makes a Node of each; it does not resolve them (it knows no
// other notes). Whoever does sets Node.Destination (a link or an image) or
// Node.HTML (an embedded note, trusted HTML) before rendering; a Node left
// unresolved renders as its label in a span.
package wikilink

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Kind is the AST kind of a wikilink.
var Kind = ast.NewNodeKind("WikiLink")

// Node is a [[wikilink]] or an ![[embed]].
type Node struct {
	ast.BaseInline
	// Target is the note or file named ("Note", "Races/Human", "map.png");
	// "" for a link into the same note ([[#Heading]]).
	Target string
	// Fragment is what follows '#': a heading's text or "^block-id".
	Fragment string
	// Label is the text after the first '|' as written ("" when none);
	// for an embed it may end with a size ("300", "300x200", or
	// "alt|300"), read into Width and Height: Alt is the rest.
	Label         string
	Width, Height int
	// Embed is true for ![[...]].
	Embed bool
	// Start is the source offset of the opening "[[" (or "![[").
	Start int
	// Written is the link as its author wrote it, when that was not
	// [[...]] (an embed in Markdown's syntax, ![alt](Note.md)): messages
	// quote it.
	Written string

	// Destination is the resolved URL (set by a resolver).
	Destination string
	// HTML, when set, is written in place of the node as is (an embedded
	// note rendered by the resolver).
	HTML string
}

// Kind implements ast.Node.
func (n *Node) Kind() ast.NodeKind { return Kind }

// Dump implements ast.Node.
func (n *Node) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Target": n.Target, "Fragment": n.Fragment, "Label": n.Label}, nil)
}

// Display is what a link shows: its label, else Obsidian's own "Note >
// Heading" (or the heading alone for a link into the same note); a
// subheading path "Heading#Sub" shows as "Heading > Sub", as Obsidian
// shows it.
func (n *Node) Display() string {
	if n.Label != "" && !n.isSized() {
		return n.Label
	}
	name := n.Target
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	name = strings.TrimSuffix(name, ".md")
	frag := n.Fragment
	if !strings.HasPrefix(frag, "^") {
		frag = strings.ReplaceAll(frag, "#", " > ")
	}
	switch {
	case frag == "":
		return name
	case name == "":
		return frag
	}
	return name + " > " + frag
}

func (n *Node) isSized() bool { return n.Embed && (n.Width > 0 || n.Height > 0) }

// Alt is an embed's alt text: its label without the size that ends it
// ("right" for ![[map.png|right|300]]), "" when the label is a size alone.
func (n *Node) Alt() string {
	if !n.isSized() {
		return n.Label
	}
	if i := strings.LastIndexByte(n.Label, '|'); i >= 0 {
		return strings.TrimSpace(n.Label[:i])
	}
	return ""
}

// Parse reads a wikilink at the start of line ("[[" or "![["), returning
// the node and its length in bytes, or nil when line does not start with
// one. A wikilink ends at the first "]]" on the same line and holds no
// "[" or "]"; "\|" (a pipe escaped in a table) separates the label too.
func Parse(line []byte) (*Node, int) {
	n := &Node{}
	open := 2
	if bytes.HasPrefix(line, []byte("![[")) {
		n.Embed, open = true, 3
	} else if !bytes.HasPrefix(line, []byte("[[")) {
		return nil, 0
	}
	end := bytes.Index(line[open:], []byte("]]"))
	if end < 0 {
		return nil, 0
	}
	inner := string(line[open : open+end])
	if strings.ContainsAny(inner, "[]\n") || strings.TrimSpace(inner) == "" {
		return nil, 0
	}
	inner = strings.ReplaceAll(inner, `\|`, "|")
	target, label, hasLabel := strings.Cut(inner, "|")
	target, frag, _ := strings.Cut(target, "#")
	n.Target, n.Fragment = strings.TrimSpace(target), strings.TrimSpace(frag)
	if hasLabel {
		n.Label = strings.TrimSpace(label)
		if n.Embed {
			// "![[image.png|alt text|300]]": the last part is the
			// size when it reads as one, the rest the alt text
			// (Obsidian's reading view gives the img that alt and
			// width; themes such as ITS style images by alt words:
			// "right", "center").
			size := n.Label
			if i := strings.LastIndexByte(size, '|'); i >= 0 {
				size = strings.TrimSpace(size[i+1:])
			}
			if w, h, sized := Size(size); sized {
				n.Width, n.Height = w, h
			}
		}
	}
	if n.Target == "" && n.Fragment == "" {
		return nil, 0
	}
	return n, open + end + 2
}

// Size reads an Obsidian image size, "300" or "300x200" (an embed's
// label, or the end of a Markdown image's alt text).
func Size(s string) (w, h int, ok bool) {
	a, b, two := strings.Cut(s, "x")
	w, err := strconv.Atoi(a)
	if err != nil || w < 0 {
		return 0, 0, false
	}
	if two {
		h, err = strconv.Atoi(b)
		if err != nil || h < 0 {
			return 0, 0, false
		}
	}
	return w, h, true
}

// inlineParser parses wikilinks in paragraphs.
type inlineParser struct{}

func (inlineParser) Trigger() []byte { return []byte{'[', '!'} }

func (inlineParser) Parse(_ ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, seg := block.PeekLine()
	n, length := Parse(line)
	if n == nil {
		return nil
	}
	n.Start = seg.Start
	block.Advance(length)
	pc.Set(foundKey, true)
	return n
}

// foundKey marks a parse that found a wikilink (see Found).
var foundKey = parser.NewContextKey()

// Found reports whether the parse with context pc found a wikilink, so
// that a page without one is not searched for them.
func Found(pc parser.Context) bool { return pc.Get(foundKey) != nil }

// MarkFound records that the parse with context pc holds a wikilink that
// a transformer made (an embed written in Markdown's syntax).
func MarkFound(pc parser.Context) { pc.Set(foundKey, true) }

// htmlRenderer renders wikilinks.
type htmlRenderer struct{}

func (htmlRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(Kind, func(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkSkipChildren, nil
		}
		n := node.(*Node)
		esc := func(s string) { _, _ = w.Write(util.EscapeHTML([]byte(s))) }
		switch {
		case n.HTML != "":
			_, _ = w.WriteString(n.HTML)
		case n.Destination == "":
			_, _ = w.WriteString(`<span class="wikilink-missing">`)
			esc(n.Display())
			_, _ = w.WriteString("</span>")
		case n.Embed:
			_, _ = w.WriteString(`<img src="`)
			_, _ = w.Write(util.EscapeHTML(util.URLEscape([]byte(n.Destination), false)))
			_, _ = w.WriteString(`" alt="`)
			if alt := n.Alt(); alt != "" {
				esc(alt)
			} else {
				esc(n.Display())
			}
			_ = w.WriteByte('"')
			if n.Width > 0 {
				_, _ = w.WriteString(` width="` + strconv.Itoa(n.Width) + `"`)
			}
			if n.Height > 0 {
				_, _ = w.WriteString(` height="` + strconv.Itoa(n.Height) + `"`)
			}
			_, _ = w.WriteString(` loading="lazy">`)
		default:
			_, _ = w.WriteString(`<a class="wikilink" href="`)
			_, _ = w.Write(util.EscapeHTML(util.URLEscape([]byte(n.Destination), false)))
			_, _ = w.WriteString(`">`)
			esc(n.Display())
			_, _ = w.WriteString("</a>")
		}
		return ast.WalkSkipChildren, nil
	})
}

// Extension adds wikilinks to a goldmark instance.
var Extension goldmark.Extender = extension{}

type extension struct{}

// Extend implements goldmark.Extender.
func (extension) Extend(m goldmark.Markdown) {
	// Before goldmark's link parser (200), which also starts at '[' and '!'.
	m.Parser().AddOptions(parser.WithInlineParsers(util.Prioritized(inlineParser{}, 199)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(htmlRenderer{}, 100)))
}
