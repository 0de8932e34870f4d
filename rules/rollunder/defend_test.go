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

// defendWith returns the default defence changed by f.
func defendWith(f func(*DefendInput)) DefendInput {
	in := DefaultDefendInput()
	f(&in)
	return in
}

// defence returns a melee defence with the weapon skill whose target is
// physical + attackerSkill - skill + modifier.
func defence(physical, attackerSkill, skill, modifier int) DefendInput {
	return defendWith(func(in *DefendInput) {
		in.Physical, in.AttackerSkill, in.Skill, in.Modifier = physical, attackerSkill, skill, modifier
	})
}

// TestDefendChances: the note's doubles for a defence roll (double 6
// avoids, double 1 is a critical hit) give, for 3 <= T <= 12, exactly the
// chance that 2d6 is under T; below that only double 6 avoids, above it only
// double 1 hits. The chances are the note's public examples (15/36 at 7,
// 30/36 at 10, 1/36 at 2 or less, 35/36 at 13 or more) read as avoiding.
func TestDefendChances(t *testing.T) {
	tests := []struct {
		name string
		in   DefendInput
		want float64 // P(avoided)
	}{
		{"T=7", defence(4, 4, 1, 0), 15.0 / 36},
		{"T=10", defence(6, 4, 0, 0), 30.0 / 36},
		{"T=3", defence(2, 1, 0, 0), 1.0 / 36},
		{"T=2", defence(1, 1, 0, 0), 1.0 / 36},
		{"T=-31", defence(1, 0, 12, -20), 1.0 / 36},
		{"T=12", defence(6, 6, 0, 0), 35.0 / 36},
		{"T=13", defence(7, 6, 0, 0), 35.0 / 36},
		{"T=44", defence(12, 12, 0, 20), 35.0 / 36},
		{"T=5, modifier -2", defence(6, 2, 1, -2), 6.0 / 36},
		{"T=4 at range with Dodge 2", defendWith(func(in *DefendInput) {
			in.Ranged, in.Physical, in.AttackerSkill, in.DefendWith, in.Dodge = true, 4, 2, DefendDodge, 2
		}), 3.0 / 36},
		{"T=6 with the Armor skill", defendWith(func(in *DefendInput) {
			in.Physical, in.AttackerSkill, in.DefendWith, in.Skill, in.Shield = 5, 4, DefendArmorSkill, 3, "small_shield"
		}), 10.0 / 36},
	}
	for _, tc := range tests {
		rep, err := DefendOdds(tc.in)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got, _ := rep.P("avoided"); math.Abs(got-tc.want) > tol {
			t.Errorf("%s: P(avoided) = %v, want %v", tc.name, got, tc.want)
		}
		if got, _ := rep.P("hit"); math.Abs(got-(1-tc.want)) > tol {
			t.Errorf("%s: P(hit) = %v, want %v", tc.name, got, 1-tc.want)
		}
		for _, double := range []string{"critical_hit", "attacker_fumbles"} {
			if got, _ := rep.P(double); math.Abs(got-1.0/36) > tol {
				t.Errorf("%s: P(%s) = %v, want 1/36 at every target", tc.name, double, got)
			}
		}
	}
}

