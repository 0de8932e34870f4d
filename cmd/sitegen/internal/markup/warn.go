package markup

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"d6codex/cmd/sitegen/internal/markup/mdx"
	"d6codex/cmd/sitegen/internal/markup/rawhtml"
	"d6codex/cmd/sitegen/internal/markup/shortcode"
)

// warnTransformer warns about what a page holds that renders differently
// from what its editor expects: raw HTML the sanitizer changed (unless
// Options.Unsafe; what it removed, once a line), and other tools' syntax
// that shows as text (see unsupported), and the fenced blocks of a tool's
// plugins that nothing draws (Dialects.PluginBlocks). It puts the sanitized HTML in
// place of the raw HTML, with its headings one level down when the page's
// go down (h1Transformer).
type warnTransformer struct{ m *Markdown }

// Transform implements parser.ASTTransformer.
func (t warnTransformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	st := state(pc)
	if st == nil {
		return
	}
	src := reader.Source()
	type raw struct {
		n     ast.Node
		clean string
	}
	var raws []raw
	var drop []ast.Node       // mkdocstrings instructions, not shown
	told := map[string]bool{} // "line what", so <span onclick>x</span> is told once
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		var orig string
		start, output := 0, false
		switch n := n.(type) {
		case *ast.HTMLBlock, *ast.RawHTML:
			orig, start = rawText(n, src), rawStart(n)
		case *shortcode.Output: // a Hugo shortcode template's, raw HTML
			orig, start, output = n.HTML, n.At, true
		case *shortcode.InlineOutput:
			orig, start, output = n.HTML, n.At, true
		}
		switch n := n.(type) {
		case *ast.HTMLBlock, *ast.RawHTML, *shortcode.Output, *shortcode.InlineOutput:
			text := orig
			line, col := st.pos(start)
			if t.m.opts.Dialects.Shortcodes && st.page.Links != nil {
				text = shortcode.RawRefs(text, func(dest string) string {
					tg := resolveTarget(st.page.Links, dest)
					if tg.Problem != "" {
						st.reportLinkAt(line, col, BrokenLink{Target: dest, Reason: tg.Problem})
						return tg.URL // "" but for a page whose #fragment is not on it (LinkTarget.Problem)
					}
					return tg.URL
				})
			}
			if t.m.opts.Dialects.MDX && !output && !t.m.mdxOff(st.page.File) {
				text = mdx.JSXNames(t.jsxAttrs(st, text, start))
			}
			clean := text
			if !t.m.opts.Unsafe {
				var removed []string
				clean, removed = t.m.sanitizer.Sanitize(text)
				for _, what := range removed {
					key, kind := fmt.Sprint(line, what), "raw HTML"
					if output {
						// a template's: told once a page
						key, kind = "shortcode output "+what, "a Hugo shortcode template's HTML"
					}
					if !told[key] {
						told[key] = true
						msg := rawhtml.Removed(kind, what, t.m.opts.UnsafeHint)
						if name := vueComponent(orig, what); name != "" && !output && t.m.opts.Dialects.VueComponents {
							msg = fmt.Sprintf("Vue component <%s> is not rendered (sitegen runs no Vue): only its text, if any, is shown", name)
						}
						st.reportAt(line, col, true, msg)
					}
				}
			}
			if attrs := t.m.opts.rawAttrs(); attrs != nil && st.page.Links != nil {
				clean = resolveRawLinks(clean, attrs, st.page.Links, func(msg string, warning bool) { st.reportAt(line, col, warning, msg) })
			}
			if clean != orig || !t.m.opts.Unsafe || output {
				raws = append(raws, raw{n, clean})
			} else if st.demoteRaw {
				raws = append(raws, raw{n, rawText(n, src)})
			}
		case *ast.FencedCodeBlock:
			if n.Info == nil || len(t.m.opts.Dialects.PluginBlocks) == 0 {
				return ast.WalkSkipChildren, nil
			}
			fields := strings.Fields(string(n.Info.Segment.Value(src)))
			if len(fields) == 0 {
				return ast.WalkSkipChildren, nil
			}
			if plugin, ok := t.m.opts.Dialects.PluginBlocks[fields[0]]; ok {
				if fields[0] == metaBindBlock && t.m.opts.Dialects.MetaBind {
					return ast.WalkSkipChildren, nil // metaBindTransformer drew it, or said why not
				}
				if _, drawn := t.m.opts.Handlers[fields[0]]; !drawn {
					line, col := st.pos(fenceStart(src, n.Info.Segment.Start))
					st.reportAt(line, col, true, fmt.Sprintf("a ```%s block (%s): sitegen does not draw it, nor does the tool's publisher, so it shows as code", fields[0], plugin))
				}
			}
			return ast.WalkSkipChildren, nil
		case *ast.CodeSpan:
			if len(t.m.opts.Dialects.PluginInline) == 0 {
				return ast.WalkSkipChildren, nil
			}
			first, code := codeSpanText(n, src)
			if first == nil {
				return ast.WalkSkipChildren, nil
			}
			for word, plugin := range t.m.opts.Dialects.PluginInline {
				if t.m.opts.Dialects.MetaBind && (word == "INPUT" || word == "VIEW") {
					continue // metaBindTransformer drew it, or said why not
				}
				if strings.HasPrefix(code, word+"[") && strings.HasSuffix(code, "]") {
					// the span's backtick is one byte before its text
					st.report(first.Segment.Start-1, true, fmt.Sprintf("an inline %s field (%s): sitegen does not draw `%s[…]`, nor does the tool's publisher, so it shows as code", word, plugin, word))
					break
				}
			}
			return ast.WalkSkipChildren, nil
		case *ast.Paragraph:
			if ids, only := autodoc(n, src); len(ids) > 0 && t.m.opts.Dialects.Autodoc {
				how := "it shows as text"
				if only {
					how = "it is not shown"
					drop = append(drop, n)
				}
				for _, id := range ids {
					st.report(id.at, true, fmt.Sprintf("a mkdocstrings ::: %s instruction (documentation generated from source code): sitegen does not run mkdocstrings, so %s", id.name, how))
				}
				return ast.WalkSkipChildren, nil
			}
			if n.Lines().Len() > 0 {
				first := n.Lines().At(0)
				if what := unsupported(first.Value(src)); what != "" && !(t.m.opts.Dialects.Shortcodes && strings.HasPrefix(what, "a Hugo")) {
					st.report(first.Start, true, fmt.Sprintf("%s: sitegen does not support it, so it shows as text", what))
				}
			}
		}
		return ast.WalkContinue, nil
	})
	for _, n := range drop {
		n.Parent().RemoveChild(n.Parent(), n)
	}
	for _, r := range raws {
		if st.demoteRaw {
			r.clean = rawhtml.DemoteHeadings(r.clean)
		}
		if r.n.Type() == ast.TypeBlock {
			r.n.Parent().ReplaceChild(r.n.Parent(), r.n, &handledBlock{info: "html", html: r.clean})
		} else {
			r.n.Parent().ReplaceChild(r.n.Parent(), r.n, &trustedInline{html: r.clean})
		}
	}
}

