package markup

import (
	"bytes"
	"cmp"
	"d6codex/cmd/sitegen/internal/markup/mdx"
	stdhtml "html"
	"regexp"
	"slices"
	"strconv"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"d6codex/cmd/sitegen/internal/markup/kramdown"
	"d6codex/cmd/sitegen/internal/markup/rawhtml"
	"d6codex/cmd/sitegen/internal/markup/shortcode"
	"d6codex/cmd/sitegen/internal/markup/tag"
	"d6codex/cmd/sitegen/internal/markup/wikilink"
	"d6codex/templates"
)

// headingRenderer renders headings with a trailing anchor link to
// themselves.
type headingRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (headingRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindHeading, renderHeading)
}

func renderHeading(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*ast.Heading)
	level := "0123456"[n.Level]
	if entering {
		_, _ = w.WriteString("<h")
		_ = w.WriteByte(level)
		if n.Attributes() != nil {
			html.RenderAttributes(w, node, html.HeadingAttributeFilter)
		}
		_ = w.WriteByte('>')
		return ast.WalkContinue, nil
	}
	if id, ok := n.AttributeString("id"); ok {
		if b, ok := id.([]byte); ok && len(b) > 0 {
			_, _ = w.WriteString(` <a class="anchor" href="#`)
			_, _ = w.Write(util.EscapeHTML(util.URLEscape(b, false)))
			_, _ = w.WriteString(`" aria-label="Link to this section">#</a>`)
		}
	}
	_, _ = w.WriteString("</h")
	_ = w.WriteByte(level)
	_, _ = w.WriteString(">\n")
	return ast.WalkContinue, nil
}

// tocTransformer collects the table of contents: level-2 headings, each
// with the level-3 headings under it.
type tocTransformer struct{}

// Transform implements parser.ASTTransformer.
func (tocTransformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	st := state(pc)
	if st == nil {
		return
	}
	src := reader.Source()
	var lastTop *templates.TOCItem
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		h, ok := n.(*ast.Heading)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		id := HeadingID(h)
		_, noTOC := h.Attribute(kramdown.NoTOC)
		if id == "" || h.Level < 2 || h.Level > 3 || noTOC {
			return ast.WalkSkipChildren, nil
		}
		item := &templates.TOCItem{Title: PlainText(h, src), ID: id}
		if h.Level == 2 || lastTop == nil {
			st.res.TOC = append(st.res.TOC, item)
			lastTop = item
		} else {
			lastTop.Children = append(lastTop.Children, item)
		}
		return ast.WalkSkipChildren, nil
	})
}

// h1Transformer keeps a page to one <h1>, the layout's title: it drops
// the first level-1 heading of a page that took its title from it
// (Page.DropH1), and when a level-1 heading is left in the body (a
// chapter with one "# Class" a class, a Hugo page that starts its
// sections at #) it moves every heading of the body one level down (h6
// stays h6). Ids stay as they were, so links to them keep working; the
// table of contents, collected after, follows the new levels. With own
// (Dialects.OwnH1) an <h1> of the raw HTML, with no # heading in the
// text (kept or taken for the title), is the page's own heading: kept,
// and the page flagged templates.FlagOwnH1. With unlessH1
// (Dialects.TitleUnlessH1) any level-1 heading left in the body is, and
// no heading moves.
type h1Transformer struct{ own, unlessH1 bool }

// Transform implements parser.ASTTransformer.
func (t h1Transformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	st := state(pc)
	if st == nil {
		return
	}
	dropped := false // the page's title is a heading of its text, which the frame shows
	if st.page.DropLeading {
		if h, ok := doc.FirstChild().(*ast.Heading); ok {
			doc.RemoveChild(doc, h)
			dropped = true
		}
	} else if st.page.DropH1 {
		if h := firstH1(doc); h != nil {
			doc.RemoveChild(doc, h)
			dropped = true
		}
	}
	var headings []*ast.Heading
	hasH1, rawH1 := false, false
	src := reader.Source()
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			headings = append(headings, n)
			hasH1 = hasH1 || n.Level == 1
			return ast.WalkSkipChildren, nil
		case *ast.HTMLBlock, *ast.RawHTML: // <h1> written in HTML
			rawH1 = rawH1 || rawhtml.HasH1(rawText(n, src))
			return ast.WalkSkipChildren, nil
		case *ast.FencedCodeBlock, *ast.CodeBlock, *ast.CodeSpan:
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	if t.unlessH1 && (hasH1 || rawH1) && !dropped {
		st.setFlag(templates.FlagOwnH1)
		return
	}
	if t.own && rawH1 && !hasH1 && !dropped {
		st.setFlag(templates.FlagOwnH1)
		return
	}
	if !hasH1 && !rawH1 {
		return
	}
	st.writtenLevel = make(map[*ast.Heading]int, len(headings))
	for _, h := range headings {
		st.writtenLevel[h] = h.Level
		h.Level = min(h.Level+1, 6)
	}
	st.demoteRaw = true
}

