package compareblock

// Level is how experienced a fighter is.
type Level int

// The two levels every system defines.
const (
	Novice Level = iota
	Veteran
)

// String names the level for tables ("novice").
func (l Level) String() string {
	if l == Veteran {
		return "veteran"
	}
	return "novice"
}

// MatchUp is one pairing of fighters, run in every system.
type MatchUp struct {
	// ID is the block argument that selects the match-up ("novice-vs-novice").
	ID string
	// Title names it in tables ("Novice vs novice").
	Title string
	// Attacker and Defender are the two fighters' levels.
	Attacker, Defender Level
	// Rationale says what the match-up shows.
	Rationale string
}

// MatchUps returns the pairings the comparison runs, in page order.
func MatchUps() []MatchUp {
	return []MatchUp{
		{ID: "novice-vs-novice", Title: "Novice vs novice", Attacker: Novice, Defender: Novice,
			Rationale: "Two starting characters: the baseline of each system, and how long a fight between equals lasts."},
		{ID: "veteran-vs-novice", Title: "Veteran vs novice", Attacker: Veteran, Defender: Novice,
			Rationale: "Experience on the attacking side only: how much a better attacker gains in hits and in damage."},
		{ID: "novice-vs-veteran", Title: "Novice vs veteran", Attacker: Novice, Defender: Veteran,
			Rationale: "Experience on the defending side only: whether the defender's skill changes the attack at all."},
		{ID: "veteran-vs-veteran", Title: "Even veterans", Attacker: Veteran, Defender: Veteran,
			Rationale: "Two experienced fighters: whether skill on both sides cancels out or makes the fight deadlier."},
	}
}

// Profile is one side of a set-up: a description in the game's terms and
// the calculator inputs it stands for.
type Profile struct {
	Words  string
	Inputs map[string]string
}

// System says how one system's calculator is read for the comparison and
// who its novice and veteran are.
type System struct {
	// ID is the system id ("rollunder"); Name its display name.
	ID, Name string
	// Calc is the calculator that runs the attack.
	Calc string
	// Common holds what both fighters share in every match-up (weapon,
	// armor, range). Attacker and Defender are indexed by Level.
	Common             Profile
	Attacker, Defender [2]Profile
	// Hit lists the outcomes whose sum is the chance the attack lands.
	Hit []string
	// HarmDist is the distribution of harm done to the target per attack
	// (0 for none); HarmExtra are outcomes that harm the target outside it
	// (instant death, the critical hits with no number).
	HarmDist  string
	HarmExtra []string
	// Mean is the mean that gives the damage per attack.
	Mean string
	// Unit names the unit of Mean.
	Unit string
	// Note, when set, adds a computed remark to the unit cell.
	Note func(r reportView) (string, error)
}

