package statblock

import (
	"bytes"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"gopkg.in/yaml.v3"

	"d6codex/cmd/sitegen/internal/frontspan"
	"d6codex/cmd/sitegen/internal/markup"
)

// Bounds of the scan of a vault's notes for creatures: the notes read,
// the front matter read of each, the bytes read of a `statblock: inline`
// note (its first ```statblock block must start and end within them), and
// the bytes read in all (the notes past them are not read: their
// creatures are not found).
const (
	maxNotes       = 1 << 15
	maxFrontMatter = 64 << 10
	maxInlineNote  = 1 << 20
	maxIndexBytes  = 256 << 20
)

// frontMatterOnly are the keys of a creature note's front matter that are
// Obsidian's or the plugin's, not the creature's: not shown in its block.
var frontMatterOnly = map[string]bool{"statblock": true, "tags": true, "tag": true, "aliases": true, "alias": true,
	"cssclasses": true, "cssclass": true, "publish": true, "permalink": true}

// firstStatBlock is the plugin's rule for the creature of a
// `statblock: inline` note (src/watcher/watcher.worker.ts
// findFirstStatBlock): the first ```statblock block of the note, found by
// the expression /^```[^\S\r\n]*statblock\s?\n([\s\S]+?)^```/m on its
// whole text, not by Markdown's fences: a block opened by exactly three
// backticks at the start of a line, spaces or tabs, the word, at most one
// more space (or CR) and a line end; closed by the next line that starts
// with three backticks. It is that expression's leftmost-first match,
// scanned for without a regular expression (thousands of notes are read,
// some long: TestFirstStatBlockIsTheExpression holds it to the
// expression); body is the expression's group.
func firstStatBlock(src []byte) (body []byte, ok bool) {
	const fence, word = "```", "statblock"
	for i := 0; i < len(src); {
		k := bytes.Index(src[i:], []byte(fence))
		if k < 0 {
			return nil, false
		}
		start := i + k
		i = start + 1
		if start > 0 && src[start-1] != '\n' {
			continue // ^ in multi-line mode: at a line's start
		}
		q := start + len(fence)
		for q < len(src) && (src[q] == ' ' || src[q] == '\t' || src[q] == '\f') { // [^\S\r\n]*
			q++
		}
		if !bytes.HasPrefix(src[q:], []byte(word)) {
			continue
		}
		q += len(word)
		// \s?\n: one space character then the line end, else the line end
		// (the greedy ? tried first).
		var starts []int
		if q+1 < len(src) && isRE2Space(src[q]) && src[q+1] == '\n' {
			starts = append(starts, q+2)
		}
		if q < len(src) && src[q] == '\n' {
			starts = append(starts, q+1)
		}
		for _, b := range starts {
			// ([\s\S]+?)^```: the nearest line after b that starts with the
			// fence, at least one byte after b.
			if e := bytes.Index(src[b:], []byte("\n"+fence)); e >= 0 {
				return src[b : b+e+1], true
			}
		}
	}
	return nil, false
}

