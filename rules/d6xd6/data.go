package d6xd6

import (
	"slices"
	"strconv"
	"strings"

	"d6codex/rules"
	"d6codex/rules/text"
)

// source is the note every table carries.
const source = `D6xD6 RPG, chapter 7 "Conflict and Damage" (Lester Smith, d6xd6.com)`

// Level is a damage level: None, Graze ... Kill on a target's track, and
// Overkill on an attack result.
type Level int

// The damage levels.
const (
	None Level = iota
	Graze
	Stun
	Hit
	Wound
	Knockout
	Kill
	Overkill
)

var levelNames = [...]string{"None", "Graze", "Stun", "Hit", "Wound", "Knockout", "Kill", "Overkill"}

// String is the level's name: "Graze". Out-of-range values print as numbers.
func (l Level) String() string {
	if l < None || l > Overkill {
		return strconv.Itoa(int(l))
	}
	return levelNames[l]
}

// ID is the level's lower-case option name: "graze".
func (l Level) ID() string { return text.LowerASCII(l.String()) }

// Penalty is the penalty the level imposes on its bearer's rolls: Graze 1,
// Stun 2, Hit 3, Wound 4; 0 for none (Knockout and Kill cannot act).
func (l Level) Penalty() int {
	if l >= Graze && l <= Wound {
		return int(l)
	}
	return 0
}

// LevelInfo is one row of the damage levels table.
type LevelInfo struct {
	Level   Level
	Penalty int    // penalty to all the bearer's rolls
	Effect  string // what the level means, in our words
}

// Levels lists the damage levels with their penalties and effects.
func Levels() []LevelInfo {
	return []LevelInfo{
		{None, 0, "Unhurt."},
		{Graze, 1, "A punch, kick, bruise or scrape."},
		{Stun, 2, "A winding or dazing blow, or a stinging cut."},
		{Hit, 3, "A solid blow, a deep cut or a flesh wound."},
		{Wound, 4, "Broken bones, serious cuts or gunshots."},
		{Knockout, 0, "Unconscious; cannot act."},
		{Kill, 0, "Unconscious and dying within minutes unless treated; cannot act."},
		{Overkill, 0, "An attack result only (a Kill raised by a bonus level); harder to defend, lands as Kill."},
	}
}

// The range ids in order; a weapon's ByRange is indexed the same way.
const (
	rangeBrawl = iota
	rangeThrow
	rangeShoot
	rangeView
	numRanges
)

var rangeIDs = [numRanges]string{"brawl", "throw", "shoot", "view"}

// Range is one combat distance band.
type Range struct {
	ID     string // "brawl", "throw", "shoot", "view" or "lost"
	Name   string
	Meters int // upper bound in meters; 0 for lost (beyond view)
	Note   string
}

// Ranges lists the combat distances. Attacks can be made at the first four;
// "lost" is listed for the page.
func Ranges() []Range {
	return []Range{
		{"brawl", "Brawling", 2, "Bare hands and hand weapons; bows cannot shoot here."},
		{"throw", "Throwing", 20, "Thrown weapons, shooting weapons."},
		{"shoot", "Shooting", 200, "Bows, firearms, lasers."},
		{"view", "Viewing", 2000, "Sniper rifles (and spells or psychic powers where the setting has them)."},
		{"lost", "Lost", 0, "Beyond 2 km: out of sight; only called-in remote fire."},
	}
}

// Group is a weapon group: which abilities attack and defend with it.
type Group struct {
	ID      string // "brawling", "throwing", "shooting"
	Name    string
	Attack  []string // abilities that make the attack a Focused task
	Defense []string // Focused abilities that give reactive defense
}

// Groups lists the weapon groups.
func Groups() []Group {
	return []Group{
		{"brawling", "Brawling",
			[]string{"Brawn", "Grace", "Martial Arts", "Combat career"},
			[]string{"Brawn", "Grace", "Martial Arts", "Combat career"}},
		{"throwing", "Throwing",
			[]string{"Throwing", "Martial Arts", "Combat career"},
			[]string{"Grace", "Wits"}},
		{"shooting", "Shooting",
			[]string{"Shooting", "Combat career"},
			[]string{"Brawn", "Will"}},
	}
}

// Weapon is one row of the weapons table.
type Weapon struct {
	ID     string // lower_snake_case, the calculator's weapon option
	Name   string
	Group  string // Group.ID
	Damage Level  // the listed damage (the shotgun's at brawl range)
	// ByRange is the base damage at brawl, throw, shoot and view range;
	// None where the weapon cannot attack.
	ByRange      [4]Level
	BrawlPenalty int    // attack penalty at brawl range (the rifle's 2)
	Requires     string // ability the weapon needs, if any
	Comment      string
}

