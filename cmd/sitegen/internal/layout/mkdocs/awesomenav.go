package mkdocs

import (
	"cmp"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"gopkg.in/yaml.v3"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/srcpath"
)

// AwesomeNav is the name plugins: gives the awesome-nav plugin (v3 of
// awesome-pages, https://lukasgeiter.github.io/mkdocs-awesome-nav/),
// which reads a .nav.yml file in each folder.
const AwesomeNav = "awesome-nav"

// navFile is the plugin's default "filename" (".nav.yml").
const navFile = ".nav.yml"

// navSortKeys is a .nav.yml sort: mapping; "" (nil) is unset, inherited
// from the parent folder's.
type navSortKeys struct {
	By, Direction, Type, Sections string
	IgnoreCase                    *bool
}

// navConfig is a folder's .nav.yml as the plugin reads it (NavConfig),
// with what a folder inherits from its parent already applied.
type navConfig struct {
	file        string // the .nav.yml read, "" for none
	dir         string // docs-relative folder, "." for the docs folder
	title       string
	hide        bool
	flatten     bool // flatten_single_child_sections
	preserve    bool // preserve_directory_names
	indexTitle  bool // use_index_title
	appendRest  bool // append_unmatched
	sort        navSortKeys
	ignore      []globMatcher
	nav         []*yaml.Node // nil: the default nav
	defaultNav  bool
	unsupported []string
}

// sortBy and the rest are the sort keys with the plugin's defaults
// ("by or "path"", "direction or "asc"", "type or "natural"",
// "sections or "last"").
func (c *navConfig) sortBy() string    { return cmp.Or(c.sort.By, "path") }
func (c *navConfig) sortDir() string   { return cmp.Or(c.sort.Direction, "asc") }
func (c *navConfig) sortType() string  { return cmp.Or(c.sort.Type, "natural") }
func (c *navConfig) sortSects() string { return cmp.Or(c.sort.Sections, "last") }

// navTree is the docs folder as the plugin sees it (MkdocsFilesContext):
// its pages, the folders that hold one, and what is not yet in the
// navigation ("unvisited").
type navTree struct {
	dir, docs, filename string
	pages, dirs         map[string]bool
	order               []string // pages then folders, by path
	visited             map[string]bool
	name                func(string) string // see awesomeNavTree
	notes, warns        []string
	files               int
}

// join is path.Join of a docs-relative folder ("." for the top) and a name.
func join(dir, name string) string {
	if dir == "." {
		return path.Clean(name)
	}
	return path.Clean(dir + "/" + name)
}

// awesomeNavTree builds the navigation of the .nav.yml files of docs;
// a page hide (mkdocs.yml's not_in_nav, notInNav) is not in it.
//
// name, nil for none, is the page a nav: entry's docs-relative name
// stands for where no page has that name ("" for none).
func awesomeNavTree(dir, docs string, exts []string, filename string, hide func(string) bool, name func(string) string) ([]*anode, *navTree, error) {
	t := &navTree{dir: dir, docs: docs, filename: cmp.Or(filename, navFile), pages: map[string]bool{}, dirs: map[string]bool{".": true}, visited: map[string]bool{}, name: name}
	root := filepath.Join(dir, filepath.FromSlash(docs))
	walked := 0
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if walked++; walked > maxWalk {
			return fmt.Errorf("%s: more than %d files and folders", docs, maxWalk)
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if rel == "." {
			return nil
		}
		name := d.Name()
		if strings.HasPrefix(name, ".") || srcpath.SkippedPart(name) != "" {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if ext := path.Ext(name); d.Type().IsRegular() && (ext == ".md" || slices.Contains(exts, ext)) && (hide == nil || !hide(rel)) {
			t.pages[rel] = true
			for q := path.Dir(rel); q != "."; q = path.Dir(q) {
				t.dirs[q] = true
			}
		}
		return nil
	})
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", docs, err)
	}
	for p := range t.pages {
		t.order = append(t.order, p)
	}
	for p := range t.dirs {
		t.order = append(t.order, p)
	}
	slices.Sort(t.order)
	rootCfg := t.config(".", nil)
	if rootCfg.title != "" {
		t.notes = append(t.notes, fmt.Sprintf("%s: 'title' option has no effect at the top level (the plugin says so)", rootCfg.file))
	}
	if rootCfg.hide {
		t.notes = append(t.notes, fmt.Sprintf("%s: 'hide' option has no effect at the top level (the plugin says so)", rootCfg.file))
	}
	t.visited["."] = true
	return t.section(rootCfg), t, nil
}

