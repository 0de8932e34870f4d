package docusaurus

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/jsconfig"
)

// The pages plugin (https://docusaurus.io/docs/creating-pages) and the
// blog plugin (https://docusaurus.io/docs/blog), both on in the classic
// preset unless its pages: false or blog: false.
//
//   - Pages: "src/pages/about.md → /about", "src/pages/index.md → /"
//     (.mdx too); "All files prefixed with an underscore (_) ... will be
//     ignored" (the default exclude). A React page (.js, .jsx, .ts, .tsx)
//     is not published: sitegen does not run React; the build says so.
//   - Blog: the posts under the blog path (default blog/) at routeBasePath
//     (default blog) + their slug: the front matter slug, else the date
//     of the file name as a path and the rest of its name
//     ("2019-05-28-first-blog-post.md" → /blog/2019/05/28/first-blog-post,
//     plugin-content-blog's parseBlogFileName), a folder post's
//     index.md named by its folder; the date is the front matter date,
//     else the file name's; the list page at routeBasePath, newest first,
//     titled blogTitle (default "Blog"); its further pages, the tags,
//     archive and authors pages and the feeds: blog.go.

// PagesDir is the pages plugin's folder ("path: 'src/pages'").
const PagesDir = "src/pages"

// blogPlugin is the blog's settings.
type blogPlugin struct {
	dir, route, title string
	id                string // the plugin's id ("default" for the preset's)
	label             string // the navbar's label for it, "" for none
	place             int    // its place among the blogs, in the order they are declared
}

// presetOption is the classic preset's option key (docs, blog, pages):
// its object, and off when it is false.
func presetOption(obj *jsconfig.Object, key string) (opts *jsconfig.Object, off bool) {
	list, _ := obj.Get("presets").([]any)
	for _, e := range list {
		p, ok := e.([]any)
		if !ok || len(p) < 2 {
			continue
		}
		name, _ := p[0].(string)
		if _, computed := p[0].(jsconfig.Computed); !strings.Contains(name, "classic") && !computed {
			continue
		}
		o, _ := p[1].(*jsconfig.Object)
		switch v := o.Get(key).(type) {
		case *jsconfig.Object:
			return v, false
		case bool:
			return nil, !v
		}
	}
	return nil, false
}

// readPlugins reads the pages and blog plugins' settings into r and l:
// the folders of pages beside the docs (l.Roots), and notes of what is
// not built.
func readPlugins(l *layout.Layout, r *rules, obj *jsconfig.Object, dir string) error {
	l.ToolRoute = r.toolRoute
	pages := siteRel(r.site, PagesDir)
	if _, off := presetOption(obj, "pages"); !off && beside(l.Content, pages) && layout.Exists(dir, pages, true) {
		r.pagesDir = pages
		l.Roots = append(l.Roots, pages)
		if react := reactPages(dir, pages); len(react) > 0 {
			l.Notes = append(l.Notes, fmt.Sprintf("%s: %d React pages not published (%s): sitegen does not run React; its Markdown pages are published",
				pages, len(react), strings.Join(react, ", ")))
			for _, f := range react {
				rel, _ := under(f, pages)
				r.react = append(r.react, toolRoute{pagesPage(strings.TrimSuffix(rel, path.Ext(rel)) + ".md").URL, "a React page (" + f + ") that sitegen does not run"})
			}
		}
	}
	// The preset's blog, then the blog plugins of plugins:
	// (https://docusaurus.io/docs/blog#multiple-blogs), each a blog of its
	// own at its routeBasePath, its folder or not.
	type blogOptions struct {
		opts  *jsconfig.Object
		where string
	}
	var blogs []blogOptions
	if opts, off := presetOption(obj, "blog"); off {
		l.Read = append(l.Read, "blog false")
	} else {
		blogs = append(blogs, blogOptions{opts, "presets.blog"})
	}
	for _, opts := range pluginEntries(obj, "plugin-content-blog") {
		blogs = append(blogs, blogOptions{opts, fmt.Sprintf("plugins[content-blog %s]", instanceID(opts))})
	}
	for _, bo := range blogs {
		opts := bo.opts
		b := blogPlugin{dir: siteRel(r.site, "blog"), route: "blog", title: "Blog", id: instanceID(opts)}
		if s, ok := opts.String("path"); ok && s != "" {
			// A folder a setting names: never out of the source or hidden.
			c, err := l.FolderAt(dir, bo.where+".path", siteRel(r.site, s), opts.Lines["path"], opts.Cols["path"])
			if err != nil {
				return err
			}
			b.dir = c
		}
		if s, ok := opts.String("routeBasePath"); ok {
			b.route = strings.Trim(s, "/")
		}
		if s, ok := opts.String("blogTitle"); ok && s != "" {
			b.title = s
		}
		if !beside(l.Content, b.dir) || slices.Contains(l.Roots, b.dir) {
			continue
		}
		if opts.Has("routeBasePath") {
			l.Read = append(l.Read, strings.TrimPrefix(bo.where, "presets.")+".routeBasePath")
		}
		b.place = len(r.blogs)
		r.blogs = append(r.blogs, &b)
		// A blog whose folder is absent is an empty blog: its list alone
		// (plugin-content-blog's generateBlogPosts: "if (!(await
		// fs.pathExists(contentPaths.contentPath))) { return []; }";
		// Docusaurus 3.10.2 writes /blog "Blog", an empty list, for the
		// classic preset's blog without blog/).
		if layout.Exists(dir, b.dir, true) {
			l.Roots = append(l.Roots, b.dir)
		}
		readBlogPages(l, r, &b, opts, dir, l.File)
	}
	return nil
}

