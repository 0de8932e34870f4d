package shortcode

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"d6codex/cmd/sitegen/internal/markup/shortcode/hugotmpl"
)

// A site's own shortcode templates (the project's layouts/shortcodes, then
// its theme's: "Hugo's lookup order ... the project layouts directory,
// then the theme's", https://gohugo.io/templates/shortcode-templates/)
// are run (package hugotmpl), over sitegen's own rendering of a theme's
// shortcode of that name, as Hugo runs the site's template over its own
// built-in one. "{{% %}}: the shortcode's output is ... rendered as
// Markdown"; "{{< >}}: ... not rendered as Markdown"
// (https://gohugo.io/content-management/shortcodes/#notation). A template
// that uses what sitegen does not implement is not run: the page shows
// the shortcode as before, with one warning a page naming the shortcode
// and what it lacks. A shortcode sitegen draws itself (runner.has) is
// drawn so. A page-link shortcode (Extension.PageLinks: its
// template looks the page up with GetPage, which sitegen does not run) is
// the link sitegen makes, as before.

// KindOutput is the AST kind of a block shortcode's template output.
var KindOutput = ast.NewNodeKind("ShortcodeOutput")

// Output is the HTML a site's shortcode template wrote, as a block. It is
// raw HTML the caller sanitizes and puts in place (package markup); its
// own renderer writes nothing.
type Output struct {
	ast.BaseBlock
	HTML  string
	At    int // the source offset of its opening tag
	until int // the source offset after its closing tag; 0: its line
}

// Kind implements ast.Node.
func (n *Output) Kind() ast.NodeKind { return KindOutput }

// Dump implements ast.Node.
func (n *Output) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"HTML": n.HTML}, nil)
}

// kindInlineOutput is the AST kind of an inline shortcode's output.
var kindInlineOutput = ast.NewNodeKind("ShortcodeInlineOutput")

// InlineOutput is the HTML a site's shortcode template wrote, in running
// text, as Output is.
type InlineOutput struct {
	ast.BaseInline
	HTML string
	At   int
}

// Kind implements ast.Node.
func (n *InlineOutput) Kind() ast.NodeKind { return kindInlineOutput }

// Dump implements ast.Node.
func (n *InlineOutput) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }

// pageKey holds the page's title and params for .Page; ordinalKey the
// page's count of shortcodes run; warnedKey the names warned about.
var (
	pageKey    = parser.NewContextKey()
	ordinalKey = parser.NewContextKey()
	warnedKey  = parser.NewContextKey()
)

// pageInfo is .Page: the page's title, URL and front matter, its keys
// lower case as Hugo's .Params are ("Page-level params ... keys are
// lower-cased", https://gohugo.io/methods/page/params/).
func (r *runner) pageInfo(pc parser.Context) hugotmpl.PageInfo {
	if p, ok := pc.Get(pageKey).(hugotmpl.PageInfo); ok {
		return p
	}
	var p hugotmpl.PageInfo
	if r.page != nil {
		var meta map[string]any
		p.Title, meta, p.RelPermalink = r.page(pc)
		p.Params = make(map[string]any, len(meta))
		for k, v := range meta {
			p.Params[strings.ToLower(k)] = v
		}
	}
	pc.Set(pageKey, p)
	return p
}

// runner runs the site's shortcode templates for the parsers.
type runner struct {
	set *hugotmpl.Set
	// markdown renders Markdown as the page's (nil: the set's own).
	markdown func(pc parser.Context, src string, inline bool, at int) (string, error)
	page     func(pc parser.Context) (title string, meta map[string]any, url string)
	ref      func(pc parser.Context, target string) (url, title, problem string, ok bool)
	source   func(pc parser.Context) (file string, read func(rel string, max int64) ([]byte, error))
	warn     Warn
	fail     Warn
	failLink func(pc parser.Context, off int, target, reason string) // a ref to no page (Extension.FailLink)
}

// urlize is the site's urlize, nil without templates.
func (r *runner) urlize() func(string) string {
	if r == nil {
		return nil
	}
	return r.set.Urlize
}

// has reports whether the site has a template for name that sitegen
// runs: not one of the shortcodes it draws itself (callouts, details,
// tabs, figure: the paired map), whose templates' look is the theme's
// CSS and scripts, which sitegen does not publish (a Book theme's hint
// is <blockquote class="book-hint">, pycom's <v-card> for Vuetify):
// sitegen's drawing of them stands in for that look.
func (r *runner) has(name string) bool {
	if r == nil || name == "figure" {
		return false
	}
	if _, native := paired[name]; native {
		return false
	}
	return r.set.Has(name)
}

