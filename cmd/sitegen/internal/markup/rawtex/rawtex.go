// Package rawtex drops the raw TeX paragraphs of pandoc's Markdown from a
// goldmark pipeline: a paragraph whose every line is a TeX command
// ("\pagebreak", "\newpage", "\pagestyle{headings}", "\vspace{2em}") is a
// print instruction of a book built with pandoc, and pandoc leaves it out
// of every output but LaTeX (https://pandoc.org/MANUAL.html#extension-raw_tex:
// "Inline LaTeX is ignored in output formats other than Markdown, LaTeX,
// Emacs Org mode, and ConTeXt"). Shown on a web page it is source syntax
// printed as text. A command inside a sentence is left as it is.
package rawtex

import (
	"regexp"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Extension drops raw TeX paragraphs.
var Extension goldmark.Extender = extension{}

type extension struct{}

// Extend implements goldmark.Extender.
func (extension) Extend(m goldmark.Markdown) {
	// After goldmark's link reference definitions (100) and tables (200):
	// what is left is a paragraph.
	m.Parser().AddOptions(parser.WithParagraphTransformers(util.Prioritized(paragraphs{}, 300)))
}

// commandLine matches a line of TeX commands, each with its optional
// [options] and {arguments}, one level of braces deep.
var commandLine = regexp.MustCompile(`^[ \t]*(\\[a-zA-Z@]+\*?(\[[^\]\n]*\])*(\{[^{}\n]*\})*[ \t]*)+\r?\n?$`)

type paragraphs struct{}

// Transform implements parser.ParagraphTransformer.
func (paragraphs) Transform(node *ast.Paragraph, reader text.Reader, _ parser.Context) {
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
