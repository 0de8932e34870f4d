package content

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"html"
	"maps"
	"path"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"d6codex/cmd/sitegen/internal/dataview"
	"d6codex/cmd/sitegen/internal/dataview/fields"
	"d6codex/cmd/sitegen/internal/dataview/query"
	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/markup/wikilink"

	"github.com/yuin/goldmark/ast"
)

// Dataview and Obsidian Bases (package dataview): the notes of an
// Obsidian vault, with their front matter, inline fields, tags and links,
// are the data their queries read. Only what is published is in it: a
// query never lists, nor reads a field of, a note that is not published
// (publish.go), nor an unlisted one. A .base file is data, not an
// attachment: it is read by the embeds that show its views and never
// published as a file.

// dvState is a build's Dataview data: made on the first query, once every
// page is loaded.
type dvState struct {
	once   sync.Once
	engine *dataview.Engine
	byRel  map[string]*query.Page // content-relative path -> note or file
	byPage map[*Page]*query.Page
	pages  map[*query.Page]*Page

	links noteMemo[[]query.Link]     // outgoing links, once asked for (Outlinks)
	lists noteMemo[[]query.ListItem] // list items, once asked for (Lists)

	basesMu sync.Mutex
	bases   map[string]*baseEntry // content-relative path of a .base file -> its parse

	depsMu sync.Mutex

	sets   sync.Map // Dataview source as written -> *querySet, made once
	prints sync.Map // Dataview source as written, "\x00", the fields read -> *queryPrint, made once
}

// queryPrint is what queries read of the notes a Dataview source
// selects (Site.QueryPrint).
type queryPrint struct {
	once sync.Once
	sum  [sha256.Size]byte
	ok   bool
}

// querySet is the notes a Dataview source selects (Site.QuerySet).
type querySet struct {
	once    sync.Once
	digest  uint64
	members map[string]bool
	ok      bool
}

// baseEntry is a .base file, parsed once.
type baseEntry struct {
	once sync.Once
	base *dataview.Base
	err  error
}

// DataviewOptions are the Markdown pipeline's Dataview options.
func (s *Site) DataviewOptions() markup.DataviewOptions {
	if s.Lay.Dataview == nil {
		return markup.DataviewOptions{}
	}
	set := dataview.SettingsFrom(s.Lay.Dataview)
	return markup.DataviewOptions{On: true, Prefix: set.Prefix, JSPrefix: set.JSPrefix}
}

// isBaseFile reports whether a content file is an Obsidian base.
func isBaseFile(rel string) bool { return strings.HasSuffix(strings.ToLower(rel), ".base") }

