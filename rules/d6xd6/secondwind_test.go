package d6xd6

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"d6codex/rules"
	"d6codex/rules/dice"
)

// plainWind resolves a second wind by the rules note: the roll is the same
// task roll as an attack's (the brute force plain reads it, with the
// character's own damage and armor as the attacker's), and the damage
// drops one level per level of success, to no less than unhurt.
func plainWind(in SecondWindInput, d1, d2 int) (roll, levels, after int, outcome string) {
	atk := Input{Task: in.Task, Focus: in.Focus, Pluses: in.Pluses, AttackerArmor: in.Armor,
		AttackerDamage: in.Damage, Weapon: "fist", Range: "brawl", ExtraPenalty: in.ExtraPenalty,
		DifficultySteps: in.DifficultySteps, TargetDamage: "none"}
	p := plain(atk, d1, d2)
	current := seedLevel[in.Damage]
	after = max(0, current-p.levels)
	switch {
	case p.levels == 0:
		outcome = "no_recovery"
	case after == 0:
		outcome = "recovers_fully"
	default:
		outcome = "recovers_partly"
	}
	return p.roll, p.levels, after, outcome
}

// randomWind draws a valid second wind from the whole allowed space.
func randomWind(r *rand.Rand) SecondWindInput {
	pick := func(opts []string) string { return opts[r.IntN(len(opts))] }
	in := SecondWindInput{
		Task:            pick([]string{"focused", "unfocused", "unfamiliar"}),
		Focus:           1 + r.IntN(36),
		Pluses:          r.IntN(4),
		Damage:          pick([]string{"graze", "stun", "hit", "wound"}),
		Armor:           pick([]string{"none", "light", "medium", "heavy"}),
		ExtraPenalty:    r.IntN(37),
		DifficultySteps: r.IntN(4),
	}
	if r.IntN(2) == 0 { // half the set-ups small enough that the roll can succeed
		in.ExtraPenalty, in.DifficultySteps, in.Focus = 0, r.IntN(2), 1+r.IntN(12)
	}
	return in
}

// TestSecondWindAgainstBruteForce checks every Resolve of all 36 dice pairs
// against the plain rules and the odds against their weighted enumeration.
func TestSecondWindAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	n := 2000
	if testing.Short() {
		n = 200
	}
	for range n {
		in := randomWind(r)
		rep, err := SecondWindOdds(in)
		if err != nil {
			t.Fatalf("%+v: %v", in, err)
		}
		outcomes := map[string]float64{}
		var roll, levels, recovered, after dice.Builder
		for d1 := 1; d1 <= 6; d1++ {
			for d2 := 1; d2 <= 6; d2++ {
				wRoll, wLevels, wAfter, wOut := plainWind(in, d1, d2)
				got, err := ResolveSecondWind(in, dice.NewFixed([]int{d1, d2}))
				if err != nil {
					t.Fatalf("%+v dice %d %d: %v", in, d1, d2, err)
				}
				trace := strings.Join(got.Steps, "\n")
				if got.Outcome != wOut {
					t.Fatalf("%+v dice %d %d: outcome %q, plain rules %q\n%s", in, d1, d2, got.Outcome, wOut, trace)
				}
				wRec := seedLevel[in.Damage] - wAfter
				for name, want := range map[string]int{"roll": wRoll, "levels": wLevels, "damage_after": wAfter, "levels_recovered": wRec} {
					if v, ok := valueOf(got, name); !ok || v != want {
						t.Fatalf("%+v dice %d %d: %s = %d, plain rules %d\n%s", in, d1, d2, name, v, want, trace)
					}
				}
				const w = 1.0 / 36
				outcomes[wOut] += w
				if wOut != "no_recovery" {
					outcomes["success"] += w
				}
				roll.Add(wRoll, w)
				levels.Add(wLevels, w)
				recovered.Add(wRec, w)
				after.Add(wAfter, w)
			}
		}
		for _, name := range []string{"no_recovery", "recovers_partly", "recovers_fully", "success"} {
			if p, ok := rep.P(name); !ok || math.Abs(p-outcomes[name]) > tol {
				t.Fatalf("%+v: P(%s) = %v, brute force %v", in, name, p, outcomes[name])
			}
		}
		for _, d := range []struct {
			name string
			b    *dice.Builder
		}{{"roll", &roll}, {"levels", &levels}, {"levels_recovered", &recovered}, {"damage_after", &after}} {
			got, ok := rep.Dist(d.name)
			want := d.b.PMF()
			if !ok || !dice.Equal(got, want, tol) {
				t.Fatalf("%+v: %s = %v, brute force %v", in, d.name, got.Pairs(), want.Pairs())
			}
			if m, ok := rep.Mean(d.name); !ok || math.Abs(m-want.Mean()) > 1e-9 {
				t.Fatalf("%+v: mean %s = %v, brute force %v", in, d.name, m, want.Mean())
			}
		}
	}
}

