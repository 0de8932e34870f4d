package opend6

import (
	"slices"
	"strconv"

	"d6codex/rules"
	"d6codex/rules/dice"
)

const (
	srcCombat = "D6 Adventure, \"Combat\" chapter (Open Game Content); OpenD6 SRD combat/main.adoc"
	srcDamage = "OpenD6 SRD combat/damage.adoc (Wound Levels); D6 Adventure \"Damage\" chapter"
)

// levelIDs are the wound levels in order, as used by target_wound and the
// wound_level distribution values 0..6.
var levelIDs = [...]string{"none", "stunned", "wounded", "severely_wounded", "incapacitated", "mortally_wounded", "dead"}

// levelNames are the display names of the wound levels.
var levelNames = [...]string{"No injury", "Stunned", "Wounded", "Severely Wounded", "Incapacitated", "Mortally Wounded", "Dead"}

// Wound levels as distribution values.
const (
	LevelNone = iota
	LevelStunned
	LevelWounded
	LevelSeverelyWounded
	LevelIncapacitated
	LevelMortallyWounded
	LevelDead
)

// LevelLabel names a wound level value 0..6 ("No injury", "Stunned", ...
// "Dead"); it is the Label of the wound-level distributions.
func LevelLabel(v int) string {
	if v < 0 || v >= len(levelNames) {
		return strconv.Itoa(v)
	}
	return levelNames[v]
}

// LevelID is the input id of a wound level value 0..6 ("none", "stunned",
// ... "dead"), as target_wound takes it.
func LevelID(v int) string {
	if v < 0 || v >= len(levelIDs) {
		return strconv.Itoa(v)
	}
	return levelIDs[v]
}

// WoundLevel is one row of the Wound Level chart.
type WoundLevel struct {
	Level     int    // 0..6, the value in wound-level distributions
	ID        string // "severely_wounded"
	Name      string // "Severely Wounded"
	Margin    string // damage total over the resistance total, "4–8"
	MinMargin int    // smallest margin giving this level from one hit (0: stacking only or none)
	Effect    string
	BodyShare string // share of maximum body points left for the optional chart, "59–40%"
}

// WoundLevels is the Wound Level chart of the Wounds system and the optional
// chart of the Body Points system.
func WoundLevels() []WoundLevel { return slices.Clone(woundLevelData[:]) }

// woundLevelData, rangeData and coverData are the charts as static data;
// the exported functions return copies.
var woundLevelData = [...]WoundLevel{
	{LevelNone, "none", "No injury", "0 or less", 0, "a bruise or a scrape at most", "above 80%"},
	{LevelStunned, "stunned", "Stunned", "1–3", 1, "−1D for the rest of this round and the next, or only defend or retreat next round", "80–60%"},
	{LevelWounded, "wounded", "Wounded", "4–8", 4, "−1D to all actions until healed", "59–40%"},
	{LevelSeverelyWounded, "severely_wounded", "Severely Wounded", "4–8 when already Wounded", 0, "−2D to all actions until healed", "39–20%"},
	{LevelIncapacitated, "incapacitated", "Incapacitated", "9–12", 9, "Moderate (15) stamina or willpower roll to stay up at −3D, else out for 10D minutes", "19–10%"},
	{LevelMortallyWounded, "mortally_wounded", "Mortally Wounded", "13–15", 13, "unconscious; a Physique roll each minute against the minutes so far, or die", "9%–1 point"},
	{LevelDead, "dead", "Dead", "16 or more", 16, "dead", "0"},
}

// woundFromMargin is the level one hit inflicts for a damage margin d.
func woundFromMargin(d int) int {
	switch {
	case d <= 0:
		return LevelNone
	case d <= 3:
		return LevelStunned
	case d <= 8:
		return LevelWounded
	case d <= 12:
		return LevelIncapacitated
	case d <= 15:
		return LevelMortallyWounded
	}
	return LevelDead
}

