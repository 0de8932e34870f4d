package skirmish

import (
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"d6codex/rules"
	"d6codex/rules/dice"
	"d6codex/rules/dice/dicetest"
	"d6codex/rules/rulestest"
)

// This file checks the situations (charge, backstab, ground) and the
// attacker's special attacks against a brute force that counts every tuple
// of dice in whole numbers, so each probability is an exact fraction
// count / 6^n. The plain rules below are written from shared/rules/skirmish.md
// and the seed, not from the package.

// plainDice is what the situations make of the raw fields: the seed gives a
// charge or backstab the choice of +1 attack die or +1 defense penalty die,
// a backstab and an opponent on the ground +1 damage, the ground +1 penalty
// die on the side lying there (one die each, the rules note's provisional
// size).
func plainDice(in Input) (na, qa, nd, qd, extra int) {
	na, qa, nd, qd, extra = in.AttackDice, in.AttackPenalty, in.DefenseDice, in.DefensePenalty, in.ExtraDamage
	for _, s := range []string{in.Charge, in.Backstab} {
		if s == "attack_die" {
			na++
		}
		if s == "defense_penalty" {
			qd++
		}
	}
	if in.Backstab == "attack_die" || in.Backstab == "defense_penalty" {
		extra++
	}
	if in.Ground == "defender" || in.Ground == "both" {
		qd++
		extra++
	}
	if in.Ground == "attacker" || in.Ground == "both" {
		qa++
	}
	return
}

// counts is a brute-force report in whole numbers of tuples.
type counts struct {
	n        int // dice per tuple: each tuple weighs 6^-n
	outcomes map[string]int64
	dists    map[string]map[int]int64
}

func (c counts) expected() expected {
	den := new(big.Int).Exp(big.NewInt(6), big.NewInt(int64(c.n)), nil)
	frac := func(k int64) float64 {
		f, _ := new(big.Rat).SetFrac(big.NewInt(k), den).Float64()
		return f
	}
	e := expected{outcomes: map[string]float64{}, dists: map[string]map[int]float64{}}
	for k, v := range c.outcomes {
		e.outcomes[k] = frac(v)
	}
	for name, d := range c.dists {
		e.dists[name] = map[int]float64{}
		for v, k := range d {
			e.dists[name][v] = frac(k)
		}
	}
	return e
}

// bruteEffects enumerates every tuple of the confrontation's dice (one
// more die at the end, the Precise attack's penalty die, when a Precise
// attack can happen) and applies the plain rules of the attacker's special
// attack effect ("none", "precise", "flaw" or "tactical").
func bruteEffects(in Input, effect string) counts {
	na, qa, nd, qd, extra := plainDice(in)
	n := na + qa + nd + qd
	if effect == "precise" {
		n++
	}
	// The reroll dice of a Maneuver: the defender's (the attacker's
	// Maneuver), then the attacker's (the defender's Maneuver), each always
	// enumerated, used or not.
	iDef, iAtk := n, n
	if effect == "maneuver" {
		iAtk++
		n++
	}
	if in.DefenderDouble == "maneuver" {
		n++
	}
	c := counts{n: n, outcomes: map[string]int64{}, dists: map[string]map[int]int64{}}
	for _, name := range outcomeNames {
		c.outcomes[name] = 0
	}
	for _, name := range distNames {
		c.dists[name] = map[int]int64{}
	}
	table := in.DamageTable
	if len(table) == 0 {
		table = []int{2, 3, 4, 5, 6, 7, 8}
	}
	useForce := in.ForceAttack != ForceAttackNever
	dicetest.Tuples(n, 6, func(t []int) {
		a := plainSide(t[:na], t[na:na+qa], in.Keep)
		d0 := plainSide(t[na+qa:na+qa+nd], t[na+qa+nd:na+qa+nd+qd], in.Keep)
		d := d0
		lowDouble := a.double && !a.six
		if lowDouble && effect == "precise" {
			// the defender's penalty dice and the Precise die cancel together
			d = plainSide(t[na+qa:na+qa+nd], t[na+qa+nd:na+qa+nd+qd+1], in.Keep)
		}
		a0, dFirst := a, d // a double stays active after a reroll
		if lowDouble && effect == "maneuver" {
			d = plainReroll(t[na+qa:na+qa+nd], t[na+qa+nd:na+qa+nd+qd], t[iDef])
		}
		if dFirst.double && !dFirst.six && in.DefenderDouble == "maneuver" {
			a = plainReroll(t[:na], t[na:na+qa], t[iAtk])
		}
		c.dists["attack_score"][a.score]++
		c.dists["defense_score"][d.score]++
		force := a0.six && useForce
		if lowDouble {
			c.outcomes["special_attack"]++
		}
		if force {
			c.outcomes["force_attack"]++
		}
		// The defender's special defense, from the pair it finally keeps.
		low, six := dFirst.double && !dFirst.six, dFirst.six
		if low {
			c.outcomes["special_defense"]++
		}
		if six {
			c.outcomes["off_balance_or_riposte"]++
			if plainOffBalance(in, a.score, d.score) {
				c.outcomes["_off_balance"]++ // the attacker then tests or falls
			}
		}
		aggr := low && (in.DefenderDouble == "aggressiveness" || in.DefenderDouble == "best")
		riposte := (low && (in.DefenderDouble == "riposte" || in.DefenderDouble == "best")) ||
			(six && (in.DefenderDoubleSix == "riposte" || in.DefenderDoubleSix == "best"))
		if a.score == d.score {
			c.outcomes["tie_first_comparison"]++
		}
		hurt := func(dmg int) int { // Aggressiveness: 1 less, not below 0
			if aggr && dmg > 0 {
				return dmg - 1
			}
			return dmg
		}
		switch {
		case lowDouble && effect == "tactical" && a.score == d.score:
			c.outcomes["attacker_wins"]++
			c.dists["difference"][0]++
			c.dists["damage"][hurt(1+extra)]++ // 1 point, armor does not apply
		case a.score > d.score || (a.score == d.score && a.rest > d.rest):
			diff := a.score - d.score
			c.outcomes["attacker_wins"]++
			c.dists["difference"][diff]++
			pts, dead := plainTable(table, diff)
			if dead {
				c.outcomes["instant_death"]++
				return
			}
			armor, bonus := in.Armor, 0
			switch {
			case force: // armor to zero, or +1 unarmoured; and +1
				armor, bonus = 0, 1
				if in.Armor == 0 {
					bonus = 2
				}
			case lowDouble && effect == "flaw": // armor -1, or +1 unarmoured
				if in.Armor == 0 {
					bonus = 1
				} else {
					armor--
				}
			}
			c.dists["damage"][hurt(max(pts-armor, 0)+bonus+extra)]++
		default:
			c.outcomes["defender_wins"]++
			c.dists["damage"][0]++
			if riposte && d.score > a.score {
				c.outcomes["riposte"]++
				pts, dead := plainTable(table, d.score-a.score)
				if dead {
					c.outcomes["riposte_instant_death"]++
				} else {
					c.dists["riposte_damage"][max(pts-in.AttackerArmor, 0)]++
				}
			}
		}
	})
	return c
}

