package rollunder

import (
	"slices"
	"strconv"

	"d6codex/rules"
)

// Track is a d6 track: the value for a die showing 1..6 (index 0..5) and the
// 7+ column (index 6) that modified rolls past 6 read. Rolls below 1 read
// the 1 column.
type Track [7]int

// Read is the track's value for a (modified) die roll.
func (t Track) Read(roll int) int { return t[trackIndex(roll)] }

// trackIndex is the column a modified roll reads: 1..6, or 7 for 7+.
func trackIndex(roll int) int { return min(max(roll, 1), 7) - 1 }

// Weapon is a weapon and its damage track (STAMINA damage by weapon d6).
type Weapon struct {
	ID    string // input value, e.g. "pistol_smg"
	Name  string
	Track Track
}

// Armor is a protection track (STAMINA protection by the defender's d6):
// worn armor, or a shield, whose track adds to the armor's from the same die.
type Armor struct {
	ID    string // input value, e.g. "flak_vest"
	Name  string
	Track Track
}

// DodgeTrack is the protection track of an unarmored defender with the given
// Dodge skill.
type DodgeTrack struct {
	Skill int // 1..6
	Track Track
}

// Effect is one entry of a 2d6 table (critical hits, fumbles).
type Effect struct {
	Roll  int    // 2..12
	Label string // short label for charts
	Text  string // the effect in plain words
}

// Modifier is a signed combat modifier added to the attack target number.
type Modifier struct {
	ID      string
	Name    string
	Applies string // "any", "melee" or "ranged"
	Value   int
	Note    string
}

// The source notes of the tables.
const (
	repo            = "github.com/WhaleCancer/ChooseYourOwnAdventure "
	sourceWeapons   = repo + "RULES/Weapons/Weapons.md"
	sourceArmor     = repo + "RULES/Combat/Armor-Rimworld.md"
	sourceShields   = repo + "RULES/Combat/Armor/Fighting-Fantasy/Small-Shield.md and Large-Shield.md (Advanced Fighting Fantasy 2e, pp. 62-63)"
	sourceDodge     = repo + "RULES/Combat/Dodge.md"
	sourceCriticals = repo + "RULES/Combat/Critical Hits.md"
	sourceFumbles   = repo + "RULES/Combat/Fumbles.md"
	sourceModifiers = repo + "RULES/Combat/Combat Modifiers.md and RULES/Weapons/Weapons.md"
)

var weaponData = [...]Weapon{
	{"sword", "Sword", Track{2, 3, 3, 3, 3, 4, 5}},
	{"dagger", "Dagger", Track{1, 1, 2, 2, 2, 2, 3}},
	{"greatsword", "Greatsword", Track{2, 3, 3, 4, 4, 5, 6}},
	{"unarmed", "Unarmed (human)", Track{1, 1, 1, 1, 1, 2, 3}},
	{"improvised", "Improvised weapon", Track{1, 1, 1, 2, 2, 2, 3}},
	{"pistol_smg", "Pistol / SMG", Track{2, 3, 3, 4, 4, 4, 5}},
	{"rifle", "Rifle", Track{3, 4, 4, 4, 5, 5, 6}},
	{"shotgun", "Shotgun", Track{2, 3, 3, 3, 4, 4, 5}},
	{"machine_gun", "Machine gun", Track{2, 3, 5, 5, 6, 7, 8}},
	{"laser_pistol", "Laser pistol", Track{3, 4, 4, 5, 5, 6, 7}},
	{"blaster_pistol", "Blaster pistol", Track{4, 4, 5, 5, 6, 6, 7}},
}

var armorData = [...]Armor{
	{"none", "None", Track{}},
	{"t_shirt", "T-shirt", Track{0, 0, 0, 0, 0, 0, 1}},
	{"jacket", "Jacket", Track{0, 0, 0, 1, 1, 1, 2}},
	{"flak_vest", "Flak vest", Track{0, 1, 1, 2, 2, 3, 4}},
	{"flak_jacket", "Flak jacket", Track{0, 1, 2, 2, 3, 3, 4}},
	{"recon_armor", "Recon armor / shield belt", Track{1, 1, 2, 2, 3, 3, 4}},
	{"marine_armor", "Marine armor", Track{2, 2, 3, 3, 4, 4, 5}},
	{"cataphract_armor", "Cataphract armor", Track{2, 3, 3, 4, 4, 5, 6}},
	{"helmet", "Helmet (simple / flak)", Track{0, 1, 1, 2, 2, 3, 4}},
}

