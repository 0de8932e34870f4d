// Package math reads the TeX formulas of the tools that turn math on
// ($…$ inline, $$…$$ on lines of their own) and, with a Converter,
// renders each as MathML at build time (Temml run in goja, temml.go):
// <span class="math math-inline"><math>…</math></span> and <div
// class="math math-display"><math display="block">…</math></div>, which
// Chromium, Firefox and Safari render with no script, the site working
// offline. A formula Temml cannot read (or one past the limits on its
// length, time and nesting) keeps its TeX source inside the same
// elements, with a warning at its opening delimiter.
//
// The delimiters are markdown-it-katex's, which VitePress's
// markdown-it-mathjax3 and, but for the digit rule, MkDocs'
// pymdownx.arithmatex (smart_dollar) share: an opening $ followed by a
// non-space, the next unescaped $ closing it when preceded by a
// non-space (and, with NoDigitAfter, not followed by a digit); otherwise
// the $ is text. An inline formula lies on one line. A display formula
// starts with $$ at the start of a line and ends on the first line that
// ends with $$ (or with the document); text after the opening $$ and
// before the closing one is part of it.
package math

import (
	"bytes"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Extension is the goldmark extension.
type Extension struct {
	// NoDigitAfter: a closing $ followed by a digit closes nothing
	// ("$20,000 and $30,000 won't parse as math", markdown-it-mathjax3).
	NoDigitAfter bool
	// Brackets reads mdBook's MathJax delimiters (output.html.
	// mathjax-support): "Inline equations are delimited by \\( and \\).
	// … Block equations are delimited by \\[ and \\]"
	// (https://rust-lang.github.io/mdBook/format/mathjax.html) — as
	// written in the Markdown, doubled, since Markdown reads \\ as one
	// backslash and MathJax gets \( … \). The formula's TeX is what
	// MathJax gets: the text between them with Markdown's backslash
	// escapes read (\\\\ is \\, as mdBook's docs say: "you need to
	// add two extra backslashes"). A \\[ … \\] block starts with \\[ at
	// the start of a line and ends on the first line that ends with \\];
	// inside a line it is a formula of that line. NoDollars: $ is text
	// ("You can't currently use $$ ... $$ as delimiters").
	Brackets, NoDollars bool
	// Convert, when set, renders each formula as MathML at build time
	// (Converter); a formula it cannot read keeps its source view and
	// Warn says why, at the formula.
	Convert *Converter
	Warn    func(pc parser.Context, offset int, msg string)
}

// KindInline and KindDisplay are the kinds of the formula nodes.
var (
	KindInline  = ast.NewNodeKind("MathInline")
	KindDisplay = ast.NewNodeKind("MathDisplay")
)

// Inline is a $…$ formula; Display: a display formula written inside
// a line (mdBook's \\[ … \\]).
type Inline struct {
	ast.BaseInline
	TeX     []byte
	Display bool
	MathML  []byte // the formula rendered (Extension.Convert)
	offset  int    // of the opening delimiter in the source
}

// Kind implements ast.Node.
func (n *Inline) Kind() ast.NodeKind { return KindInline }

// Dump implements ast.Node.
func (n *Inline) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"TeX": string(n.TeX)}, nil)
}

// Display is a $$…$$ formula.
type Display struct {
	ast.BaseBlock
	TeX     []byte
	MathML  []byte // the formula rendered (Extension.Convert)
	offset  int    // of the opening delimiter in the source
	closed  bool   // its closing $$ was read
	escapes bool   // Markdown's backslash escapes are read in TeX (Close)
}

// Kind implements ast.Node.
func (n *Display) Kind() ast.NodeKind { return KindDisplay }

// Dump implements ast.Node.
func (n *Display) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"TeX": string(n.TeX)}, nil)
}

// IsRaw implements ast.Node: the formula holds no Markdown.
func (n *Display) IsRaw() bool { return true }

// Extend implements goldmark.Extender.
func (e Extension) Extend(m goldmark.Markdown) {
	if !e.NoDollars {
		m.Parser().AddOptions(
			parser.WithInlineParsers(util.Prioritized(inlineParser{noDigitAfter: e.NoDigitAfter}, 150)),
			parser.WithBlockParsers(util.Prioritized(displayParser{open: "$$", close: "$$"}, 650)),
		)
	}
	if e.Brackets {
		m.Parser().AddOptions(
			parser.WithInlineParsers(util.Prioritized(bracketParser{}, 150)),
			parser.WithBlockParsers(util.Prioritized(displayParser{open: `\\[`, close: `\\]`, escapes: true}, 650)),
		)
	}
	if e.Convert != nil {
		m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(transformer{e}, 900)))
	}
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(nodeRenderer{}, 100)))
}

