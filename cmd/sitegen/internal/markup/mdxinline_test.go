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

// TestMDXClassName: a JSX element's className="x" (a string, not an
// expression) is React's class="x": "className" is the DOM property
// React writes as the class attribute (htmlName), in a block or in running
// text. 0tickpulse/megizen-docs docs/index.mdx `# <span
// className="megizenTitle">Megizen</span>` lost its class with a
// warning ("classname on <span> removed"). @mdx-js/mdx 3.1.1 renders
// `<span className="x">x</span>` as `<span class="x">x</span>`.
func TestMDXClassName(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{"# <span className=\"megizenTitle\">Megizen</span>\n", `<span class="megizenTitle">Megizen</span>`},
		{"Some <span className='x' title=\"t\">x</span> here.\n", `<span class="x" title="t">x</span>`},
		{"<div className=\"box\">\n\nText.\n\n</div>\n", `<div class="box">`},
	} {
		out, _, problems := convert(t, Options{Dialects: docusaurusDialect}, tt.src, Page{})
		if !strings.Contains(out, tt.want) || len(problems) > 0 {
			t.Errorf("%q: got %s (problems %q), want %s", tt.src, out, problems, tt.want)
		}
	}
}
