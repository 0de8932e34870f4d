// Package spacedoor registers the Spacedoor calculators: their input schemas, read
// from the limits of package rules/spacedoor, their form texts, the system's
// tables and how the comparison page reads it.
package spacedoor

import (
	"d6codex/calc"
	"d6codex/rules"
	"d6codex/rules/dice"
	game "d6codex/rules/spacedoor"
)

// Calculators returns the system's calculators alone: what its
// WebAssembly module needs (no form texts, tables or comparison).
func Calculators() []*calc.Calculator {
	return []*calc.Calculator{spacedoorAttack(), spacedoorDefend(), spacedoorHelp(), spacedoorHealth(), spacedoorLuck(), spacedoorDeathSaves()}
}

// System returns the Spacedoor registration.
func System() calc.System {
	return calc.System{
		ID: "spacedoor", Name: "Spacedoor", Credit: "Spacedoor by Dustin Whisman (github.com/dustinwhisman/spacedoor)",
		Calculators: Calculators(),
		Docs:        docs(),
		Tables:      game.Tables,
		Compare: &calc.Comparison{
			Calc: "spacedoor/attack",
			Common: calc.Profile{Words: "an ordinary damaging weapon; no advantage or disadvantage",
				Inputs: map[string]string{"mode": "normal"}},
			Attacker: [2]calc.Profile{
				{Words: "Tough +1", Inputs: map[string]string{"tough": "1"}},
				{Words: "Tough +3", Inputs: map[string]string{"tough": "3"}},
			},
			Defender: [2]calc.Profile{
				{Words: "an enemy: enemies do not roll", Inputs: map[string]string{}},
				{Words: "an enemy: enemies do not roll, so experience does not change the attack", Inputs: map[string]string{}},
			},
			Hit:      []string{"mixed", "success", "critical_success"},
			HitWords: "a mixed success or better",
			HarmDist: "damage_dealt", Mean: "damage_dealt",
			Unit:     "points off stamina, then health",
			NoteMean: "damage_taken", NoteText: "the attacker takes {mean} on average in return",
		},
	}
}

// spacedoorRoll is the two fields of every Spacedoor roll.
func spacedoorRoll(tough int, mode string) []calc.Field {
	return []calc.Field{
		calc.IntField("tough", game.MinTough, game.MaxTough, tough),
		calc.ChoiceField("mode", mode, game.ModeNormal, game.ModeAdvantage, game.ModeDisadvantage),
	}
}

func spacedoorAttack() *calc.Calculator {
	def := game.DefaultAttackInput()
	return &calc.Calculator{
		ID:      "spacedoor/attack",
		Largest: map[string]string{"tough": "5", "mode": "advantage"},
		Fields:  spacedoorRoll(def.Tough, def.Mode),
		Odds:    func(v calc.Values) (rules.Report, error) { return game.AttackOdds(spacedoorAttackInput(v)) },
		Resolve: func(v calc.Values, t *dice.Tape) (rules.Roll, error) {
			return game.ResolveAttack(spacedoorAttackInput(v), t)
		},
	}
}

// spacedoorAttackInput is the game.AttackInput of validated values.
func spacedoorAttackInput(v calc.Values) game.AttackInput {
	return game.AttackInput{Tough: v.Int("tough"), Mode: v.Text("mode")}
}

func spacedoorHelp() *calc.Calculator {
	def := game.DefaultHelpInput()
	in := func(v calc.Values) game.HelpInput {
		return game.HelpInput{Tough: v.Int("tough"), Mode: v.Text("mode"), HelperTough: v.Int("helper_tough"),
			HelperMode: v.Text("helper_mode"), Mixed: v.Text("help_mixed"), Offer: v.Text("offer")}
	}
	helper := spacedoorRoll(def.HelperTough, def.HelperMode)
	helper[0].Name, helper[1].Name = "helper_tough", "helper_mode"
	return &calc.Calculator{
		ID:      "spacedoor/help",
		Largest: map[string]string{"tough": "5", "mode": "advantage", "helper_tough": "5", "helper_mode": "advantage", "offer": "best"},
		Fields: append(append(spacedoorRoll(def.Tough, def.Mode), helper...),
			calc.ChoiceField("help_mixed", def.Mixed, game.HelpMixedNoChange+"=No change (this version)", game.HelpMixedPlusOne+"=+1 (later versions)"),
			calc.ChoiceField("offer", def.Offer, game.OfferBest+"=The better chance each time", game.OfferAddD6+"=Add 1d6", game.OfferAdvantage+"=Reroll with advantage")),
		Odds:    func(v calc.Values) (rules.Report, error) { return game.HelpOdds(in(v)) },
		Resolve: func(v calc.Values, t *dice.Tape) (rules.Roll, error) { return game.ResolveHelp(in(v), t) },
	}
}

