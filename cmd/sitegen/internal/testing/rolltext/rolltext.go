// Package rolltext reduces the inline rolls of rendered HTML (package
// markup/inlinedice) to short text for tests: a computed roll to
// "{roll FORMULA|LABEL}", one shown as written to "{plain LABEL}", so that
// a test can check where rolls are without their odds' markup.
package rolltext

import (
	"html"
	"regexp"
	"strings"
)

var (
	labelRE = regexp.MustCompile(`<span class="roll-f">(.*?)</span>`)
	titleRE = regexp.MustCompile(`<span class="odds-title">(.*?)</span>`)
	idRE    = regexp.MustCompile(` id="([^"]+)"`)
	sameRE  = regexp.MustCompile(`data-same="([^"]+)"`)
	plainRE = regexp.MustCompile(`<span class="roll-plain">(.*?)</span>`)
)

// Normalize replaces each inline roll of s by its short text.
func Normalize(s string) string {
	formulas := map[string]string{} // id -> formula, for data-same
	var out strings.Builder
	for {
		i := strings.Index(s, `<span class="roll" `)
		if i < 0 {
			break
		}
		out.WriteString(s[:i])
		end := closing(s[i:])
		roll := s[i : i+end]
		s = s[i+end:]
		label, formula := "", ""
		if m := labelRE.FindStringSubmatch(roll); m != nil {
			label = html.UnescapeString(m[1])
		}
		if m := titleRE.FindStringSubmatch(roll); m != nil {
			formula = html.UnescapeString(m[1])
			if id := idRE.FindStringSubmatch(roll); id != nil {
				formulas[id[1]] = formula
			}
		} else if m := sameRE.FindStringSubmatch(roll); m != nil {
			formula = formulas[m[1]]
		}
		out.WriteString("{roll " + formula + "|" + label + "}")
	}
	out.WriteString(s)
	return plainRE.ReplaceAllStringFunc(out.String(), func(p string) string {
		return "{plain " + html.UnescapeString(plainRE.FindStringSubmatch(p)[1]) + "}"
	})
}

// closing is the length of the <span> element s starts with.
func closing(s string) int {
	depth := 0
	for i := 0; i < len(s); {
		switch {
		case strings.HasPrefix(s[i:], "<span"):
			depth++
			i += 5
		case strings.HasPrefix(s[i:], "</span>"):
			depth--
			i += 7
			if depth == 0 {
				return i
			}
		default:
			i++
		}
	}
	return len(s)
}
