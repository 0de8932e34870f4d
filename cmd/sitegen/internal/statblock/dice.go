package statblock

import (
	"regexp"
	"strings"
)

// A roll is a dice roll found in a field's text: Expr in the Dice Roller's
// notation ("1d20+15"), Label the text it is shown as ("+15").
type Roll struct{ Expr, Label string }

// piece is a stretch of a field's text: Markdown, or a roll.
type piece struct {
	text string
	roll *Roll
}

// A diceRule is one of a layout's dice-parsing rules ("diceParsing": a
// regular expression and what its match becomes). The plugin's parser is
// JavaScript returning the text around a roll; here each rule returns the
// match's pieces, keeping its text as written and making the part that
// names the roll ("+15", "2d10 + 8") the roll, since a page shows the
// expression where Obsidian shows a rolled number after it.
type diceRule struct {
	re *regexp.Regexp
	// not, when set, is the plugin's negative look-ahead: a match
	// followed by it is no match.
	not *regexp.Regexp
	// pieces turns a match (its submatches) into pieces.
	pieces func(m []string) []piece
}

// d20 is the roll of a check with modifier sign+num: "1d20+5", "1d20-2".
func d20(sign, num string) string {
	if sign == "-" {
		return "1d20-" + num
	}
	return "1d20+" + num
}

// defaultDice are the plugin's default dice-parsing rules
// (getDiceParsingDefaults, used by a layout without its own): "+10 to
// hit", "4 (1d6 + 1)", "Strength +5".
var defaultDice = []diceRule{
	{re: regexp.MustCompile(`([+\-])(\d+) to hit`), pieces: func(m []string) []piece {
		return []piece{{roll: &Roll{Expr: d20(m[1], m[2]), Label: m[0]}}}
	}},
	{re: regexp.MustCompile(`(\d+)\s\((\d+d\d+(?:\s*[+\-]\s*\d+)?)\)`), pieces: func(m []string) []piece {
		return []piece{{text: m[1] + " ("}, {roll: &Roll{Expr: m[2], Label: m[2]}}, {text: ")"}}
	}},
	{re: regexp.MustCompile(`([^\s]+) ([+\-])(\d+)`), pieces: func(m []string) []piece {
		return []piece{{text: m[1] + " "}, {roll: &Roll{Expr: d20(m[2], m[3]), Label: m[2] + m[3]}}}
	}},
}

// pf2eBasicDice are the Basic Pathfinder 2e Layout's rules: "(1d8+3)" and
// "longsword +15".
var pf2eBasicDice = []diceRule{
	{re: regexp.MustCompile(`\((\d+d\d+(?:\s*[+-]\s*\d+)?)\)`), pieces: func(m []string) []piece {
		return []piece{{text: "("}, {roll: &Roll{Expr: m[1], Label: m[1]}}, {text: ")"}}
	}},
	{re: regexp.MustCompile(`(\w+?) ([+-])(\d+)`), pieces: func(m []string) []piece {
		return []piece{{text: m[1] + " "}, {roll: &Roll{Expr: d20(m[2], m[3]), Label: m[2] + m[3]}}}
	}},
}

// bareDice is the Pathfinder 2e Creature Layout's first rule, "1d6+10"
// standing alone.
var bareDice = diceRule{re: regexp.MustCompile(`(\s|^)(\d+d\d+(?:\s*[+-]\s*\d+)?)(\W|$)`), pieces: func(m []string) []piece {
	return []piece{{text: m[1]}, {roll: &Roll{Expr: m[2], Label: m[2]}}, {text: m[3]}}
}}

// pf2eCreatureDice are the Pathfinder 2e Creature Layout's rules: "1d6+10"
// and "+15" (not before "status" or "bonus").
var pf2eCreatureDice = []diceRule{
	bareDice,
	{re: regexp.MustCompile(`(^|\s)([+-]\d+)(\W|$)`), not: regexp.MustCompile(`^(status|bonus)`), pieces: func(m []string) []piece {
		return []piece{{text: m[1]}, {roll: &Roll{Expr: "1d20" + m[2], Label: m[2]}}, {text: m[3]}}
	}},
}

// genericDice read the fields of a block no bundled layout places: the
// plugin's defaults and, like the Pathfinder 2e Creature Layout, a dice
// expression standing alone ("hit: 2d8+5").
var genericDice = []diceRule{defaultDice[0], defaultDice[1], bareDice, defaultDice[2]}

