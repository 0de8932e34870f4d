package markup

import (
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
	"go.abhg.dev/goldmark/frontmatter"
)

// frontMatter adds front matter at the start of a page
// (go.abhg.dev/goldmark/frontmatter's parser, frontmatter.Get) to a
// goldmark instance.
type frontMatter struct{}

// Extend implements goldmark.Extender.
func (frontMatter) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithBlockParsers(util.Prioritized(firstLine{&frontmatter.Parser{}}, 0)))
}

// firstLine is the front matter parser opened on the page's first line
// only. The library's own test (the reader's line > 1, counted from 0)
// also opens it on the second: "# Title" then "---" read the note's text
// down to the next "---" line as front matter and dropped it
// (RickyFoots/Kyonin: 86 of its 616 notes lost their opening text).
// Every tool sitegen reads starts front matter on the file's first line
// ("Properties … must be at the very top of the file",
// https://help.obsidian.md/properties; Hugo and Jekyll alike).
type firstLine struct{ *frontmatter.Parser }

// Open implements parser.BlockParser.
func (p firstLine) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	if line, _ := reader.Position(); line > 0 {
		return nil, parser.NoChildren
	}
	return p.Parser.Open(parent, reader, pc)
}
