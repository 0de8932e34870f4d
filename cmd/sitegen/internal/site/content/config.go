package content

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"path/filepath"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/templates"

	"github.com/BurntSushi/toml"
)

// ConfigFile is the name of the site configuration file at the source root.
const ConfigFile = "site.toml"

// Config is the site configuration read from site.toml. Key names follow
// Hugo's where they mean the same thing.
type Config struct {
	Base string // basePath, once Load has read the settings
	// Title is the site title (toml key "title").
	Title string
	// titleFromHome: no setting gives the title, which is then the home
	// page's own (sitegen's layout; homeSiteTitle, sitetitle.go).
	titleFromHome bool
	// BaseURL is the absolute URL the site is published at, ending in "/"
	// (toml key "baseURL"). Canonical URLs and sitemap.xml use it; its path
	// prefixes every internal link.
	BaseURL string
	// basePath is the tool's path of the site's links where it is not
	// BaseURL's (layout.Settings.BasePath); "" for BaseURL's.
	basePath string
	// LanguageCode is the language of the content (toml key "languageCode").
	LanguageCode string
	// EditURL is the address that, followed by a page's source path
	// ("content/opend6/combat.md"), opens that file in the repository's
	// web editor (toml key "editURL"). Empty: no "Edit this page" link.
	EditURL string
	// Unsafe lets raw HTML in Markdown through
	// (toml key "markup.goldmark.renderer.unsafe"). Off by default.
	Unsafe bool
	// HyphenUnderscores turns underscores in file and folder names into
	// hyphens in URLs (toml key "urlUnderscores" = "hyphen"). By default
	// ("keep") they stay, as Hugo and MkDocs keep them, so a corpus's
	// links and bookmarks to a_b/ keep working.
	HyphenUnderscores bool
	// KeepCase keeps the case of names in URLs (the layout's KeepCase:
	// MkDocs and Jekyll).
	KeepCase bool
	// Copyright is the footer line of every page, inline Markdown (toml key
	// "copyright", as in Hugo and MkDocs); links in it are checked like a
	// page's. Empty: no footer.
	Copyright string
	// MetaLines reads MkDocs-style metadata lines at the top of a page
	// ("title: X" lines before the first blank line, without --- fences)
	// as front matter (toml key "metaLines", default true; see metaLines).
	MetaLines bool
	// BrokenLinksWarn makes broken links, anchors and images warnings, so
	// that a corpus with dead links still builds (toml key "brokenLinks" =
	// "warn"; default "error"; the --broken-links flag overrides it).
	BrokenLinksWarn bool
	// Lenient is the lenient mode (lenient.go): set with BrokenLinksWarn
	// by the flag or site.toml, not by a tool's own link policy
	// (Docusaurus' onBrokenLinks), which speaks of links only.
	Lenient bool
	// BrokenLinksIgnore: the tool's own policy ignores broken links
	// (Docusaurus' onBrokenLinks: 'ignore'): they are not reported.
	BrokenLinksIgnore bool
	// BrokenAnchors is the tool's own policy for broken anchors apart
	// from links (layout.Settings.BrokenAnchors: Docusaurus'
	// onBrokenAnchors): "error", "warn", "ignore", or "" (as links).
	BrokenAnchors string
	// Obsidian reads Obsidian's Markdown (toml key "obsidian", default
	// true): [[wikilinks]] and ![[embeds]] resolved by note name, callouts
	// of every Obsidian kind, ^block-ids, %%comments%%, ==highlights==,
	// and front matter aliases that are not URL paths as other names of
	// a note rather than redirects.
	Obsidian bool
	// ObsidianSyntax: the Markdown parser reads Obsidian's syntax
	// ([[x]], ![[x]], #tags, ==x==, %%x%%): Obsidian, unless the layout's
	// tool has none (layout.Markup.NoObsidianSyntax: Hugo) and site.toml
	// does not set obsidian.
	ObsidianSyntax bool
	// Backlinks lists on every page the pages that link to it, as a
	// "Linked from" section (toml key "backlinks", default true;
	// backlinks.go).
	Backlinks bool
	// LinkPreviews shows a preview of a link's target on hover, a long
	// press or a key (toml key "linkPreviews", default true): each page
	// gets its previews file (preview.go) and js/site.js shows them.
	LinkPreviews bool

	raw           []byte // the file's text, to place messages about its keys
	copyrightFile string // the settings file Copyright comes from
	// rules are the layout's own rules for URLs and folder pages
	// (layout.PageRules), nil for sitegen's.
	rules layout.PageRules
	// segment is the layout's URL segment of a name (layout.Layout.Segment), nil for sitegen's.
	segment func(string) string
	// fileURL is the layout's FileSitePath (nil: none).
	fileURL func(rel string) string
	// tagFiles is the layout's TagFiles: a tag's page is /tags/NAME.html.
	tagFiles bool
	// index is the layout's IndexName (nil: none).
	index func(name string) bool
	// readmePage is the layout's ReadmePage: README.md is no folder's page.
	readmePage bool
}

