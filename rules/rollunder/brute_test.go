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
// of the package's code paths). For a defence roll hit and crit are the hits
// on the player (crit: double 1), miss and fumble the attacks avoided
// (fumble: double 6, the attacker fumbles).
type bruteResult struct {
	hit, miss, crit, fumble, zero, decap float64
	damage, loss, normalLoss             map[int]float64
	normalMass                           float64
}

// bruteSide is what the enumeration needs of one attack, worked out by the
// test from the note: the target, who rolls, the tracks and modifiers.
type bruteSide struct {
	target          int
	defence         bool // the player's defence roll: under the target avoids
	weapon          Track
	base, shield    Track // the protection tracks read from the one die
	noProtection    bool  // nothing to read: the die is not rolled
	dmgMod, protMod int
}

// bruteTrack looks up a track by id in list (by the exported tables).
func bruteTrack(list []Armor, id string) Track {
	for _, a := range list {
		if a.ID == id {
			return a.Track
		}
	}
	return Track{}
}

func bruteWeapon(id string) Track {
	for _, w := range Weapons() {
		if w.ID == id {
			return w.Track
		}
	}
	return Track{}
}

// bruteGuard reads the note's protection rules: armor when worn (the shield
// adds to it), else Dodge when the defender has it, with the shield added
// ("stack") or, under "either", the shield alone for a defender who blocks
// with it and the Dodge track alone for one who dodges; else the shield
// alone, or nothing.
func bruteGuard(b *bruteSide, armor, shield string, dodge int, setting string, blocking bool) {
	b.shield = bruteTrack(Shields(), shield)
	switch {
	case armor != "none":
		b.base = bruteTrack(Armors(), armor)
	case dodge > 0 && shield != "none" && setting == "either" && blocking:
		// The shield alone.
	case dodge > 0:
		b.base = DodgeTracks()[dodge-1].Track
		if shield != "none" && setting == "either" {
			b.shield = Track{}
		}
	}
	b.noProtection = armor == "none" && dodge == 0 && shield == "none"
}

func bruteAttack(in Input) bruteResult {
	b := bruteSide{target: in.Physical + in.Skill + in.Modifier, weapon: bruteWeapon(in.Weapon),
		dmgMod: in.DamageModifier, protMod: in.ProtectionModifier}
	if !in.Ranged {
		b.target -= in.OpponentSkill
	}
	bruteGuard(&b, in.Armor, in.Shield, in.Dodge, in.DodgeShield, false)
	return bruteExchange(b)
}

func bruteDefend(in DefendInput) bruteResult {
	own := in.Skill
	if in.DefendWith == "dodge" {
		own = in.Dodge
	}
	b := bruteSide{target: in.Physical + in.AttackerSkill - own + in.Modifier, defence: true,
		weapon: bruteWeapon(in.Weapon), dmgMod: in.DamageModifier, protMod: in.ProtectionModifier}
	bruteGuard(&b, in.Armor, in.Shield, in.Dodge, in.DodgeShield, in.DefendWith == "armor_skill")
	return bruteExchange(b)
}

