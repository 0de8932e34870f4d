package content

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/markup/shortcode/hugotmpl"
	"d6codex/cmd/sitegen/internal/srcpath"
	"d6codex/templates"
)

// wikiIndex finds the note or file an Obsidian [[wikilink]] names, with
// map lookups only (never a scan of the pages per link): notes by their
// lower-cased name and by their lower-cased path without ".md", other
// names of notes (aliases) apart, files likewise. Paths are relative to
// the content root (page.rel).
type wikiIndex struct {
	byName     map[string][]*Page // "human" -> pages named Human.md, by path
	byAlias    map[string][]*Page // "folk" -> pages with the alias Folk, by path
	byPath     map[string]*Page   // "compendium/races/human" -> page
	fileByName map[string][]string
	fileByPath map[string]string // "img/map.png" -> "img/map.png" as written
	// dashSpace: a name's "-" also matches a space in a wikilink, the
	// match a wikilink "yOuR-FiRsT Note" with both looks for among the
	// pages of byAlias's spaced names (gardenName; Jekyll).
	dashSpace bool

	// What the index was made of (its inputs, compared by reusable):
	// the pages it indexes in their order (wikiInput), and the files.
	pages []*Page
	files []string
	// held are the pages the maps above hold, in the order of pages;
	// now maps each to the page of pages at its place, nil when they are
	// the same (an index made, not reused): an index an Update reuses
	// keeps the maps of the model before and answers with this model's
	// pages (at).
	held []*Page
	now  map[*Page]*Page
}

// wikiInput reports whether page p is indexed as page o was: the one
// place that names what newWikiIndex reads of a page (whether it has a
// file, its path, its other names), so that an index reused by an Update
// (reusable) cannot miss a field a future index reads.
func wikiInput(p, o *Page) bool {
	return (p.File == "") == (o.File == "") && p.Rel == o.Rel && slices.Equal(p.Names, o.Names)
}

// reusable returns the index w made again for pages and files: w itself
// when it was made of pages that wikiInput finds the same, in the same
// order, and the same files, with its answers mapped to pages (at);
// nil when they differ (or w is nil): the index is made anew. An Update
// whose saves changed no note's name, path or aliases, and no file came
// or went, reuses the index of the model before (issue 35: a body save
// of a vault of 1,000 notes spent ~4 ms making it again).
func (w *wikiIndex) reusable(pages []*Page, files []string) *wikiIndex {
	if w == nil || len(pages) != len(w.pages) || !slices.Equal(files, w.files) {
		return nil
	}
	for i, p := range pages {
		if !wikiInput(p, w.pages[i]) {
			return nil
		}
	}
	c := *w
	c.pages = slices.Clone(pages)
	c.now = make(map[*Page]*Page, len(pages))
	for i, h := range w.held {
		c.now[h] = c.pages[i]
	}
	return &c
}

// at is the page of the index's model for p, a page its maps hold.
func (w *wikiIndex) at(p *Page) *Page {
	if w.now == nil || p == nil {
		return p
	}
	return w.now[p]
}

// buildWiki indexes the loaded pages and content files, and apart from
// them the notes and files that are not published (publish.go): a
// wikilink to one of those is a warning and its text, never a link.
func (s *Site) buildWiki(pages []*Page) {
	files := slices.Sorted(maps.Keys(s.Files))
	var was, wasUnpub *wikiIndex
	if s.Before != nil {
		was, wasUnpub = s.Before.wiki, s.Before.unpubWiki
	}
	if s.wiki = was.reusable(pages, files); s.wiki == nil {
		s.wiki = newWikiIndex(pages, files)
	}
	if s.unpubWiki = wasUnpub.reusable(s.unpubPages, s.unpubFiles); s.unpubWiki == nil {
		s.unpubWiki = newWikiIndex(s.unpubPages, s.unpubFiles)
	}
	s.wiki.dashSpace = s.Lay.WikiDashSpace
	s.unpubWiki.dashSpace = s.wiki.dashSpace
	s.excludedWiki = s.excludedNotes()
}

// maxExcludedNotes bounds how many entries of the excluded folders
// excludedNotes reads.
const maxExcludedNotes = 10000