// config reads folder d's .nav.yml over its parent's config: "Child
// directories inherit this setting" (flatten_single_child_sections,
// preserve_directory_names, use_index_title, append_unmatched, each sort
// key, ignore); title, hide and nav are the folder's own. A file that
// does not parse is a warning, and the folder gets the default config,
// as the plugin logs an error and goes on.
func (t *navTree) config(d string, parent *navConfig) *navConfig {
	c := &navConfig{dir: d, defaultNav: true}
	if parent != nil {
		c.flatten, c.preserve, c.indexTitle, c.appendRest = parent.flatten, parent.preserve, parent.indexTitle, parent.appendRest
		c.sort, c.ignore = parent.sort, parent.ignore
	}
	rel := path.Join(t.docs, t.filename)
	if d != "." {
		rel = path.Join(t.docs, d, t.filename)
	}
	if !layout.Exists(t.dir, rel, false) {
		return c
	}
	t.files++
	own := *c
	if err := t.readNavYML(&own, rel, parent); err != nil {
		t.warns = append(t.warns, err.Error()+" (the plugin logs an error and uses the default config)")
		return c
	}
	return &own
}

// readNavYML reads the .nav.yml rel into c.
func (t *navTree) readNavYML(c *navConfig, rel string, parent *navConfig) error {
	c.file = rel
	raw, err := layout.ReadSetting(t.dir, rel)
	if err != nil {
		return err
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		return layout.YAMLError(rel, err)
	}
	if len(doc.Content) == 0 {
		return nil
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return &layout.ConfigError{File: rel, Line: root.Line, Col: root.Column, Msg: "want a mapping"}
	}
	return t.readOptions(c, rel, root, parent, true)
}

// readOptions reads the keys of a .nav.yml (file: true) or of a glob
// entry's options ("glob:" and its keys) into c.
func (t *navTree) readOptions(c *navConfig, rel string, m *yaml.Node, parent *navConfig, file bool) error {
	bad := func(n *yaml.Node, format string, a ...any) error {
		return &layout.ConfigError{File: rel, Line: n.Line, Col: n.Column, Msg: fmt.Sprintf(format, a...)}
	}
	flag := func(k string, v *yaml.Node) (bool, error) {
		var b bool
		if v.Kind != yaml.ScalarNode || v.Decode(&b) != nil {
			return false, bad(v, "%s: want true or false, not %q", k, v.Value)
		}
		return b, nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		kn, v := m.Content[i], m.Content[i+1]
		var err error
		switch k := kn.Value; {
		case k == "title" && file:
			c.title = v.Value
		case k == "hide" && file:
			c.hide, err = flag(k, v)
		case k == "flatten_single_child_sections":
			c.flatten, err = flag(k, v)
		case k == "preserve_directory_names":
			c.preserve, err = flag(k, v)
		case k == "use_index_title" && file:
			c.indexTitle, err = flag(k, v)
		case k == "append_unmatched":
			c.appendRest, err = flag(k, v)
		case k == "glob" && !file, k == "ignore_no_matches" && !file:
		case k == "sort":
			if v.Kind != yaml.MappingNode {
				return bad(v, "sort: want a mapping")
			}
			for j := 0; j+1 < len(v.Content); j += 2 {
				sk, sv := v.Content[j].Value, v.Content[j+1]
				want := map[string][]string{"by": {"path", "filename", "title"}, "direction": {"asc", "desc"}, "type": {"natural", "alphabetical"}, "sections": {"first", "last", "mixed"}}[sk]
				switch {
				case sk == "ignore_case":
					b, err := flag("sort: ignore_case", sv)
					if err != nil {
						return err
					}
					c.sort.IgnoreCase = &b
				case want == nil:
					c.unsupported = append(c.unsupported, fmt.Sprintf("%s:%d: sort: %s", rel, v.Content[j].Line, sk))
				case !slices.Contains(want, sv.Value):
					return bad(sv, "sort: %s: want %s, not %q", sk, strings.Join(want, " or "), sv.Value)
				default:
					*map[string]*string{"by": &c.sort.By, "direction": &c.sort.Direction, "type": &c.sort.Type, "sections": &c.sort.Sections}[sk] = sv.Value
				}
			}
		case k == "ignore":
			var pats []string
			switch v.Kind {
			case yaml.ScalarNode:
				pats = []string{v.Value}
			case yaml.SequenceNode:
				for _, p := range v.Content {
					pats = append(pats, p.Value)
				}
			default:
				return bad(v, "ignore: want a pattern or a list of patterns")
			}
			// "$inherit" keeps the parent's patterns; a pattern that
			// starts with "/" is relative to this folder, any other
			// matches at any depth below it (NavConfig.ignore).
			c.ignore = nil
			for _, p := range pats {
				if p == "$inherit" {
					if parent != nil {
						c.ignore = append(c.ignore, parent.ignore...)
					}
					continue
				}
				abs := join(c.dir, "**/"+p)
				if strings.HasPrefix(p, "/") {
					abs = join(c.dir, strings.TrimPrefix(p, "/"))
				}
				re, err := extGlobMatcher(strings.TrimSuffix(abs, "/"))
				if err != nil {
					return bad(v, "ignore: %v", err)
				}
				c.ignore = append(c.ignore, re)
			}
		case k == "nav" && file:
			if v.Kind != yaml.SequenceNode {
				return bad(v, "nav: want a list")
			}
			c.nav, c.defaultNav = v.Content, false
		default:
			c.unsupported = append(c.unsupported, fmt.Sprintf("%s:%d: %s", rel, kn.Line, k))
		}
		if err != nil {
			return err
		}
	}
	t.notes = append(t.notes, c.unsupported...)
	return nil
}

