package rules

import "d6codex/rules/dice"

// noCompare makes a struct not comparable with ==: the compiler then writes
// no equality function for it and for each array of it a literal allocates,
// code the WebAssembly modules would carry for nothing. It takes no space
// as a struct's first field.
type noCompare [0]func()

// Prob is a named outcome probability, such as "hit" or "critical".
// Words, when set, says the outcome as a player would ("Tie on the first
// comparison"); pages otherwise derive words from the name.
type Prob struct {
	_     noCompare
	Name  string
	P     float64
	Words string
}

// Dist is a named exact distribution, such as "damage" or "wound_level".
// Label, when set, names the integer values ("0" → "none", "4" → "Wound").
// Words, as for Prob, names the distribution for a player. Beyond is the
// chance of values above the PMF's largest that were not followed (an
// exploding die's tail, cut where what is left is negligible): pages count
// it in "at least" and never chart it.
type Dist struct {
	Name   string
	PMF    dice.PMF
	Label  func(v int) string
	Words  string
	Beyond float64
}

// Mean is a named expected value, such as "damage". Words, as for Prob,
// names it for a player.
type Mean struct {
	_     noCompare
	Name  string
	Value float64
	Words string
}

// Report is the exact odds of one set-up: every outcome's probability, the
// distributions of damage and of the target's resulting state, and means.
// Names are lower_snake_case and are a public contract (see README).
type Report struct {
	Outcomes      []Prob
	Distributions []Dist
	Means         []Mean
	// Notes are what a player should know to read these odds right, in
	// words ("No d6 shows 7: … did you mean (3d6)>=7?").
	Notes []string
}

// P returns the probability of the named outcome and whether it exists.
func (r Report) P(name string) (float64, bool) {
	for _, o := range r.Outcomes {
		if o.Name == name {
			return o.P, true
		}
	}
	return 0, false
}

// Dist returns the named distribution and whether it exists.
func (r Report) Dist(name string) (dice.PMF, bool) {
	for _, d := range r.Distributions {
		if d.Name == name {
			return d.PMF, true
		}
	}
	return dice.PMF{}, false
}

// Mean returns the named mean and whether it exists.
func (r Report) Mean(name string) (float64, bool) {
	for _, m := range r.Means {
		if m.Name == name {
			return m.Value, true
		}
	}
	return 0, false
}

// Roll is one resolved attack: the dice used (in the order the steps explain
// them), the outcome name (one of the Report's outcome names), a one-line
// result, the named numbers it produced (damage, levels, ...) and the
// step-by-step trace in plain words.
type Roll struct {
	Dice    []dice.Rolled
	Outcome string
	Result  string
	Values  []Value
	Steps   []string
}

// Value is a named number a resolved roll produced, such as damage 3.
type Value struct {
	Name  string
	Value int
}

// Table is a data table a page can render and a calculator uses: weapons,
// armor, damage tables. Provisional tables (values missing from the source)
// say so, and pages flag them.
type Table struct {
	ID          string // "weapons", unique within the system
	Title       string
	Source      string // where the values come from
	Provisional bool
	Note        string
	Columns     []string
	Rows        [][]string
}