// TestDefendWorkedExamples are the defending page's two examples, worked by
// hand from the tracks: the pirate captain's sword against Ash's weapon
// skill and jacket, and the raider's pistol against Bren's Dodge.
func TestDefendWorkedExamples(t *testing.T) {
	tests := []struct {
		name   string
		in     DefendInput
		dice   []int
		avoid  float64
		values map[string]int
		steps  []string
		result string
	}{
		{
			name: "Ash parries the pirate captain",
			in: defendWith(func(in *DefendInput) {
				in.Physical, in.AttackerSkill, in.Skill, in.Armor = 6, 2, 3, "jacket"
			}),
			dice:  []int{4, 5, 4, 6},
			avoid: 6.0 / 36,
			values: map[string]int{"target": 5, "defence_roll": 9, "damage": 3, "protection": 1,
				"stamina_loss": 2},
			steps: []string{
				"Target: the attacker's PHYSICAL 6 + the attacker's skill 2 - your weapon skill 3 = 5 (melee); roll under it to avoid the attack.",
				"Defence roll 4 + 5 = 9, not under 5: you are hit.",
				"Weapon die 4 on the Sword track: 3 damage.",
				"Armor die 6 on the Jacket track: 1 protection.",
				"3 damage - 1 protection = 2 STAMINA lost.",
			},
			result: "You are hit: 2 STAMINA lost.",
		},
		{
			name: "Bren dodges a shot",
			in: defendWith(func(in *DefendInput) {
				in.Ranged, in.Physical, in.AttackerSkill, in.DefendWith, in.Dodge, in.Weapon = true, 4, 2, DefendDodge, 2, "pistol_smg"
			}),
			dice:  []int{5, 3, 3, 6},
			avoid: 3.0 / 36,
			values: map[string]int{"target": 4, "defence_roll": 8, "damage": 3, "protection": 1,
				"stamina_loss": 2},
			steps: []string{
				"Target: the attacker's PHYSICAL 4 + the attacker's skill 2 - your Dodge 2 = 4 (ranged: only Dodge or the Armor skill defends); roll under it to avoid the attack.",
				"Defence roll 5 + 3 = 8, not under 4: you are hit.",
				"Weapon die 3 on the Pistol / SMG track: 3 damage.",
				"Dodge die 6 on the Dodge 2 track: 1 protection.",
				"3 damage - 1 protection = 2 STAMINA lost.",
			},
			result: "You are hit: 2 STAMINA lost.",
		},
	}
	for _, tc := range tests {
		rep, err := DefendOdds(tc.in)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got, _ := rep.P("avoided"); math.Abs(got-tc.avoid) > tol {
			t.Errorf("%s: P(avoided) = %v, want %v", tc.name, got, tc.avoid)
		}
		r, err := ResolveDefend(tc.in, dice.NewFixed(tc.dice))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if r.Outcome != "hit" {
			t.Errorf("%s: outcome %q, want hit", tc.name, r.Outcome)
		}
		for name, want := range tc.values {
			if got, ok := valueOf(r, name); !ok || got != want {
				t.Errorf("%s: %s = %d (%v), want %d", tc.name, name, got, ok, want)
			}
		}
		if !slices.Equal(r.Steps, tc.steps) {
			t.Errorf("%s: steps\n%s\nwant\n%s", tc.name, strings.Join(r.Steps, "\n"), strings.Join(tc.steps, "\n"))
		}
		if r.Result != tc.result {
			t.Errorf("%s: result %q, want %q", tc.name, r.Result, tc.result)
		}
	}
}

// TestDefendPublicDamageExamples are the note's damage examples on the
// player's side: a rifle die of 5 (5) against a flak vest die of 4 (2, the
// small shield adding 0 at 4) costs 3 STAMINA; a pistol against no armor
// costs 2, 3 or 4 on 6, 12 and 18 rolls in 36, 10/3 on average.
func TestDefendPublicDamageExamples(t *testing.T) {
	in := defendWith(func(in *DefendInput) {
		in.Ranged, in.DefendWith, in.Skill, in.Weapon, in.Armor, in.Shield = true, DefendArmorSkill, 2, "rifle", "flak_vest", "small_shield"
	})
	r, err := ResolveDefend(in, dice.NewFixed([]int{4, 6, 5, 4}))
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]int{"damage": 5, "protection": 2, "stamina_loss": 3} {
		if got, ok := valueOf(r, name); !ok || got != want {
			t.Errorf("rifle 5 vs flak vest 4: %s = %d (%v), want %d", name, got, ok, want)
		}
	}

	pistol := defendWith(func(in *DefendInput) { in.Weapon = "pistol_smg" })
	rep, err := DefendOdds(pistol)
	if err != nil {
		t.Fatal(err)
	}
	checkPistolNoArmor(t, rep)
}

