package rollunder

import (
	"strconv"

	"d6codex/rules"
	"d6codex/rules/dice"
)

// Input ranges (inclusive). The calculator rollunder/attack uses the same.
const (
	MinPhysical            = 1
	MaxPhysical            = 12
	MaxSkill               = 12 // skill and opponent_skill run 0..MaxSkill
	MaxModifier            = 20 // modifier runs -MaxModifier..+MaxModifier
	MaxDodge               = 6  // dodge runs 0..MaxDodge; 0 means no Dodge track
	MaxDamageModifier      = 6  // damage_modifier runs -6..+6
	MaxProtectionModifier  = 6  // protection_modifier runs -6..+6
	defaultPhysical        = 4
	defaultSkill           = 3
	defaultOpponentSkill   = 1
	noneID                 = "none"
	outcomeHit             = "hit"
	outcomeMiss            = "miss"
	outcomeCritical        = "critical"
	outcomeFumble          = "fumble"
	outcomeCritZeroStamina = "critical_zero_stamina"
	outcomeCritDecapitated = "critical_decapitated"
)

// Input is one attack (calculator rollunder/attack). Each field maps to the
// calculator field named in its comment.
type Input struct {
	Physical           int    // physical: the attacker's PHYSICAL, 1..12
	Skill              int    // skill: the attacker's weapon skill, 0..12
	OpponentSkill      int    // opponent_skill: the defender's skill, 0..12 (melee only)
	Ranged             bool   // ranged: a ranged attack ignores opponent_skill
	Modifier           int    // modifier: signed combat modifiers, -20..+20, added to the target
	Weapon             string // weapon: a Weapons() id
	Armor              string // armor: an Armors() id ("none" for unarmored)
	Shield             string // shield: a Shields() id ("none", "small_shield", "large_shield")
	Dodge              int    // dodge: the defender's Dodge skill, 0..6; used only when armor is "none"
	DamageModifier     int    // damage_modifier: added to the weapon die, -6..+6
	ProtectionModifier int    // protection_modifier: added to the protection die, -6..+6
}

// DefaultInput is the calculator's default: PHYSICAL 4, skill 3 against
// skill 1 in melee with a sword, the target unarmored.
func DefaultInput() Input {
	return Input{Physical: defaultPhysical, Skill: defaultSkill, OpponentSkill: defaultOpponentSkill,
		Weapon: "sword", Armor: noneID, Shield: noneID}
}

// Validate checks every field; the error is a *rules.FieldError naming the
// calculator field and what it allows.
func (in Input) Validate() error {
	return rules.FirstError(
		rules.IntRange("physical", in.Physical, MinPhysical, MaxPhysical),
		rules.IntRange("skill", in.Skill, 0, MaxSkill),
		rules.IntRange("opponent_skill", in.OpponentSkill, 0, MaxSkill),
		rules.IntRange("modifier", in.Modifier, -MaxModifier, MaxModifier),
		rules.OneOf("weapon", in.Weapon, weaponIDs()...),
		rules.OneOf("armor", in.Armor, armorIDs(armorData[:])...),
		rules.OneOf("shield", in.Shield, armorIDs(shieldData[:])...),
		rules.IntRange("dodge", in.Dodge, 0, MaxDodge),
		rules.IntRange("damage_modifier", in.DamageModifier, -MaxDamageModifier, MaxDamageModifier),
		rules.IntRange("protection_modifier", in.ProtectionModifier, -MaxProtectionModifier, MaxProtectionModifier),
	)
}

// Target is the number the attack 2d6 must roll strictly under: PHYSICAL +
// skill - opponent's skill + modifier in melee, PHYSICAL + skill + modifier
// at range.
func (in Input) Target() int {
	t := in.Physical + in.Skill + in.Modifier
	if !in.Ranged {
		t -= in.OpponentSkill
	}
	return t
}

// setup is a validated Input with its tables looked up.
type setup struct {
	in       Input
	target   int
	weapon   Weapon
	base     Track  // armor or dodge track (zero when neither)
	baseName string // "Flak vest", "Dodge 3", ""
	shield   Armor
	rollProt bool   // whether the defender rolls a protection die at all
	protDie  string // "armor die", "dodge die", "shield die"
}

