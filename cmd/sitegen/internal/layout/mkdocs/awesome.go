package mkdocs

import (
	"bytes"
	"cmp"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/srcpath"
)

// AwesomePages is the name plugins: gives the awesome-pages plugin
// (https://github.com/lukasgeiter/mkdocs-awesome-pages-plugin).
const AwesomePages = "awesome-pages"

// pagesFile is the file awesome-pages reads in each folder ("filename:
// Name of the file used to configure pages of a directory. Default is
// .pages").
const pagesFile = ".pages"

// maxWalk bounds the entries awesome-pages' walk of docs_dir reads.
const maxWalk = 100000

// maxTitleRead bounds what is read of a page for its title (order_by: title).
const maxTitleRead = 64 << 10

// sortKeys are the keys of a .pages file, or the plugin's options (their
// "global fallback values"), that sort a folder's entries: order (asc,
// desc), sort_type (natural), order_by (filename, title), ignore_case.
type sortKeys struct {
	Order, SortType, OrderBy string
	IgnoreCase               *bool
}

// or is k with what it does not set taken from fallback.
func (k sortKeys) or(fallback sortKeys) sortKeys {
	return sortKeys{
		Order:      cmp.Or(k.Order, fallback.Order),
		SortType:   cmp.Or(k.SortType, fallback.SortType),
		OrderBy:    cmp.Or(k.OrderBy, fallback.OrderBy),
		IgnoreCase: cmp.Or(k.IgnoreCase, fallback.IgnoreCase),
	}
}

// awesomeOptions are the plugin's options in mkdocs.yml, and the theme's
// navigation.indexes.
type awesomeOptions struct {
	Filename string
	// CollapseSingle is collapse_single_pages, "Default is false".
	CollapseSingle bool
	sortKeys
	// Indexes is Material for MkDocs' navigation.indexes: a section's
	// index page is the section's link (sectionIndexes).
	Indexes bool
}

// pagesConfig is a .pages file: "title", "hide", "nav" (or the
// deprecated "arrange"), the sort keys, "collapse" and
// "collapse_single_pages". Other keys are named in Unread.
type pagesConfig struct {
	Title string
	Hide  bool
	Nav   []pagesItem
	// HasNav: nav: or arrange: given.
	HasNav bool
	sortKeys
	Collapse, CollapseSingle *bool
	Unread                   []string
}

// pagesItem is an entry of a .pages nav: a file or folder name with its
// optional title ("Title: page.md"), a link ("Title: https://…", any
// value with a title that names no entry), a section ("Title:" and a
// list), or a rest ("...", "... | glob", "... | regex=re").
type pagesItem struct {
	Name, Title string
	Section     []pagesItem
	IsSection   bool
	Rest        *restItem
	Line        int
}

// restItem is a rest entry of nav:: "Unless the filter starts with
// regex= it is interpreted as glob pattern"; "The pattern is checked
// against the basename (folder- / filename) of remaining items" in a
// .pages file, "against the path relative to the docs directory" in
// mkdocs.yml, where "You may add flat to flatten all the matching pages".
type restItem struct {
	Glob string
	Re   *regexp.Regexp
	Flat bool
	glob *regexp.Regexp
}

// all reports whether the rest takes every remaining item.
func (r *restItem) all() bool { return r.Glob == "" && r.Re == nil }

// matches reports whether the rest's filter takes the item of that
// name: a glob matches all of it (wcmatch's globmatch, GLOBSTAR), a
// regex= anywhere in it (Python's re.search).
func (r *restItem) matches(name string) bool {
	switch {
	case r.Re != nil:
		return r.Re.MatchString(name)
	case r.Glob != "":
		return r.glob.MatchString(name)
	}
	return true
}

// restPattern is the plugin's rest entry (MetaNavRestItem._REGEX): "...",
// then "| flat", then "| pattern", "| glob=pattern" or "| regex=pattern";
// "The spaces around ... are optional".
var restPattern = regexp.MustCompile(`^\.{3}\s*(?:\|\s*(flat)\s*)?\s*(?:\|\s*(?:(regex|glob)=)?(.*))?`)

