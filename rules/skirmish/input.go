package skirmish

import (
	"strconv"
	"strings"

	"d6codex/rules"
)

// Limits of the inputs (the stated maxima of the calculator).
const (
	MaxDice          = 12 // attack_dice and defense_dice: 1 to 12
	MaxPenalty       = 4  // attack_penalty and defense_penalty: 0 to 4
	MaxArmor         = 6  // armor: 0 to 6
	MaxExtraDamage   = 6  // extra_damage: 0 to 6
	MaxDamagePoints  = 20 // each value of damage_table: 0 to 20
	DamageTableSize  = 7  // damage_table holds 7 values when given
	InstantDeathDiff = 12 // a difference of 12 or more is instant death
)

// The keep policies (values of the keep field).
const (
	KeepHighest      = "highest"       // keep the two highest dice
	KeepPreferDouble = "prefer_double" // keep the highest double, else the two highest
)

// The Force attack settings (values of the force_attack field).
const (
	// ForceAttackUse: the attacker uses the Force attack whenever the kept
	// pair is a double 6 (the default; it only helps the attacker's damage).
	ForceAttackUse = "use"
	// ForceAttackNever: the attacker never uses it (a kept double 6 is then
	// only a score of 12; no Force attack effects, no breakage test).
	ForceAttackNever = "never"
)

// ForceAttackOptions lists the values of the force_attack field, default first.
func ForceAttackOptions() []string { return []string{ForceAttackUse, ForceAttackNever} }

// The weapon materials (values of the weapon and second_weapon fields).
const (
	MaterialBone  = "bone"  // bone or wood: breaks on 1–2 (the default when unknown)
	MaterialStone = "stone" // obsidian or stone: breaks on 1
	MaterialMetal = "metal" // metal: breaks on 1 and then 1 again
	MaterialNone  = "none"  // second_weapon only: a single weapon is used
)

// WeaponOptions lists the values of the weapon field, default first.
func WeaponOptions() []string { return []string{MaterialBone, MaterialStone, MaterialMetal} }

// SecondWeaponOptions lists the values of the second_weapon field, default first.
func SecondWeaponOptions() []string {
	return []string{MaterialNone, MaterialBone, MaterialStone, MaterialMetal}
}

// The situation settings (values of the charge, backstab and ground
// fields). Each maps to one die, the provisional size of every situation
// (the seed's numbers were icons).
const (
	SituationNone = "none" // the default of every situation field
	// SituationAttackDie: a charge or backstab taken as +1 attack die.
	SituationAttackDie = "attack_die"
	// SituationDefensePenalty: a charge or backstab taken as +1 penalty die
	// on the defense.
	SituationDefensePenalty = "defense_penalty"
	// GroundDefender: the opponent is on the ground: the defender rolls +1
	// penalty die and the blow deals +1 damage.
	GroundDefender = "defender"
	// GroundAttacker: the attacker fights from the ground: +1 attack
	// penalty die.
	GroundAttacker = "attacker"
	// GroundBoth: both fighters are on the ground (both of the above).
	GroundBoth = "both"
)

// The attacker's double 1–5 settings (values of the attacker_effect field):
// which special attack the attacker takes when the kept pair is a double 1
// to 5.
const (
	EffectNone     = "none"     // no effect counted (the default)
	EffectPrecise  = "precise"  // Precise attack: one more penalty die on the defense
	EffectFlaw     = "flaw"     // Flaw: armor −1, or +1 damage against no armor
	EffectTactical = "tactical" // Tactical advantage: a first-comparison tie wins, 1 point
	// EffectManeuver: the defender rerolls its highest kept die and keeps
	// again (keep highest only).
	EffectManeuver = "maneuver"
	// EffectBest takes, for the whole match-up, whichever of the effects
	// gives the player's side the best result (see the package doc).
	EffectBest = "best"
)

// AttackerDoubleOptions lists the values of the attacker_effect field,
// default first.
func AttackerDoubleOptions() []string {
	return []string{EffectNone, EffectPrecise, EffectFlaw, EffectTactical, EffectManeuver, EffectBest}
}

