// Package templates holds the templ components that turn a rendered page
// into a complete HTML document: the base layout with its landmarks, and the
// page, section index, home and 404 views.
//
// The package knows nothing about Markdown or files. The site engine
// (cmd/sitegen/internal/site) fills the view-model types below and calls
// Render; data flows one way, from the engine into the templates.
package templates

import (
	"cmp"
	"slices"
	"strings"
	"time"
)

// Kind tells which view renders a page.
type Kind int

// The kinds of page the engine produces.
const (
	// KindPage is an ordinary content page.
	KindPage Kind = iota
	// KindSection is a folder's index page (its _index.md plus a list of children).
	KindSection
	// KindHome is the site's front page (content/_index.md).
	KindHome
	// KindNotFound is the 404 page.
	KindNotFound
)

// Site is the part of the view model shared by every page of one build.
// The engine builds it once; templates must treat it as read-only.
type Site struct {
	// Title is the site title from site.toml.
	Title string
	// Language is the site's language code (the html lang attribute).
	Language string
	// Home is the root-relative URL of the home page ("/" or "/base/path/").
	Home string
	// Nav is the navigation tree: top-level sections and pages in order.
	Nav []*NavItem
	// FolderNavs are the navigations of the pages of some folders
	// (content-relative) that have one of their own (docsify's nested
	// _sidebar.md), in place of Nav; nil for none.
	FolderNavs map[string][]*NavItem
	// NavbarTabs says that Nav is a navbar (Docusaurus's
	// themeConfig.navbar.items): a page with a navigation of its own
	// (Page.Nav, a doc's sidebar) shows Nav's top entries as tabs above
	// it (Page.Tabs), as the tool shows its navbar on every page.
	NavbarTabs bool
	// Assets maps a static file's logical path ("css/site.css") to its
	// published, content-hashed URL.
	Assets Assets
	// Footer is the HTML of the site's footer line, from site.toml's
	// copyright (inline Markdown, rendered and link-checked by the
	// engine); "" for no footer.
	Footer string
	// HomeTitle: the home page's <title> starts with the home page's own
	// title ("Welcome · Site"), as the layout's tool writes it (VitePress,
	// Docusaurus, Jekyll's jekyll-seo-tag, Quartz); otherwise it is the
	// site's title alone (sitegen, Hugo's and MkDocs' themes). The engine
	// sets it only when the home page has a title of its own.
	HomeTitle bool
	// HomeTagline, when set, follows the site's title in the home page's
	// <title> when the home page has no title of its own ("Site ·
	// Tagline"), as the layout's tool writes it (jekyll-seo-tag with the
	// site's description). The engine sets it only then.
	HomeTagline string
	// SuffixTitles: every page's <title> is its own title followed by
	// TitleSuffix, as the layout's tool writes it (mdBook's "Chapter -
	// Book", Quartz's title + pageTitleSuffix), in place of sitegen's
	// "Page · Section · Site"; a page without a title is the site's.
	SuffixTitles bool
	// TitleSuffix ends each page's <title> when SuffixTitles ("" for none).
	TitleSuffix string
	// SuffixNotHome: with SuffixTitles, the home page's <title> is the
	// site's title alone (MkDocs's themes).
	SuffixNotHome bool
	// LinkPreviews turns on js/site.js's previews of links to other pages
	// (each page's previews file, written by the engine).
	LinkPreviews bool
	// Print is the link in the header to the site's pages on one page,
	// to print (mdBook's print button); nil for none.
	Print *Link
	// PreviewShards is the number of files the pages' previews are
	// shared out to (a power of two, 0 without previews): js/site.js
	// finds a page's previews in the one its path hashes to.
	PreviewShards int
	// Dir is the text's direction ("rtl"), "" for the default.
	Dir string
	// Locales are the languages the site is published in (Docusaurus's
	// i18n.locales), each a site of its own: the page header links to
	// the page's URL in each other one. Empty for a site of one language.
	Locales []LocaleLink
	// LocaleHomes: the locale switcher leads to each locale's home page
	// (its Link, else its Base), not to the page shown at its path there
	// (VitePress's themeConfig.i18nRouting: false).
	LocaleHomes bool
	// PrevText and NextText are the words above a page's previous and
	// next links ("" for sitegen's "Previous" and "Next": PrevWord,
	// NextWord).
	PrevText, NextText string
	// Words are sitegen's own words in the site's language (WordsFor,
	// the site's overrides merged); the zero value is English (UI).
	Words Words
	// navIndex indexes Nav for Page.navHolds (SetNav); nil, or made from
	// another tree: each page indexes the tree itself.
	navIndex *navIndex
}

