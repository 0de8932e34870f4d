package markup

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"d6codex/rules/dice/expr"
)

// BlockHandler renders fenced code blocks whose info word it is registered
// for in Options.Handlers. A block
//
//	```calc opend6/attack
//	skill = 4D+1
//	```
//
// goes to the handler registered under "calc" with Args ["opend6/attack"]
// and Body "skill = 4D+1\n". Blocks whose info word has no handler render as
// ordinary code blocks.
//
// Handlers are called concurrently for different pages and must be safe
// for concurrent use.
type BlockHandler interface {
	// RenderBlock returns the HTML that replaces the block. The HTML is
	// trusted: it is written as is, whatever the raw-HTML setting. An error
	// fails the build and is reported at the block's position (see
	// BlockError to point inside the body); several errors joined
	// (errors.Join of BlockErrors) are each reported at their own.
	RenderBlock(b *Block) (string, error)
}

// InlineHandler is a BlockHandler that also draws inline code written
// `info: text`, where the page's dialect says a plugin draws such code
// (Dialects.InlineCode): Initiative Tracker's inline encounters,
// `encounter: 2d4: stirge`. The Block's Body is the text after the colon,
// trimmed, and Inline reports true; Line and Col locate that text, and
// the handler's problems at any line of it are reported there. An error
// leaves the code as written.
type InlineHandler interface {
	RenderInline(b *Block) (string, error)
}

// BlockKeyer is a BlockHandler whose blocks share Block.Index by a key of
// its own rather than by their whole info string: the words of the info
// string that do not change a block's element ids (```anydice editable
// counts with ```anydice) are left out of it.
type BlockKeyer interface {
	BlockKey(fields []string) string
}

// BlockHandlerFunc adapts a function to the BlockHandler interface.
type BlockHandlerFunc func(b *Block) (string, error)

// RenderBlock calls f(b).
func (f BlockHandlerFunc) RenderBlock(b *Block) (string, error) { return f(b) }

// Block is a fenced code block handed to a BlockHandler, with hooks to tell
// the templates what the page needs.
type Block struct {
	// Info is the info word that selected the handler ("calc").
	Info string
	// Args are the remaining words of the info string (["opend6/attack"]).
	Args []string
	// Body is the block's text, each line ending in "\n".
	Body string
	// File is the Markdown file, relative to the source directory
	// ("content/opend6/combat.md").
	File string
	// Line and Col locate the opening fence (1-based).
	Line, Col int
	// PageURL is the root-relative URL of the page being rendered.
	PageURL string
	// Index counts the earlier blocks with the same info string (info word
	// and arguments, or the handler's BlockKey) on this page, 0 for the
	// first, so handlers can make unique element ids.
	Index int

	inline bool // inline code (InlineHandler): Line and Col locate Body's text
	st     *pageState
	pc     parser.Context // the page's, for the texts parsed apart (Markdown)
	m      *Markdown
	static string // the static folder's name, for messages
}

// Markdown renders text found in the block's data (a description, a
// line or a few of Markdown) as the page would: links and wikilinks
// resolved from the page, emphasis, code, inline rolls. line is the
// text's 1-based line within Body, where its problems are reported; the
// scripts and styles it needs are the page's. The result is trusted HTML;
// a text of one paragraph comes without its <p>.
func (b *Block) Markdown(text string, line int) string {
	pg := *b.st.page
	pg.DropH1, pg.DropLeading, pg.work, pg.Dice = false, false, b.st.work, b.st.dice
	pg.parent, pg.parentSrc = b.pc, b.st.src
	outer := b.st.page.Report
	at, _ := b.at(line, 1)
	pg.Report = func(p Problem) {
		p.Line, p.Col = b.locate(text, line, p.Line, p.Col)
		if outer != nil {
			outer(p)
		}
	}
	html, res, err := b.m.Convert([]byte(text), &pg)
	if err != nil {
		b.st.reportAt(at, 1, false, fmt.Sprintf("%s block: %v", b.Info, err))
		return ""
	}
	// What the text asks for (an inline roll's script), the page does.
	for _, u := range res.Scripts {
		if !slices.Contains(b.st.res.Scripts, u) {
			b.st.res.Scripts = append(b.st.res.Scripts, u)
		}
	}
	for _, u := range res.Styles {
		if !slices.Contains(b.st.res.Styles, u) {
			b.st.res.Styles = append(b.st.res.Styles, u)
		}
	}
	for f := range res.Flags {
		b.SetFlag(f)
	}
	html = strings.TrimSuffix(html, "\n")
	if inner, ok := strings.CutPrefix(html, "<p>"); ok && strings.HasSuffix(inner, "</p>") && !strings.Contains(inner, "<p>") {
		return strings.TrimSuffix(inner, "</p>")
	}
	return html
}