// plainReroll is one side after the opponent's Maneuver (the rules note's
// reading): its penalty dice cancel as rolled, the highest die left is
// rolled again as x (no penalty die meets it), and the two highest are kept.
func plainReroll(pool, pen []int, x int) sideKey {
	var left [7]int
	for _, v := range pool {
		left[v]++
	}
	for _, v := range pen {
		if left[v] > 0 {
			left[v]--
		}
	}
	for f := 6; f >= 1; f-- {
		if left[f] > 0 {
			left[f]--
			left[x]++
			break
		}
	}
	return plainKeep(left, "highest")
}

// checkBrute compares Odds with the brute force; weapon_breaks is checked
// from force_attack (its breakage dice are covered by the older tests).
func checkBrute(t *testing.T, in Input, effect string) {
	t.Helper()
	got, err := Odds(in)
	if err != nil {
		t.Fatal(err)
	}
	c := bruteEffects(in, effect)
	want := c.expected()
	want.outcomes["weapon_breaks"] = want.outcomes["force_attack"] * plainBreak(in)
	// The falls in exact fractions: the rolls that throw a fighter off
	// balance, times the chance its aptitude test shows no double.
	den := new(big.Int).Exp(big.NewInt(6), big.NewInt(int64(c.n)), nil)
	for name, k := range map[string]struct {
		rolls string
		dice  int
	}{"defender_falls": {"force_attack", in.DefenderAptitude}, "attacker_falls": {"_off_balance", in.AttackerAptitude}} {
		f, _ := new(big.Rat).Mul(new(big.Rat).SetFrac(big.NewInt(c.outcomes[k.rolls]), den), plainFallRat(k.dice)).Float64()
		want.outcomes[name] = f
	}
	delete(want.outcomes, "_off_balance")
	checkReport(t, got, want)
}

func TestSituationsAgainstBruteForce(t *testing.T) {
	cases := []struct {
		name   string
		mutate func(*Input)
	}{
		{"charge attack die", func(in *Input) { in.Charge = SituationAttackDie }},
		{"charge defense penalty", func(in *Input) { in.Charge = SituationDefensePenalty }},
		{"backstab attack die", func(in *Input) { in.Backstab = SituationAttackDie; in.Armor = 2 }},
		{"backstab defense penalty", func(in *Input) { in.Backstab = SituationDefensePenalty; in.Armor = 0 }},
		{"opponent on the ground", func(in *Input) { in.Ground = GroundDefender }},
		{"attacking from the ground", func(in *Input) { in.Ground = GroundAttacker }},
		{"both on the ground", func(in *Input) { in.Ground = GroundBoth; in.ExtraDamage = 1 }},
		{"charge and backstab, defense emptied", func(in *Input) {
			in.Charge, in.Backstab, in.DefenseDice, in.DefensePenalty = SituationDefensePenalty, SituationDefensePenalty, 1, 0
		}},
		{"all three", func(in *Input) {
			in.Charge, in.Backstab, in.Ground = SituationAttackDie, SituationDefensePenalty, GroundAttacker
			in.AttackDice = 1
		}},
	}
	for _, tc := range cases {
		for _, keep := range []string{KeepHighest, KeepPreferDouble} {
			t.Run(tc.name+"_"+keep, func(t *testing.T) {
				in := Input{AttackDice: 2, AttackPenalty: 0, DefenseDice: 2, DefensePenalty: 1, Armor: 1, Keep: keep}
				tc.mutate(&in)
				checkBrute(t, in, "none")
			})
		}
	}
}

// TestSituationsAreTheirDice: a named situation gives exactly the odds of
// the raw dice fields it stands for (the situations as settings, not as
// new rules).
func TestSituationsAreTheirDice(t *testing.T) {
	base := Input{AttackDice: 6, AttackPenalty: 1, DefenseDice: 5, DefensePenalty: 2, Armor: 2, Keep: KeepHighest}
	cases := []struct {
		mutate, raw func(*Input)
	}{
		{func(in *Input) { in.Charge = SituationAttackDie }, func(in *Input) { in.AttackDice++ }},
		{func(in *Input) { in.Charge = SituationDefensePenalty }, func(in *Input) { in.DefensePenalty++ }},
		{func(in *Input) { in.Backstab = SituationAttackDie }, func(in *Input) { in.AttackDice++; in.ExtraDamage++ }},
		{func(in *Input) { in.Ground = GroundBoth; in.Backstab = SituationDefensePenalty },
			func(in *Input) { in.AttackPenalty++; in.DefensePenalty += 2; in.ExtraDamage += 2 }},
	}
	for i, tc := range cases {
		named, raw := base, base
		tc.mutate(&named)
		tc.raw(&raw)
		a, err := Odds(named)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Odds(raw)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(a) != fmt.Sprint(b) {
			t.Errorf("case %d: %+v gives other odds than %+v", i, named, raw)
		}
	}
}