// excludedNotes names the notes in the folders the layout excludes
// (layout.Layout.Excluded: a vault's templates folder), which are not
// read at all: a wikilink to one is then said to be to a note that is not
// published, not to no note (eval10A NA2: [[PC-Template]] named a note of
// the templates folder, which Obsidian opens). Only names are read, at
// most maxExcludedNotes entries, never through a symbolic link or into a
// hidden folder.
func (s *Site) excludedNotes() map[string]string {
	var out map[string]string
	n := 0
	content := filepath.Join(s.Opts.Source, filepath.FromSlash(s.Lay.Content))
	for _, e := range s.Lay.Excluded {
		root := filepath.Join(content, filepath.FromSlash(e))
		if fi, err := os.Lstat(root); err != nil || !fi.IsDir() {
			continue
		}
		_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if n++; err != nil || n > maxExcludedNotes {
				return filepath.SkipAll
			}
			name := d.Name()
			if p != root && strings.HasPrefix(name, ".") || d.Type()&fs.ModeSymlink != 0 {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if d.IsDir() || !strings.EqualFold(path.Ext(name), ".md") {
				return nil
			}
			rel, err := filepath.Rel(content, p)
			if err != nil {
				return nil
			}
			if out == nil {
				out = map[string]string{}
			}
			key := strings.ToLower(strings.TrimSuffix(name, path.Ext(name)))
			if _, seen := out[key]; !seen {
				out[key] = filepath.ToSlash(rel)
			}
			return nil
		})
	}
	return out
}

// excludedNote is the message of a wikilink to a note of an excluded
// folder (excludedNotes), "" when target names none.
func (s *Site) excludedNote(target string) string {
	rel, ok := s.excludedWiki[strings.ToLower(path.Base(target))]
	if !ok {
		return ""
	}
	for _, e := range s.Lay.Excluded {
		if strings.HasPrefix(rel, e+"/") {
			return fmt.Sprintf("%s is in %s/, which is not published (the build's first line says why): the link is shown as text", s.SrcFile(rel), s.SrcFile(e))
		}
	}
	return ""
}

// newWikiIndex indexes pages and content files (content-relative paths).
func newWikiIndex(pages []*Page, files []string) *wikiIndex {
	w := &wikiIndex{
		byName: make(map[string][]*Page, len(pages)), byAlias: map[string][]*Page{}, byPath: make(map[string]*Page, len(pages)),
		fileByName: map[string][]string{}, fileByPath: map[string]string{},
	}
	w.pages = slices.Clone(pages) // the model's steps may reorder its list later
	w.held, w.files = w.pages, slices.Clone(files)
	for _, p := range pages {
		if p.File == "" {
			continue
		}
		key := strings.ToLower(strings.TrimSuffix(p.Rel, ".md"))
		w.byPath[key] = p
		w.byName[path.Base(key)] = append(w.byName[path.Base(key)], p)
		for _, n := range p.Names {
			if k := strings.ToLower(n); k != path.Base(key) && !slices.Contains(w.byAlias[k], p) {
				w.byAlias[k] = append(w.byAlias[k], p)
			}
		}
	}
	for _, m := range []map[string][]*Page{w.byName, w.byAlias} {
		for _, list := range m {
			slices.SortFunc(list, func(a, b *Page) int { return cmp.Compare(a.Rel, b.Rel) })
		}
	}
	for _, rel := range files {
		key := strings.ToLower(rel)
		w.fileByPath[key] = rel
		w.fileByName[path.Base(key)] = append(w.fileByName[path.Base(key)], rel)
	}
	for _, list := range w.fileByName {
		slices.Sort(list)
	}
	return w
}

// pageLinks resolves the links of one page: Markdown links (resolveLink)
// and wikilinks (markup.WikiResolver). Each question and its answer is
// recorded in rec, the body of the page being rendered (graph.go), when
// not nil; replay asks again without reading any file (an embed's note
// is not read).
type pageLinks struct {
	s      *Site
	p      *Page
	assets templates.Assets
	rec    *Body
	replay bool
}