// locate finds, in the file, the problem at line tl and column tc of
// text, which the block's data gives from line line of Body: the text is
// the data's value, unquoted or folded (a YAML description over several
// lines is one), so the problem's own words (up to 16 bytes from where it
// starts) are looked for on that line of Body and the few after it. Not
// found: the data's line, column 1.
func (b *Block) locate(text string, line, tl, tc int) (int, int) {
	at, atCol := b.at(line, 1)
	lines := strings.Split(text, "\n")
	if tl < 1 || tl > len(lines) || tc < 1 || tc > len(lines[tl-1]) {
		return at, atCol
	}
	word := lines[tl-1][tc-1:]
	word = word[:min(len(word), 16)]
	if b.inline {
		if k := strings.Index(b.Body, word); k >= 0 {
			return b.at(1, k+1)
		}
		return at, atCol
	}
	body := strings.Split(b.Body, "\n")
	for i := line - 1; i >= 0 && i < len(body) && i < line-1+len(lines)+maxFoldedLines; i++ {
		if k := strings.Index(body[i], word); k >= 0 {
			return b.Line + i + 1, b.Col + k
		}
	}
	return at, 1
}

// maxFoldedLines is how many lines past a text's own count locate looks
// for a problem's words: a folded YAML text is one line from several.
const maxFoldedLines = 64

// DiceBudget is the dice work the page may still spend (Page.Dice), shared
// by all its blocks: a handler computing dice evaluates them against it.
func (b *Block) DiceBudget() *expr.Budget { return b.st.dice }

// Warn reports a warning about the block: what it holds that the handler
// shows otherwise than its editor may expect (a line it could not read).
// line is 1-based within Body (0 for the fence line), col 1-based within
// that line (0: its start). A warning does not fail the build.
func (b *Block) Warn(line, col int, msg string) {
	at, c := b.at(line, col)
	what := "block"
	if b.inline {
		what = "inline code"
	}
	b.st.reportAt(at, c, true, fmt.Sprintf("%s %s: %s", b.Info, what, msg))
}

// Inline reports whether the block is inline code (InlineHandler).
func (b *Block) Inline() bool { return b.inline }

// at is the file's line and column of column col of line line of Body
// (0: the fence, or the inline code's text); Body's text is on the line
// of inline code, from Col.
func (b *Block) at(line, col int) (int, int) {
	switch {
	case line <= 0:
		return b.Line, b.Col
	case b.inline:
		return b.Line, b.Col + max(col, 1) - 1
	}
	return b.Line + line, max(col, 1)
}

// ResolveWiki finds the note or file that [[target]] on this page names,
// resolved as the page's wikilinks are: its URL, or the problem. With
// source set, a note comes with its page and source, read as an
// ![[embed]] reads them (and a change to that note rebuilds this page in
// `serve`, as an embed does). A page whose Links resolve no wikilinks
// gives a Problem.
func (b *Block) ResolveWiki(target string, source bool) WikiTarget {
	res, ok := b.st.page.Links.(WikiResolver)
	if !ok {
		return WikiTarget{Problem: "wikilinks are not resolved on this page"}
	}
	return res.ResolveWiki(target, "", source)
}

// BlockAsker is a page's Links that records the questions its blocks'
// handlers answered from outside the page (Block.Asked), so that the page
// is rendered again when a question's answer changes (serve's update).
type BlockAsker interface {
	BlockAsked(handler, q, answer string)
}

// QuestionAnswerer is a BlockHandler that answers again, for the site as
// it is now, a question its blocks (or another handler's) recorded with
// Block.Asked.
type QuestionAnswerer interface {
	AnswerAgain(q string) string
}

// Asked records that the block's page read answer for question q, which
// the handler registered for the info word handler answers again
// (QuestionAnswerer): a lookup outside the page, a miss included (a
// creature no note defines yet: a note that comes to define it changes
// the answer). Nothing on a page whose Links record no questions.
func (b *Block) Asked(handler, q, answer string) {
	if r, ok := b.st.page.Links.(BlockAsker); ok {
		r.BlockAsked(handler, q, answer)
	}
}

// AnswerAgain asks the handler registered for the info word handler the
// question q again (QuestionAnswerer); false when it answers none.
func (m *Markdown) AnswerAgain(handler, q string) (string, bool) {
	if h, ok := m.opts.Handlers[handler].(QuestionAnswerer); ok {
		return h.AnswerAgain(q), true
	}
	return "", false
}

// SetFlag marks the page as having a feature; templates read it with
// Page.Has(flag) (for example "calc" to add calculator markup or styles).
func (b *Block) SetFlag(flag string) { b.st.setFlag(flag) }