func spacedoorHealth() *calc.Calculator {
	def := game.DefaultHealthInput()
	in := func(v calc.Values) game.HealthInput {
		return game.HealthInput{Stamina: v.Int("stamina"), Health: v.Int("health"), Tough: v.Int("tough"), Mode: v.Text("mode")}
	}
	return &calc.Calculator{
		ID:      "spacedoor/health",
		Largest: map[string]string{"stamina": "999", "health": "999", "tough": "5", "mode": "advantage"},
		Fields: append([]calc.Field{
			calc.IntField("stamina", 0, game.MaxPool, def.Stamina),
			calc.IntField("health", 1, game.MaxPool, def.Health),
		}, spacedoorRoll(def.Tough, def.Mode)...),
		Odds:    func(v calc.Values) (rules.Report, error) { return game.HealthAttackOdds(in(v)) },
		Resolve: func(v calc.Values, t *dice.Tape) (rules.Roll, error) { return game.ResolveHealth(in(v), t) },
	}
}

func spacedoorLuck() *calc.Calculator {
	def := game.DefaultLuckInput()
	in := func(v calc.Values) game.LuckInput {
		return game.LuckInput{Stamina: v.Int("stamina"), Health: v.Int("health"), Luck: v.Int("luck"), Exchanges: v.Int("exchanges"),
			Tough: v.Int("tough"), Mode: v.Text("mode"), Use: v.Text("luck_use")}
	}
	return &calc.Calculator{
		ID: "spacedoor/luck",
		Largest: map[string]string{"stamina": "99", "health": "99", "luck": "7", "exchanges": "20", "tough": "-3", "mode": "disadvantage",
			"luck_use": game.LuckWound},
		Fields: append([]calc.Field{
			calc.IntField("stamina", 0, game.MaxLuckPool, def.Stamina),
			calc.IntField("health", 1, game.MaxLuckPool, def.Health),
			calc.IntField("luck", 0, game.Luck, def.Luck),
			calc.IntField("exchanges", 1, game.MaxExchanges, def.Exchanges),
			calc.ChoiceField("luck_use", def.Use, game.LuckDown+"=Only to stay up", game.LuckWound+"=On any hit that would wound",
				game.LuckDamage+"=On every hit"),
		}, spacedoorRoll(def.Tough, def.Mode)...),
		Odds:    func(v calc.Values) (rules.Report, error) { return game.LuckOdds(in(v)) },
		Resolve: func(v calc.Values, t *dice.Tape) (rules.Roll, error) { return game.ResolveLuck(in(v), t) },
	}
}

func spacedoorDeathSaves() *calc.Calculator {
	def := game.DefaultDeathSaveInput()
	in := func(v calc.Values) game.DeathSaveInput { return game.DeathSaveInput{Seven: v.Text("seven")} }
	return &calc.Calculator{
		ID:      "spacedoor/death_saves",
		Largest: map[string]string{"seven": game.SevenBest},
		Fields: []calc.Field{calc.ChoiceField("seven", def.Seven,
			game.SevenBest+"=The best choice each time", game.SevenReroll+"=Reroll it",
			game.SevenSuccess+"=Take a success (next save at disadvantage)",
			game.SevenRemoveFailure+"=Remove a failure (next save at disadvantage)")},
		Odds:    func(v calc.Values) (rules.Report, error) { return game.DeathSaveOdds(in(v)) },
		Resolve: func(v calc.Values, t *dice.Tape) (rules.Roll, error) { return game.ResolveDeathSaves(in(v), t) },
	}
}

func spacedoorDefend() *calc.Calculator {
	def := game.DefaultDefendInput()
	return &calc.Calculator{
		ID:      "spacedoor/defend",
		Largest: map[string]string{"tough": "5", "mode": "advantage", "incoming": "100"},
		Fields: append(spacedoorRoll(def.Tough, def.Mode),
			calc.IntField("incoming", 0, game.MaxIncoming, def.Incoming)),
		Odds: func(v calc.Values) (rules.Report, error) { return game.DefendOdds(spacedoorDefendInput(v)) },
		Resolve: func(v calc.Values, t *dice.Tape) (rules.Roll, error) {
			return game.ResolveDefend(spacedoorDefendInput(v), t)
		},
	}
}

