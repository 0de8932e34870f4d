package content

import (
	"regexp"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/frontspan"
	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/templates"
)

// BlogList is the page that lists the posts of the blog b (one of the
// layout's Blogs), and its posts newest first; nil when it has no list.
func (s *Site) BlogList(b *layout.Blog) (*Page, []*Page) {
	list := s.sections[b.Dir]
	if list == nil || list.NoPage {
		return nil, nil
	}
	var posts []*Page
	var walk func(p *Page)
	walk = func(p *Page) {
		for _, c := range p.Children {
			if c.Unlisted == "" && !c.NoPage && c.RedirectTo == "" && (c.File != "" || c.Kind != templates.KindSection) {
				posts = append(posts, c)
			}
			walk(c)
		}
	}
	walk(list)
	s.sortChildren(posts)
	return list, posts
}

// buildBlog makes each blog's pages beside its list: the list's paging,
// the archive and the authors' pages.
func (s *Site) buildBlog() {
	s.feedFiles = map[string]bool{}
	s.blogPosts = map[*Page]bool{}
	for _, b := range s.Lay.Blogs {
		s.buildOneBlog(b)
	}
}

// buildOneBlog makes the pages of the blog b beside its list.
func (s *Site) buildOneBlog(b *layout.Blog) {
	list, posts := s.BlogList(b)
	if list == nil {
		return
	}
	list.PerPage = b.PerPage
	s.blogPager(list, posts)
	for _, f := range b.Feeds {
		if len(posts) == 0 {
			break // no feed without posts (writeBlogFeeds)
		}
		name := f + ".xml"
		if f == "json" {
			name = "feed.json"
		}
		s.feedFiles[strings.TrimPrefix(list.SitePath, "/")+name] = true // a link to a feed is good
	}
	newList := func(sp, title string, children []*Page, parent *Page) *Page {
		p := &Page{Rel: strings.TrimPrefix(sp, "/") + sectionIndex, Kind: templates.KindSection, SitePath: sp, Title: title,
			Ids: map[string]bool{}, Parent: parent, Children: children, navExclude: true, PerPage: b.PerPage}
		s.Pages = append(s.Pages, p)
		return p
	}
	if b.ArchiveURL != "" && len(posts) > 0 {
		a := newList(b.ArchiveURL, "Archive", slices.Clone(posts), list)
		a.PerPage = 0 // one page: every post
	}
	if b.AuthorsURL == "" || len(b.Authors) == 0 {
		return
	}
	index := newList(b.AuthorsURL, "Authors", nil, list)
	index.PerPage = 0
	byAuthor := map[string][]*Page{}
	for _, p := range posts {
		if b.PostAuthors == nil {
			break
		}
		for _, k := range b.PostAuthors(p.Meta) {
			if !slices.Contains(byAuthor[k], p) {
				byAuthor[k] = append(byAuthor[k], p)
			}
		}
	}
	for _, a := range b.Authors {
		if a.Page == "" {
			continue
		}
		index.Children = append(index.Children, newList(a.Page, a.Title(len(byAuthor[a.Key])), byAuthor[a.Key], index))
	}
}

// blogPager takes the blog's list out of the site's reading order and
// gives its posts the blog's own neighbours, newest first: the list has
// its own pagination ("Newer entries" / "Older entries", Docusaurus's
// BlogListPaginator), a post the posts beside it in the blog ("prevItem
// = index > 0 ? listedBlogPosts[index - 1]", plugin-content-blog's
// lib/index.js; BlogPostPaginator's "Newer post" and "Older post").
func (s *Site) blogPager(list *Page, posts []*Page) {
	if list.Prev != nil {
		list.Prev.Next = list.Next
	}
	if list.Next != nil {
		list.Next.Prev = list.Prev
	}
	list.Prev, list.Next = nil, nil
	for i, p := range posts {
		s.blogPosts[p] = true
		p.Prev, p.Next = nil, nil
		if i > 0 {
			p.Prev = posts[i-1]
		}
		if i+1 < len(posts) {
			p.Next = posts[i+1]
		}
	}
}

// BlogPost reports whether p is a post of one of the layout's blogs
// (its previous and next are the newer and older posts).
func (s *Site) BlogPost(p *Page) bool { return s.blogPosts[p] }