// setFlag marks the page as having a feature (Block.SetFlag).
func (st *pageState) setFlag(flag string) {
	if st.res.Flags == nil {
		st.res.Flags = map[string]bool{}
	}
	st.res.Flags[flag] = true
}

// AddScript asks for the static file at logical path name (relative to
// static/, "js/calc.js") to be loaded by the page. The layout emits one
// deferred <script> per distinct name, with its content-hashed URL; a name
// missing from static/ fails the build at this block.
func (b *Block) AddScript(name string) { b.addAsset(&b.st.res.Scripts, name) }

// AddStyle asks for the stylesheet at logical path name ("css/calc.css")
// to be linked from the page, like AddScript.
func (b *Block) AddStyle(name string) { b.addAsset(&b.st.res.Styles, name) }

func (b *Block) addAsset(list *[]string, name string) {
	u, ok := b.st.page.Assets[name]
	if !ok {
		b.st.reportAt(b.Line, b.Col, false, fmt.Sprintf("%s block: asset %q not found in %s/", b.Info, name, b.static))
		return
	}
	if !slices.Contains(*list, u) {
		*list = append(*list, u)
	}
}

// AssetURL returns the published (content-hashed) URL of the static or
// generated file at logical path name, and whether it exists.
func (b *Block) AssetURL(name string) (string, bool) {
	u, ok := b.st.page.Assets[name]
	return u, ok
}

// BlockError is an error a handler returns to point at a line inside the
// block body instead of at the opening fence.
type BlockError struct {
	// Line is 1-based within Body (1 is the line after the fence).
	Line int
	// Col is 1-based within that line; 0 means the start of the line.
	Col int
	// Err is the underlying problem.
	Err error
}

// Error returns the underlying message with the body position.
func (e *BlockError) Error() string {
	return fmt.Sprintf("block line %d: %v", e.Line, e.Err)
}

// Unwrap returns the underlying error.
func (e *BlockError) Unwrap() error { return e.Err }

// splitErrors lists the errors a handler returned: each of several joined
// ones (errors.Join, or any error with Unwrap() []error), so that every
// problem of a block is reported at its own line, or err alone.
func splitErrors(err error) []error {
	if _, ok := err.(*BlockError); !ok {
		if j, ok := err.(interface{ Unwrap() []error }); ok {
			var out []error
			for _, e := range j.Unwrap() {
				out = append(out, splitErrors(e)...)
			}
			return out
		}
	}
	return []error{err}
}

// blockErrorPos converts a handler error into a file position.
func blockErrorPos(b *Block, err error) (line, col int, msg string) {
	var be *BlockError
	if errors.As(err, &be) && be.Line > 0 {
		l, c := b.at(be.Line, be.Col)
		return l, c, fmt.Sprintf("%s block: %v", b.Info, be.Err)
	}
	return b.Line, b.Col, fmt.Sprintf("%s block: %v", b.Info, err)
}

// MaxBlockHTML is the most HTML the fenced-block handlers of one page make,
// those of the notes it embeds included: 3,000 one-line ```dice blocks
// (a calculator each) made a 114 MB page in 750 MB. A rules page with
// twenty calculators and tables makes about 1 MB.
const MaxBlockHTML = 10 << 20

// blockTransformer replaces fenced code blocks whose info word has a
// handler with the handler's HTML, up to MaxBlockHTML a page. A handler's error is reported at the
// block (or inside it, see BlockError) and the block is left as code.
type blockTransformer struct{ m *Markdown }

