package quartz

import (
	"fmt"
	"path"
	"regexp"
	"strconv"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
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
	// Warnings name the functions sitegen cannot read, with their file
	// and line, and what sitegen does instead.
	Warnings []string
}

// ReadExplorer reads src, the text of quartz.layout.ts.
func ReadExplorer(src []byte) Explorer {
	text := stripComments(string(src))
	e := Explorer{Read: true, Title: "Explorer"}
	e.Backlinks = strings.Contains(text, "Component.Backlinks(")
	e.Graph = strings.Contains(text, "Component.Graph(")
	e.RecentNotes = strings.Contains(text, "Component.RecentNotes(")
	at := strings.Index(text, "Component.Explorer(")
	if at < 0 {
		return e
	}
	e.Present = true
	// Several explorers (MobileOnly and DesktopOnly, one per layout) are
	// one when their options are written alike.
	distinct := map[string]bool{}
	for rest, off := text, 0; ; {
		i := strings.Index(rest, "Component.Explorer(")
		if i < 0 {
			break
		}
		open := off + i + len("Component.Explorer")
		distinct[trailingComma.ReplaceAllString(spaces.ReplaceAllString(balanced(text, open), ""), "$1")] = true
		off = open + 1
		rest = text[off:]
	}
	if n := len(distinct); n > 1 {
		e.Warnings = append(e.Warnings, fmt.Sprintf("%s:%d: %d different Component.Explorer placed; sitegen reads the first one's options for every page", LayoutFile, lineAt(text, at), n))
	}
	open := at + len("Component.Explorer")
	args := balanced(text, open)
	body := strings.TrimSpace(args)
	base := open + 1 + strings.Index(args, "{")
	if m := identifier.FindStringSubmatch(body); m != nil {
		// Component.Explorer(explorerOptions): the object declared so.
		decl := regexp.MustCompile(`(?:const|let|var)\s+` + regexp.QuoteMeta(m[1]) + `\b[^=]*=\s*\{`).FindStringIndex(text)
		if decl == nil {
			e.Warnings = append(e.Warnings, fmt.Sprintf("%s:%d: the Explorer's options %s are not an object sitegen can read: its defaults used", LayoutFile, lineAt(text, at), m[1]))
			return e
		}
		base = decl[1] - 1
	} else if !strings.HasPrefix(body, "{") {
		return e
	}
	obj := balanced(text, base)
	for _, opt := range splitTop(obj, base+1) {
		e.option(text, opt)
	}
	return e
}

// option is one key: value of the Explorer's options, the value starting
// at byte off of text.
type option struct {
	key, value string
	off        int
}

// line is the 1-based line of byte off in text (comments are blanked
// with spaces, so offsets are the file's).
func lineAt(text string, off int) int { return strings.Count(text[:off], "\n") + 1 }

func (e *Explorer) warn(text string, o option, instead string) {
	e.Warnings = append(e.Warnings, fmt.Sprintf("%s:%d: the Explorer's %s is a function sitegen cannot read: %s", LayoutFile, lineAt(text, o.off), o.key, instead))
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
	// identifier is an argument that names the options' object.
	identifier = regexp.MustCompile(`^([A-Za-z_$][\w$]*)$`)
)