// scanInlineFields reads a note's inline fields, leaving out its front
// matter and code blocks (from its outline doc).
func scanInlineFields(doc ast.Node, src []byte) []query.InlineField {
	if !bytes.Contains(src, []byte("::")) {
		return nil
	}
	type span struct{ start, end int }
	var skip []span
	if _, end, ok, _ := FrontMatterSpan(src); ok {
		skip = append(skip, span{0, min(end+1, len(src))})
	}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n.(type) {
		case *ast.FencedCodeBlock, *ast.CodeBlock, *ast.HTMLBlock:
			if l := n.Lines(); l.Len() > 0 {
				skip = append(skip, span{l.At(0).Start, l.At(l.Len() - 1).Stop})
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	sort.Slice(skip, func(i, j int) bool { return skip[i].start < skip[j].start })
	var out []query.InlineField
	for _, f := range fields.Scan(src, func(off int) bool {
		i := sort.Search(len(skip), func(i int) bool { return skip[i].end > off })
		return i < len(skip) && skip[i].start <= off
	}) {
		out = append(out, query.InlineField{Key: f.Key, Value: f.Value})
	}
	return out
}

// queryTitle gives a page whose title (or heading) is its heading's
// inline queries (# `= this.name`, as the notes of Dataview vaults begin,
// or # `=this.file.name` Patron) their values, read from the page's own
// front matter and fields: navigation, links and search show the spell's
// name, not its query.
func (s *Site) queryTitle(p *Page, src []byte) {
	if !p.DropH1 {
		return
	}
	prefix := dataview.SettingsFrom(s.Lay.Dataview).Prefix
	value := func(expr string) string {
		x, err := query.ParseExpr(strings.TrimSpace(expr), query.DQL)
		if err != nil {
			return ""
		}
		q := &query.Page{Path: p.Rel, Note: true, Frontmatter: query.NewObject(), Tags: p.tags, Aliases: p.Names, Size: p.size}
		for _, k := range slices.Sorted(maps.Keys(p.Meta)) {
			q.Frontmatter.Set(k, query.FrontmatterValue(p.Meta[k]))
		}
		q.SetFields(p.inline)
		v, err := query.NewEnv(query.NewIndex(oneNote{q}), q, query.DQL, time.Now().UTC()).Eval(x)
		if err != nil || v == nil {
			return ""
		}
		return strings.TrimSpace(query.String(v))
	}
	// eval finds the heading's line (its text with each `code span` as
	// the plain text has it) and puts each inline query's value in place
	// of its span: "# `=this.file.name` Patron" titles Hexblade.md
	// "Hexblade Patron". A query without a value leaves the text as
	// written; the page's own rendering tells why.
	eval := func(text string) string {
		if prefix == "" || !strings.Contains(text, prefix) {
			return text
		}
		for _, m := range headingLine.FindAllSubmatch(src, -1) {
			line := string(m[1])
			if codeSpan.ReplaceAllString(line, "$1") != text {
				continue
			}
			ok, queried := true, false
			title := codeSpan.ReplaceAllStringFunc(line, func(span string) string {
				code := span[1 : len(span)-1]
				expr, isQuery := strings.CutPrefix(code, prefix)
				if !isQuery || strings.TrimSpace(expr) == "" {
					return code
				}
				queried = true
				v := value(expr)
				ok = ok && v != ""
				return v
			})
			if ok && queried {
				return strings.TrimSpace(title)
			}
			return text
		}
		return text
	}
	if p.Heading != "" {
		p.Heading = eval(p.Heading)
	} else {
		p.Title = eval(p.Title)
	}
}

// headingLine is an ATX heading's line, its text the submatch; codeSpan
// a `code span` in it (one backtick each side, as inline queries are
// written).
var (
	headingLine = regexp.MustCompile("(?m)^#{1,6}[ \\t]+(.*?)[ \\t]*$")
	codeSpan    = regexp.MustCompile("`([^`]+)`")
)

// oneNote is a vault of one note: what a page's title query may read.
type oneNote struct{ p *query.Page }

func (v oneNote) Notes() []*query.Page                    { return []*query.Page{v.p} }
func (v oneNote) Files() []*query.Page                    { return nil }
func (v oneNote) Resolve(string, *query.Page) *query.Page { return nil }
func (v oneNote) Outlinks(*query.Page) []query.Link       { return nil }

// dv returns the build's Dataview data, made on first use.
func (s *Site) dv() *dvState {
	s.dvs.once.Do(func() {
		d := s.dvs
		d.byRel = map[string]*query.Page{}
		d.byPage = map[*Page]*query.Page{}
		d.pages = map[*query.Page]*Page{}
		d.bases = map[string]*baseEntry{}
		var notes, files []*query.Page
		for _, p := range s.Pages {
			if p.File == "" || p.Copy || p.Unlisted != "" || p == s.NotFound {
				continue
			}
			q := &query.Page{Path: p.Rel, Note: true, Frontmatter: query.NewObject(), Tags: p.tags,
				Aliases: p.Names, Size: p.size}
			for _, k := range slices.Sorted(maps.Keys(p.Meta)) {
				q.Frontmatter.Set(k, query.FrontmatterValue(p.Meta[k]))
			}
			q.MTime, q.CTime = s.fileTimes(p.File)
			q.SetFields(p.inline)
			notes = append(notes, q)
			d.byRel[p.Rel], d.byPage[p], d.pages[q] = q, q, p
		}
		for rel := range s.Files {
			q := &query.Page{Path: rel, Frontmatter: query.NewObject()}
			q.MTime, q.CTime = s.fileTimes(s.SrcFile(rel))
			q.SetFields(nil)
			files = append(files, q)
			d.byRel[rel] = q
		}
		byPath := func(a, b *query.Page) int { return cmp.Compare(a.Path, b.Path) }
		slices.SortFunc(notes, byPath)
		slices.SortFunc(files, byPath)
		now := time.Now().UTC()
		d.engine = dataview.New(&siteVault{s: s, notes: notes, files: files}, dataview.SettingsFrom(s.Lay.Dataview), now)
	})
	return s.dvs
}

// fileTimes are when a file last changed and was first committed: git's
// times when git knows the file, else its modification time for both.
func (s *Site) fileTimes(file string) (mtime, ctime time.Time) {
	mtime = s.Updated(&Page{File: file})
	ctime = mtime
	if t, ok := s.Created[file]; ok {
		ctime = t
	}
	return mtime, ctime
}

// siteVault is the site's content as query.Vault.
type siteVault struct {
	s            *Site
	notes, files []*query.Page
}

func (v *siteVault) Notes() []*query.Page { return v.notes }
func (v *siteVault) Files() []*query.Page { return v.files }

// Resolve finds a note as a wikilink does (wiki.go), from note from.
func (v *siteVault) Resolve(target string, from *query.Page) *query.Page {
	d := v.s.dvs
	if q, ok := d.byRel[target]; ok && q.Note {
		return q
	}
	if v.s.wiki == nil {
		return nil
	}
	fp := v.s.Home
	if from != nil && d.pages[from] != nil {
		fp = d.pages[from]
	}
	to, _, _ := v.s.wiki.find(fp, target)
	if to == nil {
		return nil
	}
	return d.byPage[to]
}

// NameAnswer is where link target t, resolved by name from the page at
// content path from as a query's links are (siteVault.Resolve when the
// query runs, dvContext.LinkHTML when it shows one), leads now: the
// note's vault path and URL, a file's, an unpublished note's, or "" for
// nothing (and "?" when from is no page). A query whose targets all
// answer as they did (Body.Names) shows what it showed, whatever notes
// came, went or moved: the name index's own rules (names, aliases,
// shortest paths, case folding) decide, not a copy of them.
func (s *Site) NameAnswer(from, t string) string {
	p := s.ByRel[from]
	if p == nil || s.Lay.Dataview == nil {
		return "?"
	}
	d := s.dv()
	if q, ok := d.byRel[t]; ok {
		if to := d.pages[q]; to != nil {
			return "n\x00" + q.Path + "\x00" + s.Cfg.RelURL(to.SitePath)
		}
		return "f\x00" + q.Path
	}
	if s.wiki == nil {
		return ""
	}
	answer := func(from *Page) string {
		if from == nil {
			return "?"
		}
		to, _, file := s.wiki.find(from, t)
		switch {
		case to != nil:
			return "w\x00" + to.Rel + "\x00" + s.Cfg.RelURL(to.SitePath) + "\x00" + strconv.FormatBool(d.byPage[to] != nil)
		case file != "":
			return "f\x00" + file
		case s.unpubWiki != nil:
			if u, _, f := s.unpubWiki.find(from, t); u != nil {
				return "u\x00" + u.Rel
			} else if f != "" {
				return "u\x00" + f
			}
		}
		return ""
	}
	a := answer(p)
	if d.byPage[p] == nil { // siteVault.Resolve resolves from the home page
		a += "\x01" + answer(s.Home)
	}
	return a
}

// wikiRE finds wikilinks and embeds in a note's text.
var wikiRE = regexp.MustCompile(`!?\[\[[^\[\]\n]+\]\]`)

// Outlinks lists the wikilinks written in a note's text and front
// matter, resolved where they lead to a published note (read again from
// the file: the loaded text is let go once the page is rendered).
func (v *siteVault) Outlinks(q *query.Page) []query.Link {
	return v.s.dvs.links.get(q, func() []query.Link {
		src, ok := v.noteText(q)
		if !ok {
			return nil
		}
		var out []query.Link
		for _, m := range wikiRE.FindAll(src, -1) {
			n, _ := wikilink.Parse(bytes.TrimPrefix(m, []byte("!")))
			if n == nil || n.Target == "" {
				continue
			}
			l := query.Link{Path: n.Target, Display: n.Label}
			if to := v.Resolve(n.Target, q); to != nil {
				l.Path, l.Resolved = to.Path, true
			}
			out = append(out, l)
		}
		return out
	})
}

// noteText is the text of note q, read again from its file; false when
// q is no page of the site or its file cannot be read.
func (v *siteVault) noteText(q *query.Page) ([]byte, bool) {
	p := v.s.dvs.pages[q]
	if p == nil {
		return nil, false
	}
	src, err := v.s.readPage(p.File)
	return src, err == nil
}

// noteMemo keeps a value read from each note's text, made the first time
// it is asked for in a build; safe for concurrent use.
type noteMemo[V any] struct {
	mu sync.Mutex
	m  map[*query.Page]V
}

// get returns q's value, made by read when it has none yet.
func (c *noteMemo[V]) get(q *query.Page, read func() V) V {
	c.mu.Lock()
	v, ok := c.m[q]
	c.mu.Unlock()
	if ok {
		return v
	}
	v = read()
	c.mu.Lock()
	if c.m == nil {
		c.m = map[*query.Page]V{}
	}
	c.m[q] = v
	c.mu.Unlock()
	return v
}

// dvContext is the page a query is evaluated in, with the problems its
// links raise.
type dvContext struct {
	l        pageLinks
	problems []dataview.Problem
	told     map[string]bool
	// volatile is set when a link read what the query's deps do not
	// name: another note's ids (a link's fragment), or a file it marks
	// linked (Site.Linked).
	volatile bool
	// targets are the links it showed that were resolved by name (not a
	// note's vault path): query.Deps.Targets.
	targets []string
}

// LinkHTML implements dataview.Linker: a link to a published note or
// file, an image for an embedded picture, the text of a link that leads
// to nothing published (with a warning).
func (c *dvContext) LinkHTML(l query.Link) string {
	s := c.l.s
	d := s.dvs
	text := l.Display
	if text == "" {
		text = query.FileTitle(l.Path)
		if l.Type != query.LinkFile {
			text += " > " + l.Subpath
		}
	}
	esc := html.EscapeString(text)
	var to *Page
	var file string
	if q := d.byRel[l.Path]; q != nil {
		if q.Note {
			to = d.pages[q]
		} else {
			file = q.Path
		}
	} else {
		c.targets = append(c.targets, l.Path)
		if s.wiki != nil {
			to, _, file = s.wiki.find(c.l.p, l.Path)
		}
	}
	switch {
	case to != nil:
		u := s.Cfg.RelURL(to.SitePath)
		if l.Subpath != "" {
			c.volatile = true
			frag := l.Subpath
			if l.Type == query.LinkBlock {
				frag = "^" + frag
			}
			if f, problem := s.fragment(to, frag, to.File); problem == "" {
				u += f
			}
		}
		return `<a class="wikilink" href="` + html.EscapeString(u) + `">` + esc + `</a>`
	case file != "":
		c.volatile = true
		s.Linked.add(file)
		u := html.EscapeString(s.Cfg.RelURL(s.Cfg.BundleURL(file)))
		if l.Embed && isPicture(file) {
			return `<img src="` + u + `" alt="` + html.EscapeString(cmp.Or(l.Display, path.Base(file))) + `" loading="lazy">`
		}
		return `<a href="` + u + `">` + esc + `</a>`
	}
	msg := fmt.Sprintf("a query shows a link to %q, which is no published note or file: it is shown as text", l.Path)
	if rel := c.unpublished(l.Path); rel != "" {
		msg = "a query shows a link to " + s.unlinkedMsg(rel)
	}
	if !c.told[msg] {
		if c.told == nil {
			c.told = map[string]bool{}
		}
		c.told[msg] = true
		c.problems = append(c.problems, dataview.Problem{Msg: msg, Warning: true})
	}
	return `<span class="wikilink-missing">` + esc + `</span>`
}

// unpublished returns the content-relative path of the unpublished note
// or file a link target names, "" when none.
func (c *dvContext) unpublished(target string) string {
	s := c.l.s
	if s.unpubWiki == nil {
		return ""
	}
	p, _, f := s.unpubWiki.find(c.l.p, target)
	if p != nil {
		return p.Rel
	}
	return f
}

// isPicture reports whether a file is shown as an image.
func isPicture(name string) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".png", ".jpg", ".jpeg", ".gif", ".webp", ".svg", ".avif", ".bmp":
		return true
	}
	return false
}