// LocaleLink is one language of the site in its locale switcher.
type LocaleLink struct {
	// Label is what the switcher shows ("Français"), Lang its language
	// code (hreflang).
	Label, Lang string
	// Base is the root-relative path its site is published under ("/",
	// "/fr/"); Current marks the site of the page shown, Default the
	// default locale's (at the site's root).
	Base             string
	Current, Default bool
	// Pages, for a locale whose pages are its own (Hugo's languages), is
	// the URL of each page of the current locale's site that has a
	// translation in this one: the translation's URL. Nil: every page
	// is at the same path in each locale (the tools that fill a missing
	// translation with the default locale's page).
	Pages map[string]string
	// Link, when set, is what the switcher's links to this locale start
	// with in place of Base (VitePress's locales.KEY.link).
	Link string
}

// CurrentLocale is the locale of the page shown (the first when none is
// marked current).
func (s *Site) CurrentLocale() LocaleLink {
	for _, l := range s.Locales {
		if l.Current {
			return l
		}
	}
	if len(s.Locales) > 0 {
		return s.Locales[0]
	}
	return LocaleLink{}
}

// LocaleURL is the URL of the page at the root-relative url in the
// locale l: its translation's where l lists them (Pages), else the same
// path under l's base (Docusaurus's locale dropdown changes the base
// alone); l's site's root when there is none, or url is not under the
// current locale's base.
func (s *Site) LocaleURL(l LocaleLink, url string) string {
	if l.Pages != nil {
		if u, ok := l.Pages[url]; ok {
			return u
		}
		return cmp.Or(l.Link, l.Base) // no translation there: that locale's home page
	}
	for _, c := range s.Locales {
		if !c.Current {
			continue
		}
		// The page's path after the current locale's link where it starts
		// with it (VitePress: "page.relativePath.slice(currentLang.link.length
		// - 1)"), else after its base path.
		if rest, ok := strings.CutPrefix(url, c.Link); ok && c.Link != "" {
			return cmp.Or(l.Link, l.Base) + rest
		}
		if rest, ok := strings.CutPrefix(url, c.Base); ok {
			return cmp.Or(l.Link, l.Base) + rest
		}
	}
	return cmp.Or(l.Link, l.Base)
}

// SwitchURL is where the locale switcher's link to the locale l leads
// from the page at the root-relative url: l's home page where the site
// says so (LocaleHomes), else the page's URL there (LocaleURL).
func (s *Site) SwitchURL(l LocaleLink, url string) string {
	if s.LocaleHomes {
		return cmp.Or(l.Link, l.Base)
	}
	return s.LocaleURL(l, url)
}

// PrevWord is the word above a page's previous link: PrevText, else
// the site's word for "Previous".
func (s *Site) PrevWord() string { return cmp.Or(s.PrevText, s.UI().Previous) }

// NextWord is the word above a page's next link: NextText, else the
// site's word for "Next".
func (s *Site) NextWord() string { return cmp.Or(s.NextText, s.UI().Next) }

// SetNav sets the navigation tree and indexes it once for every page:
// which entries hold the current page is then found from the page's
// trail, not by walking the whole tree for each page (a 5,000-page
// site's tree 5,000 times).
func (s *Site) SetNav(nav []*NavItem) {
	s.Nav = nav
	s.navIndex = indexNav(nav)
}

