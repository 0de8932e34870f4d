package site

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"strings"
	"time"
)

// A blog as its tool builds it (layout.Layout.Blog: Docusaurus's blog
// plugin): the posts' list in pages of PerPage, the archive, the authors'
// pages and the feeds. The tag pages are buildTags' (the layout's
// layout.Tags). These pages list posts: they are out of the navigation
// and the reading order, as the tag pages are.

// feedLimit is the most posts a feed holds (Docusaurus's feedOptions.limit
// default, 20).
const feedLimit = 20

// writeFeeds writes the blog's feeds (layout.Blog.Feeds) at its list's
// URL: RSS 2.0 (rss.xml, https://www.rssboard.org/rss-specification) and
// Atom (atom.xml, RFC 4287), the newest posts first with their titles,
// links, dates and summaries.
func (s *Site) writeFeeds(out fileWriter) error {
	list, posts := s.BlogList()
	if list == nil || len(s.Lay.Blog.Feeds) == 0 {
		return nil
	}
	b := s.Lay.Blog
	posts = posts[:min(len(posts), feedLimit)]
	type item struct {
		title, link, summary string
		date                 time.Time
	}
	items := make([]item, len(posts))
	var updated time.Time
	for i, p := range posts {
		items[i] = item{title: p.Title, link: s.Cfg.AbsURL(p.SitePath), summary: p.Description}
		if b.Date != nil {
			items[i].date = b.Date(p.Rel, p.Meta)
		}
		if items[i].date.After(updated) {
			updated = items[i].date
		}
	}
	home := s.Cfg.AbsURL(list.SitePath)
	dir := strings.TrimPrefix(list.SitePath, "/")
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
			if title := s.Cfg.Title; title != "" {
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
