// Package dice registers the dice-expression calculator, a tool that
// belongs to no game: any roll an editor writes (3d6, 4d6kh3, 10d10!,
// 8d6>=5, "Advantage: 2d20kh1; Normal: d20"), with its exact distribution
// from package rules/dice/expr. Pages embed it with a ```dice block.
package dice

import (
	"strconv"
	"strings"

	"d6codex/calc"
	"d6codex/calc/render"
	"d6codex/rules"
	rdice "d6codex/rules/dice"
	"d6codex/rules/dice/expr"
	"d6codex/rules/text"
)

// ID is the calculator's id.
const ID = "dice/roll"

// Followed is the outcome of a roll whose value the distributions hold.
const Followed = "followed"

// Calculators returns the tool's calculator alone: what its WebAssembly
// module needs (no form texts).
func Calculators() []*calc.Calculator {
	return []*calc.Calculator{{
		ID: ID,
		// Rolled dice of any size (Fudge dice are typed 1 to 3); the
		// roll checks each against its own die.
		MaxFace: expr.MaxSides,
		Fields:  []calc.Field{calc.TextField("expr", expr.MaxLength, "2d6")},
		Odds:    odds,
		Resolve: resolve,
		Overlay: render.Overlay, // the expressions of one block are alike
		Heading: heading,
	}}
}

// System returns the registration of the dice-expression tool.
func System() calc.System {
	return calc.System{
		ID: "dice", Name: "Dice expressions", Credit: "the notation of Roll20 and Foundry",
		Calculators: Calculators(),
		Largest:     largest(),
		Docs: map[string]calc.Doc{ID: {
			Title: "Odds of any roll",
			Help: "Type a roll as you would write it and see the chance of every result: 3d6; 4d6kh3 keeps the best three of four dice; " +
				"2d20kl1 the lower of two; 10d10! rolls again and adds on each 10; 2d6ro<=2 rerolls a 1 or 2 once; " +
				"8d6>=5 counts the dice showing 5 or more; (2d6+3)>=10 is the chance of 10 or more.",
			Fields: map[string]calc.FieldDoc{
				"expr": calc.Label("Roll", "One roll, or several separated by ; each with a name if you like (Attack: d20+5; Damage: 2d6+3)."),
			},
		}},
	}
}

// heading titles a block by its rolls ("Odds of Advantage: 2d20kh1,
// Normal: d20"), cut to 80 characters.
func heading(v calc.Values) string {
	e := []rune(text.TrimSpace(v.Text("expr")))
	for i, r := range e {
		if r == ';' {
			e[i] = ','
		}
	}
	if len(e) > 80 {
		e = append(e[:79], '…')
	}
	return "Odds of " + string(e)
}

// parse reads the expression field; errors name the field and the column.
func parse(v calc.Values) ([]expr.Item, error) {
	items, err := expr.Parse(v.Text("expr"))
	if err != nil {
		return nil, &rules.FieldError{Field: "expr", Value: v.Text("expr"), Allowed: "a dice expression: " + err.Error()}
	}
	return items, nil
}

// names gives each expression of the list its distribution name: the
// label in lower_snake_case, else "roll" (or "roll_2", ... in a list).
func names(items []expr.Item) []string {
	out := make([]string, len(items))
	seen := map[string]bool{}
	for i, it := range items {
		n := text.Snake(it.Label)
		if n == "" || seen[n] {
			n = "roll"
			if len(items) > 1 {
				n += "_" + strconv.Itoa(i+1)
			}
		}
		seen[n] = true
		out[i] = n
	}
	return out
}