// toolRoute is a page Docusaurus publishes and sitegen does not build.
type toolRoute struct{ url, why string }

// toolRoute implements layout.Layout.ToolRoute: the React pages.
func (r *rules) toolRoute(sp string) string {
	for _, t := range r.react {
		if t.url == sp {
			return t.why
		}
	}
	return ""
}

// reactPages are the React pages of the pages folder (src/pages in the
// site's folder, source-relative), which are not published.
func reactPages(dir, pages string) []string {
	var out []string
	_ = filepath.WalkDir(filepath.Join(dir, filepath.FromSlash(pages)), func(p string, d os.DirEntry, err error) error {
		if err != nil || len(out) > 20 {
			return filepath.SkipDir
		}
		if strings.HasPrefix(d.Name(), "_") || strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		switch path.Ext(d.Name()) {
		case ".js", ".jsx", ".ts", ".tsx":
			if rel, err := filepath.Rel(dir, p); err == nil {
				out = append(out, filepath.ToSlash(rel))
			}
		}
		return nil
	})
	return out
}

// under is rel below the folder dir, and whether it is.
func under(rel, dir string) (string, bool) {
	if dir == "" {
		return "", false
	}
	return strings.CutPrefix(rel, dir+"/")
}

// pagesPage places a Markdown page of src/pages: "src/pages/about.md →
// /about", "src/pages/index.md → /".
func pagesPage(rel string) layout.Page {
	stem := strings.TrimSuffix(strings.TrimSuffix(rel, ".mdx"), ".md")
	stem = strings.TrimSuffix(strings.TrimSuffix(stem, "index"), "/")
	p := layout.Page{Title: path.Base(stem), SortName: path.Base(rel), URL: "/"}
	if stem != "" {
		p.URL = "/" + stem + "/"
	}
	return p
}

// blogFileName is plugin-content-blog's DATE_FILENAME_REGEX.
var blogFileName = regexp.MustCompile(`^(.*?)(\d{4}[-/]\d{1,2}[-/]\d{1,2})[-/]?(.*?)(?:/index)?\.mdx?$`)

// page places a post of the blog b (rel relative to its folder).
func (b *blogPlugin) page(rel string, fm map[string]any) layout.Page {
	slug, text, date := postSlug(rel, fm)
	p := layout.Page{Title: path.Base(text), SortName: rel, URL: b.url(slug)}
	if !date.IsZero() {
		// "sortPosts: 'descending'": the newest first.
		p.Position, p.HasPosition = -float64(date.Unix()), true
	}
	return p
}

// postSlug is a post's slug, the name its title falls back to, and its
// date (rel relative to the blog's folder).
func postSlug(rel string, fm map[string]any) (slug, text string, date time.Time) {
	if m := blogFileName.FindStringSubmatch(rel); m != nil {
		text = m[3]
		slug = "/" + strings.ReplaceAll(m[2], "-", "/") + "/" + m[1] + m[3]
		date, _ = time.Parse("2006/1/2", strings.ReplaceAll(m[2], "-", "/"))
	} else {
		text = strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(rel, ".mdx"), ".md"), "/index")
		slug = "/" + text
	}
	if s := scalar(fm["slug"]); s != "" {
		slug = s
	}
	if t, ok := layout.Time(fm["date"]); ok && !t.IsZero() {
		date = t
	}
	return slug, text, date
}

// url is the site path of a slug of the blog b.
func (b *blogPlugin) url(slug string) string {
	p := path.Clean("/" + b.route + "/" + strings.Trim(slug, "/"))
	if p == "/" {
		return "/"
	}
	return p + "/"
}

// outsidePage places a page of a folder beside the docs (src, a
// source-relative path); ok is false when it is in none.
func (r *rules) outsidePage(src string, fm map[string]any) (layout.Page, bool) {
	if rel, ok := under(src, r.pagesDir); ok {
		return pagesPage(rel), true
	}
	for _, b := range r.blogs {
		if rel, ok := under(src, b.dir); ok {
			return b.page(rel, fm), true
		}
	}
	return layout.Page{}, false
}

// outsideFolder is the page of a folder beside the docs: the blog's list
// for the blog's folder, none for the others.
func (r *rules) outsideFolder(src string) layout.Page {
	for _, b := range r.blogs {
		if src != b.dir {
			continue
		}
		// After the docs in the navigation, in the order the blogs are
		// declared. Titled blogTitle, labelled as the navbar's item for
		// it.
		p := layout.Page{URL: b.url("/"), Title: b.title, SortName: src, Position: 1e9 + float64(b.place), HasPosition: true}
		if b.label != "" && b.label != b.title {
			p.PageTitle, p.NavLabel = b.title, b.label
		}
		return p
	}
	return layout.Page{NoPage: true}
}

// beside reports whether the folder d is neither the docs folder content,
// nor in it, nor around it: a further folder of pages (layout.Layout.Roots),
// walked on its own.
func beside(content, d string) bool {
	if content == "." || d == "" || d == "." || d == content {
		return false
	}
	_, in := under(d, content)
	_, around := under(content, d)
	return !in && !around
}