// run runs the template of c with inner (when paired), returning its
// output as HTML. On error it warns once a page (name and reason) and
// reports false: the caller shows the shortcode as before.
func (r *runner) run(pc parser.Context, c call, inner string, paired bool, at int, inline bool) (string, bool) {
	n, _ := pc.Get(ordinalKey).(int)
	pc.Set(ordinalKey, n+1)
	hc := r.hcall(pc, c, inner, paired, n, at)
	out, err := r.set.Run(hc)
	if err == nil {
		out = r.resolveRefs(pc, out, at)
	}
	if err == nil && hc.MarkdownOutput {
		out, err = r.md(pc, out, inline, at)
	}
	if err != nil {
		warned, _ := pc.Get(warnedKey).(map[string]bool)
		if warned == nil {
			warned = map[string]bool{}
			pc.Set(warnedKey, warned)
		}
		if !warned[c.name] && r.warn != nil {
			warned[c.name] = true
			var m *hugotmpl.Missing
			if errors.As(err, &m) {
				r.warn(pc, at, fmt.Sprintf("Hugo shortcode %q: its template is not run (it uses %s, which sitegen does not implement): shown as sitegen shows a shortcode it does not know, here and further on the page", c.name, m.What))
			} else {
				r.warn(pc, at, fmt.Sprintf("Hugo shortcode %q: its template is not run (%v): shown as sitegen shows a shortcode it does not know, here and further on the page", c.name, err))
			}
		}
		return "", false
	}
	return out, true
}

// resolveRefs writes the URLs and titles of the pages a template's refs
// and GetPage name (hugotmpl.RefMarks, TitleMarks); a ref to no page is a
// broken link at the shortcode (at). Unresolved (an outline), a ref is
// its target as written.
func (r *runner) resolveRefs(pc parser.Context, out string, at int) string {
	out = hugotmpl.TitleMarks(out, func(target string) string {
		if r.ref == nil {
			return ""
		}
		_, title, _, _ := r.ref(pc, target)
		return title
	})
	return hugotmpl.RefMarks(out, func(target string) string {
		if r.ref == nil {
			return RefDest(target)
		}
		url, _, problem, ok := r.ref(pc, target)
		if !ok {
			return RefDest(target)
		}
		if problem != "" {
			if r.failLink != nil {
				r.failLink(pc, at, target, problem)
			}
			return ""
		}
		return url
	})
}

func (r *runner) md(pc parser.Context, src string, inline bool, at int) (string, error) {
	if r.markdown == nil {
		return src, nil
	}
	return r.markdown(pc, src, inline, at)
}

// hcall is the hugotmpl.Call of c; shortcodes in its inner text run by
// nested.
func (r *runner) hcall(pc parser.Context, c call, inner string, paired bool, ordinal, at int) hugotmpl.Call {
	hc := hugotmpl.Call{Name: c.name, Pos: c.pos, Named: c.named, Inner: inner, HasInner: paired,
		MarkdownOutput: !c.angle || r.set.MarkdownOutput(c.name), Ordinal: ordinal, Page: r.pageInfo(pc)}
	hc.Nested = func(src string, depth int) (string, error) { return r.nested(pc, src, depth, at) }
	if r.ref != nil {
		hc.PageExists = func(path string) bool {
			_, _, problem, ok := r.ref(pc, path)
			if ok && problem != "" && r.warn != nil {
				// Hugo's GetPage gives nil: the template shows nothing
				r.warn(pc, at, fmt.Sprintf("Hugo shortcode %q: .GetPage %q finds no page (%s): shown as Hugo shows it, without that page", c.name, path, problem))
			}
			return !ok || problem == ""
		}
	}
	if r.markdown != nil {
		hc.Markdown = func(src string) (string, error) { return r.markdown(pc, src, false, at) }
	}
	if r.source != nil {
		hc.Page.File, hc.ReadFile = r.source(pc)
	}
	if r.warn != nil {
		hc.Warn = func(msg string) { r.warn(pc, at, fmt.Sprintf("Hugo shortcode %q: %s", c.name, msg)) }
	}
	return hc
}

