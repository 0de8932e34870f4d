package jekyll

import (
	"bytes"
	"cmp"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"gopkg.in/yaml.v3"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/srcpath"
)

// A collection is one of the site's collections: (_config.yml
// collections:, https://jekyllrb.com/docs/collections/), posts included
// (https://jekyllrb.com/docs/posts/): the documents of the folder _label
// under collections_dir, published at its permalink when output is true.
type collection struct {
	label     string
	title     string // its label in the navigation (collectionTitle)
	dir       string // content-relative folder: "_rules", "my/_posts"
	output    bool
	permalink string   // the URL template of its documents
	keepCase  bool     // URLs keep the case of names (layout.Layout.KeepCase)
	order     []string // its order: (file paths inside its folder), nil if none
	sortBy    string   // its sort_by: (a front matter key), "" if none
}

// postTitle is Jekyll's title of the post at inner (its path in _posts/)
// that has none: the slug after its date, each word capitalized.
func postTitle(inner string) string {
	name := strings.TrimSuffix(path.Base(inner), path.Ext(inner))
	if mm := postName.FindStringSubmatch(name); mm != nil {
		name = mm[4]
	}
	return titleize(name)
}

// postName is a post's file name: its date and title.
var postName = regexp.MustCompile(`^(\d{4})-(\d{1,2})-(\d{1,2})-(.+)$`)

// styles are Jekyll's built-in permalink styles for posts
// (https://jekyllrb.com/docs/permalinks/#built-in-formats).
var styles = map[string]string{
	"date":     "/:categories/:year/:month/:day/:title:output_ext",
	"pretty":   "/:categories/:year/:month/:day/:title/",
	"ordinal":  "/:categories/:year/:y_day/:title:output_ext",
	"weekdate": "/:categories/:year/W:week/:short_day/:title:output_ext",
	"none":     "/:categories/:title:output_ext",
}

// collections returns the site's collections, posts among them.
func collections(m map[string]any, style string) []collection {
	cdir := strings.Trim(str(m["collections_dir"]), "/")
	settings := map[string]map[string]any{}
	var labels []string
	switch v := m["collections"].(type) {
	case []any:
		for _, x := range v {
			if s, ok := x.(string); ok && !slices.Contains(labels, s) {
				labels = append(labels, s)
			}
		}
	case map[string]any:
		for k, x := range v {
			labels = append(labels, k)
			settings[k], _ = x.(map[string]any)
		}
		slices.Sort(labels)
	}
	if !slices.Contains(labels, "posts") {
		labels = append([]string{"posts"}, labels...)
	}
	// The suffix of a default template follows the site's style: "/" for
	// a style ending in "/" (pretty), :output_ext otherwise.
	suffix := ":output_ext"
	if t := cmp.Or(styles[style], style); strings.HasSuffix(t, "/") {
		suffix = "/"
	}
	var out []collection
	for _, label := range labels {
		s := settings[label]
		c := collection{label: label, title: collectionTitle(m, label, s), dir: path.Join(cdir, "_"+label), permalink: str(s["permalink"])}
		c.output = layout.True(s["output"])
		c.sortBy, _ = s["sort_by"].(string) // "elsif metadata[\"sort_by\"].is_a?(String)"
		if list, ok := s["order"].([]any); ok {
			c.order = make([]string, 0, len(list))
			for _, x := range list {
				c.order = append(c.order, fmt.Sprint(x))
			}
		}
		if label == "posts" {
			c.output = s == nil || s["output"] == nil || layout.True(s["output"])
			if c.permalink == "" {
				c.permalink = cmp.Or(styles[cmp.Or(style, "date")], style)
			}
		}
		if t, ok := styles[c.permalink]; ok {
			c.permalink = t
		}
		if c.permalink == "" {
			c.permalink = "/:collection/:path" + suffix
		}
		out = append(out, c)
	}
	return out
}

// collectionTitle is the label of the collection label (its settings s)
// in the navigation: its own title: ("You can optionally specify
// metadata for your collection in the configuration",
// https://jekyllrb.com/docs/collections/), else just-the-docs' name for
// it ("just_the_docs: collections: tests: name: Tests",
// https://just-the-docs.com/docs/navigation/main/collections/), else the
// label.
func collectionTitle(m map[string]any, label string, s map[string]any) string {
	return cmp.Or(str(s["title"]), str(nested(m, "just_the_docs", "collections", label, "name")), label)
}

