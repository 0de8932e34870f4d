package docusaurus

import (
	"cmp"
	"fmt"
	"path"
	"strings"
	"time"
	"unicode"

	"gopkg.in/yaml.v3"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/jsconfig"
)

// The blog plugin's pages beside the posts and their list, as
// https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-blog
// documents them and Docusaurus 3.10 builds them (plugin-content-blog's
// routes.js):
//
//   - "postsPerPage: Number of posts to show per page in the listing page.
//     Use 'ALL' to display all posts on one listing page" (default 10):
//     the list's further pages at routeBasePath/pageBasePath/2, … ("page");
//   - "archiveBasePath: URL route for the archive section of your blog ...
//     DO NOT include a trailing slash. Use null to disable generation of
//     archive" (default 'archive'), built when a post is listed;
//   - "tagsBasePath: URL route for the tags section of your blog" ('tags'):
//     /blog/tags/ and a page a tag, at its label in kebab case (lodash's
//     kebabCase: "Big News" → big-news);
//   - "authorsBasePath" ('authors'): /blog/authors/ when authors.yml
//     ("authorsMapPath", beside the posts) names any author, and a page for
//     each author with "page: true" (at its key in kebab case) or
//     "page: {permalink}";
//   - "feedOptions.type: Type of feed to be generated. Use null to disable
//     generation" ('rss' | 'atom' | 'json' | 'all', default ['rss',
//     'atom']; 'all' is the three): rss.xml, atom.xml and feed.json (a
//     JSON Feed) at the list's URL, titled feedOptions.title (default the
//     site's title + " Blog").
//
// The docs plugin puts its docs' tags at routeBasePath/tagsBasePath
// (/docs/tags/, https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-docs#configuration).

// readBlogPages adds the blog b to l.Blogs and its tags to l.Tags, from
// the blog plugin's options opts (nil for the defaults) and the site's
// title.
func readBlogPages(l *layout.Layout, r *rules, b *blogPlugin, opts *jsconfig.Object, dir, file string) {
	note := func(key string) {
		l.Notes = append(l.Notes, fmt.Sprintf("%s: blog.%s not read (not a value sitegen reads): the default is used", file, key))
	}
	str := func(key, def string) (string, bool) {
		if !opts.Has(key) {
			return def, true
		}
		switch v := opts.Get(key).(type) {
		case string:
			return strings.Trim(v, "/"), true
		case nil: // null: not built
			return "", false
		}
		note(key)
		return def, true
	}
	bl := &layout.Blog{Dir: relTo(r.content, b.dir), PerPage: 10, PageBase: "page"}
	if r.content == "." {
		bl.Dir = b.dir
	}
	switch v := opts.Get("postsPerPage").(type) {
	case nil:
	case float64:
		if v >= 1 {
			bl.PerPage = int(v)
		} else {
			note("postsPerPage")
		}
	case string:
		if v == "ALL" {
			bl.PerPage = 0
		} else {
			note("postsPerPage")
		}
	default:
		note("postsPerPage")
	}
	if s, _ := str("pageBasePath", "page"); s != "" {
		bl.PageBase = s
	}
	if s, ok := str("archiveBasePath", "archive"); ok && s != "" {
		bl.ArchiveURL = b.url(s)
	}
	tagsBase, tagsOK := str("tagsBasePath", "tags")
	if s, ok := str("authorsBasePath", "authors"); ok && s != "" {
		bl.AuthorsURL = b.url(s)
	}
	authorsFile, _ := str("authorsMapPath", "authors.yml")
	bl.Authors = r.readAuthors(l, b, authorsFile, bl.AuthorsURL)
	bl.PostAuthors = postAuthors
	bl.Date = func(rel string, meta map[string]any) time.Time {
		rel, _ = strings.CutPrefix(rel, bl.Dir+"/")
		_, _, date := postSlug(rel, meta)
		return date
	}
	site := cmp.Or(l.Settings.Title, "Docusaurus")
	bl.FeedTitle, bl.FeedDescription = site+" Blog", site+" Blog"
	bl.Feeds = []string{"rss", "atom"}
	if fo := opts.Object("feedOptions"); fo != nil {
		if s, ok := fo.String("title"); ok && s != "" {
			bl.FeedTitle = s
		}
		if s, ok := fo.String("description"); ok && s != "" {
			bl.FeedDescription = s
		}
		if fo.Has("type") {
			bl.Feeds = nil
			var types []any
			switch v := fo.Get("type").(type) {
			case string:
				types = []any{v}
			case []any:
				types = v
			case nil:
			default:
				note("feedOptions.type")
				bl.Feeds = []string{"rss", "atom"}
			}
			for _, t := range types {
				switch t {
				case "rss", "atom", "json":
					bl.Feeds = append(bl.Feeds, t.(string))
				case "all":
					bl.Feeds = append(bl.Feeds, "rss", "atom", "json")
				default:
					note("feedOptions.type")
				}
			}
		}
	}
	l.Blogs = append(l.Blogs, bl)
	docsTags := l.Tags
	var blogTags *layout.Tags
	if tagsOK && tagsBase != "" {
		blogTags = &layout.Tags{URL: b.url(tagsBase), Slug: KebabCase, Title: func(name string, n int) string { return tagTitle(name, n, "post") },
			PerPage: bl.PerPage}
	}
	l.Tags = func(rel string) *layout.Tags {
		if _, ok := under(rel, bl.Dir); ok {
			return blogTags
		}
		return docsTags(rel)
	}
}