func TestSituationLimits(t *testing.T) {
	in := DefaultInput()
	in.AttackDice, in.Charge, in.Backstab = 11, SituationAttackDie, SituationAttackDie
	var fe *rules.FieldError
	if err := in.Validate(); !errors.As(err, &fe) || fe.Field != "backstab" || !strings.Contains(fe.Allowed, "at most 12") {
		t.Errorf("11 dice + charge + backstab: %v; want an error on backstab", err)
	}
	in.Backstab = SituationDefensePenalty
	if err := in.Validate(); err != nil {
		t.Errorf("12 dice with a charge die: %v", err)
	}
	for _, f := range []func(*Input){
		func(in *Input) { in.Charge = "yes" },
		func(in *Input) { in.Backstab = "attack" },
		func(in *Input) { in.Ground = "prone" },
		func(in *Input) { in.AttackerDouble = "maneuvre" },
	} {
		in := DefaultInput()
		f(&in)
		if err := in.Validate(); !errors.As(err, &fe) || !strings.Contains(fe.Allowed, "one of") {
			t.Errorf("%+v: %v; want a field error listing the options", in, err)
		}
	}
	// The largest situation input: 12 dice, and every penalty die the
	// situations can add on top of 4.
	big := largest(KeepPreferDouble)
	big.Charge, big.Backstab, big.Ground, big.AttackerDouble = SituationDefensePenalty, SituationDefensePenalty, GroundBoth, EffectPrecise
	r, err := Odds(big)
	if err != nil {
		t.Fatal(err)
	}
	w, _ := r.P("attacker_wins")
	l, _ := r.P("defender_wins")
	if d, _ := r.Dist("damage"); w+l < 1-tol || w+l > 1+tol || d.Total() > 1+tol {
		t.Errorf("largest: win %v + lose %v", w, l)
	}
}

func TestAttackerDoubleAgainstBruteForce(t *testing.T) {
	sz := []struct {
		na, qa, nd, qd, armor int
	}{
		{3, 0, 2, 1, 1}, {3, 1, 3, 0, 0}, {4, 0, 2, 0, 2}, {2, 0, 1, 1, 0}, {3, 1, 2, 1, 3},
	}
	for _, effect := range []string{EffectPrecise, EffectFlaw, EffectTactical} {
		for _, s := range sz {
			for _, keep := range []string{KeepHighest, KeepPreferDouble} {
				t.Run(fmt.Sprintf("%s_%v_%s", effect, s, keep), func(t *testing.T) {
					in := Input{AttackDice: s.na, AttackPenalty: s.qa, DefenseDice: s.nd, DefensePenalty: s.qd,
						Armor: s.armor, Keep: keep, AttackerDouble: effect, ExtraDamage: s.qd}
					checkBrute(t, in, effect)
				})
			}
		}
	}
	// With a situation, a damage table and no Force attack.
	in := Input{AttackDice: 3, DefenseDice: 2, Armor: 1, Keep: KeepPreferDouble, AttackerDouble: EffectPrecise,
		Charge: SituationDefensePenalty, ForceAttack: ForceAttackNever, DamageTable: []int{1, 2, 3, 4, 5, 6, 7}}
	checkBrute(t, in, "precise")
}

// TestAttackerDoubleBest: best is, at each input, the effect whose odds
// serve the attacker most (instant death, then mean damage, then wins), and
// never does worse than any single effect.
func TestAttackerDoubleBest(t *testing.T) {
	for _, in := range []Input{
		{AttackDice: 5, AttackPenalty: 1, DefenseDice: 3, DefensePenalty: 1, Armor: 1, Keep: KeepPreferDouble},
		{AttackDice: 4, DefenseDice: 4, Armor: 0, Keep: KeepPreferDouble},
		{AttackDice: 3, DefenseDice: 1, DefensePenalty: 1, Armor: 6, Keep: KeepHighest},
		{AttackDice: 8, AttackPenalty: 2, DefenseDice: 8, DefensePenalty: 2, Armor: 3, Keep: KeepPreferDouble},
	} {
		in.AttackerDouble = EffectBest
		best, err := Odds(in)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, e := range []string{EffectPrecise, EffectFlaw, EffectTactical} {
			one := in
			one.AttackerDouble = e
			r, err := Odds(one)
			if err != nil {
				t.Fatal(err)
			}
			db, _ := best.P("instant_death")
			dr, _ := r.P("instant_death")
			mb, _ := best.Mean("damage")
			mr, _ := r.Mean("damage")
			if dr > db+tol || (dr > db-tol && mr*(1-dr) > mb*(1-db)+1e-12) {
				t.Errorf("%+v: %s (death %v, damage %v) beats best (death %v, damage %v)", in, e, dr, mr, db, mb)
			}
			if fmt.Sprint(r) == fmt.Sprint(best) {
				found = true
			}
		}
		if !found {
			t.Errorf("%+v: best is none of the effects' odds", in)
		}
	}
}

// TestAttackerDoubleResolve: every tuple resolved, weighted, adds up to
// Odds for each effect (the Precise die enumerated when it is asked for).
func TestAttackerDoubleResolve(t *testing.T) {
	for _, effect := range []string{EffectPrecise, EffectFlaw, EffectTactical, EffectBest} {
		for _, keep := range []string{KeepHighest, KeepPreferDouble} {
			t.Run(effect+"_"+keep, func(t *testing.T) {
				in := Input{AttackDice: 3, DefenseDice: 2, DefensePenalty: 1, Armor: 1, Keep: keep,
					AttackerDouble: effect, Ground: GroundDefender, Weapon: MaterialStone}
				if effect == EffectBest {
					in.AttackDice, in.DefensePenalty, in.Ground = 2, 0, SituationNone
				}
				na, qa, nd, qd, _ := plainDice(in)
				n := na + qa + nd + qd
				e := resolveEveryRoll(t, in, n, 0)
				got, err := Odds(in)
				if err != nil {
					t.Fatal(err)
				}
				checkReportTol(t, got, e, 1e-11)
			})
		}
	}
}

// resolveEveryRoll resolves every roll of n dice, and every die Resolve
// asks for after them (resolveAllExtra), each roll weighted 6^extra so that
// the sums stay whole numbers while at most extra dice follow, and returns
// the totals as chances.
func resolveEveryRoll(t *testing.T, in Input, n, extra int) expected {
	t.Helper()
	e := newExpected()
	var failed error
	dicetest.Tuples(n, 6, func(d []int) {
		if failed == nil {
			failed = resolveAllExtra(in, d, pow6(extra), e.addRoll)
		}
	})
	if failed != nil {
		t.Fatal(failed)
	}
	scale := 1 / pow6(n+extra)
	for k := range e.outcomes {
		e.outcomes[k] *= scale
	}
	for _, d := range e.dists {
		for v := range d {
			d[v] *= scale
		}
	}
	return e
}

