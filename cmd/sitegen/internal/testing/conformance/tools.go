package conformance

import (
	"bytes"
	"context"
	"d6codex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/layout/jekyll"
	"d6codex/cmd/sitegen/internal/site"
	"d6codex/cmd/sitegen/internal/site/content"

	"golang.org/x/net/html"
	"gopkg.in/yaml.v3"
)

// Sitegen builds a fixture with sitegen in lenient mode (--broken-links
// warn: what the tools tolerate are warnings), recognising its layout as
// `sitegen build --source` does.
var Sitegen = Tool{
	Name:    "sitegen",
	Missing: func() string { return "" },
	Build: func(ctx context.Context, src, dest string) error {
		// At the root of a host, as the tools' builds are read: a
		// corpus's base URL may have a path (/karchives/).
		res, err := site.Build(ctx, content.Options{Source: src, Dest: dest, BrokenLinks: "warn", CacheDir: "-", Theme: d6codex.Theme(),
			BaseURL: "https://conformance.test/"})
		if res.Cleanup != nil {
			res.Cleanup()
		}
		return err
	},
	Read: func(dest string) (Site, error) { return ReadOutput(dest, sitegenMarkup) },
}

// SitegenStrict builds a fixture with sitegen's defaults (a broken link
// is an error), for a fixture whose tool refuses one too (Fixture.Strict).
var SitegenStrict = Tool{
	Name:    "sitegen (strict: its default --broken-links error)",
	Missing: func() string { return "" },
	Build: func(ctx context.Context, src, dest string) error {
		res, err := site.Build(ctx, content.Options{Source: src, Dest: dest, CacheDir: "-", Theme: d6codex.Theme(),
			BaseURL: "https://conformance.test/"})
		if res.Cleanup != nil {
			res.Cleanup()
		}
		return err
	},
	Read: func(dest string) (Site, error) { return ReadOutput(dest, sitegenMarkup) },
}