// StunLevel is a stun weapon's result: two levels lower, at least Stunned
// (no injury stays no injury).
func StunLevel(level int) int {
	if level <= LevelNone {
		return LevelNone
	}
	return max(LevelStunned, level-2)
}

// Stack is the target's level after a new result: a worse result replaces
// the current level; a lower one moves it up one level; an equal one moves
// it up one level when stackEqual is set, and always when both are Wounded
// (Wounded again is Severely Wounded). No injury leaves it as it was.
func Stack(current, result int, stackEqual bool) int {
	switch {
	case result <= LevelNone:
		return current
	case result > current:
		return result
	case result < current:
		return min(LevelDead, current+1)
	case stackEqual || result == LevelWounded:
		return min(LevelDead, current+1)
	}
	return current
}

// BodyPointsLevel is the optional chart's level for left of max body
// points: the share 100 × left / max rounded down, above 80 none, 60–80
// Stunned, 40–59 Wounded, 20–39 Severely Wounded, 10–19 Incapacitated, below
// 10 Mortally Wounded while a point is left, and Dead at 0.
func BodyPointsLevel(left, max int) int {
	if left <= 0 || max <= 0 {
		return LevelDead
	}
	switch share := left * 100 / max; {
	case share > 80:
		return LevelNone
	case share >= 60:
		return LevelStunned
	case share >= 40:
		return LevelWounded
	case share >= 20:
		return LevelSeverelyWounded
	case share >= 10:
		return LevelIncapacitated
	}
	return LevelMortallyWounded
}

// RangeBand is one range band and its difficulty modifier.
type RangeBand struct {
	ID       string // the range field's option
	Name     string
	Distance string
	Modifier int
}

// Ranges are the range bands.
func Ranges() []RangeBand { return slices.Clone(rangeData[:]) }

var rangeData = [...]RangeBand{
	{RangePointBlank, "Point Blank", "0–3 m", -5},
	{RangeShort, "Short", "3 m to the weapon's first range value", 0},
	{RangeMedium, "Medium", "first to second range value", 5},
	{RangeLong, "Long", "second to third range value", 10},
}

// RangeIDs are the range field's options, in order.
func RangeIDs() []string { return append([]string(nil), rangeIDs...) }

func rangeModifier(id string) int {
	for _, r := range rangeData {
		if r.ID == id {
			return r.Modifier
		}
	}
	return 0
}

// Cover is one cover or visibility level: rolled dice or a fixed value added
// to the difficulty.
type Cover struct {
	ID       string // the cover field's option
	Name     string
	Examples string
	Dice     dice.Code // rolled with cover_dice
	Fixed    int       // added otherwise
}

// Covers are the cover and visibility levels. Full (100%) cover is not a
// modifier: the attacker must get through the cover first.
func Covers() []Cover { return slices.Clone(coverData[:]) }

var coverData = [...]Cover{
	{CoverNone, "None", "in the open, good light", dice.Code{}, 0},
	{CoverLight, "Light", "light smoke or fog; poor light, twilight; object hides 25% of the target", dice.Code{Dice: 1}, 3},
	{CoverHeavy, "Heavy", "thick smoke or fog; moonlit night; object hides 50% of the target", dice.Code{Dice: 2}, 6},
	{CoverVeryHeavy, "Very heavy", "very thick smoke or fog; complete darkness; object hides 75% of the target", dice.Code{Dice: 4}, 12},
}

// CoverIDs are the cover field's options, in order.
func CoverIDs() []string { return append([]string(nil), coverIDs...) }

func coverOf(id string) Cover {
	for _, c := range coverData {
		if c.ID == id {
			return c
		}
	}
	return Cover{}
}

// Modifier is a situational combat modifier: to the difficulty (as dice
// and as the fixed value) and to the damage dice.
type Modifier struct {
	Name       string
	Dice       int // difficulty modifier in dice (the fixed value is 3 per die)
	Fixed      int // the fixed difficulty modifier
	DamageDice int // change to the damage dice
	Note       string
}