func pow6(n int) float64 {
	p := 1.0
	for range n {
		p *= 6
	}
	return p
}

// resolveAllExtra is resolveAll for any die Resolve asks for after the
// confrontation's dice (a Precise attack's penalty die, breakage dice).
func resolveAllExtra(in Input, d []int, w float64, f func(rules.Roll, float64)) error {
	r, err := Resolve(in, dice.NewFixed(d))
	if err == nil {
		f(r, w)
		return nil
	}
	if !strings.Contains(err.Error(), "breakage die") && !strings.Contains(err.Error(), "Precise attack penalty die") &&
		!strings.Contains(err.Error(), "aptitude die") && !strings.Contains(err.Error(), "Maneuver reroll die") {
		return err
	}
	for face := 1; face <= 6; face++ {
		if err := resolveAllExtra(in, append(append([]int(nil), d...), face), w/6, f); err != nil {
			return err
		}
	}
	return nil
}

// TestAttackerDoubleResolveCases are hand-worked rolls of each effect.
func TestAttackerDoubleResolveCases(t *testing.T) {
	tests := []struct {
		name  string
		in    Input
		dice  []int
		want  map[string]int
		trace []string
	}{
		{
			name: "Precise attack cancels the defender's 5",
			in:   Input{AttackDice: 3, DefenseDice: 3, Armor: 0, Keep: KeepPreferDouble, AttackerDouble: EffectPrecise},
			// attack 4 4 1 keeps the double 4 = 8; defense 5 4 2 = 9; Precise die 5 leaves 4 2 = 6
			dice:  []int{4, 4, 1, 5, 4, 2, 5},
			want:  map[string]int{"attack_score": 8, "defense_score": 6, "difference": 2, "damage": 2, "special_attack": 1},
			trace: []string{"takes Precise attack", "Precise attack: the defender rolls a penalty die more, 5", "Penalty die 5 cancels one 5"},
		},
		{
			name:  "Flaw against armor 2",
			in:    Input{AttackDice: 3, DefenseDice: 2, Armor: 2, Keep: KeepHighest, AttackerDouble: EffectFlaw},
			dice:  []int{5, 5, 1, 3, 1}, // 10 against 4: difference 6, 4 points, armor 2 - 1 = 1: 3
			want:  map[string]int{"difference": 6, "damage": 3},
			trace: []string{"Flaw: the defender's armor counts 1 less", "armor 2 less 1 for the Flaw leaves 3"},
		},
		{
			name:  "Flaw unarmored",
			in:    Input{AttackDice: 2, DefenseDice: 2, Keep: KeepHighest, AttackerDouble: EffectFlaw},
			dice:  []int{2, 2, 1, 1}, // 4 against 2: 2 points, +1
			want:  map[string]int{"difference": 2, "damage": 3},
			trace: []string{"the Flaw adds 1 (no armor), making 3"},
		},
		{
			name:  "Tactical advantage wins a tie the dice not kept would lose",
			in:    Input{AttackDice: 2, DefenseDice: 3, Armor: 3, ExtraDamage: 1, Keep: KeepHighest, AttackerDouble: EffectTactical},
			dice:  []int{4, 4, 5, 3, 2},
			want:  map[string]int{"difference": 0, "damage": 2, "attack_score": 8, "defense_score": 8},
			trace: []string{"Tactical advantage, the attacker wins without comparing", "extra damage +1 makes 2"},
		},
		{
			name: "the seed's example with a charge die on the defense: the attack is as in the book, the charge die cancels her 2",
			in: Input{AttackDice: 5, AttackPenalty: 1, DefenseDice: 3, DefensePenalty: 1, Armor: 1, Keep: KeepHighest,
				Charge: SituationDefensePenalty},
			dice:  []int{6, 6, 5, 3, 1, 6, 5, 4, 2, 4, 2}, // defense left 5: score 5, difference 6: 4 - 1 = 3
			want:  map[string]int{"attack_score": 11, "defense_score": 5, "difference": 6, "damage": 3},
			trace: []string{"Charge: the defender gets +1 penalty die", "Penalty die 2 cancels one 2"},
		},
		{
			name:  "backstab on a fighter on the ground: +2 damage",
			in:    Input{AttackDice: 2, DefenseDice: 1, Armor: 1, Keep: KeepHighest, Backstab: SituationAttackDie, Ground: GroundDefender},
			dice:  []int{6, 5, 1, 4, 2}, // attack 6 5 (1 not kept) = 11; defense 4, penalty 2: 4; diff 7: 5 - 1 + 2 = 6
			want:  map[string]int{"difference": 7, "damage": 6},
			trace: []string{"Backstab: the attacker takes +1 attack die, and the blow deals +1 damage", "The defender is on the ground"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Resolve(tc.in, dice.NewFixed(tc.dice))
			if err != nil {
				t.Fatal(err)
			}
			checkRoll(t, r, tc.want, tc.trace)
		})
	}
}