// The defender's double settings (values of the defender_effect and
// defender_effect_six fields): the special defense counted when the
// defender keeps a double 1–5, or a double 6.
const (
	DefenseNone           = "none"           // no effect counted (the default)
	DefenseAggressiveness = "aggressiveness" // −1 damage taken (double 1–5 only)
	DefenseRiposte        = "riposte"        // a higher defense score sends the damage back
	// DefenseManeuver (double 1–5 only): the attacker rerolls its highest
	// kept die and keeps again (keep highest only).
	DefenseManeuver = "maneuver"
	// DefenseOffBalance (double 6 only): the attacker must roll a double on
	// an aptitude test or fall.
	DefenseOffBalance = "off_balance"
	// DefenseBest takes, roll by roll, Riposte when the defender's score is
	// higher and otherwise Aggressiveness (double 1–5) or Off balance
	// (double 6): the other choice does nothing on such a roll.
	DefenseBest = "best"
)

// DefenderDoubleOptions lists the values of the defender_effect field,
// default first.
func DefenderDoubleOptions() []string {
	return []string{DefenseNone, DefenseAggressiveness, DefenseRiposte, DefenseManeuver, DefenseBest}
}

// DefenderDoubleSixOptions lists the values of the defender_effect_six
// field, default first.
func DefenderDoubleSixOptions() []string {
	return []string{DefenseNone, DefenseOffBalance, DefenseRiposte, DefenseBest}
}

// DefaultAptitude is the provisional number of dice of an aptitude test:
// the fighters' profiles give the real one.
const DefaultAptitude = 2

// FallChance is the chance that a fighter thrown off balance falls: an
// aptitude test of k dice shows no double (no two dice alike), which is
// 6·5·…·(7−k) / 6^k, and certain with fewer than two dice.
func FallChance(k int) float64 {
	p := 1.0
	for i := range min(k, 7) { // the 7th die's factor is 0
		p *= float64(6-i) / 6
	}
	return p
}

// SituationDice is the provisional size of a situation: one die each.
const SituationDice = 1

// MaxTotalPenalty is the most penalty dice a side can roll once the
// situations are added to attack_penalty or defense_penalty (4 + charge +
// backstab + ground); the engine takes one more for a Precise attack.
const MaxTotalPenalty = MaxPenalty + 3*SituationDice

// ChargeOptions lists the values of the charge field, default first; the
// backstab field has the same values.
func ChargeOptions() []string {
	return []string{SituationNone, SituationAttackDie, SituationDefensePenalty}
}

// GroundOptions lists the values of the ground field, default first.
func GroundOptions() []string {
	return []string{SituationNone, GroundDefender, GroundAttacker, GroundBoth}
}

// Input is one melee confrontation (calculator skirmish/melee). Each field
// maps to the calculator field named in its comment.
type Input struct {
	AttackDice     int    // attack_dice: attacker's pool, 1 to 12
	AttackPenalty  int    // attack_penalty: attacker's penalty dice, 0 to 4
	DefenseDice    int    // defense_dice: defender's pool, 1 to 12
	DefensePenalty int    // defense_penalty: defender's penalty dice, 0 to 4
	Armor          int    // armor: defender's protection, 0 to 6
	ExtraDamage    int    // extra_damage: dirty-trick bonuses added after armor, 0 to 6
	Keep           string // keep: "highest" or "prefer_double"

	// ForceAttack (force_attack): ForceAttackUse or ForceAttackNever; empty
	// means ForceAttackUse.
	ForceAttack string
	// Weapon (weapon): the material of the attacker's weapon, tested for
	// breakage after a Force attack: bone, stone or metal; empty means bone.
	Weapon string
	// SecondWeapon (second_weapon): the material of a weapon in the other
	// hand, also tested, or none; empty means none.
	SecondWeapon string

	// Charge (charge): SituationNone, SituationAttackDie or
	// SituationDefensePenalty; empty means none.
	Charge string
	// Backstab (backstab): as Charge, and the blow deals +1 damage.
	Backstab string
	// Ground (ground): SituationNone, GroundDefender, GroundAttacker or
	// GroundBoth; empty means none.
	Ground string

	// AttackerDouble (attacker_effect): the special attack taken on a kept
	// double 1–5, one of AttackerDoubleOptions; empty means none.
	AttackerDouble string
	// DefenderDouble (defender_effect): the special defense taken on a kept
	// double 1–5, one of DefenderDoubleOptions; empty means none.
	DefenderDouble string
	// DefenderDoubleSix (defender_effect_six): the special defense taken on
	// a kept double 6, one of DefenderDoubleSixOptions; empty means none.
	DefenderDoubleSix string
	// AttackerArmor (attacker_armor): the attacker's protection against a
	// Riposte, 0 to 6.
	AttackerArmor int
	// AttackerAptitude (attacker_aptitude) and DefenderAptitude
	// (defender_aptitude): the dice of each fighter's aptitude test, rolled
	// to stay standing when thrown off balance (the defender after a Force
	// attack, the attacker after the defender's Off balance), 0 to 12.
	AttackerAptitude, DefenderAptitude int

	// DamageTable (damage_table, optional) overrides the damage table: empty
	// for the default (DefaultDamageTable), else 7 values 0 to 20, the points
	// for differences up to 2, 3–4, 5–6, 7–8, 9, 10 and 11.
	DamageTable []int
}