// ResolveTag implements markup.TagResolver: the URL of a tag's page.
func (l pageLinks) ResolveTag(name string) string { return l.s.Cfg.RelURL(l.s.Cfg.tagPath(name)) }

// ResolveLink implements markup.LinkResolver.
func (l pageLinks) ResolveLink(dest string) (string, string) {
	tg := l.ResolveTarget(dest)
	if tg.Unlinked != "" {
		return "", tg.Unlinked
	}
	return tg.URL, tg.Problem
}

// ResolveTarget implements markup.TargetResolver.
func (l pageLinks) ResolveTarget(dest string) markup.LinkTarget {
	tg := l.s.linkTarget(l.p, dest, false)
	l.rec.asked(Call{From: l.p.Rel, Dest: dest}, Answer{Url: tg.URL, Problem: tg.Problem, Unlinked: tg.Unlinked, Title: tg.Title})
	return tg
}

// Cards implements markup.CardResolver (Docusaurus's <DocCardList />),
// recorded as a question of the model (cardsCall) so that a kept body is
// rendered again when the category's items change.
func (l pageLinks) Cards() []markup.LinkTarget {
	cards := l.s.cards(l.p)
	l.rec.asked(Call{From: l.p.Rel, Dest: cardsCall}, cardsAnswer(cards))
	return cards
}

// BlockAsked implements markup.BlockAsker: the question a block's handler
// answered, recorded as a question of the model (blockCall) that Ask asks
// the handler again.
func (l pageLinks) BlockAsked(handler, q, answer string) {
	l.rec.asked(Call{From: l.p.Rel, Dest: blockCall + handler + "\x00" + q}, Answer{Url: answer})
}

// blockCall starts the Call.Dest of a block handler's question
// (BlockAsked): its info word, a zero byte, the question.
const blockCall = "\x00block\x00"

// cardsAnswer is the recorded answer of Cards: the cards' URLs and
// titles, a line each.
func cardsAnswer(cards []markup.LinkTarget) Answer {
	var a Answer
	for i, c := range cards {
		if i > 0 {
			a.Url, a.Title = a.Url+"\n", a.Title+"\n"
		}
		a.Url, a.Title = a.Url+c.URL, a.Title+c.Title
	}
	return a
}

// cardsCall is the Call.Dest of Cards' question: not a link any page
// writes.
const cardsCall = "\x00cards"

// cards are the items of page p's category, as Docusaurus's DocCardList
// shows them (useCurrentSidebarSiblings: "the deepest category" holding
// the page, else the top of the sidebar): p's children when it is a
// category's page, else its siblings; each a link to its page, a
// category without a page to its first page (findFirstSidebarItemLink;
// one with none is left out, filterDocCardListItems).
func (s *Site) cards(p *Page) []markup.LinkTarget {
	cat := p
	if len(p.Children) == 0 {
		cat = p.Parent
	}
	if cat == nil {
		return nil
	}
	var first func(*Page) *Page
	first = func(c *Page) *Page {
		if !c.NoPage && !c.navExclude {
			return c
		}
		for _, k := range c.Children {
			if f := first(k); f != nil {
				return f
			}
		}
		return nil
	}
	var out []markup.LinkTarget
	for _, c := range cat.Children {
		if c.navExclude || cat == s.Home && outside(c.Rel) {
			continue
		}
		if to := first(c); to != nil {
			out = append(out, markup.LinkTarget{URL: s.Cfg.RelURL(to.SitePath), Title: c.Label()})
		}
	}
	return out
}

// ResolveImage implements markup.ImageResolver.
func (l pageLinks) ResolveImage(dest string) markup.LinkTarget {
	tg := l.s.linkTarget(l.p, dest, true)
	l.rec.asked(Call{From: l.p.Rel, Dest: dest, Embed: true}, Answer{Url: tg.URL, Problem: tg.Problem, Unlinked: tg.Unlinked, Title: tg.Title})
	return tg
}

