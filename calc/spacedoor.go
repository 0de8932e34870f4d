package calc

import (
	"d6codex/rules"
	"d6codex/rules/dice"
	"d6codex/rules/spacedoor"
)

// spacedoorRoll is the two fields of every Spacedoor roll.
func spacedoorRoll(tough int, mode string) []Field {
	return []Field{
		intField("tough", spacedoor.MinTough, spacedoor.MaxTough, tough),
		choiceField("mode", mode, spacedoor.ModeNormal, spacedoor.ModeAdvantage, spacedoor.ModeDisadvantage),
	}
}

func spacedoorAttack() *Calculator {
	def := spacedoor.DefaultAttackInput()
	return &Calculator{
		ID: "spacedoor/attack", System: "spacedoor",
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
		ID: "spacedoor/defend", System: "spacedoor",
		Fields: append(spacedoorRoll(def.Tough, def.Mode),
			intField("incoming", 0, spacedoor.MaxIncoming, def.Incoming)),
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