// str is a setting's text, trimmed ("" when it is not text).
func str(v any) string {
	s, _ := v.(string)
	return strings.TrimSpace(s)
}

// find returns the collection holding the content-relative path rel and
// rel's path inside it; a post may sit in a _posts folder at any depth,
// the folders above it its categories.
func find(cs []collection, rel string) (c *collection, inner string, cats []string) {
	for i := range cs {
		if after, ok := strings.CutPrefix(rel, cs[i].dir+"/"); ok {
			return &cs[i], after, nil
		}
	}
	posts := slices.IndexFunc(cs, func(c collection) bool { return c.label == "posts" })
	if i := strings.Index("/"+rel, "/_posts/"); i >= 0 && posts >= 0 && cs[posts].dir == "_posts" {
		if before := strings.Trim(rel[:i], "/"); before != "" {
			cats = strings.Split(before, "/")
		}
		return &cs[posts], rel[i+len("_posts/"):], cats
	}
	return nil, "", nil
}

// url expands the collection's permalink template (or the document's
// own permalink:) for the document at inner (its path inside the
// collection) with front matter fm; sitegen serves every page at a
// folder URL, so :output_ext and a trailing .html become "/"; spaces
// become hyphens as in sitegen's other URLs (Jekyll writes
// "/rules/Big Rule/"), and the case is kept where the layout keeps it
// (:name, :slug and :categories are lower case in Jekyll too).
// date is a document's date: a post's file name's, unless the front
// matter's date: "Overrides the date from the name of the post"
// (https://jekyllrb.com/docs/front-matter/); ok is false when it has
// neither (a post dated year 1, 0001-01-01-x.md, has one).
func (c *collection) date(inner string, fm map[string]any) (date time.Time, ok bool) {
	name := path.Base(strings.TrimSuffix(inner, path.Ext(inner)))
	if mm := postName.FindStringSubmatch(name); c.label == "posts" && mm != nil {
		y, _ := strconv.Atoi(mm[1])
		mo, _ := strconv.Atoi(mm[2])
		d, _ := strconv.Atoi(mm[3])
		date, ok = time.Date(y, time.Month(mo), d, 0, 0, 0, 0, time.UTC), true
	}
	if d, isTime := fm["date"].(time.Time); isTime {
		date, ok = d, true
	} else if s := str(fm["date"]); len(s) >= 10 {
		if d, isTime := layout.Time(s); isTime {
			date, ok = d, true
		} else if d, err := time.Parse("2006-01-02", s[:10]); err == nil {
			date, ok = d, true
		}
	}
	return date, ok
}

// sortDocs orders the documents of c (each its path and front matter,
// as Liquid reads them) as Jekyll 4.3's Collection#sort_docs! does: by
// its order: list (rearrange_docs!: the listed files first, in that
// order, the others after them by Document#<=>), else by its sort_by:
// key (sort_docs_by_key!: documents with the key by its value, those
// without after them; equal or incomparable values by Document#<=>),
// else by Document#<=> (docCompare).
func (c *collection) sortDocs(docs []*hash) {
	slices.SortStableFunc(docs, docCompare)
	switch {
	case c.order != nil:
		rank := map[string]int{}
		for i, f := range c.order {
			if _, dup := rank[path.Join(c.dir, f)]; !dup {
				rank[path.Join(c.dir, f)] = i
			}
		}
		slices.SortStableFunc(docs, func(a, b *hash) int {
			ra, aok := rank[str(a.m["path"])]
			rb, bok := rank[str(b.m["path"])]
			switch {
			case aok && bok:
				return cmp.Compare(ra, rb)
			case aok:
				return -1
			case bok:
				return 1
			}
			return 0
		})
	case c.sortBy != "":
		slices.SortStableFunc(docs, func(a, b *hash) int {
			va, vb := a.m[c.sortBy], b.m[c.sortBy]
			switch {
			case va == nil && vb != nil:
				return 1
			case va != nil && vb == nil:
				return -1
			}
			if n, ok := rubyCompare(va, vb); ok && n != 0 {
				return n
			}
			return docCompare(a, b)
		})
	}
}