// navIndex is a navigation tree's entries by URL and each entry's parents.
type navIndex struct {
	nav     []*NavItem // the tree indexed
	byURL   map[string][]*NavItem
	parents map[*NavItem][]*NavItem
	badges  bool // an entry has a badge (Page.NavBadges)
}

// indexNav indexes the tree nav.
func indexNav(nav []*NavItem) *navIndex {
	x := &navIndex{nav: nav, byURL: map[string][]*NavItem{}, parents: map[*NavItem][]*NavItem{}}
	seen := map[*NavItem]bool{}
	var walk func(parent *NavItem, items []*NavItem)
	walk = func(parent *NavItem, items []*NavItem) {
		for _, it := range items {
			if parent != nil {
				x.parents[it] = append(x.parents[it], parent)
			}
			if seen[it] { // an entry in two places: its own entries once
				continue
			}
			seen[it] = true
			x.badges = x.badges || it.Badge != ""
			if it.URL != "" {
				x.byURL[it.URL] = append(x.byURL[it.URL], it)
			}
			walk(it, it.Children)
		}
	}
	walk(nil, nav)
	return x
}

// of reports whether x indexes the tree nav.
func (x *navIndex) of(nav []*NavItem) bool {
	return x != nil && len(x.nav) == len(nav) && (len(nav) == 0 || &x.nav[0] == &nav[0])
}

// Assets maps logical static paths to published URLs.
type Assets map[string]string

// URL returns the published URL of the static file at logical path name.
// The engine checks that every name in RequiredAssets exists, so the empty
// result for an unknown name only happens for optional assets.
func (a Assets) URL(name string) string { return a[name] }

// RequiredAssets lists the static files the layout references
// unconditionally; a build fails if one of them is missing from static/.
func RequiredAssets() []string { return []string{"css/site.css"} }

// NavItem is one entry of the navigation tree.
type NavItem struct {
	// Title is the link text.
	Title string
	// TitleHTML, when not "", is the link text as inline HTML, cleaned
	// by sitegen's raw-HTML policy (layout.NavEntry.TitleHTML), shown in
	// place of Title.
	TitleHTML string
	// URL is the root-relative URL of the entry's page; "" for an entry
	// that is not a link (Kind).
	URL string
	// Children holds a section's pages and subsections in order.
	Children []*NavItem
	// Kind is what the entry is: a link, or one of the entries a tool's
	// table of contents has between them (mdBook's part titles,
	// separators and draft chapters).
	Kind NavKind
	// Number is the entry's section number ("1.2."), shown before its
	// title; "" for none.
	Number string
	// Collapsible says that an entry without a page (NavDraft) shows its
	// entries folded until the reader opens it (a <details>), open from
	// the start when Open or when it holds the current page.
	Collapsible, Open bool
	// Group, for a Collapsible entry, is the name its <details> shares
	// with its folded siblings: opening one closes the others (HTML's
	// exclusive accordion; Docusaurus's autoCollapseCategories); "" for
	// none.
	Group string
	// Unfolded says that the entry's entries are shown whatever page is
	// open (layout.Layout.NavUnfold), not only on the open page's branch.
	Unfolded bool
	// External marks a link to another site (layout.NavEntry.Link),
	// shown with a mark; Target is its target attribute, "" for none.
	External bool
	Target   string
	// Written is the link as the tool's sidebar writes it
	// (layout.NavEntry.Written), read by the previous and next links;
	// "" for none.
	Written string
	// PagerTitle, when set, is the entry's label in the previous and
	// next links (layout.NavEntry.PagerTitle).
	PagerTitle string
	// Class is the class names of a NavHTML entry (layout.NavEntry.Class).
	Class string
	// Badge, when not "", is a badge shown after the label (Starlight's
	// sidebar badges, layout.Badge); BadgeVariant its colour ("note",
	// "danger", "success", "caution", "tip"; "" or "default" the accent).
	Badge, BadgeVariant string
}

// NavKind is the kind of a navigation entry.
type NavKind int