// TestDefendDoubles: double 1 is a critical hit on the player even at the
// highest target, double 6 avoids the attack and makes the attacker fumble
// even at the lowest; a roll under the target avoids with no more dice.
func TestDefendDoubles(t *testing.T) {
	tests := []struct {
		name    string
		in      DefendInput
		dice    []int
		outcome string
		values  map[string]int
		result  string
		names   []string
	}{
		{"double 1 at target 44", defence(12, 12, 0, 20), []int{1, 1, 6, 3, 3}, "critical_hit",
			map[string]int{"critical_effect": 6, "damage": 8, "stamina_loss": 8}, // sword 6 reads 4, doubled
			"Critical hit on you (double damage): 8 STAMINA lost.",
			[]string{"defence die 1", "defence die 2", "weapon die", "critical die 1", "critical die 2"}},
		{"double 6 at target -31", defence(1, 0, 12, -20), []int{6, 6, 3, 4}, "attacker_fumbles",
			map[string]int{"fumble_effect": 7, "defence_roll": 12},
			"Attack avoided, and the attacker fumbles: -2 next round.",
			[]string{"defence die 1", "defence die 2", "fumble die 1", "fumble die 2"}},
		{"under the target", defence(6, 2, 3, 0), []int{3, 1}, "avoided",
			map[string]int{"defence_roll": 4, "target": 5}, "Attack avoided.",
			[]string{"defence die 1", "defence die 2"}},
		{"double 1, critical 2", defence(4, 3, 1, 0), []int{1, 1, 5, 1, 1}, "critical_hit",
			map[string]int{"critical_zero_stamina": 1}, "Critical hit on you: you drop to 0 STAMINA.",
			[]string{"defence die 1", "defence die 2", "weapon die", "critical die 1", "critical die 2"}},
	}
	for _, tc := range tests {
		r, err := ResolveDefend(tc.in, dice.NewFixed(tc.dice))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if r.Outcome != tc.outcome || r.Result != tc.result {
			t.Errorf("%s: %q, %q; want %q, %q", tc.name, r.Outcome, r.Result, tc.outcome, tc.result)
		}
		for name, want := range tc.values {
			if got, ok := valueOf(r, name); !ok || got != want {
				t.Errorf("%s: %s = %d (%v), want %d", tc.name, name, got, ok, want)
			}
		}
		var names []string
		for _, d := range r.Dice {
			names = append(names, d.What)
		}
		if !slices.Equal(names, tc.names) {
			t.Errorf("%s: dice %q, want %q", tc.name, names, tc.names)
		}
	}
	if _, err := ResolveDefend(defence(6, 2, 3, 0), dice.NewFixed([]int{3, 1, 4})); err == nil {
		t.Error("an avoided attack with an extra die must be reported")
	}
}

// TestDefendProtection is the dodge_shield setting as a table, for a player
// without armor who has Dodge and a shield: the protection is read off the
// tracks by hand (Dodge 5: 0 1 1 2 2 3 | 4; Dodge 2: 0 0 0 0 1 1 | 2; large
// shield 0 0 0 1 1 1 | 2; small shield 0 0 0 0 1 1 | 2; flak vest 0 1 1 2 2
// 3 | 4). The machine gun die 6 deals 7.
func TestDefendProtection(t *testing.T) {
	tests := []struct {
		with, armor, shield, setting string
		dodge, face, want            int
		die                          string
		note                         string // a step the trace must have, "" for none
	}{
		{DefendDodge, "none", "large_shield", DodgeShieldStack, 5, 6, 3 + 1, "dodge die", ""},
		{DefendDodge, "none", "large_shield", DodgeShieldEither, 5, 6, 3, "dodge die", "dodging, the large shield adds nothing"},
		{DefendArmorSkill, "none", "large_shield", DodgeShieldEither, 5, 6, 1, "shield die", "blocking with the shield, the Dodge track does not apply"},
		{DefendArmorSkill, "none", "large_shield", DodgeShieldStack, 5, 6, 3 + 1, "dodge die", ""},
		{DefendWeaponSkill, "none", "large_shield", DodgeShieldEither, 5, 6, 3, "dodge die", "dodging"},
		{DefendArmorSkill, "flak_vest", "small_shield", DodgeShieldEither, 4, 5, 2 + 1, "armor die", "You wear armor, so the Dodge track does not apply."},
		{DefendDodge, "none", "none", DodgeShieldEither, 2, 5, 1, "dodge die", ""},
		{DefendArmorSkill, "none", "small_shield", DodgeShieldEither, 0, 6, 1, "shield die", ""},
	}
	for _, tc := range tests {
		in := defendWith(func(in *DefendInput) {
			in.DefendWith, in.Skill, in.Armor, in.Shield, in.DodgeShield = tc.with, 1, tc.armor, tc.shield, tc.setting
			in.Dodge, in.Weapon = tc.dodge, "machine_gun"
		})
		r, err := ResolveDefend(in, dice.NewFixed([]int{5, 4, 6, tc.face}))
		if err != nil {
			t.Fatalf("%+v: %v", tc, err)
		}
		if got, _ := valueOf(r, "protection"); got != tc.want {
			t.Errorf("%+v: protection %d, want %d", tc, got, tc.want)
		}
		if loss, _ := valueOf(r, "stamina_loss"); loss != 7-tc.want {
			t.Errorf("%+v: loss %d, want %d", tc, loss, 7-tc.want)
		}
		if got := r.Dice[3].What; got != tc.die {
			t.Errorf("%+v: protection die %q, want %q", tc, got, tc.die)
		}
		if trace := strings.Join(r.Steps, "\n"); tc.note != "" && !strings.Contains(trace, tc.note) {
			t.Errorf("%+v: trace does not say %q:\n%s", tc, tc.note, trace)
		}
	}
}

