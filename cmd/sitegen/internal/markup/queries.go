package markup

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// What Dataview (Options.Dataview) and Obsidian Bases compute in a page:
// inline queries (a code span `= this.level`, or `$= …` for DataviewJS),
// query blocks (```dataview, ```dataviewjs; ```base) and base embeds
// (![[Learnsets.base#View]]). A Page.Links that implements QueryResolver
// evaluates them at build time; what it cannot evaluate it shows as a
// notice, with a warning at its line. Without one they are left as
// written.

// QueryResolver evaluates a page's queries (package dataview).
type QueryResolver interface {
	// Query evaluates an inline query or a query block.
	Query(q Query) QueryOutput
	// BaseEmbed renders the view of a base an embed names, and ok false
	// when target is not a base.
	BaseEmbed(target, view string, q Query) (out QueryOutput, ok bool)
}

// Query is one query of a page.
type Query struct {
	// Lang is the block's info word ("dataview", "dataviewjs", "base"),
	// or "inline" and "inline-js" for a code span.
	Lang string
	// Text is the query as written: the block's body, or the code span's
	// text after its prefix.
	Text string
	// Line is the page line the query starts on (a block's first body
	// line, the code span's line).
	Line int
	// Markdown renders text as inline Markdown of the page (links and
	// wikilinks resolved from it); its problems are the page's, at Line.
	Markdown func(text string) string
	// Images is the column of a TABLE whose values are pictures, shown
	// as pictures: a DataCards block's imageProperty ("" for none).
	Images string
}

// QueryOutput is what evaluating a query gives.
type QueryOutput struct {
	// HTML replaces the query (trusted).
	HTML string
	// Problems are reported at their Line, counted from the query's
	// (0: the query's own line); Col 0 is the query's column.
	Problems []Problem
}

// queryTransformer evaluates the page's queries through its
// QueryResolver.
type queryTransformer struct{ m *Markdown }

// Transform implements parser.ASTTransformer.
func (t queryTransformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	st := state(pc)
	if st == nil {
		return
	}
	res, ok := st.page.Links.(QueryResolver)
	src := reader.Source()
	if !ok || !t.m.opts.Obsidian || !t.m.opts.Dataview.On && !bytes.Contains(src, []byte("base")) {
		return
	}
	type replacement struct{ old, new ast.Node }
	var replace []replacement
	opts := t.m.opts.Dataview
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.FencedCodeBlock:
			if n.Info == nil {
				return ast.WalkSkipChildren, nil
			}
			info := strings.Fields(string(n.Info.Segment.Value(src)))
			cards := len(info) > 0 && info[0] == dataCardsBlock && opts.On && t.m.opts.Dialects.PluginBlocks[dataCardsBlock] != ""
			if len(info) == 0 || !(info[0] == "base" || cards || opts.On && (info[0] == "dataview" || info[0] == "dataviewjs")) {
				return ast.WalkSkipChildren, nil
			}
			line, col := st.pos(fenceStart(src, n.Info.Segment.Start))
			q := Query{Lang: info[0], Text: linesText(n, src), Line: line + 1}
			if cards {
				q.Images = dataCardsSetting(q.Text, "imageProperty")
				q.Lang, q.Text = "dataview", dataCardsQuery(q.Text)
			}
			out := res.Query(t.withMarkdown(st, q))
			t.report(st, out, line+1, col, line)
			replace = append(replace, replacement{n, &handledBlock{info: info[0], html: out.HTML}})
			return ast.WalkSkipChildren, nil
		case *ast.CodeSpan:
			if !opts.On {
				return ast.WalkSkipChildren, nil
			}
			var b bytes.Buffer
			for c := n.FirstChild(); c != nil; c = c.NextSibling() {
				if tx, ok := c.(*ast.Text); ok {
					b.Write(tx.Segment.Value(src))
				}
			}
			code := b.String()
			lang := ""
			switch {
			case opts.JSPrefix != "" && strings.HasPrefix(code, opts.JSPrefix):
				lang, code = "inline-js", code[len(opts.JSPrefix):]
			case opts.Prefix != "" && strings.HasPrefix(code, opts.Prefix):
				lang, code = "inline", code[len(opts.Prefix):]
			default:
				return ast.WalkSkipChildren, nil
			}
			off := 0
			if tx, ok := n.FirstChild().(*ast.Text); ok {
				off = tx.Segment.Start
			}
			line, col := st.pos(off)
			q := Query{Lang: lang, Text: strings.TrimSpace(code), Line: line}
			out := res.Query(t.withMarkdown(st, q))
			t.report(st, out, line, col, line)
			replace = append(replace, replacement{n, &queryInline{trustedInline{html: out.HTML}}})
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	for _, r := range replace {
		r.old.Parent().ReplaceChild(r.old.Parent(), r.old, r.new)
	}
}

