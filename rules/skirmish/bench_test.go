package skirmish

import (
	"testing"

	"d6codex/rules/dice"
)

// The largest allowed inputs: 12 dice and 4 penalty dice on both sides.
func largest(keep string) Input {
	in := DefaultInput()
	in.AttackDice, in.AttackPenalty = MaxDice, MaxPenalty
	in.DefenseDice, in.DefensePenalty = MaxDice, MaxPenalty
	in.Keep = keep
	return in
}

func BenchmarkOddsMaxHighest(b *testing.B) {
	in := largest(KeepHighest)
	for b.Loop() {
		if _, err := Odds(in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkOddsMaxPreferDouble(b *testing.B) {
	in := largest(KeepPreferDouble)
	for b.Loop() {
		if _, err := Odds(in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkResolveMax(b *testing.B) {
	in := largest(KeepPreferDouble)
	var seed uint64
	for b.Loop() {
		seed++
		if _, err := Resolve(in, dice.NewSeeded(seed)); err != nil {
			b.Fatal(err)
		}
	}
}