// Modifiers are the other situational modifiers: the target's posture and
// the attack options (read from their data), aiming and the multi-action
// penalty.
func Modifiers() []Modifier {
	var out []Modifier
	for _, p := range postureData[1:] {
		if p.Fixed != p.Far {
			out = append(out, Modifier{p.Name + " target, Point Blank or Short", p.Dice, p.Fixed, 0, ""},
				Modifier{p.Name + " target, Medium or Long", p.Far / 3, p.Far, 0, ""})
			continue
		}
		out = append(out, Modifier{p.Name + " target", p.Dice, p.Fixed, 0, ""})
	}
	for _, o := range attackOptionData[1:] {
		out = append(out, Modifier{o.Name, o.Dice, o.Fixed, o.DamageDice, o.Note})
	}
	return append(out,
		Modifier{"Aiming, per consecutive round", 0, 0, 0, "+1D to the attack skill per round, at most +3D"},
		Modifier{"Multi-action penalty", 0, 0, 0, "−1D to skill rolls per action beyond the first"})
}

// Armor is a piece of armor from the fantasy list and its die code, added to
// the resistance.
type Armor struct {
	Name string
	Code dice.Code
}

// Armors is the fantasy armor list.
func Armors() []Armor {
	return []Armor{
		{"Hides, soft leather, quilted silk", dice.Code{Pips: 2}},
		{"Bone and hide, padded leather", dice.Code{Dice: 1}},
		{"Hard leather", dice.Code{Dice: 1, Pips: 1}},
		{"Ring mail", dice.Code{Dice: 1, Pips: 2}},
		{"Chain mail, bronze", dice.Code{Dice: 2}},
		{"Plate mail", dice.Code{Dice: 3}},
	}
}

// Difficulty is one step of the difficulty ladder.
type Difficulty struct {
	Name     string
	Min, Max int // Max 0: no upper bound
}

// Difficulties is the difficulty ladder.
func Difficulties() []Difficulty {
	return []Difficulty{
		{"Very Easy", 1, 5}, {"Easy", 6, 10}, {"Moderate", 11, 15}, {"Difficult", 16, 20},
		{"Very Difficult", 21, 25}, {"Heroic", 26, 30}, {"Legendary", 31, 0},
	}
}

// DamageBonus is the optional damage bonus for an attack total against a
// difficulty: ceil((total − difficulty)/5), 0 when the attack missed.
func DamageBonus(total, difficulty int) int {
	m := total - difficulty
	if m <= 0 {
		return 0
	}
	return (m + 4) / 5
}

func signed(n int) string {
	if n >= 0 {
		return "+" + strconv.Itoa(n)
	}
	return num(n)
}

func diceMod(n int) string {
	if n == 0 {
		return "—"
	}
	return signed(n) + "D"
}