func bruteExchange(bs bruteSide) bruteResult {
	read := func(tr Track, roll int) int { return tr[min(max(roll, 1), 7)-1] }
	weapon := bs.weapon
	prot := func(face int) int {
		r := face + bs.protMod
		return read(bs.base, r) + read(bs.shield, r)
	}
	// No armor, Dodge or shield: no protection die (weight 1, face irrelevant).
	protFaces := []int{1, 2, 3, 4, 5, 6}
	if bs.noProtection {
		protFaces = []int{1}
	}
	pf := 1 / float64(len(protFaces))
	target := bs.target
	dm := bs.dmgMod
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
	// The doubles: the one that misses with a fumble, the one that hits
	// with a critical.
	fumbleFace, critFace := 1, 6
	if bs.defence {
		fumbleFace, critFace = 6, 1
	}
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			w := 1.0 / 36
			lands := a+b < target
			if bs.defence {
				lands = !lands
			}
			switch {
			case a == fumbleFace && b == fumbleFace:
				r.fumble += w
				r.miss += w
				add(0, 0, w)
			case a == critFace && b == critFace:
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
			case lands:
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
		"dodge or shield": with(func(in *Input) {
			in.Dodge, in.Shield, in.Weapon, in.DodgeShield = 4, "small_shield", "laser_pistol", DodgeShieldEither
		}),
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

// names are a report's outcome names for a bruteResult's fields.
type names struct{ hit, miss, crit, fumble string }

var (
	attackWords = names{"hit", "miss", "critical", "fumble"}
	defendWords = names{"hit", "avoided", "critical_hit", "attacker_fumbles"}
)

// checkBrute compares a report with the brute force, exactly.
func checkBrute(t *testing.T, rep rules.Report, want bruteResult, n names) {
	t.Helper()
	for _, o := range []struct {
		name string
		p    float64
	}{
		{n.hit, want.hit}, {n.miss, want.miss}, {n.crit, want.crit}, {n.fumble, want.fumble},
		{"critical_zero_stamina", want.zero}, {"critical_decapitated", want.decap},
	} {
		if got, ok := rep.P(o.name); !ok || math.Abs(got-o.p) > tol {
			t.Errorf("P(%s) = %v (present %v), brute force %v", o.name, got, ok, o.p)
		}
	}
	if len(rep.Outcomes) != 10 {
		t.Errorf("%d outcomes, want 10: %v", len(rep.Outcomes), rep.Outcomes)
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
}

func TestOddsAgainstBruteForce(t *testing.T) {
	for name, in := range bruteInputs() {
		t.Run(name, func(t *testing.T) {
			rep, err := Odds(in)
			if err != nil {
				t.Fatal(err)
			}
			checkBrute(t, rep, bruteAttack(in), attackWords)
		})
	}
}

// bruteDefendInputs are defence rolls covering every branch: each defending
// skill, melee and ranged, armor, Dodge and shields under both dodge_shield
// settings, nothing at all, modifiers past the track ends, and targets
// below 3 and above 12.
func bruteDefendInputs() map[string]DefendInput {
	d := DefaultDefendInput()
	with := func(f func(*DefendInput)) DefendInput { in := d; f(&in); return in }
	return map[string]DefendInput{
		"default": d,
		"sword vs weapon skill and jacket": with(func(in *DefendInput) {
			in.Physical, in.AttackerSkill, in.Skill, in.Armor = 6, 2, 3, "jacket"
		}),
		"pistol vs dodge at range": with(func(in *DefendInput) {
			in.Ranged, in.DefendWith, in.Dodge, in.Weapon = true, DefendDodge, 2, "pistol_smg"
		}),
		"rifle vs armor skill with flak vest and shield": with(func(in *DefendInput) {
			in.Ranged, in.DefendWith, in.Skill, in.Weapon, in.Armor, in.Shield = true, DefendArmorSkill, 4, "rifle", "flak_vest", "large_shield"
		}),
		"dodge and shield, stacked": with(func(in *DefendInput) {
			in.DefendWith, in.Dodge, in.Shield, in.Weapon = DefendDodge, 5, "small_shield", "greatsword"
		}),
		"dodge and shield, dodging": with(func(in *DefendInput) {
			in.DefendWith, in.Dodge, in.Shield, in.DodgeShield = DefendDodge, 5, "small_shield", DodgeShieldEither
		}),
		"dodge and shield, blocking": with(func(in *DefendInput) {
			in.DefendWith, in.Skill, in.Dodge, in.Shield, in.DodgeShield = DefendArmorSkill, 2, 6, "large_shield", DodgeShieldEither
		}),
		"weapon skill, dodge and shield, either": with(func(in *DefendInput) {
			in.Dodge, in.Shield, in.DodgeShield, in.ProtectionModifier = 3, "large_shield", DodgeShieldEither, 3
		}),
		"armor beats dodge": with(func(in *DefendInput) { in.Armor, in.Dodge, in.Weapon = "marine_armor", 6, "machine_gun" }),
		"target 2": with(func(in *DefendInput) {
			in.Physical, in.AttackerSkill, in.Skill, in.Modifier = 1, 0, 0, 1
		}),
		"target -31": with(func(in *DefendInput) {
			in.Physical, in.AttackerSkill, in.Skill, in.Modifier = 1, 0, 12, -20
		}),
		"target 44": with(func(in *DefendInput) {
			in.Physical, in.AttackerSkill, in.Skill, in.Modifier, in.Weapon = 12, 12, 0, 20, "blaster_pistol"
		}),
		"modifiers at their limits": with(func(in *DefendInput) {
			in.Weapon, in.Armor, in.DamageModifier, in.ProtectionModifier = "dagger", "cataphract_armor", -6, 6
		}),
	}
}

func TestDefendOddsAgainstBruteForce(t *testing.T) {
	for name, in := range bruteDefendInputs() {
		t.Run(name, func(t *testing.T) {
			rep, err := DefendOdds(in)
			if err != nil {
				t.Fatal(err)
			}
			checkBrute(t, rep, bruteDefend(in), defendWords)
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

// flagNames are the outcomes a resolved roll flags with a value of the
// same name.
var flagNames = []string{"critical_zero_stamina", "critical_decapitated", "critical_lucky", "fumble_lucky",
	"fumble_hits_self", "fumble_drops_guard"}

// checkResolve resolves every sequence of dice and checks that the rolls,
// weighted by their chance, give the report's outcomes and distributions.
func checkResolve(t *testing.T, rep rules.Report, resolve func(*dice.Tape) (rules.Roll, error), n names) {
	t.Helper()
	outcome := map[string]float64{}
	var damage, loss dice.Builder
	var critEffect, fumbleEffect dice.Builder
	eachRoll(t, resolve, func(r rules.Roll, p float64) {
		outcome[r.Outcome] += p
		if len(r.Steps) == 0 || r.Result == "" {
			t.Errorf("roll %v has no trace", r.Dice)
		}
		for _, flag := range flagNames {
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
		case r.Outcome == n.miss || r.Outcome == n.fumble:
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
		n.hit:    outcome[n.hit] + outcome[n.crit],
		n.miss:   outcome[n.miss] + outcome[n.fumble],
		n.crit:   outcome[n.crit],
		n.fumble: outcome[n.fumble],
	} {
		if got, _ := rep.P(name); math.Abs(got-want) > tol {
			t.Errorf("P(%s) = %v, resolved rolls give %v", name, got, want)
		}
	}
	for _, name := range flagNames {
		if got, _ := rep.P(name); math.Abs(got-outcome[name]) > tol {
			t.Errorf("P(%s) = %v, resolved rolls give %v", name, got, outcome[name])
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
}

func TestResolveAgreesWithOdds(t *testing.T) {
	for name, in := range bruteInputs() {
		t.Run(name, func(t *testing.T) {
			rep, err := Odds(in)
			if err != nil {
				t.Fatal(err)
			}
			checkResolve(t, rep, func(tp *dice.Tape) (rules.Roll, error) { return Resolve(in, tp) }, attackWords)
		})
	}
}

func TestResolveDefendAgreesWithOdds(t *testing.T) {
	for name, in := range bruteDefendInputs() {
		t.Run(name, func(t *testing.T) {
			rep, err := DefendOdds(in)
			if err != nil {
				t.Fatal(err)
			}
			checkResolve(t, rep, func(tp *dice.Tape) (rules.Roll, error) { return ResolveDefend(in, tp) }, defendWords)
		})
	}
}
