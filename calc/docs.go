//go:build !(js && wasm)

package calc

import (
	"strconv"

	"d6codex/rules/opend6"
	"d6codex/rules/skirmish"
)

// calcDoc is the text of a calculator's form: its title, help and, by field
// name, each field's label and help.
type calcDoc struct {
	title, help string
	fields      map[string]fieldDoc
}

type fieldDoc struct{ label, help string }

// rollDocs returns the texts of the fields every calculator takes.
func rollDocs() map[string]fieldDoc {
	return map[string]fieldDoc{
		"dice": {"Dice rolled", "The faces you rolled, in the order the steps explain them, e.g. 6 5 3. Leave empty for odds only."},
		"seed": {"Seed", "Let the page roll: the same seed always rolls the same dice."},
	}
}

// document fills in the texts of c's form. Only the server-rendered forms
// and the command line show them, so this file is left out of the
// WebAssembly module (see docs_js.go), which keeps it smaller; nothing
// else, error messages included, depends on these texts.
func document(c *Calculator) {
	d := calcDocs()[c.ID]
	c.Title, c.Help = d.title, d.help
	for i := range c.Fields {
		f := &c.Fields[i]
		fd, ok := d.fields[f.Name]
		if !ok {
			fd = rollDocs()[f.Name]
		}
		f.Label, f.Help = fd.label, fd.help
	}
}

