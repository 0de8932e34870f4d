// Package differential reads what a reader sees of a built site — its
// pages and their titles, the links of their text and whether they
// resolve, the navigation's entries in order, every published file — the
// same way for sitegen's output and for another tool's (VitePress,
// Docusaurus), so that a test can build one fixture with both and compare
// them (layout/docusaurus's differential test; VitePress moved to
// testing/conformance, where this package is to go too).
package differential

import (
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// Entry is one navigation entry: a page's label and canonical URL, or a
// group's label and "".
type Entry struct{ Label, URL string }

// String is "label -> URL", or the label of a group.
func (e Entry) String() string {
	if e.URL == "" {
		return e.Label
	}
	return e.Label + " -> " + e.URL
}

// Tool says where a tool puts a page's text and its navigation.
type Tool struct {
	// Content reports whether n is the element that holds a page's text.
	Content func(n *html.Node) bool
	// Sidebar returns the navigation entries of one page, in order; nil
	// for sitegen, whose navigation is read as its reading order.
	Sidebar func(doc *html.Node) []Entry
	// Title cuts the site's name off a document title ("Page | Site").
	Title func(title string) string
}

// Output is what a reader sees of one build.
type Output struct {
	Pages  map[string]string   // canonical URL -> title
	Links  map[string][]string // canonical URL -> canonical targets of the links of its text that resolve, sorted
	Broken map[string][]string // canonical URL -> links of its text that do not resolve
	Nav    []Entry
	Files  map[string]bool // every published file (slash path)
}

// Canonical makes a page URL comparable: "/guide/dice.html",
// "/guide/dice/" and "/guide/dice" are "/guide/dice"; the fragment stays.
func Canonical(u string) string {
	u, frag, _ := strings.Cut(u, "#")
	u, _, _ = strings.Cut(u, "?")
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

// Read reads the output folder dir of a build by tool.
func Read(t testing.TB, dir string, tool Tool) Output {
	t.Helper()
	o := Output{Pages: map[string]string{}, Links: map[string][]string{}, Broken: map[string][]string{}, Files: map[string]bool{}}
	docs := map[string]*html.Node{}
	files := map[string]string{} // canonical URL -> the file's slash path
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		o.Files[rel] = true
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
		if Find(doc, func(n *html.Node) bool { return n.Data == "meta" && Attr(n, "http-equiv") == "refresh" }) != nil {
			return nil // a redirect
		}
		u := Canonical("/" + rel)
		docs[u], files[u] = doc, rel
		o.Pages[u] = tool.Title(Text(Find(doc, func(n *html.Node) bool { return n.Data == "title" })))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for u, doc := range docs {
		for _, a := range All(Find(doc, tool.Content), func(n *html.Node) bool { return n.Data == "a" && Attr(n, "href") != "" }) {
			href := Attr(a, "href")
			class := Attr(a, "class")
			if strings.Contains(href, "://") || strings.HasPrefix(href, "#") || strings.HasPrefix(href, "mailto:") ||
				strings.Contains(class, "anchor") {
				continue
			}
			target := Canonical(resolve("/"+files[u], href))
			page, _, _ := strings.Cut(target, "#")
			if _, ok := o.Pages[page]; ok {
				o.Links[u] = append(o.Links[u], target)
			} else if !o.Files[strings.TrimPrefix(page, "/")] {
				o.Broken[u] = append(o.Broken[u], href)
			}
		}
		slices.Sort(o.Links[u])
	}
	if tool.Sidebar != nil {
		// Each page shows the sidebar open on its own trail: their union,
		// the longest first.
		var all [][]Entry
		for _, u := range slices.Sorted(mapsKeys(docs)) {
			all = append(all, tool.Sidebar(docs[u]))
		}
		slices.SortStableFunc(all, func(a, b []Entry) int { return len(b) - len(a) })
		seen := map[Entry]bool{}
		for _, side := range all {
			for i, e := range side {
				if seen[e] {
					continue
				}
				seen[e] = true
				// After the entry that precedes it in its own sidebar.
				at := len(o.Nav)
				if i > 0 {
					if j := slices.Index(o.Nav, side[i-1]); j >= 0 {
						at = j + 1
					}
				}
				o.Nav = slices.Insert(o.Nav, at, e)
			}
		}
		return o
	}
	// sitegen: the reading order (previous/next), each page labelled as the
	// navigation labels it on its own page.
	u := "/" // the home page: where the site's title links to
	for _, doc := range docs {
		if a := Find(doc, func(n *html.Node) bool { return n.Data == "a" && Attr(n, "class") == "site-title" }); a != nil {
			u = Canonical(Attr(a, "href"))
			break
		}
	}
	home := u
	for range len(docs) + 1 {
		doc, ok := docs[u]
		if !ok {
			break
		}
		nav := Find(doc, func(n *html.Node) bool { return n.Data == "nav" && Attr(n, "class") == "site-nav" })
		if cur := Find(nav, func(n *html.Node) bool { return n.Data == "a" && Attr(n, "aria-current") == "page" }); cur != nil {
			o.Nav = append(o.Nav, Entry{Label: Text(cur), URL: u})
		}
		next := Find(doc, func(n *html.Node) bool { return n.Data == "a" && Attr(n, "rel") == "next" })
		if u == home { // the home page has no "next": its first entry
			next = Find(nav, func(n *html.Node) bool { return n.Data == "a" })
		}
		if next == nil {
			break
		}
		u = Canonical(Attr(next, "href"))
	}
	return o
}

func mapsKeys(m map[string]*html.Node) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// resolve resolves href from the page published as the file at path
// file, as a browser that loaded that file does.
func resolve(file, href string) string {
	href, frag, _ := strings.Cut(href, "#")
	if frag != "" {
		frag = "#" + frag
	}
	if strings.HasPrefix(href, "/") {
		return href + frag
	}
	return path.Join(path.Dir(file), href) + frag
}

// Attr returns n's attribute key, "" when it has none.
func Attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// Find returns the first element under n (n included) that ok accepts.
func Find(n *html.Node, ok func(*html.Node) bool) *html.Node {
	if n == nil {
		return nil
	}
	if n.Type == html.ElementNode && ok(n) {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f := Find(c, ok); f != nil {
			return f
		}
	}
	return nil
}

// All returns every element under n (n included) that ok accepts, in
// document order.
func All(n *html.Node, ok func(*html.Node) bool) []*html.Node {
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

// Text is the text under n, its spaces trimmed.
func Text(n *html.Node) string {
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
	return strings.Join(strings.Fields(b.String()), " ")
}

// Sitegen reads sitegen's output.
var Sitegen = Tool{
	Content: func(n *html.Node) bool { return n.Data == "div" && Attr(n, "class") == "content" },
	Title:   func(t string) string { s, _, _ := strings.Cut(t, " · "); return s },
}

// VitePress reads the output of VitePress's default theme.
var VitePress = Tool{
	Content: func(n *html.Node) bool { return n.Data == "div" && strings.Contains(Attr(n, "class"), "vp-doc") },
	Title:   func(t string) string { s, _, _ := strings.Cut(t, " | "); return s },
	Sidebar: func(doc *html.Node) []Entry {
		side := Find(doc, func(n *html.Node) bool { return n.Data == "aside" && strings.Contains(Attr(n, "class"), "VPSidebar") })
		var out []Entry
		for _, n := range All(side, func(n *html.Node) bool {
			return n.Data == "a" || n.Data == "h2" && strings.Contains(Attr(n, "class"), "text")
		}) {
			if n.Data == "h2" {
				out = append(out, Entry{Label: Text(n)})
			} else {
				out = append(out, Entry{Label: Text(n), URL: Canonical(Attr(n, "href"))})
			}
		}
		return out
	},
}

// Docusaurus reads the output of Docusaurus's classic theme: a doc's
// text is its article's markdown, the sidebar its "Docs sidebar" menu
// (a category's label is a group entry, with the URL of its linked doc
// when it has one).
var Docusaurus = Tool{
	Content: func(n *html.Node) bool {
		return n.Data == "div" && strings.Contains(Attr(n, "class"), "theme-doc-markdown")
	},
	Title: func(t string) string { s, _, _ := strings.Cut(t, " | "); return s },
	Sidebar: func(doc *html.Node) []Entry {
		side := Find(doc, func(n *html.Node) bool { return n.Data == "nav" && Attr(n, "aria-label") == "Docs sidebar" })
		var out []Entry
		for _, a := range All(side, func(n *html.Node) bool { return n.Data == "a" && strings.Contains(Attr(n, "class"), "menu__link") }) {
			href := Attr(a, "href")
			// A category with no doc of its own: its caret is in its link,
			// which leads to its first doc.
			if href == "" || href == "#" || strings.Contains(Attr(a, "class"), "menu__link--sublist-caret") {
				out = append(out, Entry{Label: Text(a)})
				continue
			}
			out = append(out, Entry{Label: Text(a), URL: Canonical(href)})
		}
		return out
	},
}

// NavDiff compares a tool's navigation (native) with sitegen's (ours, its
// reading order): how many of the tool's pages are out of place in
// sitegen's order (those not on a longest common order), the pages whose
// label differs ("URL: ours, want theirs"), the tool's pages sitegen's
// navigation lacks, and the tool's group labels no sitegen entry has. A
// group's label may stand for the page that follows it (sitegen shows a
// folder's page as its group).
func NavDiff(native, ours []Entry) (outOfPlace int, labels, missing, groups []string) {
	at := map[string]int{}
	label := map[string]string{}
	has := map[string]bool{}
	for i, e := range ours {
		at[e.URL], label[e.URL], has[e.Label] = i, e.Label, true
	}
	var seq []int
	for i, e := range native {
		if e.URL == "" {
			if !has[e.Label] {
				groups = append(groups, e.Label)
			}
			continue
		}
		j, ok := at[e.URL]
		if !ok {
			missing = append(missing, e.URL)
			continue
		}
		seq = append(seq, j)
		if l := label[e.URL]; l != e.Label && !(i > 0 && native[i-1].URL == "" && native[i-1].Label == l) {
			labels = append(labels, e.URL+": "+l+", want "+e.Label)
		}
	}
	// The longest increasing subsequence: the pages in their place.
	var tails []int
	for _, x := range seq {
		k, _ := slices.BinarySearch(tails, x)
		if k == len(tails) {
			tails = append(tails, x)
		} else {
			tails[k] = x
		}
	}
	return len(seq) - len(tails), labels, missing, groups
}