// FuzzEffects fuzzes the situation and special-attack fields with the
// sizes: a valid input gives outcomes that sum to 1, a damage mass within
// 1, and a seeded roll that resolves to an outcome of the report; an
// invalid one is a field error from Validate, Odds and Resolve alike.
func FuzzEffects(f *testing.F) {
	f.Add(5, 1, 3, 1, 1, "attack_die", "none", "defender", "precise", "best", "riposte", 0, 2, 2, uint64(1))
	f.Add(12, 4, 12, 4, 6, "defense_penalty", "defense_penalty", "both", "best", "best", "best", 6, 12, 12, uint64(2))
	f.Add(12, 0, 1, 0, 0, "attack_die", "attack_die", "", "tactical", "aggressiveness", "off_balance", 1, 0, 1, uint64(3))
	f.Add(1, 4, 2, 4, 0, "", "", "attacker", "flaw", "riposte", "none", 2, 6, 7, uint64(4))
	f.Add(3, 0, 3, 0, 2, "charge", "yes", "prone", "maneuver", "disengage", "off_balance", 7, -1, 13, uint64(5))
	f.Add(4, 1, 3, 2, 1, "", "attack_die", "", "maneuver", "maneuver", "best", 1, 3, 2, uint64(6))
	f.Add(12, 4, 12, 4, 6, "defense_penalty", "defense_penalty", "both", "best", "maneuver", "best", 6, 2, 2, uint64(8))
	f.Add(2, 0, 2, 0, 0, "", "", "", "maneuver", "maneuver", "", 0, 2, 2, uint64(7))
	f.Fuzz(func(t *testing.T, na, qa, nd, qd, armor int, charge, backstab, ground, effect, defLow, defSix string, atkArmor, atkApt, defApt int, seed uint64) {
		in := Input{AttackDice: na, AttackPenalty: qa, DefenseDice: nd, DefensePenalty: qd, Armor: armor,
			Keep: KeepPreferDouble, Charge: charge, Backstab: backstab, Ground: ground, AttackerDouble: effect,
			DefenderDouble: defLow, DefenderDoubleSix: defSix, AttackerArmor: atkArmor,
			AttackerAptitude: atkApt, DefenderAptitude: defApt}
		if seed%2 == 0 {
			in.Keep = KeepHighest
		}
		verr := in.Validate()
		r, oerr := Odds(in)
		roll, rerr := Resolve(in, dice.NewSeeded(seed))
		if !rulestest.Agree(t, in, verr, oerr, rerr) {
			var fe *rules.FieldError
			if !errors.As(verr, &fe) || fe.Field == "" || fe.Allowed == "" {
				t.Fatalf("error %v is not a field error naming a field", verr)
			}
			return
		}
		for _, fall := range [][2]string{{"defender_falls", "force_attack"}, {"attacker_falls", "off_balance_or_riposte"}} {
			p, _ := r.P(fall[0])
			of, _ := r.P(fall[1])
			if p < 0 || p > of+tol {
				t.Fatalf("%+v: %s %v beyond %s %v", in, fall[0], p, fall[1], of)
			}
		}
		w, _ := r.P("attacker_wins")
		l, _ := r.P("defender_wins")
		death, _ := r.P("instant_death")
		dmg, _ := r.Dist("damage")
		if w+l < 1-tol || w+l > 1+tol || dmg.Total()+death < 1-tol || dmg.Total()+death > 1+tol {
			t.Fatalf("%+v: wins %v + %v, damage mass %v + death %v", in, w, l, dmg.Total(), death)
		}
		if _, ok := r.P(roll.Outcome); !ok {
			t.Fatalf("outcome %q is not in the report", roll.Outcome)
		}
		rip, _ := r.P("riposte")
		ripDeath, _ := r.P("riposte_instant_death")
		ripDmg, _ := r.Dist("riposte_damage")
		if rip > l+tol || ripDeath > rip+tol || ripDmg.Total()+ripDeath < rip-tol || ripDmg.Total()+ripDeath > rip+tol {
			t.Fatalf("%+v: riposte %v (death %v, damage mass %v) against defender_wins %v", in, rip, ripDeath, ripDmg.Total(), l)
		}
	})
}

func TestDefenderDoubleAgainstBruteForce(t *testing.T) {
	cases := []struct {
		name string
		in   Input
		atk  string // the attacker's effect, for the brute force
	}{
		{"aggressiveness", Input{AttackDice: 3, DefenseDice: 3, DefensePenalty: 1, Armor: 1, DefenderDouble: DefenseAggressiveness}, "none"},
		{"aggressiveness against tactical", Input{AttackDice: 3, DefenseDice: 3, Armor: 0, ExtraDamage: 1,
			AttackerDouble: EffectTactical, DefenderDouble: DefenseAggressiveness}, "tactical"},
		{"riposte", Input{AttackDice: 3, AttackPenalty: 1, DefenseDice: 3, Armor: 1, AttackerArmor: 1, DefenderDouble: DefenseRiposte}, "none"},
		{"riposte on a six, attacker emptied: instant death", Input{AttackDice: 1, AttackPenalty: 1, DefenseDice: 3, Armor: 0,
			DefenderDoubleSix: DefenseRiposte, DefenderDouble: DefenseRiposte}, "none"},
		{"best for the defender", Input{AttackDice: 3, DefenseDice: 3, DefensePenalty: 1, Armor: 2, AttackerArmor: 2,
			DefenderDouble: DefenseBest, DefenderDoubleSix: DefenseRiposte}, "none"},
		{"best against a Precise attack", Input{AttackDice: 3, DefenseDice: 3, Armor: 1, AttackerDouble: EffectPrecise,
			DefenderDouble: DefenseBest, DefenderDoubleSix: DefenseRiposte}, "precise"},
		{"riposte against a Flaw and a backstab", Input{AttackDice: 2, DefenseDice: 3, Armor: 1, AttackerDouble: EffectFlaw,
			Backstab: SituationAttackDie, DefenderDouble: DefenseRiposte, DamageTable: []int{1, 2, 3, 4, 5, 6, 7}}, "flaw"},
	}
	for _, tc := range cases {
		for _, keep := range []string{KeepHighest, KeepPreferDouble} {
			t.Run(tc.name+"_"+keep, func(t *testing.T) {
				in := tc.in
				in.Keep = keep
				checkBrute(t, in, tc.atk)
			})
		}
	}
}

// TestDefenderDoubleResolve: every roll resolved and weighted adds up to
// Odds with the defender's settings on.
func TestDefenderDoubleResolve(t *testing.T) {
	for _, in := range []Input{
		{AttackDice: 3, DefenseDice: 3, Armor: 1, AttackerArmor: 1, DefenderDouble: DefenseBest, DefenderDoubleSix: DefenseRiposte},
		{AttackDice: 2, AttackPenalty: 1, DefenseDice: 2, DefensePenalty: 1, Armor: 0, AttackerDouble: EffectPrecise,
			DefenderDouble: DefenseRiposte, DefenderDoubleSix: DefenseRiposte},
		{AttackDice: 3, DefenseDice: 2, Armor: 0, ExtraDamage: 1, AttackerDouble: EffectTactical, DefenderDouble: DefenseAggressiveness},
	} {
		for _, keep := range []string{KeepHighest, KeepPreferDouble} {
			in.Keep = keep
			n := in.AttackDice + in.AttackPenalty + in.DefenseDice + in.DefensePenalty
			e := resolveEveryRoll(t, in, n, 0)
			got, err := Odds(in)
			if err != nil {
				t.Fatal(err)
			}
			checkReportTol(t, got, e, 1e-11)
		}
	}
}