type inlineParser struct{ noDigitAfter bool }

func (inlineParser) Trigger() []byte { return []byte{'$'} }

func space(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// Parse implements parser.InlineParser.
func (p inlineParser) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, seg := block.PeekLine()
	if len(line) < 2 {
		return nil
	}
	if line[1] == '$' { // "$$" inside a line is text, both dollars
		block.Advance(2)
		return ast.NewTextSegment(seg.WithStop(seg.Start + 2))
	}
	if space(line[1]) {
		return nil
	}
	end := -1
	for i := 1; i < len(line); i++ {
		j := bytes.IndexByte(line[i:], '$')
		if j < 0 {
			break
		}
		j += i
		k := j - 1
		for k > 0 && line[k] == '\\' {
			k--
		}
		if (j-k)%2 == 1 { // an even number of backslashes before it
			end = j
			break
		}
		i = j
	}
	if end < 0 || space(line[end-1]) || (p.noDigitAfter && end+1 < len(line) && line[end+1] >= '0' && line[end+1] <= '9') {
		return nil
	}
	n := &Inline{TeX: bytes.Clone(line[1:end]), offset: seg.Start}
	block.Advance(end + 1)
	return n
}

// bracketParser reads an inline \\( … \\) or \\[ … \\] formula
// (Extension.Brackets) that closes on its line.
type bracketParser struct{}

func (bracketParser) Trigger() []byte { return []byte{'\\'} }

// Parse implements parser.InlineParser.
func (bracketParser) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, seg := block.PeekLine()
	var closing []byte
	switch {
	case bytes.HasPrefix(line, []byte(`\\(`)):
		closing = []byte(`\\)`)
	case bytes.HasPrefix(line, []byte(`\\[`)):
		closing = []byte(`\\]`)
	default:
		return nil
	}
	end := bytes.Index(line[3:], closing)
	if end < 0 {
		return nil
	}
	n := &Inline{TeX: bytes.TrimSpace(util.UnescapePunctuations(line[3 : 3+end])), Display: closing[2] == ']', offset: seg.Start}
	block.Advance(3 + end + 3)
	return n
}

// displayParser reads a display formula between open and close
// ($$ … $$); escapes: Markdown's backslash escapes are read in it
// (mdBook's \\[ … \\], which Markdown reads before MathJax does).
type displayParser struct {
	open, close string
	escapes     bool
}

func (p displayParser) Trigger() []byte { return []byte{p.open[0]} }

// Open implements parser.BlockParser.
func (p displayParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	pos := pc.BlockOffset()
	if pos < 0 || pc.BlockIndent() >= 4 || !bytes.HasPrefix(line[pos:], []byte(p.open)) {
		return nil, parser.NoChildren
	}
	n := &Display{escapes: p.escapes, offset: seg.Start + max(pos, 0)}
	first := bytes.TrimSpace(line[pos+len(p.open):])
	if len(first) >= len(p.close) && bytes.HasSuffix(first, []byte(p.close)) {
		n.TeX, n.closed = bytes.TrimSpace(first[:len(first)-len(p.close)]), true
	} else if bytes.Contains(first, []byte(p.close)) {
		return nil, parser.NoChildren // text after the formula: a paragraph's (bracketParser)
	} else if len(first) > 0 {
		n.TeX = append(bytes.Clone(first), '\n')
	}
	reader.AdvanceToEOL()
	return n, parser.NoChildren
}

// Continue implements parser.BlockParser.
func (p displayParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	n := node.(*Display)
	if n.closed {
		return parser.Close
	}
	line, _ := reader.PeekLine()
	if line == nil {
		return parser.Close
	}
	if t := bytes.TrimSpace(line); bytes.HasSuffix(t, []byte(p.close)) {
		n.TeX = append(n.TeX, bytes.TrimSpace(t[:len(t)-len(p.close)])...)
		n.closed = true
		reader.AdvanceToEOL()
		return parser.Close
	}
	n.TeX = append(n.TeX, bytes.TrimRight(line, "\r\n")...)
	n.TeX = append(n.TeX, '\n')
	reader.AdvanceToEOL()
	return parser.Continue | parser.NoChildren
}

// Close implements parser.BlockParser.
func (displayParser) Close(node ast.Node, reader text.Reader, pc parser.Context) {
	n := node.(*Display)
	if n.escapes {
		n.TeX = util.UnescapePunctuations(n.TeX)
	}
	n.TeX = bytes.TrimSpace(n.TeX)
}

// CanInterruptParagraph implements parser.BlockParser: markdown-it-katex's
// math_block may follow a paragraph's line.
func (displayParser) CanInterruptParagraph() bool { return true }

