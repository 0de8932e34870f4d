package spacedoor

import (
	"errors"
	"math"
	"strconv"

	"d6codex/rules"
	"d6codex/rules/dice"
)

// What a player does with a 7 on a death save (DeathSaveInput.Seven).
const (
	SevenBest          = "best"           // whichever choice gives the best chance to live, state by state
	SevenReroll        = "reroll"         // count it as nothing and roll again
	SevenSuccess       = "success"        // add a success; the next save has disadvantage
	SevenRemoveFailure = "remove_failure" // remove a failure (reroll when there is none); the next save has disadvantage
)

// SevenOptions lists the choices for a 7.
func SevenOptions() []string {
	return []string{SevenBest, SevenReroll, SevenSuccess, SevenRemoveFailure}
}

// MaxDeathSaves bounds ResolveDeathSaves: a run of 7s rerolled forever is
// stopped with an error after this many saves.
const MaxDeathSaves = 100

// DeathSaveInput sets up a run of death saving throws.
type DeathSaveInput struct {
	Seven string `json:"seven"` // best, reroll, success or remove_failure
}

// DefaultDeathSaveInput plays every 7 the best way.
func DefaultDeathSaveInput() DeathSaveInput { return DeathSaveInput{Seven: SevenBest} }

// Validate returns a *rules.FieldError for an unknown choice.
func (in DeathSaveInput) Validate() error { return rules.OneOf("seven", in.Seven, SevenOptions()...) }

// DeathSaveRow is one row of the death save table.
type DeathSaveRow struct {
	Roll   string
	Effect string
}

// DeathSaveTable is the death saving throw table.
func DeathSaveTable() []DeathSaveRow {
	return []DeathSaveRow{
		{"both kept dice 1", "two failures"},
		{"6 or less", "a failure"},
		{"7", "choose: add a success or remove a failure and roll the next save with disadvantage, or roll again"},
		{"8 or more", "a success"},
		{"both kept dice 6", "two successes"},
	}
}

// Death save roll classes.
const (
	saveCritFail = iota
	saveFail
	saveSeven
	saveSuccess
	saveCritSuccess
)

// saveClass reads a death save from its kept dice.
func saveClass(hi, lo int) int {
	switch t := hi + lo; {
	case hi == 1 && lo == 1:
		return saveCritFail
	case hi == 6 && lo == 6:
		return saveCritSuccess
	case t <= 6:
		return saveFail
	case t == 7:
		return saveSeven
	default:
		return saveSuccess
	}
}

// The three choices on a 7 as policy entries.
const (
	choiceReroll = iota
	choiceSuccess
	choiceRemove
)

// A death save state: successes s and failures f (0..2), and whether the
// next save has disadvantage. Index s*3 + f + 9*dis.
const numSaveStates = 18

type saveState struct{ s, f, dis int }

func (x saveState) index() int { return x.s*3 + x.f + 9*x.dis }

func stateAt(i int) saveState { return saveState{s: i % 9 / 3, f: i % 3, dis: i / 9} }

// saveNext is the state after a save of class c with choice ch on a 7.
func saveNext(x saveState, c, ch int) saveState {
	n := saveState{s: x.s, f: x.f}
	switch c {
	case saveCritFail:
		n.f += 2
	case saveFail:
		n.f++
	case saveSuccess:
		n.s++
	case saveCritSuccess:
		n.s += 2
	case saveSeven:
		switch {
		case ch == choiceSuccess:
			n.s++
			n.dis = 1
		case ch == choiceRemove && n.f > 0:
			n.f--
			n.dis = 1
		}
	}
	return n
}

// saveClassProbs is the probability of each class with 2d6 (dis 0) or 3d6
// dropping the highest (dis 1).
func saveClassProbs() [2][5]float64 {
	var out [2][5]float64
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			out[0][saveClass(max(a, b), min(a, b))] += 1.0 / 36
			for c := 1; c <= 6; c++ {
				hi, lo, _ := keep(ModeDisadvantage, []int{a, b, c})
				out[1][saveClass(hi, lo)] += 1.0 / 216
			}
		}
	}
	return out
}

// evaluate solves the absorbing chain for a policy: the chance to end
// stable and the expected number of saves from every state.
func evaluate(policy [numSaveStates]int, probs [2][5]float64) (live, rolls [numSaveStates]float64) {
	const n = numSaveStates
	var a [n][n + 2]float64
	for i := range n {
		x := stateAt(i)
		a[i][i] += 1
		a[i][n+1] = 1
		for c, p := range probs[x.dis] {
			y := saveNext(x, c, policy[i])
			switch {
			case y.s >= 3:
				a[i][n] += p
			case y.f >= 3:
			default:
				a[i][y.index()] -= p
			}
		}
	}
	// Gaussian elimination with partial pivoting.
	for col := range n {
		piv := col
		for r := col + 1; r < n; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[piv][col]) {
				piv = r
			}
		}
		a[col], a[piv] = a[piv], a[col]
		for r := range n {
			if r == col || a[r][col] == 0 {
				continue
			}
			k := a[r][col] / a[col][col]
			for j := col; j < n+2; j++ {
				a[r][j] -= k * a[col][j]
			}
		}
	}
	for i := range n {
		live[i] = a[i][n] / a[i][i]
		rolls[i] = a[i][n+1] / a[i][i]
	}
	return live, rolls
}