func newSetup(in Input) (setup, error) {
	if err := in.Validate(); err != nil {
		return setup{}, err
	}
	s := setup{in: in, target: in.Target()}
	s.weapon, _ = findWeapon(in.Weapon)
	armor, _ := findArmor(armorData[:], in.Armor)
	s.shield, _ = findArmor(shieldData[:], in.Shield)
	switch {
	case in.Armor != noneID:
		s.base, s.baseName, s.protDie = armor.Track, armor.Name, "armor die"
	case in.Dodge > 0:
		s.base, s.baseName, s.protDie = dodgeData[in.Dodge-1].Track, "Dodge "+strconv.Itoa(in.Dodge), "dodge die"
	default:
		s.protDie = "shield die"
	}
	s.rollProt = in.Armor != noneID || in.Dodge > 0 || in.Shield != noneID
	return s, nil
}

// protection is the protection a protection die showing face gives.
func (s setup) protection(face int) int {
	r := face + s.in.ProtectionModifier
	return s.base.Read(r) + s.shield.Track.Read(r)
}

// attackResult classifies the attack dice.
func (s setup) attackResult(a, b int) string {
	switch {
	case a == 6 && b == 6:
		return outcomeCritical
	case a == 1 && b == 1:
		return outcomeFumble
	case a+b < s.target:
		return outcomeHit
	}
	return outcomeMiss
}

// hit is the damage (track values, doubled where the critical says so) and
// STAMINA loss of a hit with the given kind and dice: w, p are the weapon and
// protection dice, w2, p2 those of the critical's second hit. ok is false
// when the loss is not a number (0 STAMINA, decapitated).
func (s setup) hit(kind critKind, w, p, w2, p2 int) (damage, loss int, ok bool) {
	dm := s.in.DamageModifier
	prot := s.protection(p)
	switch kind {
	case critZero, critDecapitate:
		return 0, 0, false
	case critDouble:
		damage = 2 * s.weapon.Track.Read(w+dm)
	case critMax:
		damage = s.weapon.Track.Read(6 + dm)
	case critPlus2:
		damage = s.weapon.Track.Read(w + dm + 2)
	case critDoubleHit2:
		d1 := 2 * s.weapon.Track.Read(w+dm)
		d2 := s.weapon.Track.Read(w2 + dm + 2)
		return d1 + d2, max(0, d1-prot) + max(0, d2-s.protection(p2)), true
	default:
		damage = s.weapon.Track.Read(w + dm)
	}
	return damage, max(0, damage-prot), true
}

