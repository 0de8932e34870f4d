package rollunder

import (
	"d6codex/rules/text"
	"strconv"
)

// Values of the dodge_shield setting: how a shield counts for a defender
// who wears no armor and has a Dodge skill (calculators rollunder/attack
// and rollunder/defend).
const (
	// DodgeShieldStack: the shield's track adds to the Dodge track, read
	// from the same die, as it adds to worn armor (Dodge.md, "Ubiquitous
	// Dodging": a shield may stack with Dodge). The default.
	DodgeShieldStack = "stack"
	// DodgeShieldEither: Dodge or the shield, never both (Dodge.md,
	// standard rules: no Dodge while blocking with a shield, and no benefit
	// from a shield merely carried while dodging). A defender who defends
	// with the Armor skill blocks with the shield and reads the shield's
	// track alone; any other defender dodges and reads the Dodge track alone.
	DodgeShieldEither = "either"
)

// DodgeShieldOptions lists the values of dodge_shield, the default first.
func DodgeShieldOptions() []string { return []string{DodgeShieldStack, DodgeShieldEither} }

// dodgeShieldOr is the dodge_shield value, "" read as the default.
func dodgeShieldOr(v string) string {
	if v == "" {
		return DodgeShieldStack
	}
	return v
}

// guard is the protection of the one who is hit: the tracks read from the
// one protection die and how the trace names them.
type guard struct {
	base     Track  // armor or Dodge track (zero when neither counts)
	baseName string // "Flak vest", "Dodge 3", "" when neither counts
	shield   Armor  // the shield that counts (ID "none" when none does)
	mod      int    // protection_modifier, added to the die
	rollDie  bool   // whether a protection die is rolled at all
	die      string // "armor die", "dodge die", "shield die"
	note     string // a step saying which track is left out, "" if none
}

// guardOf is what protects a defender (the ids and values are validated).
// blocking is true when the defender defends with the Armor skill, that is
// blocks with the shield; you writes the note to the player.
func guardOf(armorID, shieldID string, dodge, mod int, dodgeShield string, blocking, you bool) guard {
	armor, _ := findArmor(armorData[:], armorID)
	shield, _ := findArmor(shieldData[:], shieldID)
	g := guard{shield: shield, mod: mod}
	who, wears := "The defender", "wears"
	if you {
		who, wears = "You", "wear"
	}
	switch {
	case armorID != noneID:
		g.base, g.baseName, g.die = armor.Track, armor.Name, "armor die"
		if dodge > 0 {
			g.note = who + " " + wears + " armor, so the Dodge track does not apply."
		}
	case dodge > 0 && shieldID != noneID && dodgeShield == DodgeShieldEither && blocking:
		g.die = "shield die"
		g.note = "Dodge or the shield, not both: blocking with the shield, the Dodge track does not apply."
	case dodge > 0:
		g.base, g.baseName, g.die = dodgeData[dodge-1].Track, "Dodge "+strconv.Itoa(dodge), "dodge die"
		if shieldID != noneID && dodgeShield == DodgeShieldEither {
			g.shield, _ = findArmor(shieldData[:], noneID)
			g.note = "Dodge or the shield, not both: dodging, the " + text.LowerASCII(shield.Name) + " adds nothing."
		}
	default:
		g.die = "shield die"
	}
	g.rollDie = g.baseName != "" || g.shield.ID != noneID
	return g
}

// protection is the protection a protection die showing face gives.
func (g guard) protection(face int) int {
	r := face + g.mod
	return g.base.Read(r) + g.shield.Track.Read(r)
}
