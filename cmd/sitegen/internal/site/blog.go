package site

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"strings"
	"time"

	"d6codex/cmd/sitegen/internal/layout"
)

// A blog as its tool builds it (layout.Layout.Blogs: Docusaurus's blog
// plugin): the posts' list in pages of PerPage, the archive, the authors'
// pages and the feeds. The tag pages are buildTags' (the layout's
// layout.Tags). These pages list posts: they are out of the navigation
// and the reading order, as the tag pages are.

// feedLimit is the most posts a feed holds (Docusaurus's feedOptions.limit
// default, 20).
const feedLimit = 20

// writeFeeds writes the blog's feeds (layout.Blog.Feeds) at its list's
// URL: RSS 2.0 (rss.xml, https://www.rssboard.org/rss-specification),
// Atom (atom.xml, RFC 4287) and JSON Feed (feed.json), the newest posts first with their titles,
// links, dates and summaries; and the list pages' feeds (writeListFeeds).
func (s *Site) writeFeeds(out fileWriter) error {
	for _, b := range s.Lay.Blogs {
		if err := s.writeBlogFeeds(out, b); err != nil {
			return err
		}
	}
	return s.writeListFeeds(out)
}

// writeBlogFeeds writes the feeds of the blog b; a blog without posts
// has none (plugin-content-blog's generateBlogFeed: "if
// (!blogPosts.length) return null").
func (s *Site) writeBlogFeeds(out fileWriter, b *layout.Blog) error {
	list, posts := s.BlogList(b)
	if list == nil || len(b.Feeds) == 0 || len(posts) == 0 {
		return nil
	}
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
	for _, kind := range b.Feeds {
		var feed any
		var name string
		switch kind {
		case "rss":
			name = "rss.xml"
			ch := rssChannel{Title: b.FeedTitle, Link: home, Description: b.FeedDescription}
			if !updated.IsZero() {
				ch.LastBuildDate = updated.UTC().Format(rfc822GMT)
			}
			for _, it := range items {
				ri := rssItem{Title: it.title, Link: it.link, GUID: it.link, Description: it.summary}
				if !it.date.IsZero() {
					ri.PubDate = it.date.UTC().Format(rfc822GMT)
				}
				ch.Items = append(ch.Items, ri)
			}
			feed = rssFeed{Version: "2.0", Channel: ch}
		case "atom":
			name = "atom.xml"
			f := atomFeed{ID: home, Title: b.FeedTitle, Updated: updated.UTC().Format(time.RFC3339),
				Link: atomLink{Rel: "alternate", Href: home}, Subtitle: b.FeedDescription}
			if title := s.Cfg.Title; title != "" {
				f.Author = &atomAuthor{Name: title} // RFC 4287: an entry without an author takes the feed's
			}
			for _, it := range items {
				f.Entries = append(f.Entries, atomEntry{Title: it.title, ID: it.link, Link: atomLink{Href: it.link},
					Updated: it.date.UTC().Format(time.RFC3339), Summary: it.summary})
			}
			feed = f
		case "json":
			// JSON Feed 1 as Docusaurus's feed library writes it.
			f := jsonFeed{Version: "https://jsonfeed.org/version/1", Title: b.FeedTitle, HomePageURL: home, Description: b.FeedDescription,
				Items: []jsonItem{}}
			for _, it := range items {
				ji := jsonItem{ID: it.link, URL: it.link, Title: it.title, Summary: it.summary, ContentText: it.summary}
				if !it.date.IsZero() {
					ji.DateModified = it.date.UTC().Format(isoMillis)
				}
				f.Items = append(f.Items, ji)
			}
			j, err := json.MarshalIndent(f, "", "  ")
			if err != nil {
				return fmt.Errorf("write %sfeed.json: %w", dir, err)
			}
			if err := out.Write(dir+"feed.json", append(j, '\n')); err != nil {
				return fmt.Errorf("write %sfeed.json: %w", dir, err)
			}
			continue
		default:
			continue
		}
		x, err := xml.MarshalIndent(feed, "", "  ")
		if err != nil {
			return fmt.Errorf("write %s%s: %w", dir, name, err)
		}
		x = append(append([]byte(xml.Header), x...), '\n')
		if err := out.Write(dir+name, x); err != nil {
			return fmt.Errorf("write %s%s: %w", dir, name, err)
		}
	}
	return nil
}

// The feeds' XML (encoding/xml): RSS 2.0's channel and items, and Atom's
// feed and entries (RFC 4287); empty optional elements are left out.
type (
	rssFeed struct {
		XMLName xml.Name   `xml:"rss"`
		Version string     `xml:"version,attr"`
		Channel rssChannel `xml:"channel"`
	}
	rssChannel struct {
		Title         string    `xml:"title"`
		Link          string    `xml:"link"`
		Description   string    `xml:"description"`
		LastBuildDate string    `xml:"lastBuildDate,omitempty"`
		Items         []rssItem `xml:"item"`
	}
	rssItem struct {
		Title       string `xml:"title"`
		Link        string `xml:"link"`
		GUID        string `xml:"guid"`
		PubDate     string `xml:"pubDate,omitempty"`
		Description string `xml:"description,omitempty"`
	}
	atomFeed struct {
		XMLName  xml.Name    `xml:"http://www.w3.org/2005/Atom feed"`
		ID       string      `xml:"id"`
		Title    string      `xml:"title"`
		Updated  string      `xml:"updated"`
		Link     atomLink    `xml:"link"`
		Subtitle string      `xml:"subtitle"`
		Author   *atomAuthor `xml:"author,omitempty"`
		Entries  []atomEntry `xml:"entry"`
	}
	atomLink struct {
		Rel  string `xml:"rel,attr,omitempty"`
		Href string `xml:"href,attr"`
	}
	atomAuthor struct {
		Name string `xml:"name"`
	}
	atomEntry struct {
		Title   string   `xml:"title"`
		ID      string   `xml:"id"`
		Link    atomLink `xml:"link"`
		Updated string   `xml:"updated"`
		Summary string   `xml:"summary,omitempty"`
	}
)

// jsonFeed and jsonItem are a JSON Feed (https://www.jsonfeed.org/version/1/)
// and its items (encoding/json): content_text, one of the two contents an
// item must have, is the post's summary.
type (
	jsonFeed struct {
		Version     string     `json:"version"`
		Title       string     `json:"title"`
		HomePageURL string     `json:"home_page_url"`
		Description string     `json:"description,omitempty"`
		Items       []jsonItem `json:"items"`
	}
	jsonItem struct {
		ID           string `json:"id"`
		ContentText  string `json:"content_text"`
		URL          string `json:"url"`
		Title        string `json:"title"`
		Summary      string `json:"summary,omitempty"`
		DateModified string `json:"date_modified,omitempty"`
	}
)

// isoMillis is JavaScript's Date.toISOString, which Docusaurus's feed
// library writes dates with ("2024-06-02T00:00:00.000Z").
const isoMillis = "2006-01-02T15:04:05.000Z"

// rfc822GMT is RSS 2.0's date ("Sat, 07 Sep 2002 00:00:01 GMT", RFC 822
// with a four-digit year), in UTC.
const rfc822GMT = "Mon, 02 Jan 2006 15:04:05 GMT"
