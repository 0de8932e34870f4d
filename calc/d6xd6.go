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
		ID: "d6xd6/attack", System: "d6xd6",
		Fields: []Field{
			choiceField("task", def.Task, "focused", "unfocused", "unfamiliar"),
			intField("focus", 1, 36, def.Focus),
			intField("pluses", 0, 3, def.Pluses),
			choiceField("attacker_armor", def.AttackerArmor, "none", "light", "medium", "heavy"),
			choiceField("attacker_damage", def.AttackerDamage, "none", "graze", "stun", "hit", "wound"),
			choiceField("weapon", def.Weapon, weapons...),
			choiceField("range", def.Range, "brawl", "throw", "shoot", "view"),
			intField("aim_turns", 0, 6, def.AimTurns),
			choiceField("defense", def.Defense, "none", "reactive", "light=Light armor", "medium=Medium armor", "heavy=Heavy armor"),
			intField("drama", 0, 6, def.Drama),
			choiceField("target_damage", def.TargetDamage, "none", "graze", "stun", "hit", "wound", "knockout", "kill"),
			intField("extra_penalty", 0, 36, def.ExtraPenalty),
			intField("difficulty_steps", 0, 3, def.DifficultySteps),
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