// anSlot is an entry of a folder's nav: before the plugin resolves it
// (NavPage, NavDirectory, NavPattern, NavLink, NavSection).
type anSlot struct {
	kind     int // anPage...
	path     string
	title    string
	link     string
	cfg      *navConfig // a folder's parent config; a pattern's config
	glob     globMatcher
	pattern  string
	dirOnly  bool
	quiet    bool // ignore_no_matches
	line     int
	children []*anSlot
	index    int        // its place in its list (result_index)
	dcfg     *navConfig // a folder's own config, once read
	result   []*anode
}

const (
	anPage = iota
	anDir
	anPattern
	anLink
	anSection
)

// section is the entries of folder c.dir (NavDirectory._create_section).
func (t *navTree) section(c *navConfig) []*anode {
	items := c.nav
	var slots []*anSlot
	if c.defaultNav {
		// The default nav: "@(index.md|README.md)" then "*", both with
		// ignore_no_matches (ConfigModel.nav).
		slots = append(slots, t.patternSlot(c, "@(index.md|README.md)", true, 0), t.patternSlot(c, "*", true, 0))
	} else {
		slots = t.parseItems(c, items)
	}
	if c.appendRest && !c.defaultNav {
		// "if self.append_unmatched: nav.append(glob="*", ignore_no_matches=True)"
		slots = append(slots, t.patternSlot(c, "*", true, 0))
	}
	return t.resolve(slots)
}

// patternSlot is a glob entry of folder c.dir's nav.
func (t *navTree) patternSlot(c *navConfig, pattern string, quiet bool, line int) *anSlot {
	abs := join(c.dir, pattern)
	var re globMatcher
	re, err := extGlobMatcher(strings.TrimSuffix(abs, "/"))
	if err != nil {
		t.warns = append(t.warns, fmt.Sprintf("%s:%d: nav: pattern %q not read: %v", c.file, line, pattern, err))
		re, quiet = regexp.MustCompile(`^$`), true
	}
	return &anSlot{kind: anPattern, pattern: pattern, glob: re, dirOnly: strings.HasSuffix(pattern, "/"), quiet: quiet, cfg: c, line: line}
}