// The kinds of navigation entry.
const (
	// NavLink is a page's entry.
	NavLink NavKind = iota
	// NavPart is a part title: a heading over the entries that follow.
	NavPart
	// NavDraft is an entry listed without a page: its title, not a link.
	NavDraft
	// NavSeparator is a line between entries.
	NavSeparator
	// NavHTML is a piece of HTML shown among the entries, no link
	// (Docusaurus's sidebar html item): TitleHTML, with Class.
	NavHTML
)

// Link is a titled link, used for breadcrumbs, previous/next and listings.
type Link struct {
	// Title is the link text.
	Title string
	// TitleHTML, when not "", is the link text as inline HTML, cleaned
	// by sitegen's raw-HTML policy (a previous or next link whose tool
	// writes its label as HTML: VitePress's VPDocFooter), shown in place
	// of Title.
	TitleHTML string
	// URL is the root-relative URL.
	URL string
	// Description is an optional one-line summary (section listings).
	Description string
	// Section is the title of the top-level section (the game) the linked
	// page is in, when the link names it (previous and next links); "" for
	// a section's own page and pages outside one.
	Section string
	// External marks a link out of the site (a generated index's card for
	// a sidebar link item), shown as the navigation's external entries.
	External bool
	// Target is the window it opens in ("_blank": a new tab); "" for the
	// same.
	Target string
}

// Pagination is where a page of a long section list stands: page Number
// of len(URLs), the URL of each.
type Pagination struct {
	Number int
	URLs   []string
}

// Prev is the URL of the previous page of the list, "" on the first.
func (p *Pagination) Prev() string {
	if p.Number <= 1 {
		return ""
	}
	return p.URLs[p.Number-2]
}

// Next is the URL of the next page of the list, "" on the last.
func (p *Pagination) Next() string {
	if p.Number >= len(p.URLs) {
		return ""
	}
	return p.URLs[p.Number]
}

// TOCItem is one heading in a page's table of contents.
type TOCItem struct {
	// Title is the heading's plain text.
	Title string
	// ID is the heading's id attribute (the fragment to link to).
	ID string
	// Children are the next-level headings under this one.
	Children []*TOCItem
}

// Page is everything the templates need to render one HTML document.
type Page struct {
	// Kind selects the view.
	Kind Kind
	// Nav is the page's navigation when it is not the site's (Site.Nav):
	// its folder's own (Site.FolderNavs); nil for the site's.
	Nav []*NavItem
	// Site is shared by all pages of the build.
	Site *Site
	// Title is the page title from front matter.
	Title string
	// DocTitle, when set, is the page's whole <title>: the one its text
	// sets itself (mdBook's {{#title}}), written as it is, or the one the
	// layout's tool writes (VitePress's "Page | Site",
	// layout.Layout.DocTitle); "" for sitegen's. It is the <title> only:
	// Title stays the page's name everywhere else.
	DocTitle string
	// Heading is the text of the page's visible <h1> when it differs from
	// its title (a page with a title of its own that starts with
	// "# Heading"); "" shows the title (see H1).
	Heading string
	// Description is the page description from front matter (may be empty).
	Description string
	// URL is the page's root-relative URL ("/opend6/combat/").
	URL string
	// Permalink is the page's absolute canonical URL.
	Permalink string
	// Content is the page body rendered from Markdown (trusted HTML).
	Content string
	// TOC is the table of contents; the page view shows it when it has
	// at least two entries.
	TOC []*TOCItem
	// Breadcrumbs are the ancestors of the page, home first, excluding the page.
	Breadcrumbs []Link
	// Prev and Next are the neighbours in reading order (nil at the ends).
	Prev, Next *Link
	// PrevWord and NextWord name Prev and Next in the pager, "" for
	// "Previous" and "Next" (a blog post's "Newer post" and "Older post").
	PrevWord, NextWord string
	// Lead is the text shown under the page's title (a Docusaurus
	// generated index's description), "" for none.
	Lead string
	// Children lists a section's pages and subsections (section and home views):
	// on a long list cut into pages (see Pagination), this page's part.
	Children []Link
	// Pagination places a section page in its list's pages when the list
	// is too long for one page; nil otherwise.
	Pagination *Pagination
	// Flags are set by fenced-block handlers (for example "calc" when the
	// page embeds a calculator); templates test them with Has.
	Flags map[string]bool
	// Scripts are published URLs of extra scripts the page needs,
	// requested by block handlers; the layout loads them deferred.
	Scripts []string
	// Styles are published URLs of extra stylesheets the page needs.
	Styles []string
	// Section is the title of the page's top-level section (its game
	// system, "OpenD6"), or "" for pages outside one; it goes into the
	// document title so tabs and bookmarks can tell pages apart.
	Section string
	// Notice is a note shown above the page's text, "" for none
	// (Starlight's "This content is not available in your language yet."
	// on a locale's page shown in the default locale's words).
	Notice string
	// EditURL is the address of the page's source in the repository's
	// editor (site.toml editURL + source path), or "" when not configured.
	EditURL string
	// Updated is when the page's source last changed (from git when the
	// source is a repository, else the file time); zero when unknown.
	Updated time.Time
	// Backlinks are the pages that link to this one, in reading order
	// (the "Linked from" section); each Description is the title of the
	// section the linking page is in, or "".
	Backlinks []Link
	// Hero and Features are a home page's hero and feature boxes
	// (VitePress's layout: home); nil for none.
	Hero     *Hero
	Features []Feature
	// Hide are the parts of the frame the page's front matter hides
	// (layout.Layout.Hide: Material for MkDocs' hide:).
	Hide Hidden
	// Wide: the page is its tool's wide landing layout, its column wider
	// and centred (layout.Layout.Wide: Starlight's template: splash).
	Wide bool
	// Print: the page is the site's pages on one page, to print
	// (mdBook's print.html, Site.Print): kept out of search engines and
	// printed once loaded.
	Print bool
}