// rawText is the raw HTML a node holds, as written.
func rawText(n ast.Node, src []byte) string {
	var b strings.Builder
	switch n := n.(type) {
	case *ast.HTMLBlock:
		for i := 0; i < n.Lines().Len(); i++ {
			seg := n.Lines().At(i)
			b.Write(seg.Value(src))
		}
		if n.HasClosure() {
			b.Write(n.ClosureLine.Value(src))
		}
	case *ast.RawHTML:
		for i := 0; i < n.Segments.Len(); i++ {
			seg := n.Segments.At(i)
			b.Write(seg.Value(src))
		}
	}
	return b.String()
}

// kindTrustedInline is the AST kind of inline HTML already made safe.
var kindTrustedInline = ast.NewNodeKind("D6TrustedInline")

// trustedInline is inline HTML written as is (raw HTML the sanitizer
// passed).
type trustedInline struct {
	ast.BaseInline
	html string
}

// Kind implements ast.Node.
func (n *trustedInline) Kind() ast.NodeKind { return kindTrustedInline }

// trusted is the node's HTML.
func (n *trustedInline) trusted() string { return n.html }

// Dump implements ast.Node.
func (n *trustedInline) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"html": n.html}, nil)
}

// rawStart is the source offset where raw HTML starts.
func rawStart(n ast.Node) int {
	switch n := n.(type) {
	case *ast.HTMLBlock:
		if n.Lines().Len() > 0 {
			return n.Lines().At(0).Start
		}
	case *ast.RawHTML:
		if n.Segments.Len() > 0 {
			return n.Segments.At(0).Start
		}
	}
	return -1
}

