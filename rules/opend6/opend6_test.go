package opend6

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"d6codex/rules"
	"d6codex/rules/dice"
)

func resolve(t *testing.T, in Input, faces ...int) rules.Roll {
	t.Helper()
	r, err := Resolve(in, dice.NewFixed(faces))
	if err != nil {
		t.Fatalf("Resolve(%v): %v", faces, err)
	}
	return r
}

func mustValue(t *testing.T, r rules.Roll, name string) int {
	t.Helper()
	v, ok := valueOf(r, name)
	if !ok {
		t.Fatalf("no value %q in %v", name, r.Values)
	}
	return v
}

func trace(r rules.Roll) string { return strings.Join(r.Steps, "\n") }

// The public examples of shared/rules/opend6.md.
func TestPublicExamples(t *testing.T) {
	if c, err := dice.ParseCode("3D+2"); err != nil || c.TotalPips() != 11 {
		t.Errorf("3D+2 = %v pips, %v; want 11", c.TotalPips(), err)
	}
	if s := dice.FromPips(10).String(); s != "3D+1" {
		t.Errorf("10 pips print as %q", s)
	}

	t.Run("3D+1 with 4, 2 and Wild Die 6, 6, 3 is 22", func(t *testing.T) {
		in := DefaultInput()
		in.Skill = dice.Code{Dice: 3, Pips: 1}
		in.Modifier = 30 // difficulty 40: a miss, so the attack dice are all the dice
		r := resolve(t, in, 4, 2, 6, 6, 3)
		if got := mustValue(t, r, "attack_total"); got != 22 {
			t.Errorf("attack total %d, want 22\n%s", got, trace(r))
		}
		if !strings.Contains(trace(r), "4 + 2 + 15 + 1 (pips) = 22") || !strings.Contains(trace(r), "explodes") {
			t.Errorf("trace does not explain the explosion:\n%s", trace(r))
		}
		if r.Outcome != "miss" {
			t.Errorf("outcome %q against 40", r.Outcome)
		}
	})

	difficulty := func(f func(*Input)) dice.PMF {
		in := DefaultInput()
		f(&in)
		rep, err := Odds(in)
		if err != nil {
			t.Fatal(err)
		}
		d, _ := rep.Dist("difficulty")
		return d
	}
	for _, tc := range []struct {
		name string
		set  func(*Input)
		want int
	}{
		{"passive defense at Point Blank is 5", func(in *Input) { in.Range = RangePointBlank }, 5},
		{"Point Blank and a prone target is 3 (floor)", func(in *Input) { in.Range, in.Modifier = RangePointBlank, -6 }, 3},
		{"passive at Short is 10", func(in *Input) {}, 10},
		{"Long with heavy cover is 26", func(in *Input) { in.Range, in.Cover = RangeLong, CoverHeavy }, 26},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := difficulty(tc.set)
			if d.P(tc.want) != 1 {
				t.Errorf("difficulty %v, want %d for certain", d.Pairs(), tc.want)
			}
		})
	}

	t.Run("full defense with a dodge roll of 13 is 23", func(t *testing.T) {
		in := DefaultInput()
		in.Defense, in.DefenseSkill = DefenseFull, dice.Code{Dice: 3}
		in.Skill = dice.Code{Dice: 1}
		r := resolve(t, in, 2, 4, 4, 5) // attack 2; dodge 4 + 4 + 5
		if got := mustValue(t, r, "difficulty"); got != 23 {
			t.Errorf("difficulty %d, want 23\n%s", got, trace(r))
		}
	})

	for _, tc := range []struct{ total, diff, want int }{{21, 10, 3}, {11, 10, 1}, {10, 10, 0}, {15, 10, 1}, {16, 10, 2}} {
		if got := DamageBonus(tc.total, tc.diff); got != tc.want {
			t.Errorf("damage bonus %d vs %d = %d, want %d", tc.total, tc.diff, got, tc.want)
		}
	}

	// The seed's combat example: two actions (−1D), a rifle shot of 21 at
	// Short range against the passive 10, damage 18, the merc's Physique
	// roll with a Wild Die 1 leaves 2: 16 over, Dead. Under Body Points the
	// merc takes the full 18.
	seed := DefaultInput()
	seed.Skill, seed.Actions = dice.Code{Dice: 4}, 2
	seed.Damage, seed.Resistance = dice.Code{Dice: 5}, dice.Code{Dice: 3}
	faces := []int{5, 5, 6, 5, 4, 4, 3, 3, 4, 2, 5, 1}
	t.Run("damage 18 against resistance 2 is Dead", func(t *testing.T) {
		r := resolve(t, seed, faces...)
		for name, want := range map[string]int{"attack_total": 21, "difficulty": 10, "damage": 18, "resistance": 2, "wound_level": LevelDead, "target_after": LevelDead} {
			if got := mustValue(t, r, name); got != want {
				t.Errorf("%s = %d, want %d", name, got, want)
			}
		}
		for _, words := range []string{"multi-action penalty is −1D", "critical failure", "highest other die (5) are removed", "18 − resistance 2 = 16: Dead"} {
			if !strings.Contains(trace(r), words) {
				t.Errorf("trace lacks %q:\n%s", words, trace(r))
			}
		}
		if r.Outcome != "hit" || len(r.Dice) != len(faces) {
			t.Errorf("outcome %q with %d dice", r.Outcome, len(r.Dice))
		}
	})
	t.Run("body points: the full 18", func(t *testing.T) {
		in := seed
		in.System, in.Resistance = SystemBodyPoints, dice.Code{}
		r := resolve(t, in, faces[:9]...)
		if got := mustValue(t, r, "body_points_lost"); got != 18 {
			t.Errorf("lost %d, want 18\n%s", got, trace(r))
		}
		if got := mustValue(t, r, "target_after"); got != 12 {
			t.Errorf("left %d, want 30 − 18 = 12", got)
		}
		if got := mustValue(t, r, "level_after"); got != LevelWounded { // 12/30 = 40%
			t.Errorf("level after %s, want Wounded at 40%%", LevelLabel(got))
		}
	})
	t.Run("damage bonus in a resolved roll", func(t *testing.T) {
		in := seed
		in.DamageBonus = true
		r := resolve(t, in, faces...)
		if got := mustValue(t, r, "damage"); got != 18+3 {
			t.Errorf("damage %d, want 18 + 3\n%s", got, trace(r))
		}
	})
}