// Hidden are the parts of a page's frame not shown on it: its table of
// contents, the site's navigation, its previous and next links and its
// breadcrumbs (Path).
type Hidden struct {
	TOC, Nav, Pager, Path bool
}

// Hero is the top of a home page: a name, the main text (its <h1>), a
// tagline and action links.
type Hero struct {
	Name, Text, Tagline string
	Actions             []HeroAction
	// Image is the URL of the hero's picture ("" for none), shown in
	// both color schemes, or in the dark one where ImageLight is set
	// (shown in the light one); ImageAlt is their alt text.
	Image, ImageLight, ImageAlt string
}

// HeroAction is one of a hero's links; Alt marks a secondary one.
type HeroAction struct {
	Title, URL string
	Alt        bool
}

// Feature is one box of a home page's features; URL may be "".
type Feature struct {
	Icon, Title, Details, URL, LinkText string
}

// Has reports whether a block handler set flag on this page.
func (p *Page) Has(flag string) bool { return p.Flags[flag] }

// FlagOwnH1 marks a page whose text writes its own <h1> (a Jekyll page's
// HTML or its layout's): the view adds no title heading above it.
const FlagOwnH1 = "own-h1"

// H1 is the text of the page's visible <h1>: its heading, else its title.
func (p *Page) H1() string {
	if p.Heading != "" {
		return p.Heading
	}
	return p.Title
}

// NavTree is the navigation the page shows: its own (Nav), else the
// site's.
func (p *Page) NavTree() []*NavItem {
	if p.Nav != nil {
		return p.Nav
	}
	return p.Site.Nav
}

// Tabs are the navbar's entries (Site.NavbarTabs) a page with a
// navigation of its own shows above it; nil for none (a page that shows
// the navbar as its navigation).
func (p *Page) Tabs() []*NavItem {
	if !p.Site.NavbarTabs || p.Nav == nil {
		return nil
	}
	return p.Site.Nav
}

// TabCurrent reports whether the tab it is the page's: it leads to the
// page or to a page of the page's own navigation (Docusaurus marks the
// navbar item of the sidebar being browsed, "doc-sidebar-active").
func (p *Page) TabCurrent(it *NavItem) bool {
	if it.URL == "" || it.External {
		return false
	}
	if it.URL == p.URL {
		return true
	}
	var holds func(items []*NavItem) bool
	holds = func(items []*NavItem) bool {
		for _, c := range items {
			if c.URL == it.URL || holds(c.Children) {
				return true
			}
		}
		return false
	}
	return holds(p.Nav)
}

