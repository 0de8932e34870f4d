package d6xd6

import (
	"strconv"
	"strings"

	"d6codex/rules"
	"d6codex/rules/dice"
	"d6codex/rules/text"
)

// Input limits.
const (
	maxFocus    = 36
	maxPluses   = 3
	maxAim      = 6 // a Graze plus six aimed turns is already Overkill
	maxDrama    = 6 // Drama Points a character has per session
	maxExtra    = 36
	maxDiffStep = 3
)

// Input is one attack set-up of the calculator d6xd6/attack. Field names map
// one to one to the calculator's field names (in the json tags).
type Input struct {
	Task            string `json:"task"`             // focused, unfocused or unfamiliar
	Focus           int    `json:"focus"`            // the attacker's Focus number, 1..36
	Pluses          int    `json:"pluses"`           // pluses on the skill, 0..3 (not for unfamiliar)
	AttackerArmor   string `json:"attacker_armor"`   // none, light, medium, heavy: penalty 0..3
	AttackerDamage  string `json:"attacker_damage"`  // none, graze, stun, hit, wound: penalty 0..4
	Weapon          string `json:"weapon"`           // a Weapon.ID
	Range           string `json:"range"`            // brawl, throw, shoot, view (as the weapon allows)
	AimTurns        int    `json:"aim_turns"`        // turns spent aiming, 0..6
	Defense         string `json:"defense"`          // none, reactive, light, medium, heavy
	Drama           int    `json:"drama"`            // Drama Points the target spends, 0..6
	TargetDamage    string `json:"target_damage"`    // none, graze, stun, hit, wound, knockout, kill
	ExtraPenalty    int    `json:"extra_penalty"`    // situational penalty points, 0..36
	DifficultySteps int    `json:"difficulty_steps"` // pips each die moves the unhelpful way, 0..3
	Missed          bool   `json:"missed"`           // a missed action turned on a new target: one success level less
}

// DefaultInput is the calculator's default: a Focused attack at Focus 5 with
// a small pistol at shoot range against an unhurt, undefended target.
func DefaultInput() Input {
	return Input{
		Task:           "focused",
		Focus:          5,
		AttackerArmor:  "none",
		AttackerDamage: "none",
		Weapon:         "small_pistol",
		Range:          "shoot",
		Defense:        "none",
		TargetDamage:   "none",
	}
}

// The choice options of the input fields.
var (
	taskOptions           = []string{"focused", "unfocused", "unfamiliar"}
	armorOptions          = []string{"none", "light", "medium", "heavy"}
	attackerDamageOptions = []string{"none", "graze", "stun", "hit", "wound"}
	defenseOptions        = []string{"none", "reactive", "light", "medium", "heavy"}
	targetDamageOptions   = []string{"none", "graze", "stun", "hit", "wound", "knockout", "kill"}
)

// Validate checks every field and returns a *rules.FieldError naming the
// first bad field and what it allows.
func (in Input) Validate() error {
	if err := rules.FirstError(
		validateTask(in.Task, in.Focus, in.Pluses),
		rules.OneOf("attacker_armor", in.AttackerArmor, armorOptions...),
		rules.OneOf("attacker_damage", in.AttackerDamage, attackerDamageOptions...),
	); err != nil {
		return err
	}
	w, ok := WeaponByID(in.Weapon)
	if !ok {
		ids := make([]string, 0, len(weaponData))
		for _, w := range weaponData {
			ids = append(ids, w.ID)
		}
		return rules.OneOf("weapon", in.Weapon, ids...)
	}
	if err := rules.OneOf("range", in.Range, rangeIDs[:]...); err != nil {
		return err
	}
	if _, ok := w.At(in.Range); !ok {
		return &rules.FieldError{Field: "range", Value: in.Range,
			Allowed: "one of " + strings.Join(w.usable(), ", ") + " for the " + text.LowerASCII(w.Name)}
	}
	return rules.FirstError(
		rules.IntRange("aim_turns", in.AimTurns, 0, maxAim),
		rules.OneOf("defense", in.Defense, defenseOptions...),
		rules.IntRange("drama", in.Drama, 0, maxDrama),
		rules.OneOf("target_damage", in.TargetDamage, targetDamageOptions...),
		validateExtra(in.ExtraPenalty, in.DifficultySteps),
	)
}

// setup is a validated Input in numbers.
type setup struct {
	check     // the attack roll
	in        Input
	weapon    Weapon
	base      Level // weapon damage at the range
	reduction int   // defense steps
	target    Level
}

func levelByID(id string) Level {
	for l := None; l <= Overkill; l++ {
		if l.ID() == id {
			return l
		}
	}
	return None
}

