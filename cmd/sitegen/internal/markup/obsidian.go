package markup

import (
	"bytes"
	"fmt"
	"html"
	"slices"
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"d6codex/cmd/sitegen/internal/markup/tag"
	"d6codex/cmd/sitegen/internal/markup/wikilink"
)

// WikiResolver resolves Obsidian's [[wikilinks]] and ![[embeds]]. A
// Page.Links that implements it resolves them; otherwise a wikilink is
// reported as unresolvable.
type WikiResolver interface {
	// ResolveWiki finds the note or file a wikilink names (target "" for
	// the page itself) and the heading or block its fragment names.
	ResolveWiki(target, fragment string, embed bool) WikiTarget
}

// WikiTarget is where a wikilink leads.
type WikiTarget struct {
	// URL is the link's (or image's) URL, with its #anchor.
	URL string
	// Problem is set when the link is broken (an error).
	Problem string
	// Warning is set when the link resolved but deserves a word (a name
	// several notes share).
	Warning string
	// Unlinked is set when the link (or embed) names what is not
	// published: a warning, and the wikilink is shown as its text.
	Unlinked string
	// Label is the link's text when the wikilink gives none ("" keeps
	// the target's name).
	Label string
	// AsText, with Warning: the wikilink is no link and is shown as
	// written (mkdocs-alias-plugin leaves an alias it does not know).
	AsText bool
	// Note and Src are the page and the source of a note an embed puts in
	// place (nil for a link, an image, or a file).
	Note *Page
	Src  []byte
}

// TagResolver gives the URL of a #tag's page; a Page.Links that
// implements it links the page's inline tags.
type TagResolver interface {
	ResolveTag(name string) string
}

// wikiTransformer resolves the page's wikilinks through its WikiResolver
// and renders embedded notes in place; it links #tags through its
// TagResolver.
type wikiTransformer struct{ m *Markdown }

// Transform implements parser.ASTTransformer.
func (t wikiTransformer) Transform(doc *ast.Document, _ text.Reader, pc parser.Context) {
	st := state(pc)
	if st == nil {
		return
	}
	if res, ok := st.page.Links.(TagResolver); ok && tag.Found(pc) {
		_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			if tg, isTag := n.(*tag.Node); isTag && entering {
				tg.Destination = res.ResolveTag(tg.Name)
			}
			return ast.WalkContinue, nil
		})
	}
	if !wikilink.Found(pc) {
		return
	}
	var links []*wikilink.Node
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if w, ok := n.(*wikilink.Node); ok && entering {
			links = append(links, w)
		}
		return ast.WalkContinue, nil
	})
	if len(links) == 0 {
		return
	}
	res, _ := st.page.Links.(WikiResolver)
	queries, _ := st.page.Links.(QueryResolver)
	for _, w := range links {
		if w.Embed && isBase(w.Target) && queries != nil && t.m.opts.Obsidian {
			t.embedBase(st, w, queries)
			continue
		}
		if res == nil {
			st.report(w.Start, false, fmt.Sprintf("wikilink %s: wikilinks are not resolved here", raw(w)))
			continue
		}
		// Once the page's embeds passed a bound, an embed reads no note:
		// it is resolved as a link.
		tg := res.ResolveWiki(w.Target, w.Fragment, w.Embed && !st.work.embedsStopped)
		switch {
		case tg.Problem != "":
			st.report(w.Start, false, fmt.Sprintf("broken wikilink %s: %s", raw(w), tg.Problem))
			continue
		case tg.Unlinked != "":
			what := "wikilink"
			if w.Embed {
				what = "embed"
			}
			st.report(w.Start, true, fmt.Sprintf("unpublished %s %s: %s", what, raw(w), tg.Unlinked))
			w.Destination, w.HTML = "", ""
			continue
		case tg.AsText:
			st.report(w.Start, true, fmt.Sprintf("wikilink %s: %s", raw(w), tg.Warning))
			w.Destination, w.HTML = "", html.EscapeString(raw(w))
			continue
		case tg.Warning != "":
			st.report(w.Start, true, fmt.Sprintf("wikilink %s: %s", raw(w), tg.Warning))
		}
		if w.Embed && tg.Note != nil && isCanvas(tg.Note.File) {
			// An embedded canvas (![[Board.canvas]]) is a link to its
			// page: a board needs a page's width, not a note's column,
			// and a board inside a board's node would be unreadable.
			w.Embed = false
		}
		if tg.Label != "" && w.Label == "" && !w.Embed {
			w.Label = tg.Label
		}
		if w.Embed && tg.Note != nil {
			t.embed(st, w, tg)
			continue
		}
		w.Destination = tg.URL
	}
}