// IsCurrent reports whether url is this page's URL.
func (p *Page) IsCurrent(url string) bool { return p.URL == url }

// navHolds returns the entries of the navigation whose entries, at any
// depth, lead to this page or one of its ancestors (InTrail): a folded
// one is shown open, and a link's entries are listed. They are the
// ancestors, in the tree, of the entries in the page's trail, and those
// can only be at the page's own URL, one of its prefixes, or one of its
// breadcrumbs.
func (p *Page) navHolds() map[*NavItem]bool {
	nav := p.NavTree() // the site's, or the page's folder's own (Nav)
	x := p.Site.navIndex
	if !x.of(nav) {
		x = indexNav(nav)
	}
	holds := map[*NavItem]bool{}
	var up func(it *NavItem)
	up = func(it *NavItem) {
		for _, a := range x.parents[it] {
			if !holds[a] {
				holds[a] = true
				up(a)
			}
		}
	}
	inTrail := func(url string) {
		if items := x.byURL[url]; items != nil && p.InTrail(url) {
			for _, it := range items {
				up(it)
			}
		}
	}
	for i := 1; i <= len(p.URL); i++ {
		inTrail(p.URL[:i])
	}
	for _, b := range p.Breadcrumbs {
		inTrail(b.URL)
	}
	return holds
}

// InTrail reports whether the page at url is this page or one of its
// ancestors, which is when the navigation tree expands that entry.
func (p *Page) InTrail(url string) bool {
	switch {
	case url == "":
		return false
	case url == p.Site.Home:
		return p.URL == url
	case strings.HasPrefix(p.URL, url):
		return true
	}
	// An ancestor in the navigation that is not one in the URL (a
	// table of contents that nests pages of other folders).
	for _, b := range p.Breadcrumbs {
		if b.URL == url {
			return true
		}
	}
	return false
}

// NavLimit is the most entries a section's list shows in the site
// navigation. A longer section shows a window of NavLimit entries around
// the current page and a link to the section's own page, which lists them
// all: a page of a 500-page section then carries 30 links, not 500.
const NavLimit = 30

// NavWindow returns the entries of a section's navigation list (the
// children of parent) to show on this page: all of them up to NavLimit,
// else NavLimit of them centred on the entry in the page's trail, or on a
// page of the section's long list (see Pagination) starting at the first
// entry that page lists, else the first NavLimit. The top level (parent
// nil) is never cut, nor a heading without a page of its own (parent.URL
// empty: no page lists its entries, so the window would hide them).
func (p *Page) NavWindow(parent *NavItem, items []*NavItem) []*NavItem {
	if parent == nil || parent.URL == "" || len(items) <= NavLimit {
		return items // the top level, a short list, or a heading with no page that lists them all
	}
	at := -1
	for i, it := range items {
		if p.InTrail(it.URL) {
			at = i
			break
		}
	}
	start := 0
	if at >= 0 {
		start = min(max(at-NavLimit/2, 0), len(items)-NavLimit)
	} else if p.Pagination != nil && len(p.Children) > 0 {
		// A page of this section's own long list: the window starts at
		// the first entry it lists.
		for i, it := range items {
			if it.URL == p.Children[0].URL {
				start = min(i, len(items)-NavLimit)
				break
			}
		}
	}
	return items[start : start+NavLimit]
}

// BodyClass is the class attribute of <body>: the page kind
// ("kind-page") and one "has-FLAG" class per flag, so stylesheets can
// react to what the page embeds.
func (p *Page) BodyClass() string {
	c := "kind-" + kindName(p.Kind)
	if p.Wide {
		c += " wide"
	}
	flags := make([]string, 0, len(p.Flags))
	for f, on := range p.Flags {
		if on {
			flags = append(flags, f)
		}
	}
	slices.Sort(flags)
	for _, f := range flags {
		c += " has-" + f
	}
	return c
}