func (l pageLinks) context(q markup.Query) (*dvContext, dataview.Context) {
	c := &dvContext{l: l}
	return c, dataview.Context{Page: l.s.dv().byPage[l.p], Link: c, Markdown: q.Markdown, Images: q.Images}
}

// Query implements markup.QueryResolver.
func (l pageLinks) Query(q markup.Query) markup.QueryOutput {
	d := l.s.dv()
	c, ctx := l.context(q)
	var out dataview.Output
	switch q.Lang {
	case "inline", "inline-js":
		out = d.engine.Inline(ctx, q.Text, q.Lang == "inline-js")
	case "base":
		b, err := dataview.ParseBase(l.p.File+" (base block)", []byte(q.Text))
		if err != nil {
			return markup.QueryOutput{HTML: `<div class="dv-notice" role="note"><p>This base could not be read.</p></div>`,
				Problems: []markup.Problem{{Msg: "base block: " + err.Error(), Warning: true}}}
		}
		out = d.engine.Base(ctx, b, "")
		for _, p := range b.Problems {
			out.Problems = append(out.Problems, p)
		}
	default:
		out = d.engine.Block(ctx, q.Lang, q.Text)
	}
	return l.finish(out, c)
}

// BaseEmbed implements markup.QueryResolver: the view of a .base file.
func (l pageLinks) BaseEmbed(target, view string, q markup.Query) (markup.QueryOutput, bool) {
	rel := l.s.findBase(l.p, target)
	if rel == "" {
		return markup.QueryOutput{}, false
	}
	l.rec.read(l.s.SrcFile(rel)) // an edit of the base changes the view (graph.go)
	b, err := l.s.base(rel)
	if err != nil {
		return markup.QueryOutput{HTML: `<div class="dv-notice" role="note"><p>This base could not be read.</p></div>`,
			Problems: []markup.Problem{{Msg: fmt.Sprintf("embed of %s: %v", l.s.SrcFile(rel), err), Warning: true}}}, true
	}
	c, ctx := l.context(q)
	return l.finish(l.s.dv().engine.Base(ctx, b, view), c), true
}

