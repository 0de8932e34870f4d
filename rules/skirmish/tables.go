package skirmish

import (
	"slices"
	"strconv"

	"d6codex/rules"
)

// Source notes for the data tables.
const (
	SourceSeed = "Fight – Combat, the skirmish game's bilingual (EN/FR) combat chapter"
	SourceNote = "d6codex placeholder: the value is missing from the original rules (provisional)"
)

// DamageBand is one row of the damage table: the differences it covers
// (attack score − defense score), its default points, and whether the value
// comes from the seed or is provisional.
type DamageBand struct {
	Label        string // as the rulebook prints the row: "up to 2", "3–4", "12 or more"
	Min, Max     int    // differences covered; Max is -1 for "or more"
	Points       int    // default points; 0 for the instant-death row
	InstantDeath bool   // the row kills outright
	Provisional  bool   // the value is missing from the seed
	Source       string
}

// DamageBands lists the damage table rows in order. The first 7 are the
// values a damage_table override replaces; the last is instant death.
func DamageBands() []DamageBand { return slices.Clone(damageBandData[:]) }

// damageBandData is the damage table as static data.
var damageBandData = [...]DamageBand{
	{Label: "up to 2", Min: 0, Max: 2, Points: 2, Provisional: true, Source: SourceNote},
	{Label: "3–4", Min: 3, Max: 4, Points: 3, Source: SourceSeed + " (the worked example: difference 4 gives 3 points)"},
	{Label: "5–6", Min: 5, Max: 6, Points: 4, Provisional: true, Source: SourceNote},
	{Label: "7–8", Min: 7, Max: 8, Points: 5, Provisional: true, Source: SourceNote},
	{Label: "9", Min: 9, Max: 9, Points: 6, Provisional: true, Source: SourceNote},
	{Label: "10", Min: 10, Max: 10, Points: 7, Provisional: true, Source: SourceNote},
	{Label: "11", Min: 11, Max: 11, Points: 8, Provisional: true, Source: SourceNote},
	{Label: "12 or more", Min: InstantDeathDiff, Max: -1, InstantDeath: true, Source: SourceSeed},
}

// DefaultDamageTable is the default damage_table: the points of the first 7
// rows of DamageBands.
func DefaultDamageTable() []int {
	out := make([]int, DamageTableSize)
	for i := range out {
		out[i] = damageBandData[i].Points
	}
	return out
}

// bandOfDiff is the damage_table index (0..6) of a difference 0..11.
var bandOfDiff = [InstantDeathDiff]int{0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 5, 6}

// DamagePoints reads the damage table (7 values as in Input.DamageTable; nil
// for the default) for a difference: the points before armor, or instant
// death for 12 or more. Differences below 0 read the first row.
func DamagePoints(table []int, diff int) (points int, instantDeath bool) {
	if diff >= InstantDeathDiff {
		return 0, true
	}
	if len(table) != DamageTableSize {
		table = DefaultDamageTable()
	}
	return table[bandOfDiff[max(diff, 0)]], false
}

// Material is a weapon material for the breakage test after a Force attack:
// the weapon breaks when Rolls successive d6 all show BreaksOn or less.
type Material struct {
	// Not comparable: nothing compares materials, and an equality function
	// for arrays of them would only weigh on the WebAssembly module.
	_        [0]func()
	ID       string // value of the weapon and second_weapon fields: "bone", "stone", "metal"
	Name     string
	BreaksOn int // highest face that breaks the weapon
	Rolls    int // how many d6 must all break it
	Default  bool
}

// BreakChance is the exact probability that the weapon breaks.
func (m Material) BreakChance() float64 {
	p := 1.0
	for range m.Rolls {
		p *= float64(m.BreaksOn) / 6
	}
	return p
}

// Materials lists the weapon materials of the breakage table. A weapon of
// unknown material counts as bone.
func Materials() []Material {
	return []Material{
		{ID: MaterialBone, Name: "bone/wood", BreaksOn: 2, Rolls: 1, Default: true},
		{ID: MaterialStone, Name: "obsidian/stone", BreaksOn: 1, Rolls: 1},
		{ID: MaterialMetal, Name: "metal", BreaksOn: 1, Rolls: 2},
	}
}

// MaterialByID returns the material with the given ID (bone, stone or
// metal) and whether it exists.
func MaterialByID(id string) (Material, bool) {
	for _, m := range Materials() {
		if m.ID == id {
			return m, true
		}
	}
	return Material{}, false
}

// Reach is how far a kind of weapon engages an enemy.
type Reach struct {
	Weapons string
	Reach   string
}

// Reaches lists the engagement ranges.
func Reaches() []Reach {
	return []Reach{
		{Weapons: "hand weapons", Reach: "base contact"},
		{Weapons: "polearms", Reach: "4 cm"},
		{Weapons: "other weapons", Reach: "2 cm"},
	}
}

// Situation is a circumstance that adds a die, a penalty die or damage.
// Sizes were icons in the seed: one die each is provisional.
type Situation struct {
	Name        string
	Effect      string
	Provisional bool
}