// isIndex reports whether a page file of this name is its folder's own
// page: the layout's rule, else isSectionIndex.
func (c *Config) isIndex(name string) bool {
	if c.index != nil && c.index(name) {
		return true
	}
	if c.readmePage && strings.EqualFold(pageName(name), "README") {
		return false
	}
	if c.rules != nil {
		return c.rules.Index(name)
	}
	return isSectionIndex(name)
}

// BasePath returns the path part of the base URL ("/" or "/sub/"), or
// the tool's own when its links do not start with that
// (layout.Settings.BasePath).
func (c *Config) BasePath() string {
	if c.basePath != "" {
		return c.basePath
	}
	u, err := url.Parse(c.BaseURL)
	if err != nil || u.Path == "" {
		return "/"
	}
	return u.EscapedPath()
}

// LoadConfig reads and validates site.toml in dir over the settings the
// layout read from its tool's configuration (site.toml wins key by key;
// without it the layout's settings alone). Problems are added to diag; the
// returned config holds defaults for fields that failed.
func LoadConfig(dir, baseURLOverride string, lay *layout.Layout, diag *Collector) *Config {
	cfg := &Config{Title: "Untitled", LanguageCode: "en", BaseURL: "/", MetaLines: true, Obsidian: true, Backlinks: !lay.NoBacklinks, LinkPreviews: true, rules: lay.Pages, segment: lay.Segment, KeepCase: lay.KeepCase, fileURL: lay.FileSitePath, tagFiles: lay.TagFiles, index: lay.IndexName, readmePage: lay.ReadmePage}
	switch lay.Kind {
	case layout.MdBook: // mdBook reads neither metadata lines nor Obsidian's syntax: a "#tag" is text
		cfg.MetaLines, cfg.Obsidian = false, false
	case layout.Quartz: // Quartz reads front matter only: "publish: true" as a first line is text, never a flag
		cfg.MetaLines = false
	}
	if lay.Markup.NoObsidian { // VitePress's markdown-it: [[x]], #tags and ==x== are text
		cfg.Obsidian = false
	}
	cfg.ObsidianSyntax = cfg.Obsidian && !lay.Markup.NoObsidianSyntax
	set := lay.Settings
	switch {
	case set.Title != "":
		cfg.Title = set.Title
	case set.NoTitle:
		cfg.Title = "" // the settings say so: each page its own title, no site title shown
	case lay.Kind == layout.Sitegen:
		// The home page's title once it is loaded, else "Untitled"
		// (homeSiteTitle, sitetitle.go).
		cfg.titleFromHome = true
	default:
		// A git checkout is named by its repository, as GitHub Pages
		// names it; else a vault or a folder of Markdown by its folder,
		// as Obsidian names a vault (sitetitle.go).
		if name := originRepo(dir); name != "" {
			cfg.Title = name
		} else if abs, err := filepath.Abs(dir); err == nil && filepath.Base(abs) != string(filepath.Separator) {
			cfg.Title = filepath.Base(abs)
		}
	}
	if set.LanguageCode != "" {
		cfg.LanguageCode = set.LanguageCode
	}
	cfg.Unsafe = set.Unsafe // the tool's own (Hugo's markup.goldmark.renderer.unsafe); site.toml's below
	cfg.Copyright, cfg.copyrightFile = strings.TrimSpace(set.Copyright), lay.File
	// The tool's own policy (Docusaurus' onBrokenLinks, onBrokenAnchors).
	cfg.BrokenLinksWarn = set.BrokenLinks == "warn" || set.BrokenLinks == "ignore"
	cfg.BrokenLinksIgnore = set.BrokenLinks == "ignore"
	cfg.BrokenAnchors = set.BrokenAnchors
	base := set.BaseURL
	if base != "" && baseURLOverride == "" { // --base-url wins over the settings file, whatever it holds
		if norm, err := normalizeBaseURL(base); err == nil {
			cfg.BaseURL, cfg.basePath = norm, set.BasePath
		} else if tool := lay.Tool(); tool != "" {
			// The tools write what their setting holds (Quartz prefixes
			// https:// and checks nothing: trigger_book's
			// "htpps://...", eval8A MA2): a tolerance, the site built
			// with relative URLs.
			lay.Tolerated = append(lay.Tolerated, &layout.ConfigError{File: lay.File, Key: cmp.Or(set.BaseURLKey, "base URL"),
				Msg: fmt.Sprintf("%v: the site is built without a base URL (relative links, no absolute canonical links or sitemap URLs); --base-url sets one", err)})
		} else {
			diag.Addf(lay.File, 0, 0, "", "base URL: %v", err)
		}
	}
	raw, err := layout.ReadSetting(dir, ConfigFile) // the link rule of every settings file
	if err != nil {
		var ce *layout.ConfigError
		if errors.As(err, &ce) && !errors.Is(err, fs.ErrNotExist) {
			diag.Addf(ce.File, ce.Line, ce.Col, ce.Key, "%s", ce.Msg)
		}
		if baseURLOverride != "" {
			if norm, err := normalizeBaseURL(baseURLOverride); err != nil {
				diag.Addf("--base-url", 0, 0, "", "%v", err)
			} else {
				cfg.BaseURL = norm
			}
		}
		return cfg
	}
	m := map[string]any{}
	if line, col, ok := layout.TOMLDepth(raw); !ok {
		diag.Addf(ConfigFile, line, col, "", "%s", layout.TOMLDepthMsg)
		return cfg
	}
	if _, err := toml.Decode(string(raw), &m); err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			diag.Addf(ConfigFile, pe.Position.Line, pe.Position.Col, "", "%s", pe.Message)
		} else {
			diag.Addf(ConfigFile, 0, 0, "", "%v", err)
		}
		return cfg
	}
	cfg.raw = raw
	r := &fieldReader{file: ConfigFile, m: m, raw: raw, line: 1, diag: diag, toml: true}
	r.unknown("title", "baseURL", "languageCode", "editURL", "copyright", "markup", "params", "urlUnderscores", "metaLines", "brokenLinks", "obsidian", "backlinks", "linkPreviews")
	r.table("params") // free-form: any keys, but a table
	if s := r.str("editURL"); s != "" {
		if u, err := url.Parse(s); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			r.fail("editURL", "%q must be an absolute http(s) URL", s)
		} else {
			cfg.EditURL = s
		}
	}
	if s := r.str("title"); s != "" {
		cfg.Title, cfg.titleFromHome = s, false
	}
	if s := r.str("languageCode"); s != "" {
		cfg.LanguageCode = s
	}
	if s := strings.TrimSpace(r.str("copyright")); s != "" {
		cfg.Copyright, cfg.copyrightFile = s, ConfigFile
	}
	switch s := r.str("brokenLinks"); s {
	case "", "error":
	case "warn":
		cfg.SetBrokenLinks(true)
	default:
		r.fail("brokenLinks", "%q must be \"error\" (a broken link fails the build) or \"warn\"", s)
	}
	switch s := r.str("urlUnderscores"); s {
	case "", "keep":
	case "hyphen":
		cfg.HyphenUnderscores = true
	default:
		r.fail("urlUnderscores", "%q must be \"keep\" (a_b.md -> /a_b/) or \"hyphen\" (a_b.md -> /a-b/)", s)
	}
	if _, set := m["metaLines"]; set {
		cfg.MetaLines = r.bool("metaLines")
	}
	if _, set := m["obsidian"]; set {
		cfg.Obsidian = r.bool("obsidian")
		cfg.ObsidianSyntax = cfg.Obsidian
	}
	if _, set := m["backlinks"]; set {
		cfg.Backlinks = r.bool("backlinks")
	}
	if _, set := m["linkPreviews"]; set {
		cfg.LinkPreviews = r.bool("linkPreviews")
	}
	if mk := r.sub("markup"); mk != nil {
		mk.unknown("goldmark")
		if gm := mk.sub("goldmark"); gm != nil {
			gm.unknown("renderer")
			if rd := gm.sub("renderer"); rd != nil {
				rd.unknown("unsafe")
				cfg.Unsafe = rd.bool("unsafe")
			}
		}
	}
	if s := r.str("baseURL"); s != "" {
		base = s
	}
	if baseURLOverride != "" {
		base = baseURLOverride
	}
	if base != "" {
		norm, err := normalizeBaseURL(base)
		if err != nil {
			if baseURLOverride != "" {
				diag.Addf("--base-url", 0, 0, "", "%v", err)
			} else {
				r.fail("baseURL", "%v", err)
			}
		} else {
			cfg.BaseURL, cfg.basePath = norm, "" // site.toml's or --base-url's path
		}
	}
	return cfg
}