func TestDefendValidate(t *testing.T) {
	tests := []struct {
		in    DefendInput
		field string // "" when valid
		words string // part of Allowed
	}{
		{DefaultDefendInput(), "", ""},
		{defendWith(func(in *DefendInput) { in.Ranged = true }), "defend_with", "ranged attack"},
		{defendWith(func(in *DefendInput) { in.Ranged, in.DefendWith, in.Dodge = true, DefendDodge, 3 }), "", ""},
		{defendWith(func(in *DefendInput) { in.Ranged, in.DefendWith, in.Shield = true, DefendArmorSkill, "large_shield" }), "", ""},
		{defendWith(func(in *DefendInput) { in.DefendWith = DefendArmorSkill }), "defend_with", "only with a shield"},
		{defendWith(func(in *DefendInput) { in.DefendWith, in.Dodge, in.Armor = DefendDodge, 2, "jacket" }), "defend_with", "no armor"},
		{defendWith(func(in *DefendInput) { in.DefendWith = DefendDodge }), "dodge", "1 to 6"},
		{defendWith(func(in *DefendInput) { in.DefendWith = "parry" }), "defend_with", ""},
		{defendWith(func(in *DefendInput) { in.Physical = 0 }), "physical", "1 to 12"},
		{defendWith(func(in *DefendInput) { in.Physical = 13 }), "physical", "1 to 12"},
		{defendWith(func(in *DefendInput) { in.AttackerSkill = -1 }), "attacker_skill", "0 to 12"},
		{defendWith(func(in *DefendInput) { in.Skill = 13 }), "skill", "0 to 12"},
		{defendWith(func(in *DefendInput) { in.Modifier = -21 }), "modifier", "-20 to 20"},
		{defendWith(func(in *DefendInput) { in.Weapon = "" }), "weapon", ""},
		{defendWith(func(in *DefendInput) { in.Armor = "plate" }), "armor", ""},
		{defendWith(func(in *DefendInput) { in.Shield = "tower_shield" }), "shield", ""},
		{defendWith(func(in *DefendInput) { in.Dodge = 7 }), "dodge", "0 to 6"},
		{defendWith(func(in *DefendInput) { in.DamageModifier = 7 }), "damage_modifier", ""},
		{defendWith(func(in *DefendInput) { in.ProtectionModifier = -7 }), "protection_modifier", ""},
		{defendWith(func(in *DefendInput) { in.DodgeShield = "both" }), "dodge_shield", ""},
		{defendWith(func(in *DefendInput) { in.DodgeShield = "" }), "", ""},
	}
	for _, tc := range tests {
		err := tc.in.Validate()
		_, oddsErr := DefendOdds(tc.in)
		_, resErr := ResolveDefend(tc.in, dice.NewSeeded(1))
		if tc.field == "" {
			if err != nil || oddsErr != nil || resErr != nil {
				t.Errorf("%+v: %v / %v / %v", tc.in, err, oddsErr, resErr)
			}
			continue
		}
		var fe *rules.FieldError
		if !errors.As(err, &fe) || fe.Field != tc.field || !strings.Contains(fe.Allowed, tc.words) || fe.Allowed == "" {
			t.Errorf("%+v: error %v, want a FieldError on %s saying %q", tc.in, err, tc.field, tc.words)
		}
		if oddsErr == nil || resErr == nil {
			t.Errorf("%+v: DefendOdds and ResolveDefend must validate too", tc.in)
		}
	}
}