// Odds is the exact report of one attack.
//
// Outcomes: hit and miss partition the attack; critical (double 6) is part
// of hit and fumble (double 1) part of miss; critical_zero_stamina and
// critical_decapitated are the parts of critical whose STAMINA loss is not a
// number. Distributions: damage, stamina_loss (over all attacks, a miss
// counting 0; they leave out the mass of critical_zero_stamina and
// critical_decapitated), stamina_loss_normal_hit (given a hit that is not a
// critical), critical_effect (given a critical) and fumble_effect (given a
// fumble). Means: damage, stamina_loss, stamina_loss_normal_hit.
func Odds(in Input) (rules.Report, error) {
	s, err := newSetup(in)
	if err != nil {
		return rules.Report{}, err
	}
	var pHit, pMiss, pCrit, pFumble float64
	const d = 1.0 / 6
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			switch s.attackResult(a, b) {
			case outcomeCritical:
				pCrit += d * d
			case outcomeFumble:
				pFumble += d * d
			case outcomeHit:
				pHit += d * d
			default:
				pMiss += d * d
			}
		}
	}
	prot := []int{1, 2, 3, 4, 5, 6}
	if !s.rollProt {
		prot = []int{1} // every track reads 0: the die is not rolled
	}
	pp := 1 / float64(len(prot))

	// Normal hit.
	var nDamage, nLoss dice.Builder
	for w := 1; w <= 6; w++ {
		for _, p := range prot {
			dmg, loss, _ := s.hit(critNormal, w, p, 0, 0)
			nDamage.Add(dmg, d*pp)
			nLoss.Add(loss, d*pp)
		}
	}
	normalDamage, normalLoss := nDamage.PMF(), nLoss.PMF()

	// Critical: mixture over the 2d6 critical table.
	two := dice.NdS(2, 6)
	var cDamage, cLoss dice.Builder
	var pZero, pDecap float64
	for r := 2; r <= 12; r++ {
		pr := two.P(r)
		kind := critData[r-2].kind
		switch kind {
		case critZero:
			pZero += pr
			continue
		case critDecapitate:
			pDecap += pr
			continue
		}
		second := []int{0}
		if kind == critDoubleHit2 {
			second = []int{1, 2, 3, 4, 5, 6}
		}
		ps := 1 / float64(len(second))
		for w := 1; w <= 6; w++ {
			for _, p := range prot {
				for _, w2 := range second {
					// The second hit's protection die, when there is one.
					p2s := []int{0}
					if kind == critDoubleHit2 {
						p2s = prot
					}
					for _, p2 := range p2s {
						q := pr * d * pp * ps / float64(len(p2s))
						dmg, loss, _ := s.hit(kind, w, p, w2, p2)
						cDamage.Add(dmg, q)
						cLoss.Add(loss, q)
					}
				}
			}
		}
	}

	var damage, loss dice.Builder
	damage.Add(0, pMiss+pFumble)
	loss.Add(0, pMiss+pFumble)
	damage.AddPMF(normalDamage, pHit)
	loss.AddPMF(normalLoss, pHit)
	damage.AddPMF(cDamage.PMF(), pCrit)
	loss.AddPMF(cLoss.PMF(), pCrit)
	damagePMF, lossPMF := damage.PMF(), loss.PMF()

	return rules.Report{
		Outcomes: []rules.Prob{
			{Name: outcomeHit, P: pHit + pCrit},
			{Name: outcomeMiss, P: pMiss + pFumble},
			{Name: outcomeCritical, P: pCrit},
			{Name: outcomeFumble, P: pFumble},
			{Name: outcomeCritZeroStamina, P: pCrit * pZero},
			{Name: outcomeCritDecapitated, P: pCrit * pDecap},
		},
		Distributions: []rules.Dist{
			{Name: "damage", PMF: damagePMF},
			{Name: "stamina_loss", PMF: lossPMF},
			{Name: "stamina_loss_normal_hit", PMF: normalLoss},
			{Name: "critical_effect", PMF: two, Label: criticalLabel},
			{Name: "fumble_effect", PMF: two, Label: fumbleLabel},
		},
		Means: []rules.Mean{
			{Name: "damage", Value: damagePMF.Mean()},
			{Name: "stamina_loss", Value: lossPMF.Mean()},
			{Name: "stamina_loss_normal_hit", Value: normalLoss.Mean()},
		},
	}, nil
}

func criticalLabel(v int) string {
	if v < 2 || v > 12 {
		return ""
	}
	return critData[v-2].Label
}

func fumbleLabel(v int) string {
	if v < 2 || v > 12 {
		return ""
	}
	return fumbleData[v-2].Label
}

// Resolve resolves one attack from the dice on t, in this order: the two
// attack dice; on a fumble the two fumble-table dice; on a hit the weapon
// die, then the protection die (armor, dodge or shield die; none when the
// defender has no armor, Dodge or shield), and on a critical the two
// critical-table dice, and for critical 11 the second hit's weapon and
// protection dice. Roll.Outcome is "critical" or "fumble" for doubles, else
// "hit" or "miss". Values: target, attack_roll, and as they apply damage
// (both hits on critical 11), protection (the first hit's), stamina_loss, critical_effect, fumble_effect,
// critical_zero_stamina and critical_decapitated (1 when set).
func Resolve(in Input, t *dice.Tape) (rules.Roll, error) {
	s, err := newSetup(in)
	if err != nil {
		return rules.Roll{}, err
	}
	r := resolver{s: s, t: t}
	if err := r.run(); err != nil {
		return rules.Roll{}, err
	}
	if err := t.Done(); err != nil {
		return rules.Roll{}, err
	}
	r.roll.Dice = t.Rolls()
	return r.roll, nil
}

// resolver accumulates one resolved attack.
type resolver struct {
	s    setup
	t    *dice.Tape
	roll rules.Roll
}

func (r *resolver) step(s string) { r.roll.Steps = append(r.roll.Steps, s) }
func (r *resolver) value(name string, v int) {
	r.roll.Values = append(r.roll.Values, rules.Value{Name: name, Value: v})
}

