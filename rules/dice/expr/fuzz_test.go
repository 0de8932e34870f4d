package expr

import (
	"errors"
	"strings"
	"testing"
)

// FuzzEval: no input panics or hangs, every error is an *Error with a
// column inside the text (or just past it), and every result is a
// distribution whose mass and truncation add up to 1.
func FuzzEval(f *testing.F) {
	for _, s := range []string{"4d6kh3", "2d20kl1", "10d10!", "2d6ro<=2", "8d6>=5", "(2d6+3)>=10", "a: d6; b: 2dF",
		"d6*d6-3", "-(d4)", "5d10dl2", "3d6!>=5", "1d1", "((((d6))))", "2d6>=2d6", "4d6kh", "d", "(", "9999d9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		rs, err := Eval(src)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("%q: error %v is not an *Error", src, err)
			}
			if n := len([]rune(src)); e.Col < 1 || e.Col > max(n+1, MaxLength+1) {
				t.Fatalf("%q: column %d outside the text", src, e.Col)
			}
			if !strings.HasPrefix(err.Error(), "column ") {
				t.Fatalf("%q: %v", src, err)
			}
			return
		}
		for _, r := range rs {
			if m := r.Dist.Total() + r.Truncated; m < 1-1e-9 || m > 1+1e-9 {
				t.Fatalf("%q: mass %g", src, m)
			}
			if _, err := Parse(r.Expr); err != nil {
				t.Fatalf("%q: normalised %q does not parse: %v", src, r.Expr, err)
			}
		}
	})
}
