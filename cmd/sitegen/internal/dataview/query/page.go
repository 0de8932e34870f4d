package query

import (
	"path"
	"slices"
	"strings"
	"sync"
	"time"
)

// Page is one published note (or, for Obsidian Bases, any published
// file) as queries see it: the data the site read from it.
type Page struct {
	// Path is its vault path, with its extension ("Games/Chess.md").
	Path string
	// Note is set for a Markdown note; Dataview queries only notes.
	Note bool
	// Frontmatter is its front matter (FrontmatterValue), in order.
	Frontmatter *Object
	// Fields are its front matter and inline fields as Dataview reads
	// them (see NewPage); nil until NewPage.
	Fields *Object
	// Tags are its tags as written, without '#': front matter, then text.
	Tags []string
	// Aliases are its other names (aliases:).
	Aliases []string
	// Size is its size in bytes; CTime and MTime when it was created and
	// last changed.
	Size         int64
	CTime, MTime time.Time

	folded map[string]string // lower-cased front matter key -> the key (SetFields)
}

// InlineField is a Key:: value written in a note's text (package
// dataview/fields finds them).
type InlineField struct {
	Key, Value string
}

// SetFields sets p.Fields from its front matter and inline fields as
// Dataview's finalizeInlineFields does: each key once, several values of
// one key (front matter first, then the text in order) a list, and each
// key also under its canonical name (Canonical: "Basic Field" is also
// basic-field) unless a key has that name already.
//
// https://blacksmithgu.github.io/obsidian-dataview/annotation/add-metadata/
// "if you are using spaces or capitalized letters in your metadata key
// name, dataview will provide you with a sanitized version of the key."
func (p *Page) SetFields(inline []InlineField) {
	type entry struct {
		key  string
		vals []Value
	}
	var order []*entry
	byKey := map[string]*entry{}
	add := func(k string, v Value) {
		e := byKey[k]
		if e == nil {
			e = &entry{key: k}
			byKey[k] = e
			order = append(order, e)
		}
		e.vals = append(e.vals, v)
	}
	for _, k := range p.Frontmatter.Keys() {
		if k == "position" { // Obsidian's own, not the note's
			continue
		}
		add(k, p.Frontmatter.vals[k])
	}
	for _, f := range inline {
		add(f.Key, ParseInlineValue(f.Value))
	}
	norm := map[string]*entry{}
	var normOrder []*entry
	for _, e := range order {
		n := Canonical(e.key)
		if n == "" || byKey[n] != nil {
			continue
		}
		ne := norm[n]
		if ne == nil {
			ne = &entry{key: n}
			norm[n] = ne
			normOrder = append(normOrder, ne)
		}
		ne.vals = append(ne.vals, e.vals...)
	}
	p.folded = map[string]string{}
	for _, k := range p.Frontmatter.Keys() {
		if _, ok := p.folded[strings.ToLower(k)]; !ok {
			p.folded[strings.ToLower(k)] = k
		}
	}
	p.Fields = NewObject()
	for _, e := range append(order, normOrder...) {
		if len(e.vals) == 1 {
			p.Fields.Set(e.key, e.vals[0])
		} else {
			p.Fields.Set(e.key, List(e.vals))
		}
	}
}

// Name is the file name without ".md" (Dataview's file.name).
func (p *Page) Name() string { return FileTitle(p.Path) }

// Folder is the path of the folder the file is in ("" at the root).
func (p *Page) Folder() string {
	if d := path.Dir(p.Path); d != "." {
		return d
	}
	return ""
}

// Ext is the file's extension without its dot ("md").
func (p *Page) Ext() string {
	if i := strings.LastIndexByte(p.Path, '.'); i >= 0 && !strings.Contains(p.Path[i:], "/") {
		return p.Path[i+1:]
	}
	return ""
}

// FileInfo is a page's file.* object; member is set when the page is a
// row of the query's sources (Row.member).
type FileInfo struct {
	p      *Page
	member bool
}