// autodocRE is a mkdocstrings instruction's line: "::: " and an
// identifier (the Python handler's dotted path to an object).
var autodocRE = regexp.MustCompile(`^:::[ \t]+([A-Za-z_][\w.]*(?:\.[A-Za-z_]\w*)*)[ \t]*$`)

// autodocInstr is one mkdocstrings instruction: its identifier and the
// source offset of its line.
type autodocInstr struct {
	name string
	at   int
}

// autodoc returns the mkdocstrings instructions of paragraph p when its
// first line is one (nil otherwise), and whether p holds nothing else:
// every other line is an instruction too or indented (an instruction's
// YAML options).
func autodoc(p *ast.Paragraph, src []byte) ([]autodocInstr, bool) {
	lines := p.Lines()
	var ids []autodocInstr
	only := true
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		if m := autodocRE.FindSubmatch(bytes.TrimRight(seg.Value(src), "\r\n")); m != nil {
			ids = append(ids, autodocInstr{string(m[1]), seg.Start})
			continue
		}
		if i == 0 {
			return nil, false
		}
		// A paragraph's continuation lines lose their indentation; the
		// source before the segment keeps it.
		if seg.Start == 0 || (src[seg.Start-1] != ' ' && src[seg.Start-1] != '\t') {
			only = false
		}
	}
	return ids, only
}

// blockLineRE is a pymdownx.blocks line: its start ("/// name", "|
// title" after it) or its end ("///"), as pymdownx's RE_START and
// RE_END read them; a sentence after "///" is none.
var blockLineRE = regexp.MustCompile(`^/{3,}[ ]*(?:[\w-]+[ ]*(?:\|.*)?)?$`)

// unsupported names the syntax of other tools a paragraph starts with (or
// holds), which sitegen shows as text: MkDocs blocks and snippets, Hugo
// shortcodes, FastAPI-style includes. "" when there is none.
func unsupported(line []byte) string {
	l := strings.TrimSpace(string(line))
	switch {
	case blockLineRE.MatchString(l):
		return "a MkDocs /// block (pymdownx.blocks)"
	case strings.HasPrefix(l, "--8<--"):
		return "a MkDocs --8<-- snippet include"
	case strings.Contains(l, "{{<") || strings.Contains(l, "{{%"):
		return "a Hugo {{< shortcode >}}"
	case strings.HasPrefix(l, "{*") && strings.Contains(l, "*}"):
		return "a {* include *}"
	}
	return ""
}

// maxShortcodeDepth bounds Markdown rendered for a shortcode template
// within another's (a template whose markdownify text runs it again).
const maxShortcodeDepth = 10

// shortcodeMarkdown renders Markdown a Hugo shortcode template made or
// asked for (a {{% %}} shortcode's output, markdownify, RenderString) as
// the page's content: its links checked and rewritten, its problems told
// at the shortcode's line (at); inline drops the paragraph around a single
// paragraph.
func (m *Markdown) shortcodeMarkdown(pc parser.Context, src string, inline bool, at int) (string, error) {
	var pg Page
	st := state(pc)
	if st != nil {
		pg = *st.page
		line, _ := st.pos(at)
		outer := st.page.Report
		pg.Report = func(p Problem) {
			// at the shortcode's line; a warning about a template's
			// output repeated through the page is told once
			if st.shortcodeTold == nil {
				st.shortcodeTold = map[string]bool{}
			}
			if outer == nil || p.Warning && st.shortcodeTold[p.Msg] {
				return
			}
			st.shortcodeTold[p.Msg] = true
			p.Line, p.Col = line, 1
			outer(p)
		}
	}
	pg.DropH1, pg.DropLeading = false, false
	if pg.scDepth >= maxShortcodeDepth {
		return "", fmt.Errorf("shortcodes rendered within one another more than %d deep", maxShortcodeDepth)
	}
	pg.scDepth++
	html, _, err := m.Convert([]byte(src), &pg)
	if err != nil {
		return "", err
	}
	if inline {
		t := strings.TrimSpace(html)
		if inner, ok := strings.CutPrefix(t, "<p>"); ok && strings.HasSuffix(inner, "</p>") && !strings.Contains(inner, "<p>") {
			return strings.TrimSuffix(inner, "</p>"), nil
		}
	}
	return html, nil
}

// shortcodePage is what a Hugo shortcode template's .Page says of the page
// being parsed (nothing in an outline).
func shortcodePage(pc parser.Context) (title string, meta map[string]any, url string) {
	if st := state(pc); st != nil && st.page != nil {
		return st.page.Title, st.page.Meta, st.page.URL
	}
	return "", nil, ""
}

