package site

import (
	"encoding/xml"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// hugoFeed is what TestHugoListFeeds reads of an RSS feed, element by
// element: the channel's and its items'.
type hugoFeed struct {
	Title       string `xml:"channel>title"`
	Description string `xml:"channel>description"`
	Language    string `xml:"channel>language"`
	Date        string `xml:"channel>lastBuildDate"`
	Links       []struct {
		XMLName xml.Name
		Href    string `xml:"href,attr"`
		Rel     string `xml:"rel,attr"`
		Type    string `xml:"type,attr"`
		Text    string `xml:",chardata"`
	} `xml:"channel>link"`
	Items []struct {
		Title   string `xml:"title"`
		Link    string `xml:"link"`
		PubDate string `xml:"pubDate"`
		GUID    string `xml:"guid"`
	} `xml:"channel>item"`
}

// link is the channel's link, and its atom:link's href, rel and type.
func (f hugoFeed) link() (link, self string) {
	for _, l := range f.Links {
		if l.XMLName.Space == "" {
			link = l.Text
		} else {
			self = l.Href + " " + l.Rel + " " + l.Type
		}
	}
	return link, self
}

// TestHugoListFeeds checks the RSS feeds of a Hugo site's lists against
// hugo 0.111's output of the same fixture, element by element: "Default
// output formats: home [html, rss], section [html, rss], taxonomy [html,
// rss], term [html, rss]" (https://gohugo.io/templates/output-formats/),
// each index.xml from the embedded RSS template: the home page's and a
// section's RegularPages (a folder without _index.md below a section is
// the section's), a taxonomy's terms, a term's pages, in the default
// order "weight, date (descending), linkTitle, path"
// (https://gohugo.io/quick-reference/glossary/#default-sort-order: the
// weighted Combat of 2021 before Heavy of 2024); "rssLimit: Maximum
// number of items in the RSS feed" (https://gohugo.io/configuration/all/#rsslimit),
// services.rss.limit too; "disableKinds" and "outputs" (the settings'
// by kind, a page's front matter) turn a feed off.
func TestHugoListFeeds(t *testing.T) {
	const config = "title = \"H\"\nbaseURL = \"https://h.test/\"\nlanguageCode = \"en-us\"\n"
	pages := map[string]string{
		"content/_index.md":       "---\ntitle: Home\n---\nhome\n",
		"content/rules/_index.md": "---\ntitle: Rules\n---\n",
		"content/rules/combat.md": "---\ntitle: Combat\ndate: 2021-01-01\nweight: 2\n---\nFight.\n",
		"content/rules/magic.md":  "---\ntitle: Magic\ndate: 2023-05-01\ntags: [arcane]\n---\nSpells.\n",
		"content/rules/heavy.md":  "---\ntitle: Heavy\ndate: 2024-05-01\n---\nHeavy.\n",
		"content/rules/nodate.md": "---\ntitle: NoDate\n---\nnd\n",
		"content/about.md":        "---\ntitle: About\ndate: 2022-01-01\n---\nabout\n",
		"content/lore/deep/d.md":  "---\ntitle: Deep\ndate: 2020-01-01\n---\ndeep\n",
		"content/lore/l.md":       "---\ntitle: L\ndate: 2019-01-01\n---\nl\n",
	}
	type item = [2]string // title, pubDate
	type want struct {
		title, desc, date string
		items             []item
	}
	combat, heavy, magic := item{"Combat", "Fri, 01 Jan 2021 00:00:00 +0000"}, item{"Heavy", "Wed, 01 May 2024 00:00:00 +0000"}, item{"Magic", "Mon, 01 May 2023 00:00:00 +0000"}
	nodate := item{"NoDate", "Mon, 01 Jan 0001 00:00:00 +0000"}
	about, deep, l := item{"About", "Sat, 01 Jan 2022 00:00:00 +0000"}, item{"Deep", "Wed, 01 Jan 2020 00:00:00 +0000"}, item{"L", "Tue, 01 Jan 2019 00:00:00 +0000"}
	for _, c := range []struct {
		name  string
		files map[string]string
		want  map[string]want // by feed file; every index.xml written
	}{
		{"defaults", map[string]string{"hugo.toml": config}, map[string]want{
			"index.xml": {"Home on H", "Recent content in Home on H", "Wed, 01 May 2024 00:00:00 +0000",
				[]item{combat, heavy, magic, about, deep, l, nodate}},
			"rules/index.xml": {"Rules on H", "Recent content in Rules on H", "Wed, 01 May 2024 00:00:00 +0000",
				[]item{combat, heavy, magic, nodate}},
			"lore/index.xml": {"Lores on H", "Recent content in Lores on H", "Wed, 01 Jan 2020 00:00:00 +0000",
				[]item{deep, l}},
			"tags/index.xml": {"Tags on H", "Recent content in Tags on H", "Mon, 01 May 2023 00:00:00 +0000",
				[]item{{"arcane", "Mon, 01 May 2023 00:00:00 +0000"}}},
			"tags/arcane/index.xml": {"arcane on H", "Recent content in arcane on H", "Mon, 01 May 2023 00:00:00 +0000",
				[]item{magic}},
			"categories/index.xml": {"Categories on H", "Recent content in Categories on H", "", nil},
		}},
		{"rssLimit, outputs and disableKinds", map[string]string{
			"hugo.toml":              config + "rssLimit = 2\ndisableKinds = [\"taxonomy\"]\n[outputs]\nhome = [\"HTML\"]\n",
			"content/lore/_index.md": "---\ntitle: Lore\noutputs: [html]\n---\n"}, map[string]want{
			"rules/index.xml": {"Rules on H", "Recent content in Rules on H", "Wed, 01 May 2024 00:00:00 +0000",
				[]item{combat, heavy}},
			"tags/arcane/index.xml": {"arcane on H", "Recent content in arcane on H", "Mon, 01 May 2023 00:00:00 +0000",
				[]item{magic}},
		}},
		{"services.rss.limit", map[string]string{"hugo.toml": config + "[services.rss]\nlimit = 1\n"}, nil},
		{"disableKinds RSS", map[string]string{"hugo.toml": config + "disableKinds = [\"RSS\"]\n"}, map[string]want{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			files := map[string]string{}
			for k, v := range pages {
				files[k] = v
			}
			for k, v := range c.files {
				files[k] = v
			}
			sitetest.WriteFiles(t, dir, files)
			out := filepath.Join(t.TempDir(), "out")
			if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
				t.Fatal(err)
			}
			tree := readTree(t, out)
			var got []string
			for f := range tree {
				if f == "index.xml" || strings.HasSuffix(f, "/index.xml") {
					got = append(got, f)
				}
			}
			sort.Strings(got)
			if c.want == nil { // services.rss.limit = 1: every feed has at most one item
				for _, f := range got {
					var feed hugoFeed
					if err := xml.Unmarshal([]byte(tree[f]), &feed); err != nil {
						t.Fatalf("%s: %v", f, err)
					}
					if len(feed.Items) > 1 {
						t.Errorf("%s: %d items, want at most 1", f, len(feed.Items))
					}
				}
				if len(got) != 6 {
					t.Errorf("feeds %v, want 6", got)
				}
				return
			}
			var files2 []string
			for f := range c.want {
				files2 = append(files2, f)
			}
			sort.Strings(files2)
			if !slices.Equal(got, files2) {
				t.Errorf("feeds %v, want %v", got, files2)
			}
			for f, w := range c.want {
				var feed hugoFeed
				if err := xml.Unmarshal([]byte(tree[f]), &feed); err != nil {
					t.Fatalf("%s: %v", f, err)
				}
				list := "https://h.test/" + strings.TrimSuffix(f, "index.xml")
				link, self := feed.link()
				if feed.Title != w.title || feed.Description != w.desc || link != list || feed.Language != "en-us" || feed.Date != w.date {
					t.Errorf("%s: channel %q, %q, %q, %q, %q; want %q, %q, %q, en-us, %q", f, feed.Title, feed.Description, link, feed.Language, feed.Date, w.title, w.desc, list, w.date)
				}
				if want := "https://h.test/" + f + " self application/rss+xml"; self != want {
					t.Errorf("%s: atom:link %q, want %q", f, self, want)
				}
				var items []item
				for _, it := range feed.Items {
					items = append(items, item{it.Title, it.PubDate})
					if it.GUID != it.Link || !strings.HasPrefix(it.Link, "https://h.test/") {
						t.Errorf("%s: item %s: link %q, guid %q", f, it.Title, it.Link, it.GUID)
					}
				}
				if !slices.Equal(items, w.items) {
					t.Errorf("%s: items\n%v, want\n%v", f, items, w.items)
				}
			}
		})
	}
}

