package jekyll

import (
	"bytes"
	"errors"
	"fmt"
	"html"
	"maps"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/markup/rawhtml"
)

// rel is the content-relative path of the source file file.
func (s *liquidSite) rel(file string) string {
	if s.l.Content != "." && s.l.Content != "" {
		return strings.TrimPrefix(file, s.l.Content+"/")
	}
	return file
}

// hasLiquid reports whether b holds a Liquid tag or output.
func hasLiquid(b []byte) bool {
	return bytes.Contains(b, []byte("{%")) || bytes.Contains(b, []byte("{{"))
}

// vars are the variables of the page (or file) at file with text src:
// site (the model; in a page its url and baseurl are marks that siteRoot
// makes paths under the site's base path) and page (the
// file's document: front matter, url, path, date, …), paginator nil (no
// jekyll-paginate: a loop over paginator.posts writes nothing, as Jekyll
// without the plugin).
//
// hit is set when the file reads the model (a lazyKey: site.pages,
// site.posts, a collection, site.tags, …): its output then depends on
// every page of the site.
func (s *liquidSite) vars(file string, src []byte, read func(string) ([]byte, error), forFile bool, hit *atomic.Bool) (map[string]any, *siteModel) {
	m := s.lite(read)
	site := maps.Clone(m.site)
	for k, v := range site {
		if z, ok := v.(lazyKey); ok {
			z.hit = hit
			site[k] = z
		}
	}
	if !forFile {
		site["url"], site["baseurl"] = string(siteURLMark), string(baseURLMark)
	}
	rel := s.rel(file)
	var page *hash
	if full := s.built(); full != nil {
		page = full.byPath[rel] // the same document as in site.pages: page == p holds
	}
	if page == nil {
		d := s.documentOf(rel, src)
		if d == nil {
			d = map[string]any{"path": rel}
		}
		page = newHash(d)
	}
	return map[string]any{"site": site, "page": page, "paginator": nil, "jekyll": map[string]any{"version": "4.3.1", "environment": "production"}}, m
}

// runLiquid runs the Liquid of the page file file (its text src, front
// matter left as it is); false when it could not, the problem (a
// warning: the page is then shown as sitegen showed it without Liquid)
// in the Expanded, or an error when a bound stopped it.
func (s *liquidSite) runLiquid(file string, src []byte, read func(string) ([]byte, error)) (layout.Expanded, bool) {
	x := layout.Expanded{Src: src}
	from := frontMatterEnd(src)
	body := src[from:]
	if !hasLiquid(body) {
		return x, true
	}
	if read == nil || bytes.ContainsRune(body, markOpen) {
		return x, false
	}
	src = highlightFences(src, from) // own-line highlight blocks: fences, lines kept
	body = src[from:]
	x.Src = src
	var hit atomic.Bool
	vars, m := s.vars(file, src, read, false, &hit)
	first := 1 + bytes.Count(src[:from], []byte("\n"))
	r := newRun(file, read, s.l.Content, m, false)
	r.full = func() *siteModel { hit.Store(true); return s.get(read) }
	r.timeout = s.timeout
	out, err := r.render(markLines(body, first), first, vars)
	x.ReadsSite = hit.Load()
	x.Problems = append(x.Problems, r.undefWarnings(file)...)
	if err != nil {
		x.Problems = append(x.Problems, liquidProblem(err, first))
		return x, false
	}
	text, lines := unmark(out, first)
	text = siteRoot(text, m.baseurl)
	text = htmlBlocks(text)
	x.Src = append(append(make([]byte, 0, from+len(text)), src[:from]...), text...)
	x.Lines = make([]int, 0, first-1+len(lines))
	for i := 1; i < first; i++ {
		x.Lines = append(x.Lines, i)
	}
	x.Lines = append(x.Lines, lines...)
	return x, true
}

// liquidProblem is the problem of a failed rendering: an error when a
// bound stopped it, else a warning that the page is shown without its
// Liquid run.
func liquidProblem(err error, first int) layout.Problem {
	var re *renderError
	if !errors.As(err, &re) {
		re = &renderError{msg: err.Error()}
	}
	p := layout.Problem{Line: max(re.line, first), Col: 1, Warning: true}
	where := ""
	if re.file != "" {
		where = " (in " + re.file + ")"
	}
	switch {
	case re.bound:
		p.Warning = false
		p.Msg = "Liquid" + where + ": " + re.msg
	default:
		p.Msg = "Liquid" + where + ": " + re.msg + "; the page is shown without its Liquid run (tags dropped, loops left out)"
	}
	return p
}

