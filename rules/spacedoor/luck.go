package spacedoor

import (
	"strconv"

	"d6codex/rules"
	"d6codex/rules/dice"
)

// When a player spends a point of luck to turn a hit into 0 damage
// (setting luck_use). The point is spent once the damage is rolled, on
// the hit it cancels.
const (
	LuckDown   = "down"   // only on a hit that would take the last health (default)
	LuckWound  = "wound"  // on any hit that would take health
	LuckDamage = "damage" // on every hit
)

// LuckUses lists the luck_use options.
func LuckUses() []string { return []string{LuckDown, LuckWound, LuckDamage} }

// Limits of the luck calculator.
const (
	MaxExchanges = 20 // exchanges: attacks played one after another
	MaxLuckPool  = 99 // stamina and health of this calculator
)

// LuckInput is the input of the spacedoor/luck calculator: a player with
// stamina, health and luck left attacks again and again (each attack an
// exchange, the damage taken by the attack table), spending luck by the
// policy use.
type LuckInput struct {
	Stamina   int    // calc "stamina": 0..MaxLuckPool
	Health    int    // calc "health": 1..MaxLuckPool
	Luck      int    // calc "luck": points left, 0..Luck
	Exchanges int    // calc "exchanges": 1..MaxExchanges
	Tough     int    // calc "tough": -3..+5
	Mode      string // calc "mode": normal, advantage or disadvantage
	Use       string // calc "luck_use": down, wound or damage
}

// DefaultLuckInput is a level 1 player with all 7 points, five attacks at
// Tough +0, spending luck only to stay up.
func DefaultLuckInput() LuckInput {
	return LuckInput{Stamina: StartStamina, Health: StartHealth, Luck: Luck, Exchanges: 5, Mode: ModeNormal, Use: LuckDown}
}

// Validate returns a *rules.FieldError naming the first bad field.
func (in LuckInput) Validate() error {
	return rules.FirstError(
		rules.IntRange("stamina", in.Stamina, 0, MaxLuckPool),
		rules.IntRange("health", in.Health, 1, MaxLuckPool),
		rules.IntRange("luck", in.Luck, 0, Luck),
		rules.IntRange("exchanges", in.Exchanges, 1, MaxExchanges),
		validateRoll(in.Tough, in.Mode),
		rules.OneOf("luck_use", in.Use, LuckUses()...),
	)
}

// spends reports whether the policy spends a point on a hit of x damage
// when taken damage is already off the player's pools.
func (in LuckInput) spends(taken, x int) bool {
	switch {
	case x <= 0:
		return false
	case in.Use == LuckDamage:
		return true
	case in.Use == LuckWound:
		return taken+x > in.Stamina
	}
	return taken+x >= in.Stamina+in.Health
}

// LuckOdds is the exact course of the exchanges: outcomes standing (still
// up after the last exchange) and down (health 0: death saves);
// distributions exchanges_standing (exchanges ended on one's feet),
// luck_left, health_after; means of those and luck_spent. The state is the
// damage taken so far and the luck left; a player who goes down stops.
func LuckOdds(in LuckInput) (rules.Report, error) {
	if err := in.Validate(); err != nil {
		return rules.Report{}, err
	}
	att, err := AttackOdds(AttackInput{Tough: in.Tough, Mode: in.Mode})
	if err != nil {
		return rules.Report{}, err
	}
	hit, _ := att.Dist("damage_taken")
	pool := in.Stamina + in.Health
	luck := in.Luck + 1
	// p[taken*luck+l]: standing with taken damage and l points left.
	p := make([]float64, pool*luck)
	p[in.Luck] = 1
	var standing, left, health dice.Builder
	down := 0.0
	for k := range in.Exchanges {
		next := make([]float64, len(p))
		for s, q := range p {
			if q == 0 {
				continue
			}
			taken, l := s/luck, s%luck
			hit.Each(func(x int, px float64) {
				switch {
				case l > 0 && in.spends(taken, x):
					next[s-1] += q * px
				case taken+x >= pool:
					down += q * px
					standing.Add(k, q*px)
					left.Add(l, q*px)
					health.Add(0, q*px)
				default:
					next[s+x*luck] += q * px
				}
			})
		}
		p = next
	}
	up := 0.0
	for s, q := range p {
		up += q
		standing.Add(in.Exchanges, q)
		left.Add(s%luck, q)
		health.Add(in.Health-max(0, s/luck-in.Stamina), q)
	}
	// Sums over many paths can pass 1 by a rounding error (1 + 1e-15).
	up, down = min(up, 1), min(down, 1)
	ex, lf, he := standing.PMF(), left.PMF(), health.PMF()
	return rules.Report{
		Outcomes: []rules.Prob{{Name: "standing", P: up}, {Name: "down", P: down}},
		Distributions: []rules.Dist{
			{Name: "exchanges_standing", PMF: ex},
			{Name: "luck_left", PMF: lf},
			{Name: "health_after", PMF: he},
		},
		Means: []rules.Mean{
			{Name: "exchanges_standing", Value: ex.Mean()},
			{Name: "luck_spent", Value: float64(in.Luck) - lf.Mean()},
			{Name: "health_after", Value: he.Mean()},
		},
	}, nil
}

// ResolveLuck plays the exchanges from the dice in t, each as the attack
// calculator takes them (the roll, the enemy's damage, the player's), and
// stops when the player goes down. Values: exchanges_standing, luck_left,
// health_after.
func ResolveLuck(in LuckInput, t *dice.Tape) (rules.Roll, error) {
	if err := in.Validate(); err != nil {
		return rules.Roll{}, err
	}
	var steps []string
	taken, l, k := 0, in.Luck, 0
	pool := in.Stamina + in.Health
	for ; k < in.Exchanges; k++ {
		ro, err := resolveRoll(t, in.Tough, in.Mode, "attack")
		if err != nil {
			return rules.Roll{}, err
		}
		if _, _, err := rollDamage(t, attackEnemyDice[ro.result], "enemy damage"); err != nil {
			return rules.Roll{}, err
		}
		x, words, err := rollDamage(t, attackPlayerDice[ro.result], "your damage")
		if err != nil {
			return rules.Roll{}, err
		}
		step := "Exchange " + strconv.Itoa(k+1) + ": " + ro.result.Words() + " (total " + strconv.Itoa(ro.total) + "), you take " + words
		if l > 0 && in.spends(taken, x) {
			l--
			steps = append(steps, step+"; a point of luck turns the hit into 0 damage ("+strconv.Itoa(l)+" left).")
			continue
		}
		taken += x
		steps = append(steps, step+"; "+strconv.Itoa(min(taken, pool))+" of your "+strconv.Itoa(pool)+" stamina and health gone.")
		if taken >= pool {
			break
		}
	}
	if err := t.Done(); err != nil {
		return rules.Roll{}, err
	}
	hp := max(0, in.Health-max(0, taken-in.Stamina))
	outcome, result := "standing", "Standing after "+strconv.Itoa(in.Exchanges)+" exchanges with "+strconv.Itoa(l)+" luck left."
	if hp == 0 {
		outcome, result = "down", "Down in exchange "+strconv.Itoa(k+1)+" with "+strconv.Itoa(l)+" luck left: death saves."
	}
	return rules.Roll{
		Dice: t.Rolls(), Outcome: outcome, Result: result, Steps: steps,
		Values: []rules.Value{
			{Name: "exchanges_standing", Value: k},
			{Name: "luck_left", Value: l},
			{Name: "health_after", Value: hp},
		},
	}, nil
}
