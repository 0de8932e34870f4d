package markup

import (
	"strings"
	"testing"
)

// TestMDXFlowExpression: an {expression} alone on its lines is a flow
// (block) expression, not a paragraph: "MDX ... expressions ... in flow
// (block) and text (inline)" (micromark-extension-mdx-expression: "a
// flow expression ... on its own lines"); its value is written where it
// stands, with no <p> around it. Measured with @mdx-js/mdx 3.1.1
// (Docusaurus 3.10.2's) evaluate + renderToStaticMarkup on this text:
// "<p>Before.</p>\nTea\n<p>After.</p>\nTea\n<p>Some <span
// style=\"color:red\">red</span> text and <span class=\"x\">x</span>
// here.</p>\na string".
func TestMDXFlowExpression(t *testing.T) {
	src := "---\ntitle: Tea\n---\n\nBefore.\n\n{frontmatter.title}\n\nAfter.\n\n{\n  frontmatter.title\n}\n\nSome text.\n\n{\"a string\"}\n"
	out, _, problems := convert(t, Options{Dialects: docusaurusDialect}, src, Page{})
	wantInOrder(t, out, []string{"<p>Before.</p>", "Tea", "<p>After.</p>", "Tea", "<p>Some text.</p>", "a string"})
	for _, not := range []string{"<p>Tea</p>", "<p>a string</p>", "frontmatter", "<code>"} {
		if strings.Contains(out, not) {
			t.Errorf("output has %q:\n%s", not, out)
		}
	}
	if len(problems) > 0 {
		t.Errorf("problems: %q", problems)
	}
}