func newSetup(in Input) (setup, error) {
	if err := in.Validate(); err != nil {
		return setup{}, err
	}
	s := setup{in: in, target: levelByID(in.TargetDamage),
		check: check{task: taskOf(in.Task), focus: in.Focus, pluses: in.Pluses, steps: in.DifficultySteps}}
	s.weapon, _ = WeaponByID(in.Weapon)
	s.base, _ = s.weapon.At(in.Range)
	add := s.addPenalty
	add(armorRating(in.AttackerArmor), in.AttackerArmor+" armor")
	add(levelByID(in.AttackerDamage).Penalty(), levelByID(in.AttackerDamage).String())
	if in.Range == "brawl" {
		add(s.weapon.BrawlPenalty, text.LowerASCII(s.weapon.Name)+" at brawl range")
	}
	add(in.ExtraPenalty, "situational")
	switch in.Defense {
	case "reactive":
		s.reduction = 1
	case "none":
	default:
		s.reduction = armorRating(in.Defense)
	}
	s.reduction += in.Drama
	return s, nil
}

// attackLevels is the attack's levels of success for R': one less on a
// missed action turned on a new target (below one, the action is lost).
func (s setup) attackLevels(rp int) int {
	l := s.levels(rp)
	if s.in.Missed {
		l = max(0, l-1)
	}
	return l
}

// attack is the attack's damage before defense for the given levels.
func (s setup) attack(levels int) Level {
	if levels <= 0 {
		return None
	}
	return min(s.base+Level(levels-1+s.in.AimTurns), Overkill)
}

// defend is the damage after defense.
func (s setup) defend(a Level) Level { return max(a-Level(s.reduction), None) }

// Outcome codes, in report order.
const (
	outMiss = iota
	outNoEffect
	outHit
)

var outcomeNames = [...]string{"miss", "no_effect", "hit"}

// levelsWords names the levels of success for a player.
const levelsWords = "levels of success"

// outcome classifies R'.
func (s setup) outcome(rp int) int {
	l := s.attackLevels(rp)
	switch {
	case l == 0:
		return outMiss
	case s.defend(s.attack(l)) == None:
		return outNoEffect
	default:
		return outHit
	}
}

// taserCheck reports whether a taser attack leaves the target at Kill.
func (s setup) taserCheck(d Level) bool {
	return s.weapon.ID == "taser" && d > None && AddDamage(s.target, d) == Kill
}

func levelLabel(v int) string { return Level(v).String() }

// Odds computes the exact odds of the attack: outcomes, distributions of
// R', levels, damage and the target's track, and their means.
func Odds(in Input) (rules.Report, error) {
	s, err := newSetup(in)
	if err != nil {
		return rules.Report{}, err
	}
	rp := s.rollPMF()
	levels := rp.Map(s.attackLevels)
	attack := levels.Map(func(l int) int { return int(s.attack(l)) })
	damage := attack.Map(func(a int) int { return int(s.defend(Level(a))) })
	after := damage.Map(func(d int) int { return int(AddDamage(s.target, Level(d))) })
	outcomes := rp.Map(s.outcome)
	taser := damage.Map(func(d int) int {
		if s.taserCheck(Level(d)) {
			return 1
		}
		return 0
	})
	rep := rules.Report{
		Outcomes: []rules.Prob{
			{Name: outcomeNames[outMiss], P: outcomes.P(outMiss)},
			{Name: outcomeNames[outNoEffect], P: outcomes.P(outNoEffect), Words: "Succeeds, no damage"},
			{Name: outcomeNames[outHit], P: outcomes.P(outHit), Words: "Damage lands"},
			{Name: "success", P: outcomes.AtLeast(outNoEffect), Words: "Roll succeeds"},
			{Name: "taser_check", P: taser.P(1)},
		},
		Distributions: []rules.Dist{
			{Name: "roll", PMF: rp},
			{Name: "levels", PMF: levels, Words: levelsWords},
			{Name: "attack_damage", PMF: attack, Label: levelLabel},
			{Name: "damage", PMF: damage, Label: levelLabel},
			{Name: "target_after", PMF: after, Label: levelLabel},
		},
		Means: []rules.Mean{
			{Name: "roll", Value: rp.Mean()},
			{Name: "levels", Value: levels.Mean(), Words: levelsWords},
			{Name: "damage", Value: damage.Mean()},
			{Name: "target_after", Value: after.Mean()},
		},
	}
	return rep, nil
}

// Resolve resolves one attack from the dice on the tape (first die, second
// die) with a step-by-step trace.
func Resolve(in Input, t *dice.Tape) (rules.Roll, error) {
	s, err := newSetup(in)
	if err != nil {
		return rules.Roll{}, err
	}
	d1, d2, err := rollDice(t)
	if err != nil {
		return rules.Roll{}, err
	}
	return s.resolve(d1, d2, t.Rolls()), nil
}

