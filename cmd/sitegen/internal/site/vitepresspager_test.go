package site

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestVitePressPagerSidebar: VitePress's previous and next links are
// "generated from the sidebar"
// (https://vitepress.dev/reference/default-theme-prev-next-links), as its
// usePrevNext reads it (theme-default/composables/prev-next.js, 1.6.4):
// the sidebar's links flattened, "uniqBy(links, (link) =>
// link.link.replace(/[?#].*$/, ”))" (a link listed again counts once,
// where it is first), the page's index the first that "isActive", and
// "candidates[index - 1]", "candidates[index + 1]": a page the sidebar
// does not list (index -1) has no previous link and the sidebar's first
// as its next. Each row was measured with VitePress 1.6.4 on the same
// files.
func TestVitePressPagerSidebar(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		".vitepress/config.mts": `export default { title: 'Six Dice', themeConfig: { sidebar: [{ text: 'Group', items: [
  { text: 'Alpha', link: '/guide/a' }, { text: 'Beta', link: '/guide/b' }, { text: 'Alpha again', link: '/guide/a' },
  { text: 'Gamma', link: '/guide/c' }, { text: 'Delta', link: '/guide/d.md' }, { text: 'Foxtrot', link: '/guide/f' } ] }] } }`,
		"index.md":   "# Home\n",
		"guide/a.md": "# Alpha\n",
		"guide/b.md": "# Beta\n",
		"guide/c.md": "# Gamma\n",
		"guide/d.md": "# Delta\n",
		"guide/e.md": "# Echo\n\nNot in the sidebar.\n",
		"guide/f.md": "# Foxtrot\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
		t.Fatalf("build: %v", err)
	}
	link := regexp.MustCompile(`rel="(prev|next)" href="([^"]*)"><span>[^<]*</span> ([^<]*)</a>`)
	for _, tt := range []struct{ file, want string }{
		{"guide/a.html", "next /guide/b.html Beta"},
		{"guide/b.html", "prev /guide/a.html Alpha | next /guide/c.html Gamma"}, // "Alpha again" counted once, at its first place
		{"guide/c.html", "prev /guide/b.html Beta | next /guide/d.html Delta"},
		{"guide/f.html", "prev /guide/d.html Delta"},
		{"guide/e.html", "next /guide/a.html Alpha"}, // not listed: the sidebar's first
		{"index.html", "next /guide/a.html Alpha"},
	} {
		b, err := os.ReadFile(filepath.Join(out, tt.file))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range link.FindAllStringSubmatch(string(b), -1) {
			got = append(got, m[1]+" "+m[2]+" "+m[3])
		}
		if g := strings.Join(got, " | "); g != tt.want {
			t.Errorf("%s: got %q, want %q", tt.file, g, tt.want)
		}
	}
}

// TestVitePressPagerFrontMatterLinks: a front matter prev/next link is
// written as VitePress's VPLink writes it (normalizeLink, then withBase
// for a path from the root): "/guide/a" and "guide/a" lead to the page
// under the site's base path, "./c.md" and "../guide/a" stay relative to
// the page, ".md" made ".html"; measured with VitePress 1.6.4 ("./c.html",
// "../guide/a.html"). "prev: string | false | { text?: string; link?:
// string }" (https://vitepress.dev/reference/default-theme-prev-next-links).
func TestVitePressPagerFrontMatterLinks(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		".vitepress/config.mts": `export default { base: '/dice/', themeConfig: { sidebar: [{ text: 'A', link: '/guide/a' }, { text: 'E', link: '/guide/e' }] } }`,
		"index.md":              "# Home\n",
		"guide/a.md":            "# Alpha\n",
		"guide/c.md":            "# Gamma\n",
		"guide/e.md":            "---\nprev:\n  text: Rel\n  link: ./c.md\nnext:\n  text: Root\n  link: guide/a#top\n---\n\n# Echo\n",
		"guide/f.md":            "---\nprev:\n  text: Up\n  link: ../guide/a\nnext:\n  text: Abs\n  link: /guide/c.md\n---\n\n# Foxtrot\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
		t.Fatalf("build: %v", err)
	}
	link := regexp.MustCompile(`rel="(prev|next)" href="([^"]*)"><span>[^<]*</span> ([^<]*)</a>`)
	for _, tt := range []struct{ file, want string }{
		{"guide/e.html", "prev ./c.html Rel | next /dice/guide/a.html#top Root"},
		{"guide/f.html", "prev ../guide/a.html Up | next /dice/guide/c.html Abs"},
	} {
		b, err := os.ReadFile(filepath.Join(out, tt.file))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range link.FindAllStringSubmatch(string(b), -1) {
			got = append(got, m[1]+" "+m[2]+" "+m[3])
		}
		if g := strings.Join(got, " | "); g != tt.want {
			t.Errorf("%s: got %q, want %q", tt.file, g, tt.want)
		}
	}
}

