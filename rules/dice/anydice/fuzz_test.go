package anydice

import (
	"errors"
	"strings"
	"testing"
)

// FuzzRun: no program panics or hangs; every error is an *Error at a line
// and column inside the text; every output's mass is 1 or 0 (the empty
// die). The seed corpus is in testdata/fuzz/FuzzRun.
func FuzzRun(f *testing.F) {
	for _, s := range []string{
		"output 3d6", "output [highest 3 of 4d6]", "X: d6\noutput X + X named \"[X]\"",
		"function: f A:n { if A > 3 { result: A } result: d{} }\noutput [f d6]",
		"loop N over {1..3} { output Nd4 }", "set \"explode depth\" to 3\noutput [explode d6]",
		"output {1..3:2}@5d4", "output [count {5,6} in 6d6]", "output 1@246", "\\ field X: \"X\" 1..5 = 2 \\ output Xd6",
		"output d{", "output [", "function: { }", "if 1 { output 1 } else { output 2 }", "output #{1,2}", "output -(3d6)",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 2000 {
			return
		}
		outs, err := Run(src)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("%q: error %v is not an *Error", src, err)
			}
			lines := strings.Split(src, "\n")
			if e.Line < 1 || e.Line > len(lines) || e.Col < 1 || e.Col > len([]rune(lines[e.Line-1]))+1 {
				t.Fatalf("%q: position %d:%d outside the text", src, e.Line, e.Col)
			}
			return
		}
		for _, o := range outs {
			if m := o.Dist.Total(); !o.Dist.Empty() && (m < 1-1e-9 || m > 1+1e-9) {
				t.Fatalf("%q: %s has mass %g", src, o.Name, m)
			}
		}
	})
}