// Situations lists the situational modifiers.
func Situations() []Situation {
	return []Situation{
		{Name: "Charge (2 actions, 4 cm straight)", Effect: "+1 attack die, or +1 penalty die on the defense", Provisional: true},
		{Name: "Backstab (never in the target's sight this turn)", Effect: "+1 attack die, or +1 penalty die on the defense; +1 damage", Provisional: true},
		{Name: "Opponent on the ground", Effect: "defender +1 penalty die on all tests; +1 damage", Provisional: true},
		{Name: "Attacking from the ground", Effect: "attacker +1 penalty die", Provisional: true},
		{Name: "Each extra opponent engaged with a fighter", Effect: "+1 penalty die to that fighter", Provisional: true},
		{Name: "Action Point spent (announced before rolling)", Effect: "+1 die to the attack or the defense"},
	}
}

// DoubleEffect is an effect a side may trigger when its kept pair is a
// double.
type DoubleEffect struct {
	Side   string // "attacker" or "defender"
	Faces  string // "1–5" or "6"
	Name   string
	Effect string
}

// DoubleEffects lists the special attacks and defenses. With a double 1–5 a
// side chooses one effect; the attacker's double 6 applies all of Force
// attack; the defender's double 6 chooses one of its two.
func DoubleEffects() []DoubleEffect {
	return []DoubleEffect{
		{"attacker", "1–5", "Precise attack", "a penalty die to the opponent"},
		{"attacker", "1–5", "Maneuver", "the opponent rerolls one die the attacker chooses"},
		{"attacker", "1–5", "Flaw", "defender's armor −1, or +1 damage if unarmored"},
		{"attacker", "1–5", "Tactical advantage", "on a tie of scores the attacker wins without comparing the other dice and deals 1 point"},
		{"attacker", "6", "Force attack", "armor to 0 (or +1 damage if unarmored); +1 damage; the opponent rolls a double on an aptitude test or falls; the attacker tests every weapon used for breakage"},
		{"defender", "1–5", "Maneuver", "the attacker rerolls one die the defender chooses"},
		{"defender", "1–5", "Aggressiveness", "−1 damage taken this turn"},
		{"defender", "1–5", "Riposte", "if the defender's score is higher, the attacker takes the damage"},
		{"defender", "1–5", "Disengage", "after damage, try to move 4 cm with a double on an aptitude test"},
		{"defender", "6", "Off balance", "the attacker rolls a double on an aptitude test or falls"},
		{"defender", "6", "Riposte", "if the defender's score is higher, the attacker takes the damage"},
	}
}

// Tables renders every data table of the system for pages.
func Tables() []rules.Table {
	dmg := rules.Table{
		ID:          "damage",
		Title:       "Damage table",
		Source:      SourceSeed,
		Provisional: true,
		Note:        "Points taken by the defender, before armor, by attack score − defense score. Most values are missing from the original rules: provisional rows are marked; check your rulebook.",
		Columns:     []string{"difference", "points", "status"},
	}
	for _, b := range DamageBands() {
		pts := strconv.Itoa(b.Points)
		if b.InstantDeath {
			pts = "instant death"
		}
		status := "original rules"
		if b.Provisional {
			status = "provisional"
		}
		dmg.Rows = append(dmg.Rows, []string{b.Label, pts, status})
	}

	brk := rules.Table{
		ID:      "breakage",
		Title:   "Weapon breakage after a Force attack",
		Source:  SourceSeed,
		Note:    "Roll 1d6 per weapon used; a weapon of unknown material counts as bone.",
		Columns: []string{"material", "breaks on", "chance"},
	}
	for _, m := range Materials() {
		on := "1"
		if m.BreaksOn > 1 {
			on = "1–" + strconv.Itoa(m.BreaksOn)
		}
		on += " on 1d6"
		if m.Rolls == 2 {
			on += ", then 1 again on 1d6"
		}
		den := 1
		for range m.Rolls {
			den *= 6
		}
		num := 1
		for range m.Rolls {
			num *= m.BreaksOn
		}
		brk.Rows = append(brk.Rows, []string{m.Name, on, strconv.Itoa(num) + "/" + strconv.Itoa(den)})
	}

	reach := rules.Table{
		ID:      "reach",
		Title:   "Engagement range",
		Source:  SourceSeed,
		Columns: []string{"weapons", "reach"},
	}
	for _, r := range Reaches() {
		reach.Rows = append(reach.Rows, []string{r.Weapons, r.Reach})
	}

	sit := rules.Table{
		ID:          "situations",
		Title:       "Situations",
		Source:      SourceSeed,
		Provisional: true,
		Note:        "The number of dice was an icon in the original rules; one die each is provisional.",
		Columns:     []string{"situation", "effect", "status"},
	}
	for _, s := range Situations() {
		status := "original rules"
		if s.Provisional {
			status = "provisional"
		}
		sit.Rows = append(sit.Rows, []string{s.Name, s.Effect, status})
	}

	dbl := rules.Table{
		ID:      "doubles",
		Title:   "Special attacks and defenses (a kept double)",
		Source:  SourceSeed,
		Note:    "A double 1–5 gives one effect of the side's choice; the attacker's double 6 gives all of Force attack; the defender's double 6 gives one of its two. A triggered double stays active after a reroll, and a new double gives a second effect.",
		Columns: []string{"side", "double", "effect", "what it does"},
	}
	for _, d := range DoubleEffects() {
		dbl.Rows = append(dbl.Rows, []string{d.Side, d.Faces, d.Name, d.Effect})
	}
	return []rules.Table{dmg, brk, reach, sit, dbl}
}
