package spacedoor

import (
	"strconv"
	"strings"

	"d6codex/rules"
	"d6codex/rules/dice"
)

// Result is the result band of a roll, from critical failure to critical
// success.
type Result int

// The results, in rising order.
const (
	CriticalFailure Result = iota
	Failure
	Mixed
	Success
	CriticalSuccess
)

// numResults is the number of Result values.
const numResults = 5

var resultNames = [numResults]string{"critical_failure", "failure", "mixed", "success", "critical_success"}

var resultWords = [numResults]string{"critical failure", "failure", "mixed success", "success", "critical success"}

// Name is the outcome name of the result, e.g. "critical_success".
func (r Result) Name() string {
	if r < 0 || r >= numResults {
		return "unknown"
	}
	return resultNames[r]
}

// Words is the result in plain words, e.g. "mixed success".
func (r Result) Words() string {
	if r < 0 || r >= numResults {
		return "unknown"
	}
	return resultWords[r]
}

// Results lists every result in rising order.
func Results() []Result {
	return []Result{CriticalFailure, Failure, Mixed, Success, CriticalSuccess}
}

// The roll modes (the calc field "mode").
const (
	ModeNormal       = "normal"
	ModeAdvantage    = "advantage"
	ModeDisadvantage = "disadvantage"
)

// Modes lists the mode options in form order.
func Modes() []string { return []string{ModeNormal, ModeAdvantage, ModeDisadvantage} }

// Limits of the inputs.
const (
	MinTough    = -3  // lowest stat
	MaxTough    = 5   // highest stat
	MaxIncoming = 100 // largest incoming damage on defend
)

// Band classifies a total without looking at criticals: 6 or less failure,
// 7 to 9 mixed, 10 or more success.
func Band(total int) Result {
	switch {
	case total <= 6:
		return Failure
	case total <= 9:
		return Mixed
	default:
		return Success
	}
}

// Classify is the result of a roll from its two kept dice and the stat:
// criticals from the dice, otherwise the band of the total.
func Classify(a, b, stat int) Result {
	switch {
	case a == 1 && b == 1:
		return CriticalFailure
	case a == 6 && b == 6:
		return CriticalSuccess
	}
	return Band(a + b + stat)
}

// keep returns the two kept dice of a roll in the given mode (from 2 dice in
// normal mode, 3 otherwise), highest first, and the dropped die (0 if none).
func keep(mode string, d []int) (hi, lo, dropped int) {
	if len(d) == 2 {
		return max(d[0], d[1]), min(d[0], d[1]), 0
	}
	a, b, c := d[0], d[1], d[2]
	// sort descending: a >= b >= c
	if a < b {
		a, b = b, a
	}
	if b < c {
		b, c = c, b
	}
	if a < b {
		a, b = b, a
	}
	if mode == ModeDisadvantage {
		return b, c, a
	}
	return a, b, c
}

// nDice is how many roll dice the mode uses.
func nDice(mode string) int {
	if mode == ModeNormal {
		return 2
	}
	return 3
}

// rollOdds enumerates every ordered roll of the mode's dice and returns the
// probability of each result and the distribution of the total.
func rollOdds(stat int, mode string) ([numResults]float64, dice.PMF) {
	var pr [numResults]float64
	var total dice.Builder
	n := nDice(mode)
	w := 1.0
	for range n {
		w /= 6
	}
	d := make([]int, n)
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			hi, lo, _ := keep(mode, d)
			pr[Classify(hi, lo, stat)] += w
			total.Add(hi+lo+stat, w)
			return
		}
		for v := 1; v <= 6; v++ {
			d[i] = v
			rec(i + 1)
		}
	}
	rec(0)
	return pr, total.PMF()
}

// resultProbs turns the per-result probabilities into the report outcomes.
func resultProbs(pr [numResults]float64) []rules.Prob {
	out := make([]rules.Prob, numResults)
	for r := range numResults {
		out[r] = rules.Prob{Name: resultNames[r], P: pr[r]}
	}
	return out
}

