package zola

import (
	"bytes"
	"cmp"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"d6codex/cmd/sitegen/internal/layout"
)

// A section's redirect_to (https://www.getzola.org/documentation/content/section/#front-matter):
// "This determines whether to redirect when a user lands on the section.
// ... Useful for the same reason as render but when you don't want a 404
// when landing on the root section page. Example: redirect_to =
// "documentation/content/overview"". Zola writes a redirect page at the
// section's URL to config.make_permalink(redirect_to): the path from the
// site's root, a trailing "/" added. sitegen writes the same redirect, as
// an alias of the page at that path (the target's own aliases, where it
// has some, win: Defaults), and the section is a heading of the
// navigation with no page of its own. A target sitegen cannot find (an
// address of another site, a path no content file has) leaves the section
// as it is, its page published. The home section's redirect_to makes the
// page it names the home page, with a redirect from that page's own URL
// (Layout.Home).

// redirects finds each section's redirect target, once.
type redirects struct {
	once   sync.Once
	target map[string]string   // section folder -> the content file it redirects to
	from   map[string][]string // content file -> the URLs of the sections that redirect to it
}

// redirects returns the folder -> target and target -> section URLs maps of the
// site's sections, read on the first call.
func (r *rules) redirects() *redirects {
	r.redir.once.Do(func() {
		r.redir.target, r.redir.from = map[string]string{}, map[string][]string{}
		root := filepath.Join(r.dir, filepath.FromSlash(r.content))
		_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if d.IsDir() {
				if p != root && strings.HasPrefix(d.Name(), ".") {
					return filepath.SkipDir
				}
				return nil
			}
			if d.Name() != "_index.md" {
				return nil
			}
			rel, _ := filepath.Rel(root, filepath.Dir(p))
			dir := filepath.ToSlash(rel)
			if dir == "." {
				return nil // the home section: Recognise's Layout.Home
			}
			to, _ := r.secs.of(dir)["redirect_to"].(string)
			if t := r.resolve(to); t != "" {
				r.redir.target[dir] = t
			}
			return nil
		})
		for dir, t := range r.redir.target {
			// A chain of redirects ends at the first page that is none
			// (Zola's reader follows each in turn).
			for i := 0; i < 8; i++ {
				next, ok := r.redir.target[path.Dir(t)]
				if path.Base(t) != "_index.md" || !ok {
					break
				}
				t = next
			}
			r.redir.from[t] = append(r.redir.from[t], "/"+dir+"/")
		}
		for _, urls := range r.redir.from {
			slices.Sort(urls)
		}
	})
	return &r.redir
}

// resolve is the content-relative file at the site path to ("/",
// "documentation/content/overview", "home"), "" for none or another
// site's address: a section's _index.md, a page's index.md, or a page
// whose file name's URL it is (its slug front matter not read).
func (r *rules) resolve(to string) string {
	to = strings.TrimSpace(to)
	if to == "" || strings.Contains(to, "://") || strings.HasPrefix(to, "//") {
		return ""
	}
	p := strings.Trim(path.Clean("/"+to), "/")
	exists := func(rel string) bool {
		info, err := os.Stat(filepath.Join(r.dir, filepath.FromSlash(path.Join(r.content, rel))))
		return err == nil && !info.IsDir()
	}
	for _, c := range []string{path.Join(p, "_index.md"), path.Join(p, "index.md")} {
		if exists(c) {
			return c
		}
	}
	if p == "" {
		return ""
	}
	dir := path.Dir(p)
	if dir == "." {
		dir = ""
	}
	entries, err := os.ReadDir(filepath.Join(r.dir, filepath.FromSlash(path.Join(r.content, dir))))
	if err != nil {
		return ""
	}
	for _, e := range entries {
		if rel := path.Join(dir, e.Name()); !e.IsDir() && strings.HasSuffix(e.Name(), ".md") && r.pageURL(rel, nil) == "/"+p+"/" {
			return rel
		}
	}
	return ""
}