// TestVitePressPagerMultiSidebar: "sidebar: { '/guide/': [...],
// '/config/': [...] }" shows "different sidebar depending on the page
// path" (https://vitepress.dev/reference/default-theme-sidebar#multiple-sidebars),
// and the previous and next links are "generated from the sidebar"
// (default-theme-prev-next-links): usePrevNext reads getSidebar(sidebar,
// page.relativePath), the key with the most "/" the page's path starts
// with, so each key's sidebar is a chain of its own, and a page no key
// matches has no links. Its links are compared as written: isActive
// compares "/"+relativePath with the link, so a link not from the root
// ('rel/one') never finds its page (index -1: no previous, the sidebar's
// first as next), and uniqBy compares the strings, so "/guide/b" and
// "/guide/b.html" are two entries. An item's docFooterText is the
// pager's text for it ("candidates[index + 1]?.docFooterText ??
// candidates[index + 1]?.text"; "docFooterText?: string", "Customize text
// that appears on the footer of previous/next page",
// types/default-theme.d.ts). Each row measured with VitePress 1.6.4 on
// the same files (/tmp/vp27/fx).
func TestVitePressPagerMultiSidebar(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		".vitepress/config.mts": `export default { title: 'Multi', themeConfig: { sidebar: {
  '/guide/': [{ text: 'Guide', items: [{ text: 'Alpha', link: '/guide/a' }, { text: 'Beta', link: '/guide/b' }, { text: 'Beta html', link: '/guide/b.html' }, { text: 'Gamma', link: '/guide/c' }] }],
  '/api/': [{ text: 'API', items: [{ text: 'Ex', link: '/api/x' }, { text: 'Why', link: '/api/y', docFooterText: 'Why (API)' }] }],
  '/rel/': [{ text: 'Rel', items: [{ text: 'One', link: 'rel/one' }, { text: 'Two', link: 'rel/two' }, { text: 'Three', link: '/rel/three' }] }],
} } }`,
		"index.md":     "# Home\n",
		"guide/a.md":   "# a\n",
		"guide/b.md":   "# b\n",
		"guide/c.md":   "# c\n",
		"api/x.md":     "# x\n",
		"api/y.md":     "# y\n",
		"rel/one.md":   "# one\n",
		"rel/two.md":   "# two\n",
		"rel/three.md": "# three\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
		t.Fatalf("build: %v", err)
	}
	link := regexp.MustCompile(`rel="(prev|next)" href="([^"]*)"><span>[^<]*</span> ([^<]*)</a>`)
	for _, tt := range []struct{ file, want string }{
		{"index.html", ""}, // no key: no sidebar
		{"guide/a.html", "next /guide/b.html Beta"},
		{"guide/b.html", "prev /guide/a.html Alpha | next /guide/b.html Beta html"},
		{"guide/c.html", "prev /guide/b.html Beta html"},
		{"api/x.html", "next /api/y.html Why (API)"}, // not Gamma: '/api/' is a chain of its own; docFooterText
		{"api/y.html", "prev /api/x.html Ex"},
		{"rel/one.html", "next /rel/one.html One"}, // 'rel/one' is never active
		{"rel/two.html", "next /rel/one.html One"},
		{"rel/three.html", "prev /rel/two.html Two"},
	} {
		b, err := os.ReadFile(filepath.Join(out, tt.file))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range link.FindAllStringSubmatch(string(b), -1) {
			got = append(got, m[1]+" "+m[2]+" "+m[3])
		}
		if g := strings.Join(got, " | "); g != tt.want {
			t.Errorf("%s: got %q, want %q", tt.file, g, tt.want)
		}
	}
}

