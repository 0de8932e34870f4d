package site

import (
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestVitePressSidebarCall is eval6B KB14b: a sidebar built by a call
// ("sidebar: buildSidebar(manualSidebar)", XiuXianCore-Wiki) is not run:
// what the function does is not known (that one appends a group of the
// pages its argument leaves out; another could filter or reorder). The
// warning stays, and the navigation falls back to the order the author
// wrote: the call's argument as written ("The sidebar is the main
// navigation block ... configure the sidebar menu in themeConfig.sidebar",
// https://vitepress.dev/reference/default-theme-sidebar), its groups and
// labels, then the pages it does not list, which a file-name order would
// have mixed in.
func TestVitePressSidebarCall(t *testing.T) {
	cfg := `import { defineConfig } from 'vitepress'
import { buildSidebar } from './sidebar'

const manual = [
  { text: 'Start', items: [ { text: 'Zebra first', link: '/zebra' }, { text: 'Then apple', link: '/apple' } ] },
  { text: 'Reference', items: [ { text: 'Mango', link: '/mango' } ] },
]

export default defineConfig({
  title: 'W',
  themeConfig: { sidebar: buildSidebar(manual) },
})
`
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		".vitepress/config.mts": cfg, ".vitepress/sidebar.ts": "export function buildSidebar(x) { return x }\n",
		"index.md": "# Home\n", "zebra.md": "# Zebra\n", "apple.md": "# Apple\n", "mango.md": "# Mango\n", "banana.md": "# Banana\n",
	})
	dest := t.TempDir()
	res, err := build(t, dir, content.Options{Theme: theme, Dest: dest})
	if err != nil {
		t.Fatal(err)
	}
	out := readTree(t, dest)["index.html"]
	nav := out[strings.Index(out, `<nav class="site-nav"`):]
	nav = nav[:strings.Index(nav, "</nav>")]
	last := -1
	for _, want := range []string{">Start<", ">Zebra first<", ">Then apple<", ">Reference<", ">Mango<", ">Banana<"} {
		i := strings.Index(nav, want)
		if i < 0 || i < last {
			t.Fatalf("navigation lacks %q or has it out of order:\n%s", want, nav)
		}
		last = i
	}
	found := false
	for _, n := range res.Notes {
		if strings.Contains(n, "buildSidebar(manual)") && strings.Contains(n, "not run") {
			found = true
		}
	}
	if !found {
		t.Errorf("notes = %q, want one saying buildSidebar(manual) is not run", res.Notes)
	}
}

// TestVitePressDottedPageLinks: a page whose name has a dot
// (v1.4.0guide.md, XiuXianCore-Wiki's "v1.4.0更新指南") is linked
// without its extension as any other: "the best practice is to omit
// file extensions so that VitePress can generate the final URLs based on
// your config" (https://vitepress.dev/guide/routing#linking-between-pages);
// VitePress treats a link as a page's unless its extension is one of an
// asset's. sitegen took ".0guide" for a file's extension: a spurious
// broken link, and a warning for the hero's action.
func TestVitePressDottedPageLinks(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		".vitepress/config.mts": "export default {title: 'T'}\n",
		"index.md":              "---\nlayout: home\nhero:\n  name: T\n  actions:\n    - text: Guide\n      link: /v1.4.0guide\n---\n",
		"a.md":                  "# A\n\n[abs](/v1.4.0guide), [rel](./v1.4.0guide), [md](v1.4.0guide.md), [map](img/map.v2.png)\n",
		"v1.4.0guide.md":        "# Guide\n",
		"img/map.v2.png":        "png",
	})
	dest := t.TempDir()
	res, err := build(t, dir, content.Options{Theme: theme, Dest: dest})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.WarningList) != 0 {
		t.Errorf("warnings: %q", res.WarningList)
	}
	tree := readTree(t, dest)
	for _, label := range []string{"abs", "rel", "md"} {
		if !strings.Contains(tree["a.html"], `href="/v1.4.0guide.html">`+label+"<") {
			t.Errorf("link %q does not lead to /v1.4.0guide.html:\n%s", label, tree["a.html"])
		}
	}
	if !strings.Contains(tree["a.html"], `href="/img/map.v2.png">map<`) {
		t.Errorf("the image's link is not kept:\n%s", tree["a.html"])
	}
	if !strings.Contains(tree["index.html"], `href="/v1.4.0guide.html"`) {
		t.Errorf("the hero's action does not lead to the page:\n%s", tree["index.html"])
	}
}

// TestVitePressPublicFolderIndex: "Assets placed in public will be copied
// to the root of the output directory as-is"
// (https://vitepress.dev/guide/asset-handling#the-public-directory), and
// a link to a folder is its index.html, as a web server serves it:
// /admin/ is public/admin/index.html (100759/AI-WiKi's Decap CMS page,
// which VitePress 1.6.4's dead-link check accepts). sitegen reported "no
// page or file of this site is at /admin" for the hero's action.
func TestVitePressPublicFolderIndex(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		".vitepress/config.mts":   "export default {title: 'T'}\n",
		"index.md":                "---\nlayout: home\nhero:\n  name: T\n  actions:\n    - text: CMS\n      link: /admin/\n---\n",
		"a.md":                    "# A\n\n[cms](/admin/), [file](/admin/index.html)\n",
		"public/admin/index.html": "<!doctype html><title>CMS</title>\n",
	})
	dest := t.TempDir()
	res, err := build(t, dir, content.Options{Theme: theme, Dest: dest})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.WarningList) != 0 {
		t.Errorf("warnings: %q", res.WarningList)
	}
	tree := readTree(t, dest)
	if !strings.Contains(tree["a.html"], `href="/admin/">cms<`) || !strings.Contains(tree["a.html"], `href="/admin/index.html">file<`) {
		t.Errorf("the links to /admin/ are not kept:\n%s", tree["a.html"])
	}
	if !strings.Contains(tree["index.html"], `href="/admin/"`) {
		t.Errorf("the hero's action does not lead to /admin/:\n%s", tree["index.html"])
	}
}