var sitegenMarkup = Markup{
	Content: func(n *html.Node) bool { return n.Data == "div" && Attr(n, "class") == "content" },
	// The page's title, as <title> gives it ("Combat · Rules · Site", or
	// "Combat | Site" or "Combat - Site" where the layout follows its
	// tool's <title>: layout.Layout.TitleSuffix), without the names of
	// its section and site; the home page's <title> is the site's, its
	// <h1> its own.
	Title: func(doc *html.Node) string {
		if Find(doc, func(n *html.Node) bool { return n.Data == "body" && Attr(n, "class") == "kind-home" }) != nil {
			return Text(Find(Find(doc, func(n *html.Node) bool { return n.Data == "main" }), func(n *html.Node) bool { return n.Data == "h1" }))
		}
		t := Text(Find(doc, func(n *html.Node) bool { return n.Data == "title" }))
		site := Text(Find(doc, func(n *html.Node) bool { return Attr(n, "class") == "site-title" }))
		if i := strings.Index(t, " · "); i >= 0 {
			t = t[:i]
		} else if i := strings.LastIndex(t, " | "); i >= 0 {
			t = t[:i]
		} else if site != "" && strings.HasSuffix(t, " - "+site) { // MkDocs's "Page - Site"
			t = strings.TrimSuffix(t, " - "+site)
		}
		return t
	},
	// The sidebar: each page shows it open on its own trail (and a
	// window of a long section's pages around its own), so the
	// navigation's tree is put together from every page's: the entries of
	// each list, in their order, windows joined; then read depth first.
	Nav: func(docs map[string]*html.Node) []Entry {
		// A folder without a page (a Docusaurus category without a link,
		// a VitePress folder without index.md) is a heading over its
		// entries (class nav-draft): an entry without a URL, its list
		// keyed by its place and label.
		key := func(parent string, e Entry) string {
			if e.URL != "" {
				return e.URL
			}
			return "heading:" + parent + "/" + e.Label
		}
		lists := map[string][]Entry{} // the key of the entry a list is under ("" for the top) -> its entries
		for _, u := range slices.Sorted(mapKeys(docs)) {
			var walk func(ul *html.Node, parent string)
			walk = func(ul *html.Node, parent string) {
				var list []Entry
				for li := ul.FirstChild; li != nil; li = li.NextSibling {
					if li.Type != html.ElementNode || li.Data != "li" || strings.Contains(Attr(li, "class"), "nav-more") {
						continue
					}
					var e Entry
					heading := strings.Contains(Attr(li, "class"), "nav-draft")
					for c := li.FirstChild; c != nil; c = c.NextSibling {
						switch {
						case c.Type != html.ElementNode:
						case c.Data == "a":
							e = Entry{Label: Text(c), URL: Canonical(Attr(c, "href"))}
							list = append(list, e)
						case heading && c.Data == "span":
							e = Entry{Label: Text(c)}
							list = append(list, e)
						case c.Data == "ul" && (e.URL != "" || heading):
							walk(c, key(parent, e))
						case heading && c.Data == "details":
							// A heading that folds: its summary, then its list.
							for d := c.FirstChild; d != nil; d = d.NextSibling {
								switch {
								case d.Type != html.ElementNode:
								case d.Data == "summary":
									e = Entry{Label: Text(d)}
									list = append(list, e)
								case d.Data == "ul":
									walk(d, key(parent, e))
								}
							}
						}
					}
				}
				lists[parent] = join(lists[parent], list)
			}
			if top := Find(Find(docs[u], isSiteNav), func(n *html.Node) bool { return n.Data == "ul" }); top != nil {
				walk(top, "")
			}
		}
		var out []Entry
		seen := map[string]bool{}
		var visit func(parent string)
		visit = func(parent string) {
			for _, e := range lists[parent] {
				k := key(parent, e)
				if seen[k] {
					continue
				}
				seen[k] = true
				out = append(out, e)
				visit(k)
			}
		}
		visit("")
		return out
	},
	// The links of the navigation the page shows, in order (not the
	// navbar's tabs at the top of a doc's menu, div.menu-tabs).
	Sidebar: func(doc *html.Node) []string {
		var out []string
		for _, a := range All(Find(doc, isSiteNav), func(n *html.Node) bool { return n.Data == "a" && Attr(n, "href") != "" && !inMenuTabs(n) }) {
			out = append(out, Canonical(Attr(a, "href")))
		}
		return out
	},
	Skip: func(rel string) bool { return rel == "404.html" || rel == ".sitegen" },
	Pager: func(doc *html.Node) (string, string) {
		return pagerLinks(Find(doc, func(n *html.Node) bool { return n.Data == "nav" && Attr(n, "class") == "pager" }))
	},
	HomeEntry: func(home *html.Node) *html.Node { return Find(home, isSiteNav) },
	// The navigation's top entries: the links of its first list's items
	// (a group's own link, not those under it).
	Navbar: func(home *html.Node) []*html.Node {
		var out []*html.Node
		top := Find(Find(home, isSiteNav), func(n *html.Node) bool { return n.Data == "ul" })
		if top == nil {
			return nil
		}
		for c := top.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode && c.Data == "li" {
				if a := Find(c, func(n *html.Node) bool { return n.Data == "a" }); a != nil {
					out = append(out, a)
				}
			}
		}
		return out
	},
	// A wikilink to a note that is not published, or not there, is its
	// text marked missing (the build warns of it in lenient mode).
	Dead: func(n *html.Node) bool {
		return n.Data == "span" && strings.Contains(Attr(n, "class"), "wikilink-missing")
	},
	// A folder's page that has no text of its own, only the list of the
	// folder's pages.
	List: func(doc *html.Node) bool {
		content := Find(doc, func(n *html.Node) bool { return n.Data == "div" && Attr(n, "class") == "content" })
		return Text(content) == "" && Find(doc, func(n *html.Node) bool { return n.Data == "ul" && Attr(n, "class") == "children" }) != nil
	},
}

// pagerLinks are the hrefs of the links rel="prev" and rel="next" under
// n, "" for none.
func pagerLinks(n *html.Node) (prev, next string) {
	for _, a := range All(n, func(n *html.Node) bool { return n.Data == "a" }) {
		switch Attr(a, "rel") {
		case "prev":
			prev = Attr(a, "href")
		case "next":
			next = Attr(a, "href")
		}
	}
	return prev, next
}

func isSiteNav(n *html.Node) bool { return n.Data == "nav" && Attr(n, "class") == "site-nav" }

