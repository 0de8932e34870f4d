package rollunder

import (
	"testing"

	"d6codex/rules/dice"
)

// largest is the most expensive set-up: every track in play, modifiers at
// their limits, and both sides testing LUCK (the resolved critical takes
// the target's LUCK dice 5 and 6, unlucky, before the critical dice).
func largest() Input {
	return Input{Physical: MaxPhysical, Skill: MaxSkill, Modifier: MaxModifier, Weapon: "machine_gun",
		Armor: "cataphract_armor", Shield: "large_shield", Dodge: MaxDodge,
		DamageModifier: MaxDamageModifier, ProtectionModifier: MaxProtectionModifier, TargetLuck: 9, AttackerLuck: 9}
}

func BenchmarkOddsAttack(b *testing.B) {
	in := largest()
	for b.Loop() {
		if _, err := Odds(in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkResolveAttack(b *testing.B) {
	in := largest()
	for b.Loop() {
		if _, err := Resolve(in, dice.NewFixed([]int{6, 6, 3, 4, 5, 6, 2, 1})); err != nil {
			b.Fatal(err)
		}
	}
}

// largestDefend is the most expensive defence: every track in play (the
// shield adding to the Dodge track), the skills and modifiers at their
// limits.
func largestDefend() DefendInput {
	return DefendInput{Physical: MaxPhysical, AttackerSkill: MaxSkill, DefendWith: DefendDodge, Skill: MaxSkill,
		Modifier: MaxModifier, Weapon: "machine_gun", Armor: "none", Shield: "large_shield", Dodge: MaxDodge,
		DamageModifier: MaxDamageModifier, ProtectionModifier: MaxProtectionModifier, DodgeShield: DodgeShieldStack}
}

// BenchmarkOddsDefend is the exact odds of rollunder/defend at its largest
// input (the issue asks for at most 5 ms).
func BenchmarkOddsDefend(b *testing.B) {
	in := largestDefend()
	for b.Loop() {
		if _, err := DefendOdds(in); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkResolveDefend traces a critical 11 on the player at the largest
// input: the longest trace.
func BenchmarkResolveDefend(b *testing.B) {
	in := largestDefend()
	for b.Loop() {
		if _, err := ResolveDefend(in, dice.NewFixed([]int{1, 1, 3, 4, 5, 6, 2, 1})); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkOddsLuck(b *testing.B) {
	for b.Loop() {
		if _, err := LuckOdds(LuckInput{Luck: MaxLuck}); err != nil {
			b.Fatal(err)
		}
	}
}
