package opend6

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"

	"d6codex/rules"
	"d6codex/rules/dice"
)

// The seed's dodge: Rachelle rolls 13 on her dodge, spends a Character
// Point, rolls one more die, a 5: 18. The merc's shot of 17 then misses;
// without the point it would have hit.
func TestDodgeWithCharacterPoint(t *testing.T) {
	in := DefaultInput()
	in.Skill = dice.Code{Dice: 4}                                    // the merc's marksmanship
	in.Defense, in.DefenseSkill = DefensePartial, dice.Code{Dice: 3} // her dodge, her two-action penalty taken off
	in.DefenseCP = 1
	attack := []int{5, 5, 4, 3} // 17
	dodge := []int{4, 4, 5}     // 13
	r := resolve(t, in, append(append(attack, dodge...), 5)...)
	for name, want := range map[string]int{"attack_total": 17, "difficulty": 18} {
		if got := mustValue(t, r, name); got != want {
			t.Errorf("%s = %d, want %d\n%s", name, got, want, trace(r))
		}
	}
	for _, words := range []string{"Defense roll 3D: dice 4, 4; Wild Die 5. Total 4 + 4 + 5 = 13.",
		"Defense roll, 1 Character Point: an extra Wild Die shows 5. Total 13 + 5 = 18.",
		"Attack 17 is below the difficulty 18: a miss"} {
		if !strings.Contains(trace(r), words) {
			t.Errorf("trace lacks %q:\n%s", words, trace(r))
		}
	}
	if r.Outcome != "miss" || r.Dice[len(r.Dice)-1].What != "defense Character Point die" {
		t.Errorf("outcome %q, last die %+v", r.Outcome, r.Dice[len(r.Dice)-1])
	}

	in.DefenseCP = 0
	in.Damage, in.Resistance = dice.Code{Dice: 1}, dice.Code{}
	r = resolve(t, in, append(append(attack, dodge...), 3)...)
	if got := mustValue(t, r, "difficulty"); got != 13 || r.Outcome != "hit" {
		t.Errorf("without the point: difficulty %d, outcome %q; want 13 and a hit\n%s", got, r.Outcome, trace(r))
	}
}

// TestCharacterPointTrace covers exploding and 1s on the extra dice.
func TestCharacterPointTrace(t *testing.T) {
	in := DefaultInput()
	in.Skill, in.AttackCP, in.Modifier = dice.Code{Dice: 1}, 3, 30 // difficulty 40: a miss, attack dice only
	r := resolve(t, in, 4, 6, 2, 1, 3)
	for _, words := range []string{"3 Character Points: extra Wild Dice show 6, 2 (explodes: 8); 1 (just 1, never a critical failure); 3. Total 4 + 8 + 1 + 3 = 16."} {
		if !strings.Contains(trace(r), words) {
			t.Errorf("trace lacks %q:\n%s", words, trace(r))
		}
	}
	if got := mustValue(t, r, "attack_total"); got != 16 {
		t.Errorf("attack total %d, want 16", got)
	}
	if got := mustValue(t, r, "critical_failure"); got != 0 {
		t.Error("a 1 on a Character Point die is no critical failure")
	}
	// A critical failure of the roll's own Wild Die cancels the highest
	// normal die; the Character Point dice are added after it.
	in.Skill, in.AttackCP = dice.Code{Dice: 2}, 1
	r = resolve(t, in, 5, 1, 6, 3)
	if got := mustValue(t, r, "attack_total"); got != 9 || mustValue(t, r, "critical_failure") != 1 {
		t.Errorf("attack total %d, want 0 + 9 (the 5 and the Wild Die cancelled, the point's 6 + 3 kept)\n%s", got, trace(r))
	}
}

