package conformance

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"golang.org/x/net/html"
)

// Starlight builds a fixture with Astro's own build (`astro build`) and
// @astrojs/starlight, from the node_modules folder $STARLIGHT names
// (astro and @astrojs/starlight: .ci/run installs them). Astro does not
// follow a node_modules link out of the project, so the scratch copy is
// built inside the folder that holds $STARLIGHT, where Node finds the
// packages as a parent's node_modules, and removed after. Its navigation
// is Starlight's sidebar: a group's label and a page's link, in order,
// the home page's link left out.
var Starlight = Tool{
	Name: "Starlight",
	Missing: func() string {
		_, why := starlightModules()
		return why
	},
	Build: func(ctx context.Context, src, dest string) error {
		modules, why := starlightModules()
		if why != "" {
			return fmt.Errorf("%s", why)
		}
		work, err := os.MkdirTemp(filepath.Dir(modules), "fixture-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(work)
		if err := os.CopyFS(work, os.DirFS(src)); err != nil {
			return err
		}
		if err := runEnv(ctx, work, []string{"ASTRO_TELEMETRY_DISABLED=1"}, "node", filepath.Join(modules, "astro", "astro.js"), "build"); err != nil {
			return err
		}
		return os.Rename(filepath.Join(work, "dist"), dest)
	},
	Read:    func(dest string) (Site, error) { return ReadOutput(dest, starlightMarkup) },
	Timeout: 6 * time.Minute,
}

var starlightMarkup = Markup{
	Content: func(n *html.Node) bool { return n.Data == "div" && Attr(n, "class") == "sl-markdown-content" },
	// "Page | Site", the home page's too.
	Title: func(doc *html.Node) string {
		t, _, _ := strings.Cut(Text(Find(doc, func(n *html.Node) bool { return n.Data == "title" })), " | ")
		return t
	},
	// Every page shows the whole sidebar: the first page's is read, in
	// the order of their URLs (the home page's first: the root locale's
	// in a site of several).
	Nav: func(docs map[string]*html.Node) []Entry {
		for _, u := range slices.Sorted(mapKeys(docs)) {
			doc := docs[u]
			side := Find(doc, func(n *html.Node) bool { return n.Data == "div" && Attr(n, "id") == "starlight__sidebar" })
			if side == nil {
				continue
			}
			var out []Entry
			var walk func(n *html.Node)
			walk = func(n *html.Node) {
				for c := n.FirstChild; c != nil; c = c.NextSibling {
					switch {
					case c.Type != html.ElementNode:
					case c.Data == "summary":
						out = append(out, Entry{Label: Text(c)})
					case c.Data == "a":
						if u := Canonical(Attr(c, "href")); u != "/" {
							out = append(out, Entry{Label: Text(c), URL: u})
						}
					default:
						walk(c)
					}
				}
			}
			walk(side)
			return out
		}
		return nil
	},
	Skip: func(rel string) bool {
		return rel == "404.html" || strings.HasPrefix(rel, "_astro/") || strings.HasPrefix(rel, "pagefind/") ||
			rel == "sitemap-index.xml" || strings.HasPrefix(rel, "sitemap-")
	},
}

// starlightModules finds the node_modules folder $STARLIGHT names, which
// must hold astro and @astrojs/starlight. why says what is missing.
func starlightModules() (modules, why string) {
	const install = "npm install astro@5 @astrojs/starlight@0.36 and set STARLIGHT to its node_modules folder (CI does: .ci/run)"
	modules = os.Getenv("STARLIGHT")
	if modules == "" {
		return "", "Starlight is not installed: " + install
	}
	for _, p := range []string{"astro/astro.js", "@astrojs/starlight/package.json"} {
		if _, err := os.Stat(filepath.Join(modules, p)); err != nil {
			return "", fmt.Sprintf("Starlight is not installed at $STARLIGHT (%s): %v; %s", modules, err, install)
		}
	}
	return modules, ""
}
