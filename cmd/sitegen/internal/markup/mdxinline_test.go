package markup

import (
	"strings"
	"testing"
)

// TestMDXInlineJSXAttrs: an HTML element in running text whose
// attributes are JSX expressions is an element (MDX reads "<span
// style={{…}}>" as JSX wherever it is: "anything that looks like HTML is
// actually JSX", https://docusaurus.io/docs/markdown-features/react), its
// attributes as a block element's are (React writes a style object as
// CSS and className as class); it was shown as text. Measured with
// @mdx-js/mdx 3.1.1 (TestMDXFlowExpression): "<p>Some <span
// style=\"color:red\">red</span> text and <span class=\"x\">x</span>
// here.</p>".
func TestMDXInlineJSXAttrs(t *testing.T) {
	src := "Some <span style={{color: 'red'}}>red</span> text and <span className={'x'}>x</span> here.\n"
	out, _, problems := convert(t, Options{Dialects: docusaurusDialect, Unsafe: true}, src, Page{})
	wantInOrder(t, out, []string{`<p>Some <span style="color:red">red</span> text and <span class="x">x</span> here.</p>`})
	if strings.Contains(out, "{") || strings.Contains(out, "&lt;") {
		t.Errorf("attributes shown as text:\n%s", out)
	}
	if len(problems) > 0 {
		t.Errorf("problems: %q", problems)
	}
}