// Bounds of what the embeds of one page do, counted over every note they
// put in it at every depth: past one, the page gets one error, at its own
// embed that led there, and no other note is embedded. Obsidian documents
// none (https://help.obsidian.md/Linking+notes+and+files/Embed+files);
// obsidian-export, the exporter of Obsidian vaults, stops notes embedded
// in one another at 10 levels with an error, as sitegen does. Six notes of
// 726 bytes each embedding the next ten times made 20 MB of HTML; a chain
// of 1,000 notes took 114 s and 843 MB.
const (
	MaxEmbedDepth = 10       // notes embedded in one another
	MaxEmbeds     = 1000     // embeds a page holds, those in embedded notes included
	MaxEmbedHTML  = 4 << 20  // bytes of HTML a page's embeds make
	MaxEmbedRead  = 10 << 20 // bytes of Markdown they read: a note's whole text for each embed of it or of its section
)

// pageWork is what one page, with the notes it embeds, made so far, for
// the bounds of its embeds and of its blocks (blocks.go).
type pageWork struct {
	embeds               int  // notes embedded
	embedHTML, embedRead int  // bytes embeds made and read
	embedsStopped        bool // an embeds' bound was passed: no more embeds
	blockHTML            int  // bytes fenced-block handlers made
	blocksStopped        bool // MaxBlockHTML was passed: no more blocks
	// rollReads and rollRead count the tables link rollers read, and
	// their bytes (dice.go); rollsReported, the warnings about nested
	// rollers given.
	rollReads, rollRead int
	rollsStopped        bool // a bound of what they read was passed (and reported)
	rollsReported       map[string]bool
}

// embedBound returns the first bound an embed of a note of size bytes at
// the end of chain passes, or "".
func (e *pageWork) embedBound(chain []string, note string, size int) string {
	switch {
	case len(chain) > MaxEmbedDepth:
		return fmt.Sprintf("notes embedded in one another more than %d deep: %s → %s (sitegen stops at %d levels)",
			MaxEmbedDepth, strings.Join(chain, " → "), note, MaxEmbedDepth)
	case e.embeds >= MaxEmbeds:
		return fmt.Sprintf("more than %d embeds in this page, counting those inside embedded notes (sitegen stops at %d)", MaxEmbeds, MaxEmbeds)
	case e.embedRead+size > MaxEmbedRead:
		return fmt.Sprintf("the embeds of this page read more than %d MB of notes (each embed reads its note whole; sitegen stops at %d MB)", MaxEmbedRead>>20, MaxEmbedRead>>20)
	}
	return ""
}

// embedBase puts the view of a base that w embeds in place of w.
func (t wikiTransformer) embedBase(st *pageState, w *wikilink.Node, res QueryResolver) {
	line, col := st.pos(w.Start)
	q := queryTransformer{m: t.m}.withMarkdown(st, Query{Lang: "base", Text: raw(w), Line: line})
	out, ok := res.BaseEmbed(w.Target, w.Fragment, q)
	if !ok {
		st.report(w.Start, false, fmt.Sprintf("broken embed %s: no base named %q", raw(w), w.Target))
		return
	}
	queryTransformer{m: t.m}.report(st, out, line, col, line)
	t.putBlock(w, out.HTML, "base")
}

