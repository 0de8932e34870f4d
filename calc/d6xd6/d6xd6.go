// Package d6xd6 registers the D6xD6 RPG calculators: their input schemas, read
// from the limits of package rules/d6xd6, their form texts, the system's
// tables and how the comparison page reads it.
package d6xd6

import (
	"strconv"

	"d6codex/calc"
	"d6codex/rules"
	game "d6codex/rules/d6xd6"
	"d6codex/rules/dice"
)

// Calculators returns the system's calculators alone: what its
// WebAssembly module needs (no form texts, tables or comparison).
func Calculators() []*calc.Calculator {
	return []*calc.Calculator{d6xd6Attack(), secondWind()}
}

// System returns the D6xD6 RPG registration.
func System() calc.System {
	return calc.System{
		ID: "d6xd6", Name: "D6xD6 RPG", Credit: "D6xD6 RPG by Lester Smith (d6xd6.com)",
		Calculators: Calculators(),
		Docs:        docs(),
		Tables:      game.Tables,
		Compare: &calc.Comparison{
			Calc: "d6xd6/attack",
			Common: calc.Profile{Words: "small blade (Hit) at brawl range; both wear light armor (1 off the roll, 1 step off damage)",
				Inputs: map[string]string{"task": "focused", "focus": "5", "weapon": "small_blade", "range": "brawl",
					"attacker_armor": "light", "defense": "light"}},
			Attacker: [2]calc.Profile{
				{Words: "Focused blade skill at Focus 5, no pluses", Inputs: map[string]string{"pluses": "0"}},
				{Words: "Focused blade skill at Focus 5, two pluses", Inputs: map[string]string{"pluses": "2"}},
			},
			Defender: [2]calc.Profile{
				{Words: "armor only (reactive defense cannot be added to it)", Inputs: map[string]string{}},
				{Words: "armor only: experience adds nothing to defense", Inputs: map[string]string{}},
			},
			Hit: []string{"success"}, HarmDist: "damage", Mean: "damage",
			Unit: "damage levels (1 Graze, 2 Stun, 3 Hit, 4 Wound, 5 Knockout, 6 Kill)",
		},
	}
}

func d6xd6Attack() *calc.Calculator {
	def := game.DefaultInput()
	var weapons, tasks, ranges, hurt, track []string
	armors, defenses := []string{"none"}, []string{"none", "reactive"}
	for _, w := range game.Weapons() {
		weapons = append(weapons, w.ID+"="+w.Name)
	}
	for _, tt := range game.TaskTypes() {
		tasks = append(tasks, tt.ID)
	}
	for _, a := range game.Armors() {
		armors = append(armors, a.ID)
		defenses = append(defenses, a.ID+"="+a.Name+" armor")
	}
	for _, r := range game.Ranges() {
		if r.Meters > 0 { // "lost" is beyond attack range
			ranges = append(ranges, r.ID)
		}
	}
	for _, l := range game.Levels() {
		// The attacker's own level penalises the roll up to Wound; a
		// target's track runs to Kill (Overkill is an attack result only).
		if l.Level <= game.Wound {
			hurt = append(hurt, l.Level.ID())
		}
		if l.Level <= game.Kill {
			track = append(track, l.Level.ID())
		}
	}
	return &calc.Calculator{
		ID:      "d6xd6/attack",
		Largest: map[string]string{"focus": strconv.Itoa(game.MaxFocus), "pluses": strconv.Itoa(game.MaxPluses), "aim_turns": strconv.Itoa(game.MaxAimTurns), "weapon": "rifle", "range": "view"},
		Fields: []calc.Field{
			calc.ChoiceField("task", def.Task, tasks...),
			calc.IntField("focus", game.MinFocus, game.MaxFocus, def.Focus),
			calc.IntField("pluses", 0, game.MaxPluses, def.Pluses),
			calc.ChoiceField("attacker_armor", def.AttackerArmor, armors...),
			calc.ChoiceField("attacker_damage", def.AttackerDamage, hurt...),
			calc.ChoiceField("weapon", def.Weapon, weapons...),
			calc.ChoiceField("range", def.Range, ranges...),
			calc.IntField("aim_turns", 0, game.MaxAimTurns, def.AimTurns),
			calc.ChoiceField("defense", def.Defense, defenses...),
			calc.IntField("drama", 0, game.MaxDrama, def.Drama),
			calc.ChoiceField("target_damage", def.TargetDamage, track...),
			calc.IntField("extra_penalty", 0, game.MaxExtraPenalty, def.ExtraPenalty),
			calc.IntField("difficulty_steps", 0, game.MaxDifficultySteps, def.DifficultySteps),
			calc.BoolField("missed", def.Missed),
		},
		Odds:    func(v calc.Values) (rules.Report, error) { return game.Odds(d6xd6Input(v)) },
		Resolve: func(v calc.Values, t *dice.Tape) (rules.Roll, error) { return game.Resolve(d6xd6Input(v), t) },
	}
}

// d6xd6Input is the game.Input of validated values.
func d6xd6Input(v calc.Values) game.Input {
	return game.Input{
		Task: v.Text("task"), Focus: v.Int("focus"), Pluses: v.Int("pluses"),
		AttackerArmor: v.Text("attacker_armor"), AttackerDamage: v.Text("attacker_damage"),
		Weapon: v.Text("weapon"), Range: v.Text("range"), AimTurns: v.Int("aim_turns"),
		Defense: v.Text("defense"), Drama: v.Int("drama"), TargetDamage: v.Text("target_damage"),
		ExtraPenalty: v.Int("extra_penalty"), DifficultySteps: v.Int("difficulty_steps"), Missed: v.Bool("missed"),
	}
}

