package vitepress_test

import (
	"context"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"golang.org/x/net/html"

	"d6codex/cmd/sitegen/internal/site"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// fixture is a small VitePress rules site: a home page with a hero, a
// sidebar of two groups whose labels differ from the pages' titles, links
// without extension, with .md and .html, absolute and relative, containers,
// a page the sidebar does not list, srcExclude, public/ and a package.json.
var fixture = map[string]string{
	".vitepress/config.mts": `import { defineConfig } from 'vitepress'

export default defineConfig({
  title: 'Six Dice Rules',
  srcExclude: ['drafts/**', '**/TODO.md'],
  themeConfig: {
    sidebar: [
      {
        text: 'Guide',
        items: [
          { text: 'Start here', link: '/guide/' },
          { text: 'Rolling dice', link: '/guide/dice' },
          { text: 'Fighting', link: '/guide/combat.md' },
        ]
      },
      {
        text: 'Rules',
        items: [
          { text: 'Skills', link: '/rules/skills' },
          { text: 'The wild die', link: '/rules/wild-die' },
        ]
      }
    ]
  }
})
`,
	"index.md":          "---\nlayout: home\nhero:\n  name: Six Dice\n  text: A rules reference\n  actions:\n    - theme: brand\n      text: Get started\n      link: /guide/\nfeatures:\n  - title: Dice\n    details: Pools of dice.\n    link: /guide/dice\n---\n",
	"guide/index.md":    "# Getting started\n\nRead [the dice](./dice) first, then [combat](combat.md) and [skills](../rules/skills.html).\n\n::: tip\nKeep a pencil.\n:::\n\n::: warning Careful\nThe wild die explodes: [explosions](/rules/wild-die#explosions).\n:::\n",
	"guide/dice.md":     "# Rolling dice\n\nRoll a pool. ![a die](/img/d6.svg)\n\n::: details Click to see\nHidden.\n:::\n",
	"guide/combat.md":   "---\ntitle: Combat\n---\n# Fighting\n\nBack to [the guide](./).\n",
	"rules/wild-die.md": "# The wild die\n\n## Explosions\n\nA six explodes. See [skills](./skills) and [extra](extra).\n",
	"rules/skills.md":   "# Skills\n\nSkills add dice. See [the start](../guide/index.md).\n",
	"rules/extra.md":    "# Extra rules\n\nNot in the sidebar.\n",
	"rules/TODO.md":     "# To do\n",
	"drafts/secret.md":  "# Secret\n",
	"public/img/d6.svg": `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>`,
	"package.json":      `{"name": "fixture", "private": true, "type": "module"}`,
}

// vitepressBin finds VitePress: $VITEPRESS (its node_modules folder or
// its bin), else vitepress on PATH. The node_modules folder beside the
// binary is what the fixture's config imports 'vitepress' from.
func vitepressBin(t *testing.T) (bin, modules string) {
	t.Helper()
	cands := []string{}
	if env := os.Getenv("VITEPRESS"); env != "" {
		cands = append(cands, filepath.Join(env, ".bin", "vitepress"), filepath.Join(env, "node_modules", ".bin", "vitepress"), env)
	}
	if p, err := exec.LookPath("vitepress"); err == nil {
		cands = append(cands, p)
	}
	for _, c := range cands {
		real, err := filepath.EvalSymlinks(c)
		if err != nil {
			continue
		}
		if info, err := os.Stat(real); err == nil && !info.IsDir() {
			// .../node_modules/vitepress/bin/vitepress.js
			mod := filepath.Dir(filepath.Dir(filepath.Dir(real)))
			if filepath.Base(mod) == "node_modules" {
				return c, mod
			}
		}
	}
	t.Skip("VitePress is not installed: npm install -g vitepress@1.6.4 (or set VITEPRESS to its node_modules folder) to compare sitegen with it")
	return "", ""
}

// output is what a reader sees of one build.
type output struct {
	pages  map[string]string   // canonical URL -> title
	links  map[string][]string // canonical URL -> canonical targets of the internal links of its text that resolve
	broken map[string][]string // canonical URL -> internal links that do not resolve
	nav    []string            // sidebar entries in order: "label -> URL", or "label" for a group
	files  map[string]bool     // every published file (slash path)
}

// canonical makes a page URL comparable: "/guide/dice.html",
// "/guide/dice/" and "/guide/dice" are "/guide/dice"; the fragment stays.
func canonical(u string) string {
	u, frag, _ := strings.Cut(u, "#")
	u = strings.TrimSuffix(u, ".html")
	u = strings.TrimSuffix(u, "/index")
	if u != "/" {
		u = strings.TrimSuffix(u, "/")
	}
	if u == "" {
		u = "/"
	}
	if frag != "" {
		return u + "#" + frag
	}
	return u
}

func TestDifferentialVitePress(t *testing.T) {
	bin, modules := vitepressBin(t)
	src := t.TempDir()
	sitetest.WriteFiles(t, src, fixture)
	if err := os.Symlink(modules, filepath.Join(src, "node_modules")); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "build", src)
	cmd.Dir = src
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("vitepress build: %v\n%s", err, out)
	}
	theirs := read(t, filepath.Join(src, ".vitepress", "dist"), "vitepress")

	dest := filepath.Join(t.TempDir(), "out")
	theme := fstest.MapFS{"css/site.css": {Data: []byte("body{}\n")}}
	// VitePress fails on a dead link (https://vitepress.dev/reference/site-config#ignoredeadlinks),
	// as sitegen does by default: the fixture's links are all good.
	res, err := site.Build(context.Background(), site.Options{Source: src, Dest: dest, Theme: theme, CacheDir: "-"})
	if err != nil {
		t.Fatalf("sitegen build: %v", err)
	}
	if res.Cleanup != nil {
		res.Cleanup()
	}
	ours := read(t, dest, "sitegen")

	// The pages: sitegen adds a list page for rules/, a folder without
	// an index.md (its section in the navigation); VitePress has none.
	delete(ours.pages, "/rules")
	if got, want := keys(ours.pages), keys(theirs.pages); !slices.Equal(got, want) {
		t.Errorf("page URLs:\n sitegen   %v\n vitepress %v", got, want)
	}
	for u, title := range theirs.pages {
		if u == "/" {
			continue // VitePress titles its home page with the site's title alone
		}
		if ours.pages[u] != title {
			t.Errorf("title of %s: sitegen %q, vitepress %q", u, ours.pages[u], title)
		}
	}
	// Which links resolve, and to what.
	for u := range theirs.pages {
		if g, w := strings.Join(ours.links[u], " "), strings.Join(theirs.links[u], " "); g != w {
			t.Errorf("links of %s that resolve:\n sitegen   %s\n vitepress %s", u, g, w)
		}
		if g, w := len(ours.broken[u]), len(theirs.broken[u]); g != w {
			t.Errorf("broken links of %s: sitegen %v, vitepress %v", u, ours.broken[u], theirs.broken[u])
		}
	}
	// The navigation: VitePress's sidebar, in order. sitegen's folder page
	// stands for its group ("Guide -> /guide"), where VitePress lists the
	// group and then the page ("Guide", "Start here -> /guide").
	want := slices.DeleteFunc(slices.Clone(theirs.nav), func(e string) bool { return e == "Start here -> /guide" })
	for i, e := range want {
		if e == "Guide" {
			want[i] = "Guide -> /guide"
		}
	}
	got := slices.DeleteFunc(slices.Clone(ours.nav), func(e string) bool { return strings.HasPrefix(e, "Extra rules") })
	for i, e := range got {
		if e == "Rules -> /rules" { // a group without a page of its own in VitePress
			got[i] = "Rules"
		}
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("navigation:\n sitegen   %q\n vitepress %q", got, want)
	}
	t.Logf("pages %v\nnav %q\nlinks %v", theirs.pages, theirs.nav, theirs.links)
	// What is not published, and public/ at the root.
	for _, f := range []string{"img/d6.svg"} {
		if !ours.files[f] || !theirs.files[f] {
			t.Errorf("%s: sitegen %v, vitepress %v", f, ours.files[f], theirs.files[f])
		}
	}
	for _, f := range []string{"drafts/secret.html", "drafts/secret/index.html", "rules/TODO.html", "rules/todo/index.html",
		"rules/TODO/index.html", "package.json", "public/img/d6.svg"} {
		if ours.files[f] || theirs.files[f] {
			t.Errorf("%s published: sitegen %v, vitepress %v", f, ours.files[f], theirs.files[f])
		}
	}
}