// templateDice finds a roll written `{{ dice: 1d20+7 }}` in a field.
var templateDice = diceRule{re: regexp.MustCompile(`\{\{\s*dice:\s*([^}]+?)\s*\}\}`), pieces: func(m []string) []piece {
	return []piece{{roll: &Roll{Expr: m[1], Label: m[1]}}}
}}

// protectedRE finds what dice parsing leaves alone in Markdown text: code
// spans (an inline `dice:` roll is the page's to render), wikilinks,
// links and images, raw HTML tags, and autolinks.
var protectedRE = regexp.MustCompile("`[^`]*`|!?\\[\\[[^\\]]*\\]\\]|!?\\[[^\\]]*\\]\\([^)]*\\)|<[^>]*>")

// parseDice splits a field's Markdown into text and rolls: `{{ dice: X }}`
// always, and the layout's rules when rules is not nil. Rules apply in
// order, each to the text earlier rules left, never inside code, links or
// HTML tags.
func parseDice(text string, rules []diceRule) []piece {
	if !strings.ContainsAny(text, "0123456789") || (rules == nil && !strings.Contains(text, "{{")) {
		return []piece{{text: text}} // every rule needs a digit
	}
	if !strings.ContainsAny(text, "`[<") { // nothing to leave alone
		return merge(splitRules(text, rules))
	}
	var out []piece
	// First the protected stretches, which stay text.
	last := 0
	for _, loc := range protectedRE.FindAllStringIndex(text, -1) {
		out = append(out, splitRules(text[last:loc[0]], rules)...)
		out = append(out, piece{text: text[loc[0]:loc[1]]})
		last = loc[1]
	}
	out = append(out, splitRules(text[last:], rules)...)
	return merge(out)
}

// splitRules applies `{{ dice: }}` and then each rule to the text pieces
// of s.
func splitRules(s string, rules []diceRule) []piece {
	if s == "" {
		return nil
	}
	ps := []piece{{text: s}}
	if strings.Contains(s, "{{") {
		ps = apply(ps, templateDice)
	}
	for _, r := range rules {
		ps = apply(ps, r)
	}
	return ps
}

// apply splits every text piece of ps at the matches of r. A match its
// look-ahead refuses, or an empty one, stays text.
func apply(ps []piece, r diceRule) []piece {
	var out []piece
	for _, p := range ps {
		if p.roll != nil || p.text == "" {
			out = append(out, p)
			continue
		}
		s, last := p.text, 0
		for _, loc := range r.re.FindAllStringSubmatchIndex(s, -1) {
			if loc[1] == loc[0] || (r.not != nil && r.not.MatchString(s[loc[1]:])) {
				continue
			}
			m := make([]string, len(loc)/2)
			for i := range m {
				if a, b := loc[2*i], loc[2*i+1]; a >= 0 {
					m[i] = s[a:b]
				}
			}
			out = append(out, piece{text: s[last:loc[0]]})
			out = append(out, r.pieces(m)...)
			last = loc[1]
		}
		out = append(out, piece{text: s[last:]})
	}
	return out
}

// merge joins neighbouring text pieces and drops empty ones.
func merge(ps []piece) []piece {
	var out []piece
	for _, p := range ps {
		if p.roll == nil && p.text == "" {
			continue
		}
		if n := len(out); n > 0 && p.roll == nil && out[n-1].roll == nil {
			out[n-1].text += p.text
			continue
		}
		out = append(out, p)
	}
	return out
}

// Markdown writes a roll as the Dice Roller's inline roll, as the plugin
// writes the rolls it finds in a field (`dice: 1d20+15`), its text shown
// in place of the formula when it is other (`dice: 1d20+15|text(+15)`,
// the Dice Roller's |text flag): the page renders it with its odds. A
// roll that cannot be written so (a backtick in it) stays text.
func (r Roll) Markdown() string {
	if strings.ContainsAny(r.Expr+r.Label, "`\n") {
		return r.Label
	}
	if r.Label == "" || r.Label == r.Expr {
		return "`dice: " + r.Expr + "`"
	}
	return "`dice: " + r.Expr + "|text(" + r.Label + ")`"
}

// markdown writes pieces as Markdown, each roll an inline roll.
func markdown(ps []piece) string {
	var sb strings.Builder
	for _, p := range ps {
		if p.roll != nil {
			sb.WriteString(p.roll.Markdown())
		} else {
			sb.WriteString(p.text)
		}
	}
	return sb.String()
}
