package rollunder

import (
	"math"
	"slices"
	"strings"
	"testing"

	"d6codex/rules"
	"d6codex/rules/dice"
)

const tol = 1e-12

// bruteResult is the exact odds of an attack by enumerating every ordered
// tuple of dice, resolved by the rules as written in the note (independent
// of the package's code paths).
type bruteResult struct {
	hit, miss, crit, fumble, zero, decap float64
	damage, loss, normalLoss             map[int]float64
	normalMass                           float64
}

func bruteAttack(in Input) bruteResult {
	read := func(tr Track, roll int) int { return tr[min(max(roll, 1), 7)-1] }
	var weapon, armor, shield Track
	for _, w := range Weapons() {
		if w.ID == in.Weapon {
			weapon = w.Track
		}
	}
	for _, a := range Armors() {
		if a.ID == in.Armor {
			armor = a.Track
		}
	}
	for _, s := range Shields() {
		if s.ID == in.Shield {
			shield = s.Track
		}
	}
	protTrack := armor
	if in.Armor == "none" && in.Dodge > 0 {
		protTrack = DodgeTracks()[in.Dodge-1].Track
	}
	prot := func(face int) int {
		r := face + in.ProtectionModifier
		return read(protTrack, r) + read(shield, r)
	}
	// No armor, Dodge or shield: no protection die (weight 1, face irrelevant).
	protFaces := []int{1, 2, 3, 4, 5, 6}
	if in.Armor == "none" && in.Dodge == 0 && in.Shield == "none" {
		protFaces = []int{1}
	}
	pf := 1 / float64(len(protFaces))
	target := in.Physical + in.Skill + in.Modifier
	if !in.Ranged {
		target -= in.OpponentSkill
	}
	dm := in.DamageModifier
	r := bruteResult{damage: map[int]float64{}, loss: map[int]float64{}, normalLoss: map[int]float64{}}
	add := func(dmg, loss int, w float64) {
		r.damage[dmg] += w
		r.loss[loss] += w
	}
	for wd := 1; wd <= 6; wd++ {
		for _, pd := range protFaces {
			r.normalLoss[max(0, read(weapon, wd+dm)-prot(pd))] += pf / 6
		}
	}
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			w := 1.0 / 36
			switch {
			case a == 1 && b == 1:
				r.fumble += w
				r.miss += w
				add(0, 0, w)
			case a == 6 && b == 6:
				r.crit += w
				r.hit += w
				for wd := 1; wd <= 6; wd++ {
					for _, pd := range protFaces {
						for c1 := 1; c1 <= 6; c1++ {
							for c2 := 1; c2 <= 6; c2++ {
								q := w / 6 * pf / 36
								var dmg int
								switch c1 + c2 {
								case 2:
									r.zero += q
									continue
								case 12:
									r.decap += q
									continue
								case 3, 6, 10:
									dmg = 2 * read(weapon, wd+dm)
								case 4:
									dmg = read(weapon, 6+dm)
								case 5, 9:
									dmg = read(weapon, wd+dm)
								case 7, 8:
									dmg = read(weapon, wd+dm+2)
								case 11:
									d1 := 2 * read(weapon, wd+dm)
									for w2 := 1; w2 <= 6; w2++ {
										for _, p2 := range protFaces {
											d2 := read(weapon, w2+dm+2)
											add(d1+d2, max(0, d1-prot(pd))+max(0, d2-prot(p2)), q/6*pf)
										}
									}
									continue
								}
								add(dmg, max(0, dmg-prot(pd)), q)
							}
						}
					}
				}
			case a+b < target:
				r.hit += w
				for wd := 1; wd <= 6; wd++ {
					for _, pd := range protFaces {
						dmg := read(weapon, wd+dm)
						loss := max(0, dmg-prot(pd))
						add(dmg, loss, w/6*pf)
					}
				}
			default:
				r.miss += w
				add(0, 0, w)
			}
		}
	}
	return r
}

func pmfOf(m map[int]float64) dice.PMF { return dice.FromMap(m) }

// bruteInputs are set-ups the brute force checks, covering every branch:
// melee and ranged, armor, Dodge, shields, nothing, modifiers past the
// track ends, and targets below 3 and above 12.
func bruteInputs() map[string]Input {
	d := DefaultInput()
	with := func(f func(*Input)) Input { in := d; f(&in); return in }
	return map[string]Input{
		"default": d,
		"rifle vs flak vest at range": with(func(in *Input) {
			in.Ranged, in.Weapon, in.Armor, in.OpponentSkill = true, "rifle", "flak_vest", 5
		}),
		"machine gun vs cataphract and large shield": with(func(in *Input) {
			in.Weapon, in.Armor, in.Shield, in.DamageModifier, in.ProtectionModifier = "machine_gun", "cataphract_armor", "large_shield", 3, -2
		}),
		"dagger vs dodge 3": with(func(in *Input) { in.Weapon, in.Dodge = "dagger", 3 }),
		"armor beats dodge": with(func(in *Input) { in.Weapon, in.Armor, in.Dodge = "greatsword", "jacket", 6 }),
		"shield only":       with(func(in *Input) { in.Shield, in.ProtectionModifier = "small_shield", 2 }),
		"dodge and shield":  with(func(in *Input) { in.Dodge, in.Shield, in.Weapon = 6, "large_shield", "blaster_pistol" }),
		"unarmed -6 damage": with(func(in *Input) { in.Weapon, in.DamageModifier, in.Armor = "unarmed", -6, "t_shirt" }),
		"target 2":          with(func(in *Input) { in.Physical, in.Skill, in.OpponentSkill = 1, 0, 0; in.Modifier = 1 }),
		"target -31":        with(func(in *Input) { in.Physical, in.Skill, in.OpponentSkill, in.Modifier = 1, 0, 12, -20 }),
		"target 44": with(func(in *Input) {
			in.Physical, in.Skill, in.Modifier, in.Weapon, in.Armor = 12, 12, 20, "laser_pistol", "helmet"
		}),
		"max damage modifier vs marine armor": with(func(in *Input) {
			in.Weapon, in.Armor, in.DamageModifier, in.ProtectionModifier = "shotgun", "marine_armor", 6, 6
		}),
	}
}