// renderFile is layout.Layout.RenderFile: "Any file that contains a YAML
// front matter block will be processed by Jekyll as a special file"
// (https://jekyllrb.com/docs/front-matter/): its Liquid is run, with
// site.url and site.baseurl as _config.yml sets them (a feed's absolute
// links), and it is written without its front matter (Jekyll 4.3.1
// writes all.json = `---\n---\n[{"a": "{{ site.title }}"}]` as
// `[{"a": "T"}]`). Its layout: is not run (a feed's is none). A file the
// engine cannot run is not published, with a warning; a bound stopped
// it, an error. A Sass file is then compiled into CSS (sass.go).
func (s *liquidSite) renderFile(file string, src []byte, read func(string) ([]byte, error)) ([]byte, []layout.Problem, bool) {
	out, probs, ok := s.runFile(file, src, read)
	if !ok || s.sass == nil || !isSass(file) {
		return out, probs, ok
	}
	// A Sass file: "Jekyll will process" it into CSS after its Liquid
	// (https://jekyllrb.com/docs/assets/), published as .css (sassExt).
	if s.sass.bad != "" {
		probs = append(probs, layout.Problem{Line: 1, Col: 1, Warning: true, Msg: s.sass.bad})
	}
	first := 1 + bytes.Count(src[:frontMatterEnd(src)], []byte("\n"))
	css, p := s.sass.compile(file, out, first)
	if p != nil {
		return nil, append(probs, *p), false
	}
	return css, probs, true
}

// runFile runs the Liquid of a file that is not a page (renderFile): its
// text without front matter, as Liquid writes it.
func (s *liquidSite) runFile(file string, src []byte, read func(string) ([]byte, error)) ([]byte, []layout.Problem, bool) {
	from := frontMatterEnd(src)
	body := src[from:]
	if !hasLiquid(body) {
		return body, nil, true
	}
	vars, m := s.vars(file, src, read, true, nil)
	first := 1 + bytes.Count(src[:from], []byte("\n"))
	r := newRun(file, read, s.l.Content, m, true)
	r.full = func() *siteModel { return s.get(read) }
	r.timeout = s.timeout
	out, err := r.render(body, first, vars)
	probs := r.undefWarnings(file)
	if err != nil {
		p := liquidProblem(err, first)
		if p.Warning {
			p.Msg = strings.TrimSuffix(p.Msg, "; the page is shown without its Liquid run (tags dropped, loops left out)") +
				"; not published: its template is not what Jekyll writes"
		}
		return nil, append(probs, p), false
	}
	return out, probs, true
}

// contentMark is what the page's {{ content }} is while its layouts run:
// their output is split there, around the page's own text.
const contentMark = "\uE004"

// maxLayoutChain is the most layouts a page's layout: chain runs, a bound
// against a chain that names itself.
const maxLayoutChain = 16

