package quartz

import (
	"fmt"
	"path"
	"regexp"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/jsconfig"
	"d6codex/templates"
)

// LayoutFile is where a Quartz 4 site places its components: "You can
// customize the layout of Quartz by editing quartz.layout.ts"
// (https://quartz.jzhao.xyz/layout).
const LayoutFile = "quartz.layout.ts"

// Explorer is what sitegen reads of quartz.layout.ts: whether the
// Explorer, Backlinks, Graph and RecentNotes components are placed, and
// the options of Component.Explorer({...})
// (https://quartz.jzhao.xyz/features/explorer). sitegen cannot run
// TypeScript: it recognises the forms that page documents (its default
// sortFn, "Use sort to put files first", "Remove list of elements",
// "Show every element in explorer", a filter by tag) and warns, naming
// the file and line, of any other function, saying what it does instead.
type Explorer struct {
	// Read: quartz.layout.ts was found and read.
	Read bool
	// Present: Component.Explorer is placed ("Removing table of
	// contents: remove `Component.Explorer()` from `quartz.layout.ts`":
	// the site then has no navigation).
	Present bool
	// Backlinks, Graph and RecentNotes: those components are placed.
	Backlinks, Graph, RecentNotes bool
	// Title is the explorer's title ("Explorer" by default).
	Title string
	// Open: folderDefaultState: "open" (the default is "collapsed").
	Open bool
	// LinkFolders: folderClickBehavior: "link" (the default is "collapse").
	LinkFolders bool
	// FilesFirst: the sortFn of "Use sort to put files first".
	FilesFirst bool
	// Text: the sortFn compares with localeCompare and no options (digits
	// one by one), not the default's numeric: true.
	Text bool
	// ShowTags: filterFn: undefined, which shows the tags folder the
	// default filterFn ("node.slugSegment !== \"tags\"") removes.
	ShowTags bool
	// Omit are the names "Remove list of elements" removes (lower case
	// when OmitLower), compared with the node's OmitBy: its name (the
	// last part of its slug) or its displayName (its title).
	Omit      map[string]bool
	OmitLower bool
	OmitBy    string
	// ExcludeTag removes from the explorer the notes with this tag.
	ExcludeTag string
	// Rename is the mapFn of the documented forms, "Change display names
	// (map)" and "Add emoji prefix", in the order its statements run;
	// nil for none.
	Rename []Rename
	// NavOn is "notes" when only defaultContentPageLayout places the
	// Explorer (Quartz's folder and tag pages have none), "listings"
	// when only defaultListPageLayout does (the notes have none), ""
	// when both do or the file declares no such layouts.
	NavOn string
	// Placed is "DesktopOnly" or "MobileOnly" when the notes' Explorer
	// is placed in that component alone (Quartz shows it on a wide, or a
	// narrow, screen only), "" otherwise.
	Placed string
	// Warnings name the functions sitegen cannot read, with their file
	// and line, and what sitegen does instead.
	Warnings []string
}

// The page layouts quartz.layout.ts exports, which Quartz's emitters
// render (quartz/plugins/emitters): contentPage.tsx renders every note
// with defaultContentPageLayout, folderPage.tsx and tagPage.tsx the
// folder and tag listings with defaultListPageLayout, each with
// sharedPageComponents around it.
const (
	sharedLayout  = "sharedPageComponents"
	contentLayout = "defaultContentPageLayout"
	listLayout    = "defaultListPageLayout"
)

// placed is one Component.Explorer placed in a page layout.
type placed struct {
	call jsconfig.Call
	// under are the components it is placed in, outermost first
	// ("Component.DesktopOnly").
	under []string
	// cond is the condition of the Component.ConditionalRender it is in.
	cond *jsconfig.Computed
	// computed: it is written in an expression sitegen does not read
	// (a conditional, a function's body): call holds its code and line.
	computed bool
}

