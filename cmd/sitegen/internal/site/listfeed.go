package site

import (
	"cmp"
	"encoding/xml"
	"fmt"

	"d6codex/cmd/sitegen/internal/layout"
)

// writeListFeeds writes the RSS feed of each list page the layout gives
// one (layout.Layout.ListFeed, content.Site.ListFeeds) in the shape of
// Hugo's embedded RSS template (https://gohugo.io/templates/rss/): the
// channel's title "LIST on SITE" (the site's title alone for a list
// titled as the site), its description "Recent content in LIST on
// SITE", the list's link, language, copyright and date, the self link,
// and each page's title, link, date, guid and summary (the front
// matter's summary, else its description: sitegen keeps no summary of a
// page's text).
func (s *Site) writeListFeeds(out fileWriter) error {
	site := s.Cfg.Title
	if s.Lay.Settings.NoTitle {
		site = ""
	}
	for _, f := range s.ListFeeds() {
		title := cmp.Or(f.Title, site)
		ch := listFeedChannel{Title: site, Link: s.Cfg.AbsURL(f.List.SitePath), Description: "Recent content on " + site,
			Generator: "sitegen", Language: s.Lay.ListFeed.Language, Copyright: s.Lay.Settings.Copyright,
			Self: listFeedSelf{Href: s.Cfg.AbsURL("/" + f.File), Rel: "self", Type: "application/rss+xml"}}
		if title != site {
			ch.Title = title + " on " + site
			ch.Description = "Recent content in " + title + " on " + site
		}
		if !f.Date.IsZero() {
			ch.LastBuildDate = f.Date.Format(hugoRSSDate)
		}
		for i, p := range f.Items {
			link := s.Cfg.AbsURL(p.SitePath)
			t := f.Dates[i]
			ch.Items = append(ch.Items, listFeedItem{Title: p.Title, Link: link, PubDate: t.Format(hugoRSSDate), GUID: link,
				Description: cmp.Or(layout.Text(p.Meta["summary"]), p.Description)})
		}
		x, err := xml.MarshalIndent(listFeedRSS{Version: "2.0", Atom: "http://www.w3.org/2005/Atom", Channel: ch}, "", "  ")
		if err != nil {
			return fmt.Errorf("write %s: %w", f.File, err)
		}
		x = append(append([]byte(xml.Header), x...), '\n')
		if err := out.Write(f.File, x); err != nil {
			return fmt.Errorf("write %s: %w", f.File, err)
		}
	}
	return nil
}

// hugoRSSDate is the date of Hugo's RSS template (.Date.Format "Mon, 02
// Jan 2006 15:04:05 -0700"); a page without a date has the zero time's.
const hugoRSSDate = "Mon, 02 Jan 2006 15:04:05 -0700"

// The list feeds' XML (encoding/xml), as Hugo's RSS template writes it.
type (
	listFeedRSS struct {
		XMLName xml.Name        `xml:"rss"`
		Version string          `xml:"version,attr"`
		Atom    string          `xml:"xmlns:atom,attr"`
		Channel listFeedChannel `xml:"channel"`
	}
	listFeedChannel struct {
		Title         string         `xml:"title"`
		Link          string         `xml:"link"`
		Description   string         `xml:"description"`
		Generator     string         `xml:"generator"`
		Language      string         `xml:"language,omitempty"`
		Copyright     string         `xml:"copyright,omitempty"`
		LastBuildDate string         `xml:"lastBuildDate,omitempty"`
		Self          listFeedSelf   `xml:"atom:link"`
		Items         []listFeedItem `xml:"item"`
	}
	listFeedSelf struct {
		Href string `xml:"href,attr"`
		Rel  string `xml:"rel,attr"`
		Type string `xml:"type,attr"`
	}
	listFeedItem struct {
		Title       string `xml:"title"`
		Link        string `xml:"link"`
		PubDate     string `xml:"pubDate"`
		GUID        string `xml:"guid"`
		Description string `xml:"description"`
	}
)
