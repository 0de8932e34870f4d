package rollunder

import (
	"strconv"

	"d6codex/rules"
)

// Input ranges (inclusive). The calculator rollunder/attack uses the same.
const (
	MinPhysical            = 1
	MaxPhysical            = 12
	MaxSkill               = 12 // skill and opponent_skill run 0..MaxSkill
	MaxModifier            = 20 // modifier runs -MaxModifier..+MaxModifier
	MaxDodge               = 6  // dodge runs 0..MaxDodge; 0 means no Dodge track
	MaxDamageModifier      = 6  // damage_modifier runs -6..+6
	MaxProtectionModifier  = 6  // protection_modifier runs -6..+6
	defaultPhysical        = 4
	defaultSkill           = 3
	defaultOpponentSkill   = 1
	noneID                 = "none"
	outcomeHit             = "hit"
	outcomeMiss            = "miss"
	outcomeCritical        = "critical"
	outcomeFumble          = "fumble"
	outcomeCritZeroStamina = "critical_zero_stamina"
	outcomeCritDecapitated = "critical_decapitated"
)

// Input is one attack (calculator rollunder/attack). Each field maps to the
// calculator field named in its comment.
type Input struct {
	Physical           int    // physical: the attacker's PHYSICAL, 1..12
	Skill              int    // skill: the attacker's weapon skill, 0..12
	OpponentSkill      int    // opponent_skill: the defender's skill, 0..12 (melee only)
	Ranged             bool   // ranged: a ranged attack ignores opponent_skill
	Modifier           int    // modifier: signed combat modifiers, -20..+20, added to the target
	Weapon             string // weapon: a Weapons() id
	Armor              string // armor: an Armors() id ("none" for unarmored)
	Shield             string // shield: a Shields() id ("none", "small_shield", "large_shield")
	Dodge              int    // dodge: the defender's Dodge skill, 0..6; used only when armor is "none"
	DamageModifier     int    // damage_modifier: added to the weapon die, -6..+6
	ProtectionModifier int    // protection_modifier: added to the protection die, -6..+6
}

// DefaultInput is the calculator's default: PHYSICAL 4, skill 3 against
// skill 1 in melee with a sword, the target unarmored.
func DefaultInput() Input {
	return Input{Physical: defaultPhysical, Skill: defaultSkill, OpponentSkill: defaultOpponentSkill,
		Weapon: "sword", Armor: noneID, Shield: noneID}
}

// Validate checks every field; the error is a *rules.FieldError naming the
// calculator field and what it allows.
func (in Input) Validate() error {
	return rules.FirstError(
		rules.IntRange("physical", in.Physical, MinPhysical, MaxPhysical),
		rules.IntRange("skill", in.Skill, 0, MaxSkill),
		rules.IntRange("opponent_skill", in.OpponentSkill, 0, MaxSkill),
		rules.IntRange("modifier", in.Modifier, -MaxModifier, MaxModifier),
		rules.OneOf("weapon", in.Weapon, weaponIDs()...),
		rules.OneOf("armor", in.Armor, armorIDs(armorData[:])...),
		rules.OneOf("shield", in.Shield, armorIDs(shieldData[:])...),
		rules.IntRange("dodge", in.Dodge, 0, MaxDodge),
		rules.IntRange("damage_modifier", in.DamageModifier, -MaxDamageModifier, MaxDamageModifier),
		rules.IntRange("protection_modifier", in.ProtectionModifier, -MaxProtectionModifier, MaxProtectionModifier),
	)
}

// Target is the number the attack 2d6 must roll strictly under: PHYSICAL +
// skill - opponent's skill + modifier in melee, PHYSICAL + skill + modifier
// at range.
func (in Input) Target() int {
	t := in.Physical + in.Skill + in.Modifier
	if !in.Ranged {
		t -= in.OpponentSkill
	}
	return t
}

// setup is a validated Input with its tables looked up.
type setup struct {
	in       Input
	target   int
	weapon   Weapon
	base     Track  // armor or dodge track (zero when neither)
	baseName string // "Flak vest", "Dodge 3", ""
	shield   Armor
	rollProt bool   // whether the defender rolls a protection die at all
	protDie  string // "armor die", "dodge die", "shield die"
}

func newSetup(in Input) (setup, error) {
	if err := in.Validate(); err != nil {
		return setup{}, err
	}
	s := setup{in: in, target: in.Target()}
	s.weapon, _ = findWeapon(in.Weapon)
	armor, _ := findArmor(armorData[:], in.Armor)
	s.shield, _ = findArmor(shieldData[:], in.Shield)
	switch {
	case in.Armor != noneID:
		s.base, s.baseName, s.protDie = armor.Track, armor.Name, "armor die"
	case in.Dodge > 0:
		s.base, s.baseName, s.protDie = dodgeData[in.Dodge-1].Track, "Dodge "+strconv.Itoa(in.Dodge), "dodge die"
	default:
		s.protDie = "shield die"
	}
	s.rollProt = in.Armor != noneID || in.Dodge > 0 || in.Shield != noneID
	return s, nil
}

// protection is the protection a protection die showing face gives.
func (s setup) protection(face int) int {
	r := face + s.in.ProtectionModifier
	return s.base.Read(r) + s.shield.Track.Read(r)
}

// attackResult classifies the attack dice.
func (s setup) attackResult(a, b int) string {
	switch {
	case a == 6 && b == 6:
		return outcomeCritical
	case a == 1 && b == 1:
		return outcomeFumble
	case a+b < s.target:
		return outcomeHit
	}
	return outcomeMiss
}