// key is the Explorer's options as written, whitespace and trailing
// commas aside: two explorers with the same key are one.
func (p placed) key() string {
	return trailingComma.ReplaceAllString(spaces.ReplaceAllString(strings.TrimPrefix(p.call.Code, p.call.Callee), ""), "$1")
}

// components walks what a page layout places, reporting each component
// by its name (the callee's last part: "Backlinks") and each Explorer.
type components struct {
	f        *jsconfig.File
	names    map[string]bool
	explorer []placed
	// expanding are the declared components being walked: one that
	// calls itself is not walked again.
	expanding map[string]bool
}

func (c *components) walk(v any, under []string, cond *jsconfig.Computed, depth int) {
	if depth > 32 {
		return
	}
	switch v := v.(type) {
	case *jsconfig.Object:
		for _, k := range v.Keys {
			c.walk(v.Values[k], under, cond, depth+1)
		}
	case []any:
		for _, x := range v {
			c.walk(x, under, cond, depth+1)
		}
	case jsconfig.Computed:
		for _, name := range []string{"Backlinks", "Graph", "RecentNotes"} {
			if strings.Contains(v.Code, "Component."+name+"(") {
				c.names[name] = true
			}
		}
		if strings.Contains(v.Code, "Component.Explorer(") {
			c.explorer = append(c.explorer, placed{call: jsconfig.Call{Callee: "Component.Explorer", Line: v.Line, Code: v.Text}, under: under, cond: cond, computed: true})
		}
	case jsconfig.Call:
		name := v.Callee[strings.LastIndex(v.Callee, ".")+1:]
		if !strings.Contains(v.Callee, ".") {
			// A component declared in the file: const Explorer = () =>
			// Component.Explorer({...}).
			if decl, ok := c.f.Named(v.Callee); ok {
				if !c.expanding[v.Callee] { // not within itself
					c.expanding[v.Callee] = true
					c.walk(decl, under, cond, depth+1)
					delete(c.expanding, v.Callee)
				}
				return
			}
		}
		c.names[name] = true
		switch name {
		case "Explorer":
			c.explorer = append(c.explorer, placed{call: v, under: under, cond: cond})
			return
		case "ConditionalRender":
			// Component.ConditionalRender({ component, condition }).
			if o, ok := firstArg(v).(*jsconfig.Object); ok {
				if fn, ok := o.Get("condition").(jsconfig.Computed); ok {
					cond = &fn
				}
			}
		}
		for _, a := range v.Args {
			c.walk(a, append(under[:len(under):len(under)], v.Callee), cond, depth+1)
		}
	}
}

func firstArg(c jsconfig.Call) any {
	if len(c.Args) == 0 {
		return nil
	}
	return c.Args[0]
}

