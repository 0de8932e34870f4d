package spacedoor

import (
	"math"
	"math/big"
	"testing"

	"d6codex/rules"
	"d6codex/rules/dice"
	"d6codex/rules/rulestest"
)

// bruteLuck plays the exchanges by the rules as written, in fractions:
// every ordered roll, every ordered damage roll of the player's dice, the
// luck policy spelt out. It returns P(standing) and the joint law of
// (exchanges standing, luck left, health after) at the end.
func bruteLuck(in LuckInput) (standing *big.Rat, end map[[3]int]*big.Rat) {
	// The damage the player takes in one exchange, from the dice.
	hit := map[int]*big.Rat{}
	n := 2
	if in.Mode != ModeNormal {
		n = 3
	}
	sixth := func(k int) *big.Rat { return new(big.Rat).SetFrac64(1, int64(math.Pow(6, float64(k)))) }
	eachFaces(n, func(roll []int, _ float64) {
		hi, lo := keepTwo(roll, in.Mode)
		r := Classify(hi, lo, in.Tough)
		k := []int{4, 2, 1, 0, 0}[r] // the player's column of the attack table
		eachFaces(k, func(dmg []int, _ float64) {
			sum := 0
			for _, d := range dmg {
				sum += d
			}
			p := new(big.Rat).Mul(sixth(n), sixth(k))
			if hit[sum] == nil {
				hit[sum] = new(big.Rat)
			}
			hit[sum].Add(hit[sum], p)
		})
	})
	end = map[[3]int]*big.Rat{}
	standing = new(big.Rat)
	add := func(key [3]int, p *big.Rat) {
		if end[key] == nil {
			end[key] = new(big.Rat)
		}
		end[key].Add(end[key], p)
	}
	var play func(k, stamina, health, luck int, p *big.Rat)
	play = func(k, stamina, health, luck int, p *big.Rat) {
		if k == in.Exchanges {
			standing.Add(standing, p)
			add([3]int{k, luck, health}, p)
			return
		}
		for x, px := range hit {
			q := new(big.Rat).Mul(p, px)
			wouldS, wouldH := stamina-min(x, stamina), health-max(0, x-stamina)
			spend := luck > 0 && x > 0 && (in.Use == "damage" || (in.Use == "wound" && wouldH < health) || (in.Use == "down" && wouldH <= 0))
			switch {
			case spend:
				play(k+1, stamina, health, luck-1, q)
			case wouldH <= 0:
				add([3]int{k, luck, 0}, q)
			default:
				play(k+1, wouldS, wouldH, luck, q)
			}
		}
	}
	play(0, in.Stamina, in.Health, in.Luck, big.NewRat(1, 1))
	return standing, end
}

func TestLuckAgainstBruteForce(t *testing.T) {
	for _, in := range []LuckInput{
		{Stamina: 2, Health: 2, Luck: 2, Exchanges: 3, Tough: 0, Mode: ModeNormal, Use: LuckDown},
		{Stamina: 3, Health: 1, Luck: 1, Exchanges: 3, Tough: -1, Mode: ModeDisadvantage, Use: LuckWound},
		{Stamina: 0, Health: 4, Luck: 3, Exchanges: 2, Tough: 2, Mode: ModeAdvantage, Use: LuckDamage},
		{Stamina: 5, Health: 3, Luck: 0, Exchanges: 2, Tough: 1, Mode: ModeNormal, Use: LuckDown},
	} {
		rep, err := LuckOdds(in)
		if err != nil {
			t.Fatal(err)
		}
		wantUp, end := bruteLuck(in)
		up, _ := wantUp.Float64()
		if got, _ := rep.P("standing"); math.Abs(got-up) > 1e-12 {
			t.Errorf("%+v: standing %v, brute force %v", in, got, up)
		}
		if got, _ := rep.P("down"); math.Abs(got-(1-up)) > 1e-12 {
			t.Errorf("%+v: down %v, brute force %v", in, got, 1-up)
		}
		for i, name := range []string{"exchanges_standing", "luck_left", "health_after"} {
			want := map[int]float64{}
			for key, p := range end {
				f, _ := p.Float64()
				want[key[i]] += f
			}
			got, _ := rep.Dist(name)
			for v, p := range want {
				if math.Abs(got.P(v)-p) > 1e-12 {
					t.Errorf("%+v %s: P(%d) = %v, brute force %v", in, name, v, got.P(v), p)
				}
			}
			if math.Abs(got.Total()-1) > 1e-12 {
				t.Errorf("%+v %s: mass %v", in, name, got.Total())
			}
		}
	}
}

