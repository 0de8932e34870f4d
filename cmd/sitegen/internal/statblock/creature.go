package statblock

import (
	"crypto/sha256"
	"math"
	"strconv"
	"strings"
	"sync"

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
	return statsOf(m), nil
}

// statsOf is Stats of a block read.
func statsOf(m *monster) Creature {
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
	return c
}

// A Bestiary keeps the stats of the stat blocks a build has read, by
// their YAML, so that an encounter naming a creature reads its stat block
// once: the stat block's own page puts it there as it renders it. It is
// safe for concurrent use and holds at most maxBestiary blocks (then it
// starts again). A block is known by its YAML's SHA-256, not by the YAML:
// the bestiary lives as long as the build, and holding every block's
// text (1.1 MB for the 13th Age vault's 633 creatures) cost about five
// times that in peak memory under the build's collector (buildcmd).
type Bestiary struct {
	mu     sync.Mutex
	m      map[[sha256.Size]byte]Creature
	vaults map[string]vaultCreatures // the creatures of each vault, by its folder (vaultNotes)
}

// vaultCreatures are a vault's creatures: those its notes define, and
// those its plugin settings keep.
type vaultCreatures struct {
	notes *noteIndex
	saved *savedCreatures
}

const maxBestiary = 1 << 14

// NewBestiary returns an empty Bestiary.
func NewBestiary() *Bestiary { return &Bestiary{m: map[[sha256.Size]byte]Creature{}} }

// vault is the creatures of the vault at dir (setVault).
func (b *Bestiary) vault(dir string) vaultCreatures {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.vaults[dir]
}

// cached is the stats of the block of YAML body, when the bestiary has
// them (put: a block that names no other creature).
func (b *Bestiary) cached(body string) (Creature, bool) {
	if b == nil {
		return Creature{}, false
	}
	key := sha256.Sum256([]byte(body))
	b.mu.Lock()
	defer b.mu.Unlock()
	c, ok := b.m[key]
	return c, ok
}

func (b *Bestiary) put(body string, c Creature) {
	if b == nil {
		return
	}
	b.putKey(sha256.Sum256([]byte(body)), c)
}

func (b *Bestiary) putKey(key [sha256.Size]byte, c Creature) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.m) >= maxBestiary {
		clear(b.m)
	}
	b.m[key] = c
}
