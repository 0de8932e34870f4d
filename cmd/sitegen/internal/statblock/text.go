package statblock

import (
	"html"
	"strings"
)

// md renders a field's text that stands in a line (a value, a name, a
// cell) as the page renders Markdown, with its links, wikilinks and
// inline rolls, a leading "1. " or "- " being text, not a list; with dice
// set, the layout's dice-parsing rules turn what they match into inline
// rolls (`{{ dice: X }}` is one in any field). line is the text's line
// within the block, where its problems are reported.
func (r *renderer) md(text string, line int, dice bool) string {
	return r.mdBlock(InlineStart(strings.TrimSpace(text)), line, dice)
}

// InlineStart escapes what would open a block at the start of a line's
// text: an ordered list's "1." ("1\. Shift to air"), a list's "-", a
// heading's "#", a quote's ">", a rule's "---".
func InlineStart(s string) string {
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
	if rules != nil || strings.Contains(text, "{{") {
		text = markdown(parseDice(text, rules))
	}
	var out string
	if plain(text) {
		out = html.EscapeString(text)
	} else {
		out = r.b.Markdown(text, line)
	}
	if r.lay.glyphs != nil && strings.ContainsAny(text, r.lay.glyphChars) {
		out = r.lay.glyphs.Replace(out)
	}
	return out
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