// nested runs the shortcodes written in src (the .Inner of another):
// each must be the site's and run, or the outer one is not run either
// (it shows as before). {{% %}} ones become Markdown in the text, as Hugo
// writes them into .Inner; ref and relref stay as written, resolved in the
// HTML (RawRefs).
func (r *runner) nested(pc parser.Context, src string, depth, at int) (string, error) {
	var b strings.Builder
	pairs := findPairs([]byte(src))
	last := 0
	for i := strings.Index(src, "{{"); i >= 0; {
		c, ok := parseCall([]byte(src[i:]))
		if !ok || c.name == "ref" || c.name == "relref" {
			next := strings.Index(src[i+2:], "{{")
			if next < 0 {
				break
			}
			i += 2 + next
			continue
		}
		if c.closing || !r.has(c.name) {
			return "", fmt.Errorf("the shortcode %q in its content is not one of the site's templates", c.name)
		}
		inner, end, paired := "", i+c.length, false
		if e, ok := pairs[i]; ok && !c.self {
			cl, _ := parseCall([]byte(src[e:]))
			inner, end, paired = src[i+c.length:e], e+cl.length, true
		}
		hc := r.hcall(pc, c, inner, paired, 0, at)
		hc = hugotmpl.Nest(hc, depth)
		out, err := r.set.Run(hc)
		if err != nil {
			return "", err
		}
		b.WriteString(src[last:i])
		b.WriteString(out)
		last, i = end, -1
		if next := strings.Index(src[end:], "{{"); next >= 0 {
			i = end + next
		}
	}
	b.WriteString(src[last:])
	return b.String(), nil
}

// openTemplate makes the Output of a site's shortcode opened on the line
// at seg (its call c starting at start, its opening tag openLen bytes),
// or returns nil to leave it to sitegen's own rendering; failed when its
// template failed (and was warned about).
func (p blockParser) openTemplate(c call, reader text.Reader, pc parser.Context, start, openLen int) (out ast.Node, failed bool) {
	src := reader.Source()
	inner, paired, until := "", false, start+openLen
	if !c.self {
		if end := closingOf(pc, src, c.name, start); end > start {
			cl, ok := parseCall(src[end:])
			if !ok {
				return nil, false
			}
			until = end + cl.length
			// Only what its closing line holds after it: nothing.
			lineEnd := bytes.IndexByte(src[until:], '\n')
			if lineEnd < 0 {
				lineEnd = len(src) - until
			}
			if !util.IsBlank(src[until : until+lineEnd]) {
				return nil, false
			}
			inner, paired = string(src[start+openLen:end]), true
		}
	}
	if !paired {
		// Text after it on its line: a paragraph's, the inline parser's.
		lineEnd := bytes.IndexByte(src[until:], '\n')
		if lineEnd < 0 {
			lineEnd = len(src) - until
		}
		if !util.IsBlank(src[until : until+lineEnd]) {
			return nil, false
		}
	}
	html, ok := p.run.run(pc, c, inner, paired, start, false)
	if !ok {
		return nil, true
	}
	return &Output{HTML: html, At: start, until: until}, false
}

// continueOutput skips the lines of an Output's content and closing tag.
func continueOutput(o *Output, reader text.Reader) parser.State {
	_, seg := reader.PeekLine()
	if o.until <= 0 || seg.Start >= o.until {
		return parser.Close
	}
	reader.Advance(seg.Len() - 1)
	return parser.Continue | parser.NoChildren
}

// inlineTemplate runs a site's shortcode in running text (its call c at
// offset at, the line's rest lineLen bytes from there; the reader already
// past its opening tag): paired when its closing tag is on the same line.
// Nil leaves it to sitegen's own rendering; failed when its template
// failed (and was warned about).
func (p inlineParser) inlineTemplate(c call, block text.Reader, pc parser.Context, at, lineLen int) (out ast.Node, failed bool) {
	src := block.Source()
	inner, paired, extra := "", false, 0
	if !c.self {
		if end := closingOf(pc, src, c.name, at); end > at && end < at+lineLen {
			cl, ok := parseCall(src[end:])
			if !ok {
				return nil, false
			}
			inner, paired, extra = string(src[at+c.length:end]), true, end+cl.length-(at+c.length)
		}
	}
	html, ok := p.run.run(pc, c, inner, paired, at, true)
	if !ok {
		return nil, true
	}
	block.Advance(extra)
	return &InlineOutput{HTML: html, At: at}, false
}