func secondWind() *calc.Calculator {
	def := game.DefaultSecondWind()
	var tasks, hurt []string
	armors := []string{"none"}
	for _, tt := range game.TaskTypes() {
		tasks = append(tasks, tt.ID)
	}
	for _, a := range game.Armors() {
		armors = append(armors, a.ID)
	}
	for _, l := range game.Levels() {
		// Only a hurt character who can still act takes a second wind.
		if l.Level >= game.Graze && l.Level <= game.Wound {
			hurt = append(hurt, l.Level.ID())
		}
	}
	return &calc.Calculator{
		ID: "d6xd6/second_wind",
		Largest: map[string]string{"task": "unfocused", "focus": strconv.Itoa(game.MaxFocus), "pluses": strconv.Itoa(game.MaxPluses),
			"damage": "wound", "armor": "heavy", "extra_penalty": strconv.Itoa(game.MaxExtraPenalty),
			"difficulty_steps": strconv.Itoa(game.MaxDifficultySteps)},
		Fields: []calc.Field{
			calc.ChoiceField("task", def.Task, tasks...),
			calc.IntField("focus", game.MinFocus, game.MaxFocus, def.Focus),
			calc.IntField("pluses", 0, game.MaxPluses, def.Pluses),
			calc.ChoiceField("damage", def.Damage, hurt...),
			calc.ChoiceField("armor", def.Armor, armors...),
			calc.IntField("extra_penalty", 0, game.MaxExtraPenalty, def.ExtraPenalty),
			calc.IntField("difficulty_steps", 0, game.MaxDifficultySteps, def.DifficultySteps),
		},
		Odds: func(v calc.Values) (rules.Report, error) { return game.SecondWindOdds(secondWindInput(v)) },
		Resolve: func(v calc.Values, t *dice.Tape) (rules.Roll, error) {
			return game.ResolveSecondWind(secondWindInput(v), t)
		},
	}
}

// secondWindInput is the game.SecondWindInput of validated values.
func secondWindInput(v calc.Values) game.SecondWindInput {
	return game.SecondWindInput{
		Task: v.Text("task"), Focus: v.Int("focus"), Pluses: v.Int("pluses"),
		Damage: v.Text("damage"), Armor: v.Text("armor"),
		ExtraPenalty: v.Int("extra_penalty"), DifficultySteps: v.Int("difficulty_steps"),
	}
}

// docs returns the form texts of the calculators, by id.
func docs() map[string]calc.Doc {
	return map[string]calc.Doc{
		"d6xd6/attack": {
			Title: "D6xD6 attack",
			Help:  "Multiply two dice against the attacker's Focus, then work the damage level through the target's defense and damage track.",
			Fields: map[string]calc.FieldDoc{
				"task":             calc.Label("Task type", "Focused: roll at least the Focus. Unfocused: at most. Unfamiliar: below."),
				"focus":            calc.Label("Focus", "The attacker's count of primary abilities."),
				"pluses":           calc.Label("Pluses", "Pluses on the skill: one extra level each on a success."),
				"attacker_armor":   calc.Label("Attacker's armor", "Armor worn penalises the attacker's roll by 1 to 3."),
				"attacker_damage":  calc.Label("Attacker's own damage level", "The attacker's own damage level penalises the roll by 1 to 4."),
				"weapon":           calc.Label("Weapon", "The weapon sets the base damage level."),
				"range":            calc.Label("Range", "Brawl up to 2 m, throw up to 20 m, shoot up to 200 m, view up to 2 km."),
				"aim_turns":        calc.Label("Turns aiming", "Each turn spent aiming adds a damage level if the attack succeeds."),
				"defense":          calc.Label("Target's defense", "Reactive defense takes one step off the damage; armor takes 1 to 3."),
				"drama":            calc.Label("Drama Points spent", "Each Drama Point the target spends takes one more step off."),
				"target_damage":    calc.Label("Target's damage so far", "Where the target already stands on the damage track."),
				"extra_penalty":    calc.Label("Other penalty", "Situational penalty points after multiplying."),
				"difficulty_steps": calc.Label("Difficulty steps", "Each step moves each die one pip the unhelpful way before multiplying (optional rule)."),
				"missed":           calc.Label("Missed action, new target", "The first target was gone before the attack landed: the same action on another target, one level of success less (optional rule)."),
			},
		},
		"d6xd6/second_wind": {
			Title: "D6xD6 second wind",
			Help:  "Spend an action catching your breath: multiply two dice against your Focus on a Will or Brawn roll; each level of success takes one level off your damage.",
			Fields: map[string]calc.FieldDoc{
				"task":             calc.Label("Task type", "Will or Brawn as a primary ability: Focused (roll at least the Focus). Otherwise Unfocused (at most) or Unfamiliar (below)."),
				"focus":            calc.Label("Focus", "Your count of primary abilities."),
				"pluses":           calc.Label("Pluses", "Pluses on the ability: one extra level each on a success."),
				"damage":           calc.Label("Your damage level", "The damage you want to shake off; it also penalises the roll by 1 to 4."),
				"armor":            calc.Label("Armor worn", "Armor penalises the roll by 1 to 3."),
				"extra_penalty":    calc.Label("Other penalty", "Situational penalty points after multiplying."),
				"difficulty_steps": calc.Label("Difficulty steps", "Each step moves each die one pip the unhelpful way before multiplying (optional rule)."),
			},
		},
	}
}
