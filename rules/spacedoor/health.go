package spacedoor

import (
	"d6codex/rules"
	"d6codex/rules/dice"
)

// Health is a player's two pools.
type Health struct {
	Stamina int `json:"stamina"` // comes off first
	Health  int `json:"health"`  // after stamina; 0 means death saves
}

// StartingHealth is a level 1 player: stamina 9, health 3.
func StartingHealth() Health { return Health{Stamina: StartStamina, Health: StartHealth} }

// MaxPool is the largest stamina or health HealthOdds accepts.
const MaxPool = 999

// Validate returns a *rules.FieldError for stamina outside 0..999 or health
// outside 1..999 (a player at 0 health is making death saves).
func (h Health) Validate() error {
	return rules.FirstError(
		rules.IntRange("stamina", h.Stamina, 0, MaxPool),
		rules.IntRange("health", h.Health, 1, MaxPool),
	)
}

// Damage is what a hit did to a player.
type Damage struct {
	After       Health
	StaminaLost int
	HealthLost  int
	Wounded     bool // the hit took health
	Down        bool // health is 0: death saves
}

// ApplyDamage takes dmg off stamina first, then health (never below 0). A
// negative dmg counts as 0.
func ApplyDamage(h Health, dmg int) Damage {
	dmg = max(dmg, 0)
	s := min(dmg, max(h.Stamina, 0))
	hl := min(dmg-s, max(h.Health, 0))
	after := Health{Stamina: h.Stamina - s, Health: h.Health - hl}
	return Damage{After: after, StaminaLost: s, HealthLost: hl, Wounded: hl > 0, Down: after.Health <= 0}
}

// HealthOdds is the player's state after taking damage with distribution
// damage (for example AttackOdds' damage_taken) from the state start.
// Outcomes (a partition): unhurt (no damage), stamina_only (damage, no
// health lost), wounded (health lost, some left), down (health 0: death
// saves). Distributions and means: stamina_after, health_after.
func HealthOdds(start Health, damage dice.PMF) (rules.Report, error) {
	if err := start.Validate(); err != nil {
		return rules.Report{}, err
	}
	var unhurt, staminaOnly, wounded, down float64
	var st, he dice.Builder
	damage.Each(func(v int, p float64) {
		d := ApplyDamage(start, v)
		switch {
		case d.Down:
			down += p
		case d.Wounded:
			wounded += p
		case v > 0:
			staminaOnly += p
		default:
			unhurt += p
		}
		st.Add(d.After.Stamina, p)
		he.Add(d.After.Health, p)
	})
	s, h := st.PMF(), he.PMF()
	return rules.Report{
		Outcomes: []rules.Prob{
			{Name: "unhurt", P: unhurt},
			{Name: "stamina_only", P: staminaOnly},
			{Name: "wounded", P: wounded},
			{Name: "down", P: down},
		},
		Distributions: []rules.Dist{{Name: "stamina_after", PMF: s}, {Name: "health_after", PMF: h}},
		Means:         []rules.Mean{{Name: "stamina_after", Value: s.Mean()}, {Name: "health_after", Value: h.Mean()}},
	}, nil
}

// NPCDamage takes dmg off an NPC's single health pool: what is left (never
// below 0) and whether the NPC is dead.
func NPCDamage(pool, dmg int) (left int, dead bool) {
	left = max(pool-max(dmg, 0), 0)
	return left, left == 0
}
