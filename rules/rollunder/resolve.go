package rollunder

import (
	"strconv"

	"d6codex/rules"
	"d6codex/rules/dice"
)

// Resolve resolves one attack from the dice on t, in this order: the two
// attack dice; on a fumble the two fumble-table dice; on a hit the weapon
// die, then the protection die (armor, dodge or shield die; none when the
// defender has no armor, Dodge or shield), and on a critical the two
// critical-table dice, and for critical 11 the second hit's weapon and
// protection dice. Roll.Outcome is "critical" or "fumble" for doubles, else
// "hit" or "miss". Values: target, attack_roll, and as they apply damage
// (both hits on critical 11), protection (the first hit's), stamina_loss, critical_effect, fumble_effect,
// critical_zero_stamina and critical_decapitated (1 when set).
func Resolve(in Input, t *dice.Tape) (rules.Roll, error) {
	s, err := newSetup(in)
	if err != nil {
		return rules.Roll{}, err
	}
	r := resolver{s: s, t: t}
	if err := r.run(); err != nil {
		return rules.Roll{}, err
	}
	if err := t.Done(); err != nil {
		return rules.Roll{}, err
	}
	r.roll.Dice = t.Rolls()
	return r.roll, nil
}

// resolver accumulates one resolved attack.
type resolver struct {
	s    setup
	t    *dice.Tape
	roll rules.Roll
}

func (r *resolver) step(s string) { r.roll.Steps = append(r.roll.Steps, s) }
func (r *resolver) value(name string, v int) {
	r.roll.Values = append(r.roll.Values, rules.Value{Name: name, Value: v})
}

func (r *resolver) two(what string) (int, int, error) {
	a, err := r.t.Roll(6, what+" 1")
	if err != nil {
		return 0, 0, err
	}
	b, err := r.t.Roll(6, what+" 2")
	return a, b, err
}

func (r *resolver) run() error {
	s, in := r.s, r.s.in
	itoa := strconv.Itoa
	tgt := "Target: PHYSICAL " + itoa(in.Physical) + " + skill " + itoa(in.Skill)
	if !in.Ranged {
		tgt += " - opponent's skill " + itoa(in.OpponentSkill)
	}
	if in.Modifier != 0 {
		tgt += " + modifier " + signed(in.Modifier)
	}
	tgt += " = " + itoa(s.target)
	if in.Ranged {
		tgt += " (ranged: the defender's skill does not count)"
	} else {
		tgt += " (melee)"
	}
	r.step(tgt + "; the attack roll must be under it.")
	r.value("target", s.target)

	a, b, err := r.two("attack die")
	if err != nil {
		return err
	}
	r.value("attack_roll", a+b)
	outcome := s.attackResult(a, b)
	r.roll.Outcome = outcome
	sum := itoa(a) + " + " + itoa(b)
	switch outcome {
	case outcomeCritical:
		r.step("Attack roll " + sum + ": double 6 always hits, with a critical.")
	case outcomeFumble:
		r.step("Attack roll " + sum + ": double 1 always misses, and the attacker fumbles.")
	case outcomeHit:
		r.step("Attack roll " + sum + " = " + itoa(a+b) + ", under " + itoa(s.target) + ": hit.")
	default:
		r.step("Attack roll " + sum + " = " + itoa(a+b) + ", not under " + itoa(s.target) + ": miss.")
	}

	switch outcome {
	case outcomeMiss:
		r.roll.Result = "Miss."
		return nil
	case outcomeFumble:
		f1, f2, err := r.two("fumble die")
		if err != nil {
			return err
		}
		e := fumbleData[f1+f2-2]
		r.value("fumble_effect", e.Roll)
		r.step("Fumble roll " + itoa(f1) + " + " + itoa(f2) + " = " + itoa(e.Roll) + ": " + e.Text)
		r.roll.Result = "Miss and fumble: " + e.Label + "."
		return nil
	}

	w, err := r.t.Roll(6, "weapon die")
	if err != nil {
		return err
	}
	p, err := r.protDie(s.protDie)
	if err != nil {
		return err
	}
	if in.Armor != noneID && in.Dodge > 0 {
		r.step("The defender wears armor, so the Dodge track does not apply.")
	}

	kind, critLabel := critNormal, ""
	if outcome == outcomeCritical {
		if s.rollProt {
			r.step("Weapon die " + itoa(w) + " and " + s.protDie + " " + itoa(p) + " are set aside; the critical table says how to use them.")
		} else {
			r.step("Weapon die " + itoa(w) + " is set aside; the critical table says how to use it.")
		}
		c1, c2, err := r.two("critical die")
		if err != nil {
			return err
		}
		c := critData[c1+c2-2]
		kind, critLabel = c.kind, c.Label
		r.value("critical_effect", c.Roll)
		r.step("Critical roll " + itoa(c1) + " + " + itoa(c2) + " = " + itoa(c.Roll) + ": " + c.Text)
		switch kind {
		case critZero:
			r.value(outcomeCritZeroStamina, 1)
			r.step("The damage roll does not count: the target is at 0 STAMINA.")
			r.roll.Result = "Critical hit: the target drops to 0 STAMINA."
			return nil
		case critDecapitate:
			r.value(outcomeCritDecapitated, 1)
			r.step("The damage roll does not count.")
			r.roll.Result = "Critical hit: the target is decapitated."
			return nil
		}
	}

	damage, prot := r.damageStep(kind, w), r.protStep(p)
	loss := r.lossStep(damage, prot)
	totalDamage, totalLoss := damage, loss
	if kind == critDoubleHit2 {
		w2, err := r.t.Roll(6, "second hit weapon die")
		if err != nil {
			return err
		}
		p2, err := r.protDie("second hit " + s.protDie)
		if err != nil {
			return err
		}
		r.step("Another hit, at +2 to the damage roll:")
		d2 := r.damageStep(critPlus2, w2)
		l2 := r.lossStep(d2, r.protStep(p2))
		totalDamage += d2
		totalLoss += l2
		r.step("Both hits: " + itoa(loss) + " + " + itoa(l2) + " = " + itoa(totalLoss) + " STAMINA lost.")
	}
	r.value("damage", totalDamage)
	if s.rollProt {
		r.value("protection", prot)
	}
	r.value("stamina_loss", totalLoss)
	res := "Hit: "
	if outcome == outcomeCritical {
		res = "Critical hit (" + critLabel + "): "
	}
	r.roll.Result = res + itoa(totalLoss) + " STAMINA lost."
	return nil
}