// docCompare is Jekyll's Document#<=>: "data[\"date\"] <=> other.data[\"date\"]",
// then the paths where that is nil or zero (a document without a date
// has none to compare: jekyll build 4.3 puts goblin.md, undated, before
// orc.md of 2020).
func docCompare(a, b *hash) int {
	ta, aok := a.m["date"].(time.Time)
	tb, bok := b.m["date"].(time.Time)
	if aok && bok {
		if n := ta.Compare(tb); n != 0 {
			return n
		}
	}
	return cmp.Compare(str(a.m["path"]), str(b.m["path"]))
}

// rubyCompare is Ruby's a <=> b of two front matter values: numbers by
// value, texts by their bytes, times by time; ok is false where Ruby
// gives nil (values of two kinds, lists, maps, booleans).
func rubyCompare(a, b any) (n int, ok bool) {
	num := func(v any) (float64, bool) {
		switch x := v.(type) {
		case int:
			return float64(x), true
		case int64:
			return float64(x), true
		case uint64:
			return float64(x), true
		case float64:
			return x, true
		}
		return 0, false
	}
	if fa, aok := num(a); aok {
		fb, bok := num(b)
		return cmp.Compare(fa, fb), bok
	}
	switch x := a.(type) {
	case string:
		y, ok := b.(string)
		return strings.Compare(x, y), ok
	case time.Time:
		y, ok := b.(time.Time)
		return x.Compare(y), ok
	}
	return 0, false
}

// dateAfter says whether the document at inner of c (front matter fm)
// has a date, after now.
func dateAfter(c *collection, inner string, fm map[string]any, now time.Time) bool {
	d, ok := c.date(inner, fm)
	return ok && d.After(now)
}

func (c *collection) url(inner string, fm map[string]any, cats []string) string {
	tpl := c.permalink
	if pl := str(fm["permalink"]); strings.Contains(pl, ":") {
		tpl = pl
	}
	noext := strings.TrimSuffix(inner, path.Ext(inner))
	name := path.Base(noext)
	title := name
	var date time.Time
	dated := false // a post's date, which may be year 1 (time.Time's zero)
	if c.label == "posts" {
		if mm := postName.FindStringSubmatch(name); mm != nil {
			title = mm[4]
		}
		date, dated = c.date(inner, fm)
	}
	if s := str(fm["slug"]); s != "" {
		title = s
	}
	cats = append(cats, frontCategories(fm)...)
	for i := range cats {
		cats[i] = strings.ToLower(cats[i])
	}
	vars := map[string]string{
		"collection": c.label, "path": noext, "name": slugify(name), "title": prettySlug(title), "slug": slugify(title),
		"categories": strings.Join(cats, "/"), "output_ext": "",
	}
	if dated {
		vars["year"] = date.Format("2006")
		vars["short_year"] = date.Format("06")
		vars["month"] = date.Format("01")
		vars["i_month"] = strconv.Itoa(int(date.Month()))
		vars["day"] = date.Format("02")
		vars["i_day"] = strconv.Itoa(date.Day())
		vars["y_day"] = fmt.Sprintf("%03d", date.YearDay())
		_, wk := date.ISOWeek()
		vars["week"] = fmt.Sprintf("%02d", wk)
		vars["short_day"] = date.Format("Mon")
	}
	u := placeholder.ReplaceAllStringFunc(tpl, func(p string) string { return vars[p[1:]] })
	file := strings.HasSuffix(tpl, ":output_ext") || strings.HasSuffix(tpl, ".html") // written as a file: x.html
	u = strings.TrimSuffix(strings.TrimSuffix(u, ".html"), ".htm")
	if file && path.Base(u) == "index" {
		u = path.Dir(u) // /rules/index.html is served as /rules/
	}
	u = path.Clean("/" + c.fold(u))
	if u == "/" {
		return u
	}
	return u + "/"
}