var shieldData = [...]Armor{
	{"none", "No shield", Track{}},
	{"small_shield", "Small shield", Track{0, 0, 0, 0, 1, 1, 2}},
	{"large_shield", "Large shield", Track{0, 0, 0, 1, 1, 1, 2}},
}

var dodgeData = [...]DodgeTrack{
	{1, Track{0, 0, 0, 0, 0, 1, 2}},
	{2, Track{0, 0, 0, 0, 1, 1, 2}},
	{3, Track{0, 0, 0, 1, 1, 2, 3}},
	{4, Track{0, 0, 1, 1, 2, 2, 3}},
	{5, Track{0, 1, 1, 2, 2, 3, 4}},
	{6, Track{0, 1, 2, 2, 3, 4, 5}},
}

// critKind is how a critical-table entry changes the hit's STAMINA loss.
type critKind int

const (
	critNormal     critKind = iota // normal damage (other effects are not STAMINA)
	critZero                       // the target drops to 0 STAMINA: no number
	critDouble                     // double the track value, then subtract protection
	critMax                        // the track value of a weapon die showing 6
	critPlus2                      // +2 to the damage roll
	critDoubleHit2                 // double damage, then another hit at +2 to the damage roll
	critDecapitate                 // decapitated: no number
)

// critData is indexed by the 2d6 roll - 2.
var critData = [11]struct {
	kind critKind
	Effect
}{
	{critZero, Effect{2, "0 STAMINA", "The target drops to 0 STAMINA."}},
	{critDouble, Effect{3, "arm immobilised, double damage", "Weapon arm immobilised; double damage."}},
	{critMax, Effect{4, "maximum damage, disarmed", "Maximum weapon damage; the target is disarmed."}},
	{critNormal, Effect{5, "normal damage, bleeding", "Normal damage, then the target loses 1d3 STAMINA a round until treated."}},
	{critDouble, Effect{6, "double damage", "Double damage."}},
	{critPlus2, Effect{7, "+2 to the damage roll", "+2 to the damage roll."}},
	{critPlus2, Effect{8, "+2 to the damage roll, next action -3", "+2 to the damage roll; the target's next action is at -3."}},
	{critNormal, Effect{9, "normal damage, knocked down", "Normal damage; the target is knocked down for 1 round."}},
	{critDouble, Effect{10, "leg disabled, double damage", "Leg disabled; double damage."}},
	{critDoubleHit2, Effect{11, "double damage and another hit at +2", "Double damage, plus another hit at +2 to the damage roll."}},
	{critDecapitate, Effect{12, "decapitated", "Decapitated (the target may Test LUCK to drop to 0 STAMINA instead)."}},
}

// critLucky and fumbleLucky are the labels of a critical_effect or
// fumble_effect of 0: a Test LUCK turned the critical into a normal hit, or
// softened the fumble to the lost round.
const (
	critLucky   = "normal hit (lucky)"
	fumbleLucky = "round lost only (lucky)"
)

// fumbleKind is how a fumble-table entry bears on damage: the report
// counts the entries that change it (the fumbler's own STAMINA, or the next
// attack on them) as outcomes.
type fumbleKind int

const (
	fumbleOther     fumbleKind = iota // no damage in this exchange or the next attack
	fumbleHitsSelf                    // the fumbler (or an ally) takes a hit
	fumbleDropGuard                   // the next attack on the fumbler does more damage
)

// fumbleData is indexed by the 2d6 roll - 2.
var fumbleData = [11]struct {
	kind fumbleKind
	Effect
}{
	{fumbleHitsSelf, Effect{2, "hit self or ally, double damage", "Hit yourself or an ally for double damage."}},
	{fumbleHitsSelf, Effect{3, "hit self", "Hit yourself for normal damage (armor roll allowed)."}},
	{fumbleDropGuard, Effect{4, "incoming attack does double damage", "The next attack on you does double damage."}},
	{fumbleOther, Effect{5, "prone at -4 for 2 rounds", "Prone, at -4 for 2 rounds."}},
	{fumbleOther, Effect{6, "weapon dropped for 2 rounds", "Weapon dropped for 2 rounds."}},
	{fumbleOther, Effect{7, "-2 next round", "-2 next round."}},
	{fumbleOther, Effect{8, "fall, lose a round", "Fall and lose a round."}},
	{fumbleOther, Effect{9, "weapon lost for the fight", "Weapon lost until the fight ends."}},
	{fumbleDropGuard, Effect{10, "no armor roll this attack", "No armor roll against the next attack (+2 damage if unarmored)."}},
	{fumbleOther, Effect{11, "hit the nearest ally", "Hit the nearest ally."}},
	{fumbleHitsSelf, Effect{12, "random critical on self", "Roll a critical hit on yourself."}},
}