// linkTarget is resolveLink's answer (resolveImage's for an image's
// source) with the title of the page the link leads to, when it leads to
// one (a link may show it: a Hugo shortcode whose template shows the
// page's .Title). Where the project has a link render hook
// (layout.Layout.LinkHook), a link that does not resolve is a warning
// naming the hook and is shown as its text: the hook, not sitegen, decides
// where it leads.
func (s *Site) linkTarget(from *Page, dest string, image bool) markup.LinkTarget {
	var tg markup.LinkTarget
	if image {
		tg = s.resolveImage(from, dest)
	} else {
		tg = s.resolveLink(from, dest)
	}
	if tg.Problem != "" && !image && s.Lay.LinkHook != "" && !strings.HasPrefix(tg.Problem, noHeading+" ") {
		// The project's link render hook decides where its links lead
		// (layout.Layout.LinkHook); sitegen does not run it. A link to a
		// page that is there, with a #fragment that names none of its
		// headings, stays a broken anchor: the hook finds the page.
		return markup.LinkTarget{Unlinked: fmt.Sprintf("%s; %s decides where the site's links lead, which sitegen does not run: shown as text",
			tg.Problem, s.Lay.LinkHook)}
	}
	if tg.Problem != "" || tg.Unlinked != "" || tg.URL == "" {
		return tg
	}
	u, _, _ := strings.Cut(tg.URL, "#")
	base := s.Cfg.RelURL("/")
	if !strings.HasPrefix(u, base) {
		return tg
	}
	if sp, err := url.PathUnescape("/" + strings.TrimPrefix(u, base)); err == nil {
		if p := s.ByURL[sp]; p != nil {
			tg.Title = p.Title
		}
	}
	return tg
}

// ResolveWiki implements markup.WikiResolver (see resolveWiki); the
// question and its answer are recorded.
func (l pageLinks) ResolveWiki(target, frag string, embed bool) markup.WikiTarget {
	tg := l.resolveWiki(target, frag, embed)
	if l.rec != nil {
		a := Answer{Url: tg.URL, Problem: tg.Problem, Warning: tg.Warning, Unlinked: tg.Unlinked, Title: tg.Label, AsText: tg.AsText}
		if tg.Note != nil {
			a.Note = noteOf(tg.Note)
		}
		l.rec.asked(Call{From: l.p.Rel, Wiki: true, Dest: target, Frag: frag, Embed: embed}, a)
	}
	return tg
}

// ResolveWiki implements markup.WikiResolver, as Obsidian resolves a
// link: a name (case-insensitive) names the note of that name; several
// notes of one name give the one in the linking note's folder, else (with
// a warning naming the others) the one nearest the content root, else the
// first by path; a path ("Races/Human") goes relative to the linking
// note, then from the content root, then as the end of a note's path.
func (l pageLinks) resolveWiki(target, frag string, embed bool) markup.WikiTarget {
	s, from := l.s, l.p
	if target == "" {
		u, problem := s.fragment(from, frag, "this page")
		if problem != "" && s.lenientHeading(embed) {
			return markup.WikiTarget{URL: "#", Warning: problem + "; the link goes to the page's top"}
		}
		return markup.WikiTarget{URL: u, Problem: problem}
	}
	if s.aliases != nil {
		return s.wikiByAlias(target, frag) // mkdocs-alias-plugin (alias.go)
	}
	if w := s.Lay.Markup.WikiLinks; w != nil && !s.Cfg.Obsidian {
		return l.wikiByPlugin(w, target, frag) // a markdown-it plugin's rule
	}
	if s.links != nil {
		return l.wikiByRules(target, frag, embed) // the layout's own rule (pagerules.go)
	}
	if s.wiki == nil {
		return markup.WikiTarget{Problem: "wikilinks are not indexed"}
	}
	to, others, file := s.wiki.find(from, target)
	if to == nil && file == "" && isBaseFile(target) {
		if rel := s.findBase(from, target); rel != "" {
			return markup.WikiTarget{Unlinked: s.SrcFile(rel) + " is an Obsidian base: its views show where it is embedded (![[...]]), and the file is not published, so the link is shown as text"}
		}
	}
	if to == nil && file == "" && s.unpubWiki != nil {
		if p, _, f := s.unpubWiki.find(from, target); p != nil || f != "" {
			rel := f
			if p != nil {
				rel = p.Rel
			}
			return markup.WikiTarget{Unlinked: s.unlinkedMsg(rel)}
		}
	}
	switch {
	case to == nil && file != "":
		s.Linked.add(file)
		return markup.WikiTarget{URL: s.Cfg.RelURL(s.Cfg.BundleURL(file)) + fragPart(frag)}
	case to == nil:
		if msg := s.excludedNote(target); msg != "" {
			return markup.WikiTarget{Unlinked: msg}
		}
		return markup.WikiTarget{Problem: fmt.Sprintf("no note or file named %q in %s", target, s.contentName())}
	}
	tg := l.wikiPage(to, frag, embed)
	if s.Lay.WikiLabel != nil && !embed && tg.Problem == "" {
		tg.Label = s.Lay.WikiLabel(to.Rel, to.Meta, frag) // the text of a link that writes none
	}
	if len(others) > 0 && tg.Problem == "" {
		names := make([]string, len(others))
		for i, o := range others {
			names[i] = o.File
		}
		tg.Warning = fmt.Sprintf("%d notes have this name: %s is used, not %s", len(others)+1, to.File, strings.Join(names, ", "))
	}
	if shadowed := s.wiki.shadowed(to, target); len(shadowed) > 0 && tg.Problem == "" {
		w := fmt.Sprintf("the note %s is used, not %s (Obsidian links a name to the note's file)", to.File, strings.Join(shadowed, ", "))
		if tg.Warning != "" {
			w = tg.Warning + "; " + w
		}
		tg.Warning = w
	}
	return tg
}