// holdsPages reports whether rel is a section's _index.md whose folder
// holds other Markdown files or folders: the section has pages, and its
// folder a page of its own at the section's URL.
func (r *rules) holdsPages(rel string) bool {
	if path.Base(rel) != "_index.md" {
		return false
	}
	entries, err := os.ReadDir(filepath.Join(r.dir, filepath.FromSlash(path.Join(r.content, path.Dir(rel)))))
	if err != nil {
		return false
	}
	for _, e := range entries {
		switch name := e.Name(); {
		case strings.HasPrefix(name, "."):
		case e.IsDir(), name != "_index.md" && strings.HasSuffix(name, ".md"):
			return true
		}
	}
	return false
}

// defaults implements layout.Layout.Defaults: the page that sections
// redirect to has their URLs as aliases.
func (r *rules) defaults(rel string) map[string]any {
	urls := r.redirects().from[rel]
	if rel == r.home && rel != "" && !r.holdsPages(rel) {
		// Its own URL, where Zola writes it; a section with pages keeps
		// its folder's page there (the list of its pages).
		urls = append([]string{r.pageURL(rel, nil)}, urls...)
	}
	if len(urls) == 0 {
		return nil
	}
	out := make([]any, len(urls))
	for i, u := range urls {
		out[i] = u
	}
	return map[string]any{"aliases": out}
}

// redirected is the content file the section of folder dir redirects to,
// "" for none.
func (r *rules) redirected(dir string) string {
	if dir == "" || dir == "." {
		return ""
	}
	return r.redirects().target[dir]
}

// fileLang is the language of the page in file (site-relative): Zola's
// lang in a shortcode ("Every shortcode can access the current language in
// the lang variable"), the file name's language code, else
// default_language.
func (r *rules) fileLang(file string) string {
	_, code := r.language(strings.TrimSuffix(path.Base(file), ".md"))
	return cmp.Or(code, r.lang)
}

// contentURL is the URL sitegen gives the page at a content-relative
// path, read with read (so an edit of its front matter changes the pages
// that asked): Zola's get_url(path="@/…").
func (r *rules) contentURL(read func(string) ([]byte, error)) pageURLFunc {
	return func(rel string) (string, bool) {
		clean := path.Clean(rel)
		if read == nil || !strings.HasSuffix(clean, ".md") || clean == ".." || strings.HasPrefix(clean, "../") {
			return "", false
		}
		raw, err := read("content/" + clean)
		if err != nil {
			return "", false
		}
		u := r.pageURL(clean, frontMatter(raw))
		return u, u != ""
	}
}

// contentLink is a Markdown link's destination written from the content
// root: "](@/" and the file, up to its #fragment or the link's end.
var contentLink = regexp.MustCompile(`\]\(\s*<?@/([^)#>\s]+)`)

// expand implements layout.Expander: Zola's shortcodes (Expand), and a
// link to a section that redirects ("@/classes/_index.md", whose URL Zola
// writes as a redirect) written as a link to the page it redirects to,
// where the reader lands: the section has no page in sitegen's build.
func (r *rules) expand(file string, src []byte, read func(string) ([]byte, error)) layout.Expanded {
	x := expandWith(file, src, read, &siteInfo{pageURL: r.contentURL(read), page: r.pageObject(read), section: r.sectionObject(read), lang: r.fileLang, trans: r.trans, defLang: r.lang, theme: r.theme})
	if n := r.templateNote(file, x.Src); n != nil {
		x.Problems = append(x.Problems, *n)
	}
	if !bytes.Contains(x.Src, []byte("@/")) || len(r.redirects().target) == 0 {
		return x
	}
	x.Src = contentLink.ReplaceAllFunc(x.Src, func(m []byte) []byte {
		sub := contentLink.FindSubmatchIndex(m)
		rel := string(m[sub[2]:sub[3]])
		if path.Base(rel) != "_index.md" {
			return m
		}
		t := r.redirected(path.Dir(rel))
		for i := 0; i < 8 && t != "" && path.Base(t) == "_index.md"; i++ {
			next := r.redirected(path.Dir(t))
			if next == "" {
				break
			}
			t = next
		}
		if t == "" {
			return m
		}
		return append(append(slices.Clone(m[:sub[2]]), t...), m[sub[3]:]...)
	})
	return x
}