// TestVitePressMultiSidebarShown checks that a page of a VitePress
// multi-sidebar shows the sidebar of its path's key only, after the top
// bar, and a page no key matches the top bar alone: "To show different
// sidebar depending on the page path ... pass an object instead of an
// array" whose keys are path prefixes
// (https://vitepress.dev/reference/default-theme-sidebar#multiple-sidebars);
// getSidebar (theme-default/support/sidebar.js, 1.6.4) takes the key with
// the most "/" the page's path starts with, [] where none does.
func TestVitePressMultiSidebarShown(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		".vitepress/config.mts": `export default { title: 'Multi', themeConfig: {
  nav: [{ text: 'Home', link: '/' }],
  sidebar: {
  '/guide/': [{ text: 'Guide', items: [{ text: 'Alpha', link: '/guide/a' }, { text: 'Beta', link: '/guide/b' }] }],
  '/guide/deep/': [{ text: 'Deep', items: [{ text: 'Dee', link: '/guide/deep/d' }] }],
  '/api/': [{ text: 'API', items: [{ text: 'Ex', link: '/api/x' }] }],
} } }`,
		"index.md":        "# Home\n",
		"guide/a.md":      "# a\n",
		"guide/b.md":      "# b\n",
		"guide/deep/d.md": "# d\n",
		"api/x.md":        "# x\n",
		"other.md":        "# other\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
		t.Fatalf("build: %v", err)
	}
	block := regexp.MustCompile(`(?s)<nav class="site-nav".*?</nav>`)
	href := regexp.MustCompile(`href="([^"]*)"`)
	for _, tt := range []struct{ file, want string }{
		{"index.html", "/"}, // no key: the top bar alone
		{"other.html", "/"},
		{"guide/a.html", "/ /guide/a.html /guide/b.html"},
		{"guide/deep/d.html", "/ /guide/deep/d.html"}, // the longer key
		{"api/x.html", "/ /api/x.html"},
	} {
		b, err := os.ReadFile(filepath.Join(out, tt.file))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range href.FindAllStringSubmatch(block.FindString(string(b)), -1) {
			got = append(got, m[1])
		}
		if g := strings.Join(got, " "); g != tt.want {
			t.Errorf("%s: sidebar links %q, want %q", tt.file, g, tt.want)
		}
	}
}

// TestVitePressSidebarFragment: a sidebar link keeps its #fragment, and
// is not its page's current link in the built page: VitePress's
// isActive (shared.js, 1.6.4) "if (hashMatch) return (inBrowser ?
// location.hash : ”) === hashMatch[0]"; the page's previous and next
// links are then those of a page the sidebar does not list (usePrevNext,
// index -1: the next is the first link, the fragment kept), while the
// other pages lead to it with its fragment.
func TestVitePressSidebarFragment(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		".vitepress/config.mts": `export default { title: 'Frag', themeConfig: {
  sidebar: [{ text: 'G', items: [{ text: 'Setup', link: '/guide/a#setup' }, { text: 'Beta', link: '/guide/b' }] }] } }`,
		"index.md":   "# Home\n",
		"guide/a.md": "# Alpha\n\n## Setup\n\nText.\n",
		"guide/b.md": "# Beta\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
		t.Fatalf("build: %v", err)
	}
	block := regexp.MustCompile(`(?s)<nav class="site-nav".*?</nav>`)
	link := regexp.MustCompile(`<a href="([^"]*)"( aria-current="page")?>`)
	pager := regexp.MustCompile(`rel="(prev|next)" href="([^"]*)"`)
	for _, tt := range []struct{ file, nav, pager string }{
		{"guide/a.html", "/guide/a.html#setup /guide/b.html", "next /guide/a.html#setup"},
		{"guide/b.html", "/guide/a.html#setup /guide/b.html(current)", "prev /guide/a.html#setup"},
	} {
		b, err := os.ReadFile(filepath.Join(out, tt.file))
		if err != nil {
			t.Fatal(err)
		}
		var nav, pn []string
		for _, m := range link.FindAllStringSubmatch(block.FindString(string(b)), -1) {
			if m[2] != "" {
				m[1] += "(current)"
			}
			nav = append(nav, m[1])
		}
		for _, m := range pager.FindAllStringSubmatch(string(b), -1) {
			pn = append(pn, m[1]+" "+m[2])
		}
		if g := strings.Join(nav, " "); g != tt.nav {
			t.Errorf("%s: sidebar %q, want %q", tt.file, g, tt.nav)
		}
		if g := strings.Join(pn, " "); g != tt.pager {
			t.Errorf("%s: prev/next %q, want %q", tt.file, g, tt.pager)
		}
	}
}

