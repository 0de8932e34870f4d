package jekyll

import (
	"bytes"
	"cmp"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"gopkg.in/yaml.v3"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/markup/rawhtml"
)

// The site variables of Jekyll's Liquid (https://jekyllrb.com/docs/variables/#site-variables):
// "site.pages: A list of all Pages", "site.posts: A reverse chronological
// list of all Posts", "site.data: A list containing the data loaded from
// the YAML files located in the _data directory", "site.[CONFIGURATION_DATA]:
// All the variables set via the command line and your _config.yml are
// available through the site variable", "site.collections: A list of all
// the collections (including posts)", "site.COLLECTION: the documents of
// a collection", site.tags and site.categories (the posts of each). A
// document is its front matter with url, path, date, title, content (its
// text before Liquid and Markdown), excerpt (its first paragraph) and
// collection.
//
// The model is made once a build, the first time a page's Liquid names
// site., from the page files the build reads (layout.Layout.SitePages),
// less those not published (published: false, drafts, future posts).

// siteModel is the site variable's values.
type siteModel struct {
	site    map[string]any // site.* in a page
	baseurl string         // _config.yml's baseurl, "/sub" or ""
	url     string         // _config.yml's url, without its trailing "/"
	all     []map[string]any
	byPath  map[string]*hash // the documents by content-relative path
	// dataProbs are the data files the model could not read (data).
	dataProbs []layout.Problem
}

// Each document and each map of the data is a *hash (hash.go): one
// object in every list that holds it (site.pages, site.tags.x, page), as
// in Ruby, so that item == site.data.x.last compares it as Ruby does.

// liquidSite makes the model when it is first wanted.
type liquidSite struct {
	l      *layout.Layout
	conf   map[string]any
	cs     []collection
	srcDir string // the site's source folder (Recognise's dir joined with l.Content)
	// typedLinks: the site runs jekyll-wikilinks, whose typed wikilinks
	// are read (typedWikilinks).
	typedLinks bool
	// timeout is how long a page's Liquid may run (0: renderTimeout).
	timeout time.Duration
	// sanitizer cleans what the site's layouts write (layoutHTML).
	sanitizer func() *rawhtml.Sanitizer
	// sass compiles the site's Sass files (nil: no compiler on PATH).
	sass *sassCompiler
	// filtering holds each layout file (string) whose chain filtered a
	// page's content (runLayout): the next page with it is run with its
	// text rendered at once. Kept across builds: a layout that no longer
	// filters is then run the same way, only slower.
	filtering sync.Map

	mu    sync.Mutex
	rels  []string
	read  func(file string) ([]byte, error)
	model *siteModel
	base  *siteModel // the config, with the model's keys to be made when read (lazyKey)
}

// setPages is layout.Layout.SitePages: the build's page files, and how
// to read a source file; the model is made again when next wanted.
func (s *liquidSite) setPages(rels []string, read func(string) ([]byte, error)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rels, s.read, s.model, s.base = rels, read, nil, nil
}

// modelKeys are the site variables the model makes (build), each a
// lazyKey in lite's site.
var modelKeys = []string{"pages", "html_pages", "posts", "collections", "tags", "categories", "documents", "data"}

// lite is the site variables without the model made: the config's, and
// the model's as lazyKeys, which make it when a page first reads one. A
// page that reads only {{ site.url }} or {{ site.title }} (each of
// 200WordRPG's 2,441 posts) does not read every page of the site.
func (s *liquidSite) lite(read func(string) ([]byte, error)) *siteModel {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.base != nil {
		return s.base
	}
	if s.read != nil {
		read = s.read
	}
	m := &siteModel{site: map[string]any{}}
	for k, v := range s.conf {
		m.site[k] = deep(v)
	}
	m.url = strings.TrimSuffix(str(s.conf["url"]), "/")
	if bu := strings.Trim(str(s.conf["baseurl"]), "/"); bu != "" {
		m.baseurl = "/" + bu
	}
	keys := slices.Clone(modelKeys)
	for _, c := range s.cs {
		if c.label != "posts" {
			keys = append(keys, c.label)
		}
	}
	for _, k := range keys {
		m.site[k] = lazyKey{s: s, read: read, key: k}
	}
	m.site["time"] = time.Now()
	s.base = m
	return m
}

// built is the model when it has been made, else nil.
func (s *liquidSite) built() *siteModel {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.model
}