// docsTags places the docs' tags at routeBasePath/tags (the docs plugin's
// tagsBasePath, default 'tags'), a docs instance's at its own; the pages
// plugin's pages have none.
func docsTags(r *rules) func(rel string) *layout.Tags {
	t := &layout.Tags{URL: r.url("tags"), Slug: KebabCase, Title: func(name string, n int) string { return tagTitle(name, n, "doc") }}
	return func(rel string) *layout.Tags {
		if strings.HasPrefix(rel, "../") {
			return r.instanceTags(rel) // a docs instance's, else none
		}
		return t
	}
}

// tagTitle is the classic theme's title of a tag's page: `One post tagged
// with "hello"`, `2 posts tagged with "hello"` (docs: "doc").
func tagTitle(name string, n int, what string) string {
	if n == 1 {
		return fmt.Sprintf("One %s tagged with %q", what, name)
	}
	return fmt.Sprintf("%d %ss tagged with %q", n, what, name)
}

// readAuthors reads the blog's authors file (authorsMapPath, relative to
// the posts' folder), in its order: an author with page: true has a page
// at authorsURL + its key in kebab case, with page: {permalink} at
// authorsURL + that. A file that cannot be read is a note: the blog is
// built without the authors' pages.
func (r *rules) readAuthors(l *layout.Layout, b *blogPlugin, name, authorsURL string) []layout.Author {
	rel := path.Join(b.dir, name)
	raw, err := layout.ReadSetting(r.dir, rel)
	if err != nil {
		if !strings.Contains(err.Error(), "no such file") {
			l.Notes = append(l.Notes, fmt.Sprintf("%s: not read (%v): no authors' pages", rel, err))
		}
		return nil
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(raw, &doc); err != nil || len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		if err != nil {
			l.Notes = append(l.Notes, fmt.Sprintf("%s: %v: no authors' pages", rel, layout.YAMLError(rel, err)))
		}
		return nil
	}
	var out []layout.Author
	m := doc.Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		key := m.Content[i].Value
		var a struct {
			Name string `yaml:"name"`
			URL  string `yaml:"url"`
			Page any    `yaml:"page"`
		}
		if err := m.Content[i+1].Decode(&a); err != nil {
			continue
		}
		au := layout.Author{Key: key, Name: cmp.Or(a.Name, key), URL: a.URL}
		if authorsURL != "" {
			switch p := a.Page.(type) {
			case bool:
				if p {
					au.Page = path.Clean(authorsURL+"/"+KebabCase(key)) + "/"
				}
			case map[string]any:
				if s, ok := p["permalink"].(string); ok && strings.Trim(s, "/") != "" {
					au.Page = path.Clean(authorsURL+"/"+strings.Trim(s, "/")) + "/"
				}
			}
		}
		name := au.Name
		au.Title = func(n int) string {
			if n == 1 {
				return name + " - One post"
			}
			return fmt.Sprintf("%s - %d posts", name, n)
		}
		out = append(out, au)
	}
	return out
}

// postAuthors are the author keys of a post's front matter: authors: a
// key, or a list of keys and inline authors (an inline author with a key
// names that key).
func postAuthors(meta map[string]any) []string {
	var out []string
	add := func(v any) {
		switch v := v.(type) {
		case string:
			out = append(out, strings.TrimSpace(v))
		case map[string]any:
			if k, ok := v["key"].(string); ok {
				out = append(out, k)
			}
		}
	}
	switch v := meta["authors"].(type) {
	case []any:
		for _, e := range v {
			add(e)
		}
	default:
		add(v)
	}
	return out
}

// KebabCase is lodash's kebabCase, which Docusaurus names tags' and
// authors' pages with: the words of s (runs of letters and digits,
// split where a lower-case letter meets an upper-case one, where
// letters meet digits when s has any such change or a character other
// than ASCII letters, digits and spaces) in lower case, joined by "-":
// "Big News" → "big-news", "fooBar" → "foo-bar", "D&D" → "d-d".
func KebabCase(s string) string {
	// lodash's hasUnicodeWord: /[a-z][A-Z]|[A-Z]{2}[a-z]|[0-9][a-zA-Z]|[a-zA-Z][0-9]|[^a-zA-Z0-9 ]/.
	rs := []rune(s)
	unicodeWords := false
	for i, c := range rs {
		ascii := c < 0x80 && (unicode.IsLetter(c) || unicode.IsDigit(c) || c == ' ')
		if !ascii || i > 0 && (unicode.IsLower(rs[i-1]) && unicode.IsUpper(c) ||
			unicode.IsDigit(rs[i-1]) && unicode.IsLetter(c) || unicode.IsLetter(rs[i-1]) && unicode.IsDigit(c)) ||
			i > 1 && unicode.IsUpper(rs[i-2]) && unicode.IsUpper(rs[i-1]) && unicode.IsLower(c) {
			unicodeWords = true
			break
		}
	}
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	for i, c := range rs {
		if !unicode.IsLetter(c) && !unicode.IsDigit(c) {
			flush()
			continue
		}
		if unicodeWords && len(cur) > 0 {
			p := cur[len(cur)-1]
			switch {
			case unicode.IsLower(p) && unicode.IsUpper(c),
				unicode.IsDigit(p) != unicode.IsDigit(c),
				// FOOBar: FOO, Bar.
				unicode.IsUpper(p) && unicode.IsUpper(c) && i+1 < len(rs) && unicode.IsLower(rs[i+1]):
				flush()
			}
		}
		cur = append(cur, c)
	}
	flush()
	return strings.Join(words, "-")
}