// runLayout runs the layout file lf (its text b) of the page file file
// (text src) with the page's variables, as Jekyll does: "Jekyll will
// render the layout with the page's content inserted at {{ content }}",
// and a layout names its own layout: in its front matter, which runs
// around it ("Layout inheritance", https://jekyllrb.com/docs/layouts/).
// The chain runs up to the site's chrome (a layout that writes <html>,
// <head> or <body>, which sitegen's theme replaces) or a layout the site
// does not hold (a theme's). {{ content }} is a mark there; before and
// after are the HTML the layouts write around the page's text, each as
// one block of HTML (its blank lines dropped, so that Markdown takes
// none of it for text or code), nil when empty. A chain that writes the
// page's content more than once is an error; one that does not write it
// (own true: the page has text), errNoContent with before the whole page,
// as Jekyll writes it.
//
// *readsSite is set when a layout read the site model.
func (s *liquidSite) runLayout(file string, src, own []byte, lf string, b []byte, read func(string) ([]byte, error), readsSite *bool) (before, after []byte, ops []textOp, htmlOps []layout.HTMLOp, probs []layout.Problem, err error) {
	var hit atomic.Bool
	defer func() { *readsSite = *readsSite || hit.Load() }()
	vars, m := s.vars(file, src, read, false, &hit)
	_, filters := s.filtering.Load(lf)
	filters = filters || filtersContent.Match(b) || handsContent.Match(b)
	seen := read
	if filters && own != nil {
		seen = nil // no run without the page's text
	} else if own != nil {
		seen = func(f string) ([]byte, error) { // an include the chain reads may filter the content
			t, err := read(f)
			filters = filters || err == nil && (filtersContent.Match(t) || handsContent.Match(t))
			return t, err
		}
	}
	var content string
	if seen != nil {
		content, probs, err = s.chain(lf, b, vars, m, seen, &hit, nil)
	}
	if err == nil && filters && own != nil {
		s.filtering.Store(lf, true)
		// A layout filters the page's content: the chain again, with the
		// page's text rendered as Jekyll renders it before its layouts
		// (contentFilters).
		page := &pageText{src: string(own), html: renderedText(own)}
		content, probs, err = s.chain(lf, b, vars, m, read, &hit, page)
		ops, htmlOps = page.ops, page.htmlOps
	}
	if err != nil {
		return nil, nil, nil, nil, probs, err
	}
	text := []byte(content)
	if page, ok := vars["page"].(*hash); ok {
		text = dropTitleHeading(text, str(page.m["title"]))
	}
	switch n := strings.Count(content, contentMark); {
	case own == nil:
		return layoutBlock(bytes.ReplaceAll(text, []byte(contentMark), nil), m.baseurl), nil, nil, nil, probs, nil
	case n == 0:
		return layoutBlock(text, m.baseurl), nil, nil, nil, probs, errNoContent
	case n > 1:
		return nil, nil, nil, nil, probs, fmt.Errorf("%s writes the page's {{ content }} %d times; sitegen shows the page's text once, without its layout", lf, n)
	}
	// One element around the layouts' HTML and the page's text, so that
	// an element a layout opens before {{ content }} and closes after it
	// holds the text, as in Jekyll's page.
	pre, post, _ := bytes.Cut(text, []byte(contentMark))
	before = append([]byte(layoutOpen), layoutLines(pre, m.baseurl)...)
	after = append(layoutLines(post, m.baseurl), layoutClose...)
	return before, after, ops, htmlOps, probs, nil
}

// layoutHTML is out, what the layout file lf (its text b, its template
// from line first) wrote, with the raw HTML sitegen does not publish
// removed, as the page's own raw HTML is (package markup/rawhtml), unless
// the site keeps all raw HTML. Each removal is a warning at the layout's
// line that writes it (its first line of template when no line of it
// names the element): one warning for every page that uses the layout,
// which the build's report lists once.
func (s *liquidSite) layoutHTML(lf string, b []byte, first int, out []byte, probs *[]layout.Problem) []byte {
	if s.l.Settings.Unsafe || s.sanitizer == nil {
		return out
	}
	clean, removed := s.sanitizer().Sanitize(string(out))
	hint := s.l.Settings.UnsafeHint
	for _, what := range removed {
		*probs = append(*probs, layout.Problem{File: lf, Line: elementLine(b, what, first), Col: 1, Warning: true,
			Msg: rawhtml.Removed("raw HTML", what, hint)})
	}
	return []byte(clean)
}

// elementLine is the line of the template b that writes the element (and
// attribute) of the removal what, first when none does.
func elementLine(b []byte, what string, first int) int {
	elem, attr, ok := rawhtml.RemovedFrom(what)
	if !ok {
		return first
	}
	re := `(?i)<` + regexp.QuoteMeta(elem) + `\b`
	if attr != "" {
		re += `[^>]*\b` + regexp.QuoteMeta(attr) + `\s*=`
	}
	at := regexp.MustCompile(re).FindIndex(b)
	if at == nil {
		return first
	}
	return 1 + bytes.Count(b[:at[0]], []byte("\n"))
}

// errNoContent is a layout chain that does not write the page's {{
// content }}: what it writes is the whole page.
var errNoContent = errors.New("the page's layout does not write its {{ content }}")

