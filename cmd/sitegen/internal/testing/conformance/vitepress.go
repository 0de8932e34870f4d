package conformance

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"golang.org/x/net/html"
)

// VitePress builds a fixture with VitePress's own build and its default
// theme, from the node_modules folder $VITEPRESS names (or vitepress on
// PATH); the fixture imports 'vitepress' from there (a node_modules
// link in the scratch copy). Its navigation is the default theme's
// sidebar: a group's <h2> and a page's link, in order.
var VitePress = Tool{
	Name: "VitePress",
	Missing: func() string {
		_, _, why := vitepressBin()
		return why
	},
	Build: func(ctx context.Context, src, dest string) error {
		bin, modules, why := vitepressBin()
		if why != "" {
			return fmt.Errorf("%s", why)
		}
		if err := os.Symlink(modules, filepath.Join(src, "node_modules")); err != nil {
			return err
		}
		if err := run(ctx, src, bin, "build", src); err != nil {
			return err
		}
		return os.Rename(filepath.Join(src, ".vitepress", "dist"), dest)
	},
	Read: func(dest string) (Site, error) { return ReadOutput(dest, vitepressMarkup) },
}

var vitepressMarkup = Markup{
	Content: func(n *html.Node) bool { return n.Data == "div" && strings.Contains(Attr(n, "class"), "vp-doc") },
	// "Page | Site"; the home page's is the site's title alone.
	Title: func(doc *html.Node) string {
		t, _, _ := strings.Cut(Text(Find(doc, func(n *html.Node) bool { return n.Data == "title" })), " | ")
		return t
	},
	// Every page shows the whole top bar (themeConfig.nav: its links, a
	// dropdown's label and its items, a group's title) and the whole
	// sidebar: the first page's are read, the top bar's entries first;
	// without a sidebar on any page, a page's top bar alone.
	Nav: func(docs map[string]*html.Node) []Entry {
		bar := func(n *html.Node) bool { return n.Data == "nav" && strings.Contains(Attr(n, "class"), "VPNavBarMenu") }
		sidebar := func(n *html.Node) bool { return n.Data == "aside" && strings.Contains(Attr(n, "class"), "VPSidebar") }
		var doc *html.Node
		for _, d := range docs {
			if Find(d, sidebar) != nil {
				doc = d
				break
			}
			if doc == nil && Find(d, bar) != nil {
				doc = d
			}
		}
		if doc != nil {
			side := Find(doc, sidebar)
			var out []Entry
			if bar := Find(doc, bar); bar != nil {
				var menu func(n *html.Node)
				menu = func(n *html.Node) {
					for c := n.FirstChild; c != nil; c = c.NextSibling {
						switch {
						case c.Type != html.ElementNode:
						case c.Data == "a":
							out = append(out, Entry{Label: Text(c), URL: Canonical(Attr(c, "href"))})
						case c.Data == "button", c.Data == "p" && strings.Contains(Attr(c, "class"), "title"):
							out = append(out, Entry{Label: Text(c)}) // a dropdown, a group of its items
						default:
							menu(c)
						}
					}
				}
				menu(bar)
			}
			var walk func(n *html.Node)
			walk = func(n *html.Node) {
				for c := n.FirstChild; c != nil; c = c.NextSibling {
					switch {
					case c.Type != html.ElementNode:
					case c.Data == "h2" && strings.Contains(Attr(c, "class"), "text"),
						c.Data == "p" && strings.Contains(Attr(c, "class"), "text"): // an item with text alone
						out = append(out, Entry{Label: Text(c)})
					case c.Data == "a":
						out = append(out, Entry{Label: Text(c), URL: Canonical(Attr(c, "href"))})
					default:
						walk(c)
					}
				}
			}
			if side != nil {
				walk(side)
			}
			return out
		}
		return nil
	},
	Skip: func(rel string) bool {
		return rel == "404.html" || rel == "hashmap.json" || strings.HasPrefix(rel, "assets/") || rel == "vp-icons.css"
	},
}

// vitepressBin finds VitePress: $VITEPRESS (its node_modules folder, or
// its bin), else vitepress on PATH; modules is the node_modules folder
// the binary is in. why says what is missing.
func vitepressBin() (bin, modules, why string) {
	var cands []string
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
			if mod := filepath.Dir(filepath.Dir(filepath.Dir(real))); filepath.Base(mod) == "node_modules" {
				return c, mod, ""
			}
		}
	}
	return "", "", "VitePress is not installed: npm install vitepress@1.6.4 and set VITEPRESS to its node_modules folder (CI does: .ci/run)"
}
