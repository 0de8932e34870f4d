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
	// Overlay is the calculator's (see Calculator.Overlay).
	Overlay Overlay
	// Dice is how many dice one roll of these inputs takes, when no roll
	// was asked for (0 for a calculator of odds only); MoreDice says that
	// a roll may take more (exploding or rerolled dice).
	Dice     int
	MoreDice bool
	calc     *Calculator
}

// Heading is the block's title for these inputs (Calculator.Heading), or
// "" when the calculator keeps its Title.
func (r Result) Heading() string {
	if r.calc == nil || r.calc.Heading == nil {
		return ""
	}
	return r.calc.Heading(r.Inputs)
}

// Map renders the result as plain maps and slices (string keys; float64,
// int, bool, string values) — the one shape that both the command line
// (as JSON) and the WebAssembly module (as a JavaScript object) emit:
//
//	{"id", "inputs", "outcomes" {name: p}, "distributions" {name: [[v, p], ...]},
//	 "labels" {name: {v: label}}, "means" {name: x},
//	 "order" {"outcomes": [names], "distributions": [names], "means": [names]},
//	 "notes" [text] (when the report has any),
//	 "roll" {"dice", "detail", "outcome", "result", "values", "steps"}}
func (r Result) Map() map[string]any {
	inputs := map[string]any{}
	for _, f := range r.calc.Fields {
		if (f.Kind == DiceList || f.Kind == IntList || f.Name == "seed") && !r.Inputs.Given(f.Name) {
			continue
		}
		var v any
		switch f.Kind {
		case Int:
			v = r.Inputs.Int(f.Name)
		case Bool:
			v = r.Inputs.Bool(f.Name)
		case DiceList, IntList:
			v = intsAny(r.Inputs.List(f.Name))
		default:
			v = r.Inputs.Canonical(f)
		}
		inputs[f.Name] = v
	}
	rep := r.Report
	outcomes, means := map[string]any{}, map[string]any{}
	order := make([][]any, 3)
	for _, o := range rep.Outcomes {
		outcomes[o.Name] = o.P
		order[0] = append(order[0], o.Name)
	}
	dists, labels := map[string]any{}, map[string]any{}
	for _, d := range rep.Distributions {
		pairs := []any{}
		named := map[string]any{}
		for _, p := range d.PMF.Pairs() {
			pairs = append(pairs, []any{p.Value, p.P})
			if d.Label != nil {
				named[strconv.Itoa(p.Value)] = d.Label(p.Value)
			}
		}
		dists[d.Name] = pairs
		if d.Label != nil {
			labels[d.Name] = named
		}
		order[1] = append(order[1], d.Name)
	}
	for _, m := range rep.Means {
		means[m.Name] = m.Value
		order[2] = append(order[2], m.Name)
	}
	for i := range order {
		if order[i] == nil {
			order[i] = []any{}
		}
	}
	out := Object("id", r.ID, "inputs", inputs, "outcomes", outcomes,
		"distributions", dists, "labels", labels, "means", means,
		"order", Object("outcomes", order[0], "distributions", order[1], "means", order[2]))
	if len(rep.Notes) > 0 {
		notes := make([]any, len(rep.Notes))
		for i, n := range rep.Notes {
			notes[i] = n
		}
		out["notes"] = notes
	}
	if roll := r.Roll; roll != nil {
		faces := make([]any, len(roll.Dice))
		detail := make([]any, len(roll.Dice))
		for i, d := range roll.Dice {
			faces[i] = d.Value
			detail[i] = Object("sides", d.Sides, "value", d.Value, "what", d.What)
		}
		values := map[string]any{}
		for _, v := range roll.Values {
			values[v.Name] = v.Value
		}
		steps := make([]any, len(roll.Steps))
		for i, s := range roll.Steps {
			steps[i] = s
		}
		out["roll"] = Object("dice", faces, "detail", detail, "outcome", roll.Outcome,
			"result", roll.Result, "values", values, "steps", steps)
	}
	return out
}

// Object is the map of the given keys and values, in pairs (key, value,
// key, value...): a map literal as one call, which keeps the module small
// (a literal compiles to one map assignment per key).
func Object(kv ...any) map[string]any {
	m := make(map[string]any, len(kv)/2)
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1]
	}
	return m
}

func intsAny(xs []int) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

// Texts is how the calculator read its inputs, each field's canonical
// text (Values.Canonical): the page shows a share link's values as the
// module read them.
func (r Result) Texts() map[string]any {
	out := map[string]any{}
	for _, f := range r.calc.Fields {
		out[f.Name] = r.Inputs.Canonical(f)
	}
	return out
}