// parseRest reads a rest entry, nil when v is none.
func parseRest(v string) (*restItem, error) {
	m := restPattern.FindStringSubmatch(v)
	if m == nil {
		return nil, nil
	}
	pattern, flat := m[3], m[1] != ""
	if m[2] == "regex" {
		re, err := regexp.Compile(pattern)
		if err != nil {
			return nil, fmt.Errorf("rest %q: %w", v, err)
		}
		return &restItem{Re: re, Flat: flat}, nil
	}
	g, err := globRegexp(pattern)
	if err != nil {
		return nil, fmt.Errorf("rest %q: %w", v, err)
	}
	return &restItem{Glob: pattern, Flat: flat, glob: g}, nil
}

// globRegexp is a glob as wcmatch's globmatch with GLOBSTAR reads it:
// "*" any text but "/", "?" one character but "/", "[…]" (and "[!…]")
// a class, "**" any folders ("**/" none too).
func globRegexp(glob string) (*regexp.Regexp, error) {
	var b strings.Builder
	b.WriteString("^")
	for i := 0; i < len(glob); i++ {
		switch c := glob[i]; {
		case strings.HasPrefix(glob[i:], "**/"):
			b.WriteString("(?:.*/)?")
			i += 2
		case strings.HasPrefix(glob[i:], "**"):
			b.WriteString(".*")
			i++
		case c == '*':
			b.WriteString("[^/]*")
		case c == '?':
			b.WriteString("[^/]")
		case c == '[':
			end := strings.IndexByte(glob[i+1:], ']')
			if end < 0 {
				b.WriteString(`\[`)
				continue
			}
			class := glob[i+1 : i+1+end]
			if strings.HasPrefix(class, "!") {
				class = "^" + class[1:]
			}
			b.WriteString("[" + strings.ReplaceAll(class, `\`, `\\`) + "]")
			i += end + 1
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	b.WriteString("$")
	return regexp.Compile(b.String())
}

// readPages reads the .pages file rel (source-relative).
func readPages(dir, rel string) (pagesConfig, error) {
	var c pagesConfig
	raw, err := layout.ReadSetting(dir, rel)
	if err != nil {
		return c, err
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		return c, layout.YAMLError(rel, err)
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return c, nil
	}
	bad := func(n *yaml.Node, format string, a ...any) error {
		return &layout.ConfigError{File: rel, Line: n.Line, Col: n.Column, Msg: fmt.Sprintf(format, a...)}
	}
	flag := func(k string, v *yaml.Node) (*bool, error) {
		var b bool
		if v.Kind != yaml.ScalarNode || v.Decode(&b) != nil {
			return nil, bad(v, "%s: want true or false, not %q", k, v.Value)
		}
		return &b, nil
	}
	root := doc.Content[0]
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i].Value, root.Content[i+1]
		switch k {
		case "title":
			c.Title = v.Value
		case "hide":
			b, err := flag(k, v)
			if err != nil {
				return c, err
			}
			c.Hide = *b
		case "collapse":
			if c.Collapse, err = flag(k, v); err != nil {
				return c, err
			}
		case "collapse_single_pages":
			if c.CollapseSingle, err = flag(k, v); err != nil {
				return c, err
			}
		case "ignore_case":
			if c.IgnoreCase, err = flag(k, v); err != nil {
				return c, err
			}
		case "order", "sort_type", "order_by":
			want := map[string][]string{"order": {"asc", "desc"}, "sort_type": {"natural"}, "order_by": {"filename", "title"}}[k]
			if !slices.Contains(want, v.Value) {
				return c, bad(v, "%s: want %s, not %q", k, strings.Join(want, " or "), v.Value)
			}
			switch k {
			case "order":
				c.Order = v.Value
			case "sort_type":
				c.SortType = v.Value
			default:
				c.OrderBy = v.Value
			}
		case "nav", "arrange":
			if c.HasNav && k == "arrange" {
				continue // "if nav is None and arrange is not None"
			}
			if v.Kind != yaml.SequenceNode {
				return c, bad(v, "%s: want a list", k)
			}
			items, err := navItems(rel, v, bad)
			if err != nil {
				return c, err
			}
			if k == "arrange" && !slices.ContainsFunc(items, func(it pagesItem) bool { return it.Rest != nil && it.Rest.all() }) {
				// "If you only specify some pages, they will be positioned
				// at the beginning, followed by the other pages".
				items = append(items, pagesItem{Rest: &restItem{}, Line: v.Line})
			}
			c.Nav, c.HasNav = items, true
		default:
			c.Unread = append(c.Unread, fmt.Sprintf("%s:%d: %s", rel, root.Content[i].Line, k))
		}
	}
	return c, nil
}

// navItems reads the entries of a nav: list.
func navItems(rel string, list *yaml.Node, bad func(*yaml.Node, string, ...any) error) ([]pagesItem, error) {
	var out []pagesItem
	for _, it := range list.Content {
		switch {
		case it.Kind == yaml.ScalarNode:
			r, err := parseRest(it.Value)
			if err != nil {
				return nil, bad(it, "%v", err)
			}
			out = append(out, pagesItem{Name: it.Value, Rest: r, Line: it.Line})
		case it.Kind == yaml.MappingNode && len(it.Content) == 2 && it.Content[1].Kind == yaml.ScalarNode:
			out = append(out, pagesItem{Name: it.Content[1].Value, Title: it.Content[0].Value, Line: it.Line})
		case it.Kind == yaml.MappingNode && len(it.Content) == 2 && it.Content[1].Kind == yaml.SequenceNode:
			sub, err := navItems(rel, it.Content[1], bad)
			if err != nil {
				return nil, err
			}
			out = append(out, pagesItem{Title: it.Content[0].Value, Section: sub, IsSection: true, Line: it.Line})
		default:
			// "Invalid nav item format"
			return nil, bad(it, "a nav entry is a name, \"Title: name\" or \"Title:\" and a list")
		}
	}
	return out, nil
}

// anode is an entry of the navigation the plugin builds: a page, a
// section (a folder's, or one nav: makes), or a link.
type anode struct {
	name  string // the basename the plugin matches and sorts by
	path  string // a page's docs-relative path
	title string // the title the navigation gives it, "" for the page's own
	link  string
	// asWritten: link is printed as written (navLinkURL).
	asWritten bool
	section   bool
	fixed     bool // a folder whose .pages gives its title
	children  []*anode
	// fold: a folder's section becomes its one entry (collapse).
	fold bool
	// dirPath is a folder section's docs-relative path (awesome-nav's
	// sort by path).
	dirPath string
}

// awesomeNav is the navigation the .pages files of docs (source-relative)
// give, as the plugin builds it over MkDocs' own (a folder's Markdown
// files, its index first, then its sub-folders, each by name), notes on
// what it did not read and warnings on what it did not find, and the
// number of .pages files. Hidden names are not walked.
func awesomeNav(dir, docs string, exts []string, opt awesomeOptions) (nav []layout.NavEntry, notes, warns []string, files int, err error) {
	tree, notes, warns, files, err := awesomeTree(dir, docs, exts, opt)
	if err != nil {
		return nil, nil, nil, 0, err
	}
	if opt.Indexes {
		tree = sectionIndexes(tree)
	}
	return flatten(tree, 0, nil), notes, warns, files, nil
}

// awesomeTree is awesomeNav's navigation as a tree.
func awesomeTree(dir, docs string, exts []string, opt awesomeOptions) (tree []*anode, notes, warns []string, files int, err error) {
	walked := 0
	filename := cmp.Or(opt.Filename, pagesFile)
	isPage := func(name string) bool {
		ext := path.Ext(name)
		return ext == ".md" || slices.Contains(exts, ext)
	}
	inner := func(rel string) string {
		if docs == "." {
			return rel
		}
		return strings.TrimPrefix(rel, docs+"/")
	}
	// walk returns the entries of folder rel as the plugin's
	// _process_children leaves them, and its .pages file.
	var walk func(rel string, collapseAll bool) ([]*anode, pagesConfig, error)
	walk = func(rel string, collapseAll bool) ([]*anode, pagesConfig, error) {
		var c pagesConfig
		entries, err := os.ReadDir(filepath.Join(dir, filepath.FromSlash(rel)))
		if err != nil {
			return nil, c, fmt.Errorf("%s: %w", rel, err)
		}
		walked += len(entries)
		if walked > maxWalk {
			return nil, c, fmt.Errorf("%s: more than %d files and folders", docs, maxWalk)
		}
		if layout.Exists(dir, path.Join(rel, filename), false) {
			files++
			if c, err = readPages(dir, path.Join(rel, filename)); err != nil {
				return nil, c, err
			}
			notes = append(notes, c.Unread...)
		}
		if c.CollapseSingle != nil && rel != docs {
			// The docs folder's is not read: the plugin starts from its
			// option (AwesomeNavigation._process_children).
			collapseAll = *c.CollapseSingle
		}
		// MkDocs' order: "sorted alphanumerically by file name (except
		// that index files will always be listed first within a
		// sub-section)", a folder's files before its sub-folders
		// (os.walk; mkdocs.structure.files._sort_files).
		var pages, dirs []*anode
		for _, e := range entries { // os.ReadDir sorts by name
			name := e.Name()
			child := path.Join(rel, name)
			switch {
			case srcpath.SkippedPart(name) != "" || strings.HasPrefix(name, "."):
			case e.IsDir():
				sub, sc, err := walk(child, collapseAll)
				if err != nil {
					return nil, c, err
				}
				if sc.Hide || len(sub) == 0 {
					continue // "hide: true"; a folder without pages is no section
				}
				n := &anode{name: name, section: true, title: cmp.Or(sc.Title, folderTitle(name)), fixed: sc.Title != "", children: sub}
				// _process_section: the folder's own collapse_single_pages
				// counts for the folder too; "collapse" for it alone.
				n.fold = collapseAll
				if sc.CollapseSingle != nil {
					n.fold = *sc.CollapseSingle
				}
				if sc.Collapse != nil {
					n.fold = *sc.Collapse
				}
				dirs = append(dirs, n)
			case e.Type().IsRegular() && isPage(name):
				pages = append(pages, &anode{name: name, path: inner(child)})
			}
		}
		slices.SortStableFunc(pages, func(a, b *anode) int { return boolInt(!mkdocsIndex(a.name)) - boolInt(!mkdocsIndex(b.name)) })
		items := append(pages, dirs...)
		if keys := c.sortKeys.or(opt.sortKeys); keys != (sortKeys{}) {
			sortNodes(items, keys, func(n *anode) string { return nodeTitle(dir, docs, n) })
		}
		if !c.HasNav {
			return collapse(items), c, nil
		}
		out, missing, dead := applyPagesNav(items, c.Nav)
		for _, m := range missing {
			// "Raise errors instead of warnings when ... nav entries
			// cannot be found" (strict, "Default is true").
			warns = append(warns, fmt.Sprintf("%s:%d: nav entry %q is no file or folder here (the plugin's strict mode, its default, stops MkDocs' build)", path.Join(rel, filename), m.Line, m.Name))
		}
		for _, m := range dead {
			link, _ := navLinkURL(m.Name)
			warns = append(warns, fmt.Sprintf("%s:%d: nav link %q names a Markdown file, not a page: MkDocs links %s, which it does not publish (only a name in this folder is a page of the plugin's nav:; write the page's URL)", path.Join(rel, filename), m.Line, m.Name, link))
		}
		return collapse(out), c, nil
	}
	tree, root, err := walk(docs, opt.CollapseSingle)
	if err != nil {
		return nil, nil, nil, 0, err
	}
	rootFile := path.Join(docs, filename)
	if root.Title != "" {
		notes = append(notes, fmt.Sprintf("%s: title: has no effect in the docs folder's %s (the plugin says so)", rootFile, filename))
	}
	if root.Hide {
		notes = append(notes, fmt.Sprintf("%s: hide: has no effect in the docs folder's %s (the plugin says so)", rootFile, filename))
	}
	return tree, notes, warns, files, nil
}

// collapse is the plugin's _collapse, applied to a folder's entries
// once its nav: has placed them (the plugin orders and places a folder's
// entries before it processes its sub-sections): a folder's section of
// one entry is that entry when it folds ("collapse" for this folder,
// else "collapse_single_pages" from above or its own); a section nav:
// makes is kept, its entries looked at.
func collapse(nodes []*anode) []*anode {
	for i, n := range nodes {
		switch {
		case n.fold && len(n.children) == 1:
			nodes[i] = n.children[0]
		case n.section && !n.fold && n.name == "":
			n.children = collapse(n.children)
		}
	}
	return nodes
}

// applyPagesNav is the plugin's _nav: the entries nav: lists, in its
// order, with their titles; links; sections; and at each rest the
// remaining items its filter takes ("The filter only operates on
// remaining items. This means it will not include items that are
// explicitly listed in the navigation or items that are matched by
// another filter that appears earlier in the configuration"; the rest
// without a filter takes what no filter does). It returns the entries
// and those nav: names that are not here.
func applyPagesNav(items []*anode, nav []pagesItem) (nodes []*anode, missing, dead []pagesItem) {
	byName := map[string]*anode{}
	for _, it := range items {
		byName[it.name] = it
	}
	used := map[*anode]bool{}
	var rests []*restItem
	var build func(nav []pagesItem) []navSlot
	build = func(nav []pagesItem) []navSlot {
		var out []navSlot
		for _, m := range nav {
			n := byName[m.Name]
			switch {
			case m.Rest != nil:
				rests = append(rests, m.Rest)
				out = append(out, navSlot{rest: m.Rest})
			case m.IsSection:
				out = append(out, navSlot{node: &anode{section: true, title: m.Title}, sub: build(m.Section)})
			case n != nil:
				// "Specifying a title for a directory containing a .pages
				// file that defines a title has no effect."
				if m.Title != "" && !n.fixed {
					n.title = m.Title
				}
				used[n] = true
				out = append(out, navSlot{node: n})
			case m.Title != "":
				link, asWritten := navLinkURL(m.Name)
				out = append(out, navSlot{node: &anode{title: m.Title, link: link, asWritten: asWritten}})
				if !asWritten && !hasScheme(m.Name) && isMarkdownLink(m.Name) {
					dead = append(dead, m)
				}
			default:
				missing = append(missing, m)
			}
		}
		return out
	}
	top := build(nav)
	taken := map[*restItem][]*anode{}
	// Filters first, in their order, then the rest without one.
	ordered := slices.DeleteFunc(slices.Clone(rests), (*restItem).all)
	if i := slices.IndexFunc(rests, (*restItem).all); i >= 0 {
		ordered = append(ordered, rests[i])
	}
	for _, it := range items {
		if used[it] {
			continue
		}
		for _, r := range ordered {
			if r.matches(it.name) {
				taken[r] = append(taken[r], it)
				break
			}
		}
	}
	return expandSlots(top, taken), missing, dead
}

// navSlot is an entry of nav: before its rests are filled: a node (with
// sub, the entries of a section nav: makes) or a rest.
type navSlot struct {
	node *anode
	sub  []navSlot
	rest *restItem
}

// expandSlots is the entries of slots, each rest replaced by what it takes.
func expandSlots(slots []navSlot, taken map[*restItem][]*anode) []*anode {
	var out []*anode
	for _, s := range slots {
		switch {
		case s.rest != nil:
			out = append(out, taken[s.rest]...)
		case s.sub != nil:
			s.node.children = expandSlots(s.sub, taken)
			out = append(out, s.node)
		default:
			out = append(out, s.node)
		}
	}
	return out
}

// sortNodes is the plugin's _order: "set the order attribute to asc or
// desc to change the order of navigation items ... this does not
// distinguish between files and directories"; "set the sort_type
// attribute to natural to use natural sort order"; "Sorting is
// case-sensitive by default. To change that, set ignore_case to true";
// "set the order_by attribute to filename or title ... If order is not
// set it will order ascending. If no preference is set, it will order by
// filename". Equal keys keep their order (Python's sort is stable, also
// reversed).
func sortNodes(items []*anode, k sortKeys, title func(*anode) string) {
	if len(items) < 2 {
		return
	}
	key := func(n *anode) string { return n.name }
	if k.OrderBy == "title" {
		key = title
	}
	fold := k.IgnoreCase != nil && *k.IgnoreCase
	keys := make(map[*anode]string, len(items))
	for _, n := range items {
		keys[n] = key(n)
		if fold {
			keys[n] = strings.ToLower(keys[n])
		}
	}
	compare := strings.Compare
	if k.SortType == "natural" {
		compare = naturalCompare
	}
	slices.SortStableFunc(items, func(a, b *anode) int {
		c := compare(keys[a], keys[b])
		if k.Order == "desc" {
			return -c
		}
		return c
	})
}

// naturalCompare orders a and b as natsort does by default: runs of
// digits by their value ("2" before "10"), other text as it is.
func naturalCompare(a, b string) int {
	for a != "" && b != "" {
		da, db := digitRun(a), digitRun(b)
		if da > 0 && db > 0 {
			na, nb := strings.TrimLeft(a[:da], "0"), strings.TrimLeft(b[:db], "0")
			if c := cmp.Compare(len(na), len(nb)); c != 0 {
				return c
			}
			if c := strings.Compare(na, nb); c != 0 {
				return c
			}
			a, b = a[da:], b[db:]
			continue
		}
		ra, sa := utf8.DecodeRuneInString(a)
		rb, sb := utf8.DecodeRuneInString(b)
		if da > 0 || db > 0 { // natsort: a number sorts before text
			return cmp.Compare(db, da)
		}
		if ra != rb {
			return cmp.Compare(ra, rb)
		}
		a, b = a[sa:], b[sb:]
	}
	return cmp.Compare(len(a), len(b))
}

// digitRun is the length of the ASCII digits s starts with.
func digitRun(s string) int {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

// nodeTitle is the title the plugin sorts an entry by (order_by: title,
// _get_item_title): a section's title, else the page's: its meta title:,
// else its leading # heading, else "Home" for the home page, else its
// file name, "-" and "_" as spaces, capitalised when all lower case.
func nodeTitle(dir, docs string, n *anode) string {
	if n.title != "" || n.path == "" {
		return n.title
	}
	raw, err := readHead(filepath.Join(dir, filepath.FromSlash(path.Join(docs, n.path))))
	if err == nil {
		if t := markdownTitle(raw); t != "" {
			return t
		}
	}
	if n.path == "index.md" || n.path == "README.md" {
		return "Home"
	}
	return folderTitle(strings.TrimSuffix(n.name, path.Ext(n.name)))
}

// readHead reads the start of a file.
func readHead(file string) ([]byte, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	buf := make([]byte, maxTitleRead)
	n, err := f.Read(buf)
	if n == 0 && err != nil {
		return nil, err
	}
	return buf[:n], nil
}

// markdownTitle is MkDocs' title of a page's text, as the plugin reads it
// for order_by: title ("Copy of mkdocs.structure.pages.Page._set_title and
// Page.read_source"): the title of its meta (metaData), else "a H1 that
// occurs before any other content in the document"
// (mkdocs.utils.get_markdown_title); "" for none. The text is read as
// Python's utf-8-sig with universal newlines reads it.
func markdownTitle(raw []byte) string {
	src := string(bytes.TrimPrefix(raw, []byte("\xef\xbb\xbf")))
	src = strings.ReplaceAll(strings.ReplaceAll(src, "\r\n", "\n"), "\r", "\n")
	doc, title, ok := metaData(src)
	if ok {
		return title
	}
	for _, line := range strings.Split(doc, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if !strings.HasPrefix(line, "# ") {
			return ""
		}
		return strings.TrimLeft(line, "# ")
	}
	return ""
}

// yamlMeta is mkdocs.utils.meta's YAML_RE: a YAML block between "---"
// and "---" or "..." at the start of the text.
var yamlMeta = regexp.MustCompile(`(?s)^-{3}[ \t]*\n(.*?\n)(?:\.{3}|-{3})[ \t]*\n`)

// mmdMeta and mmdMore are its META_RE and META_MORE_RE: a MultiMarkdown
// "key: value" line, and an indented line that continues the value.
var (
	mmdMeta = regexp.MustCompile(`^[ ]{0,3}([A-Za-z0-9_-]+):\s*(.*)`)
	mmdMore = regexp.MustCompile(`^(?:[ ]{4}|\t)\s*(.*)`)
)

// metaData is mkdocs.utils.meta.get_data for the title: the text after
// the page's meta, the meta's title and whether it has one ("if "title"
// in page_meta"). "First try YAML": a block that parses as a mapping is
// the meta (its title a string, a number written as text; a null title
// is none), one that does not is no meta and stays in the text. "No YAML
// delimiters. Try MultiMarkdown style": "key: value" lines up to a blank
// line, keys lower case, a repeated key's values joined by a space.
func metaData(src string) (doc, title string, ok bool) {
	if m := yamlMeta.FindStringSubmatchIndex(src); m != nil {
		var meta map[string]any
		if err := yaml.Unmarshal([]byte(src[m[2]:m[3]]), &meta); err != nil || meta == nil {
			return src, "", false
		}
		doc = strings.TrimLeft(src[m[1]:], "\n")
		if t, has := meta["title"]; has && t != nil {
			return doc, fmt.Sprint(t), true
		}
		return doc, "", false
	}
	lines := strings.Split(src, "\n")
	data := map[string]string{}
	key := ""
	i := 0
	for ; i < len(lines); i++ {
		line := lines[i]
		if strings.TrimSpace(line) == "" {
			i++ // "blank line - done"
			break
		}
		if m := mmdMeta.FindStringSubmatch(line); m != nil {
			key = strings.ToLower(strings.TrimSpace(m[1]))
			if v, has := data[key]; has {
				data[key] = v + " " + strings.TrimSpace(m[2])
			} else {
				data[key] = strings.TrimSpace(m[2])
			}
			continue
		}
		if m := mmdMore.FindStringSubmatch(line); m != nil && key != "" {
			data[key] += " " + strings.TrimSpace(m[1])
			continue
		}
		break // "no meta data - done"
	}
	doc = strings.TrimLeft(strings.Join(lines[i:], "\n"), "\n")
	t, has := data["title"]
	return doc, t, has
}

// folderTitle is MkDocs' title of a folder's section (nest_paths): its
// name, "-" and "_" as spaces, capitalised when all lower case.
func folderTitle(name string) string {
	t := strings.NewReplacer("-", " ", "_", " ").Replace(name)
	if strings.ToLower(t) == t {
		r, n := utf8.DecodeRuneInString(t)
		t = string(unicode.ToUpper(r)) + t[n:]
	}
	return t
}

// sectionIndexes is Material for MkDocs' navigation.indexes: "When
// section index pages are enabled, documents can be directly attached to
// sections, which is particularly useful for providing overview pages":
// a section whose first entry is an index page (a page, not a section
// that links to one) links to that page, which is not listed again
// below it.
func sectionIndexes(nodes []*anode) []*anode {
	for _, n := range nodes {
		if !n.section {
			continue
		}
		n.children = sectionIndexes(n.children)
		if first := n.children; len(first) > 0 && !first[0].section && first[0].path != "" && mkdocsIndex(path.Base(first[0].path)) {
			n.path = n.children[0].path
			n.children = n.children[1:]
		}
	}
	return nodes
}

// flatten is the navigation entries of nodes at depth.
func flatten(nodes []*anode, depth int, out []layout.NavEntry) []layout.NavEntry {
	for _, n := range nodes {
		// The themes print a title as written: a tag in it is markup
		// ("<b>Home</b>": the word, in bold), as in nav: (navLabel).
		title, titleHTML := navLabel(n.title)
		out = append(out, layout.NavEntry{Path: n.path, Title: title, TitleHTML: titleHTML, Link: n.link, LinkAsWritten: n.asWritten, Depth: depth})
		if n.section {
			out = flatten(n.children, depth+1, out)
		}
	}
	return out
}

// mkdocsIndex reports whether a file is a folder's index page for MkDocs
// ("index" or "README", mkdocs.structure.files._sort_files).
func mkdocsIndex(name string) bool {
	base := strings.TrimSuffix(name, path.Ext(name))
	return base == "index" || base == "README"
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// awesomeRestNav is the navigation of mkdocs.yml's nav: (n) when it
// holds a rest ("...", "... | pattern", "... | flat | pattern"), which
// the plugin fills ("Combine Custom Navigation & File Structure"):
// "Include a ... entry where you want the navigation tree of all
// remaining pages to be inserted"; "The pattern is checked against the
// path relative to the docs directory"; "By default, remaining items keep
// their hierarchical structure. You may add flat to flatten all the
// matching pages". The remaining pages are those nav: does not list, in
// the tree the .pages files make (awesomeTree); a page goes to the first
// filter that takes it, else to the rest without one. ok is false when
// nav: has no rest: the plugin then does nothing.
func awesomeRestNav(dir, docs string, exts []string, opt awesomeOptions, file string, n *yaml.Node) (nav []layout.NavEntry, ok bool, err error) {
	explicit := map[string]bool{}
	var rests []*restItem
	var build func(list *yaml.Node) ([]navSlot, error)
	build = func(list *yaml.Node) ([]navSlot, error) {
		var out []navSlot
		for _, it := range list.Content {
			switch it.Kind {
			case yaml.ScalarNode:
				r, err := parseRest(it.Value)
				if err != nil {
					return nil, &layout.ConfigError{File: file, Line: it.Line, Col: it.Column, Msg: "nav: " + err.Error()}
				}
				if r != nil {
					rests = append(rests, r)
					out = append(out, navSlot{rest: r})
				} else if p := pagePath(it.Value); p != "" {
					explicit[p] = true
					out = append(out, navSlot{node: &anode{path: p}})
				}
			case yaml.MappingNode:
				for i := 0; i+1 < len(it.Content); i += 2 {
					title, v := it.Content[i].Value, it.Content[i+1]
					switch v.Kind {
					case yaml.ScalarNode:
						if p := pagePath(v.Value); p != "" {
							explicit[p] = true
							out = append(out, navSlot{node: &anode{path: p, title: title}})
						} else {
							out = append(out, navSlot{node: &anode{title: title, link: v.Value}})
						}
					case yaml.SequenceNode:
						sub, err := build(v)
						if err != nil {
							return nil, err
						}
						out = append(out, navSlot{node: &anode{section: true, title: title}, sub: sub})
					}
				}
			}
		}
		return out, nil
	}
	if n == nil || n.Kind != yaml.SequenceNode {
		return nil, false, nil
	}
	top, err := build(n)
	if err != nil || len(rests) == 0 {
		return nil, false, err
	}
	tree, _, _, _, err := awesomeTree(dir, docs, exts, opt)
	if err != nil {
		return nil, false, err
	}
	ordered := slices.DeleteFunc(slices.Clone(rests), (*restItem).all)
	if i := slices.IndexFunc(rests, (*restItem).all); i >= 0 {
		ordered = append(ordered, rests[i])
	}
	// blocks is the plugin's _generate_rest_blocks: each rest's pages,
	// in their sections unless it is flat.
	var blocks func(nodes []*anode) map[*restItem][]*anode
	blocks = func(nodes []*anode) map[*restItem][]*anode {
		out := map[*restItem][]*anode{}
		for _, nd := range nodes {
			switch {
			case nd.section:
				inner := blocks(nd.children)
				for _, r := range ordered {
					switch {
					case len(inner[r]) == 0:
					case r.Flat:
						out[r] = append(out[r], inner[r]...)
					default:
						out[r] = append(out[r], &anode{section: true, title: nd.title, name: nd.name, children: inner[r]})
					}
				}
			case nd.path != "" && !explicit[nd.path]:
				for _, r := range ordered {
					if r.matches(nd.path) {
						out[r] = append(out[r], nd)
						break
					}
				}
			}
		}
		return out
	}
	nodes := expandSlots(top, blocks(tree))
	if opt.Indexes {
		nodes = sectionIndexes(nodes)
	}
	return flatten(nodes, 0, nil), true, nil
}

// navLinkURL is where a link of a .pages nav: leads, as MkDocs' themes
// print it ("nav_item.url|url"; mkdocs.utils.normalize_url): a URL with
// a scheme or a host, or one that starts with "/" or "#", as written
// ("if parsed.scheme or parsed.netloc or path.startswith(('/', '#')):
// return path, True"; asWritten, except a URL with a scheme, which the
// navigation shows as another site's); any other value is a path from
// the site's root, made relative to each page by get_relative_url ("'..'
// works as parent directory, but going higher than the root has no
// effect"): returned as that site path ("../other/" is "/other/").
func navLinkURL(v string) (link string, asWritten bool) {
	v = strings.ReplaceAll(v, "\\", "/") // "Path uses OS-specific separator": MkDocs replaces it
	if hasScheme(v) {
		return v, false
	}
	if strings.HasPrefix(v, "/") || strings.HasPrefix(v, "#") {
		return v, true
	}
	p := strings.TrimPrefix(path.Clean("/"+v), "/")
	if p == "" || p == "." {
		return "/", false
	}
	if strings.HasSuffix(v, "/") {
		p += "/"
	}
	return "/" + p, false
}

// hasScheme reports whether v starts with a URL scheme ("https:").
func hasScheme(v string) bool {
	i := strings.Index(v, ":")
	if i <= 0 {
		return false
	}
	for j, r := range v[:i] {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || j > 0 && (r >= '0' && r <= '9' || r == '+' || r == '-' || r == '.')) {
			return false
		}
	}
	return true
}

// isMarkdownLink reports whether the link v names a Markdown file
// ("../other/page.md", "page.md#part"), which MkDocs links as that file.
func isMarkdownLink(v string) bool {
	if i := strings.IndexAny(v, "?#"); i >= 0 {
		v = v[:i]
	}
	return strings.HasSuffix(strings.ToLower(v), ".md")
}