// validateRoll checks the shared fields tough and mode.
func validateRoll(tough int, mode string) error {
	return rules.FirstError(
		rules.IntRange("tough", tough, MinTough, MaxTough),
		rules.OneOf("mode", mode, Modes()...),
	)
}

// rolled is a resolved roll: the dice, the kept pair, the total, the result
// and the trace so far.
type rolled struct {
	total  int
	result Result
	steps  []string
	hi, lo int // the kept dice
}

// resolveRoll rolls the mode's dice through t (what names the move, e.g.
// "attack") and explains the result.
func resolveRoll(t *dice.Tape, stat int, mode, what string) (rolled, error) {
	n := nDice(mode)
	d := make([]int, n)
	for i := range d {
		label := what + " roll die " + strconv.Itoa(i+1)
		if i == 2 {
			label += " (" + mode + ")"
		}
		v, err := t.Roll(6, label)
		if err != nil {
			return rolled{}, err
		}
		d[i] = v
	}
	hi, lo, dropped := keep(mode, d)
	var steps []string
	switch mode {
	case ModeNormal:
		steps = append(steps, "Rolled "+strconv.Itoa(d[0])+" and "+strconv.Itoa(d[1])+".")
	case ModeAdvantage:
		steps = append(steps, "Advantage: rolled "+joinInts(d)+"; drop the lowest ("+strconv.Itoa(dropped)+
			"), keep "+strconv.Itoa(hi)+" and "+strconv.Itoa(lo)+".")
	case ModeDisadvantage:
		steps = append(steps, "Disadvantage: rolled "+joinInts(d)+"; drop the highest ("+strconv.Itoa(dropped)+
			"), keep "+strconv.Itoa(hi)+" and "+strconv.Itoa(lo)+".")
	}
	total := hi + lo + stat
	first, second := hi, lo
	if mode == ModeNormal { // in the order they were rolled
		first, second = d[0], d[1]
	}
	steps = append(steps, strconv.Itoa(first)+" + "+strconv.Itoa(second)+" "+signedSpaced(stat)+" (Tough) = "+strconv.Itoa(total)+".")
	r := Classify(hi, lo, stat)
	switch {
	case r == CriticalFailure:
		steps = append(steps, "Both kept dice are 1: critical failure, whatever the total.")
	case r == CriticalSuccess:
		steps = append(steps, "Both kept dice are 6: critical success, whatever the total.")
	case r == Failure:
		steps = append(steps, strconv.Itoa(total)+" is 6 or less: failure.")
	case r == Mixed:
		steps = append(steps, strconv.Itoa(total)+" is 7 to 9: mixed success.")
	default:
		steps = append(steps, strconv.Itoa(total)+" is 10 or more: success.")
	}
	return rolled{total: total, result: r, steps: steps, hi: hi, lo: lo}, nil
}

// rollDamage rolls n d6 through t for the given purpose and returns their sum
// and the words "2d6 = 3 + 4 = 7".
func rollDamage(t *dice.Tape, n int, what string) (int, string, error) {
	if n == 0 {
		return 0, "nothing", nil
	}
	d, err := t.RollN(n, 6, what)
	if err != nil {
		return 0, "", err
	}
	sum := 0
	for _, v := range d {
		sum += v
	}
	words := strconv.Itoa(n) + "d6 = "
	if n > 1 {
		words += strings.Join(intStrings(d), " + ") + " = "
	}
	return sum, words + strconv.Itoa(sum), nil
}

func intStrings(d []int) []string {
	s := make([]string, len(d))
	for i, v := range d {
		s[i] = strconv.Itoa(v)
	}
	return s
}

// joinInts writes "3, 2 and 6".
func joinInts(d []int) string {
	s := intStrings(d)
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// signed writes +1, -2, +0.
func signed(n int) string {
	if n < 0 {
		return strconv.Itoa(n)
	}
	return "+" + strconv.Itoa(n)
}

// signedSpaced writes "+ 1", "- 2", "+ 0" for sums in a trace.
func signedSpaced(n int) string {
	if n < 0 {
		return "- " + strconv.Itoa(-n)
	}
	return "+ " + strconv.Itoa(n)
}