// embed renders the note (or the section of it) that w embeds, and puts it
// in place of w: of the paragraph w is alone in, or of w inside a line.
// The embeds of a page are bounded (MaxEmbedDepth and the others).
func (t wikiTransformer) embed(st *pageState, w *wikilink.Node, tg WikiTarget) {
	work := st.work
	if work.embedsStopped { // a bound was passed and reported: no more work
		w.Destination = tg.URL
		return
	}
	chain := append(append([]string{}, st.page.chain...), st.page.File)
	// A cycle is an embed of a part (a note, or its heading or block) that
	// is being shown already: a note may show a block of its own that does
	// not hold the embed (Obsidian: "Embed a block or heading:
	// ![[Note#^id]]"). A part holding itself by another fragment's
	// spelling stops at MaxEmbedDepth.
	parts := append(slices.Clone(st.page.parts), partKey(st.page.File, st.page.part))
	key := partKey(tg.Note.File, w.Fragment)
	if i := slices.Index(parts, key); i >= 0 {
		st.reportOuter(w.Start, fmt.Sprintf("embed %s makes a cycle: %s", raw(w), strings.Join(append(parts[i:], key), " → ")))
		return
	}
	if msg := work.embedBound(chain, tg.Note.File, len(tg.Src)); msg != "" {
		work.embedsStopped = true
		w.Destination = tg.URL
		st.reportOuter(w.Start, fmt.Sprintf("embed %s: %s", raw(w), msg))
		return
	}
	work.embeds++
	work.embedRead += len(tg.Src)
	src := tg.Src
	if w.Fragment != "" {
		sec, ok := t.m.section(src, w.Fragment)
		if !ok {
			st.report(w.Start, false, fmt.Sprintf("broken embed %s: no heading or block %q in %s", raw(w), w.Fragment, tg.Note.File))
			return
		}
		src = sec
	}
	line, col := st.pos(w.Start)
	sub := *tg.Note
	sub.chain, sub.DropH1, sub.DropLeading, sub.work, sub.Dice = chain, false, false, work, st.dice
	sub.parts, sub.part = parts, w.Fragment
	outer := st.page
	sub.Report = func(p Problem) {
		// Problems inside the embedded note belong to that note; only
		// those of its embeds (a cycle, a bound) are this page's, at the
		// embed that led to them.
		if p.outer {
			p.Line, p.Col = line, col
			if !strings.HasPrefix(p.Msg, "embed ") {
				p.Msg = "embed " + raw(w) + ": " + p.Msg
			}
			if outer.Report != nil {
				outer.Report(p)
			}
		}
	}
	// The page loads what the embed shows (an inline roll's script, a
	// block's stylesheet): its assets are the page's.
	sub.Assets = outer.Assets
	before := work.embedHTML
	html, res, err := t.m.Convert(src, &sub)
	if err != nil {
		st.report(w.Start, false, fmt.Sprintf("embed %s: %v", raw(w), err))
		return
	}
	st.res.merge(res)
	html = `<div class="embed">` + "\n" + html + "</div>\n"
	// What this embed made, the embeds inside it included (counted
	// already as they were made).
	work.embedHTML = before + len(html)
	if work.embedHTML > MaxEmbedHTML && !work.embedsStopped {
		work.embedsStopped = true
		st.reportOuter(w.Start, fmt.Sprintf("embed %s: the embeds of this page make more than %d MB of HTML (sitegen stops at %d MB)", raw(w), MaxEmbedHTML>>20, MaxEmbedHTML>>20))
	}
	t.putBlock(w, html, "embed")
}

// merge adds the features and assets another page's Result asked for (an
// embedded note's) to r's, each asset once, in order of first request.
func (r *Result) merge(o *Result) {
	if o == nil {
		return
	}
	for k, v := range o.Flags {
		if v {
			if r.Flags == nil {
				r.Flags = map[string]bool{}
			}
			r.Flags[k] = true
		}
	}
	for _, u := range o.Scripts {
		if !slices.Contains(r.Scripts, u) {
			r.Scripts = append(r.Scripts, u)
		}
	}
	for _, u := range o.Styles {
		if !slices.Contains(r.Styles, u) {
			r.Styles = append(r.Styles, u)
		}
	}
}

