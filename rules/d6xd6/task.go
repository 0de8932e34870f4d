package d6xd6

import (
	"strconv"
	"strings"

	"d6codex/rules"
	"d6codex/rules/dice"
)

// Task kinds.
const (
	focused = iota
	unfocused
	unfamiliar
)

// taskOf is the task kind of a validated task option.
func taskOf(id string) int {
	switch id {
	case "unfocused":
		return unfocused
	case "unfamiliar":
		return unfamiliar
	}
	return focused
}

// validateTask checks the fields every task roll starts with: task, focus
// and pluses.
func validateTask(task string, focus, pluses int) error {
	return rules.FirstError(
		rules.OneOf("task", task, taskOptions...),
		rules.IntRange("focus", focus, MinFocus, maxFocus),
		rules.IntRange("pluses", pluses, 0, maxPluses),
	)
}

// validateExtra checks the fields every task roll ends with:
// extra_penalty and difficulty_steps.
func validateExtra(extra, steps int) error {
	return rules.FirstError(
		rules.IntRange("extra_penalty", extra, 0, maxExtra),
		rules.IntRange("difficulty_steps", steps, 0, maxDiffStep),
	)
}

// check is one task roll of the game: two dice, moved by the difficulty
// steps, multiplied, moved by the penalty the unhelpful way and read
// against the Focus. The attack and the second wind both roll one.
type check struct {
	task    int
	focus   int
	pluses  int
	steps   int      // difficulty steps: pips each die moves before multiplying
	penalty int      // total penalty p after multiplying
	parts   []string // the penalty's parts, in words ("medium armor 2")
}

// addPenalty adds points of penalty named what (nothing for 0 points).
func (c *check) addPenalty(points int, what string) {
	if points > 0 {
		c.penalty += points
		c.parts = append(c.parts, what+" "+strconv.Itoa(points))
	}
}

// die is a die's value after the difficulty steps.
func (c check) die(v int) int {
	if c.task == focused {
		return max(v-c.steps, 0)
	}
	return v + c.steps
}

// adjusted is R' from the product R.
func (c check) adjusted(r int) int {
	if c.task == focused {
		return r - c.penalty
	}
	return r + c.penalty
}

// levels is the levels of success of R' including pluses (0 on a failure).
func (c check) levels(rp int) int {
	f := c.focus
	switch c.task {
	case focused:
		if rp < f {
			return 0
		}
		return 1 + min(3, (rp-f)/10) + c.pluses
	case unfocused:
		if rp > f {
			return 0
		}
		if rp <= f-5 {
			return 2 + c.pluses
		}
		return 1 + c.pluses
	default:
		if rp >= f {
			return 0
		}
		return 1
	}
}

// rollPMF is the exact distribution of R'.
func (c check) rollPMF() dice.PMF {
	die := dice.D6().Map(c.die)
	return dice.Product(die, die).Map(c.adjusted)
}

// checkTrace is a task roll resolved from two dice.
type checkTrace struct {
	product, roll, levels int
	steps                 []string
}

// trace resolves the roll from the dice d1 and d2 and explains it; what
// names the roll in a failure ("the attack").
func (c check) trace(d1, d2 int, what string) checkTrace {
	itoa := strconv.Itoa
	var steps []string
	a, b := c.die(d1), c.die(d2)
	r := a * b
	if c.steps > 0 {
		dir := "down"
		if c.task != focused {
			dir = "up"
		}
		steps = append(steps, "Difficulty: each die moves "+plural(c.steps, "pip", "pips")+" "+dir+": "+
			itoa(d1)+" and "+itoa(d2)+" become "+itoa(a)+" and "+itoa(b)+", which multiply to "+itoa(r)+".")
	} else {
		steps = append(steps, "Dice "+itoa(d1)+" and "+itoa(d2)+" multiply to "+itoa(r)+".")
	}
	rp := c.adjusted(r)
	if c.penalty > 0 {
		steps = append(steps, "Penalty "+itoa(c.penalty)+" ("+strings.Join(c.parts, ", ")+") makes it "+itoa(rp)+".")
	}
	f, fs := c.focus, itoa(c.focus)
	lv := c.levels(rp)
	base := lv - c.pluses // levels before pluses (on a success)
	switch c.task {
	case focused:
		if lv == 0 {
			steps = append(steps, "Focused, focus "+fs+": "+itoa(rp)+" is below "+fs+", so "+what+" fails.")
		} else {
			steps = append(steps, "Focused, focus "+fs+": success by "+itoa(rp-f)+", "+plural(base, "level", "levels")+".")
		}
	case unfocused:
		switch {
		case lv == 0:
			steps = append(steps, "Unfocused, focus "+fs+": "+itoa(rp)+" is above "+fs+", so "+what+" fails.")
		case base == 2:
			steps = append(steps, "Unfocused, focus "+fs+": "+itoa(rp)+" is 5 or more under "+fs+": success, 2 levels.")
		default:
			steps = append(steps, "Unfocused, focus "+fs+": "+itoa(rp)+" is at most "+fs+": success, 1 level.")
		}
	default:
		if lv == 0 {
			steps = append(steps, "Unfamiliar, focus "+fs+": "+itoa(rp)+" is not below "+fs+", so "+what+" fails.")
		} else {
			steps = append(steps, "Unfamiliar, focus "+fs+": "+itoa(rp)+" is below "+fs+": success, 1 level.")
		}
		if c.pluses > 0 {
			steps = append(steps, "Pluses do not apply to an Unfamiliar task.")
		}
	}
	if lv > 0 && c.task != unfamiliar && c.pluses > 0 {
		steps = append(steps, plural(c.pluses, "plus adds", "pluses add")+" "+
			plural(c.pluses, "level", "levels")+": "+plural(lv, "level", "levels")+".")
	}
	return checkTrace{product: r, roll: rp, levels: lv, steps: steps}
}

// rollDice reads the two dice of a task roll from the tape.
func rollDice(t *dice.Tape) (int, int, error) {
	if t == nil {
		return 0, 0, &rules.FieldError{Field: "dice", Value: "", Allowed: "two dice 1 to 6, or a seed"}
	}
	d1, err := t.Roll(6, "first die")
	if err != nil {
		return 0, 0, err
	}
	d2, err := t.Roll(6, "second die")
	if err != nil {
		return 0, 0, err
	}
	if err := t.Done(); err != nil {
		return 0, 0, err
	}
	return d1, d2, nil
}

// plural writes "1 level" or "3 levels".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
