package skirmish

import (
	"errors"
	"strconv"

	"d6codex/rules"
	"d6codex/rules/dice"
)

// sideResult is one side's dice after cancellation and keeping.
type sideResult struct {
	left   []int // dice left after cancellation, highest first
	kept   []int // the kept dice: 2, or fewer when fewer are left
	score  int   // sum of the kept dice
	rest   int   // total of the dice left but not kept
	double bool  // the kept pair shows the same face
}

// Resolve resolves one confrontation from the dice on the tape, rolled in
// this order: the attack pool dice, the attack penalty dice, the defense pool
// dice, the defense penalty dice; a Precise attack's penalty die for the
// defense (attacker_effect precise, or best choosing it, on a kept double
// 1–5); the Maneuver reroll dice (the defender's after the attacker's
// Maneuver, then the attacker's after the defender's); after a Force attack
// the breakage dice of the weapon and of the second weapon (a metal weapon's
// second die only when its first shows 1); last the aptitude dice of Off
// balance (the defender's after a Force attack, then the attacker's after
// the defender's Off balance). Extra fixed dice are an error.
func Resolve(in Input, t *dice.Tape) (rules.Roll, error) {
	if err := in.Validate(); err != nil {
		return rules.Roll{}, err
	}
	if t == nil {
		return rules.Roll{}, errors.New("skirmish: no dice given")
	}
	steps := situationSteps(in)
	in = in.effective()
	roll := func(n int, what string) ([]int, error) { return t.RollN(n, 6, what) }
	aPool, err := roll(in.AttackDice, "attack die")
	if err != nil {
		return rules.Roll{}, err
	}
	aPen, err := roll(in.AttackPenalty, "attack penalty die")
	if err != nil {
		return rules.Roll{}, err
	}
	dPool, err := roll(in.DefenseDice, "defense die")
	if err != nil {
		return rules.Roll{}, err
	}
	dPen, err := roll(in.DefensePenalty, "defense penalty die")
	if err != nil {
		return rules.Roll{}, err
	}

	a := resolveSide("Attack", aPool, aPen, in.Keep, &steps)
	d := resolveSide("Defense", dPool, dPen, in.Keep, &steps)

	effect := ""
	if a.double && a.kept[0] < 6 {
		effect = in.attackerDouble()
		if effect == EffectBest {
			effect, _ = newSides(in).best(in)
			steps = append(steps, "The attacker kept a double "+strconv.Itoa(a.kept[0])+" and takes the special attack that serves them best in this match-up: "+effectName(effect)+".")
		} else if effect != EffectNone {
			steps = append(steps, "The attacker kept a double "+strconv.Itoa(a.kept[0])+" and takes "+effectName(effect)+".")
		}
	}
	switch effect {
	case EffectPrecise:
		p, err := t.Roll(6, "Precise attack penalty die")
		if err != nil {
			return rules.Roll{}, err
		}
		steps = append(steps, "Precise attack: the defender rolls a penalty die more, "+strconv.Itoa(p)+", and keeps again.")
		d = resolveSide("Defense", dPool, append(append([]int(nil), dPen...), p), in.Keep, &steps)
	case EffectFlaw:
		if in.Armor > 0 {
			steps = append(steps, "Flaw: the defender's armor counts 1 less.")
		} else {
			steps = append(steps, "Flaw: the defender wears no armor, so +1 damage.")
		}
	}
	// The defender's special defense, from the pair it keeps after any
	// Precise attack; a0 and d0 are the pairs whose doubles stay active
	// after a Maneuver's reroll.
	a0, d0 := a, d
	class := classNone
	if d0.double {
		class = classLow + b2i(d0.kept[0] == 6)
	}
	def := in.defenses()[class]
	if effect == EffectManeuver {
		err = maneuver("defender", "Defense", &d, t, &steps)
	}
	if err == nil && class == classLow && in.DefenderDouble == DefenseManeuver {
		err = maneuver("attacker", "Attack", &a, t, &steps)
	}
	if err != nil {
		return rules.Roll{}, err
	}

	sa, sd := strconv.Itoa(a.score), strconv.Itoa(d.score)
	wins, tactical := false, false
	var result string
	switch {
	case a.score == d.score && effect == EffectTactical:
		wins, tactical = true, true
		steps = append(steps, "Scores tie at "+sa+": Tactical advantage, the attacker wins without comparing the other dice and deals "+plural(TacticalDamage, "point")+".")
		result = "Attacker wins the tie at " + sa + " by Tactical advantage"
	case a.score > d.score:
		wins = true
		steps = append(steps, sa+" beats "+sd+": the attacker wins by "+strconv.Itoa(a.score-d.score)+".")
		result = "Attacker wins " + sa + " to " + sd
	case a.score < d.score:
		steps = append(steps, sa+" is below "+sd+": the attack fails.")
		result = "Attack fails, " + sa + " to " + sd
	default:
		ra, rd := strconv.Itoa(a.rest), strconv.Itoa(d.rest)
		tie := "Scores tie at " + sa + "; the dice not kept total " + ra + " against " + rd
		switch {
		case a.rest > d.rest:
			wins = true
			steps = append(steps, tie+": the attacker wins (difference 0).")
			result = "Attacker wins the tie at " + sa + " on the dice not kept, " + ra + " to " + rd
		case a.rest < d.rest:
			steps = append(steps, tie+": the attack fails.")
			result = "Attack fails: tie at " + sa + ", dice not kept " + ra + " to " + rd
		default:
			steps = append(steps, tie+": still tied, so the attack fails.")
			result = "Attack fails: tie at " + sa + ", still tied at " + ra
		}
	}

	outcome := "defender_wins"
	diff := a.score - d.score
	force := in.usesForce() && a0.double && a0.kept[0] == 6
	var values []rules.Value // appended one by one: a literal of them costs the module an equality function
	for i, name := range [...]string{"attack_score", "defense_score", "attack_rest", "defense_rest", "difference"} {
		values = append(values, rules.Value{Name: name, Value: [...]int{a.score, d.score, a.rest, d.rest, diff}[i]})
	}
	if force {
		steps = append(steps, forceStep(in))
	}
	aggr := func(dmg int) int {
		if !def.aggr {
			return dmg
		}
		steps = append(steps, "Aggressiveness: the defender's double "+strconv.Itoa(d0.kept[0])+" takes 1 point off, leaving "+strconv.Itoa(max(dmg-1, 0))+".")
		return max(dmg-1, 0)
	}
	dead := false
	kind := dmgPlain
	switch {
	case force:
		kind = dmgForce
	case effect == EffectFlaw:
		kind = dmgFlaw
	}
	if tactical {
		outcome = "attacker_wins"
		dmg := TacticalDamage + in.ExtraDamage
		s := "Tactical advantage deals " + plural(TacticalDamage, "point") + ", whatever the armor"
		if in.ExtraDamage > 0 {
			s += "; extra damage +" + strconv.Itoa(in.ExtraDamage) + " makes " + strconv.Itoa(dmg)
		}
		steps = append(steps, s+".")
		dmg = aggr(dmg)
		values = append(values, rules.Value{Name: "damage", Value: dmg})
		result += ": " + plural(dmg, "point") + " of damage."
	} else if wins {
		outcome = "attacker_wins"
		pts, instant := DamagePoints(in.damageTable(), diff)
		dead = instant
		if dead {
			steps = append(steps, "Difference "+strconv.Itoa(diff)+" is 12 or more: instant death.")
			result += ": instant death."
		} else {
			dmg := damageAfter(pts, in, kind)
			steps = append(steps, damageStep(in, diff, pts, dmg, kind))
			dmg = aggr(dmg)
			values = append(values, rules.Value{Name: "damage", Value: dmg})
			result += ": " + plural(dmg, "point") + " of damage."
		}
	} else {
		values = append(values, rules.Value{Name: "damage", Value: 0})
		result += "."
	}
	riposte, ripDead := def.riposte && d.score > a.score, false
	if riposte {
		margin := d.score - a.score
		pts, instant := DamagePoints(in.damageTable(), margin)
		ripDead = instant
		line := "Riposte: the defender's double " + strconv.Itoa(d0.kept[0]) + " sends the blow back; margin " + strconv.Itoa(margin)
		if instant {
			steps = append(steps, line+" is 12 or more: the attacker dies.")
			result += " Riposte: the attacker dies."
		} else {
			back := max(pts-in.AttackerArmor, 0)
			line += " gives " + plural(pts, "point") + " on the damage table"
			if in.AttackerArmor > 0 {
				line += "; the attacker's armor " + strconv.Itoa(in.AttackerArmor) + " leaves " + strconv.Itoa(back)
			}
			steps = append(steps, line+".")
			values = append(values, rules.Value{Name: "riposte_damage", Value: back})
			result += " Riposte: the attacker takes " + plural(back, "point") + "."
		}
	}
	broken := 0
	if force {
		for _, m := range in.weapons() {
			b, step, err := breakTest(m, t)
			if err != nil {
				return rules.Roll{}, err
			}
			steps = append(steps, step)
			broken += b2i(b)
		}
		if broken > 0 {
			result += " The Force attack breaks " + plural(broken, "weapon") + "."
		}
	}
	var falls [2]int // the defender, the attacker
	if force {
		falls[0], err = aptitudeTest("defender", in.DefenderAptitude, t, &steps)
	}
	if err == nil && class == classSix && def.offBalanceOn(a.score, d.score) {
		falls[1], err = aptitudeTest("attacker", in.AttackerAptitude, t, &steps)
	}
	if err != nil {
		return rules.Roll{}, err
	}
	result += [4]string{"", " The defender falls.", " The attacker falls.", " Both fall."}[falls[0]+2*falls[1]]
	if err := t.Done(); err != nil {
		return rules.Roll{}, err
	}
	flags := [...]int{b2i(dead), b2i(a0.double && a0.kept[0] < 6), b2i(force), broken, b2i(class == classLow),
		b2i(class == classSix), b2i(riposte), b2i(ripDead), falls[0], falls[1]}
	for i, name := range [...]string{"instant_death", "special_attack", "force_attack", "weapons_broken", "special_defense",
		"off_balance_or_riposte", "riposte", "riposte_instant_death", "defender_falls", "attacker_falls"} {
		values = append(values, rules.Value{Name: name, Value: flags[i]})
	}
	switch {
	case a0.double && a0.kept[0] < 6 && effect == EffectNone:
		steps = append(steps, "The attacker kept a double "+strconv.Itoa(a0.kept[0])+": a special attack (Precise attack, Maneuver, Flaw or Tactical advantage) may be chosen at the table; its effect is not counted here.")
	case a0.double && a0.kept[0] == 6 && !force:
		steps = append(steps, "The attacker kept a double 6 but does not use the Force attack (setting force_attack never).")
	}
	if d0.double && !def.aggr && !def.riposte && !def.offBalance && (class == classSix || in.DefenderDouble != DefenseManeuver) {
		if d0.kept[0] == 6 {
			steps = append(steps, "The defender kept a double 6: Off balance or Riposte may be chosen at the table (not counted here).")
		} else {
			steps = append(steps, "The defender kept a double "+strconv.Itoa(d0.kept[0])+": a special defense (Maneuver, Aggressiveness, Riposte or Disengage) may be chosen at the table (not counted here).")
		}
	}
	return rules.Roll{Dice: t.Rolls(), Outcome: outcome, Result: result, Values: values, Steps: steps}, nil
}

