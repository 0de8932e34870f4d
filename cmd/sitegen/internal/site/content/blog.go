package content

import (
	"regexp"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/templates"

	"github.com/yuin/goldmark/ast"
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

// blogExcerpt is a post's summary where its front matter gives none: the
// text of its first paragraph, as Docusaurus's createExcerpt takes it
// (links, emphasis and code marks dropped); "" for none.
func blogExcerpt(doc ast.Node, src []byte) string {
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		para, ok := n.(*ast.Paragraph)
		if !ok {
			continue
		}
		var lines []string
		for i := 0; i < para.Lines().Len(); i++ {
			seg := para.Lines().At(i)
			lines = append(lines, strings.TrimSpace(string(seg.Value(src))))
		}
		text := strings.Join(lines, " ")
		if strings.HasPrefix(text, "import ") || strings.HasPrefix(text, "export ") || strings.HasPrefix(text, "{/*") {
			continue
		}
		text = mdLink.ReplaceAllString(text, "$1")
		text = htmlTag.ReplaceAllString(text, "")
		text = strings.NewReplacer("**", "", "__", "", "*", "", "`", "").Replace(text)
		if text = strings.TrimSpace(text); text != "" {
			return text
		}
	}
	return ""
}

var mdLink = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`)

var (
	htmlTag = regexp.MustCompile(`<[^>]*>`)
)