// Row is one row of a query: a page's data with the names FLATTEN and
// GROUP BY gave it, or a group (no page: its key, rows and name).
// member is set when page is a note of the query's sources (FROM), not
// this page nor a note read through a link: what the query reads of it
// is then in its source's print (MemberPrint).
type Row struct {
	page   *Page
	vars   *Object
	member bool
}

// Vault is the content a query runs over: what the site implements.
// Its methods are called concurrently.
type Vault interface {
	// Notes returns every published note; Files every other published
	// file (for Obsidian Bases). The order is the output's when a query
	// does not sort.
	Notes() []*Page
	Files() []*Page
	// Resolve finds the published note a link target names from note
	// from, as Obsidian resolves it; nil when none.
	Resolve(target string, from *Page) *Page
	// Outlinks lists the links written in a note (resolved where they
	// lead to a published note).
	Outlinks(p *Page) []Link
}

// Index is a Vault with the maps queries look up: notes by tag, folder
// and incoming link. One Index serves every query of a build.
type Index struct {
	Vault
	once    sync.Once
	byPath  map[string]*Page
	byTag   map[string][]*Page // lower-cased tag and each parent tag -> notes
	inlinks map[*Page][]*Page
	inOnce  sync.Once

	folderOnce sync.Once
	byFolder   map[string][]*Page // notes and files by their folder
	pos        map[*Page]int      // the place of each in the vault's order
}

// Folder returns the notes and files of a folder, and with sub set of
// the folders under it too, in the vault's order (notes first).
func (ix *Index) Folder(folder string, sub bool) []*Page {
	ix.folderOnce.Do(func() {
		ix.byFolder, ix.pos = map[string][]*Page{}, map[*Page]int{}
		for i, p := range append(slices.Clone(ix.Notes()), ix.Files()...) {
			f := p.Folder()
			ix.byFolder[f] = append(ix.byFolder[f], p)
			ix.pos[p] = i
		}
	})
	if !sub {
		return ix.byFolder[folder]
	}
	var out []*Page
	for f, ps := range ix.byFolder {
		if f == folder || strings.HasPrefix(f, folder+"/") || folder == "" {
			out = append(out, ps...)
		}
	}
	slices.SortFunc(out, func(a, b *Page) int { return ix.pos[a] - ix.pos[b] })
	return out
}

// NewIndex wraps a vault.
func NewIndex(v Vault) *Index { return &Index{Vault: v} }

func (ix *Index) build() {
	ix.once.Do(func() {
		ix.byPath = map[string]*Page{}
		ix.byTag = map[string][]*Page{}
		for _, p := range ix.Notes() {
			ix.byPath[p.Path] = p
			seen := map[string]bool{}
			for _, t := range FullTags(p.Tags) {
				k := strings.ToLower(t)
				if !seen[k] {
					seen[k] = true
					ix.byTag[k] = append(ix.byTag[k], p)
				}
			}
		}
	})
}

// Page returns the note at a vault path.
func (ix *Index) Page(vaultPath string) *Page {
	ix.build()
	return ix.byPath[vaultPath]
}

// Tagged returns the notes with a tag or one under it (Dataview's tags
// index: "#food" finds #food/fruit; names compare case-insensitively).
func (ix *Index) Tagged(tag string) []*Page {
	ix.build()
	return ix.byTag[strings.ToLower(strings.TrimPrefix(tag, "#"))]
}

// Inlinks returns the notes that link to p.
func (ix *Index) Inlinks(p *Page) []*Page {
	ix.inOnce.Do(func() {
		ix.inlinks = map[*Page][]*Page{}
		for _, from := range ix.Notes() {
			seen := map[*Page]bool{}
			for _, l := range ix.Outlinks(from) {
				if !l.Resolved {
					continue
				}
				to := ix.Page(l.Path)
				if to != nil && !seen[to] {
					seen[to] = true
					ix.inlinks[to] = append(ix.inlinks[to], from)
				}
			}
		}
	})
	return ix.inlinks[p]
}