// HeadingID returns the id attribute of a node, if it has one.
func HeadingID(n ast.Node) string {
	v, ok := n.AttributeString("id")
	if !ok {
		return ""
	}
	switch id := v.(type) {
	case []byte:
		return string(id)
	case string:
		return id
	}
	return ""
}

// IDs returns every id attribute of the blocks of doc (heading ids, {#id}
// attributes, ^block-ids) and the ids of raw HTML elements in it
// (<summary id="x">, <span id="y"> in a paragraph, <a name="z"> in a
// heading), which the sanitizer keeps.
func IDs(doc ast.Node, src []byte) map[string]bool {
	ids := map[string]bool{}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering || n.Type() != ast.TypeBlock {
			return ast.WalkContinue, nil
		}
		if id := HeadingID(n); id != "" {
			ids[id] = true
		}
		switch n := n.(type) {
		case *handledBlock: // raw HTML the sanitizer passed, after Parse
			if n.info == "html" {
				for _, id := range rawhtml.IDs(n.html) {
					ids[id] = true
				}
			}
		case *shortcode.Output: // a Hugo shortcode template's HTML, in an outline
			for _, id := range rawhtml.IDs(n.HTML) {
				ids[id] = true
			}
		case *ast.HTMLBlock, *ast.Paragraph, *ast.Heading:
			for i := 0; i < n.Lines().Len(); i++ {
				seg := n.Lines().At(i)
				if line := seg.Value(src); bytes.IndexByte(line, '<') >= 0 && (bytes.Contains(line, []byte("id=")) || bytes.Contains(line, []byte("name="))) { // '<' first: rarer, and faster to look for
					for _, id := range rawhtml.IDs(string(line)) {
						ids[id] = true
					}
				}
			}
		}
		return ast.WalkContinue, nil
	})
	return ids
}

// IDs is the package's IDs of an outline, with the ids the page's dialects
// give spans (kramdown's span attribute lists, kramdown.SpanIDs), which an
// outline has no inline markup to hold.
func (m *Markdown) IDs(doc ast.Node, src []byte) map[string]bool {
	ids := IDs(doc, src)
	if m.opts.Dialects.AttrList && !m.opts.Dialects.Kramdown {
		// attr_list's lists: a heading's at the end of its line, an
		// inline element's after it.
		_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			if h, ok := n.(*ast.Heading); ok && entering {
				for i := 0; i < h.Lines().Len(); i++ {
					seg := h.Lines().At(i)
					for _, id := range kramdown.AttrListIDs(seg.Value(src), true) {
						ids[id] = true
					}
				}
			}
			return ast.WalkContinue, nil
		})
		eachTextLine(doc, src, func(line []byte) {
			for _, id := range kramdown.AttrListIDs(line, false) {
				ids[id] = true
			}
		})
		return ids
	}
	if !m.opts.Dialects.Kramdown {
		return ids
	}
	eachTextLine(doc, src, func(line []byte) {
		if bytes.Contains(line, []byte("{:")) {
			for _, id := range kramdown.SpanIDs(line) {
				ids[id] = true
			}
		}
	})
	return ids
}

// Tags returns the Obsidian #tags written in the paragraphs of an outline
// (not in code, raw HTML or headings); in a page of kramdown, the "#id" of
// an attribute list is no tag.
//
// pc is the parser context of an outline (Outline), whose tables' body
// rows it holds (TableRows); nil for a full parse's doc.
func (m *Markdown) Tags(doc ast.Node, src []byte, pc parser.Context) []string {
	if !m.opts.Obsidian || m.opts.NoTags {
		return nil // no #tags in this dialect
	}
	var out []string
	add := func(line []byte) {
		if m.opts.Dialects.Kramdown {
			line = kramdown.StripSpanIALs(line)
		}
		if m.opts.Dialects.QuartzTags {
			out = append(out, tag.AllQuartz(line)...)
		} else {
			out = append(out, tag.All(line)...)
		}
	}
	eachTextLine(doc, src, add)
	for _, seg := range TableRows(pc) {
		add(seg.Value(src))
	}
	return out
}