// excerpt is a doc's or a post's summary where its front matter gives
// none, by Docusaurus's createExcerpt (@docusaurus/utils markdownUtils):
// "the first non-empty line" of the text after the front matter, skipping
// import/export lines up to the next empty line, fenced code and lines
// that clean to nothing (the # title); HTML tags, heading marks, emphasis,
// strikethrough, images, footnotes, links, code marks, a blockquote's >,
// an admonition's ::: line, :emoji: names and {#id}s removed. "" for none.
func excerpt(src []byte) string {
	if sp := frontspan.Find(src, frontspan.Options{TOML: true, Runs: true}); sp.OK && sp.Closed {
		src = src[sp.Next:]
	}
	text := strings.TrimLeft(string(src), " \t\r\n")
	text = setextTitle.ReplaceAllString(text, "") // "Remove Markdown alternate title"
	inCode, inImport, fence := false, false, ""
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSuffix(line, "\r")
		trimmed := strings.TrimSpace(line)
		if trimmed == "" {
			inImport = false // an empty line ends the imports
			continue
		}
		if (importLine.MatchString(line) || inImport) && !inCode {
			inImport = true
			continue
		}
		if strings.HasPrefix(trimmed, "```") {
			f := trimmed[:len(trimmed)-len(strings.TrimLeft(trimmed, "`"))]
			if !inCode {
				inCode, fence = true, f
			} else if len(f) >= len(fence) {
				inCode = false
			}
			continue
		}
		if inCode {
			continue
		}
		if c := cleanExcerptLine(line); c != "" {
			return c
		}
	}
	return ""
}

// cleanExcerptLine applies createExcerpt's replacements, in its order, to
// one line.
func cleanExcerptLine(line string) string {
	line = htmlTag.ReplaceAllString(line, "")
	line = titleHeader.ReplaceAllString(line, "")
	line = atxHeader.ReplaceAllString(line, "$1")
	line = emphasis.ReplaceAllStringFunc(line, func(m string) string { // (?<opening>[*_]{1,3})(?<text>.*?)\1
		for _, o := range []string{"***", "___", "**", "__", "*", "_"} {
			if strings.HasPrefix(m, o) && strings.HasSuffix(m, o) && len(m) >= 2*len(o) {
				return m[len(o) : len(m)-len(o)]
			}
		}
		return m
	})
	line = strike.ReplaceAllString(line, "$1")
	line = mdImage.ReplaceAllString(line, "$1")
	line = footnote.ReplaceAllString(line, "")
	line = inlineLink.ReplaceAllString(line, "$1")
	line = inlineCode.ReplaceAllString(line, "$1")
	line = quoteMark.ReplaceAllString(line, "")
	line = admonitionLine.ReplaceAllLiteralString(line, "")
	line = emojiName.ReplaceAllString(line, "")
	if loc := headingID.FindStringIndex(line); loc != nil { // the first only, as the tool's (no g flag)
		line = line[:loc[0]] + line[loc[1]:]
	}
	return strings.TrimSpace(line)
}

// createExcerpt's regular expressions (RE2 has no backreference: emphasis
// is matched per mark, the closing one checked in cleanExcerptLine).
var (
	setextTitle    = regexp.MustCompile(`^[^\r\n]*\r?\n=+`)
	importLine     = regexp.MustCompile(`^(?:import|export)\s`)
	htmlTag        = regexp.MustCompile(`<[^>]*>`)
	titleHeader    = regexp.MustCompile(`^#[^#]+#?`)
	atxHeader      = regexp.MustCompile(`^#{1,6}\s*([^#]*?)\s*#{0,6}`)
	emphasis       = regexp.MustCompile(`\*\*\*.*?\*\*\*|___.*?___|\*\*.*?\*\*|__.*?__|\*.*?\*|_.*?_`)
	strike         = regexp.MustCompile(`~~(\S.*\S)~~`)
	mdImage        = regexp.MustCompile(`!\[(.*?)\][\[(].*?[\])]`)
	footnote       = regexp.MustCompile(`\[\^.+?\](?:: .*$)?`)
	inlineLink     = regexp.MustCompile(`\[(.*?)\][\[(].*?[\])]`)
	inlineCode     = regexp.MustCompile("`(.+?)`")
	quoteMark      = regexp.MustCompile(`^\s{0,3}>\s?`)
	admonitionLine = regexp.MustCompile(`:::.*`)
	emojiName      = regexp.MustCompile(`\s?:(?:::|[^:\n])+:`)
	headingID      = regexp.MustCompile(`\{#*[\w-]+\}`)
)