func (r *resolver) two(what string) (int, int, error) {
	a, err := r.t.Roll(6, what+" 1")
	if err != nil {
		return 0, 0, err
	}
	b, err := r.t.Roll(6, what+" 2")
	return a, b, err
}

func (r *resolver) run() error {
	s, in := r.s, r.s.in
	itoa := strconv.Itoa
	tgt := "Target: PHYSICAL " + itoa(in.Physical) + " + skill " + itoa(in.Skill)
	if !in.Ranged {
		tgt += " - opponent's skill " + itoa(in.OpponentSkill)
	}
	if in.Modifier != 0 {
		tgt += " + modifier " + signed(in.Modifier)
	}
	tgt += " = " + itoa(s.target)
	if in.Ranged {
		tgt += " (ranged: the defender's skill does not count)"
	} else {
		tgt += " (melee)"
	}
	r.step(tgt + "; the attack roll must be under it.")
	r.value("target", s.target)

	a, b, err := r.two("attack die")
	if err != nil {
		return err
	}
	r.value("attack_roll", a+b)
	outcome := s.attackResult(a, b)
	r.roll.Outcome = outcome
	sum := itoa(a) + " + " + itoa(b)
	switch outcome {
	case outcomeCritical:
		r.step("Attack roll " + sum + ": double 6 always hits, with a critical.")
	case outcomeFumble:
		r.step("Attack roll " + sum + ": double 1 always misses, and the attacker fumbles.")
	case outcomeHit:
		r.step("Attack roll " + sum + " = " + itoa(a+b) + ", under " + itoa(s.target) + ": hit.")
	default:
		r.step("Attack roll " + sum + " = " + itoa(a+b) + ", not under " + itoa(s.target) + ": miss.")
	}

	switch outcome {
	case outcomeMiss:
		r.roll.Result = "Miss."
		return nil
	case outcomeFumble:
		f1, f2, err := r.two("fumble die")
		if err != nil {
			return err
		}
		e := fumbleData[f1+f2-2]
		r.value("fumble_effect", e.Roll)
		r.step("Fumble roll " + itoa(f1) + " + " + itoa(f2) + " = " + itoa(e.Roll) + ": " + e.Text)
		r.roll.Result = "Miss and fumble: " + e.Label + "."
		return nil
	}

	w, err := r.t.Roll(6, "weapon die")
	if err != nil {
		return err
	}
	p, err := r.protDie(s.protDie)
	if err != nil {
		return err
	}
	if in.Armor != noneID && in.Dodge > 0 {
		r.step("The defender wears armor, so the Dodge track does not apply.")
	}

	kind, critLabel := critNormal, ""
	if outcome == outcomeCritical {
		if s.rollProt {
			r.step("Weapon die " + itoa(w) + " and " + s.protDie + " " + itoa(p) + " are set aside; the critical table says how to use them.")
		} else {
			r.step("Weapon die " + itoa(w) + " is set aside; the critical table says how to use it.")
		}
		c1, c2, err := r.two("critical die")
		if err != nil {
			return err
		}
		c := critData[c1+c2-2]
		kind, critLabel = c.kind, c.Label
		r.value("critical_effect", c.Roll)
		r.step("Critical roll " + itoa(c1) + " + " + itoa(c2) + " = " + itoa(c.Roll) + ": " + c.Text)
		switch kind {
		case critZero:
			r.value(outcomeCritZeroStamina, 1)
			r.step("The damage roll does not count: the target is at 0 STAMINA.")
			r.roll.Result = "Critical hit: the target drops to 0 STAMINA."
			return nil
		case critDecapitate:
			r.value(outcomeCritDecapitated, 1)
			r.step("The damage roll does not count.")
			r.roll.Result = "Critical hit: the target is decapitated."
			return nil
		}
	}

	damage, prot := r.damageStep(kind, w), r.protStep(p)
	loss := r.lossStep(damage, prot)
	totalDamage, totalLoss := damage, loss
	if kind == critDoubleHit2 {
		w2, err := r.t.Roll(6, "second hit weapon die")
		if err != nil {
			return err
		}
		p2, err := r.protDie("second hit " + s.protDie)
		if err != nil {
			return err
		}
		r.step("Another hit, at +2 to the damage roll:")
		d2 := r.damageStep(critPlus2, w2)
		l2 := r.lossStep(d2, r.protStep(p2))
		totalDamage += d2
		totalLoss += l2
		r.step("Both hits: " + itoa(loss) + " + " + itoa(l2) + " = " + itoa(totalLoss) + " STAMINA lost.")
	}
	r.value("damage", totalDamage)
	if s.rollProt {
		r.value("protection", prot)
	}
	r.value("stamina_loss", totalLoss)
	res := "Hit: "
	if outcome == outcomeCritical {
		res = "Critical hit (" + critLabel + "): "
	}
	r.roll.Result = res + itoa(totalLoss) + " STAMINA lost."
	return nil
}

