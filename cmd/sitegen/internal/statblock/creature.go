package statblock

import (
	"math"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Creature is what Initiative Tracker reads of a stat block for an
// encounter. Its fields are text as written, "" when the block does not
// give them.
type Creature struct {
	Name string
	// HP and AC are the creature's hit points and armour class; HitDice
	// the dice its hit points are rolled with (5e's hit_dice).
	HP, AC, HitDice string
	// Modifier is its initiative modifier, signed ("+2").
	Modifier string
	// XP is the experience it is worth: its `xp`, else the 5e layout's
	// value of its challenge rating.
	XP string
}

// Stats reads a stat block's YAML body as Initiative Tracker reads a
// creature of the bestiary: `hp`, `ac`, `hit_dice` and `modifier`; with no
// modifier, 13th Age's `initiative` (the bonus its layout shows), else
// the Dexterity modifier of 5e's `stats` (Initiative Tracker's
// Creature.from: floor((stats[1] - 10) / 2)).
func Stats(body string) (Creature, error) {
	m, err := parseMonster(body)
	if err != nil {
		return Creature{}, err
	}
	c := Creature{Name: m.str("name"), HP: m.str("hp"), AC: m.str("ac"), HitDice: m.str("hit_dice"), XP: m.str("xp")}
	switch {
	case m.has("modifier"):
		c.Modifier = signed(m.str("modifier"))
	case m.has("initiative"):
		c.Modifier = signed(m.str("initiative"))
	default:
		if n := resolve(m.node("stats")); n != nil && n.Kind == yaml.SequenceNode && len(n.Content) > 1 {
			if dex, err := strconv.ParseFloat(strings.TrimSpace(resolve(n.Content[1]).Value), 64); err == nil {
				c.Modifier = signedInt(int(math.Floor((dex - 10) / 2)))
			}
		}
	}
	if c.XP == "" && m.has("cr") {
		if cr, ok := crKey(m); ok {
			c.XP = strconv.Itoa(challengeRatings[cr].xp)
		}
	}
	return c, nil
}
