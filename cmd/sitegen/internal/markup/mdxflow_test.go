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

// TestMDXFlowExpressionNotEvaluated: a flow expression sitegen cannot
// evaluate is shown as its source in code, with the warning, in its
// place: a block, as the tool writes its value, not a paragraph. Docusaurus
// 3.10.2 wrote "Before.\n\n{[1, 2, 3].map((x) => x * 2).join(', ')}\n\n"
// as "<p>Before.</p> 2, 4, 6" and an inline one inside its paragraph
// ("<p>Year 1970 here.</p>").
func TestMDXFlowExpressionNotEvaluated(t *testing.T) {
	src := "Before.\n\n{[1, 2, 3].map((x) => x * 2).join(', ')}\n\nYear {new Date(0).getUTCFullYear()} here.\n"
	out, _, problems := convert(t, Options{Dialects: docusaurusDialect}, src, Page{})
	wantInOrder(t, out, []string{"<p>Before.</p>", "<code>{[1, 2, 3].map((x) =&gt; x * 2).join(', ')}</code>", "<p>Year <code>{new Date(0).getUTCFullYear()}</code> here.</p>"})
	if strings.Contains(out, "<p><code>{[1") {
		t.Errorf("the flow expression is a paragraph:\n%s", out)
	}
	if len(problems) != 1 || !strings.Contains(problems[0], "is not evaluated") {
		t.Errorf("problems %q, want the one warning", problems)
	}
}