// lenientHeading reports whether a wikilink whose heading or block is
// not on its note still links the note, as Obsidian opens the note of a
// link whose heading is gone: with broken links as warnings, and for a
// link, not an embed (Obsidian shows an embed of a missing section as
// "Unable to find section", and sitegen as a broken embed).
func (s *Site) lenientHeading(embed bool) bool {
	return s.Cfg.BrokenLinksWarn && s.Cfg.Obsidian && !embed
}

// wikiPage is the target of a wikilink to page to: its URL and fragment,
// and for an embed the note to render in place.
func (l pageLinks) wikiPage(to *Page, frag string, embed bool) markup.WikiTarget {
	s := l.s
	tg := markup.WikiTarget{URL: s.Cfg.RelURL(to.SitePath)}
	if frag != "" {
		u, problem := s.fragment(to, frag, to.File)
		if problem != "" && s.lenientHeading(embed) {
			tg.Warning = problem + "; the link goes to the page's top"
			return tg
		}
		if problem != "" {
			return markup.WikiTarget{Problem: problem}
		}
		tg.URL += u
	}
	if embed && to.File == "" {
		return markup.WikiTarget{Problem: "a folder's list of pages cannot be embedded"}
	}
	if embed && l.replay {
		tg.Note = s.MarkupPage(to, l.assets, nil) // the note as it would be read: its file is a dependency of its own
	} else if embed {
		l.rec.read(to.File)
		src, err := s.readPage(to.File)
		if err != nil {
			return markup.WikiTarget{Problem: fmt.Sprintf("read %s: %v", to.File, UnwrapPath(err))}
		}
		s.metaBlock(src)
		tg.Note, tg.Src = s.MarkupPage(to, l.assets, l.rec), src
	}
	return tg
}

// find returns the page a wikilink target names (and the other pages of
// that name, when it was a choice), or the content file it names.
func (w *wikiIndex) find(from *Page, target string) (to *Page, others []*Page, file string) {
	to, others, file = w.findHeld(from, target)
	if w.now != nil {
		to = w.at(to)
		for i, p := range others {
			others[i] = w.at(p)
		}
	}
	return to, others, file
}

