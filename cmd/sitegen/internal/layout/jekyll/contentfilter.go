package jekyll

import (
	"bytes"
	"errors"
	"fmt"
	"path"
	"regexp"
	"strings"
	"sync/atomic"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	ghtml "github.com/yuin/goldmark/renderer/html"

	"d6codex/cmd/sitegen/internal/layout"
)

// A layout that filters the page's content ({{ content | replace: "a",
// "b" }}) filters the page's text rendered: Jekyll's rendering runs in
// stages, "Interpreting Liquid expressions in the file", then
// "Unleashing the converters … This is when Markdown gets converted into
// HTML", then "Populating the layouts … By this stage, the source file is
// considered rendered and it will not be revisited"
// (https://jekyllrb.com/docs/rendering-process/). sitegen converts the
// page's text itself, after its layouts (its headings' ids, its links
// checked), so where a layout filters the content the chain is run again
// with the page's text rendered between two marks (pageText). A replace,
// replace_first, remove or remove_first on it is then applied to the
// page's own text before sitegen converts it, where it changes text only
// (textOp.textOnly); one that matches the HTML (replace: '<table>',
// '<table class="x">', remove: '<p>') is applied to the page's text once
// sitegen has converted it (layout.Expanded.HTMLOps), as Jekyll applies it
// to the page rendered. markdownify leaves the content as it is (the
// page's HTML, which kramdown keeps: filters.go isPageContent), and strip,
// lstrip, rstrip and default change nothing a reader sees. Any other
// change a layout makes to the content (escape, strip_html, newline_to_br,
// truncatewords written back, …: what they do to a page's HTML is no
// rendering a reader is meant to see) is not honoured, with a warning
// naming the layout's file and line, and the page shows its text
// unfiltered. A filter that reads the content without
// writing it back (number_of_words, strip_html | truncatewords) reads the
// rendered text, as in Jekyll.

// filtersContent finds a filter on a content variable in a template
// ({{ content | replace: …, include.content \n | replace: …).
var filtersContent = regexp.MustCompile(`\bcontent\s*\|`)

// includesContent finds an include tag that hands a content variable to
// the include ({% include replace-content.html content=content %}): the
// line a warning names where the include filters it.
var includesContent = regexp.MustCompile(`\{%-?\s*include(?:_relative)?\s[^%]*\bcontent\b`)

// handsContent finds an include tag that hands a content variable to the
// include under a parameter ({% include anchor_headings.html html=content
// %}): the include reads it as a string (include.html | split: '<h'), so
// it is given the page's HTML, as in Jekyll, never a mark it could cut.
var handsContent = regexp.MustCompile(`\{%-?\s*include(?:_relative)?\s[^%]*\b[\w-]+\s*=\s*content\b`)

// Marks around the page's rendered text while a filtering chain runs.
const (
	textOpen  = "\uE005"
	textClose = "\uE006"
)

// A textOp is a replace (first: replace_first) of old by new that a
// layout applied to the page's content.
type textOp struct {
	old, new string
	first    bool
}

// textOnly reports whether op replaces text, not markup: old holds no
// HTML markup, neither holds a line break.
func (op textOp) textOnly() bool {
	return op.old != "" && !strings.ContainsAny(op.old, "<>&\"'\n\r") && !strings.ContainsAny(op.new, "\n\r")
}

// sourceOps are the ops of ops that change the page's rendered text
// html, and whether each of them changes its Markdown src as it changes
// html: it replaces text (textOnly) found as often in both, each op
// applied to both before the next is counted. An op that changes nothing
// in html is none (Jekyll's page is the same).
func sourceOps(ops []textOp, src, html string) ([]textOp, bool) {
	var kept []textOp
	for _, op := range ops {
		n := strings.Count(html, op.old)
		if op.old == "" || n == 0 {
			continue
		}
		if op.first {
			n = 1
		}
		if !op.textOnly() || min(strings.Count(src, op.old), n) != n || !op.first && strings.Count(src, op.old) != n {
			return nil, false
		}
		src, html = op.apply(src), op.apply(html)
		kept = append(kept, op)
	}
	return kept, true
}

func (op textOp) apply(s string) string {
	if op.first {
		return strings.Replace(s, op.old, op.new, 1)
	}
	return strings.ReplaceAll(s, op.old, op.new)
}

// applyOps is src with each op applied in order.
func applyOps(ops []textOp, src []byte) []byte {
	s := string(src)
	for _, op := range ops {
		s = op.apply(s)
	}
	return []byte(s)
}

// pageText is the page's text as a filtering chain sees it: src, its
// Markdown, html, its rendering, and the ops the layouts applied to it.
type pageText struct {
	src, html string
	ops       []textOp
	// htmlOps are the ops applied to the page's converted HTML (an op
	// that matches markup, and every op after it, in order).
	htmlOps []layout.HTMLOp
}