// normalizeBaseURL checks that s is an absolute http(s) URL or a
// root-relative path, and makes it end in "/".
func normalizeBaseURL(s string) (string, error) {
	u, err := url.Parse(s)
	if err != nil {
		return "", fmt.Errorf("invalid URL %q: %w", s, err)
	}
	switch {
	case u.Scheme == "" && u.Host == "" && strings.HasPrefix(u.Path, "/"):
	case (u.Scheme == "http" || u.Scheme == "https") && u.Host != "":
	default:
		return "", fmt.Errorf("%q must be an absolute http(s) URL or a path starting with /", s)
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return "", fmt.Errorf("%q must not have a query or fragment", s)
	}
	if !strings.HasSuffix(u.Path, "/") {
		u.Path += "/"
	}
	return u.String(), nil
}

// PlaceholderBaseURL reports why the base URL cannot be where the site is
// published ("" when it can): a production build with it writes canonical
// links and a sitemap that point elsewhere. The reserved example domains
// (RFC 2606), loopback hosts and a bare path are placeholders.
func (c *Config) PlaceholderBaseURL() string {
	u, err := url.Parse(c.BaseURL)
	if err != nil || u.Host == "" {
		return fmt.Sprintf("baseURL %q has no host: canonical links and sitemap.xml are not absolute", c.BaseURL)
	}
	host := strings.ToLower(u.Hostname())
	for _, d := range []string{"example.org", "example.com", "example.net"} {
		if host == d || strings.HasSuffix(host, "."+d) {
			return fmt.Sprintf("baseURL %q is a placeholder: canonical links and sitemap.xml point at it", c.BaseURL)
		}
	}
	if host == "localhost" || host == "127.0.0.1" || host == "::1" {
		return fmt.Sprintf("baseURL %q is a local address: canonical links and sitemap.xml point at it", c.BaseURL)
	}
	return ""
}