// ReadExplorer reads src, the text of quartz.layout.ts, through the one
// reader of JavaScript settings (jsconfig): the components its page
// layouts place, and the options of the Explorer the notes' pages show.
func ReadExplorer(src []byte) Explorer {
	f := jsconfig.ParseCalls(src)
	e := Explorer{Read: true, Title: "Explorer"}
	c := &components{f: f, names: map[string]bool{}, expanding: map[string]bool{}}
	perKind := map[string][]placed{}
	found := false
	for _, kind := range []string{contentLayout, listLayout} {
		c.explorer = nil
		for _, name := range []string{sharedLayout, kind} {
			if v, ok := f.Named(name); ok {
				found = true
				c.walk(v, nil, nil, 0)
			}
		}
		perKind[kind] = c.explorer
	}
	if !found {
		// A file that names its layouts otherwise: every declaration.
		c.explorer = nil
		for _, name := range f.Names() {
			v, _ := f.Named(name)
			c.walk(v, nil, nil, 0)
		}
		perKind[contentLayout] = c.explorer
	}
	e.Backlinks, e.Graph, e.RecentNotes = c.names["Backlinks"], c.names["Graph"], c.names["RecentNotes"]
	content, list := perKind[contentLayout], perKind[listLayout]
	if len(content)+len(list) == 0 {
		return e
	}
	e.Present = true
	e.placement(f, content, list)
	first := append(content, list...)[0]
	if first.computed {
		e.Warnings = append(e.Warnings, fmt.Sprintf("%s:%d: Component.Explorer is placed in an expression sitegen cannot read (%s): its default options used", LayoutFile, first.call.Line, first.call.Code))
		return e
	}
	switch arg := firstArg(first.call).(type) {
	case *jsconfig.Object:
		for _, k := range arg.Keys {
			o := option{key: k, v: arg.Values[k], line: arg.Lines[k]}
			if fn, ok := o.v.(jsconfig.Computed); ok {
				o.code = fn.Code
			}
			e.option(o)
		}
	case jsconfig.Computed:
		// Component.Explorer(explorerOptions), a name not declared as
		// an object.
		e.Warnings = append(e.Warnings, fmt.Sprintf("%s:%d: the Explorer's options %s are not an object sitegen can read: its defaults used", LayoutFile, first.call.Line, arg.Text))
	case jsconfig.Call:
		// Component.Explorer(navExplorerOptions(site.nav)): options
		// made by code sitegen does not run.
		e.Warnings = append(e.Warnings, fmt.Sprintf("%s:%d: the Explorer's options are made by %s(…), which sitegen does not run: its defaults used", LayoutFile, first.call.Line, arg.Callee))
	}
	return e
}

// placement says where the Explorers are placed and what sitegen does
// of it. Quartz renders each kind of page with its own layout; sitegen
// shows or hides the navigation per kind (NavOn), but its pages that
// show one all show the same, the content pages' Explorer (the notes are
// the pages): the listings' other options are warned.
func (e *Explorer) placement(f *jsconfig.File, content, list []placed) {
	distinct := func(ps []placed) []placed {
		var out []placed
		seen := map[string]bool{}
		for _, p := range ps {
			if k := p.key(); !seen[k] {
				seen[k] = true
				out = append(out, p)
			}
		}
		return out
	}
	dc, dl := distinct(content), distinct(list)
	switch {
	case len(dc) > 1:
		e.Warnings = append(e.Warnings, fmt.Sprintf("%s:%d: %d different Component.Explorer placed; sitegen reads the first one's options for every page", LayoutFile, dc[0].call.Line, len(distinct(append(content, list...)))))
	case len(dc) == 1 && len(dl) == 0 && f.Line(listLayout) > 0:
		// Quartz's folder and tag pages have none: sitegen's section
		// pages show no navigation (readExplorer).
		e.NavOn = "notes"
	case len(dc) == 0 && len(dl) > 0 && f.Line(contentLayout) > 0:
		// Quartz shows it on the folder and tag pages alone.
		e.NavOn = "listings"
	case len(dc) == 1 && (len(dl) > 1 || len(dl) == 1 && dl[0].key() != dc[0].key()):
		e.Warnings = append(e.Warnings, fmt.Sprintf("%s:%d: %s's Component.Explorer has other options than %s's (line %d): Quartz renders it on folder and tag pages; sitegen shows the notes' Explorer on every page", LayoutFile, dl[0].call.Line, listLayout, contentLayout, dc[0].call.Line))
	}
	warned := map[string]bool{} // once for a condition written alike in both layouts
	for _, p := range append(content, list...) {
		if p.cond == nil || warned[p.cond.Text] {
			continue
		}
		warned[p.cond.Text] = true
		e.Warnings = append(e.Warnings, fmt.Sprintf("%s:%d: Component.Explorer is in a Component.ConditionalRender whose condition sitegen cannot run (%s): sitegen shows it on every page", LayoutFile, p.cond.Line, p.cond.Text))
	}
	// DesktopOnly and MobileOnly: Quartz hides the component on a narrow
	// (or a wide) screen; sitegen's navigation is on both, in a menu on a
	// narrow one. Said, not warned: Quartz's own template writes
	// DesktopOnly(Explorer()) (4.0-4.3).
	only := map[string]bool{}
	for _, p := range content {
		kind := "both"
		for _, u := range p.under {
			if u == "Component.DesktopOnly" || u == "Component.MobileOnly" {
				kind = u
			}
		}
		only[kind] = true
	}
	if len(only) == 1 && !only["both"] {
		for k := range only {
			e.Placed = strings.TrimPrefix(k, "Component.")
		}
	}
}