// isRE2Space is \s of Go's regular expressions: [\t\n\f\r ].
func isRE2Space(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

// notes is a vault's creatures written as notes: the path of each note
// (from the vault's root, without ".md"), by the creature's name in lower
// case. A block reads the note through the page's wikilinks
// (noteCreature), so that only a published note is read, and a change to
// it rebuilds the page, as an embed's does.
type notes map[string]string

// NoteSource lists the notes of a vault that may define creatures, as
// the site read them: the same notes it publishes or leaves out by its
// rules (no hidden folder, no link out of the source), so that the
// creatures are found without a second walk of the vault.
type NoteSource interface {
	// NotesVersion identifies the state of the vault the list is of: the
	// index is made again when it changes (an update of a served site).
	NotesVersion() any
	// CreatureNotes is the notes whose front matter says they are a
	// creature (NoteKind), by path from the vault's root
	// (slash-separated, with the file's extension) and their kind.
	CreatureNotes() []CreatureNote
}

// CreatureNote is a note whose front matter says it is a creature: its
// path from the vault's root and what it says (NoteKind).
type CreatureNote struct {
	Rel, Kind string
}

// NoteKind is what the value v of a note's `statblock` front matter key
// (as read into a map) says of its creature, as the plugin's
// getFileInformation reads it: "true" (true or "true": the front matter
// is the creature), "inline" (its first ```statblock block is), else ""
// (none).
func NoteKind(v any) string {
	switch v := v.(type) {
	case bool:
		if v {
			return "true"
		}
	case string:
		if v == "true" || v == "inline" {
			return v
		}
	}
	return ""
}

// noteIndex reads a vault's creature notes (readNotes), those its source
// lists, on the first block that names a creature, and again when the
// source's version changed: a vault none of whose blocks does is not read
// for them. Again, only the notes whose file changed are read (read).
// Safe for concurrent use; nil reads none.
type noteIndex struct {
	dir   string
	watch []string
	src   NoteSource

	mu    sync.Mutex
	ver   any
	built bool
	n     notes
	read  map[string]noteRead // by path from the vault's root
}

// noteRead is what a creature note's file said when it was read: its kind
// and file's size and time then, the creature's name, the bytes read.
type noteRead struct {
	kind  string
	size  int64
	mod   time.Time
	name  string
	ok    bool
	bytes int64
}

// get is the vault's creatures, read on the first call for each version
// of its source.
func (x *noteIndex) get() notes {
	if x == nil || x.src == nil {
		return nil
	}
	v := x.src.NotesVersion()
	x.mu.Lock()
	defer x.mu.Unlock()
	if !x.built || v != x.ver {
		x.n, x.read = readNotes(x.dir, x.watch, x.src.CreatureNotes(), x.read)
		x.ver, x.built = v, true
	}
	return x.n
}

// readNotes reads the creatures the notes list names in the vault at dir
// define, as the plugin adds them to its bestiary (src/watcher/watcher.ts
// getFileInformation, watcher.worker.ts parseFrontmatter and
// processContent): a note whose front matter has `statblock: true` (or
// "true") is the creature its fields describe (its front matter is read,
// to its closing line); one with `statblock: inline`, the creature of its
// first ```statblock block (firstStatBlock). Either is named by its
// `name` (a creature without one is none a block can name). Only the
// notes under the folders watch names are read (the plugin's "paths"
// setting; nil or "/": all). A note whose creature does not read is
// skipped; of two notes of one name, the first by path is kept. At most
// maxNotes notes and maxIndexBytes are read.
//
// was is what the notes' files said at the last reading (nil for none): a
// note of the same kind whose file has the same size and modification
// time is not read again. The second result is what they say now.
func readNotes(dir string, watch []string, list []CreatureNote, was map[string]noteRead) (notes, map[string]noteRead) {
	list = slices.DeleteFunc(slices.Clone(list), func(n CreatureNote) bool {
		return !fs.ValidPath(n.Rel) || !watched(n.Rel, watch)
	})
	slices.SortFunc(list, func(a, b CreatureNote) int { return strings.Compare(a.Rel, b.Rel) })
	out := notes{}
	now := make(map[string]noteRead, len(list))
	budget := int64(maxIndexBytes)
	for i, n := range list {
		if budget <= 0 || i >= maxNotes {
			break
		}
		p := filepath.Join(dir, filepath.FromSlash(n.Rel))
		st, err := os.Stat(p)
		if err != nil {
			continue
		}
		r, seen := was[n.Rel]
		if !seen || r.kind != n.Kind || r.size != st.Size() || !r.mod.Equal(st.ModTime()) {
			full := budget >= maxInlineNote // a note read to a smaller budget is read again next time
			before := budget
			r.name, r.ok = readCreatureNote(p, n.Kind, &budget)
			r.kind, r.size, r.mod, r.bytes = n.Kind, st.Size(), st.ModTime(), before-budget
			if full {
				now[n.Rel] = r
			}
		} else {
			budget -= r.bytes
			now[n.Rel] = r
		}
		if !r.ok {
			continue
		}
		if _, dup := out[strings.ToLower(r.name)]; !dup {
			out[strings.ToLower(r.name)] = "/" + strings.TrimSuffix(n.Rel, path.Ext(n.Rel))
		}
	}
	return out, now
}

// WalkNotes is the notes of the vault at dir that may define creatures,
// found by a walk of it, for a vault read without a site (tests): its
// Markdown files whose front matter has a `statblock` key, hidden files
// and folders left out, links not followed.
func WalkNotes(dir string) NoteSource { return walkNotes(dir) }

// walkNotes is a NoteSource of one version: a walk of the vault at its
// path.
type walkNotes string

// NotesVersion implements NoteSource.
func (w walkNotes) NotesVersion() any { return nil }

// CreatureNotes implements NoteSource.
func (w walkNotes) CreatureNotes() []CreatureNote {
	dir := string(w)
	var out []CreatureNote
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if p != dir && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil || !d.Type().IsRegular() || !strings.EqualFold(filepath.Ext(p), ".md") {
			return nil
		}
		f, err := os.Open(p)
		if err != nil {
			return nil
		}
		defer f.Close()
		if k, _ := statblockKind(frontMatter(f)); k != "" {
			out = append(out, CreatureNote{Rel: filepath.ToSlash(rel), Kind: k})
		}
		return nil
	})
	return out
}

