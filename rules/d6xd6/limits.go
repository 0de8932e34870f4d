package d6xd6

// The input limits, exported for the calculator schema (calc/d6xd6), which
// reads them from here so that a limit lives in one place. Validate
// enforces the same values.
const (
	MinFocus           = 1
	MaxFocus           = maxFocus
	MaxPluses          = maxPluses
	MaxAimTurns        = maxAim
	MaxDrama           = maxDrama
	MaxExtraPenalty    = maxExtra
	MaxDifficultySteps = maxDiffStep
)