// option is one key: value of the Explorer's options: the value read,
// a function's code, and the key's line.
type option struct {
	key  string
	v    any
	code string
	line int
}

func (e *Explorer) warn(o option, instead string) {
	e.Warnings = append(e.Warnings, fmt.Sprintf("%s:%d: the Explorer's %s is a function sitegen cannot read: %s", LayoutFile, o.line, o.key, instead))
}

var (
	spaces = regexp.MustCompile(`\s+`)
	// The two branches of the documented sortFn that put one kind
	// first: a file before a folder returns this number.
	fileBeforeFolder = regexp.MustCompile(`if\((?:a\.file&&!b\.file|!a\.isFolder&&b\.isFolder)\)\{?return(-?1)`)
	folderBeforeFile = regexp.MustCompile(`if\((?:!a\.file&&b\.file|a\.isFolder&&!b\.isFolder)\)\{?return(-?1)`)
	localeCompare    = regexp.MustCompile(`a\.(?:displayName|name|slugSegment)\.localeCompare\(b\.(?:displayName|name|slugSegment)(\)|,undefined,\{numeric:true,sensitivity:["']base["'],?\}\))`)
	// filterFn: the default, "node.slugSegment !== "tags"" (4.5; "node.name" before).
	defaultFilter = regexp.MustCompile(`^\(?node\)?=>\{?(?:return)?node\.(?:slugSegment|name)!==?["']tags["'];?\}?$`)
	// "Remove list of elements": a Set of names the node's is not in.
	omitFilter = regexp.MustCompile(`^\(?node\)?=>\{(?:const|let|var)(\w+)=newSet\(\[([^\]]*)\]\);?return!(\w+)\.has\(node\.(name|slugSegment|displayName)(\.toLowerCase\(\))?\);?\}$`)
	// A note with a tag removed: node.file?.frontmatter?.tags?.includes("x") !== true (4.0-4.4), node.data?.tags?.includes("x") !== true (4.5).
	tagFilter     = regexp.MustCompile(`^\(?node\)?=>\{?(?:return)?node\.(?:file\??\.frontmatter|data)\??\.tags\??\.includes\(["']([^"']+)["']\)!==?true;?\}?$`)
	quoted        = regexp.MustCompile(`"([^"]*)"|'([^']*)'`)
	trailingComma = regexp.MustCompile(`,([}\])])`)
)

func (e *Explorer) option(o option) {
	str, isStr := o.v.(string)
	// undefined (read as nil): "if (opts.sortFn)" is false.
	flat := spaces.ReplaceAllString(o.code, "")
	if o.v == nil {
		flat = "undefined"
	}
	switch o.key {
	case "title":
		if isStr {
			e.Title = str
		}
	case "folderDefaultState":
		e.Open = str == "open"
	case "folderClickBehavior":
		e.LinkFolders = str == "link"
	case "sortFn":
		e.readSort(o, flat)
	case "filterFn":
		e.readFilter(o, flat)
	case "mapFn":
		if flat == "undefined" {
			return
		}
		steps, ok := readRename(code(o.code))
		if !ok {
			e.warn(o, "the display names are the notes' titles and the folders' names, unchanged")
			return
		}
		e.Rename = steps
	}
}