// A lazyKey is a site variable of the model, made when first read (the
// engine calls ToLiquid on reading it).
type lazyKey struct {
	s    *liquidSite
	read func(string) ([]byte, error)
	key  string
	// hit, when set, records that a page read the key (vars): its output
	// then depends on every page of the site (layout.Expanded.ReadsSite).
	hit *atomic.Bool
}

// ToLiquid is the variable's value.
func (z lazyKey) ToLiquid() any {
	if z.hit != nil {
		z.hit.Store(true)
	}
	return z.s.get(z.read).site[z.key]
}

// get returns the model, read gives the source files when the build has
// not said (a page read on its own).
func (s *liquidSite) get(read func(string) ([]byte, error)) *siteModel {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.model == nil {
		if s.read != nil {
			read = s.read
		}
		s.model = s.build(read)
	}
	return s.model
}

// maxDataBytes bounds what site.data reads, all files together.
const maxDataBytes = 64 << 20

// build makes the model.
func (s *liquidSite) build(read func(string) ([]byte, error)) *siteModel {
	m := &siteModel{site: maps.Clone(s.conf), byPath: map[string]*hash{}}
	if m.site == nil {
		m.site = map[string]any{}
	}
	m.url = strings.TrimSuffix(str(s.conf["url"]), "/")
	if bu := strings.Trim(str(s.conf["baseurl"]), "/"); bu != "" {
		m.baseurl = "/" + bu
	}
	var pages, posts, all []*hash
	docs := map[string][]*hash{}
	for _, rel := range slices.Sorted(slices.Values(s.rels)) {
		d := s.document(rel, read)
		if d == nil {
			continue
		}
		m.all = append(m.all, d)
		pd := newHash(d)
		all = append(all, pd)
		m.byPath[rel] = pd
		switch c, _ := d["collection"].(string); c {
		case "":
			pages = append(pages, pd)
		case "posts":
			posts = append(posts, pd)
		default:
			docs[c] = append(docs[c], pd)
		}
	}
	// "A reverse chronological list of all Posts.": Jekyll's
	// Document#<=> (date, then path) reversed, so that of one day the
	// later path comes first.
	slices.SortStableFunc(posts, func(a, b *hash) int {
		ta, _ := a.m["date"].(time.Time)
		tb, _ := b.m["date"].(time.Time)
		return cmp.Or(tb.Compare(ta), cmp.Compare(str(b.m["path"]), str(a.m["path"])))
	})
	tags, cats := map[string]any{}, map[string]any{}
	for _, p := range posts {
		for _, key := range []string{"tags", "categories"} {
			into := map[string]any{"tags": tags, "categories": cats}[key].(map[string]any)
			for _, t := range frontList(p.m[key]) {
				list, _ := into[t].([]any)
				into[t] = append(list, p)
			}
		}
	}
	// site.collections is Jekyll's SiteDrop#collections:
	// "@obj.collections.values.sort_by(&:label)" (jekyll 4.3,
	// lib/jekyll/drops/site_drop.rb), whatever order _config.yml gives.
	byLabel := slices.Clone(s.cs)
	slices.SortStableFunc(byLabel, func(a, b collection) int { return cmp.Compare(a.label, b.label) })
	var colls []any
	for _, c := range byLabel {
		list := docs[c.label]
		if c.label == "posts" {
			list = posts
		} else {
			c.sortDocs(list)
		}
		items := make([]any, len(list))
		for i, d := range list {
			items[i] = d
		}
		colls = append(colls, map[string]any{"label": c.label, "docs": items, "output": c.output, "relative_directory": c.dir,
			"files": []any{}, "permalink": c.permalink})
		if c.label != "posts" {
			m.site[c.label] = items
		}
	}
	asList := func(ds []*hash) []any {
		out := make([]any, len(ds))
		for i, d := range ds {
			out[i] = d
		}
		return out
	}
	m.site["pages"] = asList(pages)
	m.site["html_pages"] = asList(pages)
	m.site["posts"] = asList(posts)
	m.site["collections"] = colls
	m.site["tags"], m.site["categories"] = tags, cats
	m.site["documents"] = asList(all)
	m.site["time"] = time.Now()
	data, probs := s.data(read)
	m.site["data"] = deep(data)
	m.dataProbs = probs
	for k, v := range m.site {
		if _, ok := v.(map[string]any); ok && k != "tags" && k != "categories" {
			m.site[k] = deep(v)
		}
	}
	return m
}