// AbsURL joins the base URL and a site path ("/opend6/combat/"),
// percent-encoded (see escapePath).
func (c *Config) AbsURL(sitePath string) string {
	return strings.TrimSuffix(c.BaseURL, "/") + EscapePath(sitePath)
}

// RelURL turns a site path into a root-relative URL under the base path,
// percent-encoded (see escapePath).
func (c *Config) RelURL(sitePath string) string {
	base := c.Base
	if base == "" {
		base = c.BasePath()
	}
	return strings.TrimSuffix(base, "/") + EscapePath(sitePath)
}

// Footer renders site.toml's copyright line: inline Markdown, its links
// checked like those of the home page (an error lands on site.toml).
func (s *Site) Footer(assets templates.Assets) string {
	if s.Cfg.Copyright == "" {
		return ""
	}
	file := s.Cfg.copyrightFile
	fb := &Body{Calls: map[Call]Answer{}, Reads: map[string]bool{}} // its links, for the files they publish (update.go)
	s.FooterLinks = fb
	pg := s.MarkupPage(s.Home, assets, fb)
	pg.File, pg.DropH1 = file, false
	pg.Links = pageLinks{s: s, p: s.Home, assets: assets} // the footer's links are no page's
	pg.Report = func(pr markup.Problem) {
		line, col := 0, 0
		if file == ConfigFile {
			line, col = (&fieldReader{file: ConfigFile, raw: s.Cfg.raw, line: 1, toml: true}).locate("copyright")
		}
		if pr.Warning {
			s.Warn.Addf(file, line, col, "copyright", "%s", pr.Msg)
		} else {
			s.Diag.Addf(file, line, col, "copyright", "%s", pr.Msg)
		}
	}
	out, _, err := s.Md.Convert([]byte(s.Cfg.Copyright), pg)
	if err != nil {
		s.Diag.Addf(file, 0, 0, "copyright", "%v", err)
		return ""
	}
	out = strings.TrimSpace(out)
	out = strings.TrimSuffix(strings.TrimPrefix(out, "<p>"), "</p>")
	return out
}

// SetBrokenLinks applies sitegen's own brokenLinks (site.toml or the
// --broken-links flag): broken links, anchors and images are warnings
// (warn, the lenient mode) or errors, whatever the tool's settings say.
func (c *Config) SetBrokenLinks(warn bool) {
	c.BrokenLinksWarn, c.Lenient = warn, warn
	c.BrokenLinksIgnore, c.BrokenAnchors = false, ""
}

// brokenPolicy is what the build does with a broken link, anchor or
// image, d being its problem ("broken …"): "error", "warn" or "ignore".
// A broken anchor (anchorProblem) follows the tool's policy for anchors
// where it has one of its own (Docusaurus' onBrokenAnchors), else the
// links'.
func (c *Config) brokenPolicy(d Diagnostic) string {
	if c.BrokenAnchors != "" && anchorProblem(d) {
		return c.BrokenAnchors
	}
	switch {
	case c.BrokenLinksIgnore && d.Link.Broken():
		return "ignore"
	case c.BrokenLinksWarn:
		return "warn"
	}
	return "error"
}