func TestWoundBands(t *testing.T) {
	// The Wounds table of the rules note, one hit.
	for _, tc := range []struct{ from, to, level int }{
		{-20, 0, LevelNone}, {1, 3, LevelStunned}, {4, 8, LevelWounded}, {9, 12, LevelIncapacitated},
		{13, 15, LevelMortallyWounded}, {16, 60, LevelDead},
	} {
		for d := tc.from; d <= tc.to; d++ {
			if got := woundFromMargin(d); got != tc.level {
				t.Errorf("d = %d: %s, want %s", d, LevelLabel(got), LevelLabel(tc.level))
			}
		}
	}
}

func TestStackingTable(t *testing.T) {
	const (
		N, S, W, SW, I, M, D = LevelNone, LevelStunned, LevelWounded, LevelSeverelyWounded, LevelIncapacitated, LevelMortallyWounded, LevelDead
	)
	for _, tc := range []struct {
		current, result int
		equal           bool
		want            int
	}{
		{N, N, true, N}, {N, S, true, S}, {N, W, true, W}, {N, D, false, D},
		{S, N, true, S}, {S, W, true, W}, {S, I, true, I}, // a worse result replaces
		{W, W, true, SW}, {W, W, false, SW}, // Wounded again: Severely Wounded, whatever the setting
		{W, S, true, SW}, {W, S, false, SW}, // lower: up one level
		{SW, W, true, I}, {SW, S, false, I},
		{I, W, false, M}, {M, S, true, D}, {M, M, true, D},
		{S, S, true, W}, {S, S, false, S}, // equal: up one only with stack_equal
		{I, I, true, M}, {I, I, false, I}, {M, M, false, M},
		{SW, N, true, SW}, // a miss or no injury changes nothing
	} {
		if got := Stack(tc.current, tc.result, tc.equal); got != tc.want {
			t.Errorf("%s then %s (stack_equal %v): %s, want %s", LevelLabel(tc.current), LevelLabel(tc.result), tc.equal,
				LevelLabel(got), LevelLabel(tc.want))
		}
	}
}

