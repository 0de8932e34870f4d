package inlinedice

import (
	"strconv"
	"strings"

	"d6codex/rules/dice/expr"
)

// Plan writes a parsed expression as the JSON the script rolls (static/js/
// dice.js, roll): a number is itself; a dice term an object
//
//	{"d":[count,lowest,highest], "f":1 (Fudge), "g":[6,6] (a digit die's dice),
//	 "k":["kh",n], "x":[times,[[op,v],...],combine], "r":[times,[[op,v],...]],
//	 "c":[[op,v],...] (counted), "m":[[op,v],...] (counted -1)}
//
// with times 0 for no limit; an operation ["+", l, r] (also - * ^, and
// "/" with its rounding as a fourth element), ["neg", x] and ["()", x].
func Plan(n expr.Node) string {
	var b strings.Builder
	plan(&b, n)
	return b.String()
}

func plan(b *strings.Builder, n expr.Node) {
	switch n := n.(type) {
	case *expr.Int:
		b.WriteString(strconv.Itoa(n.V))
	case *expr.Paren:
		b.WriteString(`["()",`)
		plan(b, n.X)
		b.WriteString(`]`)
	case *expr.Neg:
		b.WriteString(`["neg",`)
		plan(b, n.X)
		b.WriteString(`]`)
	case *expr.Binary:
		b.WriteString(`["` + n.Op + `",`)
		plan(b, n.L)
		b.WriteString(`,`)
		plan(b, n.R)
		if n.Op == "/" {
			b.WriteString(`,"` + n.Round + `"`)
		}
		b.WriteString(`]`)
	case *expr.Dice:
		b.WriteString(`{"d":[` + strconv.Itoa(n.N) + `,` + strconv.Itoa(n.Low) + `,` + strconv.Itoa(n.Sides) + `]`)
		if n.Fudge {
			b.WriteString(`,"f":1`)
		}
		if n.Digits {
			b.WriteString(`,"g":[`)
			for i, c := range strconv.Itoa(n.Sides) {
				if i > 0 {
					b.WriteByte(',')
				}
				b.WriteByte(byte(c))
			}
			b.WriteString(`]`)
		}
		if n.Keep.Op != "" {
			b.WriteString(`,"k":["` + n.Keep.Op + `",` + strconv.Itoa(n.Keep.N) + `]`)
		}
		if x := n.Explode; len(x.On) > 0 {
			b.WriteString(`,"x":[` + strconv.Itoa(x.Times) + `,`)
			cond(b, x.On)
			if x.Combine {
				b.WriteString(`,1`)
			}
			b.WriteString(`]`)
		}
		if r := n.Reroll; len(r.On) > 0 {
			b.WriteString(`,"r":[` + strconv.Itoa(r.Times) + `,`)
			cond(b, r.On)
			b.WriteString(`]`)
		}
		if len(n.Count) > 0 || len(n.Minus) > 0 {
			b.WriteString(`,"c":`)
			cond(b, n.Count)
		}
		if len(n.Minus) > 0 {
			b.WriteString(`,"m":`)
			cond(b, n.Minus)
		}
		b.WriteString(`}`)
	}
}

func cond(b *strings.Builder, c expr.Cond) {
	b.WriteString(`[`)
	for i, x := range c {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`["` + x.Op + `",` + strconv.Itoa(x.V) + `]`)
	}
	b.WriteString(`]`)
}