// TestLuckExamples: cases whose answer is plain from the rules.
func TestLuckExamples(t *testing.T) {
	// With as many points as exchanges and the "every hit" policy, no
	// hit ever lands: always standing, health untouched.
	in := LuckInput{Stamina: 0, Health: 1, Luck: 5, Exchanges: 5, Mode: ModeNormal, Use: LuckDamage}
	rep, err := LuckOdds(in)
	if err != nil {
		t.Fatal(err)
	}
	if p, _ := rep.P("standing"); math.Abs(p-1) > 1e-12 {
		t.Errorf("5 points for 5 exchanges: standing %v, want 1", p)
	}
	// Without luck, at 0 stamina and 1 health, one exchange ends standing
	// only when the player takes nothing: success or better, 10/36 at
	// Tough +1 (the rules notes' public example).
	in = LuckInput{Stamina: 0, Health: 1, Luck: 0, Exchanges: 1, Tough: 1, Mode: ModeNormal, Use: LuckDown}
	rep, _ = LuckOdds(in)
	if p, _ := rep.P("standing"); math.Abs(p-10.0/36) > 1e-12 {
		t.Errorf("no luck, health 1, Tough +1: standing %v, want 10/36", p)
	}
	// One point, "down" policy: the first hit that would drop the player
	// is cancelled, so one exchange from health 1 always ends standing.
	in.Luck = 1
	rep, _ = LuckOdds(in)
	if p, _ := rep.P("standing"); math.Abs(p-1) > 1e-12 {
		t.Errorf("one point, health 1: standing %v, want 1", p)
	}
	if m, _ := rep.Mean("luck_spent"); math.Abs(m-26.0/36) > 1e-12 {
		t.Errorf("one point, health 1: luck spent %v, want 26/36 (every roll below success)", m)
	}
}

// TestResolveLuck plays a fixed run: stamina 0, health 2, one point,
// "down" policy, Tough 0: a failure (1, 2) rolls 2d6 = 1 + 1 for the
// player: 2, would drop her, so the point goes; then a mixed success
// (4, 4) with 1d6 = 5 for the enemy and 1 for her: health 1.
func TestResolveLuck(t *testing.T) {
	in := LuckInput{Stamina: 0, Health: 2, Luck: 1, Exchanges: 2, Mode: ModeNormal, Use: LuckDown}
	r, err := ResolveLuck(in, dice.NewFixed([]int{1, 2, 1, 1, 4, 4, 5, 1}))
	if err != nil {
		t.Fatal(err)
	}
	want := []rules.Value{{Name: "exchanges_standing", Value: 2}, {Name: "luck_left", Value: 0}, {Name: "health_after", Value: 1}}
	if r.Outcome != "standing" || len(r.Values) != 3 || r.Values[0] != want[0] || r.Values[1] != want[1] || r.Values[2] != want[2] {
		t.Errorf("got %s %v, want standing %v\n%v", r.Outcome, r.Values, want, r.Steps)
	}
}

// FuzzLuck: a rejected input is a *rules.FieldError from Validate, Odds and
// Resolve alike; an accepted one gives outcomes that sum to 1 and a seeded
// run whose values the odds allow.
func FuzzLuck(f *testing.F) {
	f.Add(9, 3, 7, 5, 0, "normal", "down", uint64(1))
	f.Add(99, 99, 7, 20, 5, "advantage", "damage", uint64(2))
	f.Add(0, 1, 0, 1, -3, "disadvantage", "wound", uint64(3))
	f.Add(-1, 0, 8, 21, 6, "x", "", uint64(4))
	f.Fuzz(func(t *testing.T, stamina, health, luck, exchanges, tough int, mode, use string, seed uint64) {
		in := LuckInput{Stamina: stamina, Health: health, Luck: luck, Exchanges: exchanges, Tough: tough, Mode: mode, Use: use}
		err := in.Validate()
		rep, oddsErr := LuckOdds(in)
		r, resErr := ResolveLuck(in, dice.NewSeeded(seed))
		if !rulestest.Agree(t, in, err, oddsErr, resErr) {
			return
		}
		up, _ := rep.P("standing")
		down, _ := rep.P("down")
		if math.Abs(up+down-1) > 1e-9 {
			t.Fatalf("%+v: standing %v + down %v", in, up, down)
		}
		for _, v := range r.Values {
			if d, ok := rep.Dist(v.Name); ok && d.P(v.Value) == 0 {
				t.Fatalf("%+v: resolved %s = %d, which the odds never give", in, v.Name, v.Value)
			}
		}
	})
}

// BenchmarkLuckOddsLargest: the largest pools, all 7 points, 20 exchanges,
// Tough −3 at disadvantage (the most hits), spending on every wound.
func BenchmarkLuckOddsLargest(b *testing.B) {
	in := LuckInput{Stamina: MaxLuckPool, Health: MaxLuckPool, Luck: Luck, Exchanges: MaxExchanges, Tough: -3, Mode: ModeDisadvantage, Use: LuckWound}
	for b.Loop() {
		if _, err := LuckOdds(in); err != nil {
			b.Fatal(err)
		}
	}
}