// calcDocs returns the form texts of every calculator, by id.
func calcDocs() map[string]calcDoc {
	return map[string]calcDoc{
		"d6xd6/attack": {
			title: "D6xD6 attack",
			help:  "Multiply two dice against the attacker's Focus, then work the damage level through the target's defense and damage track.",
			fields: map[string]fieldDoc{
				"task":             {"Task type", "Focused: roll at least the Focus. Unfocused: at most. Unfamiliar: below."},
				"focus":            {"Focus", "The attacker's count of primary abilities."},
				"pluses":           {"Pluses", "Pluses on the skill: one extra level each on a success."},
				"attacker_armor":   {"Attacker's armor", "Armor worn penalises the attacker's roll by 1 to 3."},
				"attacker_damage":  {"Attacker's own damage level", "The attacker's own damage level penalises the roll by 1 to 4."},
				"weapon":           {"Weapon", "The weapon sets the base damage level."},
				"range":            {"Range", "Brawl up to 2 m, throw up to 20 m, shoot up to 200 m, view up to 2 km."},
				"aim_turns":        {"Turns aiming", "Each turn spent aiming adds a damage level if the attack succeeds."},
				"defense":          {"Target's defense", "Reactive defense takes one step off the damage; armor takes 1 to 3."},
				"drama":            {"Drama Points spent", "Each Drama Point the target spends takes one more step off."},
				"target_damage":    {"Target's damage so far", "Where the target already stands on the damage track."},
				"extra_penalty":    {"Other penalty", "Situational penalty points after multiplying."},
				"difficulty_steps": {"Difficulty steps", "Each step moves each die one pip the unhelpful way before multiplying (optional rule)."},
			},
		},
		"spacedoor/attack": {
			title: "Spacedoor attack",
			help:  "Roll 2d6 + Tough: 10 or more is a success, 7 to 9 a mixed success, 6 or less a failure; two 6s or two 1s are criticals.",
			fields: map[string]fieldDoc{
				"tough": {"Tough", "The Tough stat added to 2d6."},
				"mode":  {"Roll", "Advantage rolls 3d6 and drops the lowest; disadvantage drops the highest."},
			},
		},
		"spacedoor/defend": {
			title: "Spacedoor defend or protect",
			help:  "Roll 2d6 + Tough against incoming damage: a mixed success halves it for both, a success spares the protected, a critical spares both.",
			fields: map[string]fieldDoc{
				"tough":    {"Tough", "The Tough stat added to 2d6."},
				"mode":     {"Roll", "Advantage rolls 3d6 and drops the lowest; disadvantage drops the highest."},
				"incoming": {"Incoming damage", "The damage coming in."},
			},
		},
		"skirmish/melee": {
			title: "Skirmish melee confrontation",
			help:  "Both sides roll their pools with penalty dice, penalty dice cancel matching faces, each keeps two dice; the higher score wins and the difference reads the damage table.",
			fields: map[string]fieldDoc{
				"attack_dice":     {"Attack dice", "Combat characteristic plus weapon bonuses and Action Points."},
				"attack_penalty":  {"Attack penalty dice", "Each cancels one attack die showing the same face."},
				"defense_dice":    {"Defense dice", "Defense characteristic plus weapon or shield bonus."},
				"defense_penalty": {"Defense penalty dice", "Each cancels one defense die showing the same face."},
				"armor":           {"Defender's armor", "Taken off the damage, not below 0."},
				"extra_damage":    {"Extra damage", "Dirty-trick bonuses added after armor."},
				"keep":            {"Keep", "Which two dice each side keeps."},
				"damage_table": {"Damage table (provisional)",
					"Optional: " + strconv.Itoa(skirmish.DamageTableSize) + " values from your rulebook, the points for differences up to 2, 3–4, 5–6, 7–8, 9, 10 and 11. Empty uses the provisional table."},
			},
		},
		"rollunder/attack": {
			title: "2D6 roll-under attack",
			help:  "Roll 2d6 under PHYSICAL + skill − the opponent's skill + modifiers; on a hit, the weapon's d6 track against the target's armor or Dodge track.",
			fields: map[string]fieldDoc{
				"physical":            {"PHYSICAL", "The attacker's PHYSICAL (4 for a starting character)."},
				"skill":               {"Skill", "The attacker's skill with the weapon."},
				"opponent_skill":      {"Opponent's skill", "The defender's skill; ignored for ranged attacks."},
				"ranged":              {"Ranged attack", "A ranged attack ignores the defender's skill."},
				"modifier":            {"Modifier", "Sum of the combat modifiers, signed: a penalty is negative."},
				"weapon":              {"Weapon", "The weapon's damage track."},
				"armor":               {"Target's armor", "The target's armor track."},
				"shield":              {"Target's shield", "A shield adds its track from the same die."},
				"dodge":               {"Target's Dodge", "Dodge skill; its track protects only an unarmored target (0: none)."},
				"damage_modifier":     {"Damage roll modifier", "Added to the weapon die; past 6 reads the 7+ column."},
				"protection_modifier": {"Protection roll modifier", "Added to the protection die."},
			},
		},
		"opend6/attack": {
			title: "OpenD6 attack and damage",
			help:  "Roll the attack skill with its Wild Die against the combat difficulty; on a hit, roll damage against the target's resistance and read the wound level or body points lost.",
			fields: map[string]fieldDoc{
				"skill":         {"Attack skill", "The attack skill's die code, e.g. 4D+1."},
				"actions":       {"Actions this round", "Each action beyond the first takes 1D off the skill roll."},
				"defense":       {"Defense", "Passive: difficulty 10. Partial: the defender's roll. Full: that roll + 10."},
				"defense_skill": {"Defender's skill", "The dodge, parry or brawling code rolled for a partial or full defense (unused for a passive one)."},
				"range":         {"Range", "Point blank −5, short 0, medium +5, long +10."},
				"cover":         {"Cover", "Light +1D (+3), heavy +2D (+6), very heavy +4D (+12)."},
				"cover_dice":    {"Roll cover dice", "Roll the cover's dice instead of its fixed value."},
				"modifier":      {"Other modifier", "Other difficulty modifiers, signed: a prone target at point blank −6, crouching +3... (add aiming dice to the attack skill instead)."},
				"damage":        {"Weapon damage", "The weapon's damage code."},
				"strength":      {"Strength (for + weapons)", "The attacker's Physique or lifting for a \"+\" weapon (halved, rounded up); 0D otherwise."},
				"damage_bonus":  {"Damage bonus", "Optional rule: add (attack − difficulty) ÷ 5, rounded up, to the damage."},
				"resistance":    {"Resistance", "Physique plus armor (wounds), or armor alone (body points)."},
				"wild_one":      {"Wild Die 1", "What a 1 on the Wild Die's first toss does."},
				"system":        {"Damage system", "Wound levels, or body points."},
				"stun":          {"Stun weapon", "Wounds two levels lower, at least Stunned."},
				"stack_equal":   {"Equal wounds stack", "An equal wound result also moves the target up a level."},
				"target_wound":  {"Target's wound level", "Where the target stands before this hit."},
				"body_points":   {"Target's body points", "Current body points (body points system)."},
				"body_points_max": {"Target's maximum body points",
					"20 + the Physique roll made when the character was created (max " + strconv.Itoa(opend6.MaxBodyPoints) + ")."},
			},
		},
	}
}
