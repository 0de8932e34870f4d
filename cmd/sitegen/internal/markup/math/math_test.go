package math

import (
	"bytes"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
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
