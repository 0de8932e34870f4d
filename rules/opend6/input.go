package opend6

import (
	"strconv"

	"d6codex/rules"
	"d6codex/rules/dice"
)

// Option values of the choice fields.
const (
	DefensePassive = "passive" // base difficulty 10
	DefensePartial = "partial" // base = the defender's roll
	DefenseFull    = "full"    // base = the defender's roll + 10

	RangePointBlank = "point_blank"
	RangeShort      = "short"
	RangeMedium     = "medium"
	RangeLong       = "long"

	CoverNone      = "none"
	CoverLight     = "light"      // +1D (+3)
	CoverHeavy     = "heavy"      // +2D (+6)
	CoverVeryHeavy = "very_heavy" // +4D (+12)

	WildCancel        = "cancel"          // remove the Wild Die and the highest other die
	WildCancelKeepOne = "cancel_keep_one" // remove the highest other die, the 1 counts
	WildComplication  = "complication"    // add normally, flag a complication
	WildNone          = "none"            // a 1 is just 1

	SystemWounds     = "wounds"
	SystemBodyPoints = "body_points"
)

// Limits of the numeric fields.
const (
	MaxActions        = 5
	MaxModifier       = 30
	MaxBodyPoints     = 500
	DefaultBodyPoints = 30
)

// Limits of the die-code fields, in pips (3 pips = 1D; 38 pips = 12D+2).
const (
	MinSkillPips      = 3  // skill and defense_skill: 1D
	MaxSkillPips      = 38 // 12D+2
	MinDamagePips     = 3  // damage: 1D
	MaxDamagePips     = 47 // 15D+2
	MaxStrengthPips   = 20 // strength: 6D+2
	MaxResistancePips = 38 // resistance: 12D+2
)

// Input is one attack: the calculator "opend6/attack". Each field carries
// its calculator field name.
type Input struct {
	Skill         dice.Code // skill: the attack skill, 1D to 12D+2
	Actions       int       // actions: actions this round, 1 to min(5, skill dice); −1D per extra action
	AttackCP      int       // attack_cp: Character Points the attacker spends on the attack roll
	Defense       string    // defense: passive, partial or full
	DefenseSkill  dice.Code // defense_skill: the defender's dodge/parry roll, 1D to 12D+2 (partial and full)
	DefenseCP     int       // defense_cp: Character Points the defender spends on the defense roll (partial and full)
	Range         string    // range: point_blank, short, medium or long
	Cover         string    // cover: none, light, heavy or very_heavy
	CoverDice     bool      // cover_dice: roll the cover (1D/2D/4D) instead of +3/+6/+12
	CoverWild     string    // cover_wild: wild (the cover roll has a Wild Die) or regular
	Modifier      int       // modifier: other difficulty modifiers, −30 to +30
	Damage        dice.Code // damage: the weapon's damage code, 1D to 15D+2
	Strength      dice.Code // strength: the attacker's Physique or lifting code for "+" weapons, 0D to 6D+2
	DamageCP      int       // damage_cp: Character Points the attacker spends on the damage roll
	DamageBonus   bool      // damage_bonus: add ceil((attack − difficulty)/5) to the damage
	Resistance    dice.Code // resistance: Physique + armor (wounds) or armor only (body points), 0D to 12D+2
	ResistanceCP  int       // resistance_cp: Character Points the target spends on the resistance roll
	WildOne       string    // wild_one: cancel, cancel_keep_one, complication or none
	CPLimit       string    // cp_limit: Character Points allowed per roll: easy (2), cinematic (5) or unlimited (10)
	System        string    // system: wounds or body_points
	Stun          bool      // stun: a stun weapon (wounds only): two levels lower, at least Stunned
	StackEqual    bool      // stack_equal: an equal wound result also moves the target up one level
	TargetWound   string    // target_wound: the target's current wound level (wounds)
	BodyPoints    int       // body_points: the target's current body points, 1 to body_points_max
	BodyPointsMax int       // body_points_max: the target's maximum body points, 1 to 500

	FatePoint      string // fate_point: none, attack, damage or climactic (both rolls)
	AimRounds      int    // aim_rounds: consecutive rounds of aiming before the attack, 0 to 3 (+1D each)
	AttackOption   string // attack_option: none, all_out, lunge or sweep
	Posture        string // target_posture: standing, crouching, crouching_moving or prone
	DefenseActions int    // defense_actions: the defender's actions this round with a partial defense, 1 to 5 (−1D each beyond the first)
	CalledShot     string // called_shot: none, a hit location or a small target's size

	DefenderFatePoint string    // defender_fate_point: none, defense, resistance or climactic (both rolls)
	ResistanceArmor   dice.Code // resistance_armor: the armor's part of resistance (wounds), 0D up to resistance
}

