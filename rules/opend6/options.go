package opend6

import (
	"slices"

	"d6codex/rules/dice"
)

// Option values of the combat-option fields (issue 27).
const (
	OptionNone   = "none"
	OptionAllOut = "all_out" // −2D (−6) difficulty, +1D damage, no other action
	OptionLunge  = "lunge"   // +1D (+3) difficulty, −1D damage
	OptionSweep  = "sweep"   // −2D (−6) difficulty, −3D damage

	PostureStanding        = "standing"
	PostureCrouching       = "crouching"        // +1D (+3)
	PostureCrouchingMoving = "crouching_moving" // +2D (+6)
	PostureProne           = "prone"            // −2D (−6) at Point Blank or Short, +2D (+6) farther

	FateNone      = "none"
	FateAttack    = "attack"    // the attack roll's own dice doubled
	FateDamage    = "damage"    // the damage roll's Strength Damage doubled (never the weapon's dice)
	FateClimactic = "climactic" // both: a climactic Fate Point doubles every roll of the round

	// MaxAimRounds is the most aiming adds: +1D a consecutive round, at most +3D.
	MaxAimRounds = 3
)

// AttackOption is a brawling, melee or ranged attack option: its
// difficulty modifier (dice and the standard fixed value) and its change
// to the damage dice.
type AttackOption struct {
	ID         string // the attack_option field's option
	Name       string
	Dice       int // difficulty modifier in dice
	Fixed      int // the standard (fixed) difficulty modifier
	DamageDice int // change to the damage dice
	Note       string
}

var attackOptionData = [...]AttackOption{
	{OptionNone, "None", 0, 0, 0, ""},
	{OptionAllOut, "All-out attack", -2, -6, 1, "no other action this round, not even an active defense"},
	{OptionLunge, "Lunge", 1, 3, -1, "reaches about half a metre farther"},
	{OptionSweep, "Sweep", -2, -6, -3, "close combat, or spraying an area with an automatic weapon"},
}

// AttackOptions lists the attack options.
func AttackOptions() []AttackOption { return slices.Clone(attackOptionData[:]) }

func attackOptionOf(id string) AttackOption {
	for _, o := range attackOptionData {
		if o.ID == id {
			return o
		}
	}
	return AttackOption{}
}

// Posture is how the target holds itself: its difficulty modifier at Point
// Blank or Short range (Near) and at Medium or Long range (Far).
type Posture struct {
	ID        string // the target_posture field's option
	Name      string
	Near, Far int // fixed difficulty modifiers (3 per die)
}

var postureData = [...]Posture{
	{PostureStanding, "Standing", 0, 0},
	{PostureCrouching, "Crouching", 3, 3},
	{PostureCrouchingMoving, "Crouching and moving", 6, 6},
	{PostureProne, "Prone", -6, 6},
}

// Postures lists the target postures.
func Postures() []Posture { return slices.Clone(postureData[:]) }

// postureModifier is the difficulty modifier of a posture at a range.
func postureModifier(id, rng string) int {
	for _, p := range postureData {
		if p.ID == id {
			if rng == RangePointBlank || rng == RangeShort {
				return p.Near
			}
			return p.Far
		}
	}
	return 0
}

// CalledShot is a called shot: a hit location on a target of human
// proportions, or a small target by its size. Dice and Fixed change the
// difficulty; DamageDice and Damage change the damage; NoBonus drops the
// optional damage bonus (arm, leg, hand).
type CalledShot struct {
	ID         string // the called_shot field's option
	Name       string
	Dice       int
	Fixed      int
	DamageDice int
	Damage     int
	NoBonus    bool
}

var calledShotData = [...]CalledShot{
	{"none", "None", 0, 0, 0, 0, false},
	{"head", "Head", 1, 3, 0, 12, false},
	{"heart", "Heart", 4, 12, 0, 12, false},
	{"chest", "Chest, abdomen", 0, 0, 0, 0, false},
	{"arm", "Left or right arm", 1, 3, 0, -2, true},
	{"leg", "Left or right leg", 1, 3, 0, -1, true},
	{"hand", "Left or right hand", 4, 12, 0, -2, true},
	{"object_large", "An object 10 to 50 cm long", 1, 3, 1, 0, false},
	{"object_small", "An object 1 to 10 cm long", 4, 12, 1, 0, false},
	{"object_tiny", "An object under 1 cm long", 8, 24, 1, 0, false},
}

// CalledShots lists the called shots: the hit locations, then small
// targets by size (whose +1D damage is one of the effects the source
// offers; the calculator counts that one).
func CalledShots() []CalledShot { return slices.Clone(calledShotData[:]) }

func calledShotOf(id string) CalledShot {
	for _, c := range calledShotData {
		if c.ID == id {
			return c
		}
	}
	return CalledShot{}
}

func calledShotIDs() []string {
	out := make([]string, len(calledShotData))
	for i, c := range calledShotData {
		out[i] = c.ID
	}
	return out
}

// fateOn reports whether a fate_point option doubles the attack roll
// (what = FateAttack) or the damage roll (what = FateDamage).
func fateOn(option, what string) bool { return option == what || option == FateClimactic }

// doubled is a die code with its dice and pips doubled, as a Fate Point
// doubles them: 4D+2 is rolled as 8D+4 (seven regular dice, the Wild Die
// and four pips), not regrouped as 9D+1.
func doubled(c dice.Code) dice.Code { return dice.Code{Dice: 2 * c.Dice, Pips: 2 * c.Pips} }
