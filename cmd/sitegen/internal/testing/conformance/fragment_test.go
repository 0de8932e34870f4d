package conformance

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestFragments: a link's #fragment is checked against the page it leads
// to, as a browser follows it ("If there is an element in the document
// tree whose ID is equal to fragment, then return the first such element
// in tree order", https://html.spec.whatwg.org/multipage/browsing-the-web.html#find-a-potential-indicated-element;
// "the first a element in tree order that has a name attribute whose value
// is equal to fragment"): one whose fragment names no element there is
// Dead, not a link, and Compare reports where the two builds differ in
// that, for links to another page and within a page.
func TestFragments(t *testing.T) {
	markup := Markup{
		Content: func(n *html.Node) bool { return n.Data == "main" },
		Title:   func(doc *html.Node) string { return Text(Find(doc, func(n *html.Node) bool { return n.Data == "h1" })) },
	}
	page := func(title, body string) string {
		return "<!doctype html><html><head><title>" + title + "</title></head><body><main><h1>" + title + "</h1>" + body + "</main></body></html>"
	}
	read := func(files map[string]string) Site {
		dir := filepath.Join(t.TempDir(), "out")
		sitetest.WriteFiles(t, dir, files)
		s, err := ReadOutput(dir, markup)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	native := read(map[string]string{
		"index.html": page("Home", `<a href="rules.html#combat">c</a> <a href="rules.html#r%C3%A8gle">r</a> <a href="rules.html#old">o</a> <a href="#top">t</a> <a href="#nope">n</a>`),
		"rules.html": page("Rules", `<h2 id="combat">Combat</h2><h2 id="règle">Règle</h2><a name="old"></a>`),
		"top.html":   page("Top", `<p id="top-p">x</p>`),
	})
	// sitegen's build: the heading's id differs (combat-rounds), the
	// page's own #top exists, #nope does not in either.
	ours := read(map[string]string{
		"index.html":       page("Home", `<a href="/rules/#combat">c</a> <a href="/rules/#règle">r</a> <a href="/rules/#old">o</a> <a id="top" href="#top">t</a> <a href="#nope">n</a>`),
		"rules/index.html": page("Rules", `<h2 id="combat-rounds">Combat</h2><h2 id="règle">Règle</h2><span id="old"></span>`),
		"top/index.html":   page("Top", `<p id="top-p">x</p>`),
	})
	if got, want := native.Pages["/"].Dead, []string{"#nope", "#top"}; !slices.Equal(got, want) {
		t.Errorf("the tool's dead fragments %v, want %v", got, want)
	}
	if got, want := native.Pages["/"].Links, []string{"/rules/#combat", "/rules/#old", "/rules/#règle"}; !slices.Equal(got, want) {
		t.Errorf("the tool's links %v, want %v", got, want)
	}
	if got, want := ours.Pages["/"].Dead, []string{"#nope", "/rules/#combat"}; !slices.Equal(got, want) {
		t.Errorf("sitegen's dead fragments %v, want %v", got, want)
	}
	var frags []string
	for _, d := range Compare(native, ours, nil) {
		if d.Kind == "fragment" {
			frags = append(frags, d.Msg)
		}
	}
	if len(frags) != 1 || !strings.Contains(frags[0], "[#nope /rules/#combat]") || !strings.Contains(frags[0], "[#nope #top]") {
		t.Errorf("fragment differences %q, want the one of / (sitegen's /rules/#combat, the tool's #top)", frags)
	}
}