// TestDefenderDoubleResolveCases: the Defending page's shield-bearer, and a
// Riposte worked by hand.
func TestDefenderDoubleResolveCases(t *testing.T) {
	tests := []struct {
		name  string
		in    Input
		dice  []int
		want  map[string]int
		trace []string
	}{
		{
			name: "the shield-bearer's double 5: Aggressiveness takes the last point off",
			in: Input{AttackDice: 4, DefenseDice: 4, DefensePenalty: 1, Armor: 1, Keep: KeepHighest,
				DefenderDouble: DefenseAggressiveness},
			dice:  []int{6, 5, 3, 2, 5, 5, 4, 1, 4},
			want:  map[string]int{"attack_score": 11, "defense_score": 10, "damage": 0, "special_defense": 1, "riposte": 0},
			trace: []string{"armor 1 leaves 1", "Aggressiveness: the defender's double 5 takes 1 point off, leaving 0"},
		},
		{
			name: "Riposte: the defender's 10 against 6 sends 3 points back, armor 1 leaves 2",
			in: Input{AttackDice: 2, DefenseDice: 3, Armor: 0, AttackerArmor: 1, Keep: KeepHighest,
				DefenderDouble: DefenseRiposte},
			dice:  []int{4, 2, 5, 5, 1},
			want:  map[string]int{"attack_score": 6, "defense_score": 10, "damage": 0, "riposte": 1, "riposte_damage": 2},
			trace: []string{"Riposte: the defender's double 5 sends the blow back; margin 4 gives 3 points on the damage table; the attacker's armor 1 leaves 2"},
		},
		{
			name:  "a Riposte needs the higher score: a tie won on the dice not kept is not one",
			in:    Input{AttackDice: 3, DefenseDice: 3, Keep: KeepHighest, DefenderDouble: DefenseRiposte},
			dice:  []int{5, 5, 1, 5, 5, 2},
			want:  map[string]int{"riposte": 0, "damage": 0, "special_defense": 1},
			trace: []string{"the attack fails"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Resolve(tc.in, dice.NewFixed(tc.dice))
			if err != nil {
				t.Fatal(err)
			}
			checkRoll(t, r, tc.want, tc.trace)
		})
	}
}

// addRoll adds one resolved roll of weight w to the report the rolls
// build: its outcome, flags, scores, difference, damage and riposte damage.
func (e expected) addRoll(r rules.Roll, w float64) {
	v := values(r)
	e.outcomes[r.Outcome] += w
	e.dists["attack_score"][v["attack_score"]] += w
	e.dists["defense_score"][v["defense_score"]] += w
	for _, name := range []string{"instant_death", "special_attack", "force_attack", "special_defense", "off_balance_or_riposte", "riposte", "riposte_instant_death", "defender_falls", "attacker_falls"} {
		if v[name] == 1 {
			e.outcomes[name] += w
		}
	}
	if v["attack_score"] == v["defense_score"] {
		e.outcomes["tie_first_comparison"] += w
	}
	if v["weapons_broken"] > 0 {
		e.outcomes["weapon_breaks"] += w
	}
	if r.Outcome == "attacker_wins" {
		e.dists["difference"][v["difference"]] += w
	}
	if dmg, ok := v["damage"]; ok {
		e.dists["damage"][dmg] += w
	}
	if dmg, ok := v["riposte_damage"]; ok {
		e.dists["riposte_damage"][dmg] += w
	}
}

// TestOffBalanceResolve: every roll resolved, aptitude dice included, adds
// up to Odds with Off balance (and the Force attack's fall) counted. Each
// roll weighs a whole number (6^extraDepth per tuple, divided by 6 for each
// die asked after the tuple), so the sums are exact.
func TestOffBalanceResolve(t *testing.T) {
	const extraDepth = 8 // at most 3 + 3 aptitude dice and 2 breakage dice
	for _, in := range []Input{
		{AttackDice: 2, DefenseDice: 2, Armor: 1, DefenderDoubleSix: DefenseOffBalance, DefenderAptitude: 2, AttackerAptitude: 3},
		{AttackDice: 2, DefenseDice: 3, Armor: 0, DefenderDoubleSix: DefenseBest, DefenderDouble: DefenseRiposte,
			DefenderAptitude: 3, AttackerAptitude: 2, AttackerArmor: 1},
		{AttackDice: 3, DefenseDice: 2, Armor: 1, DefenderDoubleSix: DefenseOffBalance, AttackerAptitude: 1,
			DefenderAptitude: 0, Weapon: MaterialMetal},
	} {
		for _, keep := range []string{KeepHighest, KeepPreferDouble} {
			in.Keep = keep
			e := resolveEveryRoll(t, in, in.AttackDice+in.DefenseDice, extraDepth)
			got, err := Odds(in)
			if err != nil {
				t.Fatal(err)
			}
			checkReport(t, got, e)
		}
	}
}

// TestOffBalanceAgainstBruteForce: the falls of Off balance and of the
// Force attack against the brute force, for every double-6 setting.
func TestOffBalanceAgainstBruteForce(t *testing.T) {
	for _, six := range []string{DefenseNone, DefenseOffBalance, DefenseRiposte, DefenseBest} {
		for _, in := range []Input{
			{AttackDice: 3, DefenseDice: 3, Armor: 1, AttackerAptitude: 3, DefenderAptitude: 1},
			{AttackDice: 3, AttackPenalty: 1, DefenseDice: 3, DefensePenalty: 1, Armor: 0, AttackerAptitude: 2,
				DefenderAptitude: 4, AttackerDouble: EffectPrecise, DefenderDouble: DefenseBest},
			{AttackDice: 2, DefenseDice: 4, Armor: 2, AttackerAptitude: 7, DefenderAptitude: 6, Ground: GroundBoth},
		} {
			for _, keep := range []string{KeepHighest, KeepPreferDouble} {
				in.Keep, in.DefenderDoubleSix = keep, six
				t.Run(fmt.Sprintf("%s_%d+%d_vs_%d+%d_%s", six, in.AttackDice, in.AttackPenalty, in.DefenseDice, in.DefensePenalty, keep), func(t *testing.T) {
					checkBrute(t, in, orDefault(in.AttackerDouble, "none"))
				})
			}
		}
	}
}