// run runs a tool's command in dir and returns its error with the
// command's output.
func run(ctx context.Context, dir, bin string, args ...string) error {
	return runEnv(ctx, dir, nil, bin, args...)
}

// runEnv is run with env (KEY=value) added to the command's environment.
func runEnv(ctx context.Context, dir string, env []string, bin string, args ...string) error {
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	// JEKYLL_NO_BUNDLER_REQUIRE: a corpus's Gemfile (github-pages, its
	// theme's gem) is not installed here; Jekyll loads the plugins its
	// configuration names from Debian's packages.
	cmd.Env = append(os.Environ(), "JEKYLL_ENV=production", "HUGO_ENVIRONMENT=production", "LC_ALL=C.UTF-8", "JEKYLL_NO_BUNDLER_REQUIRE=true")
	cmd.Env = append(cmd.Env, env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s %s: %w\n%s", filepath.Base(bin), strings.Join(args, " "), err, out)
	}
	return nil
}

// missing says why bin is not usable here: not installed (CI installs
// it: .ci/run), or older than the version the fixtures are written for.
func missing(bin string, versionArgs []string, version *regexp.Regexp, atLeast [2]int) string {
	p, err := exec.LookPath(bin)
	if err != nil {
		return bin + " is not installed (CI installs it from Debian: .ci/run)"
	}
	out, _ := exec.Command(p, versionArgs...).CombinedOutput()
	m := version.FindSubmatch(out)
	if m == nil {
		return fmt.Sprintf("%s: no version in %q", bin, bytes.TrimSpace(out))
	}
	var major, minor int
	fmt.Sscan(string(m[1]), &major)
	fmt.Sscan(string(m[2]), &minor)
	if major < atLeast[0] || major == atLeast[0] && minor < atLeast[1] {
		return fmt.Sprintf("%s %d.%d is older than %d.%d, which the fixtures are written for", bin, major, minor, atLeast[0], atLeast[1])
	}
	return ""
}

// theme is the small theme each tool builds the fixtures with: every
// page shows its title in <title>, its text in <div class="content">, and
// (MkDocs, Hugo) the tool's navigation in <nav class="conformance-nav">,
// a link per page and a <span class="group"> per group, depth first.
var themeMarkup = Markup{
	Content: func(n *html.Node) bool { return n.Data == "div" && Attr(n, "class") == "content" },
	Title: func(doc *html.Node) string {
		return Text(Find(doc, func(n *html.Node) bool { return n.Data == "title" }))
	},
	Nav: func(docs map[string]*html.Node) []Entry {
		nav := Find(docs["/"], func(n *html.Node) bool { return n.Data == "nav" && Attr(n, "class") == "conformance-nav" })
		if nav == nil {
			return nil
		}
		var out []Entry
		for _, n := range All(nav, func(n *html.Node) bool { return n.Data == "a" || n.Data == "span" }) {
			switch {
			case n.Data == "span":
				out = append(out, Entry{Label: Text(n)})
			case Canonical(Attr(n, "href")) != "/":
				out = append(out, Entry{Label: Text(n), URL: Canonical(Attr(n, "href"))})
			}
		}
		return out
	},
}