// situationSteps explains how the charge, backstab and ground settings
// change the dice and the damage (one die each, provisional).
func situationSteps(in Input) []string {
	var steps []string
	take := func(name, v string, damage bool) {
		s := ""
		switch v {
		case SituationAttackDie:
			s = name + ": the attacker takes +1 attack die"
		case SituationDefensePenalty:
			s = name + ": the defender gets +1 penalty die"
		default:
			return
		}
		if damage {
			s += ", and the blow deals +1 damage"
		}
		steps = append(steps, s+" (one die, provisional).")
	}
	take("Charge", in.Charge, false)
	take("Backstab", in.Backstab, true)
	switch in.Ground {
	case GroundDefender:
		steps = append(steps, "The defender is on the ground: +1 penalty die (provisional) and +1 damage.")
	case GroundAttacker:
		steps = append(steps, "The attacker fights from the ground: +1 attack penalty die (provisional).")
	case GroundBoth:
		steps = append(steps, "Both are on the ground: the defender gets +1 penalty die and the blow +1 damage, the attacker +1 penalty die (provisional).")
	}
	return steps
}

// forceStep explains the Force attack's effects on this input.
func forceStep(in Input) string {
	s := "The attacker kept a double 6: Force attack. "
	if in.Armor > 0 {
		s += "The defender's armor counts as 0 and the blow deals +1 damage"
	} else {
		s += "The defender wears no armor, so +1 damage, and the blow deals +1 damage more"
	}
	s += "; every weapon used is tested for breakage, and the defender must roll a double on an aptitude test or fall."
	return s
}