// staticURL is the URL Jekyll 4 copies the collection's static file at
// inner (its path in the collection) to (StaticFile#url): the
// collection's permalink template with :collection, :path (inner without
// its extension) and :name (its base name without it), :output_ext and
// :title empty, its trailing "/" dropped, and the file's extension added:
// /sessions/notes.txt for _sessions/notes.txt with the default
// /:collection/:path:output_ext.
func (c *collection) staticURL(inner string) string {
	ext := path.Ext(inner)
	noext := strings.TrimSuffix(inner, ext)
	vars := map[string]string{"collection": c.label, "path": noext, "name": path.Base(noext)}
	u := placeholder.ReplaceAllStringFunc(c.permalink, func(p string) string { return vars[p[1:]] })
	return path.Clean("/"+strings.TrimSuffix(u, "/")) + ext
}

// placeholder is a template variable of a permalink (:title).
var placeholder = regexp.MustCompile(`:[a-z_]+`)

// frontCategories are a post's categories: (a list or a space-separated
// string) and category:.
func frontCategories(fm map[string]any) []string {
	var out []string
	for _, key := range []string{"category", "categories"} {
		switch v := fm[key].(type) {
		case string:
			out = append(out, strings.Fields(v)...)
		case []any:
			for _, x := range v {
				if s := str(fmt.Sprint(x)); s != "" {
					out = append(out, s)
				}
			}
		}
	}
	return out
}

