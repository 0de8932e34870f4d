package opend6

import (
	"strings"

	"d6codex/rules"
	"d6codex/rules/dice"
)

// hitDamage names the damage distribution and mean: only hits count.
const hitDamage = "damage, given a hit"

// difficultyPMF is the exact distribution of the combat difficulty, its
// exploding tails cut below eps.
func difficultyPMF(in Input, eps float64) dice.PMF {
	var base dice.PMF
	switch in.Defense {
	case DefensePartial:
		base = in.defenseRoll().pmf(eps)
	case DefenseFull:
		base = in.defenseRoll().pmf(eps).Shift(10)
	default:
		base = dice.Const(10)
	}
	d := base.Add(in.coverRoll().pmf(eps)).Shift(in.baseOffset())
	if d.Min() >= 3 {
		return d
	}
	return d.Map(func(v int) int { return max(3, v) })
}

// The exploding tails of the attack and the difficulty decide P(hit), and
// the damage given a hit is divided by it: what a cut drops must stay far
// below 1e-12 of P(hit), not of 1. The attack side is cut below
// attackEpsilon; when P(hit) is under rareHit it is computed again with
// tails cut below attackEpsilon × P(hit) (never below minEpsilon, which
// bounds the work; no valid input comes near it).
const (
	attackEpsilon = dice.TailEpsilon / 1024
	rareHit       = 1.0 / 64
	minEpsilon    = 1e-200
)

// attackSide is the attack total, the difficulty and the margin attack −
// difficulty, their exploding tails cut below eps.
func (in Input) attackSide(eps float64) (attack, difficulty, margin dice.PMF) {
	attack = in.attackRoll().pmf(eps)
	difficulty = difficultyPMF(in, eps)
	return attack, difficulty, attack.Add(negate(difficulty))
}

// negate is the distribution of −X.
func negate(d dice.PMF) dice.PMF { return d.Map(func(v int) int { return -v }) }

// Odds computes the exact odds of the attack: outcomes hit and miss (with
// the flags critical_failure and complication), the distributions of the
// attack total, the difficulty, the damage given a hit, the resistance and
// the target's resulting state, and their means. See the package doc for
// the names.
func Odds(in Input) (rules.Report, error) {
	if err := in.Validate(); err != nil {
		return rules.Report{}, err
	}
	attack, difficulty, margin := in.attackSide(attackEpsilon)
	pHit := margin.AtLeast(0)
	if pHit < rareHit {
		eps := attackEpsilon * pHit // not max(…, minEpsilon): the builtin on floats links the runtime's fmax
		if eps < minEpsilon {
			eps = minEpsilon
		}
		attack, difficulty, margin = in.attackSide(eps)
		pHit = margin.AtLeast(0)
	}
	pMiss := margin.Less(0)

	// The damage bonus given the margin, as a sub-distribution of mass
	// P(hit): 0 with mass P(hit) when the bonus does not apply.
	var bonus dice.Builder
	if in.bonusApplies() {
		margin.Each(func(m int, p float64) {
			if m >= 0 {
				bonus.Add(DamageBonus(m, 0), p)
			}
		})
	} else {
		bonus.Add(0, pHit)
	}
	damage := in.damageRoll().pmf(dice.TailEpsilon).Add(bonus.PMF()) // mass P(hit)
	if calledShotOf(in.CalledShot).Damage != 0 {
		damage = damage.Map(func(v int) int { return in.damageTotal(v, 0) })
	}
	resistance := in.resistanceRoll().pmf(dice.TailEpsilon)
	net := damage.Add(negate(resistance)) // damage − resistance, mass P(hit)

	pCrit := 0.0
	if in.WildOne != WildNone {
		pCrit = 1.0 / 6
	}
	pComp := 0.0
	if in.WildOne == WildComplication {
		pComp = pCrit
	}
	rep := rules.Report{
		Outcomes: []rules.Prob{
			{Name: "hit", P: pHit},
			{Name: "miss", P: pMiss},
			{Name: "critical_failure", P: pCrit, Words: "Critical failure (Wild Die 1)"},
			{Name: "complication", P: pComp},
		},
		Distributions: []rules.Dist{
			{Name: "attack_total", PMF: attack},
			{Name: "difficulty", PMF: difficulty},
			{Name: "damage", PMF: damage.Normalize(), Words: hitDamage},
			{Name: "resistance", PMF: resistance},
		},
		Means: []rules.Mean{
			{Name: "attack_total", Value: attack.Mean()},
			{Name: "difficulty", Value: difficulty.Mean()},
			{Name: "damage", Value: damage.Mean(), Words: hitDamage},
		},
	}

	// withMiss adds the miss mass at value v to a sub-distribution.
	withMiss := func(d dice.PMF, v int) dice.PMF {
		var b dice.Builder
		b.AddPMF(d, 1)
		b.Add(v, pMiss)
		return b.PMF()
	}
	// The target's state, as Resolve's last values: the first two have
	// means, the wound levels labels.
	names := woundValues
	var state []dice.PMF
	if in.System == SystemBodyPoints {
		names = bodyValues
		lost := withMiss(net.Map(func(d int) int { return max(0, d) }), 0)
		left := lost.Map(func(l int) int { return max(0, in.BodyPoints-l) })
		state = []dice.PMF{lost, left, left.Map(func(l int) int { return BodyPointsLevel(l, in.BodyPointsMax) })}
	} else {
		current := levelIndex(in.TargetWound)
		level := withMiss(net.Map(func(d int) int { return in.hitLevel(d) }), LevelNone)
		state = []dice.PMF{level, level.Map(func(l int) int { return Stack(current, l, in.StackEqual) })}
	}
	for i, d := range state {
		var name string
		name, names, _ = strings.Cut(names, " ")
		dist := rules.Dist{Name: name, PMF: d}
		if i == 2 || in.System != SystemBodyPoints {
			dist.Label = LevelLabel
		}
		rep.Distributions = append(rep.Distributions, dist)
		if i < 2 {
			rep.Means = append(rep.Means, rules.Mean{Name: name, Value: d.Mean()})
		}
	}
	return rep, nil
}

// hitLevel is the wound level one hit inflicts for damage − resistance d,
// after the stun rule.
func (in Input) hitLevel(d int) int {
	l := woundFromMargin(d)
	if in.Stun {
		l = StunLevel(l)
	}
	return l
}