// partKey names the part of the note file that an embed shows: the file
// for the whole note, file#fragment for a heading or block of it.
func partKey(file, fragment string) string {
	if fragment == "" {
		return file
	}
	return file + "#" + fragment
}

// putBlock puts a block of HTML in place of w: of the paragraph w is
// alone in, or of w inside a line (the text after it a paragraph of its
// own); in a heading or a table cell, in place.
func (t wikiTransformer) putBlock(w *wikilink.Node, html, info string) {
	var after ast.Node
	switch w.Parent().(type) {
	case *ast.Paragraph:
		after = ast.NewParagraph()
	case *ast.TextBlock:
		after = ast.NewTextBlock()
	default: // in a heading, a table cell: in place
		w.HTML = html
		return
	}
	// A block in place of the line's text: the text before the embed stays
	// a paragraph, the text after it becomes one.
	p := w.Parent()
	parent := p.Parent()
	block := &handledBlock{info: info, html: html}
	for n := w.NextSibling(); n != nil; {
		next := n.NextSibling()
		after.AppendChild(after, n)
		n = next
	}
	p.RemoveChild(p, w)
	parent.InsertAfter(parent, p, block)
	if after.HasChildren() {
		parent.InsertAfter(parent, block, after)
	}
	if !p.HasChildren() {
		parent.RemoveChild(parent, p)
	}
}

// section returns the part of a note's source that fragment names: a
// heading (by its text or id) and what follows it up to the next heading
// of its level or above, or a block with that ^id.
func (m *Markdown) section(src []byte, fragment string) ([]byte, bool) {
	doc, _ := m.Outline(src)
	if parts := strings.Split(fragment, "#"); len(parts) > 1 && !strings.HasPrefix(fragment, "^") {
		return subsection(doc, src, parts)
	}
	want := HeadingSlug(fragment)
	var found ast.Node
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		if found != nil {
			if h, ok := c.(*ast.Heading); ok && h.Level <= found.(*ast.Heading).Level {
				return src[blockStart(found, src):blockStart(c, src)], true
			}
			continue
		}
		id := HeadingID(c)
		if h, ok := c.(*ast.Heading); ok && !strings.HasPrefix(fragment, "^") && (id == fragment || id == want) {
			found = h
			continue
		}
	}
	if found != nil {
		return src[blockStart(found, src):], true
	}
	if !strings.HasPrefix(fragment, "^") {
		return nil, false
	}
	// A block id, on a block at any depth: its lines, from the start of
	// the first (with a quote's markers) to the end of the last.
	var block ast.Node
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering && block == nil && n.Type() == ast.TypeBlock && HeadingID(n) == fragment {
			block = n
		}
		return ast.WalkContinue, nil
	})
	if block == nil {
		return nil, false
	}
	start, stop := -1, -1
	_ = ast.Walk(block, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering && n.Type() == ast.TypeBlock {
			for i := 0; i < n.Lines().Len(); i++ {
				seg := n.Lines().At(i)
				if start < 0 || seg.Start < start {
					start = seg.Start
				}
				stop = max(stop, seg.Stop)
			}
		}
		return ast.WalkContinue, nil
	})
	if start < 0 {
		return nil, false
	}
	if block.Kind() == east.KindTable {
		// The outline keeps a table's header row alone: its body rows
		// are the lines after it that are not blank and hold a |. The
		// header's cells may end before its line does (an empty last
		// cell): its rows start after the line's end.
		if i := bytes.IndexByte(src[stop:], '\n'); i >= 0 {
			stop += i
		} else {
			stop = len(src)
		}
		for stop < len(src) {
			end := bytes.IndexByte(src[stop+1:], '\n')
			if end < 0 {
				end = len(src) - stop - 1
			}
			line := src[stop+1 : stop+1+end]
			if len(bytes.TrimSpace(line)) == 0 || !bytes.Contains(line, []byte("|")) {
				break
			}
			stop += 1 + end
		}
	}
	return src[bytes.LastIndexByte(src[:start], '\n')+1 : stop], true
}