// CanAcceptIndentedLine implements parser.BlockParser.
func (displayParser) CanAcceptIndentedLine() bool { return false }

type nodeRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (nodeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindInline, func(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			class := "math math-inline"
			if node.(*Inline).Display {
				class = "math math-display"
			}
			_, _ = w.WriteString(`<span class="` + class + `">`)
			if n := node.(*Inline); n.MathML != nil {
				_, _ = w.Write(n.MathML)
			} else {
				_, _ = w.Write(util.EscapeHTML(n.TeX))
			}
			_, _ = w.WriteString(`</span>`)
		}
		return ast.WalkSkipChildren, nil
	})
	reg.Register(KindDisplay, func(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering && !definitionsOnly(node.(*Display).TeX) {
			_, _ = w.WriteString(`<div class="math math-display">`)
			if n := node.(*Display); n.MathML != nil {
				_, _ = w.Write(n.MathML)
			} else {
				_, _ = w.Write(util.EscapeHTML(n.TeX))
			}
			_, _ = w.WriteString("</div>\n")
		}
		return ast.WalkSkipChildren, nil
	})
}

// transformer renders the page's formulas as MathML, in the order they
// are written: a block that only defines macros (definitionsOnly) is
// read before each formula after it, as MathJax and KaTeX keep a page's
// definitions for the formulas that follow.
type transformer struct{ e Extension }

// Transform implements parser.ASTTransformer.
func (t transformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	var defs []byte
	convert := func(tex []byte, display bool, offset int) []byte {
		src := tex
		if len(defs) > 0 {
			src = append(append(bytes.Clone(defs), '\n'), tex...)
		}
		out, err := t.e.Convert.MathML(string(src), display)
		if err != nil {
			if t.e.Warn != nil {
				t.e.Warn(pc, offset, "formula shown as its TeX source: "+err.Error())
			}
			return nil
		}
		return []byte(out)
	}
	_ = ast.Walk(doc, func(node ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := node.(type) {
		case *Display:
			if definitionsOnly(n.TeX) {
				defs = append(append(defs, n.TeX...), '\n')
			} else {
				n.MathML = convert(n.TeX, true, n.offset)
			}
			return ast.WalkSkipChildren, nil
		case *Inline:
			n.MathML = convert(n.TeX, n.Display, n.offset)
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
}

// definitionsOnly reports whether tex only defines macros (\newcommand,
// \renewcommand, \providecommand, \def, \DeclareMathOperator): a block
// MathJax and KaTeX show as nothing, whose source is not shown either
// (deductrium-guide's first block is forty \newcommand lines).
func definitionsOnly(tex []byte) bool {
	s := strings.TrimSpace(string(tex))
	if s == "" {
		return false
	}
	for s != "" {
		cmd := ""
		for _, c := range []string{`\newcommand`, `\renewcommand`, `\providecommand`, `\DeclareMathOperator`, `\def`} {
			if strings.HasPrefix(s, c) {
				cmd = c
				break
			}
		}
		if cmd == "" {
			return false
		}
		// The name: {\x} or \x.
		var ok bool
		if s, ok = skip(strings.TrimLeft(s[len(cmd):], " *")); !ok {
			return false
		}
		if cmd == `\def` { // \def\x#1#2{…}: its parameters, up to the body
			i := strings.IndexByte(s, '{')
			if i < 0 {
				return false
			}
			s = s[i:]
		}
		// [n] and [default], then the body.
		for s = strings.TrimSpace(s); strings.HasPrefix(s, "["); s = strings.TrimSpace(s) {
			i := strings.IndexByte(s, ']')
			if i < 0 {
				return false
			}
			s = s[i+1:]
		}
		if !strings.HasPrefix(s, "{") {
			return false
		}
		if s, ok = skip(s); !ok {
			return false
		}
		s = strings.TrimSpace(s)
	}
	return true
}

// skip returns s after its leading brace group ({…}, braces balanced,
// \{ and \} not counted) or control sequence (\name, \,); false when s
// starts with neither or the group is not closed.
func skip(s string) (string, bool) {
	s = strings.TrimSpace(s)
	switch {
	case strings.HasPrefix(s, "{"):
		depth := 0
		for i := 0; i < len(s); i++ {
			switch s[i] {
			case '\\':
				i++
			case '{':
				depth++
			case '}':
				if depth--; depth == 0 {
					return s[i+1:], true
				}
			}
		}
		return "", false
	case strings.HasPrefix(s, `\`) && len(s) > 1:
		i := 1
		for i < len(s) && (s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z') {
			i++
		}
		if i == 1 {
			i++ // a one-character name
		}
		return s[i:], true
	}
	return "", false
}