// outlineSourceKey holds the page file of an outline and its reader of
// the site's files (OutlineFile).
var outlineSourceKey = parser.NewContextKey()

type outlineSource struct {
	file string
	read func(rel string, max int64) ([]byte, error)
}

// shortcodeSource is the page's file and its reader of the site's files
// (FileReader) for a Hugo shortcode template (nil read: its Links reads
// none).
func shortcodeSource(pc parser.Context) (file string, read func(rel string, max int64) ([]byte, error)) {
	st := state(pc)
	if st == nil || st.page == nil {
		if o, ok := pc.Get(outlineSourceKey).(outlineSource); ok { // an outline's (OutlineFile)
			return o.file, o.read
		}
		return "", nil
	}
	if fr, ok := st.page.Links.(FileReader); ok {
		read = fr.ReadSiteFile
	}
	return st.page.File, read
}

// shortcodeRef resolves the page a Hugo shortcode template's ref, relref
// or GetPage names, as a ref in the page is (ok false in an outline,
// which does not resolve links).
func shortcodeRef(pc parser.Context, target string) (url, title, problem string, ok bool) {
	st := state(pc)
	if st == nil || st.page == nil || st.page.Links == nil {
		return "", "", "", false
	}
	tg := resolveTarget(st.page.Links, shortcode.RefDest(target))
	return tg.URL, tg.Title, tg.Problem, true
}

// pascalTag matches the start of an element whose name is in PascalCase.
var pascalTag = regexp.MustCompile(`<([A-Z][A-Za-z0-9]*)`)

// vueComponent is the name as written of the PascalCase element that the
// sanitizer removed as what ("<customhome>": it reads names in lowercase)
// in the raw HTML raw, "" when what is no element or the element is not
// in PascalCase: "Make sure a custom component's name either contains a
// hyphen or is in PascalCase" (https://vitepress.dev/guide/using-vue#using-components);
// a hyphenated lowercase one may as well be a web component
// (<iconify-icon>), so it stays raw HTML.
func vueComponent(raw, what string) string {
	name, ok := strings.CutPrefix(what, "<")
	if name, ok = strings.CutSuffix(name, ">"); !ok || strings.ContainsAny(name, " <") {
		return ""
	}
	for _, m := range pascalTag.FindAllStringSubmatch(raw, -1) {
		if strings.EqualFold(m[1], name) {
			return m[1]
		}
	}
	return ""
}

// jsxAttrs reads the attributes of the raw HTML text (at the source
// offset start) of an MDX page that are written as JSX expressions
// (package mdx's JSXAttrs): a style object literal is the CSS React
// renders, kept where raw HTML's allowlist keeps that style
// (rawhtml.Sanitizer.Allows) or with unsafe, else removed; a string
// literal or a front matter field (mdx.ExprValue) is its value, which
// the allowlist then reads as any attribute's; any other expression is
// removed. Each removal is one warning at its tag.
func (t warnTransformer) jsxAttrs(st *pageState, text string, start int) string {
	return mdx.JSXAttrs(text, func(a *mdx.JSXAttr) bool {
		if a.CSS != "" && (t.m.opts.Unsafe || t.m.sanitizer.Allows(a.Tag, "style", a.CSS)) {
			return true
		}
		if a.CSS == "" && a.Name != "style" && !strings.HasPrefix(a.Name, "on") { // an event handler is a function, never text
			if v, ok := mdx.ExprValue(a.Expr, st.page.Meta, t.m.opts.Dialects.MDXBase); ok { // title={frontmatter.title}: its value
				a.Value, a.Valued = v, true
				return true
			}
		}
		line, col := st.pos(start + a.At)
		expr := a.Expr
		if len(expr) > 60 {
			expr = expr[:57] + "..."
		}
		if a.CSS != "" {
			st.reportAt(line, col, true, rawhtml.Removed("raw HTML", fmt.Sprintf("JSX %s=%s (style=%q) on <%s>", a.Name, expr, a.CSS, a.Tag), t.m.opts.UnsafeHint))
		} else {
			st.reportAt(line, col, true, fmt.Sprintf("JSX %s=%s on <%s> is an expression sitegen does not run (only an object of string and number values is read): removed", a.Name, expr, a.Tag))
		}
		return false
	})
}