// parseItems reads the entries of a nav: list (NavConfigItem.parse): a
// name that is a page or a folder here, else a glob pattern; "Title:
// name" a page or a folder with that title, else a link; "Title:" and a
// list a section; a mapping with "glob:" a pattern with its own options.
func (t *navTree) parseItems(c *navConfig, list []*yaml.Node) []*anSlot {
	var out []*anSlot
	for _, it := range list {
		var s *anSlot
		switch {
		case it.Kind == yaml.ScalarNode && it.Value != "":
			s = t.nameSlot(c, it.Value, "", it.Line)
			if s == nil {
				s = t.patternSlot(c, it.Value, false, it.Line)
			}
		case it.Kind == yaml.MappingNode && len(it.Content) == 2 && it.Content[0].Value != "glob":
			title, v := it.Content[0].Value, it.Content[1]
			switch v.Kind {
			case yaml.ScalarNode:
				if s = t.nameSlot(c, v.Value, title, it.Line); s == nil {
					s = &anSlot{kind: anLink, title: title, link: v.Value, line: it.Line}
				}
			case yaml.SequenceNode:
				s = &anSlot{kind: anSection, title: title, path: c.dir, children: t.parseItems(c, v.Content), line: it.Line}
			}
		case it.Kind == yaml.MappingNode:
			var glob string
			quiet := false
			for i := 0; i+1 < len(it.Content); i += 2 {
				switch it.Content[i].Value {
				case "glob":
					glob = it.Content[i+1].Value
				case "ignore_no_matches":
					_ = it.Content[i+1].Decode(&quiet)
				}
			}
			if glob == "" {
				break
			}
			local := &navConfig{dir: c.dir, file: c.file, flatten: c.flatten, preserve: c.preserve, indexTitle: c.indexTitle, appendRest: c.appendRest, sort: c.sort, ignore: c.ignore}
			if err := t.readOptions(local, c.file, it, c, false); err != nil {
				t.warns = append(t.warns, err.Error())
			}
			s = t.patternSlot(local, glob, quiet, it.Line)
		}
		if s == nil {
			t.warns = append(t.warns, fmt.Sprintf("%s:%d: a nav entry is a name, a pattern, \"Title: name\", \"Title:\" and a list or \"glob:\" and its options (the plugin stops at it)", c.file, it.Line))
			continue
		}
		out = append(out, s)
	}
	for i, s := range out {
		s.index = i
	}
	return out
}

// nameSlot is the page or folder name names in folder c.dir, nil for none.
func (t *navTree) nameSlot(c *navConfig, name, title string, line int) *anSlot {
	p := join(c.dir, name)
	if !t.pages[p] && t.name != nil {
		if f := t.name(p); t.pages[f] {
			p = f
		}
	}
	switch {
	case strings.HasPrefix(p, "../") || p == "..":
		return nil
	case t.pages[p]:
		return &anSlot{kind: anPage, path: p, title: title, line: line}
	case t.dirs[p] && p != ".":
		return &anSlot{kind: anDir, path: p, title: title, cfg: c, line: line}
	}
	return nil
}

// resolve resolves slots "in priority order" (resolve_in_priority_order):
// pages first, then folders, deepest first, then patterns, each in
// their order; a pattern takes only what nothing took before it. It
// returns the entries in the slots' order, sections' entries within.
func (t *navTree) resolve(slots []*anSlot) []*anode {
	type queued struct {
		s   *anSlot
		key [3]int
	}
	var queue []queued
	var collect func([]*anSlot)
	collect = func(list []*anSlot) {
		for _, s := range list {
			switch s.kind {
			case anSection:
				collect(s.children)
			case anPage:
				queue = append(queue, queued{s, [3]int{1, s.index, 0}})
			case anDir:
				queue = append(queue, queued{s, [3]int{2, -strings.Count(s.path, "/") - 1, s.index}})
			case anPattern:
				queue = append(queue, queued{s, [3]int{3, s.index, 0}})
			}
		}
	}
	collect(slots)
	slices.SortStableFunc(queue, func(a, b queued) int { return slices.Compare(a.key[:], b.key[:]) })
	for _, q := range queue {
		q.s.result = t.resolveSlot(q.s)
	}
	var build func([]*anSlot) []*anode
	build = func(list []*anSlot) []*anode {
		var out []*anode
		for _, s := range list {
			switch s.kind {
			case anSection:
				// "Sections that are manually created with nav remain
				// unaffected by this, even if they have only one child."
				out = append(out, &anode{section: true, title: s.title, path: "", name: path.Base(s.path), children: build(s.children)})
			case anLink:
				link, asWritten := navLinkURL(s.link)
				if hasScheme(s.link) {
					link = s.link
				}
				out = append(out, &anode{title: s.title, link: link, asWritten: asWritten})
			default:
				out = append(out, s.result...)
			}
		}
		return out
	}
	return build(slots)
}