func TestStunAndBodyPointsChart(t *testing.T) {
	for level, want := range []int{LevelNone, LevelStunned, LevelStunned, LevelStunned, LevelWounded, LevelSeverelyWounded, LevelIncapacitated} {
		if got := StunLevel(level); got != want {
			t.Errorf("stun %s: %s, want %s", LevelLabel(level), LevelLabel(got), LevelLabel(want))
		}
	}
	for _, tc := range []struct{ left, max, want int }{
		{30, 30, LevelNone}, {25, 30, LevelNone}, {24, 30, LevelStunned}, {18, 30, LevelStunned}, {17, 30, LevelWounded},
		{12, 30, LevelWounded}, {11, 30, LevelSeverelyWounded}, {6, 30, LevelSeverelyWounded}, {5, 30, LevelIncapacitated},
		{3, 30, LevelIncapacitated}, {2, 30, LevelMortallyWounded}, {1, 200, LevelMortallyWounded}, {0, 30, LevelDead},
		{81, 100, LevelNone}, {80, 100, LevelStunned}, {60, 100, LevelStunned}, {59, 100, LevelWounded}, {40, 100, LevelWounded},
		{39, 100, LevelSeverelyWounded}, {20, 100, LevelSeverelyWounded}, {19, 100, LevelIncapacitated}, {10, 100, LevelIncapacitated},
		{9, 100, LevelMortallyWounded},
	} {
		if got := BodyPointsLevel(tc.left, tc.max); got != tc.want {
			t.Errorf("%d of %d left: %s, want %s", tc.left, tc.max, LevelLabel(got), LevelLabel(tc.want))
		}
	}
}

func TestStrengthDamage(t *testing.T) {
	for _, tc := range []struct{ physique, want string }{
		{"3D", "2D"}, {"6D+2", "3D"}, {"0D", "0D"}, {"1D", "1D"}, {"2D+2", "1D"}, {"4D", "2D"}, {"5D+1", "3D"},
	} {
		if got := StrengthDamage(dice.MustCode(tc.physique)).String(); got != tc.want {
			t.Errorf("Strength Damage of %s = %s, want %s", tc.physique, got, tc.want)
		}
	}
}

