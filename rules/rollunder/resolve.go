package rollunder

import (
	"strconv"

	"d6codex/rules"
	"d6codex/rules/dice"
	"d6codex/rules/text"
)

// Resolve resolves one attack from the dice on t, in this order: the two
// attack dice; on a fumble the two fumble-table dice; on a hit the weapon
// die, then the protection die (armor, dodge or shield die; none when the
// defender has no armor, Dodge or shield), and on a critical the two
// critical-table dice, and for critical 11 the second hit's weapon and
// protection dice. Roll.Outcome is "critical" or "fumble" for doubles, else
// "hit" or "miss". Values: target, attack_roll, and as they apply damage
// (both hits on critical 11), protection (the first hit's), stamina_loss,
// critical_effect, fumble_effect, critical_zero_stamina and
// critical_decapitated (1 when set).
func Resolve(in Input, t *dice.Tape) (rules.Roll, error) {
	s, err := newSetup(in)
	if err != nil {
		return rules.Roll{}, err
	}
	return resolve(s, t, attackTargetText(in, s.target), attackNames)
}

// ResolveDefend resolves one defence roll from the dice on t, in the order
// of Resolve: the two defence dice; when the attacker fumbles (double 6) the
// two fumble-table dice; on a hit the attacker's weapon die, then the
// player's protection die, and on a critical hit (double 1) the two
// critical-table dice, and for critical 11 the second hit's weapon and
// protection dice. Roll.Outcome is "attacker_fumbles" or "critical_hit" for
// doubles, else "avoided" or "hit". Values: target, defence_roll, and as
// they apply damage, protection, stamina_loss, critical_effect,
// fumble_effect, critical_zero_stamina and critical_decapitated.
func ResolveDefend(in DefendInput, t *dice.Tape) (rules.Roll, error) {
	s, err := newDefendSetup(in)
	if err != nil {
		return rules.Roll{}, err
	}
	return resolve(s, t, defendTargetText(in, s.target), defendNames)
}

// resolve traces the exchange s from the dice on t; target is its first
// step, names the outcomes' names.
func resolve(s setup, t *dice.Tape, target string, names outcomeNames) (rules.Roll, error) {
	r := resolver{s: s, t: t, names: names}
	if err := r.run(target); err != nil {
		return rules.Roll{}, err
	}
	if err := t.Done(); err != nil {
		return rules.Roll{}, err
	}
	r.roll.Dice = t.Rolls()
	return r.roll, nil
}

// attackTargetText explains the attack's target number.
func attackTargetText(in Input, target int) string {
	itoa := strconv.Itoa
	tgt := "Target: PHYSICAL " + itoa(in.Physical) + " + skill " + itoa(in.Skill)
	if !in.Ranged {
		tgt += " - opponent's skill " + itoa(in.OpponentSkill)
	}
	if in.Modifier != 0 {
		tgt += " + modifier " + signed(in.Modifier)
	}
	tgt += " = " + itoa(target)
	if in.Ranged {
		tgt += " (ranged: the defender's skill does not count)"
	} else {
		tgt += " (melee)"
	}
	return tgt + "; the attack roll must be under it."
}

// defendTargetText explains the defence roll's target number.
func defendTargetText(in DefendInput, target int) string {
	itoa := strconv.Itoa
	own := map[string]string{DefendWeaponSkill: "your weapon skill", DefendArmorSkill: "your Armor skill",
		DefendDodge: "your Dodge"}[in.DefendWith]
	tgt := "Target: the attacker's PHYSICAL " + itoa(in.Physical) + " + the attacker's skill " +
		itoa(in.AttackerSkill) + " - " + own + " " + itoa(in.DefendingSkill())
	if in.Modifier != 0 {
		tgt += " + modifier " + signed(in.Modifier)
	}
	tgt += " = " + itoa(target)
	if in.Ranged {
		tgt += " (ranged: only Dodge or the Armor skill defends)"
	} else {
		tgt += " (melee)"
	}
	return tgt + "; roll under it to avoid the attack."
}

// resolver accumulates one resolved attack or defence.
type resolver struct {
	s     setup
	t     *dice.Tape
	names outcomeNames
	roll  rules.Roll
}

func (r *resolver) step(s string) { r.roll.Steps = append(r.roll.Steps, s) }
func (r *resolver) value(name string, v int) {
	r.roll.Values = append(r.roll.Values, rules.Value{Name: name, Value: v})
}

// say is the attack's words or the defence's.
func (r *resolver) say(attack, defence string) string {
	if r.s.defence {
		return defence
	}
	return attack
}

func (r *resolver) two(what string) (int, int, error) {
	a, err := r.t.Roll(6, what+" 1")
	if err != nil {
		return 0, 0, err
	}
	b, err := r.t.Roll(6, what+" 2")
	return a, b, err
}