// aptitudeTest rolls the aptitude test of k dice of a fighter thrown off
// balance, who stays standing on a double (two dice alike): 1 if the
// fighter falls.
func aptitudeTest(who string, k int, t *dice.Tape, steps *[]string) (int, error) {
	faces, err := t.RollN(k, 6, who+"'s aptitude die")
	var count [7]int
	fell := 1
	for _, f := range faces {
		count[f]++
		fell &= b2i(count[f] == 1)
	}
	*steps = append(*steps, "Off balance: the "+who+"'s aptitude test shows ["+joinInts(faces, ", ")+"]"+
		[2]string{": a double, still standing.", ": no double, the fighter falls."}[fell])
	return fell, err
}

// breakTest rolls the breakage test of one weapon after a Force attack: the
// weapon breaks when m.Rolls dice in a row show m.BreaksOn or less (the
// next die is rolled only while every die so far broke it).
func breakTest(m Material, t *dice.Tape) (bool, string, error) {
	var faces []int
	for i := range m.Rolls {
		what := "breakage die (" + m.Name + ")"
		if m.Rolls > 1 {
			what = "breakage die " + strconv.Itoa(i+1) + " (" + m.Name + ")"
		}
		f, err := t.Roll(6, what)
		if err != nil {
			return false, "", err
		}
		faces = append(faces, f)
		if f > m.BreaksOn {
			break
		}
	}
	breaks := len(faces) == m.Rolls && faces[len(faces)-1] <= m.BreaksOn
	on := "1"
	if m.BreaksOn > 1 {
		on = "1–" + strconv.Itoa(m.BreaksOn)
	}
	s := "Breakage test, " + m.Name + " weapon (breaks on " + on
	if m.Rolls > 1 {
		s += ", " + strconv.Itoa(m.Rolls) + " times in a row"
	}
	s += "): " + joinInts(faces, ", ")
	if breaks {
		return true, s + ": the weapon breaks.", nil
	}
	return false, s + ": the weapon holds.", nil
}