// FullTags are tags with every parent tag ("a/b/c" gives a/b/c, a/b, a),
// once each, as Dataview's file.tags has them.
func FullTags(tags []string) []string {
	var out []string
	for _, t := range tags {
		for {
			if !slices.Contains(out, t) {
				out = append(out, t)
			}
			i := strings.LastIndexByte(t, '/')
			if i < 0 {
				break
			}
			t = t[:i]
		}
	}
	return out
}

// Deps is what a query read: what must be evaluated again when a page
// changes (serve's incremental builds).
type Deps struct {
	// Pages are the vault paths of the notes whose data was read.
	Pages map[string]bool
	// Fields are the field names read ("level", "file.name").
	Fields map[string]bool
	// Sources are the sets of notes scanned, as written ("#spells",
	// "\"Bestiary\"", "all notes"): a note added to or removed from one
	// changes the result.
	Sources []string
	// Member is what the query reads of each note of its sources, by
	// name: a field ("level"), a file field ("file.name"), every file
	// field ("file.*") (memberReads); MemberAll is set when that cannot
	// be bounded (a whole row, a field named at run time): then it may
	// read anything of a member.
	Member    map[string]bool
	MemberAll bool
	// Targets are the link targets the query resolved by name, as
	// written (a link in it, link(), a member's link read through), found
	// or not: a note added, removed or renamed changes its result only if
	// one of them resolves otherwise now (the caller asks the name index
	// again: Obsidian's rules, aliases and shortest paths are its).
	Targets map[string]bool
	// Names is set when the query resolved names it cannot list
	// (file.outlinks: every link of a note): a note added, removed or
	// renamed anywhere may change its result.
	Names bool
	// Volatile is set when the query read what no note's text holds:
	// the clock (date(today), now()), a note's times or size, the notes
	// linking to a note (file.inlinks), a source of links (outgoing,
	// [[note]]), or a Bases view. Its result may differ with no note
	// changed: it is evaluated again every build.
	Volatile bool
}

// volatile marks d as reading what no note's text holds (Volatile).
func (d *Deps) volatile() {
	if d != nil {
		d.Volatile = true
	}
}

// SetVolatile marks d as Volatile (a reader of the engine's output that
// reads more, such as a link's fragment in another note).
func (d *Deps) SetVolatile() { d.volatile() }

func (d *Deps) page(p *Page) {
	if d == nil || p == nil {
		return
	}
	if d.Pages == nil {
		d.Pages = map[string]bool{}
	}
	d.Pages[p.Path] = true
}

func (d *Deps) field(name string) {
	if d == nil {
		return
	}
	if d.Fields == nil {
		d.Fields = map[string]bool{}
	}
	d.Fields[name] = true
}

func (d *Deps) member(name string) {
	if d == nil {
		return
	}
	if d.Member == nil {
		d.Member = map[string]bool{}
	}
	d.Member[name] = true
}

func (d *Deps) names() {
	if d != nil {
		d.Names = true
	}
}

// Target records that link target t was resolved by name (Targets).
func (d *Deps) Target(t string) {
	if d == nil {
		return
	}
	if d.Targets == nil {
		d.Targets = map[string]bool{}
	}
	d.Targets[t] = true
}

func (d *Deps) memberAll() {
	if d != nil {
		d.MemberAll = true
	}
}

func (d *Deps) source(s string) {
	if d != nil && !slices.Contains(d.Sources, s) {
		d.Sources = append(d.Sources, s)
	}
}

// Merge adds what o read to d.
func (d *Deps) Merge(o *Deps) {
	if o == nil {
		return
	}
	for p := range o.Pages {
		d.page(&Page{Path: p})
	}
	for f := range o.Fields {
		d.field(f)
	}
	for _, s := range o.Sources {
		d.source(s)
	}
	for f := range o.Member {
		d.member(f)
	}
	for t := range o.Targets {
		d.Target(t)
	}
	d.MemberAll = d.MemberAll || o.MemberAll
	d.Names = d.Names || o.Names
	d.Volatile = d.Volatile || o.Volatile
}
