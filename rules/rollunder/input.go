package rollunder

import (
	"strconv"

	"d6codex/rules"
)

// Input ranges (inclusive). The calculators rollunder/attack and
// rollunder/defend use the same.
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
	outcomeCritLucky       = "critical_lucky"     // the target's Test LUCK turned the critical into a normal hit
	outcomeFumbleLucky     = "fumble_lucky"       // the attacker's Test LUCK softened the fumble: the round is lost only
	outcomeFumbleHitsSelf  = "fumble_hits_self"   // fumble table 2, 3, 12: the fumbler (or an ally) takes a hit
	outcomeFumbleDropGuard = "fumble_drops_guard" // fumble table 4, 10: the next attack on the fumbler does more
	outcomeAvoided         = "avoided"            // defence: the attack misses the player
	outcomeCriticalHit     = "critical_hit"       // defence: double 1, a critical hit on the player
	outcomeAttackerFumbles = "attacker_fumbles"   // defence: double 6, the attack misses and the attacker fumbles
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
	DodgeShield        string // dodge_shield: DodgeShieldStack (default, also "") or DodgeShieldEither
	TargetLuck         int    // target_luck: the target's LUCK, 0..12; 0: the target does not Test LUCK
	AttackerLuck       int    // attacker_luck: the attacker's LUCK, 0..12; 0: the attacker does not Test LUCK
}

// DefaultInput is the calculator's default: PHYSICAL 4, skill 3 against
// skill 1 in melee with a sword, the target unarmored.
func DefaultInput() Input {
	return Input{Physical: defaultPhysical, Skill: defaultSkill, OpponentSkill: defaultOpponentSkill,
		Weapon: "sword", Armor: noneID, Shield: noneID, DodgeShield: DodgeShieldStack}
}

