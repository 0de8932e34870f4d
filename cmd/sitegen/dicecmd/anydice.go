package dicecmd

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"d6codex/rules/dice/anydice"
)

// AnyDiceUsage is the help text of `sitegen dice --anydice`.
const AnyDiceUsage = `usage: sitegen dice --anydice [--format json|table] FILE   (- reads the program from standard input)

Run a program in AnyDice's language and print its outputs. --format json
(the default) prints a JSON array with one object per output: {"name",
"distribution": [[value, probability], ...] (ascending), "mean", "sd",
"min", "max"}. --format table prints them as AnyDice's own "Export" view
does, to compare with AnyDice line by line: per output a line
"NAME",MEAN,SD,MIN,MAX, a line #,%, one line VALUE,PERCENT per value (the
percentage rounded to 12 significant digits, as AnyDice sends it) and an
empty line. A bad program exits with status 2 and a message naming its
line and column; AnyDice's warnings go to standard error.
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
	format := "json"
	if len(args) > 0 && strings.HasPrefix(args[0], "--format=") {
		format, args = strings.TrimPrefix(args[0], "--format="), args[1:]
	} else if len(args) > 1 && args[0] == "--format" {
		format, args = args[1], args[2:]
	}
	if len(args) != 1 || args[0] == "-h" || args[0] == "--help" || format != "json" && format != "table" {
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
	p, err := anydice.Parse(string(src))
	var res *anydice.Result
	if err == nil {
		res, err = p.RunLimits(nil, anydice.Limits{})
	}
	if err != nil {
		var e *anydice.Error
		if errors.As(err, &e) {
			fmt.Fprintf(stderr, "%s:%d:%d: %s\n", name, e.Line, e.Col, e.Msg)
		} else {
			fmt.Fprintf(stderr, "%s: %v\n", name, err)
		}
		return 2
	}
	for _, w := range res.Warnings {
		fmt.Fprintf(stderr, "%s: %s\n", name, w)
	}
	if format == "table" {
		fmt.Fprint(stdout, AnyDiceTable(res.Outputs))
		return 0
	}
	js := make([]AnyDiceOutput, len(res.Outputs))
	for i, o := range res.Outputs {
		r := AnyDiceOutput{Name: o.Name, Mean: o.Mean, SD: o.SD, Min: o.Min, Max: o.Max, Distribution: [][2]float64{}}
		o.Dist.Each(func(v int, p float64) { r.Distribution = append(r.Distribution, [2]float64{float64(v), p}) })
		js[i] = r
	}
	b, err := json.Marshal(js)
	if err != nil {
		fmt.Fprintf(stderr, "sitegen dice: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s\n", b)
	return 0
}

// AnyDiceTable writes outputs as AnyDice's "Export" view shows them
// (anydice.com's page script): per output "NAME",MEAN,SD,MIN,MAX, then
// #,% and VALUE,PERCENT lines, then an empty line. The percentages are
// rounded to 12 significant digits, as anydice.com sends them; the mean
// and the standard deviation are computed from them as the page does (in
// the same order, so the same doubles); every number is written as the
// page's JavaScript writes it. An output of the empty die has no
// statistics and no values (AnyDice's export fails on it).
func AnyDiceTable(outs []anydice.Output) string {
	var b strings.Builder
	for _, o := range outs {
		var vs []int
		var pcts []float64
		o.Dist.Each(func(v int, p float64) {
			pct, _ := strconv.ParseFloat(strconv.FormatFloat(p*100, 'g', 12, 64), 64)
			vs, pcts = append(vs, v), append(pcts, pct)
		})
		b.WriteString(`"` + o.Name + `"`)
		if len(vs) > 0 {
			mean, sd := 0.0, 0.0
			// float64(…) rounds each product, as JavaScript does: no
			// fused multiply-add.
			for i := len(vs) - 1; i >= 0; i-- {
				mean += float64(float64(vs[i]) * pcts[i])
			}
			mean /= 100
			for i := len(vs) - 1; i >= 0; i-- {
				d := float64(vs[i]) - mean
				sd += float64(float64(d*d) * pcts[i])
			}
			b.WriteString("," + jsNumber(mean) + "," + jsNumber(math.Sqrt(sd/100)) + "," + strconv.Itoa(vs[0]) + "," + strconv.Itoa(vs[len(vs)-1]))
		}
		b.WriteString("\n#,%\n")
		for i, v := range vs {
			b.WriteString(strconv.Itoa(v) + "," + jsNumber(pcts[i]) + "\n")
		}
		b.WriteString("\n")
	}
	return b.String()
}

// jsNumber writes x as JavaScript's String(x) does: the shortest digits
// that read back as x, in plain decimals from 1e-7 to 1e21 and with an
// exponent (1.5e-10, 1e+21) outside.
func jsNumber(x float64) string {
	if a := max(x, -x); a == 0 || a >= 1e-7 && a < 1e21 {
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	s := strconv.FormatFloat(x, 'e', -1, 64) // 1.5e-07
	i := strings.IndexByte(s, 'e')
	mant, sign, exp := s[:i], s[i+1:i+2], strings.TrimLeft(s[i+2:], "0")
	return mant + "e" + sign + exp
}