// resolveSide cancels, keeps and explains one side's dice.
func resolveSide(side string, pool, pen []int, keep string, steps *[]string) sideResult {
	line := side + " rolls " + joinInts(pool, ", ")
	switch len(pen) {
	case 0:
		line += " with no penalty dice."
	case 1:
		line += " with penalty die " + strconv.Itoa(pen[0]) + "."
	default:
		line += " with penalty dice " + joinInts(pen, ", ") + "."
	}
	*steps = append(*steps, line)

	// Faces are 1..6, so counting them cancels and sorts without the
	// generic slices code (which costs the WebAssembly module more).
	var count [7]int // dice of the pool left, by face
	for _, v := range pool {
		count[v]++
	}
	for _, p := range pen {
		f := strconv.Itoa(p)
		if count[p] > 0 {
			count[p]--
			*steps = append(*steps, "Penalty die "+f+" cancels one "+f+".")
		} else {
			*steps = append(*steps, "Penalty die "+f+" finds no "+f+" left to cancel and does nothing.")
		}
	}
	var left []int // highest first
	for f := 6; f >= 1; f-- {
		for range count[f] {
			left = append(left, f)
		}
	}

	var r sideResult
	r.left = left
	switch len(left) {
	case 0:
		*steps = append(*steps, side+" has no dice left: score 0.")
		return r
	case 1:
		r.kept, r.score = left, left[0]
		*steps = append(*steps, side+" has one die left: score "+strconv.Itoa(r.score)+".")
		return r
	}
	i := 0 // the kept pair is left[i], left[i+1]
	if keep == KeepPreferDouble {
		for j := 0; j+1 < len(left); j++ {
			if left[j] == left[j+1] {
				i = j
				break
			}
		}
	}
	r.kept = []int{left[i], left[i+1]}
	r.score = left[i] + left[i+1]
	r.double = left[i] == left[i+1]
	others := append(append([]int(nil), left[:i]...), left[i+2:]...)
	for _, v := range others {
		r.rest += v
	}
	line = side + " keeps "
	if i > 0 {
		line += "the double "
	}
	line += strconv.Itoa(r.kept[0]) + " and " + strconv.Itoa(r.kept[1]) + " = " + strconv.Itoa(r.score)
	if i > 0 {
		line += " rather than the higher " + strconv.Itoa(left[0]) + " and " + strconv.Itoa(left[1]) + " (keep prefer_double)"
	}
	if len(others) > 0 {
		line += "; dice not kept " + joinInts(others, ", ") + " = " + strconv.Itoa(r.rest)
	}
	*steps = append(*steps, line+".")
	return r
}

