package spacedoor

import (
	"strconv"

	"d6codex/rules"
)

// Source notes for the tables.
const (
	sourceCombat  = "Spacedoor, how-to-play/combat.md (github.com/dustinwhisman/spacedoor, commit 4b2b263, 2020-09-25)"
	sourceIndex   = "Spacedoor, how-to-play/index.md (commit 4b2b263)"
	sourceHelp    = "Spacedoor, how-to-play/advantage-disadvantage-helping-out.md (commit 4b2b263; +1 on a mixed success from later rules)"
	sourceHealth  = "Spacedoor, how-to-play/health-and-stamina.md (commit 4b2b263)"
	sourceGMGuide = "Spacedoor, gm-guide/running-combat.md; the fixed 4 per level is a d6codex suggestion"
)

// ResultBand is one row of the result table: how a roll reads.
type ResultBand struct {
	Result Result
	Rule   string // when the roll has this result
}

// ResultBands is the result table.
func ResultBands() []ResultBand {
	return []ResultBand{
		{CriticalFailure, "both kept dice show 1, whatever the total"},
		{Failure, "total 6 or less"},
		{Mixed, "total 7 to 9"},
		{Success, "total 10 or more"},
		{CriticalSuccess, "both kept dice show 6, whatever the total"},
	}
}

// ModeRow describes one roll mode.
type ModeRow struct {
	Mode  string // calc option: normal, advantage, disadvantage
	Dice  int    // roll dice
	Rule  string // which two dice count
	Title string
}

// ModeTable is the roll modes table.
func ModeTable() []ModeRow {
	return []ModeRow{
		{ModeNormal, 2, "keep both", "Normal"},
		{ModeAdvantage, 3, "drop the lowest, keep the two highest", "Advantage"},
		{ModeDisadvantage, 3, "drop the highest, keep the two lowest", "Disadvantage"},
	}
}

// attackDice is the attack table: d6 the enemy takes and d6 the player
// takes, per result. effects is the non-damaging weapon column.
var (
	attackEnemyDice  = [numResults]int{0, 0, 1, 2, 4}
	attackPlayerDice = [numResults]int{4, 2, 1, 0, 0}
	attackEffects    = [numResults]string{"none", "none", "partial", "full", "exceptional"}
)

// AttackRow is one row of the attack table.
type AttackRow struct {
	Result     Result
	EnemyDice  int    // d6 of damage the enemy takes
	PlayerDice int    // d6 of damage the attacking player takes
	Effect     string // effect strength of a non-damaging weapon (net gun): none, partial, full, exceptional
}

// AttackTable is the attack table, one row per result.
func AttackTable() []AttackRow {
	out := make([]AttackRow, numResults)
	for r := range numResults {
		out[r] = AttackRow{Result(r), attackEnemyDice[r], attackPlayerDice[r], attackEffects[r]}
	}
	return out
}

// Halving rules of the defend table.
const (
	ShareFull = "full" // the incoming damage D
	ShareHalf = "half" // floor(D/2)
	ShareNone = "none" // 0
)

var (
	defendProtector = [numResults]string{ShareFull, ShareFull, ShareHalf, ShareHalf, ShareNone}
	defendProtected = [numResults]string{ShareFull, ShareFull, ShareHalf, ShareNone, ShareNone}
)

// DefendRow is one row of the defend (protect) table: what share of the
// incoming damage each side takes.
type DefendRow struct {
	Result    Result
	Protector string // full, half (rounded down) or none
	Protected string
}

// DefendTable is the defend table, one row per result. The critical failure
// row is the decision "treated as failure".
func DefendTable() []DefendRow {
	out := make([]DefendRow, numResults)
	for r := range numResults {
		out[r] = DefendRow{Result(r), defendProtector[r], defendProtected[r]}
	}
	return out
}

// share applies a defend share to incoming damage d.
func share(s string, d int) int {
	switch s {
	case ShareFull:
		return d
	case ShareHalf:
		return d / 2
	}
	return 0
}

// NPCTier is a suggested NPC health pool per average player level.
type NPCTier struct {
	Tier     string
	PerLevel string // a die code or a fixed number
}