// DefaultInput is the calculator's default: a 4D shot against a passive
// defense at Short range, 4D damage against a 3D Physique.
func DefaultInput() Input {
	return Input{
		Skill:         dice.Code{Dice: 4},
		Actions:       1,
		Defense:       DefensePassive,
		DefenseSkill:  dice.Code{Dice: 3},
		Range:         RangeShort,
		Cover:         CoverNone,
		CoverWild:     CoverWildDie,
		Modifier:      0,
		Damage:        dice.Code{Dice: 4},
		Strength:      dice.Code{},
		Resistance:    dice.Code{Dice: 3},
		WildOne:       WildCancel,
		CPLimit:       CPLimitCinematic,
		System:        SystemWounds,
		StackEqual:    true,
		TargetWound:   levelIDs[0],
		BodyPoints:    DefaultBodyPoints,
		BodyPointsMax: DefaultBodyPoints,

		FatePoint:      FateNone,
		AttackOption:   OptionNone,
		Posture:        PostureStanding,
		DefenseActions: 1,
		CalledShot:     "none",

		DefenderFatePoint: FateNone,
	}
}

// textError is the *rules.FieldError of a field's value.
func textError(field, value, allowed string) error {
	return &rules.FieldError{Field: field, Value: value, Allowed: allowed}
}

// intError is the *rules.FieldError of a number field's value n.
func intError(field string, n int, allowed string) error {
	return textError(field, strconv.Itoa(n), allowed)
}

// codeRange checks that c is a well-formed die code of lo..hi pips.
func codeRange(field string, c dice.Code, lo, hi int) error {
	if c.Dice < 0 || c.Dice > hi/3 || c.Pips < 0 || c.Pips > 2 || c.TotalPips() < lo || c.TotalPips() > hi {
		return textError(field, c.String(), say("%s to %s", dice.FromPips(lo), dice.FromPips(hi)))
	}
	return nil
}

// check is one field's own check in Validate, in the order of the form: a
// choice among options, a die code of lo to hi pips, or an int from lo to
// hi (a table and one loop weigh less in the WebAssembly module than a
// call per field).
type check struct {
	field   string
	text    string
	options []string
	code    dice.Code
	isCode  bool
	n       int
	lo, hi  int
}

// err is the check's *rules.FieldError, or nil.
func (c *check) err() error {
	switch {
	case c.options != nil:
		return rules.OneOf(c.field, c.text, c.options...)
	case c.isCode:
		return codeRange(c.field, c.code, c.lo, c.hi)
	}
	return rules.IntRange(c.field, c.n, c.lo, c.hi)
}

// The options of the choice fields whose ids are constants, in order.
var (
	defenseIDs      = []string{DefensePassive, DefensePartial, DefenseFull}
	rangeIDs        = []string{RangePointBlank, RangeShort, RangeMedium, RangeLong}
	coverIDs        = []string{CoverNone, CoverLight, CoverHeavy, CoverVeryHeavy}
	coverWildIDs    = []string{CoverWildDie, CoverWildNone}
	wildOneIDs      = []string{WildCancel, WildCancelKeepOne, WildComplication, WildNone}
	systemIDs       = []string{SystemWounds, SystemBodyPoints}
	fateIDs         = []string{FateNone, FateAttack, FateDamage, FateClimactic}
	defenderFateIDs = []string{FateNone, FateDefense, FateResistance, FateClimactic}
)

// Validate checks every field and returns a *rules.FieldError naming the
// first bad one and what it allows.
func (in Input) Validate() error {
	for _, c := range [...]check{
		{field: "skill", code: in.Skill, lo: MinSkillPips, hi: MaxSkillPips, isCode: true},
		{field: "actions", n: in.Actions, lo: 1, hi: MaxActions},
		{field: "defense", text: in.Defense, options: defenseIDs},
		{field: "defense_skill", code: in.DefenseSkill, lo: MinSkillPips, hi: MaxSkillPips, isCode: true},
		{field: "range", text: in.Range, options: rangeIDs},
		{field: "cover", text: in.Cover, options: coverIDs},
		{field: "cover_wild", text: in.CoverWild, options: coverWildIDs},
		{field: "modifier", n: in.Modifier, lo: -MaxModifier, hi: MaxModifier},
		{field: "damage", code: in.Damage, lo: MinDamagePips, hi: MaxDamagePips, isCode: true},
		{field: "strength", code: in.Strength, hi: MaxStrengthPips, isCode: true},
		{field: "resistance", code: in.Resistance, hi: MaxResistancePips, isCode: true},
		{field: "wild_one", text: in.WildOne, options: wildOneIDs},
		{field: "system", text: in.System, options: systemIDs},
		{field: "target_wound", text: in.TargetWound, options: levelIDs[:6]},
		{field: "body_points_max", n: in.BodyPointsMax, lo: 1, hi: MaxBodyPoints},
		{field: "fate_point", text: in.FatePoint, options: fateIDs},
		{field: "aim_rounds", n: in.AimRounds, hi: MaxAimRounds},
		{field: "attack_option", text: in.AttackOption, options: optionIDs(attackOptionData[:])},
		{field: "target_posture", text: in.Posture, options: optionIDs(postureData[:])},
		{field: "defense_actions", n: in.DefenseActions, lo: 1, hi: MaxActions},
		{field: "called_shot", text: in.CalledShot, options: optionIDs(calledShotData[:])},
		{field: "defender_fate_point", text: in.DefenderFatePoint, options: defenderFateIDs},
		{field: "resistance_armor", code: in.ResistanceArmor, hi: in.Resistance.TotalPips(), isCode: true},
	} {
		if err := c.err(); err != nil {
			return err
		}
	}
	if err := in.validatePoints(); err != nil {
		return err
	}
	if err := in.validateOptions(); err != nil {
		return err
	}
	if base := in.ownAttackCode(); in.Actions > base.Dice {
		return intError("actions", in.Actions, say("1 to %d: each extra action costs 1D and skill %s must keep at least 1D", base.Dice, base))
	}
	return rules.IntRange("body_points", in.BodyPoints, 1, in.BodyPointsMax)
}