// TestSecondWindCounts checks odds counted by hand: a Grazed character at
// Focus 5 (Focused) needs a product of 6 or more after the Graze's 1
// point; the 10 pairs with a product of 5 or less are 1×1..1×5, 2×1, 2×2,
// 3×1, 4×1 and 5×1, so 26 of 36 succeed, and any success clears a Graze.
// Unfocused at Focus 6 and at Hit, the roll R+3 must be at most 6, so
// R <= 3 (1×1, 1×2, 2×1, 1×3, 3×1: 5 of 36) and never 5 under, one level.
// The optional rules page's Vela (Focus 4, Hit) needs R >= 7: 14 pairs
// multiply to 6 or less (counted by first die 1..6: 6, 3, 2, 1, 1, 1); clearing Hit takes 3 levels, R − 3 − 4
// >= 20, so R >= 27: 5×6, 6×5 and 6×6.
func TestSecondWindCounts(t *testing.T) {
	tests := []struct {
		in                     SecondWindInput
		none, partly, fully, s float64
	}{
		{SecondWindInput{Task: "focused", Focus: 5, Damage: "graze", Armor: "none"}, 10, 0, 26, 26},
		{SecondWindInput{Task: "unfocused", Focus: 6, Damage: "hit", Armor: "none"}, 31, 5, 0, 5},
		{SecondWindInput{Task: "focused", Focus: 4, Damage: "hit", Armor: "none"}, 14, 19, 3, 22},
	}
	for _, tc := range tests {
		rep, err := SecondWindOdds(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		for name, want := range map[string]float64{"no_recovery": tc.none, "recovers_partly": tc.partly,
			"recovers_fully": tc.fully, "success": tc.s} {
			if p, _ := rep.P(name); math.Abs(p-want/36) > tol {
				t.Errorf("%+v: P(%s) = %v, want %v/36", tc.in, name, p, want)
			}
		}
	}
}

func TestSecondWindExamples(t *testing.T) {
	tests := []struct {
		name   string
		edit   func(*SecondWindInput)
		dice   []int
		values map[string]int
		out    string
	}{
		{name: "the optional rules page: Vela at Focus 4 and Hit rolls 6 and 4, 21, two levels: Hit to Graze",
			edit: func(in *SecondWindInput) { in.Focus = 4 }, dice: []int{6, 4},
			values: map[string]int{"product": 24, "roll": 21, "levels": 2, "levels_recovered": 2, "damage_after": int(Graze)}, out: "recovers_partly"},
		{name: "a success recovers one level of damage",
			dice: []int{2, 5}, values: map[string]int{"roll": 7, "levels": 1, "damage_after": int(Stun)}, out: "recovers_partly"},
		{name: "each bonus level recovers another, down to unhurt",
			edit: func(in *SecondWindInput) { in.Focus, in.Damage = 1, "wound" }, dice: []int{6, 6},
			values: map[string]int{"roll": 32, "levels": 4, "levels_recovered": 4, "damage_after": int(None)}, out: "recovers_fully"},
		{name: "levels beyond the damage are lost",
			edit: func(in *SecondWindInput) { in.Focus, in.Damage = 1, "stun" }, dice: []int{6, 6},
			values: map[string]int{"levels": 4, "levels_recovered": 2, "damage_after": int(None)}, out: "recovers_fully"},
		{name: "the character's own damage penalises the roll: Hit turns 6 into 3, below Focus 5",
			dice: []int{2, 3}, values: map[string]int{"product": 6, "roll": 3, "levels": 0, "damage_after": int(Hit)}, out: "no_recovery"},
		{name: "armor worn penalises the roll too",
			edit: func(in *SecondWindInput) { in.Armor, in.Damage = "medium", "graze" }, dice: []int{2, 4},
			values: map[string]int{"roll": 5, "levels": 1, "damage_after": int(None)}, out: "recovers_fully"},
		{name: "unfocused Brawn 5 under the Focus scores 2 levels",
			edit: func(in *SecondWindInput) { in.Task, in.Focus, in.Damage = "unfocused", 12, "graze" }, dice: []int{2, 3},
			values: map[string]int{"roll": 7, "levels": 2, "damage_after": int(None)}},
		{name: "pluses add levels",
			edit: func(in *SecondWindInput) { in.Pluses, in.Damage = 2, "wound" }, dice: []int{2, 5},
			values: map[string]int{"levels": 3, "damage_after": int(Graze)}},
		{name: "unfamiliar: a roll equal to the Focus fails",
			edit: func(in *SecondWindInput) { in.Task, in.Focus, in.Damage = "unfamiliar", 6, "graze" }, dice: []int{1, 5},
			values: map[string]int{"roll": 6, "levels": 0}, out: "no_recovery"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := DefaultSecondWind()
			if tc.edit != nil {
				tc.edit(&in)
			}
			got, err := ResolveSecondWind(in, dice.NewFixed(tc.dice))
			if err != nil {
				t.Fatal(err)
			}
			checkRoll(t, got, tc.values, tc.out)
		})
	}
}