// TestVitePressPagerMarkup: VitePress's VPDocFooter writes the previous
// and next labels with v-html ("<span class="title"
// v-html="control.prev.text">", 1.6.4), a sidebar text's and a front
// matter's alike; front matter "prev: string | false | { text?: string;
// link?: string }" (https://vitepress.dev/reference/default-theme-prev-next-links)
// relabels ("text ?? candidates[index - 1]?.text") and relinks ("link ??
// candidates[index - 1]?.link") each on its own; a sidebar link with a
// #fragment is no candidate where its page is listed before it ("uniqBy
// … link.link.replace(/[?#].*$/, ”)"), and a link to no page is one,
// linked to the 404 page. Each row measured with VitePress 1.6.4 on the
// same files (/tmp/vs30/fx1, session 30).
func TestVitePressPagerMarkup(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		".vitepress/config.mjs": `export default { title: 'FX', themeConfig: { sidebar: [{ text: 'Rules', items: [
  { text: '<b>Bold</b> rules', link: '/a' }, { text: 'A part', link: '/a#part' }, { text: 'Code <code>y</code>', link: '/b' },
  { text: 'Missing', link: '/missing' }, { text: 'B sec', link: '/b#sec' }, { text: 'C', link: '/c' }, { text: 'D', link: '/d' },
  { text: 'E', link: '/e' } ] }] } }`,
		"index.md": "# Home\n",
		"a.md":     "# A\n\n## Part\n",
		"b.md":     "# B\n\n## Sec\n",
		"c.md":     "---\nprev: 'Custom <b>prev</b>'\nnext:\n  text: 'Go to <i>E</i>'\n  link: '/e'\n---\n# C\n",
		"d.md":     "---\nprev:\n  text: 'Only text'\nnext: false\n---\n# D\n",
		"e.md":     "---\nprev:\n  link: '/a'\n---\n# E\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: out, BrokenLinks: "warn"}); err != nil {
		t.Fatalf("build: %v", err)
	}
	link := regexp.MustCompile(`rel="(prev|next)" href="([^"]*)"><span>[^<]*</span> (.*?)</a>`)
	for _, tt := range []struct{ file, want string }{
		{"a.html", "next /b.html Code <code>y</code>"},
		{"b.html", "prev /a.html <b>Bold</b> rules | next /missing.html Missing"},
		{"c.html", "prev /missing.html Custom <b>prev</b> | next /e.html Go to <i>E</i>"},
		{"d.html", "prev /c.html Only text"},
		{"e.html", "prev /a.html D"},
	} {
		b, err := os.ReadFile(filepath.Join(out, tt.file))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range link.FindAllStringSubmatch(string(b), -1) {
			got = append(got, m[1]+" "+m[2]+" "+m[3])
		}
		if g := strings.Join(got, " | "); g != tt.want {
			t.Errorf("%s: got %q, want %q", tt.file, g, tt.want)
		}
	}
}
