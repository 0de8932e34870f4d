package opend6

import (
	"testing"

	"d6codex/rules/dice"
)

// BenchmarkOddsLargestWounds: every field at its largest (12D+2 attack
// against a 12D+2 full defense with rolled 4D cover, 15D+2 + 3D damage with
// the damage bonus, against 12D+2), Wounds system.
func BenchmarkOddsLargestWounds(b *testing.B) {
	in := largest(SystemWounds)
	for b.Loop() {
		if _, err := Odds(in); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOddsLargestBodyPoints is the same under the Body Points system.
func BenchmarkOddsLargestBodyPoints(b *testing.B) {
	in := largest(SystemBodyPoints)
	for b.Loop() {
		if _, err := Odds(in); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOdds12Dvs12DFull is the case the issue names: 12D against a 12D
// full defense, 12D+2 damage against 8D.
func BenchmarkOdds12Dvs12DFull(b *testing.B) {
	in := DefaultInput()
	in.Skill, in.Defense, in.DefenseSkill = dice.Code{Dice: 12}, DefenseFull, dice.Code{Dice: 12}
	in.Damage, in.Resistance, in.DamageBonus = dice.Code{Dice: 12, Pips: 2}, dice.Code{Dice: 8}, true
	for b.Loop() {
		if _, err := Odds(in); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOddsDefault is the calculator's default input.
func BenchmarkOddsDefault(b *testing.B) {
	in := DefaultInput()
	for b.Loop() {
		if _, err := Odds(in); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkResolveLargest resolves one seeded roll at the largest input.
func BenchmarkResolveLargest(b *testing.B) {
	in := largest(SystemWounds)
	var seed uint64
	for b.Loop() {
		seed++
		if _, err := Resolve(in, dice.NewSeeded(seed)); err != nil {
			b.Fatal(err)
		}
	}
}

// largestPoints is largest with the most Character Points on every roll.
func largestPoints(system string) Input {
	in := largest(system)
	in.CPLimit = CPLimitUnlimited
	in.AttackCP, in.DefenseCP, in.DamageCP, in.ResistanceCP = MaxCharacterPoints, MaxCharacterPoints, MaxCharacterPoints, MaxCharacterPoints
	return in
}

// BenchmarkOddsLargestPoints: the largest input with MaxCharacterPoints
// spent on each of the four rolls that take them, Wounds system.
func BenchmarkOddsLargestPoints(b *testing.B) {
	in := largestPoints(SystemWounds)
	for b.Loop() {
		if _, err := Odds(in); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOddsLargestPointsBodyPoints is the same under Body Points.
func BenchmarkOddsLargestPointsBodyPoints(b *testing.B) {
	in := largestPoints(SystemBodyPoints)
	for b.Loop() {
		if _, err := Odds(in); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOddsRareHit is the hardest rare hit: a 1D attack against the
// largest full defense with 10 Character Points, rolled 4D cover, Long
// range and +30, so the attack side is computed a second time with tails
// cut relative to P(hit); the damage and resistance at their largest.
func BenchmarkOddsRareHit(b *testing.B) {
	in := largestPoints(SystemWounds)
	in.Skill, in.AttackCP, in.Range, in.Modifier = dice.Code{Dice: 1}, 0, RangeLong, MaxModifier
	for b.Loop() {
		if _, err := Odds(in); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOddsLargestFate: the largest input with a climactic Fate Point
// (12D+2 skill doubled to 24D+4, +3D aiming; Strength Damage 4D doubled),
// an all-out attack at a small object (+2D damage): 25D+4 against the full
// defense, 25D+2 damage.
func BenchmarkOddsLargestFate(b *testing.B) {
	in := largest(SystemWounds)
	in.FatePoint, in.AimRounds, in.AttackOption, in.CalledShot = FateClimactic, MaxAimRounds, OptionAllOut, "object_large"
	in.AttackCP, in.DamageCP = 0, 0
	for b.Loop() {
		if _, err := Odds(in); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOddsLargestDefenderFate: both sides' climactic Fate Points at
// the largest input: 25D+4 attack (as BenchmarkOddsLargestFate) against a
// 12D+2 full defense doubled to 24D+4, and a 12D+2 resistance (all
// Physique) doubled to 24D+4 against 25D+2 damage.
func BenchmarkOddsLargestDefenderFate(b *testing.B) {
	in := largest(SystemWounds)
	in.FatePoint, in.AimRounds, in.AttackOption, in.CalledShot = FateClimactic, MaxAimRounds, OptionAllOut, "object_large"
	in.DefenderFatePoint = FateClimactic
	in.AttackCP, in.DamageCP, in.DefenseCP, in.ResistanceCP = 0, 0, 0, 0
	for b.Loop() {
		if _, err := Odds(in); err != nil {
			b.Fatal(err)
		}
	}
}
