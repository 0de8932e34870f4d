package dicecmd

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"d6codex/rules/dice/anydice"
)

// AnyDiceUsage is the help text of `sitegen dice --anydice`.
const AnyDiceUsage = `usage: sitegen dice --anydice FILE   (- reads the program from standard input)

Run a program in AnyDice's language and print a JSON array with one object
per output: {"name", "distribution": [[value, probability], ...]
(ascending), "mean", "sd", "min", "max"}. A bad program exits with status 2
and a message naming its line and column.
`

// AnyDiceOutput is the JSON shape of one output of an AnyDice program.
type AnyDiceOutput struct {
	Name         string       `json:"name"`
	Distribution [][2]float64 `json:"distribution"`
	Mean         float64      `json:"mean"`
	SD           float64      `json:"sd"`
	Min          int          `json:"min"`
	Max          int          `json:"max"`
}

// RunAnyDice runs `sitegen dice --anydice` with the arguments after the
// flag and returns the process exit status.
func RunAnyDice(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) != 1 || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprint(stderr, AnyDiceUsage)
		return 2
	}
	name := args[0]
	var src []byte
	var err error
	if name == "-" {
		name = "<stdin>"
		src, err = io.ReadAll(io.LimitReader(stdin, 4*anydice.MaxLength+1))
	} else {
		src, err = os.ReadFile(name)
	}
	if err != nil {
		fmt.Fprintf(stderr, "sitegen dice: %v\n", err)
		return 1
	}
	outs, err := anydice.Run(string(src))
	if err != nil {
		var e *anydice.Error
		if errors.As(err, &e) {
			fmt.Fprintf(stderr, "%s:%d:%d: %s\n", name, e.Line, e.Col, e.Msg)
		} else {
			fmt.Fprintf(stderr, "%s: %v\n", name, err)
		}
		return 2
	}
	res := make([]AnyDiceOutput, len(outs))
	for i, o := range outs {
		r := AnyDiceOutput{Name: o.Name, Mean: o.Mean, SD: o.SD, Min: o.Min, Max: o.Max, Distribution: [][2]float64{}}
		o.Dist.Each(func(v int, p float64) { r.Distribution = append(r.Distribution, [2]float64{float64(v), p}) })
		res[i] = r
	}
	b, err := json.Marshal(res)
	if err != nil {
		fmt.Fprintf(stderr, "sitegen dice: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s\n", b)
	return 0
}