// readCreatureNote reads the note at p for the name of the creature it
// defines, of the kind its front matter says (NoteKind): its front matter
// (`statblock: true`), or its text to the end of its first stat block, at
// most maxInlineNote (`statblock: inline`). The bytes read are taken from
// budget.
func readCreatureNote(p, kind string, budget *int64) (string, bool) {
	f, err := os.Open(p)
	if err != nil {
		return "", false
	}
	defer f.Close()
	cr := &countReader{r: f}
	defer func() { *budget -= cr.n }()
	switch kind {
	case "true":
		name, _, ok := creatureOf(frontMatter(cr))
		return name, ok
	case "inline":
		src, err := io.ReadAll(io.LimitReader(cr, min(maxInlineNote, max(*budget, 0))))
		if err != nil {
			return "", false
		}
		name, _, ok := inlineCreature(src)
		return name, ok
	}
	return "", false
}

// countReader counts the bytes read through it.
type countReader struct {
	r io.Reader
	n int64
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// statblockKind is what a note's front matter fm says of its creature:
// "true" (`statblock: true` or "true": the front matter is the creature),
// "inline" (its first ```statblock block is), else "" (none), as the
// plugin's getFileInformation reads the key; ok is false when fm does
// not read as YAML.
func statblockKind(fm string) (string, bool) {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(fm), &doc); err != nil || len(doc.Content) == 0 {
		return "", false
	}
	root := resolve(doc.Content[0])
	if root == nil || root.Kind != yaml.MappingNode {
		return "", true
	}
	kind := ""
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value != "statblock" {
			continue
		}
		kind = ""
		var val any
		if v := resolve(root.Content[i+1]); v != nil && v.Kind == yaml.ScalarNode && v.Decode(&val) == nil {
			kind = NoteKind(val)
		}
	}
	return kind, true
}

// inlineCreature is the creature of a `statblock: inline` note's source
// src: its name and the YAML of its first ```statblock block
// (firstStatBlock), ok when the block names it (blockName).
func inlineCreature(src []byte) (name, body string, ok bool) {
	m, ok := firstStatBlock(src)
	if !ok {
		return "", "", false
	}
	body = strings.ReplaceAll(string(m), "\r\n", "\n")
	name = blockName(body)
	return name, body, name != ""
}

// blockName is the name a stat block's YAML body gives its creature: the
// last of its top-level `name:` lines (a key at the start of a line; YAML
// keeps the last of a repeated key), read as YAML, without reading the
// whole block (readNotes reads thousands; a block that does not read is
// found so, and not used, when a page reads it: noteCreatureOf).
func blockName(body string) string {
	name := ""
	for s := body; s != ""; {
		line, rest, _ := strings.Cut(s, "\n")
		s = rest
		if !strings.HasPrefix(line, "name:") {
			continue
		}
		var v struct{ Name yaml.Node }
		if err := yaml.Unmarshal([]byte(line), &v); err != nil || v.Name.Kind != yaml.ScalarNode {
			name = ""
			continue
		}
		name = strings.TrimSpace(v.Name.Value)
	}
	return name
}