// TestOffBalanceResolveCases: falls worked by hand.
func TestOffBalanceResolveCases(t *testing.T) {
	tests := []struct {
		name  string
		in    Input
		dice  []int
		want  map[string]int
		trace []string
	}{
		{
			name:  "the defender's double 6 throws the attacker, whose test of 3 dice shows no double",
			in:    Input{AttackDice: 2, DefenseDice: 2, Keep: KeepHighest, DefenderDoubleSix: DefenseOffBalance, AttackerAptitude: 3},
			dice:  []int{5, 4, 6, 6, 1, 2, 3},
			want:  map[string]int{"attacker_falls": 1, "defender_falls": 0, "off_balance_or_riposte": 1, "riposte": 0},
			trace: []string{"Off balance: the attacker's aptitude test shows [1, 2, 3]: no double, the fighter falls."},
		},
		{
			name: "best ripostes when the defender scores higher: no test",
			in:   Input{AttackDice: 2, DefenseDice: 2, Keep: KeepHighest, DefenderDoubleSix: DefenseBest, AttackerAptitude: 3},
			dice: []int{5, 4, 6, 6},
			want: map[string]int{"attacker_falls": 0, "riposte": 1},
		},
		{
			name: "best throws off balance on a tie at 12, and a double keeps the attacker up",
			in:   Input{AttackDice: 2, DefenseDice: 2, Keep: KeepHighest, DefenderDoubleSix: DefenseBest, AttackerAptitude: 2, DefenderAptitude: 2, Weapon: MaterialStone},
			// 6 6 against 6 6: Force attack (breakage die 4 holds), the
			// defender's test 3 5 falls, the attacker's 2 2 stands.
			dice:  []int{6, 6, 6, 6, 4, 3, 5, 2, 2},
			want:  map[string]int{"attacker_falls": 0, "defender_falls": 1, "force_attack": 1, "riposte": 0},
			trace: []string{"the defender's aptitude test shows [3, 5]: no double, the fighter falls", "the attacker's aptitude test shows [2, 2]: a double, still standing"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Resolve(tc.in, dice.NewFixed(tc.dice))
			if err != nil {
				t.Fatal(err)
			}
			checkRoll(t, r, tc.want, tc.trace)
		})
	}
}

// TestManeuverAgainstBruteForce: the attacker's and the defender's
// Maneuver, alone, together and beside the other effects, against the
// brute force (keep highest: the only policy Maneuver is counted with).
func TestManeuverAgainstBruteForce(t *testing.T) {
	cases := []struct {
		name string
		in   Input
		atk  string
	}{
		{"attacker", Input{AttackDice: 3, DefenseDice: 3, Armor: 1, AttackerDouble: EffectManeuver}, "maneuver"},
		{"attacker, penalty dice", Input{AttackDice: 3, AttackPenalty: 1, DefenseDice: 2, DefensePenalty: 2, Armor: 0,
			ExtraDamage: 1, AttackerDouble: EffectManeuver, DefenderDouble: DefenseBest, DefenderDoubleSix: DefenseBest,
			AttackerAptitude: 2, DefenderAptitude: 3}, "maneuver"},
		{"defender", Input{AttackDice: 3, DefenseDice: 3, DefensePenalty: 1, Armor: 2, DefenderDouble: DefenseManeuver,
			DefenderDoubleSix: DefenseRiposte}, "none"},
		{"defender against a Force attack and a Flaw", Input{AttackDice: 4, DefenseDice: 2, Armor: 1, AttackerDouble: EffectFlaw,
			DefenderDouble: DefenseManeuver, DefenderAptitude: 2}, "flaw"},
		{"defender against a Precise attack", Input{AttackDice: 3, DefenseDice: 3, AttackerDouble: EffectPrecise,
			DefenderDouble: DefenseManeuver}, "precise"},
		{"defender against Tactical advantage", Input{AttackDice: 3, DefenseDice: 3, Armor: 1, AttackerDouble: EffectTactical,
			DefenderDouble: DefenseManeuver, Ground: GroundAttacker}, "tactical"},
		{"both", Input{AttackDice: 3, DefenseDice: 3, Armor: 0, AttackerDouble: EffectManeuver, DefenderDouble: DefenseManeuver,
			DefenderDoubleSix: DefenseOffBalance, AttackerAptitude: 2, DefenderAptitude: 2}, "maneuver"},
		{"both, one die against a pool emptied by penalty dice", Input{AttackDice: 1, DefenseDice: 2, DefensePenalty: 2,
			AttackerDouble: EffectManeuver, DefenderDouble: DefenseManeuver}, "maneuver"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in := tc.in
			in.Keep = KeepHighest
			checkBrute(t, in, tc.atk)
		})
	}
}

// TestManeuverBest: with keep highest, best for the attacker weighs
// Maneuver with the other effects; here it is Maneuver's odds.
func TestManeuverBest(t *testing.T) {
	in := Input{AttackDice: 4, DefenseDice: 5, Armor: 0, Keep: KeepHighest}
	var keys [][2]float64
	for _, e := range []string{EffectPrecise, EffectFlaw, EffectTactical, EffectManeuver, EffectBest} {
		in.AttackerDouble = e
		r, err := Odds(in)
		if err != nil {
			t.Fatal(err)
		}
		death, _ := r.P("instant_death")
		keys = append(keys, [2]float64{death, meanOver(r, "damage") * (1 - death)})
	}
	best := keys[len(keys)-1]
	for i, k := range keys[:len(keys)-1] {
		if k[0] > best[0]+tol || (k[0] > best[0]-tol && k[1] > best[1]+1e-12) {
			t.Errorf("effect %d (%v) beats best (%v)", i, k, best)
		}
	}
	if best != keys[3] {
		t.Errorf("best %v is not Maneuver's %v (all: %v)", best, keys[3], keys)
	}
	// With keep prefer_double Maneuver is refused, and best leaves it out.
	in.Keep, in.AttackerDouble = KeepPreferDouble, EffectManeuver
	var fe *rules.FieldError
	if _, err := Odds(in); !errors.As(err, &fe) || fe.Field != "keep" {
		t.Errorf("maneuver with prefer_double: %v", err)
	}
	in.AttackerDouble, in.DefenderDouble = EffectBest, DefenseManeuver
	if _, err := Odds(in); !errors.As(err, &fe) || fe.Field != "keep" {
		t.Errorf("defender maneuver with prefer_double: %v", err)
	}
	in.DefenderDouble = DefenseNone
	if _, err := Odds(in); err != nil {
		t.Errorf("best with prefer_double: %v", err)
	}
}