// htmlOnly are the ops of ops that change the page's rendered text html
// (kramdown's, void elements as XHTML), each applied before the next is
// counted, as ops on sitegen's HTML.
func htmlOnly(ops []textOp, html string) []layout.HTMLOp {
	var kept []layout.HTMLOp
	for _, op := range ops {
		if op.old == "" || !strings.Contains(html, op.old) {
			continue
		}
		html = op.apply(html)
		// sitegen writes void elements as HTML: "<hr>" for kramdown's "<hr />".
		kept = append(kept, layout.HTMLOp{Old: strings.ReplaceAll(op.old, " />", ">"), New: op.new, First: op.first})
	}
	return kept
}

// renderedText is the page's text src (Markdown, its Liquid run) as
// HTML, as Jekyll's converter writes it before the layouts run
// (kramdown's GFM input: tables, strikethrough; raw HTML kept; void
// elements written as XHTML, "<hr />", as kramdown writes them).
func renderedText(src []byte) string {
	md := goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithRendererOptions(ghtml.WithUnsafe(), ghtml.WithXHTML()))
	var b bytes.Buffer
	if err := md.Convert(src, &b); err != nil {
		return string(src)
	}
	return b.String()
}

// contentFilters registers, on the run r of a filtering chain, the
// replace and remove filters that record what they do to the page's
// text (page.ops): Liquid's "replace: Replaces every occurrence of the
// first argument in a string with the second argument", replace_first
// "only the first occurrence", remove "every occurrence of the specified
// substring", remove_first the first (https://shopify.github.io/liquid/filters/).
func (r *run) contentFilters(page *pageText) {
	do := func(s string, op textOp) string {
		if strings.Contains(s, textOpen) {
			page.ops = append(page.ops, op)
		}
		return op.apply(s)
	}
	r.engine.RegisterFilter("replace", func(s, old, new string) string { return do(s, textOp{old: old, new: new}) })
	r.engine.RegisterFilter("replace_first", func(s, old, new string) string { return do(s, textOp{old: old, new: new, first: true}) })
	r.engine.RegisterFilter("remove", func(s, old string) string { return do(s, textOp{old: old}) })
	r.engine.RegisterFilter("remove_first", func(s, old string) string { return do(s, textOp{old: old, first: true}) })
}

// chain runs the layout lf (its text b) and the layouts it names, up to
// the chrome, with the page's variables vars, and returns what the last
// wrote, the page's text a contentMark in it. page nil: the content is
// the mark; else the page's rendered text between textOpen and textClose
// (filterSpan), its filters recorded in page.
func (s *liquidSite) chain(lf string, b []byte, vars map[string]any, m *siteModel, read func(string) ([]byte, error), hit *atomic.Bool, page *pageText) (string, []layout.Problem, error) {
	var probs []layout.Problem
	content := contentMark
	seen := map[string]bool{}
	var frame []byte // lf is the site's chrome: only this, its output of the content, runs
	for range maxLayoutChain {
		seen[lf] = true
		vars["content"] = content
		if page != nil {
			vars["content"] = textOpen + strings.ReplaceAll(content, contentMark, page.html) + textClose
		}
		body := b[frontMatterEnd(b):]
		first := 1 + bytes.Count(b[:frontMatterEnd(b)], []byte("\n"))
		if frame != nil {
			body, first = frame, 1+bytes.Count(b[:bytes.Index(b, frame)], []byte("\n"))
		}
		r := newRun(lf, read, s.l.Content, m, false)
		r.full = func() *siteModel { hit.Store(true); return s.get(read) }
		r.timeout = s.timeout
		var before int
		if page != nil {
			r.contentFilters(page)
			before = len(page.ops)
		}
		out, err := r.render(body, first, vars)
		probs = append(probs, r.undefWarnings("")...) // "": none is the page's own file
		if err != nil {
			var re *renderError
			if errors.As(err, &re) && re.line > 0 {
				return "", probs, fmt.Errorf("%s:%d: %s", lf, re.line, re.msg)
			}
			return "", probs, fmt.Errorf("%s: %w", lf, err)
		}
		if page != nil {
			// allejo's anchor_headings.html splits the content at "<h"
			// and writes "<h" back before each part that opens no tag:
			// the first part is the mark, where Jekyll's content starts
			// with a tag (its first part empty or a tag, none written).
			out = bytes.ReplaceAll(out, []byte("<h"+textOpen), []byte(textOpen))
			out = page.span(out, content, before, lf, b, first, &probs)
		}
		if frame != nil {
			if bytes.Contains(out, []byte(contentMark)) { // else read, not written: the content stays
				content = string(s.layoutHTML(lf, b, first, out, &probs))
			}
			break
		}
		out = s.layoutHTML(lf, b, first, pageRegion(out), &probs)
		content = string(out)
		name := ""
		if k := layoutKey.FindSubmatch(b[:frontMatterEnd(b)]); k != nil {
			name = string(k[1])
		}
		next := path.Join(s.l.Content, "_layouts", name+".html")
		if name == "" || name == "none" || name == "null" || seen[next] {
			break
		}
		if b, err = read(next); err != nil {
			break
		}
		if chrome.Match(b) {
			if frame = frameContent(b); page == nil || frame == nil {
				break
			}
		}
		lf = next
	}
	return content, probs, nil
}

