package rollunder

import (
	"d6codex/rules"
	"d6codex/rules/dice"
)

// hit is the damage (track values, doubled where the critical says so) and
// STAMINA loss of a hit with the given kind and dice: w, p are the weapon and
// protection dice, w2, p2 those of the critical's second hit. ok is false
// when the loss is not a number (0 STAMINA, decapitated).
func (s setup) hit(kind critKind, w, p, w2, p2 int) (damage, loss int, ok bool) {
	dm := s.in.DamageModifier
	prot := s.protection(p)
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
		return d1 + d2, max(0, d1-prot) + max(0, d2-s.protection(p2)), true
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
	var pHit, pMiss, pCrit, pFumble float64
	const d = 1.0 / 6
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			switch s.attackResult(a, b) {
			case outcomeCritical:
				pCrit += d * d
			case outcomeFumble:
				pFumble += d * d
			case outcomeHit:
				pHit += d * d
			default:
				pMiss += d * d
			}
		}
	}
	prot := []int{1, 2, 3, 4, 5, 6}
	if !s.rollProt {
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
	normalDamage, normalLoss := nDamage.PMF(), nLoss.PMF()

	// Critical: mixture over the 2d6 critical table.
	two := dice.NdS(2, 6)
	var cDamage, cLoss dice.Builder
	var pZero, pDecap float64
	for r := 2; r <= 12; r++ {
		pr := two.P(r)
		kind := critData[r-2].kind
		switch kind {
		case critZero:
			pZero += pr
			continue
		case critDecapitate:
			pDecap += pr
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
	damage.Add(0, pMiss+pFumble)
	loss.Add(0, pMiss+pFumble)
	damage.AddPMF(normalDamage, pHit)
	loss.AddPMF(normalLoss, pHit)
	damage.AddPMF(cDamage.PMF(), pCrit)
	loss.AddPMF(cLoss.PMF(), pCrit)
	damagePMF, lossPMF := damage.PMF(), loss.PMF()

	return rules.Report{
		Outcomes: []rules.Prob{
			{Name: outcomeHit, P: pHit + pCrit},
			{Name: outcomeMiss, P: pMiss + pFumble},
			{Name: outcomeCritical, P: pCrit},
			{Name: outcomeFumble, P: pFumble},
			{Name: outcomeCritZeroStamina, P: pCrit * pZero},
			{Name: outcomeCritDecapitated, P: pCrit * pDecap},
		},
		Distributions: []rules.Dist{
			{Name: "damage", PMF: damagePMF},
			{Name: "stamina_loss", PMF: lossPMF},
			{Name: "stamina_loss_normal_hit", PMF: normalLoss},
			{Name: "critical_effect", PMF: two, Label: criticalLabel},
			{Name: "fumble_effect", PMF: two, Label: fumbleLabel},
		},
		Means: []rules.Mean{
			{Name: "damage", Value: damagePMF.Mean()},
			{Name: "stamina_loss", Value: lossPMF.Mean()},
			{Name: "stamina_loss_normal_hit", Value: normalLoss.Mean()},
		},
	}, nil
}

func criticalLabel(v int) string {
	if v < 2 || v > 12 {
		return ""
	}
	return critData[v-2].Label
}

func fumbleLabel(v int) string {
	if v < 2 || v > 12 {
		return ""
	}
	return fumbleData[v-2].Label
}