// finish records what a query read on its page and turns its problems
// into the page's.
func (l pageLinks) finish(out dataview.Output, c *dvContext) markup.QueryOutput {
	s := l.s
	if c.volatile || len(c.targets) > 0 {
		if out.Deps == nil {
			out.Deps = &query.Deps{}
		}
		if c.volatile {
			out.Deps.SetVolatile()
		}
		for _, t := range c.targets {
			out.Deps.Target(t)
		}
	}
	if out.Deps != nil {
		s.dvs.depsMu.Lock()
		if l.p.queryDeps == nil {
			l.p.queryDeps = &query.Deps{}
		}
		l.p.queryDeps.Merge(out.Deps)
		s.dvs.depsMu.Unlock()
		l.rec.queried(out.Deps)
		if l.rec != nil && !out.Deps.Volatile {
			for t := range out.Deps.Targets {
				l.rec.SetName(l.p.Rel, t, s.NameAnswer(l.p.Rel, t))
			}
			for rel := range out.Deps.Pages {
				l.rec.SetName(l.p.Rel, rel, s.NameAnswer(l.p.Rel, rel))
			}
			for _, src := range out.Deps.Sources {
				if h, _, ok := s.QuerySet(src); ok {
					l.rec.SetSource(src, h)
				}
				if !out.Deps.MemberAll {
					reads := slices.Sorted(maps.Keys(out.Deps.Member))
					if sum, ok := s.QueryPrint(src, reads); ok {
						l.rec.SetPrint(src, reads, sum)
					}
				}
			}
		}
	}
	res := markup.QueryOutput{HTML: out.HTML}
	for _, p := range append(out.Problems, c.problems...) {
		res.Problems = append(res.Problems, markup.Problem{Line: p.Line, Col: p.Col, Msg: p.Msg, Warning: p.Warning})
	}
	return res
}