// Alternate is the page in another language of the site, for a
// <link rel="alternate" hreflang> (Docusaurus writes one for each locale
// and one hreflang="x-default" for the default's).
type Alternate struct {
	Href, Lang string
}

// Alternates are the page's URLs in each language of the site,
// absolute (from its Permalink), then the default locale's as
// x-default; none for a site of one language or a page without a
// permalink. Where the locales have pages of their own (LocaleLink.Pages:
// Hugo's languages), only the page and its translations, none for a page
// without one, and no x-default, as Hugo's sitemap.xml template lists
// them ({{ if .IsTranslated }}, from .Translations).
func (p *Page) Alternates() []Alternate {
	if len(p.Site.Locales) < 2 || p.Permalink == "" {
		return nil
	}
	origin, ok := strings.CutSuffix(p.Permalink, p.URL)
	if !ok {
		return nil
	}
	var out []Alternate
	own := false
	for _, l := range p.Site.Locales {
		if l.Pages != nil {
			own = true
			if _, ok := l.Pages[p.URL]; !ok {
				continue // no translation there
			}
		}
		out = append(out, Alternate{Href: absolute(origin, p.Site.LocaleURL(l, p.URL)), Lang: l.Lang})
	}
	if own {
		if len(out) < 2 {
			return nil
		}
		return out
	}
	for _, l := range p.Site.Locales {
		if l.Default {
			out = append(out, Alternate{Href: absolute(origin, p.Site.LocaleURL(l, p.URL)), Lang: "x-default"})
		}
	}
	return out
}

// absolute is the URL u from origin, u itself when it has its own host
// (a locale at its own host: LocaleLink.Base).
func absolute(origin, u string) string {
	if strings.Contains(u, "://") {
		return u
	}
	return origin + u
}

// DocumentTitle is the page's <title>: its DocTitle when set (its own,
// or its tool's whole title), its title and the tool's suffix where the layout's tool
// writes it so (Site.SuffixTitles), else sitegen's: the page title, its
// game system when the page belongs to one and is not the system's own
// page, and the site title ("Attacking · OpenD6 · d6codex"; the home page
// the site's title, or "Home · Site" with Site.HomeTitle, or "Site ·
// Tagline" with Site.HomeTagline).
func (p *Page) DocumentTitle() string {
	switch {
	case p.DocTitle != "":
		return p.DocTitle
	case p.Site.SuffixTitles && p.Kind == KindHome && p.Site.SuffixNotHome:
		return p.Site.Title
	case p.Site.SuffixTitles && p.Title != "":
		return p.Title + p.Site.TitleSuffix
	case p.Site.SuffixTitles:
		return p.Site.Title
	}
	if p.Kind == KindHome && p.Site.HomeTitle && p.Title != "" && p.Title != p.Site.Title {
		return p.Title + " · " + p.Site.Title
	}
	if p.Kind == KindHome && p.Site.HomeTagline != "" && p.Site.Title != "" {
		return p.Site.Title + " · " + p.Site.HomeTagline
	}
	if p.Site.Title != "" && (p.Kind == KindHome || p.Title == "" || p.Title == p.Site.Title) {
		return p.Site.Title
	}
	t := p.Title
	if p.Kind != KindHome && p.Section != "" && p.Section != p.Title {
		t += " · " + p.Section
	}
	if p.Site.Title == "" { // an untitled site (Hugo's title written empty)
		return t
	}
	return t + " · " + p.Site.Title
}

// UpdatedISO formats Updated for the page footer's <time datetime>
// ("2026-11-20"); its text is Words.DateText, in the site's language.
func (p *Page) UpdatedISO() string { return p.Updated.Format(time.DateOnly) }

// SearchIndexAsset is the logical asset name of the full-text search
// index the engine writes at build time (the index.json of a split
// index); js/search.js loads it from Assets.URL(SearchIndexAsset) when
// the search box is first used, and the parts a query needs after it.
const SearchIndexAsset = "search-index.json"

