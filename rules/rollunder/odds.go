package rollunder

import (
	"slices"

	"d6codex/rules"
	"d6codex/rules/dice"
)

// hit is the damage (track values, doubled where the critical says so) and
// STAMINA loss of a hit with the given kind and dice: w, p are the weapon and
// protection dice, w2, p2 those of the critical's second hit. ok is false
// when the loss is not a number (0 STAMINA, decapitated).
func (s setup) hit(kind critKind, w, p, w2, p2 int) (damage, loss int, ok bool) {
	dm := s.dmgMod
	prot := s.guard.protection(p)
	switch kind {
	case critZero, critDecapitate:
		return 0, 0, false
	case critDouble:
		damage = 2 * s.weapon.Track.Read(w+dm)
	case critMax:
		damage = s.weapon.Track.Read(6 + dm)
	case critPlus2:
		damage = s.weapon.Track.Read(w + dm + 2)
	case critDoubleHit2:
		d1 := 2 * s.weapon.Track.Read(w+dm)
		d2 := s.weapon.Track.Read(w2 + dm + 2)
		return d1 + d2, max(0, d1-prot) + max(0, d2-s.guard.protection(p2)), true
	default:
		damage = s.weapon.Track.Read(w + dm)
	}
	return damage, max(0, damage-prot), true
}

// Odds is the exact report of one attack.
//
// Outcomes: hit and miss partition the attack; critical (double 6) is part
// of hit and fumble (double 1) part of miss; critical_zero_stamina and
// critical_decapitated are the parts of critical whose STAMINA loss is not a
// number. Distributions: damage, stamina_loss (over all attacks, a miss
// counting 0; they leave out the mass of critical_zero_stamina and
// critical_decapitated), stamina_loss_normal_hit (given a hit that is not a
// critical), critical_effect (given a critical) and fumble_effect (given a
// fumble). Means: damage, stamina_loss, stamina_loss_normal_hit.
func Odds(in Input) (rules.Report, error) {
	s, err := newSetup(in)
	if err != nil {
		return rules.Report{}, err
	}
	return s.odds().report(attackNames), nil
}

// DefendOdds is the exact report of one defence roll, in the player's
// words.
//
// Outcomes: avoided and hit partition the attack; attacker_fumbles (double
// 6) is part of avoided and critical_hit (double 1) part of hit;
// critical_zero_stamina and critical_decapitated are the parts of
// critical_hit whose STAMINA loss is not a number. Distributions and means
// are those of Odds, for the STAMINA the player loses: damage, stamina_loss,
// stamina_loss_normal_hit, critical_effect (given a critical hit) and
// fumble_effect (given that the attacker fumbles).
func DefendOdds(in DefendInput) (rules.Report, error) {
	s, err := newDefendSetup(in)
	if err != nil {
		return rules.Report{}, err
	}
	return s.odds().report(defendNames), nil
}

// outcomeNames are the names a report gives the outcomes of the dice, by
// rollKind, and the two criticals with no STAMINA number.
type outcomeNames struct {
	miss, hit, critical, fumble string
	avoidFirst                  bool // the defender's view: avoided first, the good double first
}

var (
	attackNames = outcomeNames{miss: outcomeMiss, hit: outcomeHit, critical: outcomeCritical, fumble: outcomeFumble}
	defendNames = outcomeNames{miss: outcomeAvoided, hit: outcomeHit, critical: outcomeCriticalHit, fumble: outcomeAttackerFumbles,
		avoidFirst: true}
)

// exchange is the exact odds of one attack, whoever rolls the dice.
type exchange struct {
	p           [4]float64 // P(each rollKind)
	lucky       float64    // P(the target's Test LUCK turns it into a normal hit), given a critical
	zero, decap float64    // P(0 STAMINA), P(decapitated), given a critical
	softened    float64    // P(the attacker's Test LUCK softens it), given a fumble
	fumbleKind  [3]float64 // P(the fumble table is rolled and gives each fumbleKind), given a fumble
	damage      dice.PMF   // over all attacks but the criticals with no number
	loss        dice.PMF   // the same, after protection
	normalLoss  dice.PMF   // given a hit that is not a critical
}