// Tables lists the system's data tables for pages.
func Tables() []rules.Table {
	var ranges, covers, mods, armor, ladder, wounds, strength [][]string
	for _, r := range Ranges() {
		ranges = append(ranges, []string{r.Name, r.Distance, signed(r.Modifier)})
	}
	for _, c := range Covers() {
		covers = append(covers, []string{c.Name, c.Examples, diceMod(c.Dice.Dice), signed(c.Fixed)})
	}
	for _, m := range Modifiers() {
		fixed := "—"
		if m.Dice != 0 {
			fixed = signed(m.Fixed)
		}
		mods = append(mods, []string{m.Name, diceMod(m.Dice), fixed, diceMod(m.DamageDice), m.Note})
	}
	var called [][]string
	for _, c := range calledShotData[1:] {
		fixed, dmg := "0", "0"
		if c.Dice != 0 {
			fixed = diceMod(c.Dice) + " (" + signed(c.Fixed) + ")"
		}
		if c.Damage != 0 {
			dmg = signed(c.Damage)
		}
		if c.DamageDice != 0 {
			dmg = diceMod(c.DamageDice)
		}
		bonus := "yes"
		if c.NoBonus {
			bonus = "no"
		}
		called = append(called, []string{c.Name, fixed, dmg, bonus})
	}
	for _, a := range Armors() {
		bonus := "+" + a.Code.String()
		if a.Code.Dice == 0 {
			bonus = signed(a.Code.Pips)
		}
		armor = append(armor, []string{a.Name, bonus})
	}
	for _, d := range Difficulties() {
		span := strconv.Itoa(d.Min) + "–" + strconv.Itoa(d.Max)
		if d.Max == 0 {
			span = strconv.Itoa(d.Min) + "+"
		}
		ladder = append(ladder, []string{d.Name, span})
	}
	for _, w := range WoundLevels() {
		wounds = append(wounds, []string{w.Name, w.Margin, w.Effect, w.BodyShare})
	}
	for d := 1; d <= MaxStrengthPips/3; d++ {
		strength = append(strength, []string{dice.Code{Dice: d}.String() + " to " + dice.Code{Dice: d, Pips: 2}.String(), StrengthDamage(dice.Code{Dice: d}).String()})
	}
	return []rules.Table{
		{ID: "range", Title: "Range modifiers", Source: srcCombat, Note: "Added to the combat difficulty.",
			Columns: []string{"Range", "Distance", "Modifier"}, Rows: ranges},
		{ID: "cover", Title: "Cover and visibility", Source: srcCombat,
			Note:    "Added to the combat difficulty, rolled or fixed. A target hidden 100% cannot be hit directly: the cover must go first.",
			Columns: []string{"Cover", "Examples", "Rolled", "Fixed"}, Rows: covers},
		{ID: "modifiers", Title: "Other combat modifiers", Source: "OpenD6 SRD combat/combat_options.adoc; D6 Adventure \"Combat\" chapter",
			Note:    "Difficulty modifiers apply to the combat difficulty, damage modifiers to the damage dice.",
			Columns: []string{"Situation", "Difficulty (dice)", "Difficulty (fixed)", "Damage", "Note"}, Rows: mods},
		{ID: "called_shots", Title: "Called shots and hit locations", Source: "OpenD6 SRD combat/combat_options.adoc",
			Note: "Difficulty modifiers add to the combat difficulty; damage modifiers to the damage total (a number) or the damage dice. " +
				"A small target's +1D damage is one of the effects a called shot may have.",
			Columns: []string{"Target", "Difficulty", "Damage", "Damage bonus"}, Rows: called},
		{ID: "armor", Title: "Armor (fantasy)", Source: "D6 Fantasy armor list (OpenD6 SRD equipment/fantasy/armor.csv)",
			Note:    "Added to the resistance roll (Wounds: Physique + armor; Body Points: armor alone).",
			Columns: []string{"Armor", "Bonus"}, Rows: armor},
		{ID: "difficulty", Title: "Difficulty ladder", Source: "OpenD6 SRD game_basics.adoc",
			Columns: []string{"Difficulty", "Numbers"}, Rows: ladder},
		{ID: "wound_levels", Title: "Wound levels", Source: srcDamage,
			Note: "A result below the current level moves the target up one level; Wounded again is Severely Wounded. " +
				"Only the worst penalty applies. Stun weapons: two levels lower, at least Stunned.",
			Columns: []string{"Level", "Damage over resistance", "Effect", "Body Points left (optional chart)"}, Rows: wounds},
		{ID: "strength_damage", Title: "Strength Damage", Source: srcCombat,
			Note:    "Physique or lifting dice, pips dropped, halved and rounded up; added to weapons listed with a \"+\".",
			Columns: []string{"Physique or lifting", "Strength Damage"}, Rows: strength},
	}
}