// findBase finds the .base file an embed names, as a wikilink finds a
// file: by path from the note's folder, from the root, else by name.
func (s *Site) findBase(from *Page, target string) string {
	t := strings.ToLower(path.Clean(strings.TrimPrefix(target, "/")))
	var byName []string
	for rel := range s.baseFiles {
		lr := strings.ToLower(rel)
		switch {
		case lr == path.Join(strings.ToLower(path.Dir(from.Rel)), t), lr == t:
			return rel
		case path.Base(lr) == path.Base(t) && (!strings.Contains(t, "/") || strings.HasSuffix(lr, "/"+t)):
			byName = append(byName, rel)
		}
	}
	if len(byName) == 0 {
		return ""
	}
	return nearestFile(from, slices.Sorted(slices.Values(byName)))
}

// base parses a .base file once.
func (s *Site) base(rel string) (*dataview.Base, error) {
	d := s.dv()
	d.basesMu.Lock()
	e := d.bases[rel]
	if e == nil {
		e = &baseEntry{}
		d.bases[rel] = e
	}
	d.basesMu.Unlock()
	e.once.Do(func() {
		file := s.SrcFile(rel)
		src, err := s.readPage(file)
		if err != nil {
			e.err = fmt.Errorf("read: %v", UnwrapPath(err))
			return
		}
		e.base, e.err = dataview.ParseBase(file, src)
		if e.base != nil {
			for _, p := range e.base.Problems {
				s.Warn.Addf(file, p.Line, p.Col, "", "%s", p.Msg)
			}
		}
	})
	return e.base, e.err
}