// findHeld is find, answering with the pages the index's maps hold.
func (w *wikiIndex) findHeld(from *Page, target string) (to *Page, others []*Page, file string) {
	t := strings.ToLower(path.Clean(strings.TrimPrefix(target, "/")))
	note := strings.TrimSuffix(t, ".md")
	if strings.Contains(note, "/") {
		if p, ok := w.byPath[path.Join(strings.ToLower(path.Dir(from.Rel)), note)]; ok {
			return p, nil, ""
		}
		if p, ok := w.byPath[note]; ok {
			return p, nil, ""
		}
		for _, p := range w.byName[path.Base(note)] { // a path's end: "Races/Human"
			if strings.HasSuffix(strings.ToLower(strings.TrimSuffix(p.Rel, ".md")), "/"+note) {
				return p, nil, ""
			}
		}
		if f, ok := w.fileByPath[path.Join(strings.ToLower(path.Dir(from.Rel)), t)]; ok {
			return nil, nil, f
		}
		if f, ok := w.fileByPath[t]; ok {
			return nil, nil, f
		}
		for _, f := range w.fileByName[path.Base(t)] {
			if strings.HasSuffix(strings.ToLower(f), "/"+t) {
				return nil, nil, f
			}
		}
		return nil, nil, ""
	}
	// A note's file name wins over the aliases of other notes, as in
	// Obsidian (ResolveWiki warns about the aliases it passes over).
	cands := w.byName[note]
	if len(cands) == 0 {
		cands = w.byAlias[note]
	}
	if len(cands) == 0 && w.dashSpace && strings.Contains(note, "-") {
		// "yOuR-FiRsT Note": a file name whose "-" the link writes as a
		// space in some places only (gardenName).
		for _, p := range w.byAlias[strings.ReplaceAll(note, "-", " ")] {
			if gardenName(strings.TrimSuffix(path.Base(p.Rel), path.Ext(p.Rel)), note) {
				cands = append(cands, p)
			}
		}
	}
	if len(cands) == 0 {
		if fs := w.fileByName[t]; len(fs) > 0 {
			return nil, nil, nearestFile(from, fs)
		}
		return nil, nil, ""
	}
	if len(cands) == 1 {
		return cands[0], nil, ""
	}
	pick := cands[0]
	dir := path.Dir(from.Rel)
	if i := slices.IndexFunc(cands, func(p *Page) bool { return path.Dir(p.Rel) == dir }); i >= 0 {
		return cands[i], nil, "" // the note beside the link: what its editor means
	}
	for _, p := range cands[1:] {
		if strings.Count(p.Rel, "/") < strings.Count(pick.Rel, "/") {
			pick = p
		}
	}
	for _, p := range cands {
		if p != pick {
			others = append(others, p)
		}
	}
	return pick, others, ""
}

// shadowed describes the aliases that name the wikilink target (a bare
// name) but lose to the file name of the note to: `content/B.md, whose
// alias "A" is the same name`.
func (w *wikiIndex) shadowed(to *Page, target string) []string {
	note := strings.TrimSuffix(strings.ToLower(path.Clean(strings.TrimPrefix(target, "/"))), ".md")
	if strings.Contains(note, "/") || !slices.ContainsFunc(w.byName[note], func(p *Page) bool { return w.at(p) == to }) {
		return nil
	}
	var out []string
	for _, p := range w.byAlias[note] {
		if p = w.at(p); p == to {
			continue
		}
		alias := note
		for _, n := range p.Names {
			if strings.ToLower(n) == note {
				alias = n
				break
			}
		}
		out = append(out, fmt.Sprintf("%s, whose alias %q is the same name", p.File, alias))
	}
	return out
}

// gardenName reports whether a wikilink's text names the note of file
// name stem (without its extension) as the digital garden Jekyll
// template's plugin matches them
// (https://github.com/maximevaillancourt/digital-garden-jekyll-template,
// _plugins/bidirectional_links_generator.rb):
//
//	note_title_regexp_pattern = Regexp.escape(
//	  File.basename(note_potentially_linked_to.basename, File.extname(…))
//	).gsub('\_', '[ _]').gsub('\-', '[ -]').capitalize
//	… /\[\[(#{note_title_regexp_pattern})\]\]/i
//
// Each "-" of the name matches a "-" or a space, every other character
// itself in any case (/i). Regexp.escape escapes "-" but not "_", so the
// gsub of '\_' replaces nothing: an "_" matches only "_" (Ruby 3:
// Regexp.escape("my_note") is "my_note").
func gardenName(stem, text string) bool {
	for stem != "" && text != "" {
		s, sn := utf8.DecodeRuneInString(stem)
		t, tn := utf8.DecodeRuneInString(text)
		if !(s == '-' && t == ' ') && !strings.EqualFold(stem[:sn], text[:tn]) {
			return false
		}
		stem, text = stem[sn:], text[tn:]
	}
	return stem == text
}

