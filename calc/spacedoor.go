package calc

import (
	"d6codex/rules"
	"d6codex/rules/dice"
	"d6codex/rules/spacedoor"
)

// spacedoorRoll is the two fields of every Spacedoor roll.
func spacedoorRoll(tough int, mode string) []Field {
	return []Field{
		intField("tough", "Tough", spacedoor.MinTough, spacedoor.MaxTough, tough, "The Tough stat added to 2d6."),
		choiceField("mode", "Roll", mode, "Advantage rolls 3d6 and drops the lowest; disadvantage drops the highest.",
			spacedoor.ModeNormal, spacedoor.ModeAdvantage, spacedoor.ModeDisadvantage),
	}
}

func spacedoorAttack() *Calculator {
	def := spacedoor.DefaultAttackInput()
	return &Calculator{
		ID: "spacedoor/attack", System: "spacedoor", Title: "Spacedoor attack",
		Help:   "Roll 2d6 + Tough: 10 or more is a success, 7 to 9 a mixed success, 6 or less a failure; two 6s or two 1s are criticals.",
		Fields: spacedoorRoll(def.Tough, def.Mode),
		odds:   func(v Values) (rules.Report, error) { return spacedoor.AttackOdds(spacedoorAttackInput(v)) },
		resolve: func(v Values, t *dice.Tape) (rules.Roll, error) {
			return spacedoor.ResolveAttack(spacedoorAttackInput(v), t)
		},
	}
}

// spacedoorAttackInput is the spacedoor.AttackInput of validated values.
func spacedoorAttackInput(v Values) spacedoor.AttackInput {
	return spacedoor.AttackInput{Tough: v.Int("tough"), Mode: v.Text("mode")}
}

func spacedoorDefend() *Calculator {
	def := spacedoor.DefaultDefendInput()
	return &Calculator{
		ID: "spacedoor/defend", System: "spacedoor", Title: "Spacedoor defend or protect",
		Help: "Roll 2d6 + Tough against incoming damage: a mixed success halves it for both, a success spares the protected, a critical spares both.",
		Fields: append(spacedoorRoll(def.Tough, def.Mode),
			intField("incoming", "Incoming damage", 0, spacedoor.MaxIncoming, def.Incoming, "The damage coming in.")),
		odds: func(v Values) (rules.Report, error) { return spacedoor.DefendOdds(spacedoorDefendInput(v)) },
		resolve: func(v Values, t *dice.Tape) (rules.Roll, error) {
			return spacedoor.ResolveDefend(spacedoorDefendInput(v), t)
		},
	}
}

// spacedoorDefendInput is the spacedoor.DefendInput of validated values.
func spacedoorDefendInput(v Values) spacedoor.DefendInput {
	return spacedoor.DefendInput{Tough: v.Int("tough"), Mode: v.Text("mode"), Incoming: v.Int("incoming")}
}