// resolveSlot is a page, folder or pattern slot's entries.
func (t *navTree) resolveSlot(s *anSlot) []*anode {
	switch s.kind {
	case anPage:
		t.visited[s.path] = true
		return []*anode{{path: s.path, name: path.Base(s.path), title: s.title}}
	case anDir:
		if s.dcfg == nil {
			s.dcfg = t.config(s.path, s.cfg)
		}
		return t.resolveDir(s.path, s.title, s.dcfg)
	case anPattern:
		return t.resolvePattern(s)
	}
	return nil
}

// resolveDir is folder d's section (NavDirectory.resolve): titled by
// the nav entry, else its .nav.yml's title:, else its name
// (preserve_directory_names), its index page's title (use_index_title)
// or the name as MkDocs writes it (dirname_to_title). A section
// without entries is none; "For sections with a single child, show the
// child instead of the section" (flatten_single_child_sections), a page
// or a section, not a link.
func (t *navTree) resolveDir(d, title string, c *navConfig) []*anode {
	t.visited[d] = true
	title = cmp.Or(title, c.title)
	if title == "" {
		switch {
		case c.preserve:
			title = path.Base(d)
		case c.indexTitle && t.pages[d+"/index.md"]:
			raw, err := readHead(filepath.Join(t.dir, filepath.FromSlash(path.Join(t.docs, d, "index.md"))))
			if err == nil {
				_, title, _ = metaData(string(raw))
			}
		}
		title = cmp.Or(title, folderTitle(path.Base(d)))
	}
	children := t.section(c)
	if len(children) == 0 {
		return nil
	}
	if c.flatten && len(children) == 1 && children[0].link == "" {
		return children
	}
	return []*anode{{section: true, title: title, name: path.Base(d), fixed: true, children: children, dirPath: d}}
}

// resolvePattern is a glob's entries (NavPattern.resolve): the pages and
// folders not yet in the navigation that it matches and no ignore
// pattern does, a folder that hides itself left out, sorted.
func (t *navTree) resolvePattern(s *anSlot) []*anode {
	var slots []*anSlot
	for _, p := range t.order {
		if t.visited[p] || p == "." {
			continue
		}
		isDir := t.dirs[p]
		if (s.dirOnly && !isDir) || !s.glob.MatchString(p) || slices.ContainsFunc(s.cfg.ignore, func(re globMatcher) bool { return re.MatchString(p) }) {
			continue
		}
		if !isDir {
			slots = append(slots, &anSlot{kind: anPage, path: p})
			continue
		}
		dc := t.config(p, s.cfg)
		if dc.hide {
			continue // "Hide this directory in the navigation"
		}
		slots = append(slots, &anSlot{kind: anDir, path: p, cfg: s.cfg, dcfg: dc})
	}
	for i, x := range slots {
		x.index = i
	}
	if len(slots) == 0 && !s.quiet {
		t.warns = append(t.warns, fmt.Sprintf("%s:%d: The nav item '%s' doesn't match any files or directories (the plugin's warning)", s.cfg.file, s.line, s.pattern))
	}
	items := t.resolve(slots)
	t.sortItems(items, s.cfg)
	return items
}