// testLuck rolls a Test LUCK for who ("target" or "attacker", naming the
// dice), whose being the step's first word ("Your"), and reports whether it
// is lucky.
func (r *resolver) testLuck(who, whose string, luck int) (bool, error) {
	a, b, err := r.two(who + " luck die")
	if err != nil {
		return false, err
	}
	ok, step := luckTest(a, b, luck)
	r.step(whose + " " + step)
	return ok, nil
}

// rollStep explains what the two dice of the attack or defence roll do.
func (r *resolver) rollStep(kind rollKind, a, b int) {
	itoa, tgt := strconv.Itoa, strconv.Itoa(r.s.target)
	sum := itoa(a) + " + " + itoa(b)
	total := sum + " = " + itoa(a+b)
	switch {
	case r.s.defence && kind == kindFumble:
		r.step("Defence roll " + sum + ": double 6 always avoids the attack, and the attacker fumbles.")
	case r.s.defence && kind == kindCritical:
		r.step("Defence roll " + sum + ": double 1 always fails, and you take a critical hit.")
	case r.s.defence && kind == kindMiss:
		r.step("Defence roll " + total + ", under " + tgt + ": the attack is avoided.")
	case r.s.defence:
		r.step("Defence roll " + total + ", not under " + tgt + ": you are hit.")
	case kind == kindCritical:
		r.step("Attack roll " + sum + ": double 6 always hits, with a critical.")
	case kind == kindFumble:
		r.step("Attack roll " + sum + ": double 1 always misses, and the attacker fumbles.")
	case kind == kindHit:
		r.step("Attack roll " + total + ", under " + tgt + ": hit.")
	default:
		r.step("Attack roll " + total + ", not under " + tgt + ": miss.")
	}
}

