package opend6

import (
	"strconv"
	"strings"

	"d6codex/rules"
	"d6codex/rules/dice"
	"d6codex/rules/text"
)

// Character Point limits per roll (setting cp_limit): the source leaves the
// maximum to the Game Master by the adventure's challenge: two for easy
// adventures, five for cinematic ones, unlimited for universe-shaking ones.
const (
	CPLimitEasy      = "easy"      // 2 per roll
	CPLimitCinematic = "cinematic" // 5 per roll
	CPLimitUnlimited = "unlimited" // MaxCharacterPoints per roll

	// MaxCharacterPoints is what the calculator takes on one roll under
	// the unlimited setting.
	MaxCharacterPoints = 10
)

// CPLimitOption is one cp_limit option and the points it allows on a roll.
type CPLimitOption struct {
	ID  string
	Max int
}

// CPLimits lists the cp_limit options in order.
func CPLimits() []CPLimitOption { return append([]CPLimitOption(nil), cpLimitData[:]...) }

// CPLimitChoices are the cp_limit options as "easy=2 per roll (easy)",
// the form a calculator's choice field takes.
func CPLimitChoices() []string {
	out := make([]string, len(cpLimitData))
	for i, l := range cpLimitData {
		out[i] = say("%s=%d per roll (%s)", l.ID, l.Max, l.ID)
	}
	return out
}

var cpLimitData = [...]CPLimitOption{{CPLimitEasy, 2}, {CPLimitCinematic, 5}, {CPLimitUnlimited, MaxCharacterPoints}}

// cpLimit is the points one roll may take under the cp_limit option id.
func cpLimit(id string) int {
	for _, l := range cpLimitData {
		if l.ID == id {
			return l.Max
		}
	}
	return 0
}

// The Wild Die of rolled cover (setting cover_wild).
const (
	CoverWildDie  = "wild"    // the cover roll has a Wild Die, like any roll
	CoverWildNone = "regular" // the cover dice are regular dice
)

// validatePoints checks the Character Point fields against the schema's
// limit and then against the cp_limit setting and the defense; it runs
// after the other fields are known to be valid.
func (in Input) validatePoints() error {
	fields := []struct {
		name string
		n    int
	}{{"attack_cp", in.AttackCP}, {"defense_cp", in.DefenseCP}, {"damage_cp", in.DamageCP}, {"resistance_cp", in.ResistanceCP}}
	for _, f := range fields {
		if err := rules.IntRange(f.name, f.n, 0, MaxCharacterPoints); err != nil {
			return err
		}
	}
	if err := rules.OneOf("cp_limit", in.CPLimit, CPLimitEasy, CPLimitCinematic, CPLimitUnlimited); err != nil {
		return err
	}
	limit := cpLimit(in.CPLimit)
	for _, f := range fields {
		if f.n > limit {
			return intError(f.name, f.n, say("0 to %d: the Character Point limit per roll is %d (%s); raise the Character Point limit to spend more",
				limit, limit, in.CPLimit))
		}
	}
	if in.Defense == DefensePassive && in.DefenseCP > 0 {
		return intError("defense_cp", in.DefenseCP, "0 with a passive defense, which rolls no dice to spend Character Points on")
	}
	return nil
}

// roll says how one roll of the attack is made: its die code, whether it
// has a Wild Die, the wild_one setting and the Character Points spent on it.
type roll struct {
	name    string // "attack", "defense", "cover", "damage", "resistance"
	code    dice.Code
	wild    bool
	wildOne string
	cp      int
}

// cpPMF is the total of n Character Point dice: each explodes on a 6 and
// counts a 1 as 1. Each die's tail is cut below eps, and so is the sum's
// (less than n × eps is dropped in all), which keeps the convolutions
// after it short.
func cpPMF(n int, eps float64) dice.PMF {
	if n <= 0 {
		return dice.Const(0)
	}
	return dice.Sum(n, dice.Exploding(6, eps)).CutHigh(eps)
}

// pmf is the exact distribution of the roll's total, its exploding tails
// cut below eps (dice.TailEpsilon, or less where the roll is conditioned
// on a rare event).
func (r roll) pmf(eps float64) dice.PMF {
	var d dice.PMF
	if r.wild {
		d = rollPMF(r.code, r.wildOne, eps)
	} else {
		d = dice.NdS(max(r.code.Dice, 0), 6).Shift(r.code.Pips)
	}
	if r.cp > 0 {
		d = d.Add(cpPMF(r.cp, eps))
	}
	return d
}

// tape rolls it from t, in the order of the package doc (normal dice, Wild
// Die and re-rolls, then each Character Point die and its re-rolls), and
// appends the trace to steps. Critical is the Wild Die's first-toss 1 only.
func (r roll) tape(t *dice.Tape, steps *[]string) (wildRoll, error) {
	var res wildRoll
	var err error
	if r.wild {
		res, err = rollTape(t, r.code, r.name, r.wildOne, steps)
	} else {
		res, err = regularTape(t, r.code, r.name, steps)
	}
	if err != nil || r.cp == 0 {
		return res, err
	}
	var parts []string
	var terms []int
	extra := 0
	for i := range r.cp {
		what := r.name + " Character Point die"
		if r.cp > 1 {
			what = say("%s %d", what, i+1)
		}
		v, err := t.Roll(6, what)
		if err != nil {
			return wildRoll{}, err
		}
		faces, sum, err := explode(t, v, what+" re-roll")
		if err != nil {
			return wildRoll{}, err
		}
		part := strconv.Itoa(v)
		if len(faces) > 1 {
			part = say("%s (explodes: %d)", joinInts(faces, ", "), sum)
		} else if v == 1 {
			part = "1 (just 1, never a critical failure)"
		}
		parts = append(parts, part)
		terms = append(terms, sum)
		extra += sum
	}
	points := "1 Character Point: an extra Wild Die shows "
	if r.cp > 1 {
		points = say("%d Character Points: extra Wild Dice show ", r.cp)
	}
	add(steps, "%s roll, %s%s. Total %d + %s = %d.", text.UpperFirst(r.name), points, strings.Join(parts, "; "),
		res.Total, joinInts(terms, " + "), res.Total+extra)
	res.Total += extra
	return res, nil
}

// regularTape rolls die code c as regular dice (no Wild Die) from t.
func regularTape(t *dice.Tape, c dice.Code, name string, steps *[]string) (wildRoll, error) {
	faces, err := t.RollN(max(c.Dice, 0), 6, name+" die")
	if err != nil {
		return wildRoll{}, err
	}
	total := c.Pips
	for _, f := range faces {
		total += f
	}
	head := say("%s roll %s (regular dice, no Wild Die): ", text.UpperFirst(name), c)
	switch {
	case len(faces) == 0:
		add(steps, "%sno dice to roll, total %d.", head, total)
	case len(faces) == 1 && c.Pips == 0:
		add(steps, "%sdie %d, total %d.", head, faces[0], total)
	default:
		add(steps, "%sdice %s. Total %s%s = %d.", head, joinInts(faces, ", "), joinInts(faces, " + "), pipsTerm(c.Pips), total)
	}
	return wildRoll{Total: total}, nil
}