func TestValidate(t *testing.T) {
	if err := DefaultInput().Validate(); err != nil {
		t.Fatalf("default input: %v", err)
	}
	for _, tc := range []struct {
		name    string
		set     func(*Input)
		field   string
		allowed string
	}{
		{"skill 0 dice", func(in *Input) { in.Skill = dice.Code{} }, "skill", "1D to 12D+2"},
		{"skill 0D+2", func(in *Input) { in.Skill = dice.Code{Pips: 2} }, "skill", "1D to 12D+2"},
		{"skill 13D", func(in *Input) { in.Skill = dice.Code{Dice: 13} }, "skill", "1D to 12D+2"},
		{"skill 3D+5", func(in *Input) { in.Skill = dice.Code{Dice: 3, Pips: 5} }, "skill", "1D to 12D+2"},
		{"negative dice", func(in *Input) { in.Skill = dice.Code{Dice: -1} }, "skill", "1D to 12D+2"},
		{"negative pips", func(in *Input) { in.Damage = dice.Code{Dice: 3, Pips: -1} }, "damage", "1D to 15D+2"},
		{"huge dice", func(in *Input) { in.Resistance = dice.Code{Dice: math.MaxInt / 3} }, "resistance", "0D to 12D+2"},
		{"actions 0", func(in *Input) { in.Actions = 0 }, "actions", "1 to 5"},
		{"actions 6", func(in *Input) { in.Actions = 6 }, "actions", "1 to 5"},
		{"actions leave 0D", func(in *Input) { in.Skill, in.Actions = dice.Code{Dice: 2, Pips: 2}, 3 }, "actions", "1 to 2"},
		{"defense", func(in *Input) { in.Defense = "dodge" }, "defense", "passive, partial, full"},
		{"defense skill 0D", func(in *Input) { in.DefenseSkill = dice.Code{} }, "defense_skill", "1D to 12D+2"},
		{"range", func(in *Input) { in.Range = "far" }, "range", "point_blank, short, medium, long"},
		{"cover", func(in *Input) { in.Cover = "total" }, "cover", "none, light, heavy, very_heavy"},
		{"modifier", func(in *Input) { in.Modifier = -31 }, "modifier", "-30 to 30"},
		{"damage 0D", func(in *Input) { in.Damage = dice.Code{Pips: 2} }, "damage", "1D to 15D+2"},
		{"damage 16D", func(in *Input) { in.Damage = dice.Code{Dice: 16} }, "damage", "1D to 15D+2"},
		{"strength 7D", func(in *Input) { in.Strength = dice.Code{Dice: 7} }, "strength", "0D to 6D+2"},
		{"resistance 13D", func(in *Input) { in.Resistance = dice.Code{Dice: 13} }, "resistance", "0D to 12D+2"},
		{"wild one", func(in *Input) { in.WildOne = "reroll" }, "wild_one", "cancel, cancel_keep_one, complication, none"},
		{"system", func(in *Input) { in.System = "hit_points" }, "system", "wounds, body_points"},
		{"target already dead", func(in *Input) { in.TargetWound = "dead" }, "target_wound", "mortally_wounded"},
		{"body points 0", func(in *Input) { in.BodyPoints = 0 }, "body_points", "1 to 30"},
		{"body points above max", func(in *Input) { in.BodyPoints, in.BodyPointsMax = 31, 30 }, "body_points", "1 to 30"},
		{"body points max", func(in *Input) { in.BodyPointsMax = 501 }, "body_points_max", "1 to 500"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := DefaultInput()
			tc.set(&in)
			var fe *rules.FieldError
			for _, err := range []error{in.Validate(), second(Odds(in)), second(Resolve(in, dice.NewSeeded(1)))} {
				if !errors.As(err, &fe) || fe.Field != tc.field || !strings.Contains(fe.Allowed, tc.allowed) {
					t.Fatalf("error %v, want field %s allowing %q", err, tc.field, tc.allowed)
				}
			}
		})
	}
}

func second[T any](_ T, err error) error { return err }

func TestResolveDiceErrors(t *testing.T) {
	in := DefaultInput()
	for _, tc := range []struct {
		faces []int
		want  string
	}{
		{[]int{3, 3, 3}, "needs at least"},          // the Wild Die is missing
		{[]int{3, 3, 3, 6}, "Wild Die re-roll"},     // a 6 needs its re-roll
		{[]int{3, 3, 3, 7}, "must be 1..6"},         // not a face
		{[]int{1, 1, 1, 2, 4, 9}, "uses only 4"},    // a miss rolls no damage
		{[]int{6, 6, 6, 5, 1, 1, 1, 2}, "needs at"}, // a hit needs resistance dice
	} {
		_, err := Resolve(in, dice.NewFixed(tc.faces))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("dice %v: error %v, want one saying %q", tc.faces, err, tc.want)
		}
	}
	if _, err := Resolve(in, nil); err == nil {
		t.Error("a nil tape must be an error")
	}
}

func TestSeededRollReplays(t *testing.T) {
	for name, in := range smallInputs() {
		for seed := range uint64(40) {
			tape := dice.NewSeeded(seed)
			r, err := Resolve(in, tape)
			if err != nil {
				t.Fatalf("%s seed %d: %v", name, seed, err)
			}
			again := resolve(t, in, tape.Values()...)
			if !slices.Equal(r.Steps, again.Steps) || r.Outcome != again.Outcome || !slices.Equal(r.Values, again.Values) {
				t.Errorf("%s seed %d does not replay:\n%s\n---\n%s", name, seed, trace(r), trace(again))
			}
		}
	}
}

