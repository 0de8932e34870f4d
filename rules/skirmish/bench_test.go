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

// The largest inputs of the situations and special attacks: every penalty
// die the situations add on the defense and the attack (4 + 3 and 4 + 1),
// attacker_effect best, which computes the three effects' odds (the
// Precise one with an eighth penalty die) to choose one, and the
// defender's best and Riposte on a double 6.
func largestEffects(effect string) Input {
	in := largest(KeepPreferDouble)
	in.Charge, in.Backstab, in.Ground = SituationDefensePenalty, SituationDefensePenalty, GroundBoth
	in.AttackerDouble = effect
	in.DefenderDouble, in.DefenderDoubleSix, in.AttackerArmor = DefenseBest, DefenseRiposte, MaxArmor
	return in
}

func BenchmarkOddsMaxBest(b *testing.B) {
	in := largestEffects(EffectBest)
	for b.Loop() {
		if _, err := Odds(in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkOddsMaxPrecise(b *testing.B) {
	in := largestEffects(EffectPrecise)
	for b.Loop() {
		if _, err := Odds(in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkResolveMaxBest(b *testing.B) {
	in := largestEffects(EffectBest)
	var seed uint64
	for b.Loop() {
		seed++
		if _, err := Resolve(in, dice.NewSeeded(seed)); err != nil {
			b.Fatal(err)
		}
	}
}

// largestManeuver is the largest input where both Maneuvers count: keep
// highest (Maneuver is counted only with it), the situations as in
// largestEffects, the attacker's best (four candidates, Maneuver among
// them) and the defender's Maneuver, so that both sides' laws after a
// reroll are computed.
func largestManeuver() Input {
	in := largestEffects(EffectBest)
	in.Keep, in.DefenderDouble, in.DefenderDoubleSix = KeepHighest, DefenseManeuver, DefenseBest
	return in
}

func BenchmarkOddsMaxManeuver(b *testing.B) {
	in := largestManeuver()
	for b.Loop() {
		if _, err := Odds(in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkResolveMaxManeuver(b *testing.B) {
	in := largestManeuver()
	var seed uint64
	for b.Loop() {
		seed++
		if _, err := Resolve(in, dice.NewSeeded(seed)); err != nil {
			b.Fatal(err)
		}
	}
}