// prettySlug is a document's :title, Jekyll's slugify in "pretty" mode,
// case kept (Document#url_placeholders: Utils.slugify(..., mode:
// "pretty", cased: true)): each run of characters other than letters,
// marks, digits and ._~!$&'()+,;=@ is one hyphen, none at either end
// ("Big Day" is Big-Day; :path keeps the file's name as it is).
func prettySlug(s string) string {
	keep := func(r rune) bool {
		return unicode.IsLetter(r) || unicode.IsMark(r) || unicode.Is(unicode.Nd, r) || strings.ContainsRune("._~!$&'()+,;=@", r)
	}
	var b strings.Builder
	dash := false
	for _, r := range s {
		if keep(r) {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}

// slugify is Jekyll's default slug: runs of characters other than letters
// and digits become one hyphen, lower case.
func slugify(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}

// folderURL is the URL of the section sitegen gives a collection's folder
// (Jekyll has none): the fixed start of its permalink ("/miniature/" of
// "/miniature/:name/"), else "/label/"; a folder inside it follows.
func (c *collection) folderURL(inner string) string {
	base := c.permalink
	if i := strings.Index(base, ":"); i >= 0 {
		base = base[:i]
	}
	base = strings.Trim(base, "/")
	if base == "" || strings.Contains(base, ".") {
		base = c.label
	}
	return path.Clean("/"+c.fold(base+"/"+inner)) + "/"
}

// fold is s in lower case, unless the layout keeps the case of names.
func (c *collection) fold(s string) string {
	if c.keepCase {
		return s
	}
	return strings.ToLower(s)
}

// publishCollections reads collections: (a list of labels or a map of
// label to settings) and collections_dir:: the folders of the
// collections whose output is true are published at their permalinks,
// the others are listed as not published.
func publishCollections(l *layout.Layout, m map[string]any) {
	cs := collections(m, l.Settings.Permalink)
	for i := range cs {
		cs[i].keepCase = l.KeepCase
	}
	switch v := m["collections"].(type) {
	case []any:
		l.Read = append(l.Read, fmt.Sprintf("collections: %d", len(v)))
	case map[string]any:
		l.Read = append(l.Read, fmt.Sprintf("collections: %d", len(v)))
	}
	if cdir := strings.Trim(str(m["collections_dir"]), "/"); cdir != "" {
		// "collections_dir: my_collections … all collections must be
		// placed in that directory" (https://jekyllrb.com/docs/collections/#setup):
		// a folder of the source, not a section of the site.
		l.NoSection = func(dir string) bool { return dir == cdir }
	}
	for _, c := range cs {
		// A collection is read from its one folder, not from a folder of
		// its name deeper down (TestNestedCollectionFolders).
		l.Include = append(l.Include, "/"+c.dir)
		if c.label == "posts" && c.output && c.dir == "_posts" {
			l.Include = append(l.Include, "_posts") // at any depth (not under a collections_dir)
		}
		if !c.output {
			l.UnpublishedPaths = append(l.UnpublishedPaths, layout.PathRule{
				Reason:   CollectionReason(c.label),
				Patterns: layout.ParseIgnore("/" + c.dir + "/")})
		}
	}
	// "To create a post, add a file to your _posts directory with the
	// following format: YEAR-MONTH-DAY-title.MARKUP"
	// (https://jekyllrb.com/docs/posts/): Jekyll 4.3 skips any other, saying
	// nothing.
	//
	// "future: Publish posts or collection documents with a future date"
	// (https://jekyllrb.com/docs/configuration/options/), false by default:
	// a document dated after now is not published.
	flag, future := l.Unpublished, layout.True(m["future"])
	l.Unpublished = func(meta map[string]any, rel string) string {
		if r := flag(meta, rel); r != "" {
			return r
		}
		if c, inner, _ := find(cs, rel); c != nil && !future && dateAfter(c, inner, meta, time.Now()) {
			return FutureReason
		}
		if c, inner, _ := find(cs, rel); c != nil && c.label == "posts" && c.output &&
			!postName.MatchString(strings.TrimSuffix(path.Base(inner), path.Ext(inner))) {
			return UndatedPostReason
		}
		return ""
	}
	// "Files in a collection that do not have front matter are treated as
	// static files and simply copied to their output location without
	// processing" (https://jekyllrb.com/docs/collections/#add-content):
	// that location is the collection's URL (staticURL), not its folder.
	l.FileSitePath = func(rel string) string {
		c, inner, cats := find(cs, rel)
		if c == nil || !c.output {
			return ""
		}
		if c.label == "posts" {
			// A dated file of _posts is a post whatever its extension:
			// Jekyll writes it at the post's URL with that extension
			// (/2015/04/01/pic.png).
			return strings.TrimSuffix(c.url(inner, nil, cats), "/") + path.Ext(inner)
		}
		return c.staticURL(inner)
	}
	// Jekyll reads only the files of _posts named YEAR-MONTH-DAY-title.EXT
	// (Document::DATE_FILENAME_MATCHER, the extension required) and says
	// nothing of the others; an undated Markdown file is still read, to be
	// reported as not published (UndatedPostReason).
	ignore := l.Ignore
	l.Ignore = func(rel string, dir bool) bool {
		if ignore != nil && ignore(rel, dir) {
			return true
		}
		if dir {
			return false
		}
		c, inner, _ := find(cs, rel)
		if _, md := l.Markup.MarkdownStem(path.Base(rel)); c == nil || c.label != "posts" || md {
			return false
		}
		ext := path.Ext(inner)
		return ext == "" || !postName.MatchString(strings.TrimSuffix(path.Base(inner), ext))
	}
	// "title: Jekyll […] uses the post's file name" when a post has none
	// (Document#populate_title: Utils.titleize_slug of the name after its
	// date; https://jekyllrb.com/docs/posts/), never a heading of its
	// text: jekyll-titles-from-headings leaves collections alone unless
	// told (titles_from_headings: collections: true).
	l.PageTitle = func(rel string) string {
		if c, inner, _ := find(cs, rel); c != nil && c.label == "posts" && c.output {
			return postTitle(inner)
		}
		return ""
	}
	l.PageURL = func(rel string, fm map[string]any) string {
		c, inner, cats := find(cs, rel)
		if c == nil || !c.output || fm == nil && c.label != "posts" {
			return "" // a collection's file without front matter: a page at its path (pageFile)
		}
		return c.url(inner, fm, cats)
	}
	// Jekyll writes a page whose URL template has no trailing slash as a
	// file (Page#template: "/:path/:basename" plus the permalink style's
	// suffix, ":output_ext" for date, ordinal and none, "/" for pretty or
	// a style ending in "/"; an index page is "/:path/"; a document takes
	// its collection's permalink), so a browser resolves a relative link
	// in it from its folder: "remove-curse" in /hex (icara-spellbook's
	// permalink "/:categories/:title") is /remove-curse.
	l.Defaults = defaultsFunc(readDefaults(m), cs)
	style := cmp.Or(styles[cmp.Or(l.Settings.Permalink, "date")], l.Settings.Permalink)
	l.FileURL = func(rel string, fm map[string]any) bool {
		if pl := str(fm["permalink"]); pl != "" {
			return !strings.HasSuffix(pl, "/")
		}
		if c, _, _ := find(cs, rel); c != nil && c.output && (fm != nil || c.label == "posts") {
			tpl := c.permalink
			return !strings.HasSuffix(tpl, "/")
		}
		if stem := strings.TrimSuffix(path.Base(rel), path.Ext(rel)); stem == "index" || strings.EqualFold(stem, "README") {
			return false
		}
		return !strings.HasSuffix(style, "/")
	}
	l.FolderURL = func(dir string) (string, string) {
		c, inner, _ := find(cs, dir+"/")
		if c == nil || !c.output || strings.Contains(inner, "/") && c.label == "posts" {
			return "", ""
		}
		title := c.title
		if inner != "" {
			title = path.Base(inner)
		}
		return c.folderURL(strings.TrimSuffix(inner, "/")), title
	}
}

// FutureReason is what the build's report says of a post or collection
// document dated in the future (Jekyll's future: false).
const FutureReason = "date in the future (Jekyll, future: false)"

// UndatedPostReason is what the build's report says of a file of _posts
// whose name does not start with a date.
const UndatedPostReason = "a post without YEAR-MONTH-DAY- in its name (Jekyll skips it)"

// CollectionReason is what the build's report says of the documents of a
// collection whose output is not true.
func CollectionReason(label string) string {
	return "_" + label + "/ (Jekyll collection without output: true)"
}

// placeCollections sets l.FolderPlace: just-the-docs' sidebar writes the
// collections of just_the_docs.collections in the order _config.yml
// gives them ("{%- for collection_entry in site.just_the_docs.collections
// -%}", _includes/components/site_nav.html; "Including `nav_fold: true`
// in a collection configuration *folds* that collection",
// https://just-the-docs.com/docs/navigation/main/collections/), and
// Jekyll's site.collections follows collections: as written (a Ruby
// hash keeps its order; "# Exclude the collection from the navigation
// … nav_exclude: true", ibid.); the settings file (file, under dir) is read
// again for that order, which the decoded map m has lost. A collection
// listed in neither comes after those listed. Where the site's theme is
// just-the-docs (JustTheDocs), a collection that just_the_docs.collections
// does not list is not in the navigation at all: the sidebar writes
// site.html_pages, which holds no collection's documents, then only the
// collections of that list.
func placeCollections(l *layout.Layout, m map[string]any, dir, file string) {
	raw, err := layout.ReadSetting(dir, file)
	if err != nil {
		return
	}
	var root yaml.Node
	if yaml.Unmarshal(raw, &root) != nil {
		return
	}
	order := mappingKeys(&root, "just_the_docs", "collections")
	theme := JustTheDocs(dir, m)
	if len(order) == 0 && !theme {
		order = mappingKeys(&root, "collections")
	}
	if len(order) == 0 && !theme {
		return
	}
	cs := collections(m, l.Settings.Permalink)
	l.FolderPlace = func(dir string) (int, bool, bool) {
		c, inner, _ := find(cs, dir+"/")
		if c == nil || inner != "" {
			return 0, false, false
		}
		i := slices.Index(order, c.label)
		if i < 0 {
			return len(order) + 1, false, theme
		}
		jtd := func(key string) bool { return layout.True(nested(m, "just_the_docs", "collections", c.label, key)) }
		return i + 1, jtd("nav_fold"), jtd("nav_exclude")
	}
}

// orderCollections sets l.NavOrder: where the site's own layouts list
// a collection (site.LABEL), its documents come in the collection's
// order (sortDocs), so the navigation lists them so too: a document
// listed in order: at its place there, else its sort_by: key's value,
// the others after them. Under just-the-docs, whose sidebar sorts them
// again by nav_order and title, nothing changes.
func orderCollections(l *layout.Layout, m map[string]any, dir string) {
	cs := collections(m, l.Settings.Permalink)
	if JustTheDocs(dir, m) || !slices.ContainsFunc(cs, func(c collection) bool { return c.order != nil || c.sortBy != "" }) {
		return
	}
	l.NavOrder = func(rel string, meta map[string]any) any {
		c, inner, _ := find(cs, rel)
		if c == nil || !c.output || c.label == "posts" {
			return nil
		}
		if c.order != nil { // sort_docs!: "if metadata[\"order\"].is_a?(Array) … elsif metadata[\"sort_by\"]"
			if i := slices.Index(c.order, inner); i >= 0 {
				return i + 1
			}
			return nil
		}
		if c.sortBy == "" {
			return nil
		}
		switch v := meta[c.sortBy].(type) {
		case int, int64, uint64, float64, string:
			return v
		}
		return nil
	}
	// Documents left at one place (not in order:, or of equal sort_by:
	// values) come in Document#<=> order (rearrange_docs!'s "docs.sort",
	// sort_docs_by_key!'s "apples[-1] <=> olives[-1]"), not by title.
	l.NavTie = func(a, b string, ma, mb map[string]any) int {
		ca, ia, _ := find(cs, a)
		cb, ib, _ := find(cs, b)
		if ca == nil || ca != cb || ca.order == nil && ca.sortBy == "" {
			return 0
		}
		doc := func(c *collection, rel, inner string, fm map[string]any) *hash {
			m := map[string]any{"path": rel}
			if d, ok := c.date(inner, fm); ok {
				m["date"] = d
			}
			return &hash{m: m}
		}
		return docCompare(doc(ca, a, ia, ma), doc(cb, b, ib, mb))
	}
}

// JustTheDocs reports whether the site in dir (its settings m) is built
// with the just-the-docs theme: "theme: just-the-docs" (the gem), or
// "remote_theme: just-the-docs/just-the-docs" (jekyll-remote-theme's
// OWNER/REPO, a fork's too, with or without "@ref"), its README's two
// ways to use it (https://github.com/just-the-docs/just-the-docs#installation),
// or a Gemfile that names the gem ("gem \"just-the-docs\"", ibid.), or
// the theme's own files copied into the site (vendoredJustTheDocs).
func JustTheDocs(dir string, m map[string]any) bool {
	if strings.EqualFold(layout.Text(m["theme"]), "just-the-docs") {
		return true
	}
	if rt := layout.Text(m["remote_theme"]); rt != "" {
		name, _, _ := strings.Cut(rt, "@")
		if strings.EqualFold(path.Base(strings.TrimSuffix(strings.TrimSpace(name), "/")), "just-the-docs") {
			return true
		}
	}
	if gemfile, err := layout.ReadSetting(dir, "Gemfile"); err == nil && gemJustTheDocs.Match(gemfile) {
		return true
	}
	return vendoredJustTheDocs(dir, layout.Text(m["source"]))
}

// vendoredJustTheDocs reports whether the site whose source is src runs
// just-the-docs' own templates, copied into it with no theme: line
// (themes "package up assets, layouts, includes, and stylesheets in a way
// that can be overridden by your site's content",
// https://jekyllrb.com/docs/themes/, so the site's copies are what
// Jekyll runs): its _includes/head.html that loads the theme's stylesheet
// or script ("just-the-docs-default.css", "just-the-docs.js", in every
// release), or its Sass entry _includes/css/just-the-docs.scss.liquid
// (0.4 on), or its script assets/js/just-the-docs.js.
func vendoredJustTheDocs(dir, source string) bool {
	for _, f := range []string{"_includes/css/just-the-docs.scss.liquid", "assets/js/just-the-docs.js"} {
		if rel, err := srcpath.Check(dir, path.Join(source, f)); err == nil {
			if fi, err := os.Stat(filepath.Join(dir, filepath.FromSlash(rel))); err == nil && fi.Mode().IsRegular() {
				return true
			}
		}
	}
	head, err := layout.ReadSetting(dir, path.Join(source, "_includes/head.html"))
	return err == nil && bytes.Contains(head, []byte("just-the-docs"))
}

// gemJustTheDocs matches a Gemfile line that names the just-the-docs gem.
var gemJustTheDocs = regexp.MustCompile(`(?m)^\s*gem\s*\(?\s*["']just-the-docs["']`)

// mappingKeys are the keys of the mapping at the path keys of the YAML
// document root, in the order written, each once.
func mappingKeys(root *yaml.Node, keys ...string) []string {
	_, n := keyNode(root, keys...)
	if n == nil {
		return nil
	}
	var out []string
	if n.Kind == yaml.SequenceNode { // collections: [a, b]
		for _, c := range n.Content {
			if c.Kind == yaml.ScalarNode && !slices.Contains(out, c.Value) {
				out = append(out, c.Value)
			}
		}
		return out
	}
	if n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k := n.Content[i].Value; !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}