// savePolicy is the choice on a 7 in every state for the input's setting;
// for "best" it is found by policy iteration on the chance to live.
func savePolicy(seven string, probs [2][5]float64) [numSaveStates]int {
	var policy [numSaveStates]int
	fixed := map[string]int{SevenReroll: choiceReroll, SevenSuccess: choiceSuccess, SevenRemoveFailure: choiceRemove}
	if ch, ok := fixed[seven]; ok {
		for i := range policy {
			policy[i] = ch
		}
		return policy
	}
	for range 50 {
		live, _ := evaluate(policy, probs)
		value := func(y saveState) float64 {
			switch {
			case y.s >= 3:
				return 1
			case y.f >= 3:
				return 0
			}
			return live[y.index()]
		}
		changed := false
		for i := range policy {
			x := stateAt(i)
			best := value(saveNext(x, saveSeven, policy[i]))
			for ch := range 3 {
				if v := value(saveNext(x, saveSeven, ch)); v > best+1e-12 {
					best, policy[i], changed = v, ch, true
				}
			}
		}
		if !changed {
			break
		}
	}
	return policy
}

// DeathSaveOdds is the exact chance to end stable or dead from a fresh run
// of death saves (outcomes stable and dead) and the mean number of saves
// (mean rolls).
func DeathSaveOdds(in DeathSaveInput) (rules.Report, error) {
	if err := in.Validate(); err != nil {
		return rules.Report{}, err
	}
	probs := saveClassProbs()
	live, rolls := evaluate(savePolicy(in.Seven, probs), probs)
	return rules.Report{
		Outcomes: []rules.Prob{{Name: "stable", P: live[0]}, {Name: "dead", P: 1 - live[0]}},
		Means:    []rules.Mean{{Name: "rolls", Value: rolls[0]}},
	}, nil
}

// ResolveDeathSaves plays a run of death saves from the dice in t until
// three successes (outcome stable) or three failures (dead), making each 7
// choice by the input's setting. Every save takes two dice, or three with
// disadvantage. Values: successes, failures, rolls.
func ResolveDeathSaves(in DeathSaveInput, t *dice.Tape) (rules.Roll, error) {
	if err := in.Validate(); err != nil {
		return rules.Roll{}, err
	}
	policy := savePolicy(in.Seven, saveClassProbs())
	var steps []string
	x := saveState{}
	n := 0
	for x.s < 3 && x.f < 3 {
		n++
		if n > MaxDeathSaves {
			return rules.Roll{}, errors.New("death saves: no end after " + strconv.Itoa(MaxDeathSaves) + " saves")
		}
		k := 2 + x.dis
		what := "death save " + strconv.Itoa(n)
		d, err := t.RollN(k, 6, what)
		if err != nil {
			return rules.Roll{}, err
		}
		hi, lo, dropped := keep(ModeDisadvantage, d)
		line := "Save " + strconv.Itoa(n) + ": rolled " + joinInts(d)
		if k == 3 {
			line = "Save " + strconv.Itoa(n) + " (disadvantage): rolled " + joinInts(d) + "; drop the highest (" +
				strconv.Itoa(dropped) + "), keep " + strconv.Itoa(hi) + " and " + strconv.Itoa(lo)
		}
		line += " = " + strconv.Itoa(hi+lo) + ": "
		c := saveClass(hi, lo)
		ch := policy[x.index()]
		y := saveNext(x, c, ch)
		switch {
		case c == saveCritFail:
			line += "both dice 1, two failures"
		case c == saveFail:
			line += "a failure"
		case c == saveSuccess:
			line += "a success"
		case c == saveCritSuccess:
			line += "both dice 6, two successes"
		case y.s > x.s:
			line += "a 7; you choose to add a success and roll the next save with disadvantage"
		case y.f < x.f:
			line += "a 7; you choose to remove a failure and roll the next save with disadvantage"
		default:
			line += "a 7; you choose to count it as nothing and roll again"
		}
		x = y
		steps = append(steps, line+" (successes "+strconv.Itoa(x.s)+", failures "+strconv.Itoa(x.f)+").")
	}
	if err := t.Done(); err != nil {
		return rules.Roll{}, err
	}
	outcome, result := "stable", "Stable: three successes. No actions until healed to at least 1 health."
	if x.f >= 3 {
		outcome, result = "dead", "Dead: three failures."
	}
	return rules.Roll{
		Dice:    t.Rolls(),
		Outcome: outcome,
		Result:  result,
		Values: []rules.Value{
			{Name: "successes", Value: x.s},
			{Name: "failures", Value: x.f},
			{Name: "rolls", Value: n},
		},
		Steps: append(steps, result),
	}, nil
}