// maneuver rerolls a side's highest kept die (its highest die left) after
// the opponent's Maneuver: the new die meets no penalty die, and the side
// keeps its two highest again.
func maneuver(who, side string, r *sideResult, t *dice.Tape, steps *[]string) error {
	if len(r.left) == 0 {
		return nil // no die left to reroll
	}
	x, err := t.Roll(6, "Maneuver reroll die")
	*steps = append(*steps, "Maneuver: the "+who+" rerolls its "+strconv.Itoa(r.left[0])+" and gets "+strconv.Itoa(x)+".")
	*r = resolveSide(side, append(r.left[1:len(r.left):len(r.left)], x), nil, KeepHighest, steps)
	return err
}

// effectName is an attacker's special attack as the trace names it.
func effectName(effect string) string {
	switch effect {
	case EffectPrecise:
		return "Precise attack"
	case EffectFlaw:
		return "Flaw"
	case EffectTactical:
		return "Tactical advantage"
	case EffectManeuver:
		return "Maneuver"
	}
	return "no special attack"
}

func damageStep(in Input, diff, pts, dmg, kind int) string {
	force := kind == dmgForce
	s := "Difference " + strconv.Itoa(diff) + " gives " + plural(pts, "point") + " on the damage table"
	switch {
	case len(in.DamageTable) == DamageTableSize:
		s += " (your table)"
	case damageBandData[bandOfDiff[diff]].Provisional:
		s += " (provisional value)"
	}
	switch {
	case force && in.Armor > 0:
		s += "; the Force attack ignores armor " + strconv.Itoa(in.Armor) + " and adds 1, making " + strconv.Itoa(pts+1)
	case force:
		s += "; the Force attack adds 1 (no armor) and 1, making " + strconv.Itoa(pts+2)
	case kind == dmgFlaw && in.Armor > 0:
		s += "; armor " + strconv.Itoa(in.Armor) + " less 1 for the Flaw leaves " + strconv.Itoa(max(pts-in.Armor+1, 0))
	case kind == dmgFlaw:
		s += "; the Flaw adds 1 (no armor), making " + strconv.Itoa(pts+1)
	case in.Armor > 0:
		s += "; armor " + strconv.Itoa(in.Armor) + " leaves " + strconv.Itoa(max(pts-in.Armor, 0))
	}
	if in.ExtraDamage > 0 {
		s += "; extra damage +" + strconv.Itoa(in.ExtraDamage) + " makes " + strconv.Itoa(dmg)
	}
	return s + "."
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