// sortItems sorts a pattern's entries (NavPattern._sort_items): by
// path, file name or title ("metadata.get("title") or" the file name),
// natural ("How numbers are treated when sorting") or alphabetical,
// ignore_case, direction; then pages before sections ("sections:
// last", the default), after them ("first") or mixed.
func (t *navTree) sortItems(items []*anode, c *navConfig) {
	keyOf := func(n *anode) []string {
		p := cmp.Or(n.path, n.dirPath)
		switch c.sortBy() {
		case "filename":
			return []string{path.Base(p), p}
		case "title":
			if n.section {
				return []string{n.title, path.Base(p), p}
			}
			title := ""
			if raw, err := readHead(filepath.Join(t.dir, filepath.FromSlash(path.Join(t.docs, p)))); err == nil {
				_, title, _ = metaData(string(raw))
			}
			return []string{cmp.Or(title, path.Base(p)), path.Base(p), p}
		}
		return []string{p}
	}
	fold := c.sort.IgnoreCase != nil && *c.sort.IgnoreCase
	keys := make(map[*anode][]string, len(items))
	for _, n := range items {
		k := keyOf(n)
		if fold {
			for i := range k {
				k[i] = strings.ToLower(k[i])
			}
		}
		keys[n] = k
	}
	compare := strings.Compare
	if c.sortType() == "natural" {
		// natsort's ns.GROUPLETTERS: "Alpha", "c.md", "Zeta", each
		// letter keyed by its lower case, then itself.
		compare = func(a, b string) int { return naturalCompare(groupLetters(a), groupLetters(b)) }
		if c.sortBy() != "title" {
			// ns.PATH: "if self.config.sort.by != "title": natsort_flags |=
			// ns.PATH", a path compared folder by folder, a file's
			// extension apart ("setup.md" before "setup-advanced.md").
			word := compare
			compare = func(a, b string) int { return slices.CompareFunc(pathParts(a), pathParts(b), word) }
		}
	}
	slices.SortStableFunc(items, func(a, b *anode) int {
		r := slices.CompareFunc(keys[a], keys[b], compare)
		if c.sortDir() == "desc" {
			return -r
		}
		return r
	})
	if s := c.sortSects(); s != "mixed" {
		slices.SortStableFunc(items, func(a, b *anode) int {
			r := boolInt(a.section) - boolInt(b.section)
			if s == "first" {
				return -r
			}
			return r
		})
	}
}

// pathParts is natsort's path splitting: the folders, then the file's
// stem and its extension.
func pathParts(p string) []string {
	parts := strings.Split(p, "/")
	last := parts[len(parts)-1]
	if i := strings.LastIndexByte(last, '.'); i > 0 {
		parts = append(parts[:len(parts)-1], last[:i], last[i:])
	}
	return parts
}

// groupLetters is natsort's groupletters: each letter preceded by its
// lower case, so letters sort by case-folded value first.
func groupLetters(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsLetter(r) {
			b.WriteRune(unicode.ToLower(r))
		}
		b.WriteRune(r)
	}
	return b.String()
}

// globMatcher tests a docs-relative path against a glob.
type globMatcher interface{ MatchString(string) bool }

// negGlob is a glob with a "!(…)" group at the top level: what comes
// before it, its alternatives, and the rest of the glob after it.
type negGlob struct {
	prefix, alts *regexp.Regexp
	rest         globMatcher
}

// MatchString reports whether s is some a+u+b where a matches the
// prefix, u (within one path segment) matches none of the
// alternatives, and b matches the rest: bash's "!(pattern-list)",
// which wcmatch follows ("Matches anything except the given patterns").
func (g *negGlob) MatchString(s string) bool {
	for j := 0; j <= len(s); j++ {
		if !g.prefix.MatchString(s[:j]) {
			continue
		}
		for k := j; k <= len(s); k++ {
			if k > j && s[k-1] == '/' {
				break
			}
			if !g.alts.MatchString(s[j:k]) && g.rest.MatchString(s[k:]) {
				return true
			}
		}
	}
	return false
}