// TestHugoListFeedLanguage: the feed's <language> is languageCode as the
// settings write it ("{{ with .Site.LanguageCode }}<language>{{.}}"),
// none without it: hugo 0.111 writes no <language> for a site of
// defaultContentLanguage = "en" and [languages.fr] alone, in either
// language's feeds.
func TestHugoListFeedLanguage(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"hugo.toml":                  "title = \"H\"\nbaseURL = \"https://h.test/\"\ndefaultContentLanguage = \"en\"\n[languages.en]\nweight = 1\n[languages.fr]\nweight = 2\ntitle = \"HF\"\n",
		"content/rules/combat.md":    "---\ntitle: Combat\ndate: 2021-01-01\n---\nx\n",
		"content/rules/combat.fr.md": "---\ntitle: Combat FR\ndate: 2021-01-02\n---\nx\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
		t.Fatal(err)
	}
	tree := readTree(t, out)
	for _, f := range []string{"index.xml", "rules/index.xml", "fr/index.xml", "fr/rules/index.xml"} {
		x, ok := tree[f]
		if !ok {
			t.Errorf("%s not written", f)
			continue
		}
		if strings.Contains(x, "<language>") {
			t.Errorf("%s has a <language>, Hugo writes none", f)
		}
	}
	if !strings.Contains(tree["fr/rules/index.xml"], "<title>Combat FR</title>") {
		t.Errorf("fr/rules/index.xml does not list the French page")
	}
}
