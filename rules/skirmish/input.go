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