// extGlobMatcher is a glob as wcmatch's globmatch reads it with GLOBSTAR
// and EXTGLOB, the flags awesome-nav sets: extGlobRegexp's syntax and
// "!(a|b)" anything but the patterns, at the glob's top level (one
// inside another group is an error).
func extGlobMatcher(glob string) (globMatcher, error) {
	start, end := -1, -1
	depth := 0
	for i := 0; i < len(glob) && start < 0; i++ {
		switch {
		case glob[i] == '(':
			if i > 0 && glob[i-1] == '!' && depth == 0 {
				start = i - 1
			}
			depth++
		case glob[i] == ')':
			depth--
		}
	}
	if start < 0 {
		return extGlobRegexp(glob)
	}
	depth = 0
	for i := start + 1; i < len(glob) && end < 0; i++ {
		switch glob[i] {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				end = i
			}
		}
	}
	if end < 0 {
		return nil, fmt.Errorf("%q: unclosed (", glob)
	}
	prefix, err := extGlobRegexp(glob[:start])
	if err != nil {
		return nil, err
	}
	alts, err := extGlobRegexp("@" + glob[start+1:end+1])
	if err != nil {
		return nil, err
	}
	rest, err := extGlobMatcher(glob[end+1:])
	if err != nil {
		return nil, err
	}
	return &negGlob{prefix: prefix, alts: alts, rest: rest}, nil
}

// extGlobRegexp is a glob as wcmatch's globmatch reads it with GLOBSTAR
// and EXTGLOB: globRegexp's syntax, and "@(a|b)" one of, "?(a|b)" at
// most one of, "*(a|b)" any of, "+(a|b)" one or more of the patterns.
// "!(…)" is not supported here (an error): extGlobMatcher reads it.
func extGlobRegexp(glob string) (*regexp.Regexp, error) {
	var b strings.Builder
	b.WriteString("^")
	if err := extGlob(&b, glob); err != nil {
		return nil, err
	}
	b.WriteString("$")
	return regexp.Compile(b.String())
}

// extGlob writes glob's regular expression, without anchors, to b.
func extGlob(b *strings.Builder, glob string) error {
	for len(glob) > 0 {
		if len(glob) > 1 && strings.ContainsRune("@?*+!", rune(glob[0])) && glob[1] == '(' {
			end, depth := -1, 0
			for i := 1; i < len(glob) && end < 0; i++ {
				switch glob[i] {
				case '(':
					depth++
				case ')':
					if depth--; depth == 0 {
						end = i
					}
				}
			}
			if end < 0 {
				return fmt.Errorf("%q: unclosed (", glob)
			}
			if glob[0] == '!' {
				return fmt.Errorf("%q: !(…) inside another group is not supported", glob)
			}
			b.WriteString("(?:")
			for i, alt := range splitAlternatives(glob[2:end]) {
				if i > 0 {
					b.WriteString("|")
				}
				if err := extGlob(b, alt); err != nil {
					return err
				}
			}
			b.WriteString(")" + map[byte]string{'@': "", '?': "?", '*': "*", '+': "+"}[glob[0]])
			glob = glob[end+1:]
			continue
		}
		// The next plain run, up to an extglob group.
		n := 1
		for n < len(glob) && !(n+1 < len(glob) && strings.ContainsRune("@?*+!", rune(glob[n])) && glob[n+1] == '(') {
			n++
		}
		re, err := globRegexp(glob[:n])
		if err != nil {
			return err
		}
		b.WriteString(strings.TrimSuffix(strings.TrimPrefix(re.String(), "^"), "$"))
		glob = glob[n:]
	}
	return nil
}