// Rename is one statement of a mapFn that sets node.displayName: its
// case changed (Case "upper" or "lower"), or a prefix written before it,
// Folder for a folder's node and File for a note's.
type Rename struct {
	Case         string
	Folder, File string
}

// Label is the Explorer's display name of a node named name once the
// mapFn's statements ran.
func (e Explorer) Label(name string, folder bool) string {
	for _, r := range e.Rename {
		switch {
		case r.Case == "upper":
			name = strings.ToUpper(name)
		case r.Case == "lower":
			name = strings.ToLower(name)
		case folder:
			name = r.Folder + name
		default:
			name = r.File + name
		}
	}
	return name
}

var (
	// The mapFn's parameter and body: "(node) => { ... }".
	mapBody = regexp.MustCompile(`^\(?(\w+)(?::\w+)?\)?=>\{(.*)\}$`)
	// "node.displayName = node.displayName.toUpperCase()" (4.5;
	// node.name before).
	caseStmt = regexp.MustCompile(`^N\.(?:displayName|name)=N\.(?:displayName|name)\.to(Upper|Lower)Case\(\);?`)
	// "if (node.file) { node.displayName = "📄 " + node.displayName }
	// else { node.displayName = "📁 " + node.displayName }" (node.isFolder
	// in 4.5, either branch first).
	prefixStmt = regexp.MustCompile(`^if\((!?)N\.(isFolder|file)\)\{?N\.(?:displayName|name)=("[^"]*"|'[^']*')\+N\.(?:displayName|name);?\}?else\{?N\.(?:displayName|name)=("[^"]*"|'[^']*')\+N\.(?:displayName|name);?\}?`)
	// "// dont change name of root node / if (node.depth > 0) { ... }":
	// the root is never shown.
	depthStmt = regexp.MustCompile(`^if\(N\.depth>0\)\{(.*)\}$`)
	// "return node" (the mapFn of Quartz 5's plugin returns its node).
	returnStmt = regexp.MustCompile(`^return N;?`)
)

// readRename reads a mapFn, flat (its code without spaces): ok false
// when a statement is not one of the documented forms.
func readRename(flat string) (steps []Rename, ok bool) {
	m := mapBody.FindStringSubmatch(flat)
	if m == nil {
		return nil, false
	}
	// The parameter's name, whatever it is, read as N.
	body := regexp.MustCompile(`\b`+regexp.QuoteMeta(m[1])+`\b`).ReplaceAllString(m[2], "N")
	for body != "" {
		if d := depthStmt.FindStringSubmatch(body); d != nil {
			body = d[1]
			continue
		}
		if c := caseStmt.FindStringSubmatch(body); c != nil {
			steps = append(steps, Rename{Case: strings.ToLower(c[1])})
			body = body[len(c[0]):]
			continue
		}
		if p := prefixStmt.FindStringSubmatch(body); p != nil {
			first, second := unquote(p[3]), unquote(p[4])
			// The first branch is the folder's when the test is
			// node.isFolder or !node.file.
			if (p[2] == "isFolder") == (p[1] == "") {
				steps = append(steps, Rename{Folder: first, File: second})
			} else {
				steps = append(steps, Rename{Folder: second, File: first})
			}
			body = body[len(p[0]):]
			continue
		}
		if r := returnStmt.FindString(body); r != "" {
			body = body[len(r):]
			continue
		}
		return nil, false
	}
	return steps, true
}