// Transform implements parser.ASTTransformer.
func (t blockTransformer) Transform(doc *ast.Document, _ text.Reader, pc parser.Context) {
	st := state(pc)
	if st == nil || len(t.m.opts.Handlers) == 0 {
		return
	}
	if !bytes.Contains(st.src, []byte("```")) && !bytes.Contains(st.src, []byte("~~~")) {
		return // a fence opens with three backticks or tildes: a page without either has no block
	}
	type replacement struct{ old, new ast.Node }
	var replace []replacement
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		f, ok := n.(*ast.FencedCodeBlock)
		if !ok {
			switch n.(type) {
			case *ast.Paragraph, *ast.TextBlock, *ast.Heading:
				return ast.WalkSkipChildren, nil // their text holds no fence
			}
			return ast.WalkContinue, nil
		}
		if f.Info == nil {
			return ast.WalkSkipChildren, nil
		}
		src := st.src
		fields := strings.Fields(string(f.Info.Segment.Value(src)))
		if len(fields) == 0 {
			return ast.WalkSkipChildren, nil
		}
		h, ok := t.m.opts.Handlers[fields[0]]
		if !ok || st.work.blocksStopped { // past MaxBlockHTML: no more handlers run
			return ast.WalkSkipChildren, nil
		}
		line, col := st.pos(fenceStart(src, f.Info.Segment.Start))
		key := strings.Join(fields, " ")
		if k, ok := h.(BlockKeyer); ok {
			key = k.BlockKey(fields)
		}
		if st.seen == nil {
			st.seen = map[string]int{}
		}
		b := &Block{Info: fields[0], Args: fields[1:], Body: linesText(f, src), File: st.page.File,
			Line: line, Col: col, PageURL: st.page.URL, Index: st.seen[key], st: st, pc: pc, m: t.m, static: t.m.opts.StaticDir}
		st.seen[key]++
		html, err := h.RenderBlock(b)
		if err != nil {
			for _, err := range splitErrors(err) {
				l, c, msg := blockErrorPos(b, err)
				// The page's dice budget spent in an embedded note is the
				// embedding page's error.
				outer := errors.Is(err, ErrDiceBudget)
				if st.page.Report != nil {
					st.page.Report(Problem{Line: l, Col: c, Msg: msg, outer: outer})
				}
			}
			return ast.WalkSkipChildren, nil
		}
		if !st.spendBlockHTML(len(html), fields[0]+" block", line, col) {
			return ast.WalkSkipChildren, nil
		}
		replace = append(replace, replacement{f, &handledBlock{info: fields[0], html: html}})
		return ast.WalkSkipChildren, nil
	})
	for _, r := range replace {
		r.old.Parent().ReplaceChild(r.old.Parent(), r.old, r.new)
	}
}

// spendBlockHTML counts n bytes of a handler's HTML towards the page's
// MaxBlockHTML; past it, no more handlers run and the problem is reported
// at line:col, named by what ("dice block"): false then.
func (st *pageState) spendBlockHTML(n int, what string, line, col int) bool {
	if st.work.blockHTML += n; st.work.blockHTML <= MaxBlockHTML {
		return true
	}
	st.work.blocksStopped = true
	if st.page.Report != nil {
		st.page.Report(Problem{Line: line, Col: col, outer: true, Msg: fmt.Sprintf(
			"%s: the blocks of this page make more than %d MB of HTML (calculators, tables, dice; those of embedded notes too): sitegen stops at %d MB; move some to another page",
			what, MaxBlockHTML>>20, MaxBlockHTML>>20)})
	}
	return false
}

// linesText is the text of block n's lines (a fenced block's body, each
// line with its newline).
func linesText(n ast.Node, src []byte) string {
	var b strings.Builder
	for i := 0; i < n.Lines().Len(); i++ {
		seg := n.Lines().At(i)
		b.Write(seg.Value(src))
	}
	return b.String()
}

// fenceStart returns the offset of the fence characters on the line that
// holds the info string starting at off.
func fenceStart(src []byte, off int) int {
	start := bytes.LastIndexByte(src[:off], '\n') + 1
	for i := start; i < off; i++ {
		if src[i] == '`' || src[i] == '~' {
			return i
		}
	}
	return start
}

// kindHandledBlock is the AST kind of a fenced block replaced by a
// BlockHandler's output. Node kinds are registered once and never change.
var kindHandledBlock = ast.NewNodeKind("D6HandledBlock")

// handledBlock holds the trusted HTML a BlockHandler produced.
type handledBlock struct {
	ast.BaseBlock
	info string // the block's info word ("table")
	html string
}

// Kind implements ast.Node.
func (n *handledBlock) Kind() ast.NodeKind { return kindHandledBlock }

// Dump implements ast.Node.
func (n *handledBlock) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"html": n.html}, nil)
}

// blockRenderer writes the output of block handlers as is.
type blockRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (blockRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(kindTrustedInline, func(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			_, _ = w.WriteString(node.(interface{ trusted() string }).trusted()) // a trustedInline, or a node embedding one
		}
		return ast.WalkSkipChildren, nil
	})
	reg.Register(kindQueryInline, func(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			_, _ = w.WriteString(node.(*queryInline).html)
		}
		return ast.WalkSkipChildren, nil
	})
	reg.Register(kindHandledBlock, func(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			h := node.(*handledBlock).html
			_, _ = w.WriteString(h)
			if h != "" && h[len(h)-1] != '\n' {
				_ = w.WriteByte('\n')
			}
		}
		return ast.WalkSkipChildren, nil
	})
}

// HandledBlock reports whether n is a fenced block a handler replaced and,
// if so, its info word ("table") and the HTML the handler produced (for
// the search index, which indexes some blocks' text).
func HandledBlock(n ast.Node) (info, html string, ok bool) {
	if h, isH := n.(*handledBlock); isH {
		return h.info, h.html, true
	}
	return "", "", false
}