var modifierData = [...]Modifier{
	{"vacuum_ranged", "Vacuum (ranged)", "ranged", -1, ""},
	{"vacuum_melee", "Vacuum (melee)", "melee", -2, ""},
	{"zero_g_ranged", "Zero-G (ranged)", "ranged", -2, ""},
	{"zero_g_melee", "Zero-G (melee)", "melee", -3, ""},
	{"total_darkness", "Total darkness", "any", -6, ""},
	{"total_darkness_dark_seeing", "Total darkness, with dark-seeing", "any", -3, ""},
	{"night", "Night", "any", -3, ""},
	{"night_dark_seeing", "Night, with dark-seeing", "any", -1, ""},
	{"twilight", "Twilight", "any", -1, ""},
	{"hidden_target", "Hidden target", "any", 1, "+1 as listed in the source"},
	{"smoke_or_fog", "Smoke or fog", "any", -2, ""},
	{"torrential_rain", "Torrential rain", "any", -1, ""},
	{"water_knee", "Knee-deep water", "any", -2, ""},
	{"water_waist", "Waist-deep water", "any", -4, ""},
	{"water_neck", "Neck-deep water", "any", -6, ""},
	{"swimming", "Swimming", "any", -8, ""},
	{"narrow_space", "Narrow space", "any", -2, ""},
	{"very_narrow_space", "Very narrow space", "any", -4, ""},
	{"prone", "Prone", "any", -4, ""},
	{"unmounted_vs_mounted", "Unmounted against mounted", "any", -2, ""},
	{"drunk", "Drunk", "any", -2, ""},
	{"heavy_load", "Heavy load", "any", -2, ""},
	{"very_heavy_load", "Very heavy load", "any", -4, ""},
	{"outnumbering", "Outnumbering", "any", 1, "per extra attacker, at most +5"},
	{"rear_attack", "Rear attack", "any", 4, ""},
	{"very_small_target", "Very small target", "ranged", -4, "missile fire"},
	{"small_target", "Small target", "ranged", -2, "missile fire"},
	{"moving_target", "Moving target", "ranged", -1, "missile fire"},
	{"firer_moving", "Firer moving", "ranged", -1, "missile fire"},
	{"obscured_target", "Obscured target", "ranged", -1, "missile fire"},
	{"straight_up", "Firing straight up", "ranged", -1, "missile fire"},
	{"into_melee", "Firing into a melee", "ranged", -5, "missile fire"},
	{"throwing_into_melee", "Throwing into a melee", "ranged", -3, "missile fire"},
	{"morning_star", "Morning star", "melee", -2, "weapon note"},
	{"brawling_vs_larger", "Brawling against anything bigger than a dagger", "melee", -4, "weapon note"},
}

// Weapons lists the weapon damage tracks (input values of the weapon field).
func Weapons() []Weapon { return slices.Clone(weaponData[:]) }

// Armors lists the armor protection tracks (input values of the armor
// field).
func Armors() []Armor { return slices.Clone(armorData[:]) }

// Shields lists the shield tracks (input values of the shield field); a
// shield's value adds to the armor's, read from the same die.
func Shields() []Armor { return slices.Clone(shieldData[:]) }

// DodgeTracks lists the Dodge protection tracks for Dodge 1..6.
func DodgeTracks() []DodgeTrack { return slices.Clone(dodgeData[:]) }

// CriticalHits lists the critical hit table, 2d6 rolls 2..12.
func CriticalHits() []Effect {
	out := make([]Effect, len(critData))
	for i, c := range critData {
		out[i] = c.Effect
	}
	return out
}

// Fumbles lists the fumble table, 2d6 rolls 2..12.
func Fumbles() []Effect {
	out := make([]Effect, len(fumbleData))
	for i, f := range fumbleData {
		out[i] = f.Effect
	}
	return out
}

// CombatModifiers lists the signed combat modifiers a player adds into the
// modifier field.
func CombatModifiers() []Modifier { return slices.Clone(modifierData[:]) }

