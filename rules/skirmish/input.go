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
		AttackDice:     5,
		AttackPenalty:  1,
		DefenseDice:    3,
		DefensePenalty: 1,
		Armor:          1,
		ExtraDamage:    0,
		Keep:           KeepHighest,
		ForceAttack:    ForceAttackUse,
		Weapon:         MaterialBone, // the seed's attacker swings a bone axe
		SecondWeapon:   MaterialNone,
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
		validateDamageTable(in.DamageTable),
	)
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
