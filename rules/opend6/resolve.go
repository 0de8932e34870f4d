package opend6

import (
	"errors"
	"strconv"
	"strings"

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

	code := in.attackCode()
	if own := in.ownAttackCode(); own != in.Skill {
		add(&steps, "Skill %s, doubled by a Fate Point and/or +1D per round of aiming: %s.", in.Skill, own)
	}
	if in.Actions > 1 {
		add(&steps, "Skill %s with %d actions: the multi-action penalty is −%dD, so the attack rolls %s.",
			in.ownAttackCode(), in.Actions, in.Actions-1, code)
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
			add(&steps, "The defender's Fate Point doubles the defense skill %s: %s.", in.DefenseSkill, own)
		}
		if in.DefenseActions > 1 {
			add(&steps, "The defender's multi-action penalty: the defense rolls %s.", in.defenseCode())
		}
		def, err := in.defenseRoll().tape(t, &steps)
		if err != nil {
			return rules.Roll{}, err
		}
		base = def.Total
		terms = say("partial defense roll %d (replaces the passive 10)", base)
		if in.Defense == DefenseFull {
			base += 10
			terms = say("full defense roll %d + 10", def.Total)
		}
	}
	cv := coverOf(in.Cover)
	cover := cv.Fixed
	if in.Cover != CoverNone && in.CoverDice {
		c, err := in.coverRoll().tape(t, &steps)
		if err != nil {
			return rules.Roll{}, err
		}
		cover = c.Total
	}
	rangeName := ""
	for _, r := range rangeData {
		if r.ID == in.Range {
			rangeName = r.Name
		}
	}
	// Each term of the difficulty past the base, shown when not 0 or when
	// shown is set; the options' names are written in lower case.
	diff := base
	ao, cs := attackOptionOf(in.AttackOption), calledShotOf(in.CalledShot)
	for _, m := range [...]struct {
		format, name string
		v            int
		shown, lower bool
	}{
		{"%s range", rangeName, rangeModifier(in.Range), rangeName != "", false},
		{"%s", ao.Name, ao.Fixed, false, true},
		{"%s target", optionOf(postureData[:], in.Posture).Name, postureModifier(in.Posture, in.Range), false, true},
		{"called shot (%s)", cs.Name, cs.Fixed, false, true},
		{"%s cover", cv.Name, cover, in.Cover != CoverNone, false},
		{"modifier", "", in.Modifier, false, false},
	} {
		if m.v != 0 || m.shown {
			diff += m.v
			name := say(m.format, m.name)
			if m.lower {
				name = text.LowerASCII(name)
			}
			terms += say(", %s %+", name, m.v)
		}
	}
	raised := ""
	if diff < 3 {
		raised = ", raised to the minimum of 3"
	}
	add(&steps, "Difficulty: %s = %n%s.", terms, diff, raised)
	diff = max(diff, 3)
	critical, complication := 0, 0
	if crit {
		critical = 1
		if in.WildOne == WildComplication {
			complication = 1
		}
	}

	head := say("attack %d against difficulty %d", atk.Total, diff)
	current := levelIndex(in.TargetWound)
	if atk.Total < diff {
		add(&steps, "Attack %d is below the difficulty %d: a miss, so no damage is rolled.", atk.Total, diff)
		var values []rules.Value
		if in.System == SystemBodyPoints {
			values = valuesOf(attackValues+bodyValues, atk.Total, diff, critical, complication,
				0, in.BodyPoints, BodyPointsLevel(in.BodyPoints, in.BodyPointsMax))
		} else {
			values = valuesOf(attackValues+woundValues, atk.Total, diff, critical, complication, LevelNone, current)
		}
		return finish(t, rules.Roll{Outcome: "miss", Result: say("Miss: %s.", head), Values: values, Steps: steps})
	}
	add(&steps, "Attack %d meets or beats the difficulty %d: a hit.", atk.Total, diff)

	// Damage.
	dcode := in.damageCode()
	if sd := StrengthDamage(in.Strength); sd.Dice > 0 {
		add(&steps, "Weapon damage %s plus Strength Damage %s (strength %s: dice halved, rounded up).", in.Damage, sd, in.Strength)
	}
	if dcode != in.Damage {
		add(&steps, "The damage roll is %s (Strength Damage doubled by a Fate Point, dice for the attack option or a called shot; at least 0D).", dcode)
	}
	dmg, err := in.damageRoll().tape(t, &steps)
	if err != nil {
		return rules.Roll{}, err
	}
	total := dmg.Total
	if in.bonusApplies() {
		bonus := DamageBonus(atk.Total, diff)
		total += bonus
		add(&steps, "Damage bonus: (%d − %d) / 5, rounded up, is +%d; damage total %d + %d = %d.", atk.Total, diff, bonus, dmg.Total, bonus, total)
	} else if in.DamageBonus {
		add(&steps, "No damage bonus on a called shot at an arm, a leg or a hand.")
	}
	if cs.Damage != 0 {
		total = in.damageTotal(total, 0)
		add(&steps, "Called shot: damage %+ (at least 0): %d.", cs.Damage, total)
	}
	resRoll := in.resistanceRoll()
	if resRoll.code != in.Resistance {
		add(&steps, "The target's Fate Point doubles their own %s of the resistance, not the armor %s: the resistance rolls %s.",
			dice.FromPips(in.Resistance.TotalPips()-in.ResistanceArmor.TotalPips()), in.ResistanceArmor, resRoll.code)
	}
	res, err := resRoll.tape(t, &steps)
	if err != nil {
		return rules.Roll{}, err
	}
	d := total - res.Total
	head += say("; damage %d against %s %d", total, resRoll.name, res.Total)

	if in.System == SystemBodyPoints {
		lost := max(0, d)
		left := max(0, in.BodyPoints-lost)
		lvl := BodyPointsLevel(left, in.BodyPointsMax)
		if lost == 0 {
			add(&steps, "Damage %d does not beat the armor %d: no body points lost.", total, res.Total)
		} else {
			add(&steps, "Damage %d − armor %d = %d body points lost: %d − %d leaves %d.", total, res.Total, lost, in.BodyPoints, lost, left)
		}
		add(&steps, "%d of %d body points left is %d%%: %L on the optional wound chart.", left, in.BodyPointsMax, shareOf(left, in.BodyPointsMax), lvl)
		values := valuesOf(hitValues+bodyValues, atk.Total, diff, critical, complication, total, res.Total, lost, left, lvl)
		return finish(t, rules.Roll{Outcome: "hit", Values: values, Steps: steps,
			Result: say("Hit: %s: %d body points lost, %d left.", head, lost, left)})
	}

	raw := woundFromMargin(d)
	if d <= 0 {
		add(&steps, "Damage %d does not beat the resistance %d: no injury.", total, res.Total)
	} else {
		add(&steps, "Damage %d − resistance %d = %d: %L.", total, res.Total, d, raw)
	}
	lvl := in.hitLevel(d)
	if in.Stun && raw > LevelNone {
		add(&steps, "Stun weapon: two levels lower, at least Stunned: %L.", lvl)
	}
	after := Stack(current, lvl, in.StackEqual)
	was := ""
	if current > LevelNone {
		steps = append(steps, stackStep(current, lvl, after))
		was = say(" (was %L)", current)
	}
	values := valuesOf(hitValues+woundValues, atk.Total, diff, critical, complication, total, res.Total, lvl, after)
	result := LevelLabel(after)
	if after == LevelNone {
		result = "no injury"
	}
	return finish(t, rules.Roll{Outcome: "hit", Values: values, Steps: steps, Result: say("Hit: %s: %s%s.", head, result, was)})
}

// The names of Resolve's values, separated by spaces, as valuesOf takes
// them: the attack's, on a hit the damage's, then the target's state (also
// the names of Odds' last distributions).
const (
	attackValues = "attack_total difficulty critical_failure complication "
	hitValues    = attackValues + "damage resistance "
	woundValues  = "wound_level target_after"
	bodyValues   = "body_points_lost target_after level_after"
)

// valuesOf pairs names, separated by spaces, with nums.
func valuesOf(names string, nums ...int) []rules.Value {
	out := make([]rules.Value, len(nums))
	for i, n := range nums {
		out[i].Name, names, _ = strings.Cut(names, " ")
		out[i].Value = n
	}
	return out
}

// stackStep explains how a new result combines with the current level.
func stackStep(current, result, after int) string {
	rest, level := "an equal result does not stack in this game, so it stays %L.", current
	switch {
	case result == LevelNone:
		rest = "no new injury, so it stays %L."
	case result > current:
		rest, level = "the new result is worse, so it is now %L.", after
	case result < current:
		rest, level = "a result below the current level moves it up one level, to %L.", after
	case after > current:
		return say("The target was %L; %L again moves it up one level, to %L.", current, result, after)
	}
	return say("The target was %L; "+rest, current, level)
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