// OutlineHeading is a heading of a page's outline (its top-level
// headings, in order): its level, id and text as written (its Markdown:
// an outline is read before inline parsing; Obsidian's links name a
// heading by that text).
type OutlineHeading struct {
	Level    int
	ID, Text string
}

// Outline is the outline of doc: its top-level headings, in order, which
// an Obsidian subheading path is read in (HeadingPath).
func Outline(doc ast.Node, src []byte) []OutlineHeading {
	var out []OutlineHeading
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		if h, ok := c.(*ast.Heading); ok {
			out = append(out, OutlineHeading{Level: h.Level, ID: HeadingID(h), Text: strings.TrimSpace(linesText(h, src))})
		}
	}
	return out
}

// HeadingPath finds the heading an Obsidian subheading path names in an
// outline ("Traits#Sub": "You can add multiple hash symbols for each
// subheading", help.obsidian.md, Internal links: Link to a heading in a
// note), the one rule of links and embeds: each heading of the path
// within the section of the one before (a deeper heading before the next
// of its level or above), the first such for each part. It returns the
// index of the path's last heading in hs. match tells whether a heading
// is the one a part of the path names (by its text: of two headings of
// one text, the second's id is not the text's slug).
func HeadingPath(hs []OutlineHeading, parts []string, match func(h OutlineHeading, part string) bool) (int, bool) {
	var scope []int // the indexes of the headings of the path found so far
	for i, h := range hs {
		for len(scope) > 0 && h.Level <= hs[scope[len(scope)-1]].Level {
			scope = scope[:len(scope)-1] // the section of a heading of the path ended
		}
		if match(h, parts[len(scope)]) {
			if scope = append(scope, i); len(scope) == len(parts) {
				return i, true
			}
		}
	}
	return 0, false
}

// subsection is the section of an Obsidian subheading path (HeadingPath):
// from the path's last heading to the next heading of its level or above.
func subsection(doc ast.Node, src []byte, parts []string) ([]byte, bool) {
	var nodes []*ast.Heading
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		if h, ok := c.(*ast.Heading); ok {
			nodes = append(nodes, h)
		}
	}
	k, ok := HeadingPath(Outline(doc, src), parts, func(h OutlineHeading, part string) bool {
		return h.ID == part || HeadingSlug(h.Text) == HeadingSlug(part)
	})
	if !ok {
		return nil, false
	}
	last := nodes[k]
	for _, h := range nodes[k+1:] {
		if h.Level <= last.Level {
			return src[blockStart(last, src):blockStart(h, src)], true
		}
	}
	return src[blockStart(last, src):], true
}

// blockStart is the offset of the line a top-level block starts on.
func blockStart(n ast.Node, src []byte) int {
	if n.Lines().Len() == 0 {
		return len(src)
	}
	off := n.Lines().At(0).Start
	return bytes.LastIndexByte(src[:off], '\n') + 1
}

// raw is a wikilink as written, for messages (and shown as text where
// the wikilink is no link: WikiTarget.AsText).
func raw(w *wikilink.Node) string {
	if w.Written != "" {
		return w.Written
	}
	s := w.Target
	if w.Fragment != "" {
		s += "#" + w.Fragment
	}
	if w.Label != "" {
		s += "|" + w.Label
	}
	if w.Embed {
		return "![[" + s + "]]"
	}
	return "[[" + s + "]]"
}

// HeadingSlug is the id goldmark gives the first heading with this text
// ("Multiclassing Basics" -> "multiclassing-basics"), for links that name
// a heading by its text as Obsidian writes them.
func HeadingSlug(heading string) string {
	return string(parser.NewContext().IDs().Generate([]byte(heading), ast.KindHeading))
}