func keys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// read reads a build's output: its pages (HTML files that are not
// redirects nor the 404 page), their titles, the links of their text, and
// the navigation of the page /guide/dice (where every group is open).
func read(t *testing.T, dir, tool string) output {
	t.Helper()
	o := output{pages: map[string]string{}, links: map[string][]string{}, broken: map[string][]string{}, files: map[string]bool{}}
	docs := map[string]*html.Node{}
	files := map[string]string{} // canonical URL -> the file's slash path
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		o.files[rel] = true
		if !strings.HasSuffix(rel, ".html") || rel == "404.html" {
			return nil
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		doc, err := html.Parse(f)
		if err != nil {
			return err
		}
		if find(doc, func(n *html.Node) bool { return n.Data == "meta" && attr(n, "http-equiv") == "refresh" }) != nil {
			return nil // a redirect
		}
		u := canonical("/" + rel)
		docs[u], files[u] = doc, rel
		title := text(find(doc, func(n *html.Node) bool { return n.Data == "title" }))
		title, _, _ = strings.Cut(title, " | ") // VitePress: "Page | Site"
		title, _, _ = strings.Cut(title, " · ") // sitegen: "Page · Site"
		o.pages[u] = title
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for u, doc := range docs {
		content := find(doc, func(n *html.Node) bool {
			if tool == "vitepress" {
				return n.Data == "div" && strings.Contains(attr(n, "class"), "vp-doc")
			}
			return n.Data == "div" && attr(n, "class") == "content"
		})
		for _, a := range all(content, func(n *html.Node) bool { return n.Data == "a" && attr(n, "href") != "" }) {
			href := attr(a, "href")
			if strings.Contains(href, "://") || strings.HasPrefix(href, "#") || strings.Contains(attr(a, "class"), "header-anchor") || attr(a, "class") == "anchor" {
				continue
			}
			target := canonical(path.Clean(resolve("/"+files[u], href)) + fragOf(href))
			page, _, _ := strings.Cut(target, "#")
			if _, ok := o.pages[page]; ok {
				o.links[u] = append(o.links[u], target)
			} else {
				o.broken[u] = append(o.broken[u], href)
			}
		}
		slices.Sort(o.links[u])
	}
	nav := docs["/guide/dice"]
	if tool == "vitepress" {
		side := find(nav, func(n *html.Node) bool { return n.Data == "aside" && strings.Contains(attr(n, "class"), "VPSidebar") })
		for _, n := range all(side, func(n *html.Node) bool {
			return n.Data == "a" || n.Data == "h2" && strings.Contains(attr(n, "class"), "text")
		}) {
			if n.Data == "h2" {
				o.nav = append(o.nav, text(n))
			} else {
				o.nav = append(o.nav, text(n)+" -> "+canonical(attr(n, "href")))
			}
		}
	} else {
		side := find(nav, func(n *html.Node) bool { return n.Data == "nav" && attr(n, "class") == "site-nav" })
		for _, a := range all(side, func(n *html.Node) bool { return n.Data == "a" }) {
			o.nav = append(o.nav, text(a)+" -> "+canonical(attr(a, "href")))
		}
		// The groups sitegen shows closed (not on this page's trail)
		// open on their own pages: their entries follow them.
		for i := 0; i < len(o.nav); i++ {
			e := o.nav[i]
			_, u, _ := strings.Cut(e, " -> ")
			if u == "/rules" {
				sub := find(docs["/rules"], func(n *html.Node) bool { return n.Data == "nav" && attr(n, "class") == "site-nav" })
				var kids []string
				for _, a := range all(sub, func(n *html.Node) bool {
					return n.Data == "a" && strings.HasPrefix(attr(n, "href"), "/rules/") && attr(n, "href") != "/rules/"
				}) {
					kids = append(kids, text(a)+" -> "+canonical(attr(a, "href")))
				}
				o.nav = slices.Insert(o.nav, i+1, kids...)
				break
			}
		}
	}
	return o
}

// resolve resolves href from the page published as the file at path
// file, as a browser that loaded that file does.
func resolve(file, href string) string {
	href, _, _ = strings.Cut(href, "#")
	if strings.HasPrefix(href, "/") {
		return href
	}
	return path.Join(path.Dir(file), href)
}

func fragOf(href string) string {
	if _, f, ok := strings.Cut(href, "#"); ok {
		return "#" + f
	}
	return ""
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func find(n *html.Node, ok func(*html.Node) bool) *html.Node {
	if n == nil {
		return nil
	}
	if n.Type == html.ElementNode && ok(n) {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f := find(c, ok); f != nil {
			return f
		}
	}
	return nil
}

func all(n *html.Node, ok func(*html.Node) bool) []*html.Node {
	var out []*html.Node
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n == nil {
			return
		}
		if n.Type == html.ElementNode && ok(n) {
			out = append(out, n)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return out
}

func text(n *html.Node) string {
	if n == nil {
		return ""
	}
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return strings.TrimSpace(b.String())
}