// QueryDeps returns, by source file, what the Dataview queries and base
// views of each rendered page read: the notes, the fields, the sets of
// notes scanned. serve's incremental builds re-render a page when what
// its queries read changes.
func (s *Site) QueryDeps() map[string]*query.Deps {
	out := map[string]*query.Deps{}
	for _, p := range s.Pages {
		if p.queryDeps != nil {
			out[p.File] = p.queryDeps
		}
	}
	return out
}

// QueryFiles are the source files a Dataview query read of the note or
// file at vault path rel (query.Page.Path): a note's file and its
// includes, a file itself; ok is false when the vault has none there.
func (s *Site) QueryFiles(rel string) (files []string, ok bool) {
	if s.Lay.Dataview == nil {
		return nil, false
	}
	d := s.dv()
	q := d.byRel[rel]
	if q == nil {
		return nil, false
	}
	if p := d.pages[q]; p != nil {
		return append([]string{p.File}, p.Includes...), true
	}
	return []string{s.SrcFile(rel)}, true
}

// QuerySet is what Dataview source src (as query.Deps.Sources records
// it) selects in the model: the digest of its members' vault paths, in
// the vault's order, and their set; ok is false when that cannot be said
// (QueryMembers). Made once per source and model.
func (s *Site) QuerySet(src string) (digest uint64, members map[string]bool, ok bool) {
	if s.Lay.Dataview == nil {
		return 0, nil, false
	}
	v, _ := s.dv().sets.LoadOrStore(src, &querySet{})
	qs := v.(*querySet)
	qs.once.Do(func() {
		paths, ok := s.QueryMembers(src)
		if !ok {
			return
		}
		qs.members = make(map[string]bool, len(paths))
		qs.digest = digestHash(paths...)
		for _, p := range paths {
			qs.members[p] = true
		}
		qs.ok = true
	})
	return qs.digest, qs.members, qs.ok
}

// QueryPrint is what a query that reads the fields reads of each note
// (query.Deps.Member, in order) reads of the notes Dataview source src
// selects now: the SHA-256 of each member's print (query.MemberPrint:
// its vault path and the values of those fields) and the URL a link to
// it leads to, in the vault's order. A note joining or leaving the
// source changes it, and so does an edit of a field the query reads; an
// edit of anything else of a member (its body text, another field) does
// not. What its values' links lead to is the query's own record
// (query.Deps.Targets, Body.Names). ok is false when that
// cannot be said (QueryMembers; a value MemberPrint does not know). Made
// once per source and field set and model: thousands of query blocks
// share a few.
func (s *Site) QueryPrint(src string, reads []string) (sum [sha256.Size]byte, ok bool) {
	if s.Lay.Dataview == nil {
		return sum, false
	}
	d := s.dv()
	v, _ := d.prints.LoadOrStore(PrintKey(src, reads), &queryPrint{})
	qp := v.(*queryPrint)
	qp.once.Do(func() {
		ix := d.engine.Index()
		members, ok := query.SourceMembers(ix, src)
		if !ok {
			return
		}
		h := sha256.New()
		var n [binary.MaxVarintLen64]byte
		for _, m := range members {
			b, ok := query.MemberPrint(ix, m, reads)
			if !ok {
				return
			}
			url := "\x00" // a file, or no page: shown as text
			if p := d.pages[m]; p != nil {
				url = s.Cfg.RelURL(p.SitePath)
			}
			b = append(b, url...)
			h.Write(n[:binary.PutUvarint(n[:], uint64(len(b)))])
			h.Write(b)
		}
		copy(qp.sum[:], h.Sum(nil))
		qp.ok = true
	})
	return qp.sum, qp.ok
}

// QueryMembers lists the vault paths of the notes (and files) that a
// Dataview query's source, as its deps record it (query.Deps.Sources),
// selects now, in the vault's order, by the engine's own rule
// (query.SourceMembers); ok is false when that cannot be said (a source
// of links, one that does not read again).
func (s *Site) QueryMembers(source string) (paths []string, ok bool) {
	if s.Lay.Dataview == nil {
		return nil, false
	}
	members, ok := query.SourceMembers(s.dv().engine.Index(), source)
	if !ok {
		return nil, false
	}
	paths = make([]string, len(members))
	for i, q := range members {
		paths[i] = q.Path
	}
	return paths, true
}