// protDie rolls the protection die, unless the defender has nothing to roll
// for (no armor, Dodge or shield), when it returns 0 without a die.
func (r *resolver) protDie(what string) (int, error) {
	if !r.s.rollProt {
		return 0, nil
	}
	return r.t.Roll(6, what)
}

// damageStep reads the weapon die for a hit of the given kind and explains
// it. For critDoubleHit2 it is the first, doubled hit.
func (r *resolver) damageStep(kind critKind, w int) int {
	s, dm := r.s, r.s.in.DamageModifier
	track := "the " + s.weapon.Name + " track"
	switch kind {
	case critDouble, critDoubleHit2:
		v := s.weapon.Track.Read(w + dm)
		r.step(readText("Weapon die", w, dm, track) + ": " + strconv.Itoa(v) + "; double damage: 2 x " +
			strconv.Itoa(v) + " = " + strconv.Itoa(2*v) + ".")
		return 2 * v
	case critMax:
		v := s.weapon.Track.Read(6 + dm)
		r.step("Maximum weapon damage: " + readText("a weapon die", 6, dm, track) + " gives " + strconv.Itoa(v) +
			" (the weapon die rolled does not count).")
		return v
	case critPlus2:
		v := s.weapon.Track.Read(w + dm + 2)
		r.step(readText("Weapon die", w, dm+2, track) + ": " + strconv.Itoa(v) + " damage.")
		return v
	}
	v := s.weapon.Track.Read(w + dm)
	r.step(readText("Weapon die", w, dm, track) + ": " + strconv.Itoa(v) + " damage.")
	return v
}

// protStep reads the protection die and explains it.
func (r *resolver) protStep(p int) int {
	s, pm := r.s, r.s.in.ProtectionModifier
	if !s.rollProt {
		r.step("No armor, Dodge or shield: no protection.")
		return 0
	}
	v := s.protection(p)
	what := rules.UpperFirst(s.protDie)
	switch {
	case s.baseName != "" && s.in.Shield != noneID:
		b, sh := s.base.Read(p+pm), s.shield.Track.Read(p+pm)
		r.step(readText(what, p, pm, "the "+s.baseName+" and "+s.shield.Name+" tracks") + ": " +
			strconv.Itoa(b) + " + " + strconv.Itoa(sh) + " = " + strconv.Itoa(v) + " protection.")
	case s.baseName != "":
		r.step(readText(what, p, pm, "the "+s.baseName+" track") + ": " + strconv.Itoa(v) + " protection.")
	default:
		r.step(readText(what, p, pm, "the "+s.shield.Name+" track") + ": " + strconv.Itoa(v) + " protection.")
	}
	return v
}

// lossStep subtracts protection from damage and explains it.
func (r *resolver) lossStep(damage, prot int) int {
	d, p := strconv.Itoa(damage), strconv.Itoa(prot)
	if prot >= damage {
		r.step(d + " damage - " + p + " protection: nothing gets through.")
		return 0
	}
	loss := damage - prot
	r.step(d + " damage - " + p + " protection = " + strconv.Itoa(loss) + " STAMINA lost.")
	return loss
}

// readText explains reading a (modified) die on a track: "Weapon die 5 +2 =
// 7, read as 7+, on the Rifle track".
func readText(what string, face, mod int, tracks string) string {
	roll := face + mod
	s := what + " " + strconv.Itoa(face)
	if mod != 0 {
		s += " " + signed(mod) + " = " + strconv.Itoa(roll)
	}
	switch {
	case roll > 6:
		s += ", read as 7+,"
	case roll < 1:
		s += ", read as 1,"
	}
	return s + " on " + tracks
}
