// Package pandoc reads the parts of pandoc's Markdown that a book written
// for pandoc (the build scripts of many GitHub repositories of rules) holds
// and that GitHub's Markdown shows as text, the way pandoc's HTML output
// shows them (https://pandoc.org/MANUAL.html):
//
//   - raw TeX: a paragraph whose every line is a TeX command
//     ("\pagebreak", "\newpage", "\pagestyle{headings}", "\vspace{2em}")
//     is a print instruction, and pandoc leaves it out of every output but
//     LaTeX (extension raw_tex: "Inline LaTeX is ignored in output formats
//     other than Markdown, LaTeX, Emacs Org mode, and ConTeXt"). A command
//     inside a sentence is left as it is.
//   - link attributes: "{width=50% .class #id}" right after an image or a
//     link (extension link_attributes) is never printed; an image's width
//     and height are applied as pandoc's HTML writer applies them (a
//     number of pixels as the attribute, another unit as a style).
package pandoc

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Extension reads pandoc's raw TeX paragraphs and link attributes.
var Extension goldmark.Extender = pandocExtension{}

type pandocExtension struct{}

// Extend implements goldmark.Extender.
func (pandocExtension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(
		// After goldmark's link reference definitions (100) and tables
		// (200): what is left is a paragraph.
		parser.WithParagraphTransformers(util.Prioritized(texParagraphs{}, 300)),
		parser.WithASTTransformers(util.Prioritized(linkAttributes{}, 90)),
	)
}

// commandLine matches a line of TeX commands, each with its optional
// [options] and {arguments}, one level of braces deep.
var commandLine = regexp.MustCompile(`^[ \t]*(\\[a-zA-Z@]+\*?(\[[^\]\n]*\])*(\{[^{}\n]*\})*[ \t]*)+\r?\n?$`)

type texParagraphs struct{}

// Transform implements parser.ParagraphTransformer.
func (texParagraphs) Transform(node *ast.Paragraph, reader text.Reader, _ parser.Context) {
	lines := node.Lines()
	if lines.Len() == 0 {
		return
	}
	src := reader.Source()
	for i := range lines.Len() {
		seg := lines.At(i)
		if !commandLine.Match(seg.Value(src)) {
			return
		}
	}
	node.Parent().RemoveChild(node.Parent(), node)
}

// attrToken matches one attribute of a pandoc attribute list: #id,
// .class, key=value or key="value".
var attrToken = regexp.MustCompile(`^(#[\w:.-]+|\.[\w-]+|[\w-]+=("[^"]*"|'[^']*'|[^\s"'}]+))$`)

// size matches a width or height pandoc's HTML writer turns into a style.
var size = regexp.MustCompile(`^([0-9]*\.?[0-9]+)(px|cm|mm|in|inch|%|em|pt)?$`)

type linkAttributes struct{}

// Transform implements parser.ASTTransformer.
func (linkAttributes) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	src := reader.Source()
	var targets []ast.Node
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering && (n.Kind() == ast.KindImage || n.Kind() == ast.KindLink) {
			targets = append(targets, n)
		}
		return ast.WalkContinue, nil
	})
	for _, n := range targets {
		t, ok := n.NextSibling().(*ast.Text)
		if !ok || t.Segment.Start < 1 || src[t.Segment.Start-1] != ')' {
			continue // attributes come right after the closing parenthesis
		}
		if attrs, ok := cutAttributes(t, src); ok {
			if img, isImg := n.(*ast.Image); isImg {
				applySize(img, attrs)
			}
		}
	}
}

// cutAttributes takes an attribute list "{...}" off the start of t (and
// of the text siblings its source runs on into) and returns its tokens.
func cutAttributes(t *ast.Text, src []byte) ([]string, bool) {
	start := t.Segment.Start
	if start >= len(src) || src[start] != '{' {
		return nil, false
	}
	end := bytes.IndexByte(src[start:], '}')
	if end < 0 || bytes.IndexByte(src[start:start+end], '\n') >= 0 {
		return nil, false
	}
	end += start + 1
	tokens := strings.Fields(string(src[start+1 : end-1]))
	for _, tok := range tokens {
		if !attrToken.MatchString(tok) {
			return nil, false
		}
	}
	// The list may span text nodes that follow each other in the source
	// (goldmark splits text at some punctuation, and the typographer puts
	// its quotes between them): all of them must be found before any is
	// cut.
	var cut []ast.Node
	at := start
	for n := ast.Node(t); n != nil && at < end; n = n.NextSibling() {
		switch c := n.(type) {
		case *ast.Text:
			if c.Segment.Start < at || c.Segment.Start >= end {
				return nil, false
			}
			at = c.Segment.Stop
		case *ast.String: // a typographer's quote
		default:
			return nil, false
		}
		cut = append(cut, n)
	}
	if at < end {
		return nil, false
	}
	for _, n := range cut {
		if c, ok := n.(*ast.Text); ok && c.Segment.Stop > end {
			c.Segment = c.Segment.WithStart(end)
			continue
		}
		n.Parent().RemoveChild(n.Parent(), n)
	}
	return tokens, true
}

// applySize gives an image the width and height of its attributes.
func applySize(img *ast.Image, attrs []string) {
	var style []string
	for _, a := range attrs {
		key, val, ok := strings.Cut(a, "=")
		if !ok || key != "width" && key != "height" {
			continue
		}
		val = strings.Trim(val, `"'`)
		m := size.FindStringSubmatch(val)
		switch {
		case m == nil:
		case m[2] == "" || m[2] == "px":
			img.SetAttributeString(key, []byte(m[1]))
		default:
			unit := m[2]
			if unit == "inch" {
				unit = "in"
			}
			style = append(style, key+":"+m[1]+unit)
		}
	}
	if len(style) > 0 {
		img.SetAttributeString("style", []byte(strings.Join(style, ";")))
	}
}