// splitAlternatives splits an extglob group's text at its top-level "|".
func splitAlternatives(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
		case '|':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// readAwesomeNav gives the layout the navigation of the awesome-nav
// plugin's .nav.yml files. The plugin replaces nav: of mkdocs.yml
// ("'nav' config from mkdocs.yml is being replaced with one generated
// by awesome-nav").
//
// The plugin takes MkDocs' pages "is_in_nav" (MkdocsFilesContext), which
// leaves out the pages of not_in_nav: "A list of page paths or
// patterns that ... shouldn't appear in the navigation"
// (https://www.mkdocs.org/user-guide/configuration/#not_in_nav),
// written as a .gitignore is.
func readAwesomeNav(l *layout.Layout, dir, file string, navNode, plugins, theme, notInNavNode *yaml.Node) error {
	if !layout.Exists(dir, l.Content, true) {
		return nil
	}
	var opt struct {
		Filename string `yaml:"filename"`
	}
	if n := extOptions(plugins, AwesomeNav); n != nil && n.Kind == yaml.MappingNode {
		if err := n.Decode(&opt); err != nil {
			return &layout.ConfigError{File: file, Line: n.Line, Col: n.Column, Msg: "plugins: " + AwesomeNav + ": " + err.Error()}
		}
		if opt.Filename != "" && (strings.ContainsAny(opt.Filename, "/\\") || opt.Filename == "..") {
			return &layout.ConfigError{File: file, Line: n.Line, Col: n.Column, Msg: fmt.Sprintf("plugins: %s: filename %q is not a file name", AwesomeNav, opt.Filename)}
		}
	}
	hide, bad := notInNav(notInNavNode)
	for _, b := range bad {
		l.Notes = append(l.Notes, fmt.Sprintf("%s: not_in_nav: pattern %q not read (plugin %s builds the navigation with the page)", file, b, AwesomeNav))
	}
	var name func(string) string
	if opts := extOptions(plugins, I18n); opts != nil && opts.Kind == yaml.MappingNode {
		// With mkdocs-static-i18n, the plugin's pages are the default
		// language's site's ("for file in
		// self._mkdocs_files.documentation_pages(...)"), and a nav:
		// name goes "through get_file_from_path because the i18n
		// plugin overrides it to resolve file.md into file.en.md"
		// (mkdocs_awesome_nav/nav/context.py). Each other language's
		// site relabels the default's navigation (i18nDocs.apply).
		if structure, fallback, langs, def, ok := i18nOptions(opts); ok {
			d, _ := newI18nDocs(dir, l, structure, fallback, langs, def)
			prev := hide
			hide = func(rel string) bool { return prev != nil && prev(rel) || d.unpublished(rel, d.def) }
			name = func(rel string) string { return d.file(rel, d.def) }
		}
	}
	tree, t, err := awesomeNavTree(dir, l.Content, l.Markup.Extensions, opt.Filename, hide, name)
	if err != nil {
		return err
	}
	l.FolderSettings = append(l.FolderSettings, cmp.Or(opt.Filename, navFile))
	if navNode != nil {
		l.Notes = append(l.Notes, fmt.Sprintf("%s: nav: is replaced by the one plugin %s makes (the plugin warns so)", file, AwesomeNav))
	}
	if slices.Contains(themeFeatures(theme), "navigation.indexes") {
		tree = sectionIndexes(tree)
	}
	l.Nav = flatten(tree, 0, nil)
	l.NavAsWritten = true
	l.HomeInNav = slices.ContainsFunc(l.Nav, func(e layout.NavEntry) bool { return e.Path == "index.md" || e.Path == "README.md" })
	l.Read = append(l.Read, fmt.Sprintf("%s: %d %s files", AwesomeNav, t.files, t.filename))
	for _, n := range t.notes {
		l.Notes = append(l.Notes, fmt.Sprintf("%s (plugin %s): not read", n, AwesomeNav))
	}
	for _, w := range t.warns {
		l.Notes = append(l.Notes, fmt.Sprintf("%s (plugin %s)", w, AwesomeNav))
	}
	return nil
}

// notInNav reads mkdocs.yml's not_in_nav (one .gitignore pattern a
// line) as a test of a docs-relative page path, nil for none, and the
// patterns it does not read ("!" negation). A pattern with a "/" but at
// its end is relative to the docs folder, any other matches at any
// depth; one that matches a folder takes its pages.
func notInNav(n *yaml.Node) (hide func(string) bool, bad []string) {
	if n == nil || n.Kind != yaml.ScalarNode {
		return nil, nil
	}
	var res []globMatcher
	for _, line := range strings.Split(n.Value, "\n") {
		p := strings.TrimSpace(line)
		switch {
		case p == "" || strings.HasPrefix(p, "#"):
			continue
		case strings.HasPrefix(p, "!"):
			bad = append(bad, p)
			continue
		}
		p = strings.TrimSuffix(p, "/")
		if !strings.Contains(p, "/") {
			p = "**/" + p
		}
		re, err := extGlobMatcher(strings.TrimPrefix(p, "/"))
		if err != nil {
			bad = append(bad, p)
			continue
		}
		res = append(res, re)
	}
	if len(res) == 0 {
		return nil, bad
	}
	return func(rel string) bool {
		for q := rel; q != "." && q != "/"; q = path.Dir(q) {
			for _, re := range res {
				if re.MatchString(q) {
					return true
				}
			}
		}
		return false
	}, bad
}