func weaponIDs() []string {
	out := make([]string, len(weaponData))
	for i, w := range weaponData {
		out[i] = w.ID
	}
	return out
}

func armorIDs(list []Armor) []string {
	out := make([]string, len(list))
	for i, a := range list {
		out[i] = a.ID
	}
	return out
}

func findWeapon(id string) (Weapon, bool) {
	for _, w := range weaponData {
		if w.ID == id {
			return w, true
		}
	}
	return Weapon{}, false
}

func findArmor(list []Armor, id string) (Armor, bool) {
	for _, a := range list {
		if a.ID == id {
			return a, true
		}
	}
	return Armor{}, false
}

func trackColumns(first ...string) []string {
	return append(first, "1", "2", "3", "4", "5", "6", "7+")
}

func trackCells(t Track, first ...string) []string {
	row := first
	for _, v := range t {
		row = append(row, strconv.Itoa(v))
	}
	return row
}

// Tables returns every data table of the system as text for pages: weapons,
// armor, shields, dodge, critical_hits, fumbles, combat_modifiers.
func Tables() []rules.Table {
	weapons := rules.Table{ID: "weapons", Title: "Weapon damage tracks", Source: sourceWeapons,
		Note: "Roll a d6 on the weapon's track: the value is STAMINA damage. Rolls pushed past 6 read 7+. " +
			"Morning star -2 to attack; brawling against anything bigger than a dagger -4; plasma ignores unsealed armor; " +
			"fusion +2 to the damage roll against the unarmored; stun weapons cannot kill (a critical only doubles damage).",
		Columns: trackColumns("id", "Weapon")}
	for _, w := range weaponData {
		weapons.Rows = append(weapons.Rows, trackCells(w.Track, w.ID, w.Name))
	}
	armor := rules.Table{ID: "armor", Title: "Armor protection tracks", Source: sourceArmor,
		Note:    "The defender rolls a d6 on the armor's track: the value is subtracted from the damage.",
		Columns: trackColumns("id", "Armor")}
	for _, a := range armorData {
		armor.Rows = append(armor.Rows, trackCells(a.Track, a.ID, a.Name))
	}
	shields := rules.Table{ID: "shields", Title: "Shield protection tracks", Source: sourceShields,
		Note:    "A shield's value adds to the armor's, read from the same die: only one protection roll is made.",
		Columns: trackColumns("id", "Shield")}
	for _, a := range shieldData[1:] {
		shields.Rows = append(shields.Rows, trackCells(a.Track, a.ID, a.Name))
	}
	dodge := rules.Table{ID: "dodge", Title: "Dodge protection tracks", Source: sourceDodge,
		Note:    "An unarmored defender rolls on the track of their Dodge skill instead of an armor track.",
		Columns: trackColumns("Dodge")}
	for _, d := range dodgeData {
		dodge.Rows = append(dodge.Rows, trackCells(d.Track, strconv.Itoa(d.Skill)))
	}
	crit := rules.Table{ID: "critical_hits", Title: "Critical hits (2d6)", Source: sourceCriticals,
		Note: "An attack roll of double 6 hits with a critical: roll 2d6 on this table. The target may Test LUCK first " +
			"to turn it into a normal hit. Double damage doubles the track value before protection is subtracted.",
		Columns: []string{"2d6", "Effect"}}
	for _, e := range CriticalHits() {
		crit.Rows = append(crit.Rows, []string{strconv.Itoa(e.Roll), e.Text})
	}
	fum := rules.Table{ID: "fumbles", Title: "Fumbles (2d6)", Source: sourceFumbles,
		Note: "An attack roll of double 1 misses and fumbles: roll 2d6 on this table (Test LUCK first to soften it). " +
			"The round is lost.",
		Columns: []string{"2d6", "Effect"}}
	for _, e := range fumbleData {
		fum.Rows = append(fum.Rows, []string{strconv.Itoa(e.Roll), e.Text})
	}
	mods := rules.Table{ID: "combat_modifiers", Title: "Combat modifiers", Source: sourceModifiers,
		Note:    "Signed: add them to the attack target number (a penalty is negative).",
		Columns: []string{"id", "Condition", "Applies to", "Modifier", "Note"}}
	for _, m := range modifierData {
		mods.Rows = append(mods.Rows, []string{m.ID, m.Name, m.Applies, signed(m.Value), m.Note})
	}
	return []rules.Table{weapons, armor, shields, dodge, crit, fum, mods}
}

// signed writes n with its sign: +2, 0, -3.
func signed(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}