// nearestFile picks among files of one name as find picks among notes.
func nearestFile(from *Page, files []string) string {
	dir := path.Dir(from.Rel)
	best := files[0]
	for _, f := range files {
		if path.Dir(f) == dir {
			return f
		}
		if strings.Count(f, "/") < strings.Count(best, "/") {
			best = f
		}
	}
	return best
}

// fragment checks a fragment of a link to page to ("#Heading text",
// "#heading-id", "#^block-id", percent-encoded or not, as Obsidian and
// other tools write them) and returns it as the page's anchor ("#id").
func (s *Site) fragment(to *Page, frag, where string) (string, string) {
	if frag == "" {
		return "", ""
	}
	id, ok := s.anchorOf(to, frag)
	switch {
	case ok && id == "":
		return "", "" // the page's own title: its top
	case ok:
		return "#" + id, ""
	case to.Failed: // a page that could not be read has its own error
		return "#" + frag, ""
	}
	return "", fmt.Sprintf("no heading or block %q in %s", frag, where)
}

// anchorOf finds the id a fragment names on page p: the fragment itself,
// unescaped, or the id of a heading with that text; "" (and true) for
// the page's leading # heading, which became its title (the top of the
// page).
func (s *Site) anchorOf(p *Page, frag string) (string, bool) {
	if p.Ids[frag] {
		return frag, true
	}
	if un, err := url.PathUnescape(frag); err == nil {
		frag = un
	}
	if p.Ids[frag] {
		return frag, true
	}
	id := s.headingSlug(frag)
	if p.Ids[id] {
		return id, true
	}
	if title := cmp.Or(p.Heading, p.Title); p.DropH1 && id == s.headingSlug(title) {
		return "", true
	}
	return s.subheadingOf(p, frag)
}

// subheadingOf finds the id an Obsidian subheading path names on page p
// ("Factions#Keepers of the Feather": "You can add multiple hash symbols
// for each subheading", help.obsidian.md, Internal links): the path is
// read in the page's outline as an embed of it is (markup.HeadingPath),
// each heading under the one before, and the link leads to the last. A
// part names a heading by its id or its text, as a fragment does
// (anchorOf); the page's leading # heading that became its title is in
// the outline, leading to its top.
func (s *Site) subheadingOf(p *Page, frag string) (string, bool) {
	parts := strings.Split(frag, "#")
	if len(parts) < 2 || strings.HasPrefix(frag, "^") || slices.Contains(parts, "") {
		return "", false
	}
	k, ok := markup.HeadingPath(p.Outline, parts, func(h markup.OutlineHeading, part string) bool {
		if un, err := url.PathUnescape(part); err == nil {
			part = un
		}
		return h.ID == part || h.Text == part || s.headingSlug(h.Text) == s.headingSlug(part)
	})
	if !ok {
		return "", false
	}
	return p.Outline[k].ID, true // "" for the dropped leading heading: the page's top
}

// headingSlug is the id the layout's tool gives the first heading with
// this text (layout.Markup.Slug: MkDocs' and VitePress's own), else
// goldmark's (markup.HeadingSlug).
func (s *Site) headingSlug(text string) string {
	if slug := s.Lay.Markup.Slug; slug != nil {
		return slug(text)
	}
	return markup.HeadingSlug(text)
}

// contentName names the content folder in a message: "content/", or for
// a source whose pages are the folder itself "the vault" (Obsidian's
// word) or "the source folder".
func (s *Site) contentName() string {
	switch {
	case s.Lay.Content != ".":
		return s.Lay.Content + "/"
	case s.Lay.Kind == layout.Obsidian:
		return "the vault"
	}
	return "the source folder"
}