// DefaultInput is the seed's public example: an attack of 5 dice with one
// penalty die against a defense of 3 dice with one penalty die and armor 1,
// keeping the highest dice.
func DefaultInput() Input {
	return Input{
		AttackDice:        5,
		AttackPenalty:     1,
		DefenseDice:       3,
		DefensePenalty:    1,
		Armor:             1,
		ExtraDamage:       0,
		Keep:              KeepHighest,
		ForceAttack:       ForceAttackUse,
		Weapon:            MaterialBone, // the seed's attacker swings a bone axe
		SecondWeapon:      MaterialNone,
		Charge:            SituationNone,
		Backstab:          SituationNone,
		Ground:            SituationNone,
		AttackerDouble:    EffectNone,
		DefenderDouble:    DefenseNone,
		DefenderDoubleSix: DefenseNone,
		AttackerArmor:     0,
		AttackerAptitude:  DefaultAptitude,
		DefenderAptitude:  DefaultAptitude,
	}
}

// Validate reports the first bad field as a *rules.FieldError naming the
// calculator field and the allowed range or options.
func (in Input) Validate() error {
	return rules.FirstError(
		rules.IntRange("attack_dice", in.AttackDice, 1, MaxDice),
		rules.IntRange("attack_penalty", in.AttackPenalty, 0, MaxPenalty),
		rules.IntRange("defense_dice", in.DefenseDice, 1, MaxDice),
		rules.IntRange("defense_penalty", in.DefensePenalty, 0, MaxPenalty),
		rules.IntRange("armor", in.Armor, 0, MaxArmor),
		rules.IntRange("extra_damage", in.ExtraDamage, 0, MaxExtraDamage),
		rules.OneOf("keep", in.Keep, KeepHighest, KeepPreferDouble),
		rules.OneOf("force_attack", in.forceAttack(), ForceAttackOptions()...),
		rules.OneOf("weapon", in.weapon(), WeaponOptions()...),
		rules.OneOf("second_weapon", in.secondWeapon(), SecondWeaponOptions()...),
		rules.OneOf("charge", orDefault(in.Charge, SituationNone), ChargeOptions()...),
		rules.OneOf("backstab", orDefault(in.Backstab, SituationNone), ChargeOptions()...),
		rules.OneOf("ground", orDefault(in.Ground, SituationNone), GroundOptions()...),
		rules.OneOf("attacker_effect", in.attackerDouble(), AttackerDoubleOptions()...),
		rules.OneOf("defender_effect", orDefault(in.DefenderDouble, DefenseNone), DefenderDoubleOptions()...),
		rules.OneOf("defender_effect_six", orDefault(in.DefenderDoubleSix, DefenseNone), DefenderDoubleSixOptions()...),
		rules.IntRange("attacker_armor", in.AttackerArmor, 0, MaxArmor),
		rules.IntRange("attacker_aptitude", in.AttackerAptitude, 0, MaxDice),
		rules.IntRange("defender_aptitude", in.DefenderAptitude, 0, MaxDice),
		validateDamageTable(in.DamageTable),
		in.validateSituations(),
		in.validateManeuver(),
	)
}

// validateManeuver refuses keep prefer_double beside a Maneuver: its odds
// are counted only when the sides keep their highest dice.
func (in Input) validateManeuver() error {
	if in.Keep == KeepPreferDouble && (in.AttackerDouble == EffectManeuver || in.DefenderDouble == DefenseManeuver) {
		return &rules.FieldError{Field: "keep", Value: in.Keep, Allowed: "highest when a side takes Maneuver"}
	}
	return nil
}

