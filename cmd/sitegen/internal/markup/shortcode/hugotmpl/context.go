package hugotmpl

import (
	"encoding/hex"
	"html/template"
	"strconv"
	"strings"
)

// Shortcode is the context (".") of a shortcode template: "Get, Inner,
// InnerDeindent, IsNamedParams, Name, Ordinal, Page, Params, Parent,
// Position, Site" (https://gohugo.io/methods/shortcode/), those a docs
// site uses.
type Shortcode struct {
	r    *run
	c    Call
	Page *Page
	Site *Site
	// Name is the shortcode's name, Ordinal its position on the page.
	Name    string
	Ordinal int
	// IsNamedParams: its arguments are named.
	IsNamedParams bool
}

// Page is .Page of a shortcode.
type Page struct {
	r            *run
	Title        string
	Params       map[string]any
	RelPermalink string
	Permalink    string
	Site         *Site
	Kind         string
	// File is .Page.File (files.go); nil for a page without a file, as
	// Hugo's.
	File *File
}

// Site is .Site (and .Page.Site).
type Site struct {
	Title   string
	BaseURL string
	Params  map[string]any
}

func (r *run) shortcode(c Call) *Shortcode {
	site := r.site()
	params := c.Page.Params
	if params == nil {
		params = map[string]any{}
	}
	p := &Page{r: r, Title: c.Page.Title, Params: params, RelPermalink: c.Page.RelPermalink, Site: site, Kind: "page"}
	p.Permalink = strings.TrimSuffix(site.BaseURL, "/") + p.RelPermalink
	p.File = r.set.file(c.Page.File)
	return &Shortcode{r: r, c: c, Page: p, Site: site, Name: c.Name, Ordinal: c.Ordinal, IsNamedParams: len(c.Named) > 0}
}

func (r *run) site() *Site {
	params := r.set.cfg.SiteParams
	if params == nil {
		params = map[string]any{}
	}
	return &Site{Title: r.set.cfg.SiteTitle, BaseURL: r.set.cfg.BaseURL, Params: params}
}

// Get is "the value of the given parameter ... by position (zero-based)
// or by name", nil when there is none
// (https://gohugo.io/methods/shortcode/get/). sitegen gives "" for none:
// it prints as nothing and is false in if and with, as Hugo's nil is.
func (s *Shortcode) Get(key any) any {
	switch k := key.(type) {
	case int:
		if k >= 0 && k < len(s.c.Pos) {
			return s.c.Pos[k]
		}
	case string:
		if v, ok := s.c.Named[k]; ok {
			return v
		}
		if i, err := strconv.Atoi(k); err == nil && i >= 0 && i < len(s.c.Pos) {
			return s.c.Pos[i]
		}
	}
	return ""
}

// Params is "a collection of the shortcode arguments": a slice of the
// positional ones or a map of the named ones
// (https://gohugo.io/methods/shortcode/params/).
func (s *Shortcode) Params() any {
	if len(s.c.Named) > 0 {
		m := make(map[string]any, len(s.c.Named))
		for k, v := range s.c.Named {
			m[k] = v
		}
		return m
	}
	pos := make([]any, len(s.c.Pos))
	for i, v := range s.c.Pos {
		pos[i] = v
	}
	return pos
}

// Inner is "the content between opening and closing shortcode tags"
// (https://gohugo.io/methods/shortcode/inner/), the shortcodes written in
// it run first, as Hugo runs them.
func (s *Shortcode) Inner() (template.HTML, error) {
	if !s.c.HasInner {
		return "", nil
	}
	if s.r.inner == nil {
		s.r.inner = map[string]string{}
		s.r.inner[""], s.r.innerErr = s.r.expandInner(s.c)
	}
	return template.HTML(s.r.inner[""]), s.r.innerErr
}

// InnerDeindent is Inner with its common indentation removed
// (https://gohugo.io/methods/shortcode/innerdeindent/).
func (s *Shortcode) InnerDeindent() (template.HTML, error) {
	in, err := s.Inner()
	return template.HTML(deindent(string(in))), err
}

// Parent is the shortcode this one is written in: sitegen runs a nested
// shortcode without it (nil, as for a shortcode at the top of a page).
func (s *Shortcode) Parent() any { return nil }

// expandInner runs the shortcodes written in c.Inner (c.Nested).
func (r *run) expandInner(c Call) (string, error) {
	if c.Nested == nil || !strings.Contains(c.Inner, "{{") {
		return c.Inner, nil
	}
	return c.Nested(c.Inner, c.depth+1)
}

// RenderString renders Markdown as the page's content is rendered
// (https://gohugo.io/methods/page/renderstring/): "display": "inline"
// (the default) drops the paragraph around a single paragraph.
func (p *Page) RenderString(args ...any) (template.HTML, error) {
	if len(args) == 0 {
		return "", nil
	}
	src := toString(args[len(args)-1])
	block := false
	if len(args) > 1 {
		if m, ok := args[0].(map[string]any); ok && toString(m["display"]) == "block" {
			block = true
		}
	}
	return p.r.markdown(src, !block)
}

// GetPage is "a Page object from the given path"
// (https://gohugo.io/methods/page/getpage/): sitegen gives the page's
// permalink and title as marks its caller resolves once every page is
// known (a page that does not exist is a broken link there, where Hugo
// gives nil).
func (p *Page) GetPage(path string) *OtherPage {
	if path == "" || p.r.call != nil && p.r.call.PageExists != nil && !p.r.call.PageExists(path) {
		return nil
	}
	return &OtherPage{path: path}
}

// OtherPage is a page .Page.GetPage found: its permalink and title.
type OtherPage struct{ path string }

// RelPermalink, Permalink and URL are the page's URL (a ref).
func (o *OtherPage) RelPermalink() template.URL { return ref(nil, o.path) }
func (o *OtherPage) Permalink() template.URL    { return ref(nil, o.path) }
func (o *OtherPage) URL() template.URL          { return ref(nil, o.path) }

// Title and LinkTitle are the page's title (a mark, TitleMarks).
func (o *OtherPage) Title() string {
	return titlePrefix + hex.EncodeToString([]byte(o.path)) + titleEnd
}
func (o *OtherPage) LinkTitle() string { return o.Title() }

// Param is the page's parameter key, else the site's
// (https://gohugo.io/methods/page/param/).
func (p *Page) Param(key string) any {
	if v, ok := lookupKey(p.Params, key); ok {
		return v
	}
	if v, ok := lookupKey(p.Site.Params, key); ok {
		return v
	}
	return nil
}

// lookupKey finds a dotted key in params, without case.
func lookupKey(params map[string]any, key string) (any, bool) {
	var cur any = params
	for _, part := range strings.Split(key, ".") {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, false
		}
		found := false
		for k, v := range m {
			if strings.EqualFold(k, part) {
				cur, found = v, true
				break
			}
		}
		if !found {
			return nil, false
		}
	}
	return cur, true
}

// deindent removes the indentation the lines of s share.
func deindent(s string) string {
	lines := strings.Split(s, "\n")
	common := -1
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		n := len(l) - len(strings.TrimLeft(l, " \t"))
		if common < 0 || n < common {
			common = n
		}
	}
	if common <= 0 {
		return s
	}
	for i, l := range lines {
		if len(l) >= common {
			lines[i] = l[common:]
		} else {
			lines[i] = strings.TrimLeft(l, " \t")
		}
	}
	return strings.Join(lines, "\n")
}