// layoutOpen and layoutClose are the element around what a page's
// layouts write.
const (
	layoutOpen  = "<div class=\"jekyll-layout\">\n"
	layoutClose = "</div>\n"
)

// layoutBlock is the HTML a layout writes, as one block of HTML in its
// element (layoutLines); nil when it is blank.
func layoutBlock(out []byte, baseurl string) []byte {
	lines := layoutLines(out, baseurl)
	if lines == nil {
		return nil
	}
	return append(append([]byte(layoutOpen), lines...), layoutClose...)
}

// layoutLines are the lines of HTML a layout writes, each ending in a
// newline: its blank lines dropped, so that Markdown takes none of it for
// text or code, its lines unindented; nil when it is blank.
func layoutLines(out []byte, baseurl string) []byte {
	var kept []byte
	for _, line := range bytes.Split(siteRoot(out, baseurl), []byte("\n")) {
		if len(bytes.TrimSpace(line)) > 0 {
			kept = append(append(kept, bytes.TrimLeft(line, " \t")...), '\n')
		}
	}
	return kept
}

// htmlBlockOpen is a line that opens a block of HTML (CommonMark's kinds
// 6, the block-level elements), capturing its element's name.
var htmlBlockOpen = regexp.MustCompile(`^ {0,3}<(?i:(address|article|aside|blockquote|details|dialog|div|dl|fieldset|figure|footer|form|header|nav|ol|section|table|ul))(?:[\s/>]|$)`)

// htmlBlocks keeps the blocks of HTML of a page's Liquid output HTML, as
// kramdown reads them: "The HTML block ends with the end tag", its content
// raw by default (parse_block_html: false,
// https://kramdown.gettalong.org/syntax.html#html-blocks), where
// CommonMark ends a block at the first blank line and takes a line
// indented four spaces after it for code: a loop's blank lines inside a
// <table> made its indented rows code shown as text (200WordRPG's
// 2015entries.md). Inside such a block (closed, without <pre>,
// <textarea>, <script> or <style>, whose spaces count) the lines lose
// their indentation, so that each part between blank lines starts a block
// of HTML again (<tr>, <td>, <li> are CommonMark's block elements). The
// lines keep their numbers; an unclosed block is left as it is.
func htmlBlocks(text []byte) []byte {
	if !bytes.Contains(text, []byte("<")) {
		return text
	}
	ls := bytes.SplitAfter(text, []byte("\n"))
	changed := false
	for i := 0; i < len(ls); i++ {
		m := htmlBlockOpen.FindSubmatch(ls[i])
		if m == nil {
			continue
		}
		name := strings.ToLower(string(m[1]))
		open := regexp.MustCompile(`(?i)<` + name + `(?:[\s/>]|$)`)
		closing := regexp.MustCompile(`(?i)</` + name + `\s*>`)
		depth := len(open.FindAllIndex(ls[i], -1)) - len(closing.FindAllIndex(ls[i], -1))
		j := i
		for depth > 0 && j+1 < len(ls) {
			j++
			depth += len(open.FindAllIndex(ls[j], -1)) - len(closing.FindAllIndex(ls[j], -1))
		}
		if depth > 0 {
			continue
		}
		if !spacesCount.Match(bytes.Join(ls[i:j+1], nil)) {
			for k := i + 1; k <= j; k++ {
				if t := bytes.TrimLeft(ls[k], " \t"); len(t) != len(ls[k]) {
					ls[k], changed = t, true
				}
			}
		}
		i = j
	}
	if !changed {
		return text
	}
	return bytes.Join(ls, nil)
}

// spacesCount finds the elements whose text keeps its spaces.
var spacesCount = regexp.MustCompile(`(?i)<(pre|textarea|script|style)[\s>]`)

// leadH1 is an <h1> element that starts a layout's output, its text.
var leadH1 = regexp.MustCompile(`(?is)^\s*<h1\b[^>]*>(.*?)</h1\s*>\s*`)

// tags are HTML tags in a heading's text.
var tags = regexp.MustCompile(`<[^>]*>`)