// contentOutput finds, in a template, an output of the content variable
// ({{ content }}, {{- content | replace: "a", "b" -}}) or an include tag
// that hands it to the include.
var contentOutput = regexp.MustCompile(`\{\{-?\s*content\b(?:[^}]|\}[^}])*\}\}|\{%-?\s*include(?:_relative)?\s[^%]*\bcontent\b[^%]*%\}`)

// frameContent is, of the chrome layout b (the site's frame, which
// sitegen's theme replaces and does not run), its one output of the
// page's content where it filters it ({{ content | replace: "a", "b" }},
// or the content handed to an include): "Layouts can inherit from other
// layouts … the content of the child layout is the content of the
// parent" (https://jekyllrb.com/docs/layouts/#inheritance), so a chain
// whose chrome filters the content gets the chrome's filters too, as its
// other layouts'. nil where the chrome writes the content unfiltered, or
// not once.
func frameContent(b []byte) []byte {
	outs := contentOutput.FindAll(b[frontMatterEnd(b):], -1)
	if len(outs) != 1 || !filtersContent.Match(outs[0]) && !handsContent.Match(outs[0]) {
		return nil
	}
	return outs[0]
}

// span is out, what the layout lf wrote given the content inner (the
// layouts' HTML so far, the page's text a contentMark) rendered between
// textOpen and textClose, with each such span back to inner, the ops
// this layout applied (page.ops from at) applied to its HTML. Where the
// ops change the text only they go to the page's Markdown (page.ops);
// where one matches markup they go, with every op after it, to the page's
// converted HTML (page.htmlOps), and the span is inner unchanged: the
// whole HTML gets them once. Where the span is not inner with those ops
// applied, the layout's filters are not honoured: a warning at the line
// that filters the content, the text unfiltered. A content the layout
// read and did not write (a count of its words) is no span.
func (page *pageText) span(out []byte, inner string, at int, lf string, b []byte, first int, probs *[]layout.Problem) []byte {
	ops := page.ops[at:]
	rendered := strings.ReplaceAll(inner, contentMark, page.html)
	want := rendered
	for _, op := range ops {
		want = op.apply(want)
	}
	kept, textOK := sourceOps(ops, page.src, page.html)
	textOK = textOK && len(page.htmlOps) == 0  // after an op on the HTML, the next ones too, in order
	parts := strings.Split(inner, contentMark) // the ops apply to the layouts' HTML around the page's text too, as in Jekyll
	for i := range parts {
		for _, op := range ops {
			parts[i] = op.apply(parts[i])
		}
	}
	filtered := strings.Join(parts, contentMark)
	spanOK := true
	var res, plain, marked []byte
	unmarked := strings.NewReplacer(layout.HTMLOpsFrom, "", layout.HTMLOpsTo, "").Replace(inner)
	rest := out
	for {
		i := bytes.Index(rest, []byte(textOpen))
		if i < 0 {
			break
		}
		res, plain, marked = append(res, rest[:i]...), append(plain, rest[:i]...), append(marked, rest[:i]...)
		rest = rest[i+len(textOpen):]
		j := bytes.Index(rest, []byte(textClose))
		if j < 0 { // cut inside (truncatewords): read, not written, what was written stays
			break
		}
		if string(rest[:j]) != want {
			spanOK = false
		}
		res, plain = append(res, filtered...), append(plain, inner...)
		marked = append(append(append(marked, layout.HTMLOpsFrom...), unmarked...), layout.HTMLOpsTo...)
		rest = rest[j+len(textClose):]
	}
	res, plain, marked = append(res, rest...), append(plain, rest...), append(marked, rest...)
	if !bytes.Contains(res, []byte(contentMark)) { // no span: the ops are the layout's, not the page text's
		kept, textOK, spanOK = nil, true, true
	}
	switch {
	case !spanOK:
		page.ops = page.ops[:at]
		line := first
		if loc := filtersContent.FindIndex(b); loc != nil {
			line = 1 + bytes.Count(b[:loc[0]], []byte("\n"))
		} else if loc := includesContent.FindIndex(b); loc != nil {
			line = 1 + bytes.Count(b[:loc[0]], []byte("\n"))
		}
		*probs = append(*probs, layout.Problem{File: lf, Line: line, Col: 1, Warning: true,
			Msg: "the layout changes the page's content in a way sitegen cannot apply to the page's text (its filters on {{ content }}); the page shows its text unfiltered"})
		return bytes.ReplaceAll(plain, []byte(textClose), nil)
	case !textOK: // on the page's converted HTML, the layouts' HTML in it
		page.htmlOps = append(page.htmlOps, htmlOnly(ops, rendered)...)
		page.ops = page.ops[:at]
		// Only the content this layout filters gets them, not its own HTML
		// around it nor the outer layouts': the span between
		// layout.HTMLOpsFrom and HTMLOpsTo (one span: an outer layout's
		// ops on the HTML widen it to theirs).
		return bytes.ReplaceAll(marked, []byte(textClose), nil)
	}
	page.ops = append(page.ops[:at], kept...) // the page's own text gets them in the expander
	return bytes.ReplaceAll(res, []byte(textClose), nil)
}