func (r *resolver) run(target string) error {
	s, itoa := r.s, strconv.Itoa
	r.step(target)
	r.value("target", s.target)

	a, b, err := r.two(r.say("attack die", "defence die"))
	if err != nil {
		return err
	}
	r.value(r.say("attack_roll", "defence_roll"), a+b)
	outcome := s.classify(a, b)
	r.roll.Outcome = [...]string{kindMiss: r.names.miss, kindHit: r.names.hit,
		kindCritical: r.names.critical, kindFumble: r.names.fumble}[outcome]
	r.rollStep(outcome, a, b)

	switch outcome {
	case kindMiss:
		r.roll.Result = r.say("Miss.", "Attack avoided.")
		return nil
	case kindFumble:
		if s.atkLuck > 0 {
			ok, err := r.testLuck("attacker", "The attacker's", s.atkLuck)
			if err != nil {
				return err
			}
			r.value("attacker_luck_after", s.atkLuck-1)
			if ok {
				r.value("fumble_effect", 0)
				r.value(outcomeFumbleLucky, 1)
				r.step("Lucky: the fumble is softened, no fumble roll; the attacker only loses the round.")
				r.roll.Result = r.say("Miss and fumble, softened by LUCK: ", "Attack avoided; the attacker fumbles, softened by LUCK: ") +
					"the round is lost."
				return nil
			}
		}
		f1, f2, err := r.two("fumble die")
		if err != nil {
			return err
		}
		f := fumbleData[f1+f2-2]
		e := f.Effect
		r.value("fumble_effect", e.Roll)
		switch f.kind {
		case fumbleHitsSelf:
			r.value(outcomeFumbleHitsSelf, 1)
		case fumbleDropGuard:
			r.value(outcomeFumbleDropGuard, 1)
		}
		r.step("Fumble roll " + itoa(f1) + " + " + itoa(f2) + " = " + itoa(e.Roll) + ": " +
			r.say("", "for the attacker: ") + e.Text)
		r.roll.Result = r.say("Miss and fumble: ", "Attack avoided, and the attacker fumbles: ") + e.Label + "."
		return nil
	}

	w, err := r.t.Roll(6, "weapon die")
	if err != nil {
		return err
	}
	p, err := r.protDie(s.guard.die)
	if err != nil {
		return err
	}
	if s.guard.note != "" {
		r.step(s.guard.note)
	}

	kind, critLabel := critNormal, ""
	if outcome == kindCritical {
		aside, how := "Weapon die "+itoa(w)+" is set aside", "; the critical table says how to use it."
		if s.guard.rollDie {
			aside, how = "Weapon die "+itoa(w)+" and "+s.guard.die+" "+itoa(p)+" are set aside", "; the critical table says how to use them."
		}
		if s.targetLuck > 0 {
			how = ": a Test LUCK comes first, and a lucky one makes this a normal hit."
		}
		r.step(aside + how)
		luck, lucky := s.targetLuck, false
		if luck > 0 {
			var err error
			if lucky, err = r.testLuck("target", r.say("The target's", "Your"), luck); err != nil {
				return err
			}
			luck--
		}
		var err error
		if lucky {
			critLabel = critLucky
			r.value("critical_effect", 0)
			r.value(outcomeCritLucky, 1)
			r.step("Lucky: no critical roll; it is a normal hit.")
		} else {
			err = r.critical(&luck, &kind, &critLabel)
		}
		if s.targetLuck > 0 {
			r.value("target_luck_after", luck)
		}
		if err != nil || kind == critZero || kind == critDecapitate {
			return err
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
		p2, err := r.protDie("second hit " + s.guard.die)
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
	if s.guard.rollDie {
		r.value("protection", prot)
	}
	r.value("stamina_loss", totalLoss)
	res := r.say("Hit: ", "You are hit: ")
	switch {
	case critLabel == critLucky:
		res = r.say("Critical turned into a normal hit by LUCK: ", "Critical hit on you, turned into a normal hit by your LUCK: ")
	case outcome == kindCritical:
		res = r.say("Critical hit (", "Critical hit on you (") + critLabel + "): "
	}
	r.roll.Result = res + itoa(totalLoss) + " STAMINA lost."
	return nil
}

// critical rolls the critical table and sets kind and label; on 0 STAMINA
// or decapitation it writes the result. luck is the target's LUCK after any
// first Test LUCK: with LUCK left, the target tests again against
// decapitation (and luck drops by 1), and is at 0 STAMINA instead when
// lucky.
func (r *resolver) critical(luck *int, kind *critKind, label *string) error {
	itoa := strconv.Itoa
	c1, c2, err := r.two("critical die")
	if err != nil {
		return err
	}
	c := critData[c1+c2-2]
	*kind, *label = c.kind, c.Label
	r.value("critical_effect", c.Roll)
	r.step("Critical roll " + itoa(c1) + " + " + itoa(c2) + " = " + itoa(c.Roll) + ": " + c.Text)
	if c.kind == critDecapitate && *luck > 0 {
		ok, err := r.testLuck("target", r.say("The target's", "Your"), *luck)
		if err != nil {
			return err
		}
		*luck--
		if ok {
			*kind = critZero
			r.step(r.say("Lucky: the target drops to 0 STAMINA instead.", "Lucky: you drop to 0 STAMINA instead."))
		}
	} else if c.kind == critDecapitate && r.s.targetLuck > 0 {
		r.step(r.say("The target has no LUCK left to test: decapitated.", "You have no LUCK left to test: decapitated."))
	}
	switch *kind {
	case critZero:
		r.value(outcomeCritZeroStamina, 1)
		r.step(r.say("The damage roll does not count: the target is at 0 STAMINA.",
			"The damage roll does not count: you are at 0 STAMINA."))
		r.roll.Result = r.say("Critical hit: the target drops to 0 STAMINA.", "Critical hit on you: you drop to 0 STAMINA.")
		return nil
	case critDecapitate:
		r.value(outcomeCritDecapitated, 1)
		r.step("The damage roll does not count.")
		r.roll.Result = r.say("Critical hit: the target is decapitated.", "Critical hit on you: decapitated.")
		return nil
	}
	return nil
}

// protDie rolls the protection die, unless the defender has nothing to roll
// for (no armor, Dodge or shield), when it returns 0 without a die.
func (r *resolver) protDie(what string) (int, error) {
	if !r.s.guard.rollDie {
		return 0, nil
	}
	return r.t.Roll(6, what)
}

// damageStep reads the weapon die for a hit of the given kind and explains
// it. For critDoubleHit2 it is the first, doubled hit.
func (r *resolver) damageStep(kind critKind, w int) int {
	s, dm := r.s, r.s.dmgMod
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
	g := r.s.guard
	if !g.rollDie {
		r.step(r.say("No armor, Dodge or shield: no protection.", "You have no armor, Dodge or shield: no protection."))
		return 0
	}
	v, pm := g.protection(p), g.mod
	what := text.UpperFirst(g.die)
	switch {
	case g.baseName != "" && g.shield.ID != noneID:
		b, sh := g.base.Read(p+pm), g.shield.Track.Read(p+pm)
		r.step(readText(what, p, pm, "the "+g.baseName+" and "+g.shield.Name+" tracks") + ": " +
			strconv.Itoa(b) + " + " + strconv.Itoa(sh) + " = " + strconv.Itoa(v) + " protection.")
	case g.baseName != "":
		r.step(readText(what, p, pm, "the "+g.baseName+" track") + ": " + strconv.Itoa(v) + " protection.")
	default:
		r.step(readText(what, p, pm, "the "+g.shield.Name+" track") + ": " + strconv.Itoa(v) + " protection.")
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