// withMarkdown gives a query the page's Markdown renderer.
func (t queryTransformer) withMarkdown(st *pageState, q Query) Query {
	q.Markdown = func(text string) string { return t.m.inlineMarkdown(st, text, q.Line) }
	return q
}

// report sends a query's problems to the page: lines counted from first
// (the line after a block's fence, or the code span's), column col on
// the query's own line.
func (t queryTransformer) report(st *pageState, out QueryOutput, first, col, own int) {
	for _, p := range out.Problems {
		line, c := own, col
		if p.Line > 0 {
			line, c = first+p.Line-1, max(p.Col, 1)
		}
		st.reportAt(line, c, p.Warning, p.Msg)
	}
}

// inlineMarkdown renders text as inline Markdown of the page being
// parsed (Block.Markdown's way): its problems go to the page at line.
func (m *Markdown) inlineMarkdown(st *pageState, text string, line int) string {
	pg := *st.page
	pg.DropH1, pg.DropLeading = false, false
	outer := st.page.Report
	pg.Report = func(p Problem) {
		p.Line, p.Col = line, 1
		if outer != nil {
			outer(p)
		}
	}
	html, _, err := m.Convert([]byte(text), &pg)
	if err != nil {
		st.reportAt(line, 1, false, fmt.Sprintf("query: %v", err))
		return ""
	}
	html = strings.TrimSuffix(html, "\n")
	if inner, ok := strings.CutPrefix(html, "<p>"); ok && strings.HasSuffix(inner, "</p>") && !strings.Contains(inner, "<p>") {
		return strings.TrimSuffix(inner, "</p>")
	}
	return html
}

// isBase reports whether a wikilink target names an Obsidian base.
func isBase(target string) bool { return strings.HasSuffix(strings.ToLower(target), ".base") }

// kindQueryInline is the AST kind of an inline query's value.
var kindQueryInline = ast.NewNodeKind("D6QueryInline")

// queryInline is an inline query's value: trusted HTML whose text is the
// page's (search reads it, QueryText).
type queryInline struct{ trustedInline }

// Kind implements ast.Node.
func (n *queryInline) Kind() ast.NodeKind { return kindQueryInline }

// QueryText reports whether n is an inline query's value and, if so, its
// HTML (for the search index, which reads its text).
func QueryText(n ast.Node) (string, bool) {
	if q, ok := n.(*queryInline); ok {
		return q.html, true
	}
	return "", false
}

// dataCardsBlock is the DataCards plugin's block: "Create a code block
// with the datacards language and write a Dataview query", its settings
// after a "// Settings" line (github.com/Sophokles187/data-cards,
// README). With the plugin and Dataview enabled, sitegen evaluates the
// query as a Dataview block and shows its table (the plugin draws the
// same rows as cards).
const dataCardsBlock = "datacards"

// dataCardsQuery is the query of a DataCards block's text: its lines
// before "// Settings".
func dataCardsQuery(text string) string {
	if i := dataCardsSettings(text); i >= 0 {
		return text[:i]
	}
	return text
}

// dataCardsSettings is the offset of a DataCards block's "// Settings"
// line in its text, -1 when it has none.
func dataCardsSettings(text string) int {
	off := 0
	for _, l := range strings.SplitAfter(text, "\n") {
		if strings.EqualFold(strings.Join(strings.Fields(l), " "), "// settings") {
			return off
		}
		off += len(l)
	}
	return -1
}

// dataCardsSetting is the value of the setting key ("imageProperty:
// cover") after a DataCards block's "// Settings" line, unquoted, ""
// when it is not set.
func dataCardsSetting(text, key string) string {
	i := dataCardsSettings(text)
	if i < 0 {
		return ""
	}
	for _, l := range strings.Split(text[i:], "\n") {
		k, v, ok := strings.Cut(l, ":")
		if ok && strings.TrimSpace(k) == key {
			return strings.Trim(strings.TrimSpace(v), `"'`)
		}
	}
	return ""
}