func odds(v calc.Values) (rules.Report, error) {
	items, err := parse(v)
	if err != nil {
		return rules.Report{}, err
	}
	var rep rules.Report
	followed := 1.0
	for i, name := range names(items) {
		r, err := expr.EvalItem(items[i])
		if err != nil {
			return rules.Report{}, &rules.FieldError{Field: "expr", Value: v.Text("expr"), Allowed: "a dice expression: " + err.Error()}
		}
		// An expression without a label is named by itself ("4d6kh3").
		words := items[i].Label
		if words == "" {
			words = items[i].Node.String()
		}
		rep.Distributions = append(rep.Distributions, rules.Dist{Name: name, Words: words, PMF: r.Dist, Beyond: r.Truncated})
		rep.Means = append(rep.Means, rules.Mean{Name: name, Words: words, Value: r.Mean})
		followed *= 1 - r.Truncated
	}
	for _, it := range items {
		rep.Notes = append(rep.Notes, hints(it.Node)...)
	}
	// The outcomes split every roll in two: its value is in the
	// distributions, or an exploding die went on past what is followed
	// (below 1e-12 per die; 0 without exploding dice). Pages show them
	// only when the second reaches 1e-9 (calc/render).
	rep.Outcomes = []rules.Prob{{Name: Followed, P: followed, Words: "Counted in full"},
		{Name: "not_followed", P: 1 - followed, Words: "Explodes past what is counted"}}
	return rep, nil
}

// hints are the notes for the dice counts of n that cannot vary: a
// comparison right after a dice term counts the dice that meet it, so
// 3d6>=7, which no d6 can meet, is always 0, where the player may have
// meant the total, (3d6)>=7.
func hints(n expr.Node) []string {
	switch x := n.(type) {
	case *expr.Binary:
		return append(hints(x.L), hints(x.R)...)
	case *expr.Neg:
		return hints(x.X)
	case *expr.Paren:
		return hints(x.X)
	case *expr.Dice:
		if len(x.Count) != 1 || len(x.Minus) > 0 || len(x.Explode.On) > 0 || x.Digits {
			return nil
		}
		c := x.Count[0]
		lo, hi, die := x.Low, x.Sides, "d"+strconv.Itoa(x.Sides)
		if x.Fudge {
			lo, hi, die = -1, 1, "Fudge die"
		}
		some, all := false, true
		for f := lo; f <= hi; f++ {
			some = some || c.Holds(f)
			all = all && c.Holds(f)
		}
		if some && !all {
			return nil
		}
		sum := *x
		sum.Count = nil
		total := "(" + sum.String() + ")" + c.Op + strconv.Itoa(c.V)
		v := strconv.Itoa(c.V)
		shows := map[string]string{">=": v + " or more", "<=": v + " or less", ">": "more than " + v, "<": "less than " + v, "=": v, "!=": "anything but " + v}[c.Op]
		what := "no " + die + " shows " + shows + ", so " + x.String() + " counts no dice: it is always 0"
		if all {
			what = "every " + die + " shows " + shows + ", so " + x.String() + " counts every die: it is always " + strconv.Itoa(x.N)
		}
		return []string{text.UpperFirst(what) + ". A comparison right after dice counts the dice that meet it; for the chance that the total does, write " + total + "."}
	}
	return nil
}

func resolve(v calc.Values, t *rdice.Tape) (rules.Roll, error) {
	items, err := parse(v)
	if err != nil {
		return rules.Roll{}, err
	}
	var roll rules.Roll
	var results []string
	for i, name := range names(items) {
		value, steps, err := expr.Roll(items[i], t)
		if err != nil {
			return rules.Roll{}, err
		}
		roll.Steps = append(roll.Steps, steps...)
		roll.Values = append(roll.Values, rules.Value{Name: name, Value: value})
		results = append(results, items[i].Text()+" = "+strconv.Itoa(value))
	}
	roll.Dice = t.Rolls()
	roll.Outcome = Followed
	roll.Result = strings.Join(results, "; ")
	return roll, nil
}

// largest are the inputs that cost the most to compute, by calculator: the
// benchmarks and tests run them; the module, which registers Calculators
// alone, does not carry them.
func largest() map[string]map[string]string {
	return map[string]map[string]string{
		ID: {"expr": "20d6kh3; 10d10!; 100d6"},
	}
}