// TestCoverWildDie: the decision on the Wild Die of rolled cover. Light
// cover at Short range against the passive 10 is 10 + 1D.
func TestCoverWildDie(t *testing.T) {
	in := DefaultInput()
	in.Cover, in.CoverDice = CoverLight, true
	difficulty := func(in Input) dice.PMF {
		rep, err := Odds(in)
		if err != nil {
			t.Fatal(err)
		}
		d, _ := rep.Dist("difficulty")
		return d
	}
	// With a Wild Die (the default): a first 1 cancels the die (10), 2..5
	// count (12..15), a 6 explodes (17 and up): 16 cannot happen.
	wild := difficulty(in)
	for v, want := range map[int]float64{10: 1.0 / 6, 11: 0, 12: 1.0 / 6, 15: 1.0 / 6, 16: 0, 17: 1.0 / 36} {
		if math.Abs(wild.P(v)-want) > tol {
			t.Errorf("wild cover: P(difficulty %d) = %v, want %v", v, wild.P(v), want)
		}
	}
	in.CoverWild = CoverWildNone
	regular := difficulty(in)
	for v := 11; v <= 16; v++ {
		if math.Abs(regular.P(v)-1.0/6) > tol {
			t.Errorf("regular cover: P(difficulty %d) = %v, want 1/6", v, regular.P(v))
		}
	}
	if regular.Min() != 11 || regular.Max() != 16 {
		t.Errorf("regular cover: difficulty %d..%d, want 11..16", regular.Min(), regular.Max())
	}
	in.Cover = CoverVeryHeavy
	in.Skill = dice.Code{Dice: 1}
	r := resolve(t, in, 2, 6, 1, 6, 6)
	if !strings.Contains(trace(r), "Cover roll 4D (regular dice, no Wild Die): dice 6, 1, 6, 6. Total 6 + 1 + 6 + 6 = 19.") ||
		mustValue(t, r, "difficulty") != 29 {
		t.Errorf("regular 4D cover does not explode or cancel:\n%s", trace(r))
	}
}

// TestRollTapeWithPoints resolves every sequence of dice of one roll with
// Character Points, regular or Wild, against its exact distribution.
func TestRollTapeWithPoints(t *testing.T) {
	for _, r := range []roll{
		{name: "test", code: dice.Code{Dice: 1}, wild: true, wildOne: WildCancel, cp: 1},
		{name: "test", code: dice.Code{Dice: 2, Pips: 1}, wild: true, wildOne: WildCancelKeepOne, cp: 2},
		{name: "test", code: dice.Code{Pips: 2}, wild: true, wildOne: WildNone, cp: 1},
		{name: "test", code: dice.Code{Dice: 2}, wild: false, wildOne: WildCancel, cp: 1},
		{name: "test", code: dice.Code{Dice: 3}, wild: false, wildOne: WildCancel},
	} {
		want := r.pmf(dice.TailEpsilon)
		got := map[int]float64{}
		dropped := 0.0
		var rec func(prefix []int, wt float64)
		rec = func(prefix []int, wt float64) {
			tape := dice.NewFixed(prefix)
			var steps []string
			res, err := r.tape(tape, &steps)
			if err == nil {
				if tape.Done() != nil {
					t.Fatalf("%+v: dice %v left over", r, prefix)
				}
				got[res.Total] += wt
				return
			}
			if wt < 1e-9 {
				dropped += wt
				return
			}
			for v := 1; v <= 6; v++ {
				rec(append(prefix[:len(prefix):len(prefix)], v), wt/6)
			}
		}
		rec(nil, 1)
		for v, p := range got {
			if p > want.P(v)+tol || want.P(v) > p+dropped+tol {
				t.Errorf("%+v: P(%d) resolved %v, exact %v", r, v, p, want.P(v))
			}
		}
		if dropped > 1e-5 {
			t.Errorf("%+v: cut %v", r, dropped)
		}
	}
}

