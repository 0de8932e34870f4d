package rollunder

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"d6codex/rules"
	"d6codex/rules/dice"
)

// ranged returns a ranged attack whose target is physical + skill.
func ranged(physical, skill, modifier int) Input {
	in := DefaultInput()
	in.Ranged, in.Physical, in.Skill, in.Modifier, in.OpponentSkill = true, physical, skill, modifier, 12
	return in
}

func TestPublicHitExamples(t *testing.T) {
	tests := []struct {
		name string
		in   Input
		want float64
	}{
		{"T=7", ranged(4, 3, 0), 15.0 / 36},
		{"T=10", ranged(6, 4, 0), 30.0 / 36},
		{"T=2", ranged(1, 0, 1), 1.0 / 36},
		{"T=1", ranged(1, 0, 0), 1.0 / 36},
		{"T=-31 (melee)", Input{Physical: 1, OpponentSkill: 12, Modifier: -20, Weapon: "sword", Armor: "none", Shield: "none"}, 1.0 / 36},
		{"T=13", ranged(7, 6, 0), 35.0 / 36},
		{"T=44", ranged(12, 12, 20), 35.0 / 36},
		{"T=7 melee", Input{Physical: 4, Skill: 5, OpponentSkill: 3, Modifier: 1, Weapon: "sword", Armor: "none", Shield: "none"}, 15.0 / 36},
	}
	for _, tc := range tests {
		rep, err := Odds(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := rep.P("hit"); math.Abs(got-tc.want) > tol {
			t.Errorf("%s: P(hit) = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestPublicDamageExamples(t *testing.T) {
	// Rifle (d6 = 5 -> 5) against a flak vest (d6 = 4 -> 2): lose 3 STAMINA.
	in := ranged(4, 3, 0)
	in.Weapon, in.Armor = "rifle", "flak_vest"
	r, err := Resolve(in, dice.NewFixed([]int{2, 3, 5, 4}))
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]int{"damage": 5, "protection": 2, "stamina_loss": 3} {
		if got, ok := valueOf(r, name); !ok || got != want {
			t.Errorf("rifle 5 vs flak vest 4: %s = %d (%v), want %d", name, got, ok, want)
		}
	}
	if r.Outcome != "hit" {
		t.Errorf("outcome %q, want hit", r.Outcome)
	}

	// Pistol against no armor: net damage 2: 6/36, 3: 12/36, 4: 18/36, mean 10/3.
	in.Weapon, in.Armor = "pistol_smg", "none"
	rep, err := Odds(in)
	if err != nil {
		t.Fatal(err)
	}
	checkPistolNoArmor(t, rep)
}

// TestProtectionTracks is the armor / Dodge / shield combination as a table:
// the expected protection is read off the note's tracks by hand.
func TestProtectionTracks(t *testing.T) {
	tests := []struct {
		armor, shield string
		dodge, pm     int
		face, want    int
		die           string
		setting       string // dodge_shield; "" is the default, stack
	}{
		{"flak_vest", "none", 0, 0, 4, 2, "armor die", ""},
		{"flak_vest", "small_shield", 0, 0, 5, 3, "armor die", ""}, // 2 + 1, one die
		{"flak_vest", "none", 0, 2, 6, 4, "armor die", ""},         // 6 + 2 reads 7+
		{"cataphract_armor", "none", 0, -3, 2, 2, "armor die", ""}, // -1 reads the 1 column
		{"none", "none", 3, 0, 6, 2, "dodge die", ""},              // Dodge 3 track
		{"jacket", "none", 6, 0, 6, 1, "armor die", ""},            // armor worn: Dodge ignored
		{"none", "large_shield", 0, 0, 4, 1, "shield die", ""},     // shield alone
		{"none", "large_shield", 5, 0, 6, 3 + 1, "dodge die", ""},  // Dodge 5 + shield
		{"t_shirt", "none", 0, 1, 6, 1, "armor die", ""},           // 7+ column of a T-shirt
		{"recon_armor", "small_shield", 0, 6, 1, 4 + 2, "armor die", ""},
		{"none", "large_shield", 5, 0, 6, 3 + 1, "dodge die", DodgeShieldStack},
		{"none", "large_shield", 5, 0, 6, 3, "dodge die", DodgeShieldEither},      // dodging: the shield adds nothing
		{"none", "small_shield", 0, 0, 6, 1, "shield die", DodgeShieldEither},     // no Dodge: the shield alone
		{"flak_vest", "small_shield", 4, 0, 5, 3, "armor die", DodgeShieldEither}, // armor worn: the shield still adds
	}
	for _, tc := range tests {
		in := DefaultInput()
		in.Ranged, in.Weapon, in.Armor, in.Shield, in.Dodge, in.ProtectionModifier = true, "machine_gun", tc.armor, tc.shield, tc.dodge, tc.pm
		in.DodgeShield = tc.setting
		r, err := Resolve(in, dice.NewFixed([]int{1, 2, 6, tc.face})) // weapon 6: 7 damage
		if err != nil {
			t.Fatalf("%+v: %v", tc, err)
		}
		if got, _ := valueOf(r, "protection"); got != tc.want {
			t.Errorf("%+v: protection %d, want %d", tc, got, tc.want)
		}
		if loss, _ := valueOf(r, "stamina_loss"); loss != max(0, 7-tc.want) {
			t.Errorf("%+v: loss %d, want %d", tc, loss, max(0, 7-tc.want))
		}
		if got := r.Dice[3].What; got != tc.die {
			t.Errorf("%+v: protection die named %q, want %q", tc, got, tc.die)
		}
	}
	// Nothing to protect with: no protection die at all.
	in := DefaultInput()
	r, err := Resolve(in, dice.NewFixed([]int{1, 2, 6}))
	if err != nil || len(r.Dice) != 3 {
		t.Fatalf("unprotected target: %v, dice %v", err, r.Dice)
	}
	if _, ok := valueOf(r, "protection"); ok {
		t.Error("unprotected target: no protection value expected")
	}
}

// TestCriticalTable resolves each critical entry with fixed dice; the
// expected losses are worked by hand from the note (sword track 2 3 3 3 3
// 4 | 5, flak vest 0 1 1 2 2 3 | 4).
func TestCriticalTable(t *testing.T) {
	tests := []struct {
		dice       []int // attack 6 6, weapon, armor, critical c1 c2 (, weapon2, armor2)
		loss, dmg  int
		flag       string
		numberless bool
	}{
		{[]int{6, 6, 6, 2, 1, 1}, 0, 0, "critical_zero_stamina", true},
		{[]int{6, 6, 6, 2, 1, 2}, 8 - 1, 8, "", false},           // 3: double: 2 x 4 - 1
		{[]int{6, 6, 1, 2, 2, 2}, 4 - 1, 4, "", false},           // 4: maximum: track at 6 = 4
		{[]int{6, 6, 1, 1, 2, 3}, 2, 2, "", false},               // 5: normal: 2 - 0
		{[]int{6, 6, 2, 6, 3, 3}, 6 - 3, 6, "", false},           // 6: double 3
		{[]int{6, 6, 5, 4, 3, 4}, 5 - 2, 5, "", false},           // 7: weapon 5 + 2 reads 7+ = 5
		{[]int{6, 6, 1, 4, 4, 4}, 3 - 2, 3, "", false},           // 8: weapon 1 + 2 = 3
		{[]int{6, 6, 6, 6, 4, 5}, 4 - 3, 4, "", false},           // 9: normal
		{[]int{6, 6, 3, 1, 5, 5}, 6, 6, "", false},               // 10: double 3 - 0
		{[]int{6, 6, 6, 1, 5, 6, 4, 6}, 8 + 1, 8 + 4, "", false}, // 11: 2 x 4 - 0, then die 4 + 2 reads 4, armor 6 reads 3
		{[]int{6, 6, 4, 4, 6, 6}, 0, 0, "critical_decapitated", true},
	}
	for _, tc := range tests {
		in := DefaultInput()
		in.Armor = "flak_vest"
		r, err := Resolve(in, dice.NewFixed(tc.dice))
		if err != nil {
			t.Fatalf("%v: %v", tc.dice, err)
		}
		if r.Outcome != "critical" {
			t.Errorf("%v: outcome %q", tc.dice, r.Outcome)
		}
		if e, _ := valueOf(r, "critical_effect"); e != tc.dice[4]+tc.dice[5] {
			t.Errorf("%v: critical_effect %d", tc.dice, e)
		}
		if tc.flag != "" {
			if v, ok := valueOf(r, tc.flag); !ok || v != 1 {
				t.Errorf("%v: flag %s missing", tc.dice, tc.flag)
			}
		}
		l, okL := valueOf(r, "stamina_loss")
		d, _ := valueOf(r, "damage")
		if okL == tc.numberless {
			t.Errorf("%v: stamina_loss present = %v", tc.dice, okL)
		}
		if !tc.numberless && (l != tc.loss || d != tc.dmg) {
			t.Errorf("%v: damage %d loss %d, want %d and %d\n%s", tc.dice, d, l, tc.dmg, tc.loss, strings.Join(r.Steps, "\n"))
		}
	}
}

func TestDiceOrderAndNames(t *testing.T) {
	in := DefaultInput()
	in.Armor = "jacket"
	r, err := Resolve(in, dice.NewFixed([]int{6, 6, 3, 4, 5, 6, 2, 1}))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range r.Dice {
		got = append(got, d.What)
	}
	want := []string{"attack die 1", "attack die 2", "weapon die", "armor die", "critical die 1", "critical die 2",
		"second hit weapon die", "second hit armor die"}
	if !slices.Equal(got, want) {
		t.Errorf("dice %q, want %q", got, want)
	}
	f, err := Resolve(in, dice.NewFixed([]int{1, 1, 3, 4}))
	if err != nil || f.Outcome != "fumble" {
		t.Fatalf("fumble: %v %v", f.Outcome, err)
	}
	if e, _ := valueOf(f, "fumble_effect"); e != 7 || !strings.Contains(f.Result, "-2 next round") {
		t.Errorf("fumble 3 + 4: effect %d, result %q", e, f.Result)
	}
	if _, err := Resolve(in, dice.NewFixed([]int{5, 5, 1})); err == nil {
		t.Error("a miss with an extra die must be reported")
	}
	if _, err := Resolve(in, dice.NewFixed([]int{1, 2, 3})); err == nil || !strings.Contains(err.Error(), "armor die") {
		t.Errorf("a hit without its armor die: %v", err)
	}
}

func TestSeededReplay(t *testing.T) {
	in := DefaultInput()
	in.Armor, in.Skill = "flak_jacket", 8
	for seed := uint64(0); seed < 200; seed++ {
		tp := dice.NewSeeded(seed)
		a, err := Resolve(in, tp)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Resolve(in, dice.NewFixed(tp.Values()))
		if err != nil {
			t.Fatal(err)
		}
		if a.Outcome != b.Outcome || a.Result != b.Result || !slices.Equal(a.Steps, b.Steps) || !slices.Equal(a.Values, b.Values) {
			t.Fatalf("seed %d does not replay: %+v vs %+v", seed, a, b)
		}
	}
}

func TestProbabilitiesSumToOne(t *testing.T) {
	for name, in := range bruteInputs() {
		rep, err := Odds(in)
		if err != nil {
			t.Fatal(err)
		}
		hit, _ := rep.P("hit")
		miss, _ := rep.P("miss")
		zero, _ := rep.P("critical_zero_stamina")
		decap, _ := rep.P("critical_decapitated")
		if math.Abs(hit+miss-1) > tol {
			t.Errorf("%s: hit + miss = %v", name, hit+miss)
		}
		for _, d := range rep.Distributions {
			want := 1.0
			if d.Name == "damage" || d.Name == "stamina_loss" {
				want = 1 - zero - decap
			}
			if got := d.PMF.Total(); math.Abs(got-want) > tol {
				t.Errorf("%s: %s sums to %v, want %v", name, d.Name, got, want)
			}
		}
		if c, _ := rep.P("critical"); math.Abs(c-1.0/36) > tol {
			t.Errorf("%s: P(critical) = %v, want 1/36", name, c)
		}
		if f, _ := rep.P("fumble"); math.Abs(f-1.0/36) > tol {
			t.Errorf("%s: P(fumble) = %v, want 1/36", name, f)
		}
	}
}

func TestHitChanceMonotone(t *testing.T) {
	hitP := func(in Input) float64 {
		rep, err := Odds(in)
		if err != nil {
			t.Fatal(err)
		}
		p, _ := rep.P("hit")
		return p
	}
	for _, isRanged := range []bool{false, true} {
		for opp := 0; opp <= MaxSkill; opp += 4 {
			for mod := -MaxModifier; mod <= MaxModifier; mod += 5 {
				in := DefaultInput()
				in.Ranged, in.OpponentSkill, in.Modifier = isRanged, opp, mod
				prev := -1.0
				for skill := 0; skill <= MaxSkill; skill++ {
					in.Skill = skill
					p := hitP(in)
					if p < prev-tol {
						t.Errorf("ranged %v opp %d mod %d: P(hit) falls from %v to %v at skill %d", isRanged, opp, mod, prev, p, skill)
					}
					prev = p
				}
			}
		}
	}
	// Opponent's skill never helps the attacker in melee, and is ignored at range.
	in := DefaultInput()
	in.Skill = 8
	prev := 2.0
	for opp := 0; opp <= MaxSkill; opp++ {
		in.OpponentSkill = opp
		p := hitP(in)
		if p > prev+tol {
			t.Errorf("P(hit) rises with opponent_skill %d", opp)
		}
		prev = p
		r := in
		r.Ranged = true
		if got, want := hitP(r), hitP(Input{Physical: in.Physical, Skill: 8, Ranged: true, Weapon: "sword", Armor: "none", Shield: "none"}); got != want {
			t.Errorf("ranged P(hit) depends on opponent_skill %d", opp)
		}
	}
}

func TestValidate(t *testing.T) {
	d := DefaultInput()
	with := func(f func(*Input)) Input { in := d; f(&in); return in }
	tests := []struct {
		in    Input
		field string
	}{
		{d, ""},
		{with(func(in *Input) { in.Physical = 0 }), "physical"},
		{with(func(in *Input) { in.Physical = 13 }), "physical"},
		{with(func(in *Input) { in.Skill = -1 }), "skill"},
		{with(func(in *Input) { in.OpponentSkill = 13 }), "opponent_skill"},
		{with(func(in *Input) { in.Modifier = 21 }), "modifier"},
		{with(func(in *Input) { in.Modifier = -21 }), "modifier"},
		{with(func(in *Input) { in.Weapon = "lightsaber" }), "weapon"},
		{with(func(in *Input) { in.Weapon = "" }), "weapon"},
		{with(func(in *Input) { in.Armor = "Flak vest" }), "armor"},
		{with(func(in *Input) { in.Shield = "tower_shield" }), "shield"},
		{with(func(in *Input) { in.Dodge = 7 }), "dodge"},
		{with(func(in *Input) { in.Dodge = -1 }), "dodge"},
		{with(func(in *Input) { in.DamageModifier = 7 }), "damage_modifier"},
		{with(func(in *Input) { in.ProtectionModifier = -7 }), "protection_modifier"},
		{with(func(in *Input) { in.DodgeShield = "both" }), "dodge_shield"},
		{with(func(in *Input) { in.DodgeShield = "" }), ""}, // the default
		{with(func(in *Input) { in.DodgeShield = DodgeShieldEither }), ""},
	}
	for _, tc := range tests {
		err := tc.in.Validate()
		_, oddsErr := Odds(tc.in)
		_, resErr := Resolve(tc.in, dice.NewSeeded(1))
		if tc.field == "" {
			if err != nil || oddsErr != nil || resErr != nil {
				t.Errorf("%+v: %v / %v / %v", tc.in, err, oddsErr, resErr)
			}
			continue
		}
		var fe *rules.FieldError
		if !errors.As(err, &fe) || fe.Field != tc.field || fe.Allowed == "" {
			t.Errorf("%+v: error %v, want a FieldError on %s", tc.in, err, tc.field)
		}
		if oddsErr == nil || resErr == nil {
			t.Errorf("%+v: Odds and Resolve must validate too", tc.in)
		}
	}
	if err := (LuckInput{Luck: 0}).Validate(); err == nil || !strings.Contains(err.Error(), "luck") {
		t.Errorf("luck 0: %v", err)
	}
}

func TestTestLuck(t *testing.T) {
	for luck := MinLuck; luck <= MaxLuck; luck++ {
		count := 0
		for a := 1; a <= 6; a++ {
			for b := 1; b <= 6; b++ {
				if a+b <= luck {
					count++
				}
			}
		}
		rep, err := LuckOdds(LuckInput{Luck: luck})
		if err != nil {
			t.Fatal(err)
		}
		s, _ := rep.P("success")
		f, _ := rep.P("failure")
		if math.Abs(s-float64(count)/36) > tol || math.Abs(s+f-1) > tol || math.Abs(LuckChance(luck)-s) > tol {
			t.Errorf("LUCK %d: success %v failure %v, want %d/36", luck, s, f, count)
		}
		got := 0.0
		eachRoll(t, func(tp *dice.Tape) (rules.Roll, error) { return ResolveLuck(LuckInput{Luck: luck}, tp) }, func(r rules.Roll, p float64) {
			if r.Outcome == "success" {
				got += p
			}
			if after, _ := valueOf(r, "luck_after"); after != luck-1 {
				t.Errorf("LUCK %d: luck_after %d", luck, after)
			}
		})
		if math.Abs(got-s) > tol {
			t.Errorf("LUCK %d: resolved successes %v, odds %v", luck, got, s)
		}
	}
	// Equal counts: 7 on LUCK 7 succeeds.
	if r, err := ResolveLuck(LuckInput{Luck: 7}, dice.NewFixed([]int{3, 4})); err != nil || r.Outcome != "success" {
		t.Errorf("3 + 4 against LUCK 7: %v %v", r.Outcome, err)
	}
}

func TestTables(t *testing.T) {
	tables := Tables()
	ids := map[string]bool{}
	for _, tb := range tables {
		if ids[tb.ID] || tb.Title == "" || tb.Source == "" || len(tb.Rows) == 0 {
			t.Errorf("table %q: duplicate, untitled, unsourced or empty", tb.ID)
		}
		ids[tb.ID] = true
		for _, row := range tb.Rows {
			if len(row) != len(tb.Columns) {
				t.Errorf("table %s: row %v has %d cells for %d columns", tb.ID, row, len(row), len(tb.Columns))
			}
		}
	}
	for _, id := range []string{"weapons", "armor", "shields", "dodge", "critical_hits", "fumbles", "combat_modifiers"} {
		if !ids[id] {
			t.Errorf("table %s missing", id)
		}
	}
	// The ids the calculator contract names, in order.
	wantWeapons := []string{"sword", "dagger", "greatsword", "unarmed", "improvised", "pistol_smg", "rifle", "shotgun",
		"machine_gun", "laser_pistol", "blaster_pistol"}
	wantArmor := []string{"none", "t_shirt", "jacket", "flak_vest", "flak_jacket", "recon_armor", "marine_armor",
		"cataphract_armor", "helmet"}
	if got := weaponIDs(); !slices.Equal(got, wantWeapons) {
		t.Errorf("weapon ids %v", got)
	}
	if got := armorIDs(Armors()); !slices.Equal(got, wantArmor) {
		t.Errorf("armor ids %v", got)
	}
	// A few cells straight from the note.
	if w := Weapons()[8]; w.ID != "machine_gun" || w.Track != (Track{2, 3, 5, 5, 6, 7, 8}) {
		t.Errorf("machine gun %+v", w)
	}
	if d := DodgeTracks()[5]; d.Skill != 6 || d.Track != (Track{0, 1, 2, 2, 3, 4, 5}) {
		t.Errorf("dodge 6 %+v", d)
	}
	if c := CriticalHits(); len(c) != 11 || c[0].Roll != 2 || c[10].Roll != 12 {
		t.Errorf("critical table %v", c)
	}
	if m := CombatModifiers(); m[len(m)-1].Value >= 0 {
		t.Errorf("brawling against larger weapons must be a penalty: %+v", m[len(m)-1])
	}
	// Accessors hand out fresh copies.
	w := Weapons()
	w[0].Track[0] = 99
	if Weapons()[0].Track[0] == 99 {
		t.Error("Weapons() shares its data")
	}
	// Labels name every table value.
	rep, _ := Odds(DefaultInput())
	for _, d := range rep.Distributions {
		if d.Name != "critical_effect" && d.Name != "fumble_effect" {
			continue
		}
		for v := 2; v <= 12; v++ {
			if d.Label == nil || d.Label(v) == "" {
				t.Errorf("%s: no label for %d", d.Name, v)
			}
		}
		if d.Label(13) != "" || d.Label(-1) != "" {
			t.Errorf("%s: label outside 2..12", d.Name)
		}
	}
}

func TestTraceReadsWell(t *testing.T) {
	in := ranged(4, 3, -1)
	in.Weapon, in.Armor, in.DamageModifier = "rifle", "flak_vest", 2
	r, err := Resolve(in, dice.NewFixed([]int{2, 3, 5, 4}))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"Target: PHYSICAL 4 + skill 3 + modifier -1 = 6 (ranged: the defender's skill does not count); the attack roll must be under it.",
		"Attack roll 2 + 3 = 5, under 6: hit.",
		"Weapon die 5 +2 = 7, read as 7+, on the Rifle track: 6 damage.",
		"Armor die 4 on the Flak vest track: 2 protection.",
		"6 damage - 2 protection = 4 STAMINA lost.",
	}
	if !slices.Equal(r.Steps, want) {
		t.Errorf("steps\n%s\nwant\n%s", strings.Join(r.Steps, "\n"), strings.Join(want, "\n"))
	}
	if r.Result != "Hit: 4 STAMINA lost." {
		t.Errorf("result %q", r.Result)
	}
}

func FuzzValidate(f *testing.F) {
	f.Add(4, 3, 1, false, 0, "sword", "none", "none", 0, 0, 0, []byte{6, 6, 3, 4, 5, 6, 2, 1})
	f.Add(12, 12, 0, true, 20, "machine_gun", "cataphract_armor", "large_shield", 6, 6, -6, []byte{1, 1, 2, 2})
	f.Add(0, -1, 13, false, -21, "", "Flak", "x", 7, 7, 7, []byte{})
	f.Add(1, 0, 12, false, -20, "dagger", "none", "small_shield", 3, -6, 6, []byte{9, 0, 255})
	f.Fuzz(func(t *testing.T, physical, skill, opp int, isRanged bool, mod int, weapon, armor, shield string,
		dodge, dm, pm int, raw []byte) {
		in := Input{Physical: physical, Skill: skill, OpponentSkill: opp, Ranged: isRanged, Modifier: mod,
			Weapon: weapon, Armor: armor, Shield: shield, Dodge: dodge, DamageModifier: dm, ProtectionModifier: pm}
		err := in.Validate()
		rep, oddsErr := Odds(in)
		faces := make([]int, len(raw))
		for i, b := range raw {
			faces[i] = int(b)
		}
		roll, resErr := Resolve(in, dice.NewFixed(faces))
		if err != nil {
			var fe *rules.FieldError
			if !errors.As(err, &fe) || oddsErr == nil || resErr == nil {
				t.Fatalf("invalid %+v: %v, odds %v, resolve %v", in, err, oddsErr, resErr)
			}
			return
		}
		if oddsErr != nil {
			t.Fatalf("valid %+v: odds %v", in, oddsErr)
		}
		hit, _ := rep.P("hit")
		miss, _ := rep.P("miss")
		if math.Abs(hit+miss-1) > tol {
			t.Fatalf("%+v: hit + miss = %v", in, hit+miss)
		}
		if resErr == nil {
			if _, ok := rep.P(roll.Outcome); !ok {
				t.Fatalf("%+v: outcome %q not in the report", in, roll.Outcome)
			}
		}
		if _, err := ResolveLuck(LuckInput{Luck: physical}, dice.NewFixed(faces)); err == nil && (physical < MinLuck || physical > MaxLuck) {
			t.Fatalf("luck %d accepted", physical)
		}
	})
}

// checkPistolNoArmor checks the rules note's damage example in a report,
// attack or defence alike: a pistol against no armor loses 2, 3 or 4
// STAMINA on 6, 12 and 18 rolls in 36, a mean of 10/3.
func checkPistolNoArmor(t *testing.T, rep rules.Report) {
	t.Helper()
	want := dice.FromMap(map[int]float64{2: 6.0 / 36, 3: 12.0 / 36, 4: 18.0 / 36})
	if got, _ := rep.Dist("stamina_loss_normal_hit"); !dice.Equal(got, want, tol) {
		t.Errorf("pistol vs no armor: %v, want %v", got.Pairs(), want.Pairs())
	}
	if m, _ := rep.Mean("stamina_loss_normal_hit"); math.Abs(m-10.0/3) > tol {
		t.Errorf("pistol vs no armor: mean %v, want 10/3", m)
	}
}