func word(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func unquote(q string) string { return q[1 : len(q)-1] }

// code is TypeScript source without its whitespace, but for the
// whitespace of its string literals and one space between two words.
func code(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\'' || c == '`':
			j := min(stringEnd(s, i)+1, len(s))
			b.WriteString(s[i:j])
			i = j - 1
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			// One space between two words ("return node").
			rest := strings.TrimLeft(s[i:], " \t\r\n")
			if out := b.String(); out != "" && rest != "" && word(out[len(out)-1]) && word(rest[0]) {
				b.WriteByte(' ')
			}
			i = len(s) - len(rest) - 1
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func (e *Explorer) readSort(o option, flat string) {
	if flat == "undefined" {
		// "if (opts.sortFn) trie.sort(opts.sortFn)" (explorer.inline.ts):
		// no sort, the notes in the order Quartz read them, which is no
		// rule sitegen can follow.
		e.Warnings = append(e.Warnings, fmt.Sprintf("%s:%d: the Explorer's sortFn is undefined: Quartz does not sort the Explorer (its notes in the order it read them); sitegen keeps the default order (folders first, then by name)", LayoutFile, o.line))
		return
	}
	files, folders := fileBeforeFolder.FindStringSubmatch(flat), folderBeforeFile.FindStringSubmatch(flat)
	cmpName := localeCompare.FindStringSubmatch(flat)
	if cmpName == nil || (files == nil && folders == nil) || strings.Count(flat, "return") > 3 {
		e.warn(o, "the Explorer's default order is used (folders first, then by name)")
		return
	}
	e.Text = cmpName[1] == ")"
	e.FilesFirst = files != nil && files[1] == "-1" || folders != nil && folders[1] == "1"
}

func (e *Explorer) readFilter(o option, flat string) {
	switch {
	case flat == "undefined":
		e.ShowTags = true
	case defaultFilter.MatchString(flat):
	case omitFilter.MatchString(flat):
		m := omitFilter.FindStringSubmatch(flat)
		if m[1] != m[3] {
			e.warn(o, "every note is listed")
			return
		}
		// The names as written (spaces kept), not the flattened text.
		names := o.code[strings.Index(o.code, "[")+1:]
		names = names[:strings.Index(names, "]")]
		e.Omit = map[string]bool{}
		for _, q := range quoted.FindAllStringSubmatch(names, -1) {
			e.Omit[q[1]+q[2]] = true
		}
		e.OmitBy, e.OmitLower = m[4], m[5] != ""
	case tagFilter.MatchString(flat):
		e.ExcludeTag = tagFilter.FindStringSubmatch(flat)[1]
	default:
		e.warn(o, "every note is listed")
	}
}

// Hidden reports whether the Explorer's filterFn leaves out the node of
// a note or folder: name is the last part of its slug, title its display
// name, tags its front matter's tags.
func (e Explorer) Hidden(name, title string, tags []string) bool {
	if e.Omit != nil {
		v := name
		if e.OmitBy == "displayName" {
			v = title
		}
		if e.OmitLower {
			v = strings.ToLower(v)
		}
		if e.Omit[v] {
			return true
		}
	}
	if e.ExcludeTag != "" {
		for _, t := range tags {
			if t == e.ExcludeTag {
				return true
			}
		}
	}
	return false
}

// stringEnd is the index of the quote that closes the string literal
// opened at s[open] (escapes skipped), or len(s) when it is not closed.
func stringEnd(s string, open int) int {
	i := open + 1
	for ; i < len(s) && s[i] != s[open]; i++ {
		if s[i] == '\\' {
			i++
		}
	}
	return i
}

// readExplorer reads quartz.layout.ts, at rel in dir, shown as prefix
// and its name ("", "../quartz/"), and applies what it says to l, the
// layout of rules r: a site without it keeps Quartz's defaults.
func readExplorer(l *layout.Layout, r *Rules, dir, rel, prefix string) error {
	if !layout.Exists(dir, rel, false) {
		return nil
	}
	raw, err := layout.ReadSetting(dir, rel)
	if err != nil {
		return err
	}
	e := ReadExplorer(raw)
	for _, w := range e.Warnings {
		l.Notes = append(l.Notes, prefix+w)
	}
	if !e.Present {
		// "Removing table of contents: remove `Component.Explorer()` from
		// `quartz.layout.ts`": no navigation beside the notes.
		l.Hide = func(map[string]any) (toc, nav, pager, path bool) { return false, true, false, false }
		l.Read = append(l.Read, prefix+LayoutFile+": no Component.Explorer (no navigation)")
	} else {
		opts := []string{fmt.Sprintf("title %q", e.Title)}
		if e.Open {
			// folderDefaultState: "open": every folder shows its notes.
			l.NavUnfold = maxDepth
			opts = append(opts, `folderDefaultState "open"`)
		}
		if e.LinkFolders {
			opts = append(opts, `folderClickBehavior "link"`)
		}
		if e.FilesFirst {
			opts = append(opts, "sortFn files first")
		}
		if e.Text {
			opts = append(opts, "sortFn localeCompare (not numeric)")
		}
		r.FilesFirst, r.Text = e.FilesFirst, e.Text
		if e.Rename != nil {
			// "Change display names (map)": the Explorer's labels,
			// which its sort compares (order: filter, map, sort).
			l.NavRename = e.Label
			opts = append(opts, "mapFn renames")
		}
		if e.Omit != nil || e.ExcludeTag != "" {
			if e.Omit != nil {
				opts = append(opts, fmt.Sprintf("filterFn leaves out %d names", len(e.Omit)))
			}
			if e.ExcludeTag != "" {
				opts = append(opts, fmt.Sprintf("filterFn leaves out the notes tagged %q", e.ExcludeTag))
			}
			l.NavHidden = func(rel string, folder bool, title string, meta map[string]any) bool {
				name := path.Base(rel)
				if folder || r.Index(name) {
					name = path.Base(path.Dir(rel))
				} else {
					name = strings.TrimSuffix(name, path.Ext(name))
				}
				return e.Hidden(r.Segment(name), title, metaTags(meta))
			}
		}
		switch e.NavOn {
		case "notes":
			// defaultListPageLayout without an Explorer: Quartz's
			// folder and tag pages (sitegen's section pages) have none.
			l.NoNav = func(k templates.Kind) bool { return k == templates.KindSection }
			opts = append(opts, "on the notes' pages only (defaultListPageLayout places none: no navigation on folder and tag pages)")
		case "listings":
			l.NoNav = func(k templates.Kind) bool { return k != templates.KindSection }
			opts = append(opts, "on folder and tag pages only (defaultContentPageLayout places none: no navigation beside the notes)")
		}
		if e.Placed != "" {
			// Quartz hides it on a narrow (or a wide) screen; sitegen's
			// navigation is on both, in its menu on a narrow one.
			opts = append(opts, "in Component."+e.Placed+" (sitegen shows it on every screen)")
		}
		l.Read = append(l.Read, prefix+LayoutFile+" Component.Explorer: "+strings.Join(opts, ", "))
	}
	if !e.Backlinks {
		l.NoBacklinks = true
		l.Read = append(l.Read, prefix+LayoutFile+": no Component.Backlinks (no \"Linked from\" lists)")
	}
	if e.Graph {
		l.Notes = append(l.Notes, prefix+LayoutFile+": Component.Graph is placed; sitegen draws no graph view")
	}
	if e.RecentNotes {
		l.Notes = append(l.Notes, prefix+LayoutFile+": Component.RecentNotes is placed; sitegen lists no recent notes")
	}
	return nil
}

// maxDepth is deeper than any folder: every level of the navigation
// unfolded.
const maxDepth = 1 << 10

// metaTags are the front matter's tags as Quartz's FrontMatter plugin
// reads them: a list, or one string of comma-separated tags.
func metaTags(meta map[string]any) []string {
	var out []string
	switch v := meta["tags"].(type) {
	case []any:
		for _, t := range v {
			if s, ok := t.(string); ok {
				out = append(out, strings.TrimSpace(s))
			}
		}
	case []string:
		out = v
	case string:
		for _, s := range strings.Split(v, ",") {
			out = append(out, strings.TrimSpace(s))
		}
	}
	return out
}
