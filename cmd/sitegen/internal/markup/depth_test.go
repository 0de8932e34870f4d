package markup

import (
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// TestNestingLimit is issue 22: containers nest at most MaxNesting deep
// (a list and its item are one level); the first line past it is an error
// at its line and column, and the parse ends there.
func TestNestingLimit(t *testing.T) {
	list := func(depth int) string {
		var b strings.Builder
		for i := range depth {
			b.WriteString(strings.Repeat("  ", i) + "- item\n")
		}
		return b.String()
	}
	tests := []struct {
		name      string
		src       string
		line, col int // of the error; 0: none
	}{
		{"list at the limit", list(MaxNesting), 0, 0},
		{"list past it", list(MaxNesting + 1), MaxNesting + 1, 2*MaxNesting + 1},
		{"list far past it", "intro\n\n" + list(3*MaxNesting), MaxNesting + 3, 2*MaxNesting + 1},
		{"quotes at the limit", strings.Repeat("> ", MaxNesting) + "q\n", 0, 0},
		{"quotes past it", "x\n\n" + strings.Repeat("> ", MaxNesting+1) + "q\n", 3, 2*MaxNesting + 1},
		{"lists on one line", strings.Repeat("- ", MaxNesting+1) + "x\n", 1, 2*MaxNesting + 1},
		{"quotes and lists", strings.Repeat("> - ", MaxNesting/2) + "> x\n", 1, 2*MaxNesting + 1},
		{"callouts", strings.Repeat("> ", MaxNesting-1) + "> [!NOTE]\n" + strings.Repeat("> ", MaxNesting) + "x\n", 0, 0},
	}
	m := New(Options{})
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var probs []Problem
			html, _, err := m.Convert([]byte(tc.src), &Page{Report: func(p Problem) { probs = append(probs, p) }})
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case tc.line == 0 && len(probs) != 0:
				t.Errorf("problems %v, want none", probs)
			case tc.line != 0 && (len(probs) != 1 || probs[0].Line != tc.line || probs[0].Col != tc.col || !strings.Contains(probs[0].Msg, "100 levels") || !TooDeep(probs[0].Msg)):
				t.Errorf("problems %v, want one at %d:%d naming the limit", probs, tc.line, tc.col)
			}
			if tc.line == 0 && strings.Count(html, "<li>")+strings.Count(html, "<blockquote")+strings.Count(html, `role="note"`) < MaxNesting {
				t.Errorf("not rendered %d deep: %.300s", MaxNesting, html)
			}
			// Loading's outline parser holds the same limit.
			doc, _ := m.Outline([]byte(tc.src))
			if d := maxNesting(doc); d > MaxNesting {
				t.Errorf("outline %d deep", d)
			}
			// Issue 31: past the error nothing more is read (reading the
			// lines past the limit against 100 open containers took
			// seconds), by either parser.
			if tc.line != 0 {
				stop := len(strings.Join(strings.SplitAfter(tc.src, "\n")[:tc.line], ""))
				for _, d := range []ast.Node{doc, m.md.Parser().Parse(text.NewReader([]byte(tc.src)))} {
					if last := lastOffset(d); last > stop {
						t.Errorf("read up to offset %d, past the line of the error (ends at %d)", last, stop)
					}
				}
			}
		})
	}
}

// lastOffset is the end of the last source segment a block of the tree
// holds.
func lastOffset(n ast.Node) int {
	last := 0
	if n.Type() == ast.TypeBlock {
		for i := 0; i < n.Lines().Len(); i++ {
			last = max(last, n.Lines().At(i).Stop)
		}
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		last = max(last, lastOffset(c))
	}
	return last
}

// maxNesting is the deepest nesting of the containers in n's tree.
func maxNesting(n ast.Node) int {
	d := 0
	if n.Type() == ast.TypeBlock && isContainer(n) {
		d = nesting(n)
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		d = max(d, maxNesting(c))
	}
	return d
}

// BenchmarkDeepList is issue 31: a 2,000-deep list (4 MB), refused at its
// 101st level, on Convert and on Outline (what loading runs). It took 8 s
// and 123 MB on a busy machine, most of it after the error, reading the
// 1,900 lines past the limit against 100 open containers.
func BenchmarkDeepList(b *testing.B) {
	var sb strings.Builder
	for i := range 2000 {
		sb.WriteString(strings.Repeat("  ", i) + "- item\n")
	}
	src := []byte(sb.String())
	m := New(Options{})
	b.Run("Convert", func(b *testing.B) {
		for b.Loop() {
			n := 0
			if _, _, err := m.Convert(src, &Page{Report: func(Problem) { n++ }}); err != nil || n != 1 {
				b.Fatal(err, n)
			}
		}
	})
	b.Run("Outline", func(b *testing.B) {
		for b.Loop() {
			m.Outline(src)
		}
	})
}
