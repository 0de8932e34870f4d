// Package dicecmd is `sitegen dice EXPR`: the exact distribution of a dice
// expression (see package rules/dice/expr) as JSON, for scripts and for
// checking a ```dice block before it goes into a page.
package dicecmd

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"d6codex/rules/dice/expr"
)

// Usage is the help text of `sitegen dice`.
const Usage = `usage: sitegen dice EXPR [EXPR ...]
       sitegen dice -                (the expressions on stdin, one a line)
       sitegen dice --anydice [--format json|table] FILE   (an AnyDice program; - reads standard input)

Print the exact distribution of a dice expression as one JSON object:
{"expr", "distribution": [[value, probability], ...] (ascending),
"mean", "sd", "min", "max", "truncated"} ("truncated" is the probability
an exploding die was not followed, below 1e-12). Several expressions,
separated by ";" or given as separate arguments, print a JSON array of
objects. At most 1 MB of expressions is read. A bad expression exits with status 2 and a message that names the
column.

Notation: 3d6, d20, 4dF, 4d6kh3 (k, kl, dh, dl), 10d10! and d6!>=5
(exploding), 2d6ro<=2 (reroll once), 8d6>=5 (count successes; 8d6>=5+1
is the count plus one), (2d6+3)>=10 and (2d6)>=5 (0 or 1), + - * and
parentheses, "Label: 2d20kh1".
`

// Output is the JSON shape of one expression's result.
type Output struct {
	Label        string       `json:"label,omitempty"`
	Expr         string       `json:"expr"`
	Distribution [][2]float64 `json:"distribution"`
	Mean         float64      `json:"mean"`
	SD           float64      `json:"sd"`
	Min          int          `json:"min"`
	Max          int          `json:"max"`
	Truncated    float64      `json:"truncated"`
}

// NewOutput converts a result into its JSON shape.
func NewOutput(r expr.Result) Output {
	o := Output{Label: r.Label, Expr: r.Expr, Mean: r.Mean, SD: r.SD, Min: r.Min, Max: r.Max, Truncated: r.Truncated,
		Distribution: [][2]float64{}}
	r.Dist.Each(func(v int, p float64) {
		if p > 0 {
			o.Distribution = append(o.Distribution, [2]float64{float64(v), p})
		}
	})
	return o
}

// MaxInput is the most text of expressions `sitegen dice` reads, from its
// arguments or stdin: 1 MB, far beyond any roll.
const MaxInput = 1 << 20

// Run runs `sitegen dice` with the arguments after "dice" and returns the
// process exit status. The one argument "-" reads the expressions from
// stdin, one a line.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && (args[0] == "--anydice" || args[0] == "-anydice") {
		return RunAnyDice(args[1:], stdin, stdout, stderr)
	}
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		fmt.Fprint(stderr, Usage)
		return 2
	}
	if len(args) == 1 && args[0] == "-" {
		data, err := io.ReadAll(io.LimitReader(stdin, MaxInput+1))
		if err != nil {
			fmt.Fprintf(stderr, "sitegen dice: stdin: %v\n", err)
			return 1
		}
		args = nil
		for line := range strings.Lines(string(data)) {
			if line = strings.TrimSpace(line); line != "" {
				args = append(args, line)
			}
		}
		if len(data) > MaxInput {
			fmt.Fprintf(stderr, "sitegen dice: stdin: longer than %d MB, the most sitegen dice reads\n", MaxInput>>20)
			return 2
		}
		if len(args) == 0 {
			fmt.Fprintln(stderr, "sitegen dice: stdin: no expression")
			return 2
		}
	}
	src := strings.Join(args, "; ")
	if len(src) > MaxInput {
		fmt.Fprintf(stderr, "sitegen dice: the expressions are longer than %d MB, the most sitegen dice reads\n", MaxInput>>20)
		return 2
	}
	results, err := expr.Eval(src)
	if err != nil {
		if len(args) > 1 {
			fmt.Fprintf(stderr, "sitegen dice: %q: %v\n", src, err)
		} else {
			fmt.Fprintf(stderr, "sitegen dice: %v\n", err)
		}
		return 2
	}
	var v any
	if len(results) == 1 {
		v = NewOutput(results[0])
	} else {
		outs := make([]Output, len(results))
		for i, r := range results {
			outs[i] = NewOutput(r)
		}
		v = outs
	}
	b, err := json.Marshal(v)
	if err != nil {
		fmt.Fprintf(stderr, "sitegen dice: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s\n", b)
	return 0
}
