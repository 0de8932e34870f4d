package rollunder

import (
	"testing"

	"d6codex/rules/dice"
)

// largest is the most expensive set-up: every track in play, modifiers at
// their limits.
func largest() Input {
	return Input{Physical: MaxPhysical, Skill: MaxSkill, Modifier: MaxModifier, Weapon: "machine_gun",
		Armor: "cataphract_armor", Shield: "large_shield", Dodge: MaxDodge,
		DamageModifier: MaxDamageModifier, ProtectionModifier: MaxProtectionModifier}
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

func BenchmarkOddsLuck(b *testing.B) {
	for b.Loop() {
		if _, err := LuckOdds(LuckInput{Luck: MaxLuck}); err != nil {
			b.Fatal(err)
		}
	}
}