// writeFiles adds a tool's theme to the scratch copy src of a fixture.
func writeFiles(src string, files map[string]string) error {
	for name, text := range files {
		p := filepath.Join(src, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// MkDocs builds with MkDocs (1.4 or later, Debian's): its own nav object
// is printed by a theme of one template, through a configuration that
// inherits the fixture's mkdocs.yml (INHERIT, MkDocs 1.4).
var MkDocs = Tool{
	Name: "mkdocs",
	Missing: func() string {
		return missing("mkdocs", []string{"--version"}, regexp.MustCompile(`version (\d+)\.(\d+)`), [2]int{1, 4})
	},
	Build: func(ctx context.Context, src, dest string) error {
		extra, err := mkdocsInstalled(ctx, src)
		if err != nil {
			return err
		}
		err = writeFiles(src, map[string]string{
			"conformance-mkdocs.yml": "INHERIT: mkdocs.yml\ntheme:\n  name: null\n  custom_dir: conformance-theme\n" + extra,
			"conformance-theme/main.html": `<!doctype html><html><head><title>{{ page.title if page else "" }}</title></head><body>` +
				`<nav class="conformance-nav">{% for item in nav recursive %}` +
				`{% if item.is_section %}<span class="group">{{ item.title }}</span>{{ loop(item.children) }}` +
				`{% elif item.is_page %}<a href="/{{ item.url }}">{{ item.title }}</a>{% endif %}{% endfor %}</nav>` +
				`<div class="content">{{ page.content if page else "" }}</div>` +
				`{% if page and page.previous_page %}<a rel="prev" href="/{{ page.previous_page.url }}">Previous</a>{% endif %}` +
				`{% if page and page.next_page %}<a rel="next" href="/{{ page.next_page.url }}">Next</a>{% endif %}</body></html>`,
		})
		if err != nil {
			return err
		}
		return run(ctx, src, "mkdocs", "build", "--quiet", "--config-file", filepath.Join(src, "conformance-mkdocs.yml"), "--site-dir", dest)
	},
	Read: func(dest string) (Site, error) {
		m := themeMarkup
		m.Skip = func(rel string) bool {
			return rel == "404.html" || strings.HasPrefix(rel, "search/") || strings.HasPrefix(rel, "sitemap.xml")
		}
		m.Pager = func(doc *html.Node) (string, string) { return pagerLinks(doc) }
		m.HomeEntry = func(home *html.Node) *html.Node {
			return Find(home, func(n *html.Node) bool { return n.Data == "nav" && Attr(n, "class") == "conformance-nav" })
		}
		return ReadOutput(dest, m)
	},
}

// Hugo builds with Hugo (0.111 or later, Debian's), without taxonomies,
// feeds or sitemap; the theme prints each section's pages in Hugo's
// default order (weight, then date, link title, path) labelled by
// LinkTitle, as the common docs themes' menus do; or, when the site has
// one, its main menu (.Site.Menus.main, with each entry's children).
var Hugo = Tool{
	Name: "hugo",
	Missing: func() string {
		return missing("hugo", []string{"version"}, regexp.MustCompile(`v(\d+)\.(\d+)`), [2]int{0, 111})
	},
	Build: func(ctx context.Context, src, dest string) error {
		page := `<!doctype html><html><head><title>{{ .Title }}</title></head><body>` +
			`<nav class="conformance-nav">{{ with .Site.Menus.main }}{{ partial "conformance-menu.html" . }}` +
			`{{ else }}{{ partial "conformance-nav.html" .Site.Home }}{{ end }}</nav>` +
			`<div class="content">{{ .Content }}</div>` +
			// What a fixture's own partial adds (TestHugoTranslations:
			// the page's .Translations), outside what is compared.
			`{{ if templates.Exists "partials/conformance-extra.html" }}{{ partial "conformance-extra.html" . }}{{ end }}</body></html>`
		themes, err := hugoThemes(src)
		if err != nil {
			return err
		}
		// The site's own templates go (they call its theme's partials),
		// its shortcodes and partials stay (its pages call them).
		olds, _ := filepath.Glob(filepath.Join(src, "layouts", "*"))
		for _, old := range olds {
			if b := filepath.Base(old); b != "shortcodes" && b != "partials" {
				if err := os.RemoveAll(old); err != nil {
					return err
				}
			}
		}
		files := map[string]string{
			"layouts/_default/single.html": page,
			"layouts/_default/list.html":   page,
			// The site's main menu, when it has one, as Hugo's themes show it.
			"layouts/partials/conformance-menu.html": `{{ range . }}<a href="{{ .URL }}">{{ .Name }}</a>` +
				`{{ with .Children }}{{ partial "conformance-menu.html" . }}{{ end }}{{ end }}`,
			"layouts/partials/conformance-nav.html": `{{ range .Pages }}<a href="{{ .RelPermalink }}">{{ .LinkTitle }}</a>` +
				`{{ if .IsSection }}{{ partial "conformance-nav.html" . }}{{ end }}{{ end }}`,
		}
		// A theme the site names that is not here (a git submodule
		// not fetched) is an empty one: the layouts above replace its
		// pages; a shortcode only it had fails the build.
		for _, th := range themes {
			if _, err := os.Stat(filepath.Join(src, "themes", th)); errors.Is(err, os.ErrNotExist) {
				files["themes/"+th+"/theme.toml"] = "name = \"" + th + "\"\n"
			}
		}
		if err := writeFiles(src, files); err != nil {
			return err
		}
		return run(ctx, src, "hugo", "--quiet", "--source", src, "--destination", dest,
			"--disableKinds", "taxonomy,term,RSS,sitemap,robotsTXT", "--enableGitInfo=false")
	},
	Read: func(dest string) (Site, error) {
		m := themeMarkup
		m.Skip = func(rel string) bool { return rel == "404.html" }
		return ReadOutput(dest, m)
	},
}

// Jekyll builds with Jekyll (4.3 or later, Debian's) and the plugins the
// fixture's _config.yml lists, and those GitHub Pages runs on every site
// when the fixture is built by GitHub Pages (no Gemfile, or one that names
// github-pages; Debian packages them as ruby-jekyll-*); every page gets a
// layout that prints its page.title and content. Jekyll has no navigation
// of its own.
var Jekyll = Tool{
	Name: "jekyll",
	Missing: func() string {
		if why := missing("jekyll", []string{"--version"}, regexp.MustCompile(`jekyll (\d+)\.(\d+)`), [2]int{4, 3}); why != "" {
			return why
		}
		for _, p := range append(slices.Clone(jekyll.GitHubPagesPlugins), "jekyll-redirect-from") {
			if err := exec.Command("ruby", "-e", "require '"+p+"'").Run(); err != nil {
				return "the Jekyll plugin " + p + " is not installed (CI installs Debian's ruby-" + p + ": .ci/run)"
			}
		}
		return ""
	},
	Build: func(ctx context.Context, src, dest string) error {
		if err := dropTheme(src); err != nil {
			return err
		}
		plugins, err := jekyllPlugins(src)
		if err != nil {
			return err
		}
		err = writeFiles(src, map[string]string{
			"_conformance.yml": "plugins: [" + strings.Join(plugins, ", ") + "]\n",
			// Every page and document gets the layout below, whatever
			// its front matter or the site's defaults say, but for the
			// redirects jekyll-redirect-from makes.
			"_plugins/conformance.rb": "Jekyll::Hooks.register [:pages, :documents], :pre_render do |doc|\n" +
				"  doc.data['layout'] = 'conformance' unless doc.data.key?('redirect') # jekyll-redirect-from's redirects stay\n" +
				"end\n",
			"_layouts/conformance.html": `<!doctype html><html><head><title>{{ page.title }}</title></head><body>` +
				`<div class="content">{{ content }}</div></body></html>`,
		})
		if err != nil {
			return err
		}
		configs := filepath.Join(src, "_conformance.yml")
		for _, c := range []string{"_config.yaml", "_config.yml"} {
			if _, err := os.Stat(filepath.Join(src, c)); err == nil {
				configs = filepath.Join(src, c) + "," + configs
			} else if !errors.Is(err, os.ErrNotExist) {
				return err
			}
		}
		return run(ctx, src, "jekyll", "build", "--quiet", "--source", src, "--destination", dest, "--config", configs)
	},
	Read: func(dest string) (Site, error) {
		m := themeMarkup
		m.Nav = nil
		m.Title = func(doc *html.Node) string { // Jekyll escapes nothing in a title it prints
			return Text(Find(doc, func(n *html.Node) bool { return n.Data == "title" }))
		}
		m.Skip = func(rel string) bool { return rel == "404.html" || rel == "feed.xml" || rel == "redirects.json" }
		return ReadOutput(dest, m)
	},
}

// dropTheme takes the theme: setting out of the _config.yml at src: a
// gem theme is not installed here (Jekyll keeps a setting that a later
// configuration file sets to null).
func dropTheme(src string) error {
	p := filepath.Join(src, "_config.yml")
	raw, err := os.ReadFile(p)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	} else if err != nil {
		return err
	}
	return os.WriteFile(p, regexp.MustCompile(`(?m)^theme:.*$`).ReplaceAll(raw, nil), 0o644)
}

// jekyllPlugins are the plugins the fixture at src runs: its _config.yml's,
// and GitHub Pages' when GitHub Pages builds it (see package
// layout/jekyll).
func jekyllPlugins(src string) ([]string, error) {
	var cfg struct{ Plugins []string }
	raw, err := os.ReadFile(filepath.Join(src, "_config.yml"))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	if err := yaml.Unmarshal(raw, &cfg); err != nil {
		return nil, fmt.Errorf("_config.yml: %w", err)
	}
	gemfile, err := os.ReadFile(filepath.Join(src, "Gemfile"))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	if err != nil || bytes.Contains(gemfile, []byte("github-pages")) {
		cfg.Plugins = append(cfg.Plugins, jekyll.GitHubPagesPlugins...)
	}
	slices.Sort(cfg.Plugins)
	// A plugin not installed here (jekyll-github-metadata, which asks
	// GitHub's API) is left out: it changes no page's text or URL.
	return slices.DeleteFunc(slices.Compact(cfg.Plugins), func(p string) bool {
		return exec.Command("ruby", "-e", "require '"+p+"'").Run() != nil
	}), nil
}

// JustTheDocs builds a Jekyll site of the just-the-docs theme with that
// theme, taken from a checkout of it at dir (its _layouts, _includes,
// _sass and assets, where the site has none of its own), and reads its
// navigation: the theme's sidebar, nav#site-nav, whose order and labels
// come from the pages' titles, nav_order and parent
// (https://just-the-docs.com/docs/navigation/main/). Its plugins
// jekyll-seo-tag and jekyll-include-cache come from Debian.
func JustTheDocs(dir string) Tool {
	t := Jekyll
	t.Name = "jekyll + just-the-docs"
	t.Build = func(ctx context.Context, src, dest string) error {
		for _, d := range []string{"_layouts", "_includes", "_sass", "assets"} {
			theme := os.DirFS(filepath.Join(dir, d))
			err := fs.WalkDir(theme, ".", func(p string, e fs.DirEntry, err error) error {
				if err != nil || e.IsDir() {
					return err
				}
				to := filepath.Join(src, d, filepath.FromSlash(p))
				if _, err := os.Stat(to); err == nil {
					return nil // the site's own file wins, as a theme's would
				}
				raw, err := fs.ReadFile(theme, p)
				if err != nil {
					return err
				}
				if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
					return err
				}
				return os.WriteFile(to, raw, 0o644)
			})
			if err != nil {
				return err
			}
		}
		if err := dropTheme(src); err != nil {
			return err
		}
		plugins, err := jekyllPlugins(src)
		if err != nil {
			return err
		}
		plugins = append(plugins, "jekyll-seo-tag", "jekyll-include-cache")
		if err := writeFiles(src, map[string]string{"_conformance.yml": "plugins: [" + strings.Join(plugins, ", ") + "]\n"}); err != nil {
			return err
		}
		return run(ctx, src, "jekyll", "build", "--quiet", "--source", src, "--destination", dest,
			"--config", filepath.Join(src, "_config.yml")+","+filepath.Join(src, "_conformance.yml"))
	}
	t.Read = func(dest string) (Site, error) {
		return ReadOutput(dest, Markup{
			Content: func(n *html.Node) bool { return n.Data == "div" && Attr(n, "id") == "main-content" },
			Title: func(doc *html.Node) string {
				t := Text(Find(doc, func(n *html.Node) bool { return n.Data == "title" }))
				if i := strings.LastIndex(t, " | "); i >= 0 {
					t = t[:i]
				}
				return t
			},
			Nav: func(docs map[string]*html.Node) []Entry {
				nav := Find(docs["/"], func(n *html.Node) bool { return n.Data == "nav" && Attr(n, "id") == "site-nav" })
				var out []Entry
				// The home page is an entry like any other, where its
				// nav_order puts it (nav/pages.html: every titled page
				// without a parent is a top node), and so is sitegen's.
				for _, a := range All(nav, func(n *html.Node) bool { return n.Data == "a" && strings.Contains(Attr(n, "class"), "nav-list-link") }) {
					out = append(out, Entry{Label: Text(a), URL: Canonical(Attr(a, "href"))})
				}
				return out
			},
			Skip: func(rel string) bool {
				return rel == "404.html" || rel == "redirects.json" || strings.HasPrefix(rel, "assets/")
			},
		})
	}
	return t
}

// mkdocsInstalled returns the settings that replace the fixture's plugins
// and markdown_extensions with those of them installed here (a corpus's
// mkdocs-simple-hooks or markdown_blockdiag is not in Debian), as YAML
// lines for the configuration that inherits its mkdocs.yml; "" when all
// are installed. What is left out only changes the pages' look.
func mkdocsInstalled(ctx context.Context, src string) (string, error) {
	raw, err := os.ReadFile(filepath.Join(src, "mkdocs.yml"))
	if err != nil {
		return "", err
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(raw, &doc); err != nil || len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return "", nil
	}
	out, err := exec.CommandContext(ctx, "python3", "-c",
		"from importlib.metadata import entry_points\nfor e in entry_points(group='mkdocs.plugins'): print(e.name)").Output()
	if err != nil {
		return "", fmt.Errorf("list MkDocs' plugins: %w", err)
	}
	plugins := map[string]bool{}
	for _, name := range strings.Fields(string(out)) {
		plugins[name] = true
	}
	importable := func(ext string) bool {
		for _, m := range []string{ext, "markdown.extensions." + ext} {
			if exec.CommandContext(ctx, "python3", "-c", "import importlib,sys; importlib.import_module(sys.argv[1])", m).Run() == nil {
				return true
			}
		}
		return false
	}
	var b strings.Builder
	root := doc.Content[0]
	for i := 0; i+1 < len(root.Content); i += 2 {
		key, v := root.Content[i].Value, root.Content[i+1]
		var keep func(name string) bool
		switch key {
		case "plugins":
			keep = func(name string) bool { return plugins[name] }
		case "markdown_extensions":
			keep = importable
		default:
			continue
		}
		if v.Kind != yaml.SequenceNode {
			continue
		}
		kept := &yaml.Node{Kind: yaml.SequenceNode}
		for _, item := range v.Content {
			name := item.Value
			if item.Kind == yaml.MappingNode && len(item.Content) > 0 {
				name = item.Content[0].Value
			}
			if keep(name) {
				kept.Content = append(kept.Content, item)
			}
		}
		if len(kept.Content) == len(v.Content) {
			continue
		}
		enc, err := yaml.Marshal(&yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{{Kind: yaml.ScalarNode, Value: key}, kept}})
		if err != nil {
			return "", err
		}
		b.Write(enc)
	}
	return b.String(), nil
}

