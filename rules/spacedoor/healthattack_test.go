package spacedoor

import (
	"math"
	"testing"

	"d6codex/rules/dice"
)

// TestHealthAttackBrute checks HealthAttackOdds against enumerating every
// die of the attack roll and of the damage the player takes.
func TestHealthAttackBrute(t *testing.T) {
	for _, in := range []HealthInput{
		DefaultHealthInput(),
		{Stamina: 2, Health: 3, Tough: 0, Mode: ModeNormal},
		{Stamina: 0, Health: 1, Tough: -3, Mode: ModeDisadvantage},
		{Stamina: 5, Health: 2, Tough: 5, Mode: ModeAdvantage},
	} {
		rep, err := HealthAttackOdds(in)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]float64{}
		n := 2
		if in.Mode != ModeNormal {
			n = 3
		}
		eachFaces(n, func(roll []int, p float64) {
			hi, lo := keepTwo(roll, in.Mode)
			r := Classify(hi, lo, in.Tough)
			eachFaces(attackPlayerDice[r], func(dmg []int, q float64) {
				sum := 0
				for _, d := range dmg {
					sum += d
				}
				d := ApplyDamage(Health{Stamina: in.Stamina, Health: in.Health}, sum)
				switch {
				case d.Down:
					want["down"] += p * q
				case d.Wounded:
					want["wounded"] += p * q
				case sum > 0:
					want["stamina_only"] += p * q
				default:
					want["unhurt"] += p * q
				}
			})
		})
		for _, name := range []string{"unhurt", "stamina_only", "wounded", "down"} {
			got, _ := rep.P(name)
			if math.Abs(got-want[name]) > 1e-12 {
				t.Errorf("%+v %s: got %v, brute force %v", in, name, got, want[name])
			}
		}
	}
}

// TestResolveHealthExample replays the damage page's second attack on Bel:
// stamina 2, health 3, Tough +0, 4 + 4 = 8 (mixed), she takes 1d6 = 4.
func TestResolveHealthExample(t *testing.T) {
	in := HealthInput{Stamina: 2, Health: 3, Tough: 0, Mode: ModeNormal}
	enemy := attackEnemyDice[Mixed]
	faces := []int{4, 4}
	for range enemy {
		faces = append(faces, 1)
	}
	faces = append(faces, 4)
	roll, err := ResolveHealth(in, dice.NewFixed(faces))
	if err != nil {
		t.Fatal(err)
	}
	if roll.Outcome != "wounded" || roll.Values[1].Value != 0 || roll.Values[2].Value != 1 {
		t.Errorf("got %s %v, want wounded with stamina 0, health 1", roll.Outcome, roll.Values)
	}
}

// eachFaces calls f with every sequence of n d6 faces and its probability.
func eachFaces(n int, f func([]int, float64)) {
	faces := make([]int, n)
	var rec func(i int, p float64)
	rec = func(i int, p float64) {
		if i == n {
			f(faces, p)
			return
		}
		for v := 1; v <= 6; v++ {
			faces[i] = v
			rec(i+1, p/6)
		}
	}
	rec(0, 1)
}

// keepTwo is the two kept dice of a roll: both of two, the highest two with
// advantage, the lowest two with disadvantage; highest first.
func keepTwo(roll []int, mode string) (int, int) {
	s := append([]int(nil), roll...)
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] > s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
	if mode == ModeDisadvantage {
		return s[len(s)-2], s[len(s)-1]
	}
	return s[0], s[1]
}
