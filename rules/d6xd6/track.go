package d6xd6

// AddDamage applies incoming damage to a target at the current level, by the
// Add and Supersede rules: incoming damage up to the current level adds one
// step, greater damage becomes the new level, and the track stops at Kill
// (an Overkill lands as Kill). Incoming None leaves the track as it is.
// Values out of range are clamped to None..Kill and None..Overkill.
func AddDamage(current, incoming Level) Level {
	current = min(max(current, None), Kill)
	incoming = min(max(incoming, None), Overkill)
	switch {
	case incoming == None:
		return current
	case incoming <= current:
		return min(current+1, Kill)
	default:
		return min(incoming, Kill)
	}
}

// MaxSplitLevels is the most levels one attack can score: 4 levels of
// success, 3 pluses and 6 aimed turns.
const MaxSplitLevels = 4 + maxPluses + maxAim

// Splits lists the ways an exceptional attack can share its levels among
// targets. levels counts the levels of success including pluses and aimed
// turns; each target takes at least one level and hits for the weapon's base
// damage plus one step per further level (capped at Overkill). The first
// split puts everything on one target, the last spreads one level per
// target; each split lists its targets from the most damaged down. The
// seed's example, base Stun with 3 levels, gives [Wound], [Hit Stun] and
// [Stun Stun Stun]. levels is clamped to 0..MaxSplitLevels and base to
// None..Overkill; 0 levels give no split.
func Splits(base Level, levels int) [][]Level {
	base = min(max(base, None), Overkill)
	levels = min(max(levels, 0), MaxSplitLevels)
	var out [][]Level
	parts := make([]int, 0, levels)
	var rec func(left, largest int)
	rec = func(left, largest int) {
		if left == 0 {
			split := make([]Level, len(parts))
			for i, p := range parts {
				split[i] = min(base+Level(p-1), Overkill)
			}
			out = append(out, split)
			return
		}
		for p := min(left, largest); p >= 1; p-- {
			parts = append(parts, p)
			rec(left-p, p)
			parts = parts[:len(parts)-1]
		}
	}
	if levels > 0 {
		rec(levels, levels)
	}
	return out
}
