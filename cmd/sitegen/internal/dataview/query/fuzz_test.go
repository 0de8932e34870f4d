package query

import (
	"testing"
	"time"
)

// FuzzQuery checks that any text, as a query or an expression of either
// dialect, parses or fails with an error, and runs within its budget:
// never a panic.
func FuzzQuery(f *testing.F) {
	for _, s := range []string{
		"TABLE a, b AS \"B\" FROM #x and -\"y\" WHERE a > 1 SORT b DESC LIMIT 3",
		"LIST rows.file.link FROM [[Note]] OR outgoing([[Other]]) GROUP BY type FLATTEN x AS y",
		"LIST WHERE contains(file.name, \"x\") and date(today) - dur(1 day) < file.mtime",
		"TABLE map(filter([1,2,3], (x) => x > 1), (y) => y * 2)[0]",
		"this.StarterMoves.contains(name) && file.inFolder(\"a\") || if(x, 'y', \"z\")",
		"padleft(\"\", this.x, \"⬤\") + row[\"where\"]",
	} {
		f.Add(s)
	}
	ix := NewIndex(gamesVault())
	f.Fuzz(func(t *testing.T, src string) {
		if q, err := ParseQuery(src); err == nil {
			env := NewEnv(ix, ix.Resolve("Dashboard", nil), DQL, time.Unix(0, 0))
			env.SetBudget(100_000)
			_, _ = env.Run(q)
		}
		for _, d := range []Dialect{DQL, Bases} {
			if x, err := ParseExpr(src, d); err == nil {
				env := NewEnv(ix, ix.Resolve("Dashboard", nil), d, time.Unix(0, 0))
				env.SetBudget(100_000)
				_, _ = env.Eval(x)
				for _, p := range ix.Notes() {
					_, _ = env.EvalRow(x, p)
				}
			}
		}
	})
}

// TestNoArguments calls every function without arguments: an error,
// never a panic.
func TestNoArguments(t *testing.T) {
	ix := NewIndex(gamesVault())
	for name := range dqlFuncs {
		x, err := ParseExpr(name+"()", DQL)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = NewEnv(ix, nil, DQL, time.Unix(0, 0)).Eval(x)
	}
	for name := range basesFuncs {
		x, err := ParseExpr(name+"()", Bases)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = NewEnv(ix, nil, Bases, time.Unix(0, 0)).Eval(x)
	}
}