// largest is the largest input allowed: 12D+2 skill against a 12D+2 full
// defense with rolled very heavy cover, 15D+2 damage plus 3D Strength
// Damage with the damage bonus, against 12D+2.
func largest(system string) Input {
	in := DefaultInput()
	in.Skill, in.Defense, in.DefenseSkill = dice.Code{Dice: 12, Pips: 2}, DefenseFull, dice.Code{Dice: 12, Pips: 2}
	in.Range, in.Cover, in.CoverDice, in.Modifier = RangeLong, CoverVeryHeavy, true, -30
	in.Damage, in.Strength, in.DamageBonus = dice.FromPips(MaxDamagePips), dice.FromPips(MaxStrengthPips), true
	in.Resistance, in.System, in.TargetWound = dice.FromPips(MaxResistancePips), system, "wounded"
	in.BodyPoints, in.BodyPointsMax = 400, MaxBodyPoints
	return in
}

func TestProbabilitiesSumToOne(t *testing.T) {
	inputs := []Input{largest(SystemWounds), largest(SystemBodyPoints)}
	for _, in := range smallInputs() {
		inputs = append(inputs, in)
	}
	for _, in := range inputs {
		rep, err := Odds(in)
		if err != nil {
			t.Fatal(err)
		}
		hit, _ := rep.P("hit")
		miss, _ := rep.P("miss")
		if math.Abs(hit+miss-1) > tol || hit <= 0 {
			t.Errorf("%+v: hit %v + miss %v", in, hit, miss)
		}
		for _, d := range rep.Distributions {
			if math.Abs(d.PMF.Total()-1) > tol {
				t.Errorf("%+v: %s has mass %v", in, d.Name, d.PMF.Total())
			}
		}
		for _, flag := range []string{"critical_failure", "complication"} {
			if p, ok := rep.P(flag); !ok || p > hit+miss {
				t.Errorf("flag %s: %v, %v", flag, p, ok)
			}
		}
	}
}

// TestHitNeverFallsAsSkillRises checks that one more pip, or one more die,
// never lowers the hit chance. (Three pips are not always worth a die: a
// die can roll 1, so at difficulty 5 3D+2 never misses while 4D can. The
// test pins that down too, as it is a property of the rules.)
func TestHitNeverFallsAsSkillRises(t *testing.T) {
	for _, w := range wildSettings {
		for _, def := range []string{DefensePassive, DefensePartial, DefenseFull} {
			for _, rng := range []string{RangePointBlank, RangeShort, RangeLong} {
				in := DefaultInput()
				in.WildOne, in.Defense, in.Range = w, def, rng
				hit := map[dice.Code]float64{}
				for pips := 3; pips <= MaxSkillPips; pips++ {
					c := dice.FromPips(pips)
					in.Skill = c
					rep, err := Odds(in)
					if err != nil {
						t.Fatal(err)
					}
					hit[c], _ = rep.P("hit")
					if c.Pips > 0 && hit[c] < hit[dice.Code{Dice: c.Dice, Pips: c.Pips - 1}]-tol {
						t.Errorf("%s, %s, %s: hit %v at %v is below the chance one pip lower", w, def, rng, hit[c], c)
					}
					if c.Dice > 1 && hit[c] < hit[dice.Code{Dice: c.Dice - 1, Pips: c.Pips}]-tol {
						t.Errorf("%s, %s, %s: hit %v at %v is below the chance one die lower", w, def, rng, hit[c], c)
					}
				}
			}
		}
	}
	in := DefaultInput()
	in.Range, in.WildOne = RangePointBlank, WildNone
	in.Skill = dice.Code{Dice: 3, Pips: 2}
	low, _ := Odds(in)
	in.Skill = dice.Code{Dice: 4}
	high, _ := Odds(in)
	p, _ := low.P("hit")
	q, _ := high.P("hit")
	if math.Abs(p-1) > tol || math.Abs(q-(1-1.0/1296)) > tol { // 4D misses 5 only on 1, 1, 1, 1
		t.Errorf("difficulty 5: 3D+2 hits %v, 4D %v", p, q)
	}
}

func TestMultiActionPenalty(t *testing.T) {
	in := DefaultInput()
	in.Skill, in.Actions = dice.Code{Dice: 5, Pips: 1}, 3
	got, _ := Odds(in)
	in.Skill, in.Actions = dice.Code{Dice: 3, Pips: 1}, 1
	want, _ := Odds(in)
	a, _ := got.Dist("attack_total")
	b, _ := want.Dist("attack_total")
	if !dice.Equal(a, b, 0) {
		t.Error("5D+1 with three actions must roll as 3D+1")
	}
}

