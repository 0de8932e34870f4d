package calc

import (
	"strconv"

	"d6codex/rules"
)

// Result is one calculator run: the inputs after defaults, the exact report
// and, when dice or a seed were given, the resolved roll.
type Result struct {
	ID     string
	Inputs Values
	Report rules.Report
	Roll   *rules.Roll
	calc   *Calculator
}

// Map renders the result as plain maps and slices (string keys; float64,
// int, bool, string values) — the one shape that both the command line
// (as JSON) and the WebAssembly module (as a JavaScript object) emit:
//
//	{"id", "inputs", "outcomes" {name: p}, "distributions" {name: [[v, p], ...]},
//	 "labels" {name: {v: label}}, "means" {name: x},
//	 "order" {"outcomes": [names], "distributions": [names], "means": [names]},
//	 "roll" {"dice", "detail", "outcome", "result", "values", "steps"}}
func (r Result) Map() map[string]any {
	inputs := map[string]any{}
	for _, f := range r.calc.Fields {
		if (f.Kind == DiceList || f.Kind == IntList || f.Name == "seed") && !r.Inputs.Given(f.Name) {
			continue
		}
		switch f.Kind {
		case Int:
			inputs[f.Name] = r.Inputs.Int(f.Name)
		case Bool:
			inputs[f.Name] = r.Inputs.Bool(f.Name)
		case DiceList, IntList:
			inputs[f.Name] = intsAny(r.Inputs.List(f.Name))
		default:
			inputs[f.Name] = r.Inputs.Canonical(f)
		}
	}
	outcomes := map[string]any{}
	for _, o := range r.Report.Outcomes {
		outcomes[o.Name] = o.P
	}
	dists, labels := map[string]any{}, map[string]any{}
	for _, d := range r.Report.Distributions {
		var pairs []any
		named := map[string]any{}
		for _, p := range d.PMF.Pairs() {
			pairs = append(pairs, []any{p.Value, p.P})
			if d.Label != nil {
				named[strconv.Itoa(p.Value)] = d.Label(p.Value)
			}
		}
		if pairs == nil {
			pairs = []any{}
		}
		dists[d.Name] = pairs
		if d.Label != nil {
			labels[d.Name] = named
		}
	}
	means := map[string]any{}
	for _, m := range r.Report.Means {
		means[m.Name] = m.Value
	}
	order := map[string]any{
		"outcomes":      names(len(r.Report.Outcomes), func(i int) string { return r.Report.Outcomes[i].Name }),
		"distributions": names(len(r.Report.Distributions), func(i int) string { return r.Report.Distributions[i].Name }),
		"means":         names(len(r.Report.Means), func(i int) string { return r.Report.Means[i].Name }),
	}
	out := map[string]any{"id": r.ID, "inputs": inputs, "outcomes": outcomes,
		"distributions": dists, "labels": labels, "means": means, "order": order}
	if r.Roll != nil {
		out["roll"] = rollMap(r.Roll)
	}
	return out
}

func rollMap(roll *rules.Roll) map[string]any {
	faces := make([]int, len(roll.Dice))
	detail := make([]any, len(roll.Dice))
	for i, d := range roll.Dice {
		faces[i] = d.Value
		detail[i] = map[string]any{"sides": d.Sides, "value": d.Value, "what": d.What}
	}
	values := map[string]any{}
	for _, v := range roll.Values {
		values[v.Name] = v.Value
	}
	steps := make([]any, len(roll.Steps))
	for i, s := range roll.Steps {
		steps[i] = s
	}
	return map[string]any{"dice": intsAny(faces), "detail": detail, "outcome": roll.Outcome,
		"result": roll.Result, "values": values, "steps": steps}
}

// names lists n names in report order (JSON objects and Go maps have
// none, so "order" carries it).
func names(n int, name func(int) string) []any {
	out := make([]any, n)
	for i := range out {
		out[i] = name(i)
	}
	return out
}

func intsAny(xs []int) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}