// At is the weapon's base damage at the range with the given id, and
// whether the weapon can attack there.
func (w Weapon) At(rangeID string) (Level, bool) {
	for i, id := range rangeIDs {
		if id == rangeID {
			return w.ByRange[i], w.ByRange[i] != None
		}
	}
	return None, false
}

// usable lists the range ids the weapon can attack at.
func (w Weapon) usable() []string {
	var out []string
	for i, l := range w.ByRange {
		if l != None {
			out = append(out, rangeIDs[i])
		}
	}
	return out
}

const martial = "Martial Arts skill or Combat career"

// Weapons lists the weapons of the chapter's table, with the reach decided
// in the package doc.
func Weapons() []Weapon { return slices.Clone(weaponData[:]) }

// weaponData is the weapons table as static data. ByRange is brawl, throw,
// shoot, view: brawling weapons reach brawl range, thrown weapons brawl and
// throw, shooting weapons brawl to shoot, bows throw and shoot.
var weaponData = [...]Weapon{
	{ID: "fist", Name: "Fist or foot", Group: "brawling", Damage: Graze, ByRange: [4]Level{Graze, 0, 0, 0}},
	{ID: "club", Name: "Club, skillet, chair", Group: "brawling", Damage: Stun, ByRange: [4]Level{Stun, 0, 0, 0}},
	{ID: "small_blade", Name: "Small blade", Group: "brawling", Damage: Hit, ByRange: [4]Level{Hit, 0, 0, 0}},
	{ID: "spear", Name: "Spear", Group: "brawling", Damage: Hit, ByRange: [4]Level{Hit, 0, 0, 0}, Requires: martial},
	{ID: "two_hand_blade", Name: "Two-hand blade or two blades", Group: "brawling", Damage: Wound, ByRange: [4]Level{Wound, 0, 0, 0},
		Requires: martial},
	{ID: "taser", Name: "Taser", Group: "throwing", Damage: Knockout, ByRange: [4]Level{Knockout, Knockout, 0, 0},
		Comment: "Usable as an Unfamiliar skill. If Kill results, a successful Brawn or Will check reduces it to Knockout."},
	{ID: "stone", Name: "Stone", Group: "throwing", Damage: Graze, ByRange: [4]Level{Graze, Graze, 0, 0}},
	{ID: "throwing_blade", Name: "Throwing blade", Group: "throwing", Damage: Hit, ByRange: [4]Level{Hit, Hit, 0, 0}},
	{ID: "thrown_spear", Name: "Spear (thrown)", Group: "throwing", Damage: Wound, ByRange: [4]Level{Wound, Wound, 0, 0}},
	{ID: "small_bow", Name: "Small bow or sling", Group: "shooting", Damage: Stun, ByRange: [4]Level{0, Stun, Stun, 0},
		Comment: "Unusable at brawl range."},
	{ID: "small_pistol", Name: "Small pistol", Group: "shooting", Damage: Stun, ByRange: [4]Level{Stun, Stun, Stun, 0}},
	{ID: "large_bow", Name: "Large bow", Group: "shooting", Damage: Hit, ByRange: [4]Level{0, Hit, Hit, 0},
		Comment: "Unusable at brawl range."},
	{ID: "large_pistol", Name: "Large pistol", Group: "shooting", Damage: Hit, ByRange: [4]Level{Hit, Hit, Hit, 0}},
	{ID: "shotgun", Name: "Shotgun", Group: "shooting", Damage: Wound, ByRange: [4]Level{Wound, Hit, Stun, 0},
		Comment: "Wound, Hit, Stun at brawl, throw, shoot range."},
	{ID: "rifle", Name: "Rifle", Group: "shooting", Damage: Wound, ByRange: [4]Level{Wound, Wound, Wound, Wound}, BrawlPenalty: 2,
		Comment: "2-point attack penalty at brawl range; reaches view range."},
	{ID: "hand_laser", Name: "Hand laser", Group: "shooting", Damage: Wound, ByRange: [4]Level{Wound, Wound, Wound, 0}},
}

// WeaponByID returns the weapon with the given id.
func WeaponByID(id string) (Weapon, bool) {
	for _, w := range weaponData {
		if w.ID == id {
			return w, true
		}
	}
	return Weapon{}, false
}

// Armor is one armor category: its rating is both the damage steps it
// absorbs and the penalty to its wearer's rolls.
type Armor struct {
	ID       string // "light", "medium", "heavy"
	Name     string
	Rating   int
	Examples string
}

