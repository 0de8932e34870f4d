package math

import (
	"bytes"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/parser"
)

func render(t *testing.T, ext Extension, src string) string {
	t.Helper()
	var b bytes.Buffer
	if err := goldmark.New(goldmark.WithExtensions(ext)).Convert([]byte(src), &b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// check reports what out lacks of has and holds of not.
func check(t *testing.T, out string, has, not []string) {
	t.Helper()
	for _, h := range has {
		if !strings.Contains(out, h) {
			t.Errorf("output lacks %q:\n%s", h, out)
		}
	}
	for _, n := range not {
		if strings.Contains(out, n) {
			t.Errorf("output has %q:\n%s", n, out)
		}
	}
}

// TestMath checks the delimiters of the two tools' math against their
// documented rules:
//
//   - VitePress's markdown.math (markdown-it-mathjax3, "a fork of
//     markdown-it-katex", https://vitepress.dev/guide/markdown#math-equations):
//     "Anything between two $ characters will be treated as TeX math. The
//     opening $ must have a non-space character immediately to its right,
//     while the closing $ must have a non-space character immediately to
//     its left, and must not be followed immediately by a digit. Thus,
//     $20,000 and $30,000 won’t parse as math. If for some reason you need
//     to enclose text in literal $ characters, backslash-escape them"
//     (https://github.com/tani/markdown-it-mathjax3#syntax); "Use two ($$)
//     for block rendering".
//   - MkDocs' pymdownx.arithmatex: "With smart_dollar it is expected that
//     the opening token ($) is to be followed by a non-whitespace
//     character, and the closing to be preceded by a non-white-space
//     character ... I have $2.00 and Bob has $10.00. The previous statement
//     requires no escaping"; block math "$$...$$"
//     (https://facelessuser.github.io/pymdown-extensions/extensions/arithmatex/).
func TestMath(t *testing.T) {
	vp, arith := Extension{NoDigitAfter: true}, Extension{}
	for _, c := range []struct {
		name     string
		ext      Extension
		src      string
		has, not []string
	}{
		{"inline", vp, "So $2 \\times 10^5$ rolls.\n",
			[]string{`<span class="math math-inline">2 \times 10^5</span>`}, []string{"$"}},
		{"prices are text", arith, "I have $2.00 and Bob has $10.00.\n",
			[]string{"I have $2.00 and Bob has $10.00."}, []string{"math"}},
		{"space after the opening: text", vp, "a $ x$ b\n", []string{"a $ x$ b"}, []string{"math"}},
		{"space before the closing: text", vp, "($0 → $1), $0 ⊢ $1\n", []string{"($0 → $1), $0 ⊢ $1"}, []string{"math"}},
		{"digit after the closing: text in VitePress", vp, "$20,000$30 and more\n", []string{"$20,000$30"}, []string{"math"}},
		{"digit after the closing: math in arithmatex", arith, "$x$2\n", []string{`<span class="math math-inline">x</span>2`}, nil},
		{"escaped dollar", vp, "\\$x$ and $y\\$z$\n", []string{`<span class="math math-inline">y\$z</span>`}, []string{"math-inline\">x"}},
		{"HTML in TeX is escaped", vp, "$a<b>c$\n", []string{`<span class="math math-inline">a&lt;b&gt;c</span>`}, nil},
		{"display block", vp, "Text.\n\n$$\n\\frac{a}{b}\n= c\n$$\n\nAfter.\n",
			[]string{"<div class=\"math math-display\">\\frac{a}{b}\n= c</div>", "<p>After.</p>"}, []string{"$$"}},
		{"display block on one line", arith, "$$x^2$$\n", []string{`<div class="math math-display">x^2</div>`}, nil},
		{"display block with text on its delimiter lines", vp, "$$ \\newcommand{\\U}{U}\n\\U_1\n\\U_2 $$\n",
			[]string{"<div class=\"math math-display\">\\newcommand{\\U}{U}\n\\U_1\n\\U_2</div>"}, nil},
		{"a block of macro definitions alone shows nothing", vp, "$$\n\\newcommand{\\U}[1]{{\\rm{U}_{#1}}}\n\\renewcommand\\L{\\lambda}\n\\def\\X{{\\times}}\n$$\n\nText.\n",
			[]string{"<p>Text.</p>"}, []string{"newcommand", "math"}},
		{"definitions with a formula show", vp, "$$\n\\newcommand{\\X}{\\times}\na \\X b\n$$\n",
			[]string{"<div class=\"math math-display\">\\newcommand{\\X}{\\times}\na \\X b</div>"}, nil},
		{"unclosed display block runs to the end", vp, "$$\nx\n", []string{"<div class=\"math math-display\">x</div>"}, nil},
		{"code keeps its dollars", vp, "`$x$`\n\n```\n$$\n```\n", []string{"<code>$x$</code>", "<pre><code>$$\n</code></pre>"}, []string{"math"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := render(t, c.ext, c.src)
			check(t, out, c.has, c.not)
		})
	}
}

// TestMathJaxBrackets: mdBook's output.html.mathjax-support — "Inline
// equations are delimited by \\( and \\). So for example, to render the
// following inline equation \( \int x dx = \frac{x^2}{2} + C \) you would
// write the following: \\( \int x dx = \frac{x^2}{2} + C \\)"; "Block
// equations are delimited by \\[ and \\]"; "You can't currently use $$
// ... $$ as delimiters"; "When you use double backslashes in MathJax
// blocks (for example in commands such as \begin{cases} \frac 1 2 \\
// \frac 3 4 \end{cases}) you need to add two extra backslashes"
// (https://rust-lang.github.io/mdBook/format/mathjax.html). The TeX kept
// is what MathJax gets once Markdown has read the page.
func TestMathJaxBrackets(t *testing.T) {
	mdbook := Extension{Brackets: true, NoDollars: true}
	for _, c := range []struct {
		name     string
		src      string
		has, not []string
	}{
		{"inline", `to render \\( \int x dx = \frac{x^2}{2} + C \\) you`,
			[]string{`to render <span class="math math-inline">\int x dx = \frac{x^2}{2} + C</span> you`}, []string{`\\(`, `\(`, `\)`}},
		{"block", "Text.\n\n" + `\\[ \mu = \frac{1}{N} \sum_{i=0} x_i \\]` + "\n\nAfter.\n",
			[]string{`<div class="math math-display">\mu = \frac{1}{N} \sum_{i=0} x_i</div>`, "<p>After.</p>"}, []string{`\[`, `\]`}},
		{"block over lines with doubled backslashes", `\\[` + "\n" + `\begin{cases} \frac 1 2 \\\\ \frac 3 4 \end{cases}` + "\n" + `\\]` + "\n",
			[]string{`<div class="math math-display">\begin{cases} \frac 1 2 \\ \frac 3 4 \end{cases}</div>`}, []string{`\[`, `\]`, `\\\\`}},
		{"block inside a line", `so \\[ x^2 \\] here`,
			[]string{`so <span class="math math-display">x^2</span> here`}, nil},
		{"dollars are text", "It costs $2 and $3$.\n", []string{"It costs $2 and $3$."}, []string{"math"}},
		{"unclosed is text", `a \\( b`, []string{`a \( b`}, []string{"math"}},
		{"escaped parenthesis is text (Markdown reads \\( as a parenthesis)", `a \( b \)`, []string{`a ( b )`}, []string{"math"}},
		{"code keeps its delimiters", "`\\\\(x\\\\)`\n", []string{`<code>\\(x\\)</code>`}, []string{"math"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := render(t, mdbook, c.src)
			check(t, out, c.has, c.not)
		})
	}
}

// TestMathML checks that, with a Converter, each formula is rendered as
// MathML at build time (MathML Core, rendered by Chromium, Firefox and
// Safari without a script), that one Temml cannot read keeps its source
// view with a warning at its delimiter, that a block of definitions serves
// the formulas after it, and that a hostile formula costs a bounded time.
func TestMathML(t *testing.T) {
	type warning struct {
		offset int
		msg    string
	}
	for _, tc := range []struct {
		name, src string
		ext       Extension
		has, not  []string
		warnAt    []int
	}{
		{name: "inline", src: `Does $X_1 \rightarrow X_2$ hold?`,
			has: []string{`<span class="math math-inline"><math>`, `<msub><mi>X</mi><mn>1</mn></msub>`, `<annotation encoding="application/x-tex">X_1 \rightarrow X_2</annotation>`},
			not: []string{`<span class="math math-inline">X_1`}},
		{name: "display", src: "$$\n\\frac{a}{b}\n$$\n",
			has: []string{`<div class="math math-display"><math display="block"`, `<mfrac><mi>a</mi><mi>b</mi></mfrac>`}},
		{name: "unknown command keeps the source", src: "Text.\n\nSee $\\foo x$ here.",
			has: []string{`<span class="math math-inline">\foo x</span>`}, not: []string{"<math"}, warnAt: []int{11}},
		{name: "definitions serve later formulas", src: "$$\n\\newcommand{\\R}{\\mathbb{R}}\n$$\n\n$x \\in \\R$\n",
			has: []string{`<mo>∈</mo><mi>ℝ</mi>`, `<annotation encoding="application/x-tex">\newcommand{\R}{\mathbb{R}}`}},
		{name: "mdBook brackets", ext: Extension{Brackets: true, NoDollars: true}, src: `Inline \\( \sqrt{2} \\) here.`,
			has: []string{`<msqrt><mn>2</mn></msqrt>`}},
		{name: "deep nesting", src: "$" + strings.Repeat("{", 3000) + "x" + strings.Repeat("}", 3000) + "$",
			not: []string{"<math"}, warnAt: []int{0}},
		{name: "too long", src: "$" + strings.Repeat("x+", MaxTeX) + "x$",
			not: []string{"<math"}, warnAt: []int{0}},
		{name: "macro bomb", src: `$\def\a#1{#1#1#1#1#1#1#1#1#1#1}\a{\a{\a{\a{\a{\a{x}}}}}}$`,
			not: []string{"<math"}, warnAt: []int{0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []warning
			ext := tc.ext
			ext.Convert = NewConverter()
			ext.Warn = func(_ parser.Context, offset int, msg string) { got = append(got, warning{offset, msg}) }
			out := render(t, ext, tc.src)
			check(t, out, tc.has, tc.not)
			if len(got) != len(tc.warnAt) {
				t.Fatalf("warnings %v, want at offsets %v", got, tc.warnAt)
			}
			for i, w := range got {
				if w.offset != tc.warnAt[i] || !strings.HasPrefix(w.msg, "formula shown as its TeX source: ") {
					t.Errorf("warning %v, want one at %d", w, tc.warnAt[i])
				}
			}
		})
	}
}

// TestConverterMemo: a formula seen before is answered from the
// Converter's memo, its error too, and inline and display apart.
func TestConverterMemo(t *testing.T) {
	c := NewConverter()
	entries := func() int {
		n := 0
		c.done.Range(func(_, _ any) bool { n++; return true })
		return n
	}
	first, err := c.MathML(`\frac{1}{2}`, false)
	if err != nil {
		t.Fatal(err)
	}
	again, err := c.MathML(`\frac{1}{2}`, false)
	if err != nil || again != first {
		t.Fatalf("second conversion %q, %v; want %q", again, err, first)
	}
	if n := entries(); n != 1 {
		t.Errorf("%d formulas kept after one formula twice; want 1", n)
	}
	display, err := c.MathML(`\frac{1}{2}`, true)
	if err != nil || display == first || !strings.Contains(display, `display="block"`) {
		t.Errorf("display conversion %q, %v: want a block apart from the inline one", display, err)
	}
	_, err1 := c.MathML(`\nosuchcommand`, false)
	_, err2 := c.MathML(`\nosuchcommand`, false)
	if err1 == nil || err2 == nil || err1.Error() != err2.Error() {
		t.Errorf("unknown command: errors %v, %v; want the same error twice", err1, err2)
	}
	if n := entries(); n != 3 {
		t.Errorf("%d formulas kept; want 3", n)
	}
}