// NPCHealth is the NPC health suggestion table.
func NPCHealth() []NPCTier {
	return []NPCTier{
		{"henchman", "1d6"},
		{"lieutenant", "2d6"},
		{"villain", "3d6 (or more)"},
		{"any, without rolling", "4"},
	}
}

// Player health at level 1 and luck.
const (
	StartStamina = 9 // stamina at level 1
	StartHealth  = 3 // health at level 1
	Luck         = 7 // luck points per character, never refreshed
)

// Tables lists every data table of the system, rendered for pages.
func Tables() []rules.Table {
	results := rules.Table{ID: "results", Title: "Reading a roll (2d6 + stat)", Source: sourceIndex,
		Columns: []string{"result", "when"}}
	for _, b := range ResultBands() {
		results.Rows = append(results.Rows, []string{b.Result.Words(), b.Rule})
	}
	modes := rules.Table{ID: "modes", Title: "Advantage and disadvantage", Source: sourceHelp,
		Note: "Criticals read the two kept dice.", Columns: []string{"mode", "dice", "kept"}}
	for _, m := range ModeTable() {
		modes.Rows = append(modes.Rows, []string{m.Title, strconv.Itoa(m.Dice) + "d6", m.Rule})
	}
	attack := rules.Table{ID: "attack", Title: "Attack (roll + Tough)", Source: sourceCombat,
		Note:    "A non-damaging weapon (net gun) replaces the enemy's damage by the effect strength; the player's damage stands.",
		Columns: []string{"result", "enemy takes", "player takes", "non-damaging weapon"}}
	for _, a := range AttackTable() {
		attack.Rows = append(attack.Rows, []string{a.Result.Words(), diceWords(a.EnemyDice), diceWords(a.PlayerDice), a.Effect})
	}
	defend := rules.Table{ID: "defend", Title: "Defend / protect (roll + Tough), incoming damage D", Source: sourceCombat,
		Note:    "A critical failure is not defined by the source and counts as a failure. Halves round down.",
		Columns: []string{"result", "protector takes", "protected takes"}}
	shareWords := map[string]string{ShareFull: "D", ShareHalf: "D/2, rounded down", ShareNone: "0"}
	for _, d := range DefendTable() {
		defend.Rows = append(defend.Rows, []string{d.Result.Words(), shareWords[d.Protector], shareWords[d.Protected]})
	}
	help := rules.Table{ID: "helping_out", Title: "Helping out (the helper rolls the same stat)", Source: sourceHelp,
		Columns: []string{"helper's result", "effect on the original roll (2020 rules)", "later rules"}}
	seed, later := HelpTable(HelpMixedNoChange), HelpTable(HelpMixedPlusOne)
	for i := range seed {
		help.Rows = append(help.Rows, []string{seed[i].Helper.Words(), seed[i].Text, later[i].Text})
	}
	health := rules.Table{ID: "health", Title: "Player health, stamina and luck", Source: sourceHealth,
		Columns: []string{"pool", "level 1", "rule"},
		Rows: [][]string{
			{"stamina", strconv.Itoa(StartStamina), "damage comes off stamina first; restored by rest"},
			{"health", strconv.Itoa(StartHealth), "damage beyond stamina; any health lost means wounded; at 0, death saves"},
			{"luck", strconv.Itoa(Luck), "never refreshed; one point turns any roll into a success or a hit into 0 damage"},
		}}
	npc := rules.Table{ID: "npc_health", Title: "NPC health per average player level", Source: sourceGMGuide,
		Note: "NPCs have one pool, no stamina, and die at 0 without death saves.", Columns: []string{"NPC", "health per level"}}
	for _, n := range NPCHealth() {
		npc.Rows = append(npc.Rows, []string{n.Tier, n.PerLevel})
	}
	saves := rules.Table{ID: "death_saves", Title: "Death saving throws (2d6, no stat)", Source: sourceHealth,
		Note:    "Three successes: stable. Three failures: dead.",
		Columns: []string{"roll", "counts as"}}
	for _, r := range DeathSaveTable() {
		saves.Rows = append(saves.Rows, []string{r.Roll, r.Effect})
	}
	return []rules.Table{results, modes, attack, defend, help, health, npc, saves}
}

// diceWords writes 0 as "0" and n as "nd6".
func diceWords(n int) string {
	if n == 0 {
		return "0"
	}
	return strconv.Itoa(n) + "d6"
}