// document is the page file rel's variables, nil when it is not
// published.
func (s *liquidSite) document(rel string, read func(string) ([]byte, error)) map[string]any {
	src, err := read(path.Join(s.l.Content, rel))
	if err != nil {
		return nil
	}
	return s.documentOf(rel, src)
}

// documentOf is the variables of the page file rel with text src, nil
// when it is not published.
func (s *liquidSite) documentOf(rel string, src []byte) map[string]any {
	fm := map[string]any{}
	end := frontMatterEnd(src)
	if end > 0 {
		_ = yaml.Unmarshal(frontMatterText(src, end), &fm)
		if fm == nil {
			fm = map[string]any{}
		}
	}
	d := map[string]any{}
	if s.l.Defaults != nil {
		maps.Copy(d, s.l.Defaults(rel))
	}
	maps.Copy(d, fm)
	if s.l.Unpublished != nil && s.l.Unpublished(d, rel) != "" {
		return nil
	}
	for k, v := range d {
		d[k] = deep(v)
	}
	if end > 0 {
		var n yaml.Node
		if yaml.Unmarshal(frontMatterText(src, end), &n) == nil {
			yamlOrder(fm, d, &n)
		}
	}
	body := string(src[end:])
	d["path"] = rel
	d["name"] = path.Base(rel)
	d["url"] = s.pageURL(rel, d)
	// The text of another document is not run (Jekyll's is, in its own
	// render): its Liquid is left out rather than shown as source.
	body = liquidMarkup.ReplaceAllString(body, "")
	d["content"] = body
	d["excerpt"] = excerpt(body, str(d["excerpt_separator"]))
	if c, inner, cats := find(s.cs, rel); c != nil {
		d["collection"] = c.label
		if date, ok := c.date(inner, d); ok {
			d["date"] = date
		}
		if c.label == "posts" && str(d["title"]) == "" {
			d["title"] = postTitle(inner)
		}
		if c.label == "posts" {
			d["categories"] = postCategories(cats, d)
		}
	}
	if str(d["title"]) == "" && s.l.HeadingTitle {
		if mm := leadingHeading.FindStringSubmatch(strings.TrimLeft(body, "\r\n")); mm != nil {
			d["title"] = strings.TrimSpace(mm[1])
		}
	}
	return d
}

// deep is v with each map in it a *hash (see siteModel), YAML's maps
// of other keys than text made text-keyed.
// frontMatterText is the YAML of the front matter that ends at end: its
// lines between the two "---".
func frontMatterText(src []byte, end int) []byte {
	head := src[bytes.IndexByte(src, '\n')+1 : end]
	if i := bytes.LastIndex(bytes.TrimRight(head, "\r\n \t"), []byte("\n")); i >= 0 {
		return head[:i+1]
	}
	return nil
}

// yamlOrder gives each hash of d that the front matter fm set the order
// of its keys in the YAML (the node n): a for loop over a page's map goes
// through it "in the order of their keys" as Ruby's hashes keep YAML's
// (5srd's monster layout writes STR DEX CON INT WIS CHA from page.ability_scores;
// Go's maps keep no order).
func yamlOrder(fm, d map[string]any, n *yaml.Node) {
	for n.Kind == yaml.DocumentNode && len(n.Content) == 1 {
		n = n.Content[0]
	}
	if n.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k := n.Content[i].Value; fm[k] != nil {
			orderNode(d[k], n.Content[i+1])
		}
	}
}

// orderNode gives v's hashes the order of their keys in the YAML node n
// that v was read from; a hash whose keys the node does not all give
// (a merge key) keeps its sorted order.
func orderNode(v any, n *yaml.Node) {
	for n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	switch v := v.(type) {
	case *hash:
		if n.Kind != yaml.MappingNode {
			return
		}
		keys := make([]string, 0, len(v.keys))
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i].Value
			if _, ok := v.m[k]; ok && !slices.Contains(keys, k) {
				keys = append(keys, k)
				orderNode(v.m[k], n.Content[i+1])
			}
		}
		if len(keys) == len(v.keys) {
			v.keys = keys
		}
	case []any:
		if n.Kind != yaml.SequenceNode {
			return
		}
		for i := range min(len(v), len(n.Content)) {
			orderNode(v[i], n.Content[i])
		}
	}
}

func deep(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[k] = deep(x)
		}
		return newHash(out)
	case map[any]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[fmt.Sprint(k)] = deep(x)
		}
		return newHash(out)
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = deep(x)
		}
		return out
	}
	return v
}

