package compareblock

import "d6codex/calc"

// Level is how experienced a fighter is.
type Level int

// The two levels every system defines.
const (
	Novice Level = iota
	Veteran
)

// String names the level for tables ("novice").
func (l Level) String() string {
	if l == Veteran {
		return "veteran"
	}
	return "novice"
}

// MatchUp is one pairing of fighters, run in every system.
type MatchUp struct {
	// ID is the block argument that selects the match-up ("novice-vs-novice").
	ID string
	// Title names it in tables ("Novice vs novice").
	Title string
	// Attacker and Defender are the two fighters' levels.
	Attacker, Defender Level
	// Rationale says what the match-up shows.
	Rationale string
}

// MatchUps returns the pairings the comparison runs, in page order.
func MatchUps() []MatchUp {
	return []MatchUp{
		{ID: "novice-vs-novice", Title: "Novice vs novice", Attacker: Novice, Defender: Novice,
			Rationale: "Two starting characters: the baseline of each system, and how long a fight between equals lasts."},
		{ID: "veteran-vs-novice", Title: "Veteran vs novice", Attacker: Veteran, Defender: Novice,
			Rationale: "Experience on the attacking side only: how much a better attacker gains in hits and in damage."},
		{ID: "novice-vs-veteran", Title: "Novice vs veteran", Attacker: Novice, Defender: Veteran,
			Rationale: "Experience on the defending side only: whether the defender's skill changes the attack at all."},
		{ID: "veteran-vs-veteran", Title: "Even veterans", Attacker: Veteran, Defender: Veteran,
			Rationale: "Two experienced fighters: whether skill on both sides cancels out or makes the fight deadlier."},
	}
}

// Profile is one side of a set-up (see calc.Profile).
type Profile = calc.Profile

// System is one compared system: its id and name, and what its
// registration (calc.System.Compare) says the comparison needs: the
// calculator that runs the attack, the novice and veteran set-ups, and how
// to read the report. The fighters are chosen to be comparable: a trained
// fighter with a one-handed blade in light armor, a starting character as
// the novice and a clearly better one as the veteran, within what each
// game's character rules allow. They are illustrations, not the games'
// official archetypes.
type System struct {
	ID, Name string
	*calc.Comparison
}

// Systems are the registered systems that have a comparison, in
// registration order.
func (h *Handler) Systems() []System {
	var out []System
	for _, s := range h.reg.Systems() {
		if s.Compare != nil {
			out = append(out, System{ID: s.ID, Name: s.Name, Comparison: s.Compare})
		}
	}
	return out
}