// dropTitleHeading is out without the <h1> that starts it when that
// heading's text is the page's title: the layout's <h1>{{ page.title
// }}</h1> is the heading sitegen's page shows above the text, once. A
// heading of other words stays.
func dropTitleHeading(out []byte, title string) []byte {
	m := leadH1.FindSubmatchIndex(out)
	if m == nil || title == "" {
		return out
	}
	text := html.UnescapeString(string(tags.ReplaceAll(out[m[2]:m[3]], nil)))
	if strings.Join(strings.Fields(text), " ") != strings.Join(strings.Fields(title), " ") {
		return out
	}
	return out[m[1]:]
}

// The marks a page's {{ site.url }} and {{ site.baseurl }} write.
const (
	siteURLMark = '\uE002'
	baseURLMark = '\uE003'
)

// siteRoot makes what {{ site.url }} and {{ site.baseurl }} wrote in a
// page a path from the site's root under its base path: "site.url:
// Contains the url of your site as it's configured in the _config.yml"
// (https://jekyllrb.com/docs/variables/#site-variables), and Jekyll
// writes a page's raw HTML as it is, so {{ site.baseurl }}/b/ is base/b/
// (base: _config.yml's baseurl, "/sub" or "") and {{ site.url }}{{
// site.baseurl }}/b/ the same page as a path, checked as sitegen's other
// links (a Markdown link typed with the base resolves as without it,
// content's withoutBase). A run of marks not followed by a path is the
// base's folder, base/; site.url alone is the root.
func siteRoot(b []byte, base string) []byte {
	if !bytes.ContainsRune(b, siteURLMark) && !bytes.ContainsRune(b, baseURLMark) {
		return b
	}
	out := make([]byte, 0, len(b)+len(base))
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r != siteURLMark && r != baseURLMark {
			out = append(out, b[i:i+n]...)
			i += n
			continue
		}
		withBase := false
		for i < len(b) { // a run of marks
			if r, n := utf8.DecodeRune(b[i:]); r == siteURLMark || r == baseURLMark {
				withBase = withBase || r == baseURLMark
				i += n
				continue
			}
			break
		}
		if withBase {
			out = append(out, base...)
		}
		if i >= len(b) || b[i] != '/' {
			out = append(out, '/')
		}
	}
	return out
}

// The marks markLines puts at the start of a line of a page's Liquid,
// around its number: the rendered text's lines are mapped back to the
// page's by the last mark at or before them (unmark), through loops,
// includes and conditions alike.
const (
	markOpen  = '\uE000'
	markClose = '\uE001'
)

// markLines puts a mark with its line number (the first line being
// first) at the start of each line of body, but inside a Liquid tag or
// output, and where a whitespace-trimming tag ({%- or -%}) would have
// removed the line break before it (a mark is not whitespace, so it would
// stop the trim).
func markLines(body []byte, first int) []byte {
	out := make([]byte, 0, len(body)+len(body)/8)
	closer := ""
	line := first
	start := true
	for i := 0; i < len(body); {
		if start {
			start = false
			if closer == "" && !trimsBefore(out) && !trimsAfter(body[i:]) {
				out = append(out, string(markOpen)+strconv.Itoa(line)+string(markClose)...)
			}
		}
		c := body[i]
		switch {
		case closer == "" && c == '{' && i+1 < len(body) && (body[i+1] == '%' || body[i+1] == '{'):
			closer = "%}"
			if body[i+1] == '{' {
				closer = "}}"
			}
			out = append(out, body[i:i+2]...)
			i += 2
			continue
		case closer != "" && bytes.HasPrefix(body[i:], []byte(closer)):
			closer = ""
			out = append(out, body[i:i+2]...)
			i += 2
			continue
		}
		out = append(out, c)
		if c == '\n' {
			line++
			start = true
		}
		i++
	}
	return out
}

// trimsBefore reports whether out ends with a tag that trims the
// whitespace after it (-%} or -}}), whitespace after it allowed.
func trimsBefore(out []byte) bool {
	t := bytes.TrimRight(out, " \t\r\n")
	return bytes.HasSuffix(t, []byte("-%}")) || bytes.HasSuffix(t, []byte("-}}"))
}

// trimsAfter reports whether rest starts (after whitespace) with a tag
// that trims the whitespace before it ({%- or {{-).
func trimsAfter(rest []byte) bool {
	t := bytes.TrimLeft(rest, " \t\r\n")
	return bytes.HasPrefix(t, []byte("{%-")) || bytes.HasPrefix(t, []byte("{{-"))
}