// protDie rolls the protection die, unless the defender has nothing to roll
// for (no armor, Dodge or shield), when it returns 0 without a die.
func (r *resolver) protDie(what string) (int, error) {
	if !r.s.rollProt {
		return 0, nil
	}
	return r.t.Roll(6, what)
}

// damageStep reads the weapon die for a hit of the given kind and explains
// it. For critDoubleHit2 it is the first, doubled hit.
func (r *resolver) damageStep(kind critKind, w int) int {
	s, dm := r.s, r.s.in.DamageModifier
	track := "the " + s.weapon.Name + " track"
	switch kind {
	case critDouble, critDoubleHit2:
		v := s.weapon.Track.Read(w + dm)
		r.step(readText("Weapon die", w, dm, track) + ": " + strconv.Itoa(v) + "; double damage: 2 x " +
			strconv.Itoa(v) + " = " + strconv.Itoa(2*v) + ".")
		return 2 * v
	case critMax:
		v := s.weapon.Track.Read(6 + dm)
		r.step("Maximum weapon damage: " + readText("a weapon die", 6, dm, track) + " gives " + strconv.Itoa(v) +
			" (the weapon die rolled does not count).")
		return v
	case critPlus2:
		v := s.weapon.Track.Read(w + dm + 2)
		r.step(readText("Weapon die", w, dm+2, track) + ": " + strconv.Itoa(v) + " damage.")
		return v
	}
	v := s.weapon.Track.Read(w + dm)
	r.step(readText("Weapon die", w, dm, track) + ": " + strconv.Itoa(v) + " damage.")
	return v
}

// protStep reads the protection die and explains it.
func (r *resolver) protStep(p int) int {
	s, pm := r.s, r.s.in.ProtectionModifier
	if !s.rollProt {
		r.step("No armor, Dodge or shield: no protection.")
		return 0
	}
	v := s.protection(p)
	what := rules.UpperFirst(s.protDie)
	switch {
	case s.baseName != "" && s.in.Shield != noneID:
		b, sh := s.base.Read(p+pm), s.shield.Track.Read(p+pm)
		r.step(readText(what, p, pm, "the "+s.baseName+" and "+s.shield.Name+" tracks") + ": " +
			strconv.Itoa(b) + " + " + strconv.Itoa(sh) + " = " + strconv.Itoa(v) + " protection.")
	case s.baseName != "":
		r.step(readText(what, p, pm, "the "+s.baseName+" track") + ": " + strconv.Itoa(v) + " protection.")
	default:
		r.step(readText(what, p, pm, "the "+s.shield.Name+" track") + ": " + strconv.Itoa(v) + " protection.")
	}
	return v
}

// lossStep subtracts protection from damage and explains it.
func (r *resolver) lossStep(damage, prot int) int {
	d, p := strconv.Itoa(damage), strconv.Itoa(prot)
	if prot >= damage {
		r.step(d + " damage - " + p + " protection: nothing gets through.")
		return 0
	}
	loss := damage - prot
	r.step(d + " damage - " + p + " protection = " + strconv.Itoa(loss) + " STAMINA lost.")
	return loss
}

// readText explains reading a (modified) die on a track: "Weapon die 5 +2 =
// 7, read as 7+, on the Rifle track".
func readText(what string, face, mod int, tracks string) string {
	roll := face + mod
	s := what + " " + strconv.Itoa(face)
	if mod != 0 {
		s += " " + signed(mod) + " = " + strconv.Itoa(roll)
	}
	switch {
	case roll > 6:
		s += ", read as 7+,"
	case roll < 1:
		s += ", read as 1,"
	}
	return s + " on " + tracks
}