// wikiByPlugin is the target of a wikilink as a markdown-it wikilinks
// plugin writes it (layout.WikiLinks): the URL its options make from the
// target, read as a link of the page's (the plugin's baseURL is the
// site's base, which such a URL starts with). Where the site's page-name
// transform is not read, each likely one is tried, the first URL at a
// page wins.
func (l pageLinks) wikiByPlugin(w *layout.WikiLinks, target, frag string) markup.WikiTarget {
	s := l.s
	var first markup.LinkTarget
	hrefs := w.Hrefs(target)
	for i, href := range hrefs {
		if strings.HasPrefix(href, "/") {
			href = "/" + strings.TrimPrefix(href, s.Cfg.Base)
		}
		tg := s.resolveLink(l.p, href+fragPart(frag))
		if tg.Problem == "" {
			return markup.WikiTarget{URL: tg.URL, Unlinked: tg.Unlinked}
		}
		if i == 0 {
			first = tg
		}
	}
	return markup.WikiTarget{Problem: fmt.Sprintf("%s links [[%s]] to %s: %s", w.Plugin, target, strings.Join(hrefs, " or "), first.Problem)}
}

// MarkupPage describes page p to the Markdown pipeline: its links resolve
// against the content model, its problems become the build's diagnostics.
// What the page reads of the model and of other files, and its problems,
// are recorded in b, the body of the page being rendered (p itself, or a
// page that embeds p); nil: nothing is recorded, problems are reported.
func (s *Site) MarkupPage(p *Page, assets templates.Assets, b *Body) *markup.Page {
	diag := func(pr markup.Problem) Diagnostic {
		return Diagnostic{File: p.File, Line: p.srcLine(pr.Line), Col: pr.Col, Msg: pr.Msg, Link: pr.Link}
	}
	report := func(pr markup.Problem) { s.reportDiag(diag(pr), pr.Warning) }
	if b != nil {
		report = func(pr markup.Problem) {
			if d, warning, keep := s.problem(diag(pr), pr.Warning); keep {
				b.Report(d, warning)
			}
		}
	}
	return &markup.Page{
		File:        p.File,
		URL:         s.Cfg.RelURL(p.SitePath),
		Title:       p.Title,
		Meta:        p.Meta,
		Links:       pageLinks{s: s, p: p, assets: assets, rec: b},
		Assets:      assets,
		DropH1:      p.DropH1 && !p.TitleLead,
		DropLeading: p.DropH1 && p.TitleLead,
		Report:      report,
	}
}

// ReadSiteFile implements markup.FileReader (a Hugo shortcode template's
// readFile, readSiteFile), recording the file as one the page's body read
// (graph.go): an edit of it renders the page again, a build cache does
// not reuse the page's text over it, and a missing one keeps the page
// from being reused at all.
func (l pageLinks) ReadSiteFile(rel string, max int64) ([]byte, error) {
	rel = path.Clean(rel)
	if srcpath.SkippedPart(rel) == "" {
		l.rec.read(rel)
	}
	return l.s.readSiteFile(rel, max)
}

// readSiteFile reads the source file rel for a Hugo shortcode template's
// readFile: under the source folder's rule as every read of the source
// (no link out of it), never a hidden name, the path's own or one a link
// leads to (srcpath.Check), at most max bytes.
func (s *Site) readSiteFile(rel string, max int64) ([]byte, error) {
	rel = path.Clean(rel)
	if bad := srcpath.SkippedPart(rel); bad != "" {
		return nil, fmt.Errorf("%s is a hidden or temporary name: sitegen never reads one", bad)
	}
	r, err := s.SrcRoot()
	if err != nil {
		return nil, err
	}
	if _, err := r.Check(rel); err != nil {
		return nil, UnwrapPath(err)
	}
	if info, err := r.Stat(rel); err == nil && info.IsDir() {
		return nil, hugotmpl.ErrFolder // fileExists: there
	}
	b, err := r.ReadFile(rel, max)
	if errors.Is(err, srcpath.ErrTooLong) {
		return nil, fmt.Errorf("the file is %w (%d KiB)", srcpath.ErrTooLong, max>>10)
	}
	return b, UnwrapPath(err)
}