// spacedoorDefendInput is the game.DefendInput of validated values.
func spacedoorDefendInput(v calc.Values) game.DefendInput {
	return game.DefendInput{Tough: v.Int("tough"), Mode: v.Text("mode"), Incoming: v.Int("incoming")}
}

// docs returns the form texts of the calculators, by id.
func docs() map[string]calc.Doc {
	return map[string]calc.Doc{
		"spacedoor/help": {
			Title: "Spacedoor helping out",
			Help:  "Another player rolls the same stat; their result changes your roll's total or result (see the helping out table).",
			Fields: map[string]calc.FieldDoc{
				"tough":        calc.Label("Your Tough", "The Tough stat of the roll being helped."),
				"mode":         calc.Label("Your roll", "Advantage rolls 3d6 and drops the lowest; disadvantage drops the highest."),
				"helper_tough": calc.Label("Helper's Tough", "The helper rolls the same stat."),
				"helper_mode":  calc.Label("Helper's roll", "Normal, advantage or disadvantage."),
				"help_mixed":   calc.Label("Helper's mixed success", "No change in the version this site follows; +1 in later versions."),
				"offer":        calc.Label("On the helper's success", "Add 1d6 to your total, or reroll with advantage; the better chance picks per roll."),
			},
		},
		"spacedoor/health": {
			Title: "Spacedoor stamina and health",
			Help:  "One attack: the damage you take comes off stamina first, then health; at 0 health you are down and make death saves.",
			Fields: map[string]calc.FieldDoc{
				"stamina": calc.Label("Stamina now", "Your stamina before the attack (9 at level 1)."),
				"health":  calc.Label("Health now", "Your health before the attack (3 at level 1)."),
				"tough":   calc.Label("Tough", "The Tough stat added to 2d6."),
				"mode":    calc.Label("Roll", "Advantage rolls 3d6 and drops the lowest; disadvantage drops the highest."),
			},
		},
		"spacedoor/luck": {
			Title: "Spacedoor luck over a fight",
			Help:  "Attack after attack, a point of luck turns a hit into 0 damage; see how long you stay up and how fast the points go.",
			Fields: map[string]calc.FieldDoc{
				"stamina":   calc.Label("Stamina now", "Your stamina before the fight (9 at level 1)."),
				"health":    calc.Label("Health now", "Your health before the fight (3 at level 1)."),
				"luck":      calc.Label("Luck left", "Points of luck you still have (7 for a whole career)."),
				"exchanges": calc.Label("Attacks", "How many attacks you make, one after another; at 0 health you stop."),
				"luck_use":  calc.Label("Spend luck", "When a point is spent, once the damage is rolled: only on a hit that would drop you, on any hit that would take health, or on every hit."),
				"tough":     calc.Label("Tough", "The Tough stat added to 2d6."),
				"mode":      calc.Label("Roll", "Advantage rolls 3d6 and drops the lowest; disadvantage drops the highest."),
			},
		},
		"spacedoor/death_saves": {
			Title: "Spacedoor death saves",
			Help:  "At 0 health, roll 2d6 each turn: 8 or more is a success, 6 or less a failure, double 6 two successes, double 1 two failures; three successes and you are stable, three failures and you die. A 7 is your choice.",
			Fields: map[string]calc.FieldDoc{
				"seven": calc.Label("On a 7", "Reroll, or take a success or remove a failure at the cost of disadvantage on the next save."),
			},
		},
		"spacedoor/attack": {
			Title: "Spacedoor attack",
			Help:  "Roll 2d6 + Tough: 10 or more is a success, 7 to 9 a mixed success, 6 or less a failure; two 6s or two 1s are criticals.",
			Fields: map[string]calc.FieldDoc{
				"tough": calc.Label("Tough", "The Tough stat added to 2d6."),
				"mode":  calc.Label("Roll", "Advantage rolls 3d6 and drops the lowest; disadvantage drops the highest."),
			},
		},
		"spacedoor/defend": {
			Title: "Spacedoor defend or protect",
			Help:  "Roll 2d6 + Tough against incoming damage: a mixed success halves it for both, a success spares the protected, a critical spares both.",
			Fields: map[string]calc.FieldDoc{
				"tough":    calc.Label("Tough", "The Tough stat added to 2d6."),
				"mode":     calc.Label("Roll", "Advantage rolls 3d6 and drops the lowest; disadvantage drops the highest."),
				"incoming": calc.Label("Incoming damage", "The damage coming in."),
			},
		},
	}
}