// liquidMarkup is a Liquid tag or output.
var liquidMarkup = regexp.MustCompile(`(?s)\{%.*?%\}|\{\{.*?\}\}`)

// leadingHeading is a Markdown heading on the first line.
//
// jekyll-titles-from-headings titles a page without one by the heading
// its content starts with ("\A\s*" then "#{1,3}\s+(.*)", its TITLE_REGEX,
// https://github.com/benbalter/jekyll-titles-from-headings).
var leadingHeading = regexp.MustCompile(`^#{1,3}[ \t]+([^\n]*?)[ \t#]*\r?\n`)

// titleize is Jekyll's title of a post without one: its slug's words,
// each capitalized (Utils.titleize_slug).
func titleize(slug string) string {
	words := strings.Split(slug, "-")
	for i, w := range words {
		if w != "" {
			words[i] = strings.ToUpper(w[:1]) + w[1:]
		}
	}
	return strings.Join(words, " ")
}

// excerpt is a document's first paragraph, or its text up to the
// excerpt_separator ("By default this is the first paragraph of content
// in the post", https://jekyllrb.com/docs/posts/#post-excerpts).
func excerpt(body, sep string) string {
	body = strings.TrimLeft(body, "\r\n")
	if sep == "" {
		sep = "\n\n"
	}
	if i := strings.Index(body, sep); i >= 0 {
		return body[:i]
	}
	return strings.TrimRight(body, "\r\n")
}

// pageURL is the URL Jekyll gives the page file rel: its collection's
// permalink, its own permalink:, else its path with .html (index pages
// their folder's; with a permalink style ending in "/", a folder URL).
func (s *liquidSite) pageURL(rel string, fm map[string]any) string {
	file := s.l.FileURL != nil && s.l.FileURL(rel, fm)
	if s.l.PageURL != nil {
		if u := s.l.PageURL(rel, fm); u != "" {
			if file && u != "/" {
				return strings.TrimSuffix(u, "/") + ".html"
			}
			return u
		}
	}
	if pl := str(fm["permalink"]); pl != "" && !strings.Contains(pl, ":") {
		return "/" + strings.TrimPrefix(pl, "/")
	}
	noext := strings.TrimSuffix(rel, path.Ext(rel))
	base := path.Base(noext)
	if base == "index" || strings.EqualFold(base, "README") {
		if d := path.Dir(noext); d != "." {
			return "/" + d + "/"
		}
		return "/"
	}
	if file {
		return "/" + noext + ".html"
	}
	return "/" + noext + "/"
}