// validateSituations checks that the dice the situations add keep the
// attack pool within MaxDice, naming the situation that adds the die.
func (in Input) validateSituations() error {
	if in.AttackDice < 1 || in.AttackDice > MaxDice {
		return nil // attack_dice itself is reported
	}
	n := in.AttackDice
	for _, s := range []struct{ field, value string }{{"charge", in.Charge}, {"backstab", in.Backstab}} {
		if s.value != SituationAttackDie {
			continue
		}
		n += SituationDice
		if n > MaxDice {
			return &rules.FieldError{Field: s.field, Value: s.value,
				Allowed: "an attack die only while the attack pool stays at most " + strconv.Itoa(MaxDice) +
					" dice (attack_dice is " + strconv.Itoa(in.AttackDice) + "); choose none or defense_penalty"}
		}
	}
	return nil
}

// effective is the input with the situations folded into the dice and the
// extra damage they map to, and the situation fields cleared: the rest of
// the engine sees only dice, penalty dice and damage.
func (in Input) effective() Input {
	out := in
	for _, s := range []string{in.Charge, in.Backstab} {
		switch s {
		case SituationAttackDie:
			out.AttackDice += SituationDice
		case SituationDefensePenalty:
			out.DefensePenalty += SituationDice
		}
	}
	if in.Backstab == SituationAttackDie || in.Backstab == SituationDefensePenalty {
		out.ExtraDamage++ // a dirty trick: +1 damage
	}
	if in.Ground == GroundDefender || in.Ground == GroundBoth {
		out.DefensePenalty += SituationDice
		out.ExtraDamage++ // a dirty trick: +1 damage
	}
	if in.Ground == GroundAttacker || in.Ground == GroundBoth {
		out.AttackPenalty += SituationDice
	}
	out.Charge, out.Backstab, out.Ground = SituationNone, SituationNone, SituationNone
	return out
}

func validateDamageTable(t []int) error {
	allowed := "empty for the default, or " + strconv.Itoa(DamageTableSize) +
		" whole numbers 0 to " + strconv.Itoa(MaxDamagePoints) +
		" (points for differences up to 2, 3-4, 5-6, 7-8, 9, 10, 11)"
	if len(t) != 0 && len(t) != DamageTableSize {
		return &rules.FieldError{Field: "damage_table", Value: joinInts(t, ","), Allowed: allowed}
	}
	for _, v := range t {
		if v < 0 || v > MaxDamagePoints {
			return &rules.FieldError{Field: "damage_table", Value: joinInts(t, ","), Allowed: allowed}
		}
	}
	return nil
}

// forceAttack is the force_attack setting, empty read as the default.
func (in Input) forceAttack() string { return orDefault(in.ForceAttack, ForceAttackUse) }

// attackerDouble is the attacker_effect setting, empty read as none.
func (in Input) attackerDouble() string { return orDefault(in.AttackerDouble, EffectNone) }

// weapon is the weapon material, empty read as bone.
func (in Input) weapon() string { return orDefault(in.Weapon, MaterialBone) }

// secondWeapon is the second weapon's material, empty read as none.
func (in Input) secondWeapon() string { return orDefault(in.SecondWeapon, MaterialNone) }

func orDefault(v, def string) string {
	if v == "" {
		return def
	}
	return v
}

// usesForce reports whether a kept double 6 is used as a Force attack.
func (in Input) usesForce() bool { return in.forceAttack() == ForceAttackUse }

// weapons lists the materials tested for breakage after a Force attack.
func (in Input) weapons() []Material {
	var out []Material
	for _, id := range []string{in.weapon(), in.secondWeapon()} {
		if m, ok := MaterialByID(id); ok {
			out = append(out, m)
		}
	}
	return out
}

// BreakChance is the probability that at least one weapon of the input
// breaks in the breakage test that follows a Force attack.
func (in Input) BreakChance() float64 {
	keep := 1.0
	for _, m := range in.weapons() {
		keep *= 1 - m.BreakChance()
	}
	return 1 - keep
}

// damageTable is the table in force: the override or the default.
func (in Input) damageTable() []int {
	if len(in.DamageTable) == DamageTableSize {
		return in.DamageTable
	}
	return DefaultDamageTable()
}

func joinInts(v []int, sep string) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, sep)
}