// eachTextLine calls f with every line of the paragraphs of an outline
// (tight lists' included) and of its tables' cells, where inline markup
// is.
func eachTextLine(doc ast.Node, src []byte, f func(line []byte)) {
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n.(type) {
		case *ast.Paragraph, *ast.TextBlock, *east.TableCell:
			for i := 0; i < n.Lines().Len(); i++ {
				seg := n.Lines().At(i)
				f(seg.Value(src))
			}
			return ast.WalkSkipChildren, nil
		case *ast.FencedCodeBlock, *ast.CodeBlock, *ast.HTMLBlock, *ast.Heading:
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
}

// tagsRE matches an HTML tag (of trusted HTML sitegen made).
var tagsRE = regexp.MustCompile(`<[^>]*>`)

// entityRef is a CommonMark entity or numeric character reference:
// "&" + a name or "#" + 1-7 digits or "#x" + 1-6 hex digits + ";".
var entityRef = regexp.MustCompile(`^&(?:[A-Za-z][A-Za-z0-9]{1,31}|#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6});`)

// writeShownText writes the text v of a Markdown text node as it shows:
// a backslash-escaped ASCII punctuation character without its
// backslash, a valid entity or numeric reference as its character;
// anything else (an "&" that starts no known reference) as written.
func writeShownText(b *bytes.Buffer, v []byte) {
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case c == '\\' && i+1 < len(v) && util.IsPunct(v[i+1]):
			b.WriteByte(v[i+1])
			i++
		case c == '&':
			if ref := entityRef.Find(v[i:]); ref != nil {
				if r := stdhtml.UnescapeString(string(ref)); r != string(ref) {
					b.WriteString(r)
					i += len(ref) - 1
					continue
				}
			}
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
}

// PlainText returns the text content of an inline subtree.
func PlainText(n ast.Node, src []byte) string {
	var b bytes.Buffer
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch t := c.(type) {
		case *ast.Text:
			if v := t.Segment.Value(src); t.IsRaw() {
				b.Write(v)
			} else {
				// "\$5" shows as "$5" and "&raquo;" as "»", as goldmark's
				// renderer writes them (CommonMark's backslash escapes,
				// entity and numeric character references).
				writeShownText(&b, v)
			}
			if t.SoftLineBreak() || t.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			if t.IsCode() || t.IsRaw() {
				b.WriteString(stdhtml.UnescapeString(string(t.Value)))
			} else {
				b.Write(t.Value)
			}
		case *wikilink.Node: // a link shows its label, an embed nothing of its own
			if !t.Embed {
				b.WriteString(t.Display())
			}
			return ast.WalkSkipChildren, nil
		case *metaBindInline: // a Meta Bind field's text, as it shows
			b.WriteString(t.text)
			return ast.WalkSkipChildren, nil
		case *queryInline: // an inline query's value, as it shows
			b.WriteString(stdhtml.UnescapeString(tagsRE.ReplaceAllString(t.html, "")))
			return ast.WalkSkipChildren, nil
		case *handledInline: // inline code a handler drew, as it shows
			b.WriteString(stdhtml.UnescapeString(tagsRE.ReplaceAllString(t.html, "")))
			return ast.WalkSkipChildren, nil
		case *ast.CodeSpan:
			for cc := t.FirstChild(); cc != nil; cc = cc.NextSibling() {
				if tt, ok := cc.(*ast.Text); ok {
					b.Write(tt.Segment.Value(src))
				}
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// newContext is a page's parser context, with the tool's heading ids
// (Dialects.Slug) where it has its own.
// With pymdownx.emoji (Dialects.Emoji), a heading's shortcodes are no
// part of its id (emoji.Extension.Strip); Jekyll's jemoji (Dialects.Kramdown)
// runs after kramdown made the id, which keeps the shortcode's text:
// "## :five: Grappler" is "five-grappler".
func (m *Markdown) newContext() parser.Context {
	var ids parser.IDs
	if m.opts.Dialects.Slug != nil {
		ids = &slugIDs{slug: m.opts.Dialects.Slug, used: map[string]bool{}, inline: m.inline, python: m.opts.Dialects.PythonUnique}
	}
	var mdxIDs *mdxHeadingIDs
	if m.opts.Dialects.MDX {
		if ids == nil {
			ids = parser.NewContext().IDs()
		}
		// Astro (MDXFilesOnly: Starlight) reads a front matter field's
		// value into the id; Docusaurus's ids are the expression's text.
		mdxIDs = &mdxHeadingIDs{IDs: ids, frontMatter: m.opts.Dialects.MDXFilesOnly}
		ids = mdxIDs
	}
	if m.opts.Dialects.Emoji && !m.opts.Dialects.Kramdown {
		if ids == nil {
			ids = parser.NewContext().IDs()
		}
		ids = strippedIDs{IDs: ids, strip: m.emoji.Strip}
	}
	if ids == nil {
		return parser.NewContext()
	}
	pc := parser.NewContext(parser.WithIDs(ids))
	if mdxIDs != nil {
		mdxIDs.pc = pc
	}
	return pc
}

// mdxHeadingIDs are ids made from an MDX heading's source with its
// {expressions} read as its tool reads them (mdx.HeadingSource).
type mdxHeadingIDs struct {
	parser.IDs
	pc          parser.Context // the page's, for its front matter
	frontMatter bool
}

// Generate implements parser.IDs.
func (s *mdxHeadingIDs) Generate(value []byte, kind ast.NodeKind) []byte {
	if kind == ast.KindHeading {
		value = mdx.HeadingSource(value, s.pc, s.frontMatter)
	}
	return s.IDs.Generate(value, kind)
}

// strippedIDs are ids made from a heading's text without what strip
// removes.
type strippedIDs struct {
	parser.IDs
	strip func([]byte) []byte
}

// Generate implements parser.IDs.
func (s strippedIDs) Generate(value []byte, kind ast.NodeKind) []byte {
	if kind == ast.KindHeading {
		value = s.strip(value)
	}
	return s.IDs.Generate(value, kind)
}

// slugIDs are heading ids made by a tool's slug function, each used once:
// a second "x" is "x-1", then "x-2" (markdown-it-anchor's
// uniqueSlugStartIndex 1). An empty slug is "heading", as goldmark's.
// goldmark gives Generate a heading's Markdown source; the tool slugifies
// its text content (slugText).
type slugIDs struct {
	slug   func(string) string
	used   map[string]bool
	inline parser.Parser // CommonMark's, for slugText
	python bool          // Python-Markdown's toc.unique
}

// inlineMarks are the bytes that may start inline markup: a heading
// without them is its own text.
const inlineMarks = "`*_[]<>!\\&~"

// slugText is the text content of a heading whose Markdown source is
// value, as the tool's slug function is given it: markdown-it-anchor's
// getTokensText, the content of the text and code_inline tokens (a code
// span's text, a link's label; an image's alt text and raw HTML are
// none of it). A "x " before value keeps the line a paragraph's ("1.
// Intro" is no list) and is taken off again.
func slugText(p parser.Parser, value []byte) string {
	if p == nil || !bytes.ContainsAny(value, inlineMarks) {
		return string(value)
	}
	src := append([]byte("x "), value...)
	doc := p.Parse(text.NewReader(src))
	var b bytes.Buffer
	_ = ast.Walk(doc, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch t := c.(type) {
		case *ast.Text:
			b.Write(t.Segment.Value(src))
			if t.SoftLineBreak() || t.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(t.Value)
		case *ast.AutoLink:
			b.Write(t.Label(src))
		case *ast.Image, *ast.RawHTML:
			return ast.WalkSkipChildren, nil
		case *ast.CodeSpan:
			for cc := t.FirstChild(); cc != nil; cc = cc.NextSibling() {
				if tt, ok := cc.(*ast.Text); ok {
					b.Write(tt.Segment.Value(src))
				}
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	out, ok := bytes.CutPrefix(b.Bytes(), []byte("x "))
	if !ok {
		return string(value)
	}
	return string(out)
}

// idCount is toc's IDCOUNT_RE: an id that ends in "_" and a number.
var idCount = regexp.MustCompile(`^(.*)_([0-9]+)$`)

// Generate implements parser.IDs.
func (s *slugIDs) Generate(value []byte, kind ast.NodeKind) []byte {
	text := string(value)
	if kind == ast.KindHeading {
		text = slugText(s.inline, value)
	}
	if s.python {
		// "while id in ids or not id: m = IDCOUNT_RE.match(id); if m:
		// id = '%s_%d' % (m.group(1), int(m.group(2))+1) else: id =
		// '%s_%d' % (id, 1)" (markdown/extensions/toc.py, unique).
		id := s.slug(text)
		for s.used[id] || id == "" {
			if m := idCount.FindStringSubmatch(id); m != nil {
				n, _ := strconv.Atoi(m[2])
				id = m[1] + "_" + strconv.Itoa(n+1)
			} else {
				id += "_1"
			}
		}
		s.used[id] = true
		return []byte(id)
	}
	base := s.slug(text)
	if base == "" {
		base = "heading"
		if kind != ast.KindHeading {
			base = "id"
		}
	}
	id := base
	for i := 1; s.used[id]; i++ {
		id = base + "-" + strconv.Itoa(i)
	}
	s.used[id] = true
	return []byte(id)
}

// Put implements parser.IDs.
func (s *slugIDs) Put(value []byte) { s.used[string(value)] = true }

// kramdownTOC replaces each kramdown.TOCList (a list ended in {:toc}) with
// the page's table of contents as kramdown writes it: "all headers that
// have an ID set" (https://kramdown.gettalong.org/converter/html.html#toc)
// but those marked {: .no_toc } ("the header will be excluded from the
// table of contents", ibid.) and those of a level toc_levels leaves out
// ("Only the specified levels are used for the table of contents",
// kramdown's options), in the order of the page, each a link to its
// heading's id, a heading nested under the last one before it of a lower
// level, in a list of the kind the author wrote (ordered or not). The
// heading the frame shows as the page's title (Page.DropH1) is no longer
// in the body, and not listed. An entry keeps its heading's inline markup
// (emphasis, code), its links unwrapped and its footnotes left out
// (Converter::Html#fix_for_toc_entry).
type kramdownTOC struct {
	levels []int // toc_levels; nil: all
}

// Transform implements parser.ASTTransformer.
func (k kramdownTOC) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	var written map[*ast.Heading]int
	if st := state(pc); st != nil {
		written = st.writtenLevel
	}
	listed := func(h *ast.Heading) bool {
		return k.levels == nil || slices.Contains(k.levels, cmp.Or(written[h], h.Level))
	}
	var tocs []*kramdown.TOCList
	var headings []*ast.Heading
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *kramdown.TOCList:
			tocs = append(tocs, n)
		case *ast.Heading:
			if _, no := n.Attribute(kramdown.NoTOC); !no && HeadingID(n) != "" && listed(n) {
				headings = append(headings, n)
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	for _, t := range tocs {
		t.Parent().ReplaceChild(t.Parent(), t, tocList(t.Marker, headings, reader.Source()))
	}
}

// tocEntry appends to link a copy of the inline content of heading h
// (source src) as kramdown's table of contents writes it: emphasis, code
// and the like kept, a link's text in place of the link, a footnote
// reference left out; what it cannot copy, its plain text.
func tocEntry(link ast.Node, h ast.Node, src []byte) {
	for c := h.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			t := ast.NewTextSegment(c.Segment)
			t.SetSoftLineBreak(c.SoftLineBreak())
			t.SetRaw(c.IsRaw())
			link.AppendChild(link, t)
		case *ast.String:
			t := ast.NewString(c.Value)
			t.SetCode(c.IsCode())
			t.SetRaw(c.IsRaw())
			link.AppendChild(link, t)
		case *ast.Emphasis:
			e := ast.NewEmphasis(c.Level)
			tocEntry(e, c, src)
			link.AppendChild(link, e)
		case *ast.CodeSpan:
			e := ast.NewCodeSpan()
			tocEntry(e, c, src)
			link.AppendChild(link, e)
		case *east.Strikethrough:
			e := east.NewStrikethrough()
			tocEntry(e, c, src)
			link.AppendChild(link, e)
		case *ast.Link:
			tocEntry(link, c, src) // unwrap_links
		case *east.FootnoteLink:
			// remove_footnotes
		default:
			if s := PlainText(c, src); s != "" {
				link.AppendChild(link, ast.NewString([]byte(s)))
			}
		}
	}
}

// tocList is the nested list of headings, written with marker.
func tocList(marker byte, headings []*ast.Heading, src []byte) *ast.List {
	newList := func() *ast.List {
		l := ast.NewList(cmp.Or(marker, '*'))
		l.IsTight = true
		if l.IsOrdered() {
			l.Start = 1
		}
		return l
	}
	root := newList()
	type open struct {
		level int
		item  *ast.ListItem
	}
	var stack []open
	for _, h := range headings {
		for len(stack) > 0 && stack[len(stack)-1].level >= h.Level {
			stack = stack[:len(stack)-1]
		}
		link := ast.NewLink()
		link.Destination = []byte("#" + HeadingID(h))
		tocEntry(link, h, src)
		tb := ast.NewTextBlock()
		tb.AppendChild(tb, link)
		item := ast.NewListItem(2)
		item.AppendChild(item, tb)
		parent := root
		if len(stack) > 0 {
			top := stack[len(stack)-1].item
			if sub, ok := top.LastChild().(*ast.List); ok {
				parent = sub
			} else {
				parent = newList()
				top.AppendChild(top, parent)
			}
		}
		parent.AppendChild(parent, item)
		stack = append(stack, open{h.Level, item})
	}
	return root
}
