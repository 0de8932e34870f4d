package dsblock

// The power roll, as the plugin's documentation gives its tiers
// (https://github.com/SteelCompendium/draw-steel-elements, docs/Features.md
// and docs/power-roll.md): two ten-sided dice and a bonus, "tier-1 (11 or
// lower)", "tier-2 (12-16)", "tier-3 (17+)", and "crit (nat 19-20)".

// outcomes are the faces of 2d10 rolled together: 100, each as likely, so
// every chance below is a whole number of hundredths.
const outcomes = 100

// Tiers, as indices of a chances array.
const (
	tier1 = iota
	tier2
	tier3
	crit
	nTiers
)

// tierOf is the tier of a power roll's total.
func tierOf(total int) int {
	switch {
	case total <= 11:
		return tier1
	case total <= 16:
		return tier2
	}
	return tier3
}

// chances counts, of the 100 rolls of 2d10, those that give each tier with
// bonus added. With withCrit, a natural 19 or 20 (the dice alone) is the
// crit row's result whatever the total, and counts there only; without it
// (a block with no crit row), every roll counts by its total.
func chances(bonus int, withCrit bool) [nTiers]int {
	var n [nTiers]int
	for a := 1; a <= 10; a++ {
		for b := 1; b <= 10; b++ {
			if withCrit && a+b >= 19 {
				n[crit]++
				continue
			}
			n[tierOf(a+b+bonus)]++
		}
	}
	return n
}
