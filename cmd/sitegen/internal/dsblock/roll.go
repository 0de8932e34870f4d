package dsblock

import (
	"fmt"
	"html"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"d6codex/templates"
)

// tierKeys are the names a tier's row is written under, as the plugin's
// documentation lists them, after lowering case and dropping spaces.
var tierKeys = map[string]int{
	"tier1": tier1, "t1": tier1, "11orlower": tier1, "≤11": tier1, "<=11": tier1,
	"tier2": tier2, "t2": tier2, "12-16": tier2, "12–16": tier2,
	"tier3": tier3, "t3": tier3, "17+": tier3,
	"crit": crit, "nat19-20": crit, "nat19–20": crit, "natural19-20": crit, "natural19–20": crit,
}

// tierLabels head each tier's row.
var tierLabels = [nTiers]string{"≤ 11", "12–16", "17+", "Nat 19–20"}

// tierOfKey is the tier a key names, if it names one.
func tierOfKey(k string) (int, bool) {
	t, ok := tierKeys[strings.ReplaceAll(strings.ToLower(strings.TrimSpace(k)), " ", "")]
	return t, ok
}

// bonus is what a roll adds to 2d10: a number, or characteristics named.
type bonus struct {
	known bool   // the roll reads as a power roll at all
	fixed bool   // n is the bonus
	n     int    // the bonus when fixed
	names string // the characteristics, when not fixed ("Might or Agility")
}

// maxBonus bounds a written bonus: beyond it every roll is one tier.
const maxBonus = 100

// parseRoll reads a roll as the plugin's blocks write it: "Power Roll +
// Might or Agility", "Power Roll + 2", "2d10 + 5", "2d10 - 1", "Power Roll".
func parseRoll(s string) bonus {
	t := strings.TrimSpace(s)
	low := strings.ToLower(t)
	var rest string
	switch {
	case strings.HasPrefix(low, "power roll"):
		rest = t[len("power roll"):]
	case strings.HasPrefix(low, "2d10"):
		rest = t[len("2d10"):]
	default:
		return bonus{}
	}
	rest = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), ":"))
	if rest == "" {
		return bonus{known: true, fixed: true}
	}
	sign := 1
	switch {
	case strings.HasPrefix(rest, "+"):
		rest = rest[1:]
	case strings.HasPrefix(rest, "-"):
		rest, sign = rest[1:], -1
	case strings.HasPrefix(rest, "−"):
		rest, sign = rest[len("−"):], -1
	default:
		return bonus{}
	}
	rest = strings.TrimSpace(rest)
	if n, err := strconv.Atoi(rest); err == nil {
		if n > maxBonus {
			n = maxBonus
		}
		return bonus{known: true, fixed: true, n: sign * n}
	}
	if sign < 0 || rest == "" {
		return bonus{}
	}
	return bonus{known: true, names: rest}
}

// scores are the characteristic scores a roll by characteristic is shown
// for: a hero's range in play (starting scores are -1 to +2, and a score
// rises to +5 at most).
var scores = []int{-1, 0, 1, 2, 3, 4, 5}

