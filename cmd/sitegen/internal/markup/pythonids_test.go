package markup

import (
	"regexp"
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"
)

// TestPythonUniqueIDs: Python-Markdown's toc makes a repeated id unique
// with "_1", "_2", an id that already ends so counting on, and an empty
// one "_1" (markdown/extensions/toc.py, unique). Expected: Python-Markdown
// 3.4.1's unique over the ids a, a, a_1, "", "" (measured with
// /usr/bin/python3): a, a_1, a_2, _1, _2.
func TestPythonUniqueIDs(t *testing.T) {
	slug := func(s string) string { return strings.Trim(strings.ToLower(s), "*") }
	out, _, _ := convert(t, Options{Dialects: Dialects{Slug: slug, PythonUnique: true}}, "## a\n\n## a\n\n## a_1\n\n## ***\n\n## ***\n", Page{})
	var ids []string
	for _, m := range regexp.MustCompile(`<h2 id="([^"]*)"`).FindAllStringSubmatch(out, -1) {
		ids = append(ids, m[1])
	}
	if got := strings.Join(ids, " "); got != "a a_1 a_2 _1 _2" {
		t.Errorf("ids %q, want a a_1 a_2 _1 _2\n%s", got, out)
	}
}

// TestIDsOfNamedAnchors: an <a name="x"> in a heading or a paragraph is
// a link's target, as a browser finds it ("an a element … that has a
// name attribute whose value is equal to fragment",
// https://html.spec.whatwg.org/multipage/browsing-the-web.html#find-a-potential-indicated-element);
// the Anomaly Modding Book's mcm.md links its table of contents to them
// (eval11A).
func TestIDsOfNamedAnchors(t *testing.T) {
	src := []byte("## <a name=\"adding_mcm_functionality\"></a> Adding MCM\n\nText <a name=\"para-anchor\"></a> here.\n\n<a name=\"block-anchor\"></a>\n")
	md := New(Options{})
	doc, _ := md.Parse(src, &Page{})
	outline, _ := md.Outline(src)
	for _, d := range []ast.Node{doc, outline} {
		ids := IDs(d, src)
		for _, want := range []string{"adding_mcm_functionality", "para-anchor", "block-anchor"} {
			if !ids[want] {
				t.Errorf("IDs = %v, want %q among them", ids, want)
			}
		}
	}
}
