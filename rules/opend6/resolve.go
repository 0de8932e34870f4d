package opend6

import (
	"errors"
	"strconv"

	"d6codex/rules"
	"d6codex/rules/dice"
	"d6codex/rules/text"
)

// Resolve resolves one attack from the dice in t, in the order the package
// doc gives (attack, defense, cover, damage, resistance; each roll's normal
// dice, then its Wild Die and re-rolls). The Roll's Outcome is "hit" or
// "miss"; its Values are attack_total, difficulty, critical_failure and
// complication (0 or 1), on a hit damage and resistance, and then the
// target's state: wound_level and target_after (wounds) or
// body_points_lost, target_after and level_after (body points), where a
// miss leaves the target as it was.
func Resolve(in Input, t *dice.Tape) (rules.Roll, error) {
	if err := in.Validate(); err != nil {
		return rules.Roll{}, err
	}
	if t == nil {
		return rules.Roll{}, errors.New("opend6: no dice given (nil tape)")
	}
	var steps []string
	var values []rules.Value
	val := func(name string, v int) { values = append(values, rules.Value{Name: name, Value: v}) }
	flag := func(b bool) int {
		if b {
			return 1
		}
		return 0
	}

	code := in.attackCode()
	if own := in.ownAttackCode(); own != in.Skill {
		steps = append(steps, "Skill "+in.Skill.String()+", doubled by a Fate Point and/or +1D per round of aiming: "+own.String()+".")
	}
	if in.Actions > 1 {
		steps = append(steps, "Skill "+in.ownAttackCode().String()+" with "+strconv.Itoa(in.Actions)+" actions: the multi-action penalty is −"+
			strconv.Itoa(in.Actions-1)+"D, so the attack rolls "+code.String()+".")
	}
	atk, err := in.attackRoll().tape(t, &steps)
	if err != nil {
		return rules.Roll{}, err
	}
	crit := atk.Critical && in.WildOne != WildNone

	// The difficulty: base, range, cover, modifier, floor 3.
	terms := ""
	base := 10
	switch in.Defense {
	case DefensePassive:
		terms = "passive defense 10"
	default:
		if own := in.ownDefenseCode(); own != in.DefenseSkill {
			steps = append(steps, "The defender's Fate Point doubles the defense skill "+in.DefenseSkill.String()+": "+own.String()+".")
		}
		if in.DefenseActions > 1 {
			steps = append(steps, "The defender's multi-action penalty: the defense rolls "+in.defenseCode().String()+".")
		}
		def, err := in.defenseRoll().tape(t, &steps)
		if err != nil {
			return rules.Roll{}, err
		}
		base = def.Total
		terms = "partial defense roll " + strconv.Itoa(base) + " (replaces the passive 10)"
		if in.Defense == DefenseFull {
			base += 10
			terms = "full defense roll " + strconv.Itoa(def.Total) + " + 10"
		}
	}
	diff := base + rangeModifier(in.Range) + in.Modifier
	for _, r := range rangeData {
		if r.ID == in.Range {
			terms += ", " + r.Name + " range " + signed(r.Modifier)
		}
	}
	for _, m := range []struct {
		name string
		v    int
	}{{attackOptionOf(in.AttackOption).Name, attackOptionOf(in.AttackOption).Fixed}, {optionOf(postureData[:], in.Posture).Name + " target", postureModifier(in.Posture, in.Range)},
		{"called shot (" + calledShotOf(in.CalledShot).Name + ")", calledShotOf(in.CalledShot).Fixed}} {
		if m.v != 0 {
			diff += m.v
			terms += ", " + text.LowerASCII(m.name) + " " + signed(m.v)
		}
	}
	if cv := coverOf(in.Cover); in.Cover != CoverNone {
		add := cv.Fixed
		if in.CoverDice {
			c, err := in.coverRoll().tape(t, &steps)
			if err != nil {
				return rules.Roll{}, err
			}
			add = c.Total
		}
		diff += add
		terms += ", " + cv.Name + " cover " + signed(add)
	}
	if in.Modifier != 0 {
		terms += ", modifier " + signed(in.Modifier)
	}
	step := "Difficulty: " + terms + " = " + num(diff)
	if diff < 3 {
		diff = 3
		step += ", raised to the minimum of 3"
	}
	steps = append(steps, step+".")
	val("attack_total", atk.Total)
	val("difficulty", diff)
	val("critical_failure", flag(crit))
	val("complication", flag(crit && in.WildOne == WildComplication))

	head := "attack " + strconv.Itoa(atk.Total) + " against difficulty " + strconv.Itoa(diff)
	current := levelIndex(in.TargetWound)
	if atk.Total < diff {
		steps = append(steps, "Attack "+strconv.Itoa(atk.Total)+" is below the difficulty "+strconv.Itoa(diff)+": a miss, so no damage is rolled.")
		if in.System == SystemBodyPoints {
			val("body_points_lost", 0)
			val("target_after", in.BodyPoints)
			val("level_after", BodyPointsLevel(in.BodyPoints, in.BodyPointsMax))
		} else {
			val("wound_level", LevelNone)
			val("target_after", current)
		}
		return finish(t, rules.Roll{Outcome: "miss", Result: "Miss: " + head + ".", Values: values, Steps: steps})
	}
	steps = append(steps, "Attack "+strconv.Itoa(atk.Total)+" meets or beats the difficulty "+strconv.Itoa(diff)+": a hit.")

	// Damage.
	dcode := in.damageCode()
	if sd := StrengthDamage(in.Strength); sd.Dice > 0 {
		steps = append(steps, "Weapon damage "+in.Damage.String()+" plus Strength Damage "+sd.String()+" (strength "+in.Strength.String()+
			": dice halved, rounded up).")
	}
	if dcode != in.Damage {
		steps = append(steps, "The damage roll is "+dcode.String()+" (Strength Damage doubled by a Fate Point, dice for the attack option or a called shot; at least 0D).")
	}
	dmg, err := in.damageRoll().tape(t, &steps)
	if err != nil {
		return rules.Roll{}, err
	}
	total := dmg.Total
	cs := calledShotOf(in.CalledShot)
	if in.bonusApplies() {
		bonus := DamageBonus(atk.Total, diff)
		total += bonus
		steps = append(steps, "Damage bonus: ("+strconv.Itoa(atk.Total)+" − "+strconv.Itoa(diff)+") / 5, rounded up, is +"+strconv.Itoa(bonus)+
			"; damage total "+strconv.Itoa(dmg.Total)+" + "+strconv.Itoa(bonus)+" = "+strconv.Itoa(total)+".")
	} else if in.DamageBonus {
		steps = append(steps, "No damage bonus on a called shot at an arm, a leg or a hand.")
	}
	if cs.Damage != 0 {
		total = in.damageTotal(total, 0)
		steps = append(steps, "Called shot: damage "+signed(cs.Damage)+" (at least 0): "+strconv.Itoa(total)+".")
	}
	resRoll := in.resistanceRoll()
	resName := resRoll.name
	if resRoll.code != in.Resistance {
		steps = append(steps, "The target's Fate Point doubles their own "+dice.FromPips(in.Resistance.TotalPips()-in.ResistanceArmor.TotalPips()).String()+
			" of the resistance, not the armor "+in.ResistanceArmor.String()+": the resistance rolls "+resRoll.code.String()+".")
	}
	res, err := resRoll.tape(t, &steps)
	if err != nil {
		return rules.Roll{}, err
	}
	val("damage", total)
	val("resistance", res.Total)
	d := total - res.Total
	head += "; damage " + strconv.Itoa(total) + " against " + resName + " " + strconv.Itoa(res.Total)

	if in.System == SystemBodyPoints {
		lost := max(0, d)
		left := max(0, in.BodyPoints-lost)
		lvl := BodyPointsLevel(left, in.BodyPointsMax)
		if lost == 0 {
			steps = append(steps, "Damage "+strconv.Itoa(total)+" does not beat the armor "+strconv.Itoa(res.Total)+": no body points lost.")
		} else {
			steps = append(steps, "Damage "+strconv.Itoa(total)+" − armor "+strconv.Itoa(res.Total)+" = "+strconv.Itoa(lost)+
				" body points lost: "+strconv.Itoa(in.BodyPoints)+" − "+strconv.Itoa(lost)+" leaves "+strconv.Itoa(left)+".")
		}
		steps = append(steps, strconv.Itoa(left)+" of "+strconv.Itoa(in.BodyPointsMax)+" body points left is "+
			strconv.Itoa(shareOf(left, in.BodyPointsMax))+"%: "+LevelLabel(lvl)+" on the optional wound chart.")
		val("body_points_lost", lost)
		val("target_after", left)
		val("level_after", lvl)
		return finish(t, rules.Roll{Outcome: "hit", Values: values, Steps: steps,
			Result: "Hit: " + head + ": " + strconv.Itoa(lost) + " body points lost, " + strconv.Itoa(left) + " left."})
	}

	raw := woundFromMargin(d)
	if d <= 0 {
		steps = append(steps, "Damage "+strconv.Itoa(total)+" does not beat the resistance "+strconv.Itoa(res.Total)+": no injury.")
	} else {
		steps = append(steps, "Damage "+strconv.Itoa(total)+" − resistance "+strconv.Itoa(res.Total)+" = "+strconv.Itoa(d)+": "+LevelLabel(raw)+".")
	}
	lvl := in.hitLevel(d)
	if in.Stun && raw > LevelNone {
		steps = append(steps, "Stun weapon: two levels lower, at least Stunned: "+LevelLabel(lvl)+".")
	}
	after := Stack(current, lvl, in.StackEqual)
	if current > LevelNone {
		steps = append(steps, stackStep(current, lvl, after))
	}
	val("wound_level", lvl)
	val("target_after", after)
	result := LevelLabel(after)
	if after == LevelNone {
		result = "no injury"
	}
	if current > LevelNone {
		result += " (was " + LevelLabel(current) + ")"
	}
	return finish(t, rules.Roll{Outcome: "hit", Values: values, Steps: steps, Result: "Hit: " + head + ": " + result + "."})
}

// stackStep explains how a new result combines with the current level.
func stackStep(current, result, after int) string {
	was := "The target was " + LevelLabel(current) + "; "
	switch {
	case result == LevelNone:
		return was + "no new injury, so it stays " + LevelLabel(current) + "."
	case result > current:
		return was + "the new result is worse, so it is now " + LevelLabel(after) + "."
	case result < current:
		return was + "a result below the current level moves it up one level, to " + LevelLabel(after) + "."
	case after > current:
		return was + LevelLabel(result) + " again moves it up one level, to " + LevelLabel(after) + "."
	}
	return was + "an equal result does not stack in this game, so it stays " + LevelLabel(current) + "."
}

func shareOf(left, max int) int { return left * 100 / max }

// finish reports unused typed dice.
func finish(t *dice.Tape, r rules.Roll) (rules.Roll, error) {
	if err := t.Done(); err != nil {
		return rules.Roll{}, err
	}
	r.Dice = t.Rolls()
	return r, nil
}

// num prints n with a typographic minus sign.
func num(n int) string {
	if n < 0 {
		return "−" + strconv.Itoa(-n)
	}
	return strconv.Itoa(n)
}