// noteCreatureOf is the creature the note of source src defines, as
// readNotes reads it: the front matter's fields (`statblock: true`) or its
// first stat block's (`statblock: inline`).
func noteCreatureOf(src []byte) (name, body string, ok bool) {
	fm := frontMatter(bytes.NewReader(src))
	switch kind, _ := statblockKind(fm); kind {
	case "true":
		return creatureOf(fm)
	case "inline":
		return inlineCreature(src)
	}
	return "", "", false
}

// frontMatter is the YAML front matter of the note r reads ("" when it
// has none, or none that ends within maxFrontMatter).
func frontMatter(r io.Reader) string {
	// A first block says whether there is front matter at all, so that a
	// note without it is not read further.
	head := make([]byte, 4096)
	n, _ := io.ReadFull(r, head)
	src := head[:n]
	sp := frontspan.Find(src, frontspan.Options{})
	if sp.OK && !sp.Closed && n == len(head) {
		rest, err := io.ReadAll(io.LimitReader(r, maxFrontMatter+8-int64(n))) // its delimiter lines too
		if err != nil {
			return ""
		}
		src = append(src, rest...)
		sp = frontspan.Find(src, frontspan.Options{})
	}
	if !sp.OK || !sp.Closed {
		return "" // none, or longer than maxFrontMatter
	}
	return string(src[sp.Start:sp.End])
}

// watched reports whether the note at rel (from the vault's root) is in
// a folder the plugin's paths setting watches.
func watched(rel string, watch []string) bool {
	if len(watch) == 0 {
		return true
	}
	for _, w := range watch {
		w = strings.Trim(w, "/")
		if w == "" || rel == w || strings.HasPrefix(rel, w+"/") {
			return true
		}
	}
	return false
}

// creatureOf reads a note's front matter fm: the creature's name and its
// fields as YAML, ok when the front matter says `statblock: true` and
// names the creature.
func creatureOf(fm string) (name, body string, ok bool) {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(fm), &doc); err != nil || len(doc.Content) == 0 {
		return "", "", false
	}
	root := resolve(doc.Content[0])
	if root == nil || root.Kind != yaml.MappingNode {
		return "", "", false
	}
	kept := &yaml.Node{Kind: yaml.MappingNode}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i].Value, resolve(root.Content[i+1])
		switch {
		case k == "statblock":
			ok = v != nil && v.Kind == yaml.ScalarNode && v.Value == "true" // true, or "true"
		case k == "name" && v != nil && v.Kind == yaml.ScalarNode:
			name = strings.TrimSpace(v.Value)
		}
		if !frontMatterOnly[k] {
			kept.Content = append(kept.Content, root.Content[i], root.Content[i+1])
		}
	}
	if !ok || name == "" {
		return "", "", false
	}
	out, err := yaml.Marshal(kept)
	if err != nil || name == "" {
		return "", "", false
	}
	return name, string(out), true
}

// noteCreature is the YAML of the creature named name that a note of the
// vault defines, read through the block's page's wikilinks: false when
// the vault has none of that name, or its note is not published (or does
// not say so any more).
func (n notes) noteCreature(b *markup.Block, name string) (string, bool) {
	p, ok := n.lookup(b, name)
	if !ok {
		return "", false
	}
	t := b.ResolveWiki(p, true)
	if t.Note == nil || t.Src == nil {
		return "", false
	}
	got, body, ok := noteCreatureOf(t.Src)
	if !ok || !strings.EqualFold(got, strings.TrimSpace(name)) {
		return "", false
	}
	return body, true
}

// lookup finds the note that defines the creature called name (in any
// case) and records the question for the block's page (Block.Asked), a
// miss included, so that serve renders the page again when another note
// comes to define it (Handler.AnswerAgain). Nothing is recorded without
// an index (n nil: no vault).
func (n notes) lookup(b *markup.Block, name string) (string, bool) {
	key := strings.ToLower(strings.TrimSpace(name))
	p, ok := n[key]
	if n != nil {
		b.Asked(Info, creatureQuestion+key, p)
	}
	return p, ok
}

// creatureQuestion starts the question of which note defines a creature
// (notes.lookup): the creature's name in lower case follows.
const creatureQuestion = "creature\x00"