// TestManeuverResolve: every roll resolved, reroll dice included, adds up
// to Odds, with whole-number weights as in TestOffBalanceResolve.
func TestManeuverResolve(t *testing.T) {
	const extraDepth = 6 // two reroll dice, two breakage dice, two aptitude dice at most
	for _, in := range []Input{
		{AttackDice: 2, DefenseDice: 3, Armor: 1, AttackerDouble: EffectManeuver, DefenderDouble: DefenseManeuver, Weapon: MaterialStone},
		{AttackDice: 3, DefenseDice: 2, DefensePenalty: 1, Armor: 0, AttackerDouble: EffectBest, DefenderDouble: DefenseManeuver,
			DefenderDoubleSix: DefenseOffBalance, AttackerAptitude: 2},
		{AttackDice: 2, AttackPenalty: 1, DefenseDice: 2, Armor: 1, AttackerDouble: EffectPrecise, DefenderDouble: DefenseManeuver,
			AttackerArmor: 1},
	} {
		in.Keep = KeepHighest
		t.Run(fmt.Sprintf("%+v", in), func(t *testing.T) {
			na, qa, nd, qd, _ := plainDice(in)
			e := resolveEveryRoll(t, in, na+qa+nd+qd, extraDepth)
			got, err := Odds(in)
			if err != nil {
				t.Fatal(err)
			}
			checkReport(t, got, e)
		})
	}
}

// TestManeuverResolveCases: rerolls worked by hand.
func TestManeuverResolveCases(t *testing.T) {
	tests := []struct {
		name  string
		in    Input
		dice  []int
		want  map[string]int
		trace []string
		// notInTrace must not appear in the trace
		notInTrace string
	}{
		{
			name: "the attacker's double 4 makes the defender reroll his 6, which comes up 1",
			in:   Input{AttackDice: 3, DefenseDice: 3, Keep: KeepHighest, AttackerDouble: EffectManeuver},
			// attack 4 4 1 = 8 against 6 5 2 = 11; the 6 rerolled as 1: 5 2 1 keeps 7
			dice:  []int{4, 4, 1, 6, 5, 2, 1},
			want:  map[string]int{"attack_score": 8, "defense_score": 7, "difference": 1, "damage": 2, "special_attack": 1},
			trace: []string{"takes Maneuver", "Maneuver: the defender rerolls its 6 and gets 1.", "Defense keeps 5 and 2 = 7"},
			// The trace said "kept a double 6 but does not use the Force
			// attack" after any counted special attack.
			notInTrace: "double 6",
		},
		{
			name: "the defender's double 5 stays active after the attacker's 6 is rerolled: Riposte is not taken, Aggressiveness neither; the reroll turns the fight",
			in: Input{AttackDice: 3, DefenseDice: 3, Armor: 1, Keep: KeepHighest, DefenderDouble: DefenseManeuver,
				DefenderDoubleSix: DefenseRiposte},
			// attack 6 5 1 = 11 against 5 5 2 = 10; the attacker's 6 rerolled as 3: 5 3 = 8
			dice:  []int{6, 5, 1, 5, 5, 2, 3},
			want:  map[string]int{"attack_score": 8, "defense_score": 10, "damage": 0, "special_defense": 1, "riposte": 0},
			trace: []string{"Maneuver: the attacker rerolls its 6 and gets 3.", "Attack keeps 5 and 3 = 8"},
		},
		{
			name: "a rerolled Force attack stays a Force attack",
			in: Input{AttackDice: 2, DefenseDice: 3, Armor: 2, Keep: KeepHighest, DefenderDouble: DefenseManeuver,
				AttackerAptitude: 0, DefenderAptitude: 0, Weapon: MaterialStone},
			// attack 6 6 = 12 against 2 2 1 = 4; the defender's double 2 rerolls a 6 as 5: 6 5 = 11,
			// difference 7: 5 points, armor to 0, +1: 6; breakage die 3 holds; the defender falls
			dice:  []int{6, 6, 2, 2, 1, 5, 3},
			want:  map[string]int{"attack_score": 11, "force_attack": 1, "difference": 7, "damage": 6, "defender_falls": 1},
			trace: []string{"Maneuver: the attacker rerolls its 6 and gets 5.", "Force attack"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Resolve(tc.in, dice.NewFixed(tc.dice))
			if err != nil {
				t.Fatal(err)
			}
			checkRoll(t, r, tc.want, tc.trace)
			if trace := strings.Join(r.Steps, "\n"); tc.notInTrace != "" && strings.Contains(trace, tc.notInTrace) {
				t.Errorf("trace has %q:\n%s", tc.notInTrace, trace)
			}
		})
	}
}

// TestManeuverPickHighest backs the reading that the opponent's highest
// kept die is the one to reroll: over every roll of 3 dice against 3 and
// every reroll, rerolling the defender's highest kept die never leaves him
// a better pair or tie-break than rerolling his other kept die, and wins
// the attacker strictly more.
func TestManeuverPickHighest(t *testing.T) {
	wins := [2]int{} // rerolling the highest kept die, the other kept die
	dicetest.Tuples(7, 6, func(d []int) {
		a := plainSide(d[:3], nil, KeepHighest)
		var got [2]sideKey
		for pick := range 2 {
			var left [7]int
			for _, v := range d[3:6] {
				left[v]++
			}
			// the kept dice are the two highest; drop the pick-th of them
			for f, seen := 6, 0; f >= 1; f-- {
				if left[f] > 0 && seen+left[f] > pick {
					left[f]--
					break
				}
				seen += left[f]
			}
			left[d[6]]++
			k := plainKeep(left, KeepHighest)
			got[pick] = k
			if a.score > k.score || (a.score == k.score && a.rest > k.rest) {
				wins[pick]++
			}
		}
		if got[0].score > got[1].score || (got[0].score == got[1].score && got[0].rest > got[1].rest) {
			t.Errorf("dice %v: rerolling the highest kept die leaves %+v, the other %+v", d, got[0], got[1])
		}
	})
	if wins[0] <= wins[1] {
		t.Errorf("rerolling the highest kept die wins %d rolls, the other %d", wins[0], wins[1])
	}
}