// odds enumerates the dice of the exchange: the 2d6 roll, then the damage of
// a normal hit and the mixture of the critical table.
func (s setup) odds() exchange {
	var e exchange
	const d = 1.0 / 6
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			e.p[s.classify(a, b)] += d * d
		}
	}
	prot := []int{1, 2, 3, 4, 5, 6}
	if !s.guard.rollDie {
		prot = []int{1} // every track reads 0: the die is not rolled
	}
	pp := 1 / float64(len(prot))

	// Normal hit.
	var nDamage, nLoss dice.Builder
	for w := 1; w <= 6; w++ {
		for _, p := range prot {
			dmg, loss, _ := s.hit(critNormal, w, p, 0, 0)
			nDamage.Add(dmg, d*pp)
			nLoss.Add(loss, d*pp)
		}
	}
	normalDamage := nDamage.PMF()
	e.normalLoss = nLoss.PMF()

	// Fumble: the attacker's Test LUCK softens it to the lost round, or
	// the fumble table is rolled.
	two := dice.NdS(2, 6)
	e.softened = testChance(s.atkLuck)
	for r := 2; r <= 12; r++ {
		e.fumbleKind[fumbleData[r-2].kind] += (1 - e.softened) * two.P(r)
	}

	// Critical: the target's Test LUCK turns it into a normal hit, or the
	// 2d6 critical table is rolled; on 12 a second Test LUCK, one LUCK
	// lower, drops the target to 0 STAMINA instead.
	var cDamage, cLoss dice.Builder
	e.lucky = testChance(s.targetLuck)
	cDamage.AddPMF(normalDamage, e.lucky)
	cLoss.AddPMF(e.normalLoss, e.lucky)
	again := testChance(s.targetLuck - 1)
	for r := 2; r <= 12; r++ {
		pr := (1 - e.lucky) * two.P(r)
		kind := critData[r-2].kind
		switch kind {
		case critZero:
			e.zero += pr
			continue
		case critDecapitate:
			e.zero += pr * again
			e.decap += pr * (1 - again)
			continue
		}
		second := []int{0}
		if kind == critDoubleHit2 {
			second = []int{1, 2, 3, 4, 5, 6}
		}
		ps := 1 / float64(len(second))
		for w := 1; w <= 6; w++ {
			for _, p := range prot {
				for _, w2 := range second {
					// The second hit's protection die, when there is one.
					p2s := []int{0}
					if kind == critDoubleHit2 {
						p2s = prot
					}
					for _, p2 := range p2s {
						q := pr * d * pp * ps / float64(len(p2s))
						dmg, loss, _ := s.hit(kind, w, p, w2, p2)
						cDamage.Add(dmg, q)
						cLoss.Add(loss, q)
					}
				}
			}
		}
	}

	var damage, loss dice.Builder
	none := e.p[kindMiss] + e.p[kindFumble]
	damage.Add(0, none)
	loss.Add(0, none)
	damage.AddPMF(normalDamage, e.p[kindHit])
	loss.AddPMF(e.normalLoss, e.p[kindHit])
	damage.AddPMF(cDamage.PMF(), e.p[kindCritical])
	loss.AddPMF(cLoss.PMF(), e.p[kindCritical])
	e.damage, e.loss = damage.PMF(), loss.PMF()
	return e
}

// report names the exchange's odds: the hit and miss outcomes (each with
// its double), the two criticals with no number, then the distributions and
// means.
func (e exchange) report(n outcomeNames) rules.Report {
	two := dice.NdS(2, 6)
	var critEffect, fumbleEffect dice.Builder
	critEffect.Add(0, e.lucky)
	critEffect.AddPMF(two, 1-e.lucky)
	fumbleEffect.Add(0, e.softened)
	fumbleEffect.AddPMF(two, 1-e.softened)
	crit, fumble := e.p[kindCritical], e.p[kindFumble]
	both, doubles := []rules.Prob{
		{Name: n.hit, P: e.p[kindHit] + e.p[kindCritical]},
		{Name: n.miss, P: e.p[kindMiss] + e.p[kindFumble]},
	}, []rules.Prob{{Name: n.critical, P: e.p[kindCritical]}, {Name: n.fumble, P: e.p[kindFumble]}}
	if n.avoidFirst {
		slices.Reverse(both)
		slices.Reverse(doubles)
	}
	return rules.Report{
		Outcomes: append(append(both, doubles...),
			rules.Prob{Name: outcomeCritZeroStamina, P: crit * e.zero, Words: "Critical: STAMINA to zero"},
			rules.Prob{Name: outcomeCritDecapitated, P: crit * e.decap, Words: "Critical: decapitated"},
			rules.Prob{Name: outcomeCritLucky, P: crit * e.lucky, Words: "Critical turned into a normal hit by LUCK"},
			rules.Prob{Name: outcomeFumbleLucky, P: fumble * e.softened, Words: "Fumble softened by LUCK: the round is lost only"},
			rules.Prob{Name: outcomeFumbleHitsSelf, P: fumble * e.fumbleKind[fumbleHitsSelf],
				Words: "Fumble: the fumbler hits themself or an ally (table 2, 3, 12)"},
			rules.Prob{Name: outcomeFumbleDropGuard, P: fumble * e.fumbleKind[fumbleDropGuard],
				Words: "Fumble: the next attack on the fumbler does more damage (table 4, 10)"},
		),
		Distributions: []rules.Dist{
			{Name: "damage", PMF: e.damage},
			{Name: "stamina_loss", PMF: e.loss, Words: "STAMINA lost"},
			{Name: "stamina_loss_normal_hit", PMF: e.normalLoss, Words: "STAMINA lost on a hit that is not a critical"},
			{Name: "critical_effect", PMF: critEffect.PMF(), Label: criticalLabel},
			{Name: "fumble_effect", PMF: fumbleEffect.PMF(), Label: fumbleLabel},
		},
		Means: []rules.Mean{
			{Name: "damage", Value: e.damage.Mean(), Words: "damage (a miss counts as 0)"},
			{Name: "stamina_loss", Value: e.loss.Mean(), Words: "STAMINA lost"},
			{Name: "stamina_loss_normal_hit", Value: e.normalLoss.Mean(), Words: "STAMINA lost on a hit that is not a critical"},
		},
	}
}

func criticalLabel(v int) string {
	if v == 0 {
		return critLucky
	}
	if v < 2 || v > 12 {
		return ""
	}
	return critData[v-2].Label
}

func fumbleLabel(v int) string {
	if v == 0 {
		return fumbleLucky
	}
	if v < 2 || v > 12 {
		return ""
	}
	return fumbleData[v-2].Label
}
