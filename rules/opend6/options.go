package opend6

import (
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

	// The defender's Fate Point (defender_fate_point: FateNone, these two
	// or FateClimactic for both rolls).
	FateDefense    = "defense"    // the active defense roll's skill doubled
	FateResistance = "resistance" // the resistance roll's Physique doubled (never the armor)

	// MaxAimRounds is the most aiming adds: +1D a consecutive round, at most +3D.
	MaxAimRounds = 3
)

// Option is one choice of attack_option, target_posture or called_shot
// and what it changes: the combat difficulty (Dice, and Fixed, the
// standard value the calculator adds; for a posture, Fixed at Point Blank
// or Short and Far at Medium or Long), the damage dice (DamageDice), the
// damage total (Damage), and whether the optional damage bonus is
// dropped (NoBonus: a called shot at an arm, a leg or a hand).
type Option struct {
	ID         string // the field's option
	Name       string
	Dice       int
	Fixed      int
	Far        int
	DamageDice int
	Damage     int
	NoBonus    bool
	Note       string
}

// The options as data; one of each list is the field's default ("none",
// "standing").
var (
	attackOptionData = [...]Option{
		{ID: OptionNone, Name: "None"},
		{ID: OptionAllOut, Name: "All-out attack", Dice: -2, Fixed: -6, DamageDice: 1, Note: "no other action this round, not even an active defense"},
		{ID: OptionLunge, Name: "Lunge", Dice: 1, Fixed: 3, DamageDice: -1, Note: "reaches about half a metre farther"},
		{ID: OptionSweep, Name: "Sweep", Dice: -2, Fixed: -6, DamageDice: -3, Note: "close combat, or spraying an area with an automatic weapon"},
	}
	postureData = [...]Option{
		{ID: PostureStanding, Name: "Standing"},
		{ID: PostureCrouching, Name: "Crouching", Dice: 1, Fixed: 3, Far: 3},
		{ID: PostureCrouchingMoving, Name: "Crouching and moving", Dice: 2, Fixed: 6, Far: 6},
		{ID: PostureProne, Name: "Prone", Dice: -2, Fixed: -6, Far: 6},
	}
	// calledShotData: hit locations on a target of human proportions, then
	// small targets by size, whose +1D damage is one of the effects the
	// source offers (the calculator counts that one).
	calledShotData = [...]Option{
		{ID: "none", Name: "None"},
		{ID: "head", Name: "Head", Dice: 1, Fixed: 3, Damage: 12},
		{ID: "heart", Name: "Heart", Dice: 4, Fixed: 12, Damage: 12},
		{ID: "chest", Name: "Chest, abdomen"},
		{ID: "arm", Name: "Left or right arm", Dice: 1, Fixed: 3, Damage: -2, NoBonus: true},
		{ID: "leg", Name: "Left or right leg", Dice: 1, Fixed: 3, Damage: -1, NoBonus: true},
		{ID: "hand", Name: "Left or right hand", Dice: 4, Fixed: 12, Damage: -2, NoBonus: true},
		{ID: "object_large", Name: "An object 10 to 50 cm long", Dice: 1, Fixed: 3, DamageDice: 1},
		{ID: "object_small", Name: "An object 1 to 10 cm long", Dice: 4, Fixed: 12, DamageDice: 1},
		{ID: "object_tiny", Name: "An object under 1 cm long", Dice: 8, Fixed: 24, DamageDice: 1},
	}
)

// AttackOptions lists the attack options (all-out attack, lunge, sweep).
func AttackOptions() []Option { return append([]Option(nil), attackOptionData[:]...) }

// Postures lists the target's postures.
func Postures() []Option { return append([]Option(nil), postureData[:]...) }

// CalledShots lists the called shots and hit locations.
func CalledShots() []Option { return append([]Option(nil), calledShotData[:]...) }

// AttackOptionChoices, PostureChoices and CalledShotChoices are the
// lists' options as "id=Name", the form a calculator's choice field takes
// (strings rather than copies of the Options, which weigh more in the
// WebAssembly module).
func AttackOptionChoices() []string { return optionChoices(attackOptionData[:]) }

// PostureChoices: see AttackOptionChoices.
func PostureChoices() []string { return optionChoices(postureData[:]) }

// CalledShotChoices: see AttackOptionChoices.
func CalledShotChoices() []string { return optionChoices(calledShotData[:]) }

func optionChoices(list []Option) []string {
	out := make([]string, len(list))
	for i, o := range list {
		out[i] = o.ID + "=" + o.Name
	}
	return out
}

// optionOf is the option id of a list (the zero Option when unknown).
func optionOf(list []Option, id string) Option {
	for _, o := range list {
		if o.ID == id {
			return o
		}
	}
	return Option{}
}

// optionIDs are the ids of a list, in order.
func optionIDs(list []Option) []string {
	out := make([]string, len(list))
	for i, o := range list {
		out[i] = o.ID
	}
	return out
}

func attackOptionOf(id string) Option { return optionOf(attackOptionData[:], id) }
func calledShotOf(id string) Option   { return optionOf(calledShotData[:], id) }

// postureModifier is the difficulty modifier of a posture at a range.
func postureModifier(id, rng string) int {
	p := optionOf(postureData[:], id)
	if rng == RangePointBlank || rng == RangeShort {
		return p.Fixed
	}
	return p.Far
}

// fateOn reports whether a fate_point option doubles the attack roll
// (what = FateAttack) or the damage roll (what = FateDamage), or a
// defender_fate_point option the defense roll (FateDefense) or the
// resistance roll (FateResistance).
func fateOn(option, what string) bool { return option == what || option == FateClimactic }

// doubled is a die code with its dice and pips doubled, as a Fate Point
// doubles them: 4D+2 is rolled as 8D+4 (seven regular dice, the Wild Die
// and four pips), not regrouped as 9D+1.
func doubled(c dice.Code) dice.Code { return dice.Code{Dice: 2 * c.Dice, Pips: 2 * c.Pips} }
