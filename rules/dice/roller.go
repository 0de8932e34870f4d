package dice

import (
	"errors"
	"math/rand/v2"
	"strconv"
)

// Rolled is one die as it was rolled: its size, its face, and what it was
// rolled for ("wild die", "penalty die 2", ...).
type Rolled struct {
	Sides int    `json:"sides"`
	Value int    `json:"value"`
	What  string `json:"what"`
}

// Tape is a source of dice that records every die it hands out. A Tape
// either replays dice the player rolled at the table (NewFixed) or rolls
// them from a seeded generator (NewSeeded); either way Rolls() afterwards
// lists every die in order, so a seeded roll can be replayed exactly with
// NewFixed(tape.Values()).
type Tape struct {
	fixed []int
	next  int
	rng   *rand.Rand
	rolls []Rolled
}

// NewFixed replays the given faces in order.
func NewFixed(values []int) *Tape {
	return &Tape{fixed: append([]int(nil), values...)}
}

// NewSeeded rolls dice from a PCG generator seeded with seed.
func NewSeeded(seed uint64) *Tape {
	return &Tape{rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

// Roll hands out the next die of the given size. With fixed dice it fails
// when the dice have run out or the next face is outside 1..sides; the
// error names the die by its position (1-based) and purpose.
func (t *Tape) Roll(sides int, what string) (int, error) {
	pos := len(t.rolls) + 1
	var v int
	if t.rng != nil {
		v = t.rng.IntN(sides) + 1
	} else {
		if t.next >= len(t.fixed) {
			return 0, errors.New("dice: " + diceCount(len(t.fixed)) + " given, but the roll needs at least " +
				strconv.Itoa(pos) + " (die " + strconv.Itoa(pos) + ": " + what + ")")
		}
		v = t.fixed[t.next]
		t.next++
		if v < 1 || v > sides {
			return 0, errors.New("dice: die " + strconv.Itoa(pos) + " (" + what + ") is " + strconv.Itoa(v) +
				", must be 1.." + strconv.Itoa(sides))
		}
	}
	t.rolls = append(t.rolls, Rolled{Sides: sides, Value: v, What: what})
	return v, nil
}

// RollN rolls n dice of the same size for the same purpose.
func (t *Tape) RollN(n, sides int, what string) ([]int, error) {
	out := make([]int, n)
	for i := range out {
		v, err := t.Roll(sides, what)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// Done reports an error when fixed dice were given that the roll did not
// use, so a player who typed too many dice is told so.
func (t *Tape) Done() error {
	if t.rng == nil && t.next < len(t.fixed) {
		return errors.New("dice: " + diceCount(len(t.fixed)) + " given, but the roll uses only " + strconv.Itoa(t.next))
	}
	return nil
}

// diceCount is "1 die" or "n dice".
func diceCount(n int) string {
	if n == 1 {
		return "1 die"
	}
	return strconv.Itoa(n) + " dice"
}

// Rolls lists every die handed out so far, in order.
func (t *Tape) Rolls() []Rolled { return append([]Rolled(nil), t.rolls...) }

// Values lists the faces handed out so far, in order.
func (t *Tape) Values() []int {
	out := make([]int, len(t.rolls))
	for i, r := range t.rolls {
		out[i] = r.Value
	}
	return out
}