// powerRoll lays out the power roll of mapping m (its roll and tier rows),
// marking the keys it reads in used; nil when m has no tier row.
func (r *renderer) powerRoll(m *yaml.Node, used map[string]bool) *templates.StatPart {
	var rows [nTiers]*yaml.Node
	any := false
	for i := 0; i+1 < len(m.Content); i += 2 {
		if t, ok := tierOfKey(m.Content[i].Value); ok {
			if rows[t] == nil {
				rows[t] = m.Content[i+1]
			}
			used[m.Content[i].Value] = true
			any = true
		}
	}
	if !any {
		return nil
	}
	rollText := ""
	if n := get(m, "roll"); n != nil {
		used["roll"] = true
		rollText = strings.TrimSpace(text(n))
	}
	bn := parseRoll(rollText)
	if rollText != "" && !bn.known {
		r.b.Warn(line(get(m, "roll")), 1, fmt.Sprintf("roll: %q is not a power roll sitegen can read (2d10 + a number, or Power Roll + a characteristic): its chances are not shown", rollText))
	}
	withCrit := rows[crit] != nil
	p := &templates.StatPart{Kind: templates.StatText, Class: "statblock-ds-roll", Label: rollText}
	if md, ok := asRandomTable(bn, rows); ok {
		p.HTML = r.b.Markdown(md, line(get(m, "roll")))
		return p
	}
	var sb strings.Builder
	// A roll by characteristic, for the page to roll: the Dice Roller's
	// inline roll (markup/inlinedice) of 2d10, with its odds, the
	// characteristic named after it.
	if bn.known && !bn.fixed {
		fmt.Fprintf(&sb, `<p class="ds-roller">Roll %s + %s</p>`, r.b.Markdown("`dice: 2d10`", line(get(m, "roll"))), html.EscapeString(bn.names))
	}
	sb.WriteString(`<table class="ds-tiers">`)
	if bn.fixed {
		fmt.Fprintf(&sb, `<thead><tr><th scope="col">Roll</th><th scope="col">Result</th><th scope="col" class="ds-chance">Chance</th></tr></thead>`)
	}
	sb.WriteString(`<tbody>`)
	var n [nTiers]int
	if bn.fixed {
		n = chances(bn.n, withCrit)
	}
	for t := range nTiers {
		if rows[t] == nil && (t == crit || !bn.known) {
			continue
		}
		fmt.Fprintf(&sb, `<tr class="ds-tier%d"><th scope="row">%s</th><td>%s</td>`, t+1, tierLabels[t], r.value(orEmpty(rows[t])))
		if bn.fixed {
			fmt.Fprintf(&sb, `<td class="ds-chance">%d%%</td>`, n[t])
		}
		sb.WriteString(`</tr>`)
	}
	sb.WriteString(`</tbody></table>`)
	if bn.known && !bn.fixed {
		sb.WriteString(byScore(bn.names, withCrit))
	}
	p.HTML = sb.String()
	return p
}

// asRandomTable writes a power roll with a numeric bonus and no crit row
// as the vault's random tables are written (a table headed by its roll,
// each row a range of totals: markup/randtable), so that the page draws
// it as one — each tier's chance, and a Roll button that marks the tier
// rolled — by the same rule as every other random table of the site.
// Not when a tier's text is more than a line, or the bonus puts a tier
// out of reach or a total below 1.
func asRandomTable(bn bonus, rows [nTiers]*yaml.Node) (string, bool) {
	if !bn.fixed || rows[crit] != nil || bn.n < -1 || bn.n > 9 {
		return "", false
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "| 2d10%+d | Result |\n|---|---|\n", bn.n)
	ranges := [3][2]int{{2 + bn.n, 11}, {12, 16}, {17, 20 + bn.n}}
	for t := tier1; t <= tier3; t++ {
		s := "—"
		if n := rows[t]; n != nil {
			if n.Kind != yaml.ScalarNode || strings.ContainsAny(n.Value, "\n\r") {
				return "", false
			}
			s = strings.ReplaceAll(strings.TrimSpace(n.Value), "|", `\|`)
		}
		fmt.Fprintf(&sb, "| %d–%d | %s |\n", ranges[t][0], ranges[t][1], s)
	}
	return sb.String(), true
}

// orEmpty is n, or an empty text for a tier the block leaves out (its
// chance still counts).
func orEmpty(n *yaml.Node) *yaml.Node {
	if n == nil {
		return &yaml.Node{Kind: yaml.ScalarNode, Value: "—"}
	}
	return n
}

// byScore is the table of each tier's chance for each characteristic
// score the roll may add.
func byScore(names string, withCrit bool) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, `<details class="ds-odds"><summary>Chances by %s score</summary><table><thead><tr><th scope="col">Score</th>`, html.EscapeString(names))
	last := tier3
	if withCrit {
		last = crit
	}
	for t := tier1; t <= last; t++ {
		fmt.Fprintf(&sb, `<th scope="col">%s</th>`, tierLabels[t])
	}
	sb.WriteString(`</tr></thead><tbody>`)
	for _, s := range scores {
		n := chances(s, withCrit)
		fmt.Fprintf(&sb, `<tr><th scope="row">%s</th>`, signed(s))
		for t := tier1; t <= last; t++ {
			fmt.Fprintf(&sb, `<td>%d%%</td>`, n[t])
		}
		sb.WriteString(`</tr>`)
	}
	sb.WriteString(`</tbody></table></details>`)
	return sb.String()
}

// signed writes a score with its sign, as the game writes them ("+2",
// "−1", "0").
func signed(n int) string {
	switch {
	case n > 0:
		return "+" + strconv.Itoa(n)
	case n < 0:
		return "−" + strconv.Itoa(-n)
	}
	return "0"
}