func (e *Explorer) option(text string, o option) {
	v := strings.TrimSpace(o.value)
	if i := strings.LastIndex(v, " as "); i > 0 && strings.TrimSpace(v[i+4:]) == "const" { // "open" as const
		v = strings.TrimSpace(v[:i])
	}
	flat := spaces.ReplaceAllString(v, "")
	str := func() (string, bool) {
		if s, err := strconv.Unquote(v); err == nil {
			return s, true
		}
		if len(v) >= 2 && v[0] == '\'' && v[len(v)-1] == '\'' {
			return v[1 : len(v)-1], true
		}
		return "", false
	}
	switch o.key {
	case "title":
		if s, ok := str(); ok {
			e.Title = s
		}
	case "folderDefaultState":
		s, _ := str()
		e.Open = s == "open"
	case "folderClickBehavior":
		s, _ := str()
		e.LinkFolders = s == "link"
	case "sortFn":
		e.readSort(text, o, flat)
	case "filterFn":
		e.readFilter(text, o, flat)
	case "mapFn":
		if flat == "undefined" {
			return
		}
		steps, ok := readRename(code(v))
		if !ok {
			e.warn(text, o, "the display names are the notes' titles and the folders' names, unchanged")
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

func (e *Explorer) readSort(text string, o option, flat string) {
	if flat == "undefined" {
		// "if (opts.sortFn) trie.sort(opts.sortFn)" (explorer.inline.ts):
		// no sort, the notes in the order Quartz read them, which is no
		// rule sitegen can follow.
		e.Warnings = append(e.Warnings, fmt.Sprintf("%s:%d: the Explorer's sortFn is undefined: Quartz does not sort the Explorer (its notes in the order it read them); sitegen keeps the default order (folders first, then by name)", LayoutFile, lineAt(text, o.off)))
		return
	}
	files, folders := fileBeforeFolder.FindStringSubmatch(flat), folderBeforeFile.FindStringSubmatch(flat)
	cmpName := localeCompare.FindStringSubmatch(flat)
	if cmpName == nil || (files == nil && folders == nil) || strings.Count(flat, "return") > 3 {
		e.warn(text, o, "the Explorer's default order is used (folders first, then by name)")
		return
	}
	e.Text = cmpName[1] == ")"
	e.FilesFirst = files != nil && files[1] == "-1" || folders != nil && folders[1] == "1"
}

func (e *Explorer) readFilter(text string, o option, flat string) {
	switch {
	case flat == "undefined":
		e.ShowTags = true
	case defaultFilter.MatchString(flat):
	case omitFilter.MatchString(flat):
		m := omitFilter.FindStringSubmatch(flat)
		if m[1] != m[3] {
			e.warn(text, o, "every note is listed")
			return
		}
		// The names as written (spaces kept), not the flattened text.
		names := o.value[strings.Index(o.value, "[")+1:]
		names = names[:strings.Index(names, "]")]
		e.Omit = map[string]bool{}
		for _, q := range quoted.FindAllStringSubmatch(names, -1) {
			e.Omit[q[1]+q[2]] = true
		}
		e.OmitBy, e.OmitLower = m[4], m[5] != ""
	case tagFilter.MatchString(flat):
		e.ExcludeTag = tagFilter.FindStringSubmatch(flat)[1]
	default:
		e.warn(text, o, "every note is listed")
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

// stripComments blanks // and /* */ comments out of TypeScript source,
// strings and template literals kept, offsets and lines unchanged.
func stripComments(s string) string {
	b := []byte(s)
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case c == '"' || c == '\'' || c == '`':
			for i++; i < len(b) && b[i] != c; i++ {
				if b[i] == '\\' {
					i++
				}
			}
		case c == '/' && i+1 < len(b) && b[i+1] == '/':
			for ; i < len(b) && b[i] != '\n'; i++ {
				b[i] = ' '
			}
		case c == '/' && i+1 < len(b) && b[i+1] == '*':
			for ; i < len(b) && !(b[i] == '*' && i+1 < len(b) && b[i+1] == '/'); i++ {
				if b[i] != '\n' {
					b[i] = ' '
				}
			}
			if i+1 < len(b) {
				b[i], b[i+1] = ' ', ' '
				i++
			}
		}
	}
	return string(b)
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

// balanced is the text inside the bracket at s[open], up to its closing
// bracket (strings skipped), or the rest of s when it is not closed.
func balanced(s string, open int) string {
	depth := 0
	for i := open; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\'', '`':
			i = stringEnd(s, i)
		case '(', '{', '[':
			depth++
		case ')', '}', ']':
			if depth--; depth == 0 {
				return s[open+1 : i]
			}
		}
	}
	return s[min(open+1, len(s)):]
}

// splitTop splits an object literal's text (starting at byte off of the
// file) into its key: value options, at the commas outside brackets.
func splitTop(s string, off int) []option {
	var out []option
	depth, start := 0, 0
	add := func(end int) {
		part := s[start:end]
		k, v, ok := strings.Cut(part, ":")
		if key := strings.TrimSpace(k); ok && key != "" {
			out = append(out, option{key: strings.Trim(key, `"'`), value: v, off: off + start + len(k) - len(strings.TrimLeft(k, " \t\r\n"))})
		}
		start = end + 1
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\'', '`':
			i = stringEnd(s, i)
		case '(', '{', '[':
			depth++
		case ')', '}', ']':
			depth--
		case ',':
			if depth == 0 {
				add(i)
			}
		}
	}
	add(len(s))
	return out
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