// postCategories is a post's page.categories: the folders above its
// _posts/, as written (Document#categories_from_path), then those of its
// front matter fm (category: or categories:) not among them
// (merge_categories!, populate_categories: uniq).
func postCategories(folders []string, fm map[string]any) []any {
	out := []any{}
	seen := map[string]bool{}
	for _, c := range append(slices.Clone(folders), frontCategories(fm)...) {
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	return out
}

// frontList reads tags: or categories: (a list, or words separated by
// spaces) as a list.
func frontList(v any) []string {
	switch v := v.(type) {
	case string:
		return strings.Fields(v)
	case []any:
		var out []string
		for _, x := range v {
			if x != nil && fmt.Sprint(x) != "" {
				out = append(out, fmt.Sprint(x)) // categories: [2015] is "2015"
			}
		}
		return out
	}
	return nil
}

// data reads the _data folder: "Jekyll supports loading data from YAML,
// JSON, CSV, and TSV files located in the _data directory"; "the data
// file _data/members.yml … site.data.members", and a subfolder
// _data/orgs/jekyll.yml is site.data.orgs.jekyll
// (https://jekyllrb.com/docs/datafiles/). Files are read through read
// (never through a link out of the source folder); all of them together
// are read up to maxDataBytes. A file its reader refuses, which stops
// Jekyll's build, is left out, a problem at its line (dataProblem).
func (s *liquidSite) data(read func(string) ([]byte, error)) (map[string]any, []layout.Problem) {
	dataDir := cmp.Or(str(s.conf["data_dir"]), "_data")
	out := map[string]any{}
	if s.srcDir == "" {
		return out, nil
	}
	var probs []layout.Problem
	budget := maxDataBytes
	var walk func(dir string, into map[string]any)
	walk = func(dir string, into map[string]any) {
		entries, err := os.ReadDir(filepath.Join(s.srcDir, filepath.FromSlash(dir)))
		if err != nil {
			return
		}
		for _, e := range entries {
			name := e.Name()
			if strings.HasPrefix(name, ".") || e.Type()&os.ModeSymlink != 0 {
				continue
			}
			rel := path.Join(dir, name)
			if e.IsDir() {
				sub := map[string]any{}
				walk(rel, sub)
				into[name] = sub
				continue
			}
			ext := strings.ToLower(path.Ext(name))
			if ext != ".yml" && ext != ".yaml" && ext != ".json" && ext != ".csv" && ext != ".tsv" {
				continue
			}
			b, err := read(path.Join(s.l.Content, rel))
			if err != nil || len(b) > budget {
				continue
			}
			budget -= len(b)
			var v any
			switch ext {
			case ".json":
				// Jekyll reads it with its YAML reader
				// (DataReader#read_data_file): JSON, and what YAML's
				// flow style allows beside (a trailing comma).
				if err = json.Unmarshal(b, &v); err != nil {
					v = nil
					err = yaml.Unmarshal(b, &v)
				}
			case ".csv", ".tsv":
				v, err = table(b, ext == ".tsv")
			default:
				err = yaml.Unmarshal(b, &v)
			}
			if err != nil {
				key := strings.TrimSuffix(strings.TrimPrefix(rel, dataDir+"/"), path.Ext(name))
				probs = append(probs, dataProblem(path.Join(s.l.Content, rel), strings.ReplaceAll(key, "/", "."), err))
				continue
			}
			into[strings.TrimSuffix(name, path.Ext(name))] = v
		}
	}
	walk(dataDir, out)
	return out, probs
}

// yamlLine finds the line in the YAML reader's message ("yaml: line 2:
// did not find expected ',' or ']'").
var yamlLine = regexp.MustCompile(`^yaml: line (\d+): `)

// yamlParserProblems are the problems yaml.v3's parser (parserc.go), not
// its scanner, reports.
var yamlParserProblems = map[string]bool{
	"did not find expected ',' or ']'": true, "did not find expected ',' or '}'": true,
	"did not find expected '-' indicator": true, "did not find expected <document start>": true,
	"did not find expected <stream-start>": true, "did not find expected key": true,
	"did not find expected node content": true, "found duplicate %TAG directive": true,
	"found duplicate %YAML directive": true, "found incompatible YAML document": true, "found undefined tag handle": true,
}

// dataProblem is the problem of the data file (source-relative), which
// is site.data.key, its reader refused with err: Jekyll stops
// its build there (jekyll 4.3.1: "Psych::SyntaxError … at line 2 column
// 4"), sitegen's lenient mode builds on with site.data's key empty.
func dataProblem(file, key string, err error) layout.Problem {
	line, msg := 1, err.Error()
	var pe *csv.ParseError
	switch {
	case errors.As(err, &pe):
		line, msg = max(pe.Line, 1), pe.Err.Error()
	default:
		if m := yamlLine.FindStringSubmatch(msg); m != nil {
			line, _ = strconv.Atoi(m[1])
			msg = msg[len(m[0]):]
			if yamlParserProblems[msg] {
				// yaml.v3 (decode.go, parser.fail) writes a parser's
				// mark 0-based, a scanner's 1-based: the line Ruby's
				// YAML names ("while parsing a flow sequence at line
				// 2 column 4") is one more.
				line++
			}
		}
		msg = strings.TrimPrefix(msg, "yaml: ")
	}
	return layout.Problem{File: file, Line: line, Col: 1, LenientWarning: true,
		Msg: fmt.Sprintf("data file not read: %s; Jekyll stops its build here (lenient mode, --broken-links warn, builds on with site.data.%s empty)", msg, key)}
}

// table reads a CSV or TSV data file: a list of its rows, each a map of
// the header's names to the row's cells.
func table(b []byte, tabs bool) (any, error) {
	r := csv.NewReader(bytes.NewReader(b))
	if tabs {
		r.Comma = '\t'
	}
	r.FieldsPerRecord = -1
	rows, err := r.ReadAll()
	if err != nil || len(rows) == 0 {
		return []any{}, err
	}
	var out []any
	for _, row := range rows[1:] {
		m := map[string]any{}
		for i, h := range rows[0] {
			if i < len(row) {
				m[h] = row[i]
			}
		}
		out = append(out, m)
	}
	return out, nil
}