func TestOddsAgainstBruteForce(t *testing.T) {
	for name, in := range bruteInputs() {
		t.Run(name, func(t *testing.T) {
			rep, err := Odds(in)
			if err != nil {
				t.Fatal(err)
			}
			want := bruteAttack(in)
			for _, o := range []struct {
				name string
				p    float64
			}{
				{"hit", want.hit}, {"miss", want.miss}, {"critical", want.crit}, {"fumble", want.fumble},
				{"critical_zero_stamina", want.zero}, {"critical_decapitated", want.decap},
			} {
				if got, ok := rep.P(o.name); !ok || math.Abs(got-o.p) > tol {
					t.Errorf("P(%s) = %v (present %v), brute force %v", o.name, got, ok, o.p)
				}
			}
			for _, dist := range []struct {
				name string
				want dice.PMF
			}{
				{"damage", pmfOf(want.damage)}, {"stamina_loss", pmfOf(want.loss)},
				{"stamina_loss_normal_hit", pmfOf(want.normalLoss)},
			} {
				got, ok := rep.Dist(dist.name)
				if !ok || !dice.Equal(got, dist.want, tol) {
					t.Errorf("%s = %v, brute force %v", dist.name, got.Pairs(), dist.want.Pairs())
				}
				if m, _ := rep.Mean(dist.name); math.Abs(m-dist.want.Mean()) > tol {
					t.Errorf("mean %s = %v, brute force %v", dist.name, m, dist.want.Mean())
				}
			}
		})
	}
}

// eachRoll calls Resolve on every sequence of dice the attack can consume,
// extending a sequence by one die whenever Resolve runs out, and passes each
// complete roll with its probability 6^-len.
func eachRoll(t *testing.T, resolve func(*dice.Tape) (rules.Roll, error), f func(r rules.Roll, p float64)) {
	t.Helper()
	var rec func(prefix []int)
	rec = func(prefix []int) {
		r, err := resolve(dice.NewFixed(prefix))
		switch {
		case err == nil:
			f(r, math.Pow(6, -float64(len(prefix))))
		case strings.Contains(err.Error(), "needs at least"):
			for v := 1; v <= 6; v++ {
				rec(append(slices.Clone(prefix), v))
			}
		default:
			t.Fatalf("dice %v: %v", prefix, err)
		}
	}
	rec(nil)
}

func valueOf(r rules.Roll, name string) (int, bool) {
	for _, v := range r.Values {
		if v.Name == name {
			return v.Value, true
		}
	}
	return 0, false
}

func TestResolveAgreesWithOdds(t *testing.T) {
	for name, in := range bruteInputs() {
		t.Run(name, func(t *testing.T) {
			rep, err := Odds(in)
			if err != nil {
				t.Fatal(err)
			}
			outcome := map[string]float64{}
			var damage, loss dice.Builder
			var critEffect, fumbleEffect dice.Builder
			eachRoll(t, func(tp *dice.Tape) (rules.Roll, error) { return Resolve(in, tp) }, func(r rules.Roll, p float64) {
				outcome[r.Outcome] += p
				if len(r.Steps) == 0 || r.Result == "" {
					t.Errorf("roll %v has no trace", r.Dice)
				}
				for _, flag := range []string{"critical_zero_stamina", "critical_decapitated"} {
					if _, ok := valueOf(r, flag); ok {
						outcome[flag] += p
					}
				}
				if v, ok := valueOf(r, "critical_effect"); ok {
					critEffect.Add(v, p)
				}
				if v, ok := valueOf(r, "fumble_effect"); ok {
					fumbleEffect.Add(v, p)
				}
				d, okD := valueOf(r, "damage")
				l, okL := valueOf(r, "stamina_loss")
				switch {
				case r.Outcome == "miss" || r.Outcome == "fumble":
					d, l, okD, okL = 0, 0, true, true
				case okD != okL:
					t.Errorf("roll %v: damage and stamina_loss must come together", r.Dice)
				}
				if okD {
					damage.Add(d, p)
					loss.Add(l, p)
				}
			})
			for name, want := range map[string]float64{
				"hit":                   outcome["hit"] + outcome["critical"],
				"miss":                  outcome["miss"] + outcome["fumble"],
				"critical":              outcome["critical"],
				"fumble":                outcome["fumble"],
				"critical_zero_stamina": outcome["critical_zero_stamina"],
				"critical_decapitated":  outcome["critical_decapitated"],
			} {
				if got, _ := rep.P(name); math.Abs(got-want) > tol {
					t.Errorf("P(%s) = %v, resolved rolls give %v", name, got, want)
				}
			}
			for _, dist := range []struct {
				name string
				want dice.PMF
			}{
				{"damage", damage.PMF()}, {"stamina_loss", loss.PMF()},
				{"critical_effect", critEffect.PMF().Normalize()}, {"fumble_effect", fumbleEffect.PMF().Normalize()},
			} {
				if got, _ := rep.Dist(dist.name); !dice.Equal(got, dist.want, tol) {
					t.Errorf("%s = %v, resolved rolls give %v", dist.name, got.Pairs(), dist.want.Pairs())
				}
			}
		})
	}
}