// validateOptions checks the combat options against each other and the
// other fields; it runs after every field is known to be valid alone.
func (in Input) validateOptions() error {
	const fate = "0 with a Fate Point on the same roll: Character Points and a Fate Point do not go on one roll"
	if fateOn(in.FatePoint, FateAttack) && in.AttackCP > 0 {
		return intError("attack_cp", in.AttackCP, fate)
	}
	if fateOn(in.FatePoint, FateDamage) && in.DamageCP > 0 {
		return intError("damage_cp", in.DamageCP, fate)
	}
	if fateOn(in.DefenderFatePoint, FateDefense) && in.DefenseCP > 0 {
		return intError("defense_cp", in.DefenseCP, fate)
	}
	if fateOn(in.DefenderFatePoint, FateResistance) && in.ResistanceCP > 0 {
		return intError("resistance_cp", in.ResistanceCP, fate)
	}
	if fateOn(in.DefenderFatePoint, FateDefense) && in.Defense == DefensePassive {
		return textError("defender_fate_point", in.DefenderFatePoint, "none or resistance with a passive defense, which rolls no dice to double")
	}
	if fateOn(in.DefenderFatePoint, FateResistance) && in.System == SystemBodyPoints {
		return textError("defender_fate_point", in.DefenderFatePoint,
			"none or defense under Body Points: the resistance roll is armor alone, and a Fate Point never doubles gear")
	}
	if in.AttackOption == OptionAllOut && in.Actions > 1 {
		return textError("attack_option", in.AttackOption,
			say("none, lunge or sweep with %d actions: an all-out attack is the attacker's only action this round", in.Actions))
	}
	if in.DefenseActions > 1 && in.Defense != DefensePartial {
		return intError("defense_actions", in.DefenseActions,
			"1 unless the defense is partial: a full defense is the defender's whole round, a passive one is no action")
	}
	if own := in.ownDefenseCode(); in.Defense == DefensePartial && in.DefenseActions > own.Dice {
		return intError("defense_actions", in.DefenseActions,
			say("1 to %d: each extra action costs 1D and the defender's skill %s must keep at least 1D", own.Dice, own))
	}
	return nil
}

// ownAttackCode is the attack skill with aiming and a Fate Point (doubled
// first, as the source says: double the initial number before any bonus
// or penalty), before the multi-action penalty.
func (in Input) ownAttackCode() dice.Code {
	c := in.Skill
	if fateOn(in.FatePoint, FateAttack) {
		c = doubled(c)
	}
	c.Dice += in.AimRounds
	return c
}

// attackCode is the skill after a Fate Point, aiming and the multi-action
// penalty.
func (in Input) attackCode() dice.Code {
	c := in.ownAttackCode()
	c.Dice -= in.Actions - 1
	return c
}

// StrengthDamage is the Strength Damage of a Physique or lifting code: its
// dice with pips dropped, halved and rounded up (3D → 2D, 6D+2 → 3D).
func StrengthDamage(physique dice.Code) dice.Code {
	return dice.Code{Dice: (max(physique.Dice, 0) + 1) / 2}
}

// strengthDice is the Strength Damage dice on the damage roll, doubled by
// a Fate Point on the damage (the weapon's own dice never are).
func (in Input) strengthDice() int {
	sd := StrengthDamage(in.Strength).Dice
	if fateOn(in.FatePoint, FateDamage) {
		sd *= 2
	}
	return sd
}

