package spacedoor

import (
	"errors"
	"math"
	"testing"

	"d6codex/rules"
	"d6codex/rules/dice"
)

// FuzzValidate feeds random fields to every input: Validate must answer
// with a FieldError or nil, never panic; valid inputs must give odds that
// sum to 1 and resolve (seeded) to one of the report's outcomes; fixed dice
// from raw bytes (faces 0..7, any count) may fail but never panic.
func FuzzValidate(f *testing.F) {
	f.Add(0, "normal", 7, "best", 9, 3, uint64(1), []byte{6, 6, 1, 2, 3, 4})
	f.Add(-3, "advantage", 0, "reroll", 0, 1, uint64(2), []byte{1, 1, 1})
	f.Add(5, "disadvantage", 100, "success", 999, 999, uint64(3), []byte{})
	f.Add(6, "", -1, "remove_failure", -1, 0, uint64(4), []byte{7, 0, 3})
	f.Add(-4, "Advantage", 101, "", 1000, -5, uint64(5), []byte{3, 4, 3, 4, 3, 4, 3, 4})
	f.Fuzz(func(t *testing.T, tough int, mode string, incoming int, seven string, stamina, health int, seed uint64, raw []byte) {
		faces := make([]int, len(raw))
		for i, b := range raw {
			faces[i] = int(b % 8)
		}
		attack := AttackInput{Tough: tough, Mode: mode}
		defend := DefendInput{Tough: tough, Mode: mode, Incoming: incoming}
		saves := DeathSaveInput{Seven: seven}
		h := Health{Stamina: stamina, Health: health}
		checkField(t, attack.Validate())
		checkField(t, defend.Validate())
		checkField(t, saves.Validate())
		checkField(t, h.Validate())

		type calc struct {
			valid   bool
			odds    func() (rules.Report, error)
			resolve func(*dice.Tape) (rules.Roll, error)
		}
		calcs := []calc{
			{attack.Validate() == nil, func() (rules.Report, error) { return AttackOdds(attack) },
				func(tp *dice.Tape) (rules.Roll, error) { return ResolveAttack(attack, tp) }},
			{defend.Validate() == nil, func() (rules.Report, error) { return DefendOdds(defend) },
				func(tp *dice.Tape) (rules.Roll, error) { return ResolveDefend(defend, tp) }},
			{saves.Validate() == nil, func() (rules.Report, error) { return DeathSaveOdds(saves) },
				func(tp *dice.Tape) (rules.Roll, error) { return ResolveDeathSaves(saves, tp) }},
		}
		for _, c := range calcs {
			rep, err := c.odds()
			if c.valid != (err == nil) {
				t.Fatalf("Validate and Odds disagree: %v", err)
			}
			_, _ = c.resolve(dice.NewFixed(faces))
			roll, err := c.resolve(dice.NewSeeded(seed))
			if !c.valid {
				checkField(t, err)
				continue
			}
			if err != nil {
				t.Fatalf("seeded resolve: %v", err)
			}
			s := 0.0
			for _, o := range rep.Outcomes {
				s += o.P
			}
			if math.Abs(s-1) > tol {
				t.Fatalf("outcomes sum to %v", s)
			}
			if p, ok := rep.P(roll.Outcome); !ok || p <= 0 {
				t.Fatalf("resolved outcome %q has probability %v (%v)", roll.Outcome, p, ok)
			}
		}

		if _, err := HealthOdds(h, dice.NdS(4, 6)); (err == nil) != (h.Validate() == nil) {
			t.Fatalf("HealthOdds and Validate disagree: %v", err)
		}
		_ = ApplyDamage(h, incoming)
		_, _ = NPCDamage(stamina, incoming)
		_, _, _, err := ApplyHelp(tough, incoming, stamina, Result(health), seven)
		if err != nil {
			checkField(t, err)
		}
	})
}

// checkField fails unless err is nil or a *rules.FieldError with a field
// and the allowed values.
func checkField(t *testing.T, err error) {
	t.Helper()
	if err == nil {
		return
	}
	var fe *rules.FieldError
	if !errors.As(err, &fe) || fe.Field == "" || fe.Allowed == "" {
		t.Fatalf("error %v is not a FieldError naming the field and the allowed values", err)
	}
}
