// Package highroll is a made-up game for tests: roll one d6, add a bonus,
// and a total of 4 or more hits for 1 damage. It shows everything adding a
// game takes: a rules engine (here in the same file; a real game keeps it
// in rules/<id>) and one calc.System.
package highroll

import (
	"strconv"

	"d6codex/calc"
	"d6codex/rules"
	"d6codex/rules/dice"
)

// MaxBonus is the largest bonus; the schema reads it from here.
const MaxBonus = 3

// Target is the total that hits.
const Target = 4

// System is the game's one registration.
func System() calc.System {
	return calc.System{
		ID: "highroll", Name: "High roll", Credit: "a test game",
		Calculators: []*calc.Calculator{{
			ID:      "highroll/attack",
			Fields:  []calc.Field{calc.IntField("bonus", 0, MaxBonus, 0)},
			Largest: map[string]string{"bonus": strconv.Itoa(MaxBonus)},
			Odds:    func(v calc.Values) (rules.Report, error) { return odds(v.Int("bonus")) },
			Resolve: func(v calc.Values, t *dice.Tape) (rules.Roll, error) { return resolve(v.Int("bonus"), t) },
		}},
		Docs: map[string]calc.Doc{"highroll/attack": {Title: "High roll attack", Help: "Roll a d6 plus the bonus; 4 or more hits.",
			Fields: map[string]calc.FieldDoc{"bonus": calc.Label("Bonus", "Added to the die.")}}},
		Tables: func() []rules.Table {
			return []rules.Table{{ID: "targets", Title: "Targets", Source: "the test game", Columns: []string{"Total", "Result"},
				Rows: [][]string{{"1-3", "miss"}, {"4+", "hit"}}}}
		},
		Compare: &calc.Comparison{
			Calc:     "highroll/attack",
			Common:   calc.Profile{Words: "bare hands", Inputs: map[string]string{}},
			Attacker: [2]calc.Profile{{Words: "bonus 0", Inputs: map[string]string{"bonus": "0"}}, {Words: "bonus 2", Inputs: map[string]string{"bonus": "2"}}},
			Defender: [2]calc.Profile{{Words: "anyone", Inputs: map[string]string{}}, {Words: "anyone", Inputs: map[string]string{}}},
			Hit:      []string{"hit"}, HarmDist: "damage", Mean: "damage", Unit: "points",
		},
	}
}

// Tool is a calculator that belongs to no game (no tables, no place in the
// comparison): the same roll under the id "tools/roll".
func Tool() calc.System {
	s := System()
	c := *s.Calculators[0]
	c.ID = "tools/roll"
	return calc.System{ID: "tools", Name: "Tools", Credit: "the site", Calculators: []*calc.Calculator{&c},
		Docs: map[string]calc.Doc{c.ID: s.Docs["highroll/attack"]}}
}

func check(bonus int) error {
	if bonus < 0 || bonus > MaxBonus {
		return &rules.FieldError{Field: "bonus", Value: strconv.Itoa(bonus), Allowed: "0 to " + strconv.Itoa(MaxBonus)}
	}
	return nil
}

func odds(bonus int) (rules.Report, error) {
	if err := check(bonus); err != nil {
		return rules.Report{}, err
	}
	hit := dice.D6().AtLeast(Target - bonus)
	dmg := dice.FromMap(map[int]float64{0: 1 - hit, 1: hit})
	return rules.Report{
		Outcomes:      []rules.Prob{{Name: "hit", P: hit}, {Name: "miss", P: 1 - hit}},
		Distributions: []rules.Dist{{Name: "damage", PMF: dmg}},
		Means:         []rules.Mean{{Name: "damage", Value: dmg.Mean()}},
	}, nil
}

func resolve(bonus int, t *dice.Tape) (rules.Roll, error) {
	if err := check(bonus); err != nil {
		return rules.Roll{}, err
	}
	d, err := t.Roll(6, "attack")
	if err != nil {
		return rules.Roll{}, err
	}
	out := "miss"
	if d+bonus >= Target {
		out = "hit"
	}
	return rules.Roll{Dice: t.Rolls(), Outcome: out, Result: out,
		Steps: []string{"d6 " + strconv.Itoa(d) + " + " + strconv.Itoa(bonus) + " = " + strconv.Itoa(d+bonus)}}, nil
}
