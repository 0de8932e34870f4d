package render

import (
	"d6codex/rules"
	"d6codex/rules/text"
	"math"
	"strconv"
)

// html escapes text for an element's content or a quoted attribute. It is
// a loop, not a strings.Replacer: the replacer's machinery would cost the
// WebAssembly module about 20 KB of code.
func html(s string) string {
	var b []byte
	for i := 0; i < len(s); i++ {
		var rep string
		switch s[i] {
		case '&':
			rep = "&amp;"
		case '<':
			rep = "&lt;"
		case '>':
			rep = "&gt;"
		case '"':
			rep = "&#34;"
		case '\'':
			rep = "&#39;"
		default:
			if b != nil {
				b = append(b, s[i])
			}
			continue
		}
		if b == nil {
			b = append(make([]byte, 0, len(s)+16), s[:i]...)
		}
		b = append(b, rep...)
	}
	if b == nil {
		return s
	}
	return string(b)
}

// Pct is a probability as the page shows it: two decimals, with "<0.01%"
// and ">99.99%" for the extremes that would otherwise round to 0 or 100.
func Pct(p float64) string {
	v := p * 100
	switch {
	case v == 0:
		return "0%"
	case v == 100:
		return "100%"
	case v < 0.01:
		return "<0.01%"
	case v > 99.99:
		return ">99.99%"
	}
	return strconv.FormatFloat(v, 'f', 2, 64) + "%"
}

// Human turns a lower_snake_case report name into words: "tie_first" →
// "Tie first".
func Human(name string) string { return text.Human(name) }

// num is a mean rounded to two decimals, without trailing zeros.
func num(x float64) string {
	return strconv.FormatFloat(math.Round(x*100)/100, 'f', -1, 64)
}

// full is a probability in full precision, for data attributes.
func full(p float64) string { return strconv.FormatFloat(p, 'g', -1, 64) }

// diff is b - a in percentage points with its sign ("+1.25", "−0.50").
func diff(a, b float64) string {
	d := math.Round((b-a)*10000) / 100
	s := strconv.FormatFloat(math.Abs(d), 'f', 2, 64)
	switch {
	case d > 0:
		return "+" + s
	case d < 0:
		return "−" + s
	}
	return s
}

// diffNum is b - a of two means, signed, to two decimals.
func diffNum(a, b float64) string {
	d := math.Round((b-a)*100) / 100
	if d > 0 {
		return "+" + num(d)
	}
	if d < 0 {
		return "−" + num(-d)
	}
	return num(d)
}

// ftoa writes an SVG coordinate with at most one decimal.
func ftoa(x float64) string { return strconv.FormatFloat(math.Round(x*10)/10, 'f', -1, 64) }

// say is an outcome, a distribution or a mean in a player's words: its
// Words when the rules give them, else its name made readable.
func say(name, words string) string {
	if words != "" {
		return words
	}
	return Human(name)
}

// distWords is say for the distribution of r called name.
func distWords(r rules.Report, name string) string {
	for _, d := range r.Distributions {
		if d.Name == name {
			return say(d.Name, d.Words)
		}
	}
	return Human(name)
}