var hugoTheme = regexp.MustCompile(`(?m)^\s*theme\s*[=:]\s*(.+)$`)

// hugoThemes are the themes a Hugo site's settings name (hugo.toml,
// config.toml, config/_default/…: a name or a list).
func hugoThemes(src string) ([]string, error) {
	files, _ := filepath.Glob(filepath.Join(src, "config", "_default", "*"))
	for _, f := range []string{"hugo.toml", "hugo.yaml", "hugo.yml", "config.toml", "config.yaml", "config.yml"} {
		files = append(files, filepath.Join(src, f))
	}
	var out []string
	for _, f := range files {
		if info, err := os.Stat(f); err == nil && info.IsDir() {
			continue // config/_default/menus/ (per-language files), .forestry/: no theme key
		}
		raw, err := os.ReadFile(f)
		if errors.Is(err, os.ErrNotExist) {
			continue
		} else if err != nil {
			return nil, err
		}
		for _, m := range hugoTheme.FindAllStringSubmatch(string(raw), -1) {
			for _, name := range strings.FieldsFunc(m[1], func(r rune) bool { return strings.ContainsRune("[]\"', \t\r", r) }) {
				if !strings.HasPrefix(name, "#") {
					out = append(out, name)
				}
			}
		}
	}
	return out, nil
}

// join puts two windows of one list together, in order: each entry of b
// not in a goes after the entry before it in b.
func join(a, b []Entry) []Entry {
	for i, e := range b {
		if slices.Contains(a, e) {
			continue
		}
		at := len(a)
		if i > 0 {
			if j := slices.Index(a, b[i-1]); j >= 0 {
				at = j + 1
			}
		} else if len(b) > 1 {
			if j := slices.Index(a, b[1]); j >= 0 {
				at = j
			}
		}
		a = slices.Insert(a, at, e)
	}
	return a
}

// inMenuTabs reports whether n is inside the navbar's tabs at the top of
// a page's menu (templates' div.menu-tabs), not its sidebar.
func inMenuTabs(n *html.Node) bool {
	for p := n.Parent; p != nil; p = p.Parent {
		if p.Data == "div" && Attr(p, "class") == "menu-tabs" {
			return true
		}
	}
	return false
}
