package site

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/yuin/goldmark/ast"

	"d6codex/templates"
)

// A blog as its tool builds it (layout.Layout.Blog: Docusaurus's blog
// plugin): the posts' list in pages of PerPage, the archive, the authors'
// pages and the feeds. The tag pages are buildTags' (the layout's
// layout.Tags). These pages list posts: they are out of the navigation
// and the reading order, as the tag pages are.

// blogList is the page that lists the blog's posts, and its posts newest
// first; nil when the site has no blog.
func (s *Site) blogList() (*page, []*page) {
	b := s.lay.Blog
	if b == nil {
		return nil, nil
	}
	list := s.sections[b.Dir]
	if list == nil || list.noPage {
		return nil, nil
	}
	var posts []*page
	var walk func(p *page)
	walk = func(p *page) {
		for _, c := range p.children {
			if c.unlisted == "" && !c.noPage && c.redirectTo == "" && (c.file != "" || c.kind != templates.KindSection) {
				posts = append(posts, c)
			}
			walk(c)
		}
	}
	walk(list)
	s.sortChildren(posts)
	return list, posts
}

// buildBlog makes the blog's pages beside its list: the list's paging,
// the archive and the authors' pages.
func (s *Site) buildBlog() {
	list, posts := s.blogList()
	if list == nil {
		return
	}
	b := s.lay.Blog
	list.perPage = b.PerPage
	s.feedFiles = map[string]bool{}
	for _, f := range b.Feeds {
		s.feedFiles[strings.TrimPrefix(list.sitePath, "/")+f+".xml"] = true // a link to a feed is good
	}
	newList := func(sp, title string, children []*page, parent *page) *page {
		p := &page{rel: strings.TrimPrefix(sp, "/") + sectionIndex, kind: templates.KindSection, sitePath: sp, title: title,
			ids: map[string]bool{}, parent: parent, children: children, navExclude: true, perPage: b.PerPage}
		s.pages = append(s.pages, p)
		return p
	}
	if b.ArchiveURL != "" && len(posts) > 0 {
		a := newList(b.ArchiveURL, "Archive", slices.Clone(posts), list)
		a.perPage = 0 // one page: every post
	}
	if b.AuthorsURL == "" || len(b.Authors) == 0 {
		return
	}
	index := newList(b.AuthorsURL, "Authors", nil, list)
	index.perPage = 0
	byAuthor := map[string][]*page{}
	for _, p := range posts {
		if b.PostAuthors == nil {
			break
		}
		for _, k := range b.PostAuthors(p.meta) {
			if !slices.Contains(byAuthor[k], p) {
				byAuthor[k] = append(byAuthor[k], p)
			}
		}
	}
	for _, a := range b.Authors {
		if a.Page == "" {
			continue
		}
		index.children = append(index.children, newList(a.Page, a.Title(len(byAuthor[a.Key])), byAuthor[a.Key], index))
	}
}

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

var (
	mdLink  = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`)
	htmlTag = regexp.MustCompile(`<[^>]*>`)
)

// feedLimit is the most posts a feed holds (Docusaurus's feedOptions.limit
// default, 20).
const feedLimit = 20

// writeFeeds writes the blog's feeds (layout.Blog.Feeds) at its list's
// URL: RSS 2.0 (rss.xml, https://www.rssboard.org/rss-specification) and
// Atom (atom.xml, RFC 4287), the newest posts first with their titles,
// links, dates and summaries.
func (s *Site) writeFeeds(out fileWriter) error {
	list, posts := s.blogList()
	if list == nil || len(s.lay.Blog.Feeds) == 0 {
		return nil
	}
	b := s.lay.Blog
	posts = posts[:min(len(posts), feedLimit)]
	type item struct {
		title, link, summary string
		date                 time.Time
	}
	items := make([]item, len(posts))
	var updated time.Time
	for i, p := range posts {
		items[i] = item{title: p.title, link: s.cfg.absURL(p.sitePath), summary: p.description}
		if b.Date != nil {
			items[i].date = b.Date(p.rel, p.meta)
		}
		if items[i].date.After(updated) {
			updated = items[i].date
		}
	}
	home := s.cfg.absURL(list.sitePath)
	dir := strings.TrimPrefix(list.sitePath, "/")
	esc := func(b *bytes.Buffer, v string) { _ = xml.EscapeText(b, []byte(v)) }
	for _, kind := range b.Feeds {
		var x bytes.Buffer
		x.WriteString(xml.Header)
		var name string
		switch kind {
		case "rss":
			name = "rss.xml"
			x.WriteString(`<rss version="2.0">` + "\n<channel>\n<title>")
			esc(&x, b.FeedTitle)
			x.WriteString("</title>\n<link>")
			esc(&x, home)
			x.WriteString("</link>\n<description>")
			esc(&x, b.FeedDescription)
			x.WriteString("</description>\n")
			if !updated.IsZero() {
				fmt.Fprintf(&x, "<lastBuildDate>%s</lastBuildDate>\n", updated.UTC().Format(rfc822GMT))
			}
			for _, it := range items {
				x.WriteString("<item>\n<title>")
				esc(&x, it.title)
				x.WriteString("</title>\n<link>")
				esc(&x, it.link)
				x.WriteString("</link>\n<guid>")
				esc(&x, it.link)
				x.WriteString("</guid>\n")
				if !it.date.IsZero() {
					fmt.Fprintf(&x, "<pubDate>%s</pubDate>\n", it.date.UTC().Format(rfc822GMT))
				}
				if it.summary != "" {
					x.WriteString("<description>")
					esc(&x, it.summary)
					x.WriteString("</description>\n")
				}
				x.WriteString("</item>\n")
			}
			x.WriteString("</channel>\n</rss>\n")
		case "atom":
			name = "atom.xml"
			x.WriteString(`<feed xmlns="http://www.w3.org/2005/Atom">` + "\n<id>")
			esc(&x, home)
			x.WriteString("</id>\n<title>")
			esc(&x, b.FeedTitle)
			x.WriteString("</title>\n")
			fmt.Fprintf(&x, "<updated>%s</updated>\n", updated.UTC().Format(time.RFC3339))
			x.WriteString(`<link rel="alternate" href="`)
			esc(&x, home)
			x.WriteString("\"/>\n<subtitle>")
			esc(&x, b.FeedDescription)
			x.WriteString("</subtitle>\n")
			if title := s.cfg.Title; title != "" {
				x.WriteString("<author><name>") // RFC 4287: an entry without an author takes the feed's
				esc(&x, title)
				x.WriteString("</name></author>\n")
			}
			for _, it := range items {
				x.WriteString("<entry>\n<title>")
				esc(&x, it.title)
				x.WriteString("</title>\n<id>")
				esc(&x, it.link)
				x.WriteString("</id>\n<link href=\"")
				esc(&x, it.link)
				fmt.Fprintf(&x, "\"/>\n<updated>%s</updated>\n", it.date.UTC().Format(time.RFC3339))
				if it.summary != "" {
					x.WriteString("<summary>")
					esc(&x, it.summary)
					x.WriteString("</summary>\n")
				}
				x.WriteString("</entry>\n")
			}
			x.WriteString("</feed>\n")
		default:
			continue
		}
		if err := out.Write(dir+name, x.Bytes()); err != nil {
			return fmt.Errorf("write %s%s: %w", dir, name, err)
		}
	}
	return nil
}

// rfc822GMT is RSS 2.0's date ("Sat, 07 Sep 2002 00:00:01 GMT", RFC 822
// with a four-digit year), in UTC.
const rfc822GMT = "Mon, 02 Jan 2006 15:04:05 GMT"