// unmark removes markLines' marks from out: the text, and for each of its
// lines the page's line it came from (the mark at its start, else the
// last one before it; first before any).
func unmark(out []byte, first int) ([]byte, []int) {
	text := make([]byte, 0, len(out))
	var lines []int
	cur, lineOf, started := first, first, false
	open, closeMark := []byte(string(markOpen)), []byte(string(markClose))
	for i := 0; i < len(out); {
		if bytes.HasPrefix(out[i:], open) {
			j := bytes.Index(out[i:], closeMark)
			if j > 0 {
				if n, err := strconv.Atoi(string(out[i+len(open) : i+j])); err == nil {
					cur = n
					if !started {
						lineOf = n
					}
				}
				i += j + len(closeMark)
				continue
			}
		}
		c := out[i]
		text = append(text, c)
		started = true
		if c == '\n' {
			lines = append(lines, lineOf)
			lineOf, started = cur, false
		}
		i++
	}
	return text, append(lines, lineOf)
}

// preOpen and preClose open and close the elements of an .html page
// whose blank lines count (pre, textarea).
var (
	preOpen  = regexp.MustCompile(`(?i)<(?:pre|textarea)(?:[\s>]|$)`)
	preClose = regexp.MustCompile(`(?i)</(?:pre|textarea)\s*>`)
)

// htmlPage keeps the text of a page written in HTML (an .html file, not
// one of markdown_ext's) from being read as Markdown: "Jekyll converts
// only files whose extension is one of markdown_ext" (default
// "markdown,mkdown,mkdn,mkd,md",
// https://jekyllrb.com/docs/configuration/default/), so an .html page
// gets its Liquid and its layout, never Markdown. Each part between blank
// lines is made a block of raw HTML: its first line loses its
// indentation (not code; a line starting with a block tag starts an HTML
// block), and a part that does not start with "<" is wrapped in a
// <div class="jekyll-html"> (its *stars* are not emphasis). A blank line
// inside <pre> or <textarea> is kept as a &#10; at the end of the line
// before it. Blank lines are kept elsewhere, so that a long page is not
// one block (the bound of MaxBlockBytes). The lines keep their numbers
// in the file (x.Lines).
func htmlPage(x layout.Expanded) layout.Expanded {
	from := frontMatterEnd(x.Src)
	first := 1 + bytes.Count(x.Src[:from], []byte("\n"))
	orig := func(i int) int { // the file's line of x.Src's line i
		if x.Lines != nil {
			return x.Lines[min(max(i, 1), len(x.Lines))-1]
		}
		return i
	}
	out := append(make([]byte, 0, len(x.Src)+64), x.Src[:from]...)
	lines := make([]int, 0, first+8)
	for i := 1; i < first; i++ {
		lines = append(lines, orig(i))
	}
	pre, start, wrapped := 0, true, false
	n := first - 1
	closeWrap := func() {
		if wrapped {
			out = append(out, "</div>\n"...)
			lines = append(lines, orig(n))
			wrapped = false
		}
	}
	for _, l := range bytes.SplitAfter(x.Src[from:], []byte("\n")) {
		if len(l) == 0 {
			continue
		}
		n++
		if len(bytes.TrimSpace(l)) == 0 {
			if pre > 0 && len(out) > 0 && out[len(out)-1] == '\n' {
				out = append(out[:len(out)-1], "&#10;\n"...)
				continue
			}
			closeWrap()
			out = append(out, '\n')
			lines = append(lines, orig(n))
			start = true
			continue
		}
		if start && pre == 0 {
			l = bytes.TrimLeft(l, " \t")
			if l[0] != '<' {
				out = append(out, "<div class=\"jekyll-html\">\n"...)
				lines = append(lines, orig(n))
				wrapped = true
			}
		}
		start = false
		pre = max(0, pre+len(preOpen.FindAllIndex(l, -1))-len(preClose.FindAllIndex(l, -1)))
		out = append(out, l...)
		if l[len(l)-1] != '\n' {
			out = append(out, '\n')
		}
		lines = append(lines, orig(n))
	}
	closeWrap()
	x.Src, x.Lines = out, lines
	return x
}
