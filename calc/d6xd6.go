package calc

import (
	"d6codex/rules"
	"d6codex/rules/d6xd6"
	"d6codex/rules/dice"
)

func d6xd6Attack() *Calculator {
	def := d6xd6.DefaultInput()
	var weapons []string
	for _, w := range d6xd6.Weapons() {
		weapons = append(weapons, w.ID+"="+w.Name)
	}
	return &Calculator{
		ID: "d6xd6/attack", System: "d6xd6", Title: "D6xD6 attack",
		Help: "Multiply two dice against the attacker's Focus, then work the damage level through the target's defense and damage track.",
		Fields: []Field{
			choiceField("task", "Task type", def.Task, "Focused: roll at least the Focus. Unfocused: at most. Unfamiliar: below.",
				"focused", "unfocused", "unfamiliar"),
			intField("focus", "Focus", 1, 36, def.Focus, "The attacker's count of primary abilities."),
			intField("pluses", "Pluses", 0, 3, def.Pluses, "Pluses on the skill: one extra level each on a success."),
			choiceField("attacker_armor", "Attacker's armor", def.AttackerArmor, "Armor worn penalises the attacker's roll by 1 to 3.",
				"none", "light", "medium", "heavy"),
			choiceField("attacker_damage", "Attacker's own damage level", def.AttackerDamage, "The attacker's own damage level penalises the roll by 1 to 4.",
				"none", "graze", "stun", "hit", "wound"),
			choiceField("weapon", "Weapon", def.Weapon, "The weapon sets the base damage level.", weapons...),
			choiceField("range", "Range", def.Range, "Brawl up to 2 m, throw up to 20 m, shoot up to 200 m, view up to 2 km.",
				"brawl", "throw", "shoot", "view"),
			intField("aim_turns", "Turns aiming", 0, 6, def.AimTurns, "Each turn spent aiming adds a damage level if the attack succeeds."),
			choiceField("defense", "Target's defense", def.Defense, "Reactive defense takes one step off the damage; armor takes 1 to 3.",
				"none", "reactive", "light=Light armor", "medium=Medium armor", "heavy=Heavy armor"),
			intField("drama", "Drama Points spent", 0, 6, def.Drama, "Each Drama Point the target spends takes one more step off."),
			choiceField("target_damage", "Target's damage so far", def.TargetDamage, "Where the target already stands on the damage track.",
				"none", "graze", "stun", "hit", "wound", "knockout", "kill"),
			intField("extra_penalty", "Other penalty", 0, 36, def.ExtraPenalty, "Situational penalty points after multiplying."),
			intField("difficulty_steps", "Difficulty steps", 0, 3, def.DifficultySteps, "Each step moves each die one pip the unhelpful way before multiplying (optional rule)."),
		},
		odds:    func(v Values) (rules.Report, error) { return d6xd6.Odds(d6xd6Input(v)) },
		resolve: func(v Values, t *dice.Tape) (rules.Roll, error) { return d6xd6.Resolve(d6xd6Input(v), t) },
	}
}

// d6xd6Input is the d6xd6.Input of validated values.
func d6xd6Input(v Values) d6xd6.Input {
	return d6xd6.Input{
		Task: v.Text("task"), Focus: v.Int("focus"), Pluses: v.Int("pluses"),
		AttackerArmor: v.Text("attacker_armor"), AttackerDamage: v.Text("attacker_damage"),
		Weapon: v.Text("weapon"), Range: v.Text("range"), AimTurns: v.Int("aim_turns"),
		Defense: v.Text("defense"), Drama: v.Int("drama"), TargetDamage: v.Text("target_damage"),
		ExtraPenalty: v.Int("extra_penalty"), DifficultySteps: v.Int("difficulty_steps"),
	}
}