// Validate checks every field; the error is a *rules.FieldError naming the
// calculator field and what it allows.
func (in Input) Validate() error {
	return rules.FirstError(
		rules.IntRange("physical", in.Physical, MinPhysical, MaxPhysical),
		rules.IntRange("skill", in.Skill, 0, MaxSkill),
		rules.IntRange("opponent_skill", in.OpponentSkill, 0, MaxSkill),
		rules.IntRange("modifier", in.Modifier, -MaxModifier, MaxModifier),
		in.gear().check(),
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

// Values of defend_with: the skill a player defends with.
const (
	DefendWeaponSkill = "weapon_skill" // the weapon skill fought with (melee only; the default)
	DefendArmorSkill  = "armor_skill"  // the Armor skill, with a shield
	DefendDodge       = "dodge"        // Dodge, wearing no armor; its level is the dodge field
)

// DefendWithOptions lists the values of defend_with, the default first.
func DefendWithOptions() []string { return []string{DefendWeaponSkill, DefendArmorSkill, DefendDodge} }

// DefendInput is one defence roll, the player's roll against a foe's attack
// (calculator rollunder/defend). Each field maps to the calculator field
// named in its comment.
type DefendInput struct {
	Physical           int    // physical: the attacker's PHYSICAL, 1..12
	AttackerSkill      int    // attacker_skill: the attacker's skill, 0..12
	Ranged             bool   // ranged: against a ranged attack only Dodge or the Armor skill defends
	DefendWith         string // defend_with: DefendWeaponSkill, DefendArmorSkill or DefendDodge
	Skill              int    // skill: the weapon or Armor skill defended with, 0..12 (Dodge reads dodge)
	Modifier           int    // modifier: signed combat modifiers, -20..+20, added to the target
	Weapon             string // weapon: the attacker's weapon, a Weapons() id
	Armor              string // armor: the player's armor, an Armors() id
	Shield             string // shield: the player's shield, a Shields() id
	Dodge              int    // dodge: the player's Dodge skill, 0..6 (0: none)
	DamageModifier     int    // damage_modifier: added to the weapon die, -6..+6
	ProtectionModifier int    // protection_modifier: added to the protection die, -6..+6
	DodgeShield        string // dodge_shield: DodgeShieldStack (default, also "") or DodgeShieldEither
	TargetLuck         int    // target_luck: the player's LUCK, 0..12; 0: the player does not Test LUCK
	AttackerLuck       int    // attacker_luck: the attacker's LUCK, 0..12; 0: the attacker does not Test LUCK
}

// DefaultDefendInput is the calculator's default: an attacker with PHYSICAL
// 4 and skill 3 and a sword, against a player defending with weapon skill 1
// and no armor (the attack default, seen from the defender's side).
func DefaultDefendInput() DefendInput {
	return DefendInput{Physical: defaultPhysical, AttackerSkill: defaultSkill, DefendWith: DefendWeaponSkill,
		Skill: defaultOpponentSkill, Weapon: "sword", Armor: noneID, Shield: noneID, DodgeShield: DodgeShieldStack}
}

// Validate checks every field, then the choice of defending skill: no
// weapon skill against a ranged attack, the Armor skill only with a shield,
// Dodge only without armor and with a Dodge skill. The error is a
// *rules.FieldError naming the calculator field and what it allows.
func (in DefendInput) Validate() error {
	if err := rules.FirstError(
		rules.IntRange("physical", in.Physical, MinPhysical, MaxPhysical),
		rules.IntRange("attacker_skill", in.AttackerSkill, 0, MaxSkill),
		rules.OneOf("defend_with", in.DefendWith, DefendWithOptions()...),
		rules.IntRange("skill", in.Skill, 0, MaxSkill),
		rules.IntRange("modifier", in.Modifier, -MaxModifier, MaxModifier),
		in.gear().check(),
	); err != nil {
		return err
	}
	switch {
	case in.DefendWith == DefendWeaponSkill && in.Ranged:
		return &rules.FieldError{Field: "defend_with", Value: in.DefendWith,
			Allowed: "Dodge or the Armor skill (with a shield): a weapon skill cannot defend against a ranged attack"}
	case in.DefendWith == DefendArmorSkill && in.Shield == noneID:
		return &rules.FieldError{Field: "defend_with", Value: in.DefendWith,
			Allowed: "the weapon skill or Dodge: the Armor skill defends only with a shield"}
	case in.DefendWith == DefendDodge && in.Armor != noneID:
		return &rules.FieldError{Field: "defend_with", Value: in.DefendWith,
			Allowed: "the weapon skill, or the Armor skill with a shield: Dodge defends only a character wearing no armor"}
	case in.DefendWith == DefendDodge && in.Dodge == 0:
		return &rules.FieldError{Field: "dodge", Value: "0",
			Allowed: "1 to " + strconv.Itoa(MaxDodge) + " when defending with Dodge"}
	}
	return nil
}

// DefendingSkill is the level the player subtracts: Dodge when defending
// with Dodge, else the weapon or Armor skill.
func (in DefendInput) DefendingSkill() int {
	if in.DefendWith == DefendDodge {
		return in.Dodge
	}
	return in.Skill
}

// Target is the number the defence 2d6 must roll strictly under to avoid
// the attack: the attacker's PHYSICAL + the attacker's skill - the
// defending skill + modifier, in melee and at range alike.
func (in DefendInput) Target() int {
	return in.Physical + in.AttackerSkill - in.DefendingSkill() + in.Modifier
}

// gear is what an attack and a defence roll both read: the attacking
// weapon and the defender's protection, with their modifiers and the
// dodge_shield setting, and both sides' LUCK. Input and DefendInput carry the same fields (and
// calculator fields) for it; gear holds their one check and one lookup.
type gear struct {
	weapon, armor, shield string
	dodge                 int
	damageMod, protMod    int
	dodgeShield           string
	targetLuck, atkLuck   int // 0: that side does not Test LUCK
}

func (in Input) gear() gear {
	return gear{in.Weapon, in.Armor, in.Shield, in.Dodge, in.DamageModifier, in.ProtectionModifier, in.DodgeShield,
		in.TargetLuck, in.AttackerLuck}
}

func (in DefendInput) gear() gear {
	return gear{in.Weapon, in.Armor, in.Shield, in.Dodge, in.DamageModifier, in.ProtectionModifier, in.DodgeShield,
		in.TargetLuck, in.AttackerLuck}
}

// check validates the gear fields; the error is a *rules.FieldError.
func (g gear) check() error {
	return rules.FirstError(
		rules.OneOf("weapon", g.weapon, weaponIDs()...),
		rules.OneOf("armor", g.armor, armorIDs(armorData[:])...),
		rules.OneOf("shield", g.shield, armorIDs(shieldData[:])...),
		rules.IntRange("dodge", g.dodge, 0, MaxDodge),
		rules.IntRange("damage_modifier", g.damageMod, -MaxDamageModifier, MaxDamageModifier),
		rules.IntRange("protection_modifier", g.protMod, -MaxProtectionModifier, MaxProtectionModifier),
		rules.OneOf("dodge_shield", dodgeShieldOr(g.dodgeShield), DodgeShieldOptions()...),
		rules.IntRange("target_luck", g.targetLuck, 0, MaxLuck),
		rules.IntRange("attacker_luck", g.atkLuck, 0, MaxLuck),
	)
}

// setup looks up the tables of validated gear for a roll against target:
// an attack roll, or the player's defence roll (blocking with the shield
// when defending with the Armor skill).
func (g gear) setup(target int, defence, blocking bool) setup {
	s := setup{target: target, defence: defence, dmgMod: g.damageMod, targetLuck: g.targetLuck, atkLuck: g.atkLuck,
		guard: guardOf(g.armor, g.shield, g.dodge, g.protMod, dodgeShieldOr(g.dodgeShield), blocking, defence)}
	s.weapon, _ = findWeapon(g.weapon)
	return s
}

// setup is a validated attack or defence with its tables looked up: what
// the odds and the trace of both calculators work from.
type setup struct {
	target  int
	defence bool // the player's defence roll (rollunder/defend), not an attack roll
	weapon  Weapon
	dmgMod  int // damage_modifier, added to the weapon die
	guard   guard

	targetLuck, atkLuck int // the LUCK each side tests with; 0: no test
}

// newSetup validates an attack and looks up its tables; the defender is
// "the defender", who never blocks with a shield in this model.
func newSetup(in Input) (setup, error) {
	if err := in.Validate(); err != nil {
		return setup{}, err
	}
	return in.gear().setup(in.Target(), false, false), nil
}

// newDefendSetup validates a defence roll and looks up its tables; the
// player blocks with the shield when defending with the Armor skill.
func newDefendSetup(in DefendInput) (setup, error) {
	if err := in.Validate(); err != nil {
		return setup{}, err
	}
	return in.gear().setup(in.Target(), true, in.DefendWith == DefendArmorSkill), nil
}

// rollKind is what the two dice of an attack or defence roll do.
type rollKind int

const (
	kindMiss     rollKind = iota // the attack misses (is avoided)
	kindHit                      // a normal hit
	kindCritical                 // a hit with a critical
	kindFumble                   // a miss, and the attacker fumbles
)

// classify reads the two dice. Attack roll: double 6 hits with a critical,
// double 1 misses and fumbles, else under the target hits. Defence roll:
// double 6 avoids and the attacker fumbles, double 1 is a critical hit,
// else under the target avoids.
func (s setup) classify(a, b int) rollKind {
	switch {
	case a == 6 && b == 6 && s.defence, a == 1 && b == 1 && !s.defence:
		return kindFumble
	case a == 6 && b == 6, a == 1 && b == 1:
		return kindCritical
	case (a+b < s.target) == s.defence:
		return kindMiss
	}
	return kindHit
}