// Systems are the five systems in site order, with the set-ups of their
// novices and veterans. The fighters are chosen to be comparable: a
// trained fighter with a one-handed blade in light armor, a starting
// character as the novice and a clearly better one as the veteran, within
// what each game's character rules allow. They are illustrations, not
// the games' official archetypes.
func Systems() []System {
	return []System{
		{
			ID: "d6xd6", Name: "D6xD6 RPG", Calc: "d6xd6/attack",
			Common: Profile{Words: "small blade (Hit) at brawl range; both wear light armor (1 off the roll, 1 step off damage)",
				Inputs: map[string]string{"task": "focused", "focus": "5", "weapon": "small_blade", "range": "brawl",
					"attacker_armor": "light", "defense": "light"}},
			Attacker: [2]Profile{
				{Words: "Focused blade skill at Focus 5, no pluses", Inputs: map[string]string{"pluses": "0"}},
				{Words: "Focused blade skill at Focus 5, two pluses", Inputs: map[string]string{"pluses": "2"}},
			},
			Defender: [2]Profile{
				{Words: "armor only (reactive defense cannot be added to it)", Inputs: map[string]string{}},
				{Words: "armor only: experience adds nothing to defense", Inputs: map[string]string{}},
			},
			Hit: []string{"success"}, HarmDist: "damage", Mean: "damage",
			Unit: "damage levels (1 Graze, 2 Stun, 3 Hit, 4 Wound, 5 Knockout, 6 Kill)",
		},
		{
			ID: "spacedoor", Name: "Spacedoor", Calc: "spacedoor/attack",
			Common: Profile{Words: "an ordinary damaging weapon; no advantage or disadvantage",
				Inputs: map[string]string{"mode": "normal"}},
			Attacker: [2]Profile{
				{Words: "Tough +1", Inputs: map[string]string{"tough": "1"}},
				{Words: "Tough +3", Inputs: map[string]string{"tough": "3"}},
			},
			Defender: [2]Profile{
				{Words: "an enemy: enemies do not roll", Inputs: map[string]string{}},
				{Words: "an enemy: enemies do not roll, so experience does not change the attack", Inputs: map[string]string{}},
			},
			Hit:      []string{"mixed", "success", "critical_success"},
			HarmDist: "damage_dealt", Mean: "damage_dealt",
			Unit: "points off stamina, then health",
			Note: func(r reportView) (string, error) {
				x, err := r.mean("damage_taken")
				return "the attacker takes " + mean(x) + " on average in return", err
			},
		},
		{
			ID: "skirmish", Name: "Dice-pool skirmish", Calc: "skirmish/melee",
			Common: Profile{Words: "both wear armor worth 1 point that adds 1 penalty die; each side keeps its two highest dice",
				Inputs: map[string]string{"attack_penalty": "1", "defense_penalty": "1", "armor": "1", "keep": "highest"}},
			Attacker: [2]Profile{
				{Words: "combat 3 + weapon 1: 4 dice", Inputs: map[string]string{"attack_dice": "4"}},
				{Words: "combat 5 + weapon 1: 6 dice", Inputs: map[string]string{"attack_dice": "6"}},
			},
			Defender: [2]Profile{
				{Words: "defense 3: 3 dice", Inputs: map[string]string{"defense_dice": "3"}},
				{Words: "defense 5: 5 dice", Inputs: map[string]string{"defense_dice": "5"}},
			},
			Hit: []string{"attacker_wins"}, HarmDist: "damage", HarmExtra: []string{"instant_death"}, Mean: "damage",
			Unit: "damage points (provisional damage table)",
		},
		{
			ID: "rollunder", Name: "2D6 roll-under", Calc: "rollunder/attack",
			Common: Profile{Words: "a sword in melee; the defender wears a jacket",
				Inputs: map[string]string{"weapon": "sword", "armor": "jacket", "ranged": "false"}},
			Attacker: [2]Profile{
				{Words: "PHYSICAL 4, Melee Weapons 2", Inputs: map[string]string{"physical": "4", "skill": "2"}},
				{Words: "PHYSICAL 5, Melee Weapons 4", Inputs: map[string]string{"physical": "5", "skill": "4"}},
			},
			Defender: [2]Profile{
				{Words: "weapon skill 2", Inputs: map[string]string{"opponent_skill": "2"}},
				{Words: "weapon skill 4", Inputs: map[string]string{"opponent_skill": "4"}},
			},
			Hit:      []string{"hit"},
			HarmDist: "stamina_loss", HarmExtra: []string{"critical_zero_stamina", "critical_decapitated"},
			Mean: "stamina_loss",
			Unit: "STAMINA points (the two criticals with no number left out)",
		},
		{
			ID: "opend6", Name: "OpenD6", Calc: "opend6/attack",
			Common: Profile{Words: "a broadsword (Strength Damage + 2D+2) with Physique 3D; resistance Physique 3D + padded leather 1D; melee at Point Blank; Wounds system",
				Inputs: map[string]string{"damage": "2D+2", "strength": "3D", "resistance": "4D", "range": "point_blank",
					"system": "wounds"}},
			Attacker: [2]Profile{
				{Words: "melee combat 4D", Inputs: map[string]string{"skill": "4D"}},
				{Words: "melee combat 6D", Inputs: map[string]string{"skill": "6D"}},
			},
			Defender: [2]Profile{
				{Words: "passive defense (10, so difficulty 5 at Point Blank)", Inputs: map[string]string{"defense": "passive"}},
				{Words: "parries as a partial active defense with 5D (6D less 1D for also attacking)",
					Inputs: map[string]string{"defense": "partial", "defense_skill": "5D"}},
			},
			Hit: []string{"hit"}, HarmDist: "wound_level", Mean: "wound_level",
			Unit: "wound levels (1 Stunned, 2 Wounded, 3 Severely Wounded, 4 Incapacitated, 5 Mortally Wounded, 6 Dead)",
		},
	}
}
