package opend6

import (
	"strconv"
	"strings"

	"d6codex/rules/dice"
)

// say writes format with each verb replaced by the next argument:
//
//	%d  an int as strconv.Itoa writes it
//	%n  an int with a typographic minus sign (num)
//	%+  an int with its sign, "+3" or "−3" (signed)
//	%L  a wound level's label (LevelLabel)
//	%s  a string, or a die code as dice.Code.String writes it
//	%%  a percent sign
//
// A trace line is then one literal and its arguments: in the WebAssembly
// module every operand of a concatenation and every strconv.Itoa is code
// at each line that uses it, and the trace has many lines.
func say(format string, args ...any) string {
	var b strings.Builder
	b.Grow(len(format) + 64) // one allocation for most lines
	for {
		i := strings.IndexByte(format, '%')
		if i < 0 || i+1 == len(format) {
			b.WriteString(format)
			return b.String()
		}
		b.WriteString(format[:i])
		verb := format[i+1]
		format = format[i+2:]
		s := "%"
		if verb != '%' {
			switch v := args[0].(type) {
			case string:
				s = v
			case dice.Code:
				s = v.String()
			case int:
				switch verb {
				case 'n':
					s = num(v)
				case '+':
					s = signed(v)
				case 'L':
					s = LevelLabel(v)
				default:
					s = strconv.Itoa(v)
				}
			}
			args = args[1:]
		}
		b.WriteString(s)
	}
}

// add appends the step say(format, args...) to steps.
func add(steps *[]string, format string, args ...any) {
	*steps = append(*steps, say(format, args...))
}

// pipsTerm is a roll's pips as a term of its total: " + 2 (pips)", or
// nothing without pips.
func pipsTerm(pips int) string {
	if pips > 0 {
		return say(" + %d (pips)", pips)
	}
	return ""
}