// Armors lists the armor categories.
func Armors() []Armor { return slices.Clone(armorData[:]) }

var armorData = [...]Armor{
	{"light", "Light", 1, "Leather coat; small shield"},
	{"medium", "Medium", 2, "Kevlar jacket; Roman cuirass and helmet"},
	{"heavy", "Heavy", 3, "Military ballistic vest and helmet; plate mail"},
}

// armorRating is the rating of the armor option ("none" is 0).
func armorRating(id string) int {
	for _, a := range armorData {
		if a.ID == id {
			return a.Rating
		}
	}
	return 0
}

// TaskType is one of the three task types.
type TaskType struct {
	ID      string // "focused", "unfocused", "unfamiliar"
	Name    string
	Success string // when the roll succeeds
	Levels  string // how many levels of success it scores
}

// TaskTypes lists the task types with their success rules.
func TaskTypes() []TaskType {
	return []TaskType{
		{"focused", "Focused", "R' at least Focus", "1, +1 per full 10 over Focus, at most 4; +1 per plus"},
		{"unfocused", "Unfocused", "R' at most Focus", "1, or 2 when R' is at least 5 under Focus; +1 per plus"},
		{"unfamiliar", "Unfamiliar", "R' below Focus", "1"},
	}
}

// Tables returns every data table of the system for pages.
func Tables() []rules.Table {
	itoa := strconv.Itoa
	var lv, gr, ws, ar, rg, tk [][]string
	for _, l := range Levels() {
		pen := "-"
		if l.Penalty > 0 {
			pen = itoa(l.Penalty)
		}
		lv = append(lv, []string{itoa(int(l.Level)), l.Level.String(), pen, l.Effect})
	}
	for _, g := range Groups() {
		gr = append(gr, []string{g.Name, strings.Join(g.Attack, ", "), strings.Join(g.Defense, ", ")})
	}
	groupName := map[string]string{}
	for _, g := range Groups() {
		groupName[g.ID] = g.Name
	}
	for _, w := range Weapons() {
		row := []string{w.Name, groupName[w.Group]}
		for _, l := range w.ByRange {
			cell := "-"
			if l != None {
				cell = l.String()
			}
			row = append(row, cell)
		}
		row = append(row, w.Requires, w.Comment, w.ID)
		ws = append(ws, row)
	}
	for _, a := range Armors() {
		ar = append(ar, []string{a.Name, itoa(a.Rating), itoa(a.Rating), a.Examples})
	}
	for _, r := range Ranges() {
		m := "beyond 2000 m"
		if r.Meters > 0 {
			m = "up to " + itoa(r.Meters) + " m"
		}
		rg = append(rg, []string{r.Name, m, r.Note})
	}
	for _, t := range TaskTypes() {
		tk = append(tk, []string{t.Name, t.Success, t.Levels})
	}
	return []rules.Table{
		{ID: "damage_levels", Title: "Damage levels", Source: source,
			Note:    "Penalties apply to all the bearer's rolls. Overkill exists only on an attack result.",
			Columns: []string{"Level", "Name", "Penalty", "Effect"}, Rows: lv},
		{ID: "weapon_groups", Title: "Weapon groups", Source: source,
			Note:    "A Focused attack ability makes the attack a Focused task; a Focused defense ability gives reactive defense.",
			Columns: []string{"Group", "Attack", "Defense"}, Rows: gr},
		{ID: "weapons", Title: "Weapons", Source: source,
			Note: "Reach by range is our reading: the source marks only the bows (not at brawl range), the rifle and the shotgun. " +
				"Brawling weapons reach brawl range, thrown weapons brawl and throw, shooting weapons brawl to shoot; only the rifle reaches view range.",
			Columns: []string{"Weapon", "Group", "Brawl", "Throw", "Shoot", "View", "Requires", "Comment", "Calculator id"}, Rows: ws},
		{ID: "armor", Title: "Armor", Source: source,
			Note:    "Armor is used instead of reactive defense, never with it.",
			Columns: []string{"Armor", "Damage reduction", "Dice penalty", "Examples"}, Rows: ar},
		{ID: "ranges", Title: "Combat ranges", Source: source,
			Columns: []string{"Range", "Distance", "Attacks"}, Rows: rg},
		{ID: "task_types", Title: "Task types", Source: `D6xD6 RPG, chapter 3 "Dice Mechanics" (d6xd6.com)`,
			Note:    "R' is the product of the two dice after penalties.",
			Columns: []string{"Task", "Success", "Levels of success"}, Rows: tk},
	}
}