// damageCode is the one damage roll: the weapon plus Strength Damage dice
// plus the attack option's and the called shot's damage dice, never below
// 0D (a sweep with a small weapon may leave only its pips).
func (in Input) damageCode() dice.Code {
	n := in.Damage.Dice + in.strengthDice() + attackOptionOf(in.AttackOption).DamageDice + calledShotOf(in.CalledShot).DamageDice
	return dice.Code{Dice: max(0, n), Pips: in.Damage.Pips}
}

// damageTotal is the damage total from the damage roll and the damage
// bonus: the called shot's fixed damage modifier added, never below 0.
func (in Input) damageTotal(roll, bonus int) int {
	return max(0, roll+bonus+calledShotOf(in.CalledShot).Damage)
}

// bonusApplies reports whether the optional damage bonus is added: it is
// chosen and the called shot is not at an arm, a leg or a hand.
func (in Input) bonusApplies() bool {
	return in.DamageBonus && !calledShotOf(in.CalledShot).NoBonus
}

// baseOffset is the fixed part of the difficulty added to the base: range,
// fixed cover, the attack option, the target's posture, the called shot
// and the modifier.
func (in Input) baseOffset() int {
	off := rangeModifier(in.Range) + in.Modifier + attackOptionOf(in.AttackOption).Fixed +
		postureModifier(in.Posture, in.Range) + calledShotOf(in.CalledShot).Fixed
	if !in.CoverDice {
		off += coverOf(in.Cover).Fixed
	}
	return off
}

// coverCode is the cover roll when cover_dice is set (0D otherwise).
func (in Input) coverCode() dice.Code {
	if !in.CoverDice {
		return dice.Code{}
	}
	return coverOf(in.Cover).Dice
}

// attackRoll is the attack roll: the skill after the multi-action penalty,
// with the attacker's Character Points.
func (in Input) attackRoll() roll {
	return roll{name: "attack", code: in.attackCode(), wild: true, wildOne: in.WildOne, cp: in.AttackCP}
}

// ownDefenseCode is the defender's skill, doubled by the defender's Fate
// Point on the defense (before the multi-action penalty, as the attack's).
func (in Input) ownDefenseCode() dice.Code {
	if fateOn(in.DefenderFatePoint, FateDefense) {
		return doubled(in.DefenseSkill)
	}
	return in.DefenseSkill
}

// defenseCode is the defender's skill after a Fate Point and the
// defender's own multi-action penalty (partial defense only).
func (in Input) defenseCode() dice.Code {
	c := in.ownDefenseCode()
	if in.Defense == DefensePartial {
		c.Dice -= in.DefenseActions - 1
	}
	return c
}

// defenseRoll is the defender's partial or full defense roll.
func (in Input) defenseRoll() roll {
	return roll{name: "defense", code: in.defenseCode(), wild: true, wildOne: in.WildOne, cp: in.DefenseCP}
}

// coverRoll is the cover roll when cover_dice is set (0D otherwise), with
// a Wild Die unless cover_wild is regular; no one's Character Points.
func (in Input) coverRoll() roll {
	return roll{name: "cover", code: in.coverCode(), wild: in.CoverWild != CoverWildNone, wildOne: in.WildOne}
}

// damageRoll is the damage roll (weapon plus Strength Damage) with the
// attacker's Character Points.
func (in Input) damageRoll() roll {
	return roll{name: "damage", code: in.damageCode(), wild: true, wildOne: in.WildOne, cp: in.DamageCP}
}

// resistanceRoll is the target's resistance roll with its Character
// Points; name is "resistance" or, under Body Points, "armor resistance".
func (in Input) resistanceRoll() roll {
	name := "resistance"
	if in.System == SystemBodyPoints {
		name = "armor resistance"
	}
	return roll{name: name, code: in.resistanceCode(), wild: true, wildOne: in.WildOne, cp: in.ResistanceCP}
}

// resistanceCode is the resistance code, with the target's Fate Point on
// the resistance doubling the character's part (resistance less
// resistance_armor) and never the armor: Physique 3D with hard leather
// 1D+1, 4D+1, is rolled as 6D + 1D+1 = 7D+1 (pips kept apart, as doubled
// keeps them).
func (in Input) resistanceCode() dice.Code {
	if !fateOn(in.DefenderFatePoint, FateResistance) {
		return in.Resistance
	}
	own := dice.FromPips(in.Resistance.TotalPips() - in.ResistanceArmor.TotalPips())
	d := doubled(own)
	return dice.Code{Dice: d.Dice + in.ResistanceArmor.Dice, Pips: d.Pips + in.ResistanceArmor.Pips}
}

// levelIndex is the index of a wound level id (0 when unknown).
func levelIndex(id string) int {
	for i, s := range levelIDs {
		if s == id {
			return i
		}
	}
	return 0
}