// resolve applies the rules to the two dice and writes the trace.
func (s setup) resolve(d1, d2 int, rolled []dice.Rolled) rules.Roll {
	itoa := strconv.Itoa
	in := s.in
	ct := s.trace(d1, d2, "the attack")
	steps, r, rp, lv := ct.steps, ct.product, ct.roll, ct.levels
	if in.Missed && lv > 0 {
		lv--
		if lv == 0 {
			steps = append(steps, "Missed action: on a new target it loses its one level of success, so the action is lost.")
		} else {
			steps = append(steps, "Missed action: on a new target it keeps "+plural(lv, "level", "levels")+" of success, one less.")
		}
	}
	roll := rules.Roll{Dice: rolled}
	attack, damage, after := None, None, s.target
	taser := 0
	if lv == 0 {
		if in.AimTurns > 0 {
			steps = append(steps, "The "+plural(in.AimTurns, "aimed turn is", "aimed turns are")+" wasted.")
		}
		roll.Outcome = outcomeNames[outMiss]
		roll.Result = "Miss."
	} else {
		attack = s.attack(lv)
		damage = s.defend(attack)
		after = AddDamage(s.target, damage)
		steps = append(steps, s.damageStep(lv, attack))
		steps = append(steps, s.defenseStep(attack, damage))
		if damage == None {
			roll.Outcome = outcomeNames[outNoEffect]
			roll.Result = "Success, but the defense stops it: no effect."
		} else {
			steps = append(steps, trackStep(s.target, damage, after))
			roll.Outcome = outcomeNames[outHit]
			roll.Result = "Success: " + damage.String() + " damage lands; the target is now at " + after.String() + "."
			if s.taserCheck(damage) {
				taser = 1
				steps = append(steps, "A Kill from a taser: the target may roll Brawn or Will, and on a success drops to Knockout instead.")
			}
		}
		if total := lv + in.AimTurns; total >= 2 {
			var opts []string
			for _, sp := range Splits(s.base, total) {
				names := make([]string, len(sp))
				for i, l := range sp {
					names[i] = l.String()
				}
				opts = append(opts, strings.Join(names, " + "))
			}
			steps = append(steps, "Exceptional attack: the "+itoa(total)+" levels may instead be split among targets (before each target's defense): "+
				strings.Join(opts, "; ")+".")
		}
	}
	roll.Steps = steps
	roll.Values = []rules.Value{
		{Name: "product", Value: r},
		{Name: "roll", Value: rp},
		{Name: "levels", Value: lv},
		{Name: "attack_damage", Value: int(attack)},
		{Name: "damage", Value: int(damage)},
		{Name: "target_after", Value: int(after)},
		{Name: "taser_check", Value: taser},
	}
	return roll
}

func (s setup) damageStep(lv int, attack Level) string {
	text := "Damage: " + text.LowerASCII(s.weapon.Name) + " " + s.base.String()
	if lv > 1 {
		text += " + " + plural(lv-1, "bonus level", "bonus levels")
	}
	if s.in.AimTurns > 0 {
		text += " + " + plural(s.in.AimTurns, "aimed turn", "aimed turns")
	}
	if lv > 1 || s.in.AimTurns > 0 {
		text += " = " + attack.String()
		if int(s.base)+lv-1+s.in.AimTurns > int(Overkill) {
			text += " (the most there is)"
		}
	}
	return text + "."
}

func (s setup) defenseStep(attack, damage Level) string {
	var parts []string
	switch s.in.Defense {
	case "reactive":
		parts = append(parts, "reactive -1")
	case "none":
	default:
		parts = append(parts, s.in.Defense+" armor -"+strconv.Itoa(armorRating(s.in.Defense)))
	}
	if s.in.Drama > 0 {
		parts = append(parts, plural(s.in.Drama, "Drama Point", "Drama Points")+" -"+strconv.Itoa(s.in.Drama))
	}
	if len(parts) == 0 {
		return "No defense: " + attack.String() + " lands."
	}
	text := "Defense " + strings.Join(parts, ", ") + ": " + attack.String()
	if damage == None {
		return text + " drops to nothing, no effect."
	}
	return text + " drops to " + damage.String() + "."
}

func trackStep(current, damage, after Level) string {
	was := "Target was " + current.String()
	if current == None {
		was = "Target was unhurt"
	}
	if damage > current {
		return was + "; " + damage.String() + " supersedes it: now " + after.String() + "."
	}
	if current == Kill {
		return was + "; " + damage.String() + " adds, but Kill is the end of the track."
	}
	return was + "; " + damage.String() + " adds one step: now " + after.String() + "."
}
