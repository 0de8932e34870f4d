package markup

import (
	"bytes"
	"errors"
	"strings"
	"unicode"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// inlineBlockTransformer draws inline code written `info: text` through
// the InlineHandler registered for info, for the words the page's dialect
// lists (Dialects.InlineCode): a code span whose text starts with the word,
// a colon and a space, as Initiative Tracker's post-processor tests it
// (/^encounter:\s/). Its HTML counts towards the page's MaxBlockHTML; a
// handler's error is reported at the code, which stays code.
type inlineBlockTransformer struct{ m *Markdown }

// Transform implements parser.ASTTransformer.
func (t inlineBlockTransformer) Transform(doc *ast.Document, _ text.Reader, pc parser.Context) {
	st := state(pc)
	if st == nil || len(t.m.opts.Dialects.InlineCode) == 0 {
		return
	}
	var handlers map[string]InlineHandler
	for _, w := range t.m.opts.Dialects.InlineCode {
		if h, ok := t.m.opts.Handlers[w].(InlineHandler); ok && bytes.Contains(st.src, []byte(w+":")) {
			if handlers == nil {
				handlers = map[string]InlineHandler{}
			}
			handlers[w] = h
		}
	}
	if handlers == nil {
		return
	}
	src := st.src
	type replacement struct{ old, new ast.Node }
	var replace []replacement
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		span, ok := n.(*ast.CodeSpan)
		if !ok {
			return ast.WalkContinue, nil
		}
		first, code := codeSpanText(span, src)
		word, rest, ok := strings.Cut(code, ":")
		h := handlers[word]
		if first == nil || !ok || h == nil || rest == "" || !unicode.IsSpace(rune(rest[0])) || st.work.blocksStopped {
			return ast.WalkSkipChildren, nil
		}
		body := strings.TrimSpace(rest)
		// Where the text starts: after the word, the colon and the
		// spaces, when the span's first text holds them; else the span.
		off := first.Segment.Start - 1 // the span's backtick
		if skip := len(word) + 1 + len(rest) - len(strings.TrimLeftFunc(rest, unicode.IsSpace)); first.Segment.Start+skip < first.Segment.Stop {
			off = first.Segment.Start + skip
		}
		line, col := st.pos(off)
		if st.seen == nil {
			st.seen = map[string]int{}
		}
		key := word + ": (inline)"
		b := &Block{Info: word, Body: body, File: st.page.File, Line: line, Col: col, PageURL: st.page.URL,
			Index: st.seen[key], inline: true, st: st, pc: pc, m: t.m, static: t.m.opts.StaticDir}
		st.seen[key]++
		html, err := h.RenderInline(b)
		if err != nil {
			for _, err := range splitErrors(err) {
				l, c, msg := blockErrorPos(b, err)
				if st.page.Report != nil {
					st.page.Report(Problem{Line: l, Col: c, Msg: msg, outer: errors.Is(err, ErrDiceBudget)})
				}
			}
			return ast.WalkSkipChildren, nil
		}
		if !st.spendBlockHTML(len(html), word+" inline code", line, col) {
			return ast.WalkSkipChildren, nil
		}
		replace = append(replace, replacement{span, &handledInline{trustedInline{html: html}}})
		return ast.WalkSkipChildren, nil
	})
	for _, r := range replace {
		r.old.Parent().ReplaceChild(r.old.Parent(), r.old, r.new)
	}
}

// handledInline is inline code an InlineHandler drew; its text (a
// heading's in the table of contents) is that of its HTML.
type handledInline struct{ trustedInline }