// AnswerAgain implements markup.QuestionAnswerer: the note that defines a
// creature now (notes.lookup's question), "" for none.
func (h *Handler) AnswerAgain(q string) string {
	key, ok := strings.CutPrefix(q, creatureQuestion)
	if !ok {
		return ""
	}
	return h.notes.get()[key]
}

// shiftLines moves the lines of the monster's fields up by n: those of a
// block read after a creature's n lines of YAML are the block's own again,
// and the creature's, before line 1, are 0 (the block's start, where a
// problem in them is reported).
func (m *monster) shiftLines(n int) {
	seen := map[*yaml.Node]bool{}
	var walk func(*yaml.Node)
	walk = func(y *yaml.Node) {
		if y == nil || seen[y] {
			return
		}
		seen[y] = true
		y.Line = max(y.Line-n, 0)
		for _, c := range y.Content {
			walk(c)
		}
		walk(y.Alias)
	}
	for _, v := range m.vals {
		walk(v)
	}
}

// VaultCreatures finds the creatures the notes of a vault define, as the
// plugin's bestiary has them, for the encounters that name them.
type VaultCreatures struct {
	b   *Bestiary
	dir string
}

// VaultCreatures is the vault at dir's note creatures: those the stat
// block handler made for it this build (Handler.ForVault), read on first
// use; none when the stat block handler did not see the vault or its
// settings do not parse notes.
func (b *Bestiary) VaultCreatures(dir string) *VaultCreatures { return &VaultCreatures{b: b, dir: dir} }

// Find looks up the creature called name (in any case) among the
// vault's note creatures: the target of its note, read through the
// block's page's wikilinks as an embed is (Unlinked when the note is not
// published: then no stats), and its stats; found is false when no note
// of the vault defines a creature of that name.
func (v *VaultCreatures) Find(b *markup.Block, name string) (tg markup.WikiTarget, c Creature, found bool) {
	if v == nil || v.b == nil {
		return tg, c, false
	}
	vc := v.b.vault(v.dir)
	p, ok := vc.notes.get().lookup(b, name)
	if !ok {
		if body, saved := vc.saved.get(strings.TrimSpace(name)); saved {
			if c, err := v.BlockStats(b, body); err == nil {
				return tg, c, true
			}
		}
		return tg, c, false
	}
	tg = b.ResolveWiki(p, true)
	if tg.Note == nil || tg.Src == nil {
		tg.Note, tg.Src = nil, nil
		return tg, c, true
	}
	got, body, ok := noteCreatureOf(tg.Src)
	if !ok || !strings.EqualFold(got, strings.TrimSpace(name)) {
		return tg, c, false
	}
	c, err := v.BlockStats(b, body)
	if err != nil {
		return tg, Creature{Name: got}, true
	}
	return tg, c, true
}

// LikeHint is what a warning about a creature called name that the
// vault's creatures do not have adds when the plugin's saved creatures
// have it in another case ("stirge" for "Stirge"), which the plugin, too,
// does not find; "" otherwise.
func (v *VaultCreatures) LikeHint(name string) string {
	if v == nil || v.b == nil {
		return ""
	}
	return v.b.vault(v.dir).saved.likeHint(strings.TrimSpace(name))
}

// BlockStats is Stats of a stat block of YAML body that the page of block
// b reads (an encounter, of a note's block): with the fields of the
// creature it names (`monster: Bandit`) from the vault's creatures, as
// the block's own page shows it (Handler.named), so that the stats do not
// depend on whether that page was drawn first, or in this build.
func (v *VaultCreatures) BlockStats(b *markup.Block, body string) (Creature, error) {
	var bs *Bestiary
	if v != nil {
		bs = v.b
	}
	if c, ok := bs.cached(body); ok {
		return c, nil
	}
	m, err := parseMonster(body)
	if err != nil {
		return Creature{}, err
	}
	k := namedKey(m)
	if k == "" {
		c := statsOf(m)
		bs.put(body, c)
		return c, nil
	}
	if bs != nil {
		vc := bs.vault(v.dir)
		m, _ = namedIn(b, body, m, vc.notes.get(), vc.saved, m.str(k))
	}
	return statsOf(m), nil
}
