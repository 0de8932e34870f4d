package statblock

import (
	"html"
	"strconv"
	"strings"

	"d6codex/cmd/sitegen/internal/markup"
)

// A Roller renders a roll found in a stat block's field as trusted HTML:
// r.Expr in the Dice Roller's notation, r.Label the text shown, line the
// field's line within the block b (where its problems are reported).
// Options.Roll sets it; the default marks the label with its expression
// (DefaultRoll).
type Roller func(b *markup.Block, r Roll, line int) string

// DefaultRoll marks a roll for the page's inline-roll support to pick up:
// <span class="statblock-roll" data-dice="1d20+15">+15</span>.
func DefaultRoll(_ *markup.Block, r Roll, _ int) string {
	return `<span class="statblock-roll" data-dice="` + html.EscapeString(r.Expr) + `">` + html.EscapeString(r.Label) + `</span>`
}

// md renders a field's text that stands in a line (a value, a name, a
// cell) as the page renders Markdown, with its links and wikilinks, a
// leading "1. " or "- " being text, not a list; with dice set, the
// layout's dice-parsing rules turn what they match into rolls (`{{ dice:
// X }}` is a roll in any field). line is the text's line within the
// block, where its problems are reported.
func (r *renderer) md(text string, line int, dice bool) string {
	return r.mdBlock(inlineStart(strings.TrimSpace(text)), line, dice)
}

// inlineStart escapes what would open a block at the start of a line's
// text: an ordered list's "1." ("1\. Shift to air"), a list's "-", a
// heading's "#", a quote's ">", a rule's "---".
func inlineStart(s string) string {
	i := 0
	for i < len(s) && i < 9 && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	spaceAt := func(j int) bool { return j == len(s) || s[j] == ' ' || s[j] == '\t' }
	switch {
	case i > 0:
		if i < len(s) && (s[i] == '.' || s[i] == ')') && spaceAt(i+1) {
			return s[:i] + `\` + s[i:]
		}
	case len(s) >= 3 && strings.Trim(s, "-*_ \t") == "":
		return `\` + s
	case s != "" && strings.IndexByte("-+*>", s[0]) >= 0 && spaceAt(1):
		return `\` + s
	case strings.HasPrefix(s, "#"):
		j := strings.IndexFunc(s, func(r rune) bool { return r != '#' })
		if j < 0 {
			j = len(s)
		}
		if j <= 6 && spaceAt(j) {
			return `\` + s
		}
	}
	return s
}

// mdBlock renders a field's text that may hold blocks (a description:
// paragraphs, lists), as md does otherwise.
func (r *renderer) mdBlock(text string, line int, dice bool) string {
	text = strings.TrimSpace(text)
	if text == "" {
		return ""
	}
	if text == "-" {
		text = `\-` // a dash, not an empty list (as the plugin writes it)
	}
	rules := []diceRule(nil)
	if dice && r.dice {
		rules = r.lay.dice
		if rules == nil {
			rules = defaultDice
		}
	}
	var rolls []Roll
	if rules != nil || strings.Contains(text, "{{") {
		text, rolls = withPlaceholders(parseDice(text, rules), nil)
	}
	var out string
	if plain(text) {
		out = html.EscapeString(text)
	} else {
		out = r.b.Markdown(text, line)
	}
	if r.lay.glyphs != nil {
		out = r.lay.glyphs.Replace(out)
	}
	if len(rolls) == 0 {
		return out
	}
	return rollPlaceholderRE.ReplaceAllStringFunc(out, func(p string) string {
		i, err := strconv.Atoi(p[len(string(rollOpen)) : len(p)-len(string(rollClose))])
		if err != nil || i >= len(rolls) {
			return p
		}
		return r.roll(r.b, rolls[i], line)
	})
}

// plain reports whether text renders as itself: no character that
// Markdown, the typographer, autolinks or Obsidian's syntax would read,
// and no list marker in front.
func plain(s string) bool {
	if strings.Contains(s, "--") || strings.Contains(s, "...") || strings.Contains(s, "www.") || strings.Contains(s, "://") || strings.Contains(s, "\n") {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '*', '_', '[', ']', '`', '<', '>', '&', '\\', '!', '#', '|', '~', '=', '^', '%', '$', '\'', '"', '@':
			return false
		}
	}
	switch c := s[0]; {
	case c == '-' || c == '+':
		return len(s) > 1 && s[1] != ' '
	case c >= '0' && c <= '9':
		i := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return !(i < len(s) && (s[i] == '.' || s[i] == ')') && (i+1 == len(s) || s[i+1] == ' '))
	}
	return true
}