// TestDefendAsWritten: read as the note writes it, the defence roll gets
// easier against a stronger attacker and harder for a more skilled
// defender (the defending page explains this). The chance to avoid never
// falls as the attacker's PHYSICAL rises and never rises with the defending
// skill; and the report's parts add up.
func TestDefendAsWritten(t *testing.T) {
	avoid := func(in DefendInput) float64 {
		rep, err := DefendOdds(in)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := rep.P("avoided")
		h, _ := rep.P("hit")
		z, _ := rep.P("critical_zero_stamina")
		d, _ := rep.P("critical_decapitated")
		loss, _ := rep.Dist("stamina_loss")
		if math.Abs(a+h-1) > tol || math.Abs(loss.Total()+z+d-1) > tol {
			t.Errorf("%+v: avoided + hit = %v, stamina_loss + criticals with no number = %v", in, a+h, loss.Total()+z+d)
		}
		return a
	}
	for skill := 1; skill <= MaxSkill; skill++ {
		if lo, hi := avoid(defence(6, 2, skill-1, 0)), avoid(defence(6, 2, skill, 0)); hi > lo+tol {
			t.Errorf("skill %d avoids more often (%v) than skill %d (%v)", skill, hi, skill-1, lo)
		}
	}
	for p := MinPhysical + 1; p <= MaxPhysical; p++ {
		if lo, hi := avoid(defence(p-1, 2, 3, 0)), avoid(defence(p, 2, 3, 0)); hi < lo-tol {
			t.Errorf("PHYSICAL %d is avoided less often (%v) than PHYSICAL %d (%v)", p, hi, p-1, lo)
		}
	}
}

// FuzzDefendValidate: any input is either refused with a FieldError by
// Validate, DefendOdds and ResolveDefend alike, or gives a report whose
// avoided and hit add up to 1 and whose outcome names cover any roll.
func FuzzDefendValidate(f *testing.F) {
	f.Add(6, 2, false, "weapon_skill", 3, 0, "sword", "jacket", "none", 0, 0, 0, "stack", []byte{4, 5, 4, 6})
	f.Add(12, 12, true, "dodge", 0, 20, "machine_gun", "none", "large_shield", 6, 6, -6, "either", []byte{1, 1, 6, 5, 5, 6, 2, 3})
	f.Add(4, 2, true, "armor_skill", 4, 0, "rifle", "flak_vest", "small_shield", 0, 0, 0, "", []byte{6, 6, 1, 1})
	f.Add(0, -1, true, "parry", 13, -21, "", "Flak", "x", 7, 7, 7, "both", []byte{9, 0, 255})
	f.Fuzz(func(t *testing.T, physical, attackerSkill int, isRanged bool, with string, skill, mod int,
		weapon, armor, shield string, dodge, dm, pm int, setting string, raw []byte) {
		in := DefendInput{Physical: physical, AttackerSkill: attackerSkill, Ranged: isRanged, DefendWith: with,
			Skill: skill, Modifier: mod, Weapon: weapon, Armor: armor, Shield: shield, Dodge: dodge,
			DamageModifier: dm, ProtectionModifier: pm, DodgeShield: setting}
		err := in.Validate()
		rep, oddsErr := DefendOdds(in)
		faces := make([]int, len(raw))
		for i, b := range raw {
			faces[i] = int(b)
		}
		roll, resErr := ResolveDefend(in, dice.NewFixed(faces))
		if err != nil {
			var fe *rules.FieldError
			if !errors.As(err, &fe) || fe.Allowed == "" || oddsErr == nil || resErr == nil {
				t.Fatalf("invalid %+v: %v, odds %v, resolve %v", in, err, oddsErr, resErr)
			}
			return
		}
		if oddsErr != nil {
			t.Fatalf("valid %+v: odds %v", in, oddsErr)
		}
		avoided, _ := rep.P("avoided")
		hit, _ := rep.P("hit")
		if math.Abs(avoided+hit-1) > tol {
			t.Fatalf("%+v: avoided + hit = %v", in, avoided+hit)
		}
		if resErr == nil {
			if _, ok := rep.P(roll.Outcome); !ok {
				t.Fatalf("%+v: outcome %q not in the report", in, roll.Outcome)
			}
		}
	})
}