func TestSecondWindTrace(t *testing.T) {
	tests := []struct {
		edit func(*SecondWindInput)
		dice []int
		says []string
	}{
		{func(in *SecondWindInput) { in.Focus = 4 }, []int{6, 4},
			[]string{"Dice 6 and 4 multiply to 24.", "Penalty 3 (Hit 3) makes it 21.", "focus 4: success by 17, 2 levels",
				"2 levels of success recover 2 damage levels: Hit drops to Graze.", "Success: Hit drops 2 levels to Graze."}},
		{nil, []int{2, 5}, []string{"1 level of success recovers 1 damage level: Hit drops to Stun."}},
		{nil, []int{1, 1}, []string{"so the second wind fails", "stays at Hit", "Failure: still at Hit."}},
		{func(in *SecondWindInput) { in.Focus, in.Damage = 1, "stun" }, []int{6, 6},
			[]string{"4 levels of success, but only 2 damage levels to recover: Stun clears completely.", "the character is unhurt"}},
	}
	for _, tc := range tests {
		in := DefaultSecondWind()
		if tc.edit != nil {
			tc.edit(&in)
		}
		got, err := ResolveSecondWind(in, dice.NewFixed(tc.dice))
		if err != nil {
			t.Fatal(err)
		}
		text := strings.Join(append(got.Steps, got.Result), "\n")
		for _, want := range tc.says {
			if !strings.Contains(text, want) {
				t.Errorf("dice %v: trace lacks %q:\n%s", tc.dice, want, text)
			}
		}
		if len(got.Dice) != 2 || got.Dice[0].Value != tc.dice[0] {
			t.Errorf("dice %v: recorded %+v", tc.dice, got.Dice)
		}
	}
}

func TestSecondWindValidate(t *testing.T) {
	tests := []struct {
		field string
		edit  func(*SecondWindInput)
		says  string
	}{
		{"task", func(in *SecondWindInput) { in.Task = "lucky" }, "focused, unfocused, unfamiliar"},
		{"focus", func(in *SecondWindInput) { in.Focus = 0 }, "1 to 36"},
		{"focus", func(in *SecondWindInput) { in.Focus = 37 }, "1 to 36"},
		{"pluses", func(in *SecondWindInput) { in.Pluses = 4 }, "0 to 3"},
		{"damage", func(in *SecondWindInput) { in.Damage = "none" }, "graze, stun, hit, wound"},
		{"damage", func(in *SecondWindInput) { in.Damage = "knockout" }, "graze, stun, hit, wound"},
		{"armor", func(in *SecondWindInput) { in.Armor = "mithril" }, "none, light, medium, heavy"},
		{"extra_penalty", func(in *SecondWindInput) { in.ExtraPenalty = 37 }, "0 to 36"},
		{"difficulty_steps", func(in *SecondWindInput) { in.DifficultySteps = -1 }, "0 to 3"},
		{"", func(in *SecondWindInput) {}, ""},
	}
	for _, tc := range tests {
		in := DefaultSecondWind()
		tc.edit(&in)
		err := in.Validate()
		if tc.field == "" {
			if err != nil {
				t.Errorf("%+v: unexpected %v", in, err)
			}
			continue
		}
		var fe *rules.FieldError
		if !errors.As(err, &fe) || fe.Field != tc.field || !strings.Contains(fe.Allowed, tc.says) {
			t.Errorf("%+v: got %v, want a %s error allowing %q", in, err, tc.field, tc.says)
		}
		if _, oerr := SecondWindOdds(in); oerr == nil || oerr.Error() != err.Error() {
			t.Errorf("SecondWindOdds must validate first: %v", oerr)
		}
		if _, rerr := ResolveSecondWind(in, dice.NewFixed([]int{1, 1})); rerr == nil || rerr.Error() != err.Error() {
			t.Errorf("ResolveSecondWind must validate first: %v", rerr)
		}
	}
	for _, tape := range []*dice.Tape{nil, dice.NewFixed([]int{3}), dice.NewFixed([]int{3, 4, 5}), dice.NewFixed([]int{0, 4})} {
		if _, err := ResolveSecondWind(DefaultSecondWind(), tape); err == nil {
			t.Errorf("tape %v: dice that do not fit must be refused", tape)
		}
	}
}

func TestSecondWindLabels(t *testing.T) {
	rep, err := SecondWindOdds(DefaultSecondWind())
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range rep.Distributions {
		if (d.Name == "damage_after") != (d.Label != nil) {
			t.Errorf("%s: labelled %v", d.Name, d.Label != nil)
		}
	}
	after, _ := rep.Dist("damage_after")
	if got := after.Values(); !slices.Equal(got, []int{0, 1, 2, 3}) {
		t.Errorf("from Hit the damage after is None..Hit, got %v", got)
	}
}

func BenchmarkSecondWindOdds(b *testing.B) {
	in := SecondWindInput{Task: "unfocused", Focus: 36, Pluses: 3, Damage: "wound", Armor: "heavy",
		ExtraPenalty: 36, DifficultySteps: 3}
	for b.Loop() {
		if _, err := SecondWindOdds(in); err != nil {
			b.Fatal(err)
		}
	}
}