// headScript runs before the first paint: it marks the document as having
// JavaScript (the "js" class, which the stylesheet uses to collapse the
// phone navigation behind its button) and applies the remembered theme so
// the page does not flash in the other one.
const headScript = `<script>(function(d){d.classList.add("js");try{var t=localStorage.getItem("d6codex-theme");if(t==="light"||t==="dark")d.dataset.theme=t}catch(e){}})(document.documentElement)</script>`

// FaviconAsset is the logical path of the site icon; the layout links it
// when static/ has it (browsers otherwise ask for /favicon.ico).
const FaviconAsset = "favicon.svg"

// HomeStyleAsset is the stylesheet of a tool's home page (its hero and
// features) and wide landing pages (Page.Wide): only the pages that have
// one or are one load it (Page.HomeStyled).
const HomeStyleAsset = "css/home.css"

// HomeStyled reports whether the page shows a hero or features, or is
// wide, and needs HomeStyleAsset.
func (p *Page) HomeStyled() bool { return p.Hero != nil || len(p.Features) > 0 || p.Wide }

// TabMenuStyleAsset is the stylesheet of a navbar's dropdown menus in the
// header (Docusaurus's type: 'dropdown'): only the pages that show one
// load it (Page.TabMenus).
const TabMenuStyleAsset = "css/tabmenu.css"

// TabMenus reports whether the page shows a dropdown among its navbar
// tabs (Page.Tabs) and needs TabMenuStyleAsset.
func (p *Page) TabMenus() bool {
	for _, it := range p.Tabs() {
		if it.URL == "" && len(it.Children) > 0 {
			return true
		}
	}
	return false
}

// BadgeStyleAsset is the stylesheet of the navigation's badges
// (NavItem.Badge): only the pages whose navigation shows one load it
// (Page.NavBadges).
const BadgeStyleAsset = "css/badges.css"

// NavBadges reports whether the page's navigation shows a badge, and
// needs BadgeStyleAsset: the site's, as SetNav indexed it, else the
// page's folder's own, walked.
func (p *Page) NavBadges() bool {
	nav := p.NavTree()
	if x := p.Site.navIndex; x.of(nav) {
		return x.badges
	}
	return indexNav(nav).badges
}

// ManifestAsset is the logical path of the web app manifest, linked when
// static/ has it.
const ManifestAsset = "manifest.webmanifest"

// HasSearch reports whether the site publishes the search script, the
// search library and the index, which is when the layout shows the search
// box.
func (s *Site) HasSearch() bool {
	return s.Assets.URL("js/site.js") != "" && s.Assets.URL(SearchLibAsset) != "" && s.Assets.URL(SearchIndexAsset) != ""
}

// SearchLibAsset is the logical path of the search engine and result
// list, loaded only when the search box is first used.
const SearchLibAsset = "js/search.js"

// System returns the system (top-level section) of the page at the
// root-relative url: its first path segment under Home ("opend6"), or ""
// for the home page.
func (s *Site) System(url string) string {
	id, _, _ := strings.Cut(strings.TrimPrefix(url, s.Home), "/")
	return id
}

// Systems returns the top-level sections of the navigation (the entries
// with children): the choices of the search box's system filter.
func (s *Site) Systems() []*NavItem {
	var out []*NavItem
	for _, it := range s.Nav {
		if len(it.Children) > 0 {
			out = append(out, it)
		}
	}
	return out
}

// pagerWord is the word over a previous or next link: word, else
// fallback.
func pagerWord(word, fallback string) string {
	if word == "" {
		return fallback
	}
	return word
}

// pagerTitle is a previous or next link's text: the page's title after
// its game's ("OpenD6: Attacking"), so that a link into another game says
// so.
func pagerTitle(l *Link) string {
	if l.Section == "" {
		return l.Title
	}
	return l.Section + ": " + l.Title
}

// printScript opens the print dialog once the print page has loaded, as
// mdBook's print.html does ("window.addEventListener('load', function()
// { window.setTimeout(window.print, 100); });", index.hbs).
const printScript = `<script>addEventListener("load",function(){setTimeout(print,100)})</script>`