func TestCharacterPointsValidate(t *testing.T) {
	tests := []struct {
		name  string
		edit  func(*Input)
		field string
		says  string
	}{
		{"above the schema", func(in *Input) { in.CPLimit, in.AttackCP = CPLimitUnlimited, 11 }, "attack_cp", "0 to 10"},
		{"negative", func(in *Input) { in.DamageCP = -1 }, "damage_cp", "0 to 10"},
		{"past the cinematic limit", func(in *Input) { in.DamageCP = 6 }, "damage_cp", "0 to 5: the Character Point limit per roll is 5"},
		{"past the easy limit", func(in *Input) { in.CPLimit, in.ResistanceCP = CPLimitEasy, 3 }, "resistance_cp", "0 to 2"},
		{"passive defense rolls nothing", func(in *Input) { in.DefenseCP = 1 }, "defense_cp", "passive defense"},
		{"unknown limit", func(in *Input) { in.CPLimit = "epic" }, "cp_limit", "easy, cinematic, unlimited"},
		{"unknown cover Wild Die", func(in *Input) { in.CoverWild = "yes" }, "cover_wild", "wild, regular"},
		{"easy limit reached", func(in *Input) { in.CPLimit, in.AttackCP, in.DamageCP = CPLimitEasy, 2, 2 }, "", ""},
		{"unlimited", func(in *Input) {
			in.CPLimit, in.Defense, in.DefenseCP, in.ResistanceCP = CPLimitUnlimited, DefenseFull, 10, 10
		}, "", ""},
	}
	for _, tc := range tests {
		in := DefaultInput()
		tc.edit(&in)
		err := in.Validate()
		if tc.field == "" {
			if err != nil {
				t.Errorf("%s: unexpected %v", tc.name, err)
			}
			continue
		}
		var fe *rules.FieldError
		if !errors.As(err, &fe) || fe.Field != tc.field || !strings.Contains(fe.Allowed, tc.says) {
			t.Errorf("%s: got %v, want a %s error allowing %q", tc.name, err, tc.field, tc.says)
		}
	}
}

// TestPointsMoveTheOdds: points on a side's roll never hurt that side.
func TestPointsMoveTheOdds(t *testing.T) {
	probe := func(in Input, out string) float64 {
		rep, err := Odds(in)
		if err != nil {
			t.Fatal(err)
		}
		if out == "hit" {
			p, _ := rep.P(out)
			return p
		}
		m, _ := rep.Mean(out)
		return m
	}
	base := DefaultInput()
	base.Defense, base.DefenseSkill, base.CPLimit = DefensePartial, dice.Code{Dice: 4}, CPLimitUnlimited
	for _, tc := range []struct {
		name   string
		out    string
		set    func(*Input, int)
		rising bool
	}{
		{"hit vs attack points", "hit", func(in *Input, n int) { in.AttackCP = n }, true},
		{"hit vs defense points", "hit", func(in *Input, n int) { in.DefenseCP = n }, false},
		{"wound level vs damage points", "wound_level", func(in *Input, n int) { in.DamageCP = n }, true},
		{"wound level vs resistance points", "wound_level", func(in *Input, n int) { in.ResistanceCP = n }, false},
	} {
		prev := math.NaN()
		for n := 0; n <= MaxCharacterPoints; n++ {
			in := base
			tc.set(&in, n)
			p := probe(in, tc.out)
			if !math.IsNaN(prev) && ((tc.rising && p <= prev) || (!tc.rising && p >= prev)) {
				t.Errorf("%s: %v at %d points after %v", tc.name, p, n, prev)
			}
			prev = p
		}
	}
}

// TestCPLimitChoices checks the cp_limit options the calculator's form
// reads against CPLimits, in order.
func TestCPLimitChoices(t *testing.T) {
	choices, limits := CPLimitChoices(), CPLimits()
	if len(choices) != len(limits) {
		t.Fatalf("%d choices for %d limits", len(choices), len(limits))
	}
	for i, l := range limits {
		if want := l.ID + "=" + strconv.Itoa(l.Max) + " per roll (" + l.ID + ")"; choices[i] != want {
			t.Errorf("choice %d: %q, want %q", i, choices[i], want)
		}
	}
}
