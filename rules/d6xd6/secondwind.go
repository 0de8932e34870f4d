package d6xd6

import (
	"d6codex/rules"
	"d6codex/rules/dice"
)

// SecondWindInput is one second wind (optional rule): the calculator
// d6xd6/second_wind. A hurt character spends an action and rolls against
// Will or Brawn; a success recovers one damage level, and each bonus level
// of success one more. Field names map one to one to the calculator's
// field names (in the json tags).
type SecondWindInput struct {
	Task            string `json:"task"`             // Will or Brawn as focused, unfocused or unfamiliar
	Focus           int    `json:"focus"`            // the character's Focus number, 1..36
	Pluses          int    `json:"pluses"`           // pluses on the ability, 0..3 (not for unfamiliar)
	Damage          string `json:"damage"`           // the character's damage: graze, stun, hit or wound (penalty 1..4)
	Armor           string `json:"armor"`            // armor worn: none, light, medium, heavy (penalty 0..3)
	ExtraPenalty    int    `json:"extra_penalty"`    // situational penalty points, 0..36
	DifficultySteps int    `json:"difficulty_steps"` // pips each die moves the unhelpful way, 0..3
}

// DefaultSecondWind is the calculator's default: a Focused Will roll at
// Focus 5 by a character at Hit wearing no armor.
func DefaultSecondWind() SecondWindInput {
	return SecondWindInput{Task: "focused", Focus: 5, Damage: "hit", Armor: "none"}
}

// secondWindDamage are the damage levels a character can take a second wind
// from: a Knockout or a Kill cannot act, and an unhurt one has nothing to
// recover.
var secondWindDamage = []string{"graze", "stun", "hit", "wound"}

// Validate checks every field and returns a *rules.FieldError naming the
// first bad field and what it allows.
func (in SecondWindInput) Validate() error {
	return rules.FirstError(
		validateTask(in.Task, in.Focus, in.Pluses),
		rules.OneOf("damage", in.Damage, secondWindDamage...),
		rules.OneOf("armor", in.Armor, armorOptions...),
		validateExtra(in.ExtraPenalty, in.DifficultySteps),
	)
}

// Second wind outcome codes, in report order.
const (
	windNone = iota
	windPartly
	windFully
)

var windNames = [...]string{"no_recovery", "recovers_partly", "recovers_fully"}

// windSetup is a validated SecondWindInput in numbers.
type windSetup struct {
	check
	current Level
}

func newWindSetup(in SecondWindInput) (windSetup, error) {
	if err := in.Validate(); err != nil {
		return windSetup{}, err
	}
	s := windSetup{current: levelByID(in.Damage),
		check: check{task: taskOf(in.Task), focus: in.Focus, pluses: in.Pluses, steps: in.DifficultySteps}}
	s.addPenalty(armorRating(in.Armor), in.Armor+" armor")
	s.addPenalty(s.current.Penalty(), s.current.String())
	s.addPenalty(in.ExtraPenalty, "situational")
	return s, nil
}

// after is the damage level after recovering the given levels.
func (s windSetup) after(levels int) Level { return max(s.current-Level(levels), None) }

// recovered is the number of damage levels the levels of success take off.
func (s windSetup) recovered(levels int) int { return int(s.current - s.after(levels)) }

// outcome classifies the levels of success.
func (s windSetup) outcome(levels int) int {
	switch {
	case levels == 0:
		return windNone
	case s.after(levels) == None:
		return windFully
	default:
		return windPartly
	}
}

// SecondWindOdds computes the exact odds of a second wind: the outcomes
// no_recovery, recovers_partly and recovers_fully (with the flag success),
// and the distributions of R', the levels of success, the damage levels
// recovered and the damage left, with their means.
func SecondWindOdds(in SecondWindInput) (rules.Report, error) {
	s, err := newWindSetup(in)
	if err != nil {
		return rules.Report{}, err
	}
	rp := s.rollPMF()
	levels := rp.Map(s.levels)
	recovered := levels.Map(s.recovered)
	after := levels.Map(func(l int) int { return int(s.after(l)) })
	outcomes := levels.Map(s.outcome)
	return rules.Report{
		Outcomes: []rules.Prob{
			{Name: windNames[windNone], P: outcomes.P(windNone)},
			{Name: windNames[windPartly], P: outcomes.P(windPartly)},
			{Name: windNames[windFully], P: outcomes.P(windFully)},
			{Name: "success", P: outcomes.AtLeast(windPartly), Words: "Recovers at least partly"},
		},
		Distributions: []rules.Dist{
			{Name: "roll", PMF: rp},
			{Name: "levels", PMF: levels, Words: levelsWords},
			{Name: "levels_recovered", PMF: recovered},
			{Name: "damage_after", PMF: after, Label: levelLabel},
		},
		Means: []rules.Mean{
			{Name: "roll", Value: rp.Mean()},
			{Name: "levels", Value: levels.Mean(), Words: levelsWords},
			{Name: "levels_recovered", Value: recovered.Mean()},
			{Name: "damage_after", Value: after.Mean()},
		},
	}, nil
}

// ResolveSecondWind resolves one second wind from the dice on the tape
// (first die, second die) with a step-by-step trace. Its values are
// "product", "roll", "levels", "levels_recovered" and "damage_after".
func ResolveSecondWind(in SecondWindInput, t *dice.Tape) (rules.Roll, error) {
	s, err := newWindSetup(in)
	if err != nil {
		return rules.Roll{}, err
	}
	d1, d2, err := rollDice(t)
	if err != nil {
		return rules.Roll{}, err
	}
	ct := s.trace(d1, d2, "the second wind")
	steps := ct.steps
	after, rec := s.after(ct.levels), s.recovered(ct.levels)
	roll := rules.Roll{Dice: t.Rolls(), Outcome: windNames[s.outcome(ct.levels)]}
	now := after.String()
	if after == None {
		now = "unhurt"
	}
	switch {
	case ct.levels == 0:
		steps = append(steps, "No recovery: the action is spent and the character stays at "+s.current.String()+".")
		roll.Result = "Failure: still at " + s.current.String() + "."
	case ct.levels > rec:
		steps = append(steps, plural(ct.levels, "level", "levels")+" of success, but only "+plural(rec, "damage level", "damage levels")+
			" to recover: "+s.current.String()+" clears completely.")
		roll.Result = "Success: " + s.current.String() + " clears; the character is unhurt."
	default:
		verb := " recover "
		if ct.levels == 1 {
			verb = " recovers "
		}
		steps = append(steps, plural(ct.levels, "level", "levels")+" of success"+verb+
			plural(rec, "damage level", "damage levels")+": "+s.current.String()+" drops to "+now+".")
		roll.Result = "Success: " + s.current.String() + " drops " + plural(rec, "level", "levels") + " to " + now + "."
	}
	roll.Steps = steps
	roll.Values = []rules.Value{
		{Name: "product", Value: ct.product},
		{Name: "roll", Value: ct.roll},
		{Name: "levels", Value: ct.levels},
		{Name: "levels_recovered", Value: rec},
		{Name: "damage_after", Value: int(after)},
	}
	return roll, nil
}