func TestOutcomesAndLabels(t *testing.T) {
	for _, w := range wildSettings {
		in := DefaultInput()
		in.WildOne = w
		rep, _ := Odds(in)
		crit, _ := rep.P("critical_failure")
		comp, _ := rep.P("complication")
		wantCrit := map[string]float64{WildNone: 0}[w]
		if w != WildNone {
			wantCrit = 1.0 / 6
		}
		if crit != wantCrit || comp != map[bool]float64{true: 1.0 / 6}[w == WildComplication] {
			t.Errorf("%s: critical_failure %v, complication %v", w, crit, comp)
		}
	}
	rep, _ := Odds(DefaultInput())
	for _, name := range []string{"wound_level", "target_after"} {
		for _, d := range rep.Distributions {
			if d.Name == name && (d.Label == nil || d.Label(LevelDead) != "Dead" || d.Label(LevelSeverelyWounded) != "Severely Wounded") {
				t.Errorf("%s has no level labels", name)
			}
		}
	}
	for v := LevelNone; v <= LevelDead; v++ {
		if levelIndex(LevelID(v)) != v {
			t.Errorf("level %d id %q does not round-trip", v, LevelID(v))
		}
	}
}

func TestTables(t *testing.T) {
	ids := map[string]bool{}
	for _, tb := range Tables() {
		if tb.ID == "" || tb.Title == "" || tb.Source == "" || len(tb.Rows) == 0 || ids[tb.ID] {
			t.Errorf("table %q: missing id, title, source or rows, or a duplicate id", tb.ID)
		}
		ids[tb.ID] = true
		for _, row := range tb.Rows {
			if len(row) != len(tb.Columns) {
				t.Errorf("table %s: row %v has %d cells for %d columns", tb.ID, row, len(row), len(tb.Columns))
			}
		}
	}
	// Values from the rules note.
	armor := map[string]string{}
	for _, a := range Armors() {
		armor[a.Name] = a.Code.String()
	}
	for name, code := range map[string]string{"Hides, soft leather, quilted silk": "0D+2", "Hard leather": "1D+1", "Ring mail": "1D+2", "Plate mail": "3D"} {
		if armor[name] != code {
			t.Errorf("armor %s: %q, want %s", name, armor[name], code)
		}
	}
	for _, c := range Covers() {
		if c.Fixed != 3*c.Dice.Dice {
			t.Errorf("cover %s: fixed %d is not 3 per die of %v", c.ID, c.Fixed, c.Dice)
		}
	}
	for i, w := range WoundLevels() {
		if w.Level != i || w.ID != LevelID(i) || w.Name != LevelLabel(i) {
			t.Errorf("wound level row %d: %+v", i, w)
		}
	}
	// The id lists the module reads are the charts' ids, in order.
	ranges, covers := Ranges(), Covers()
	if ids := RangeIDs(); len(ids) != len(ranges) {
		t.Errorf("RangeIDs %q for %d ranges", ids, len(ranges))
	} else {
		for i, r := range ranges {
			if ids[i] != r.ID {
				t.Errorf("RangeIDs()[%d] = %q, the chart has %q", i, ids[i], r.ID)
			}
		}
	}
	if ids := CoverIDs(); len(ids) != len(covers) {
		t.Errorf("CoverIDs %q for %d covers", ids, len(covers))
	} else {
		for i, c := range covers {
			if ids[i] != c.ID {
				t.Errorf("CoverIDs()[%d] = %q, the chart has %q", i, ids[i], c.ID)
			}
		}
	}
	fresh := RangeIDs()
	fresh[0] = "x"
	if RangeIDs()[0] != RangePointBlank {
		t.Error("RangeIDs shares its backing array")
	}
	// Fresh slices: changing one does not change the next.
	r := Ranges()
	r[0].Modifier = 99
	if Ranges()[0].Modifier != -5 {
		t.Error("Ranges shares its backing array")
	}
}
