package query

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// Literals as Dataview reads them in field values and queries: dates
// (2021-04-18, 2021-04-18T04:19:35.000+06:30), durations (6hr 4min, 1 day,
// 3 hours), links ([[Note]], ![[image.png]]), tags, numbers, true/false,
// null and "text".
//
// https://blacksmithgu.github.io/obsidian-dataview/annotation/types-of-metadata/

// Canonical is a field name as Dataview sanitizes it
// (canonicalizeVarName): letters, digits, '_' and '-' lower-cased, a run
// of spaces one '-', emoji kept, anything else dropped ("Basic Field" is
// basic-field, "Hello!" hello).
func Canonical(name string) string {
	var b strings.Builder
	space := false
	for _, r := range name {
		switch {
		case unicode.IsSpace(r):
			if !space {
				b.WriteByte('-')
			}
			space = true
			continue
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '-':
			b.WriteRune(unicode.ToLower(r))
		case isEmoji(r):
			b.WriteRune(r)
		}
		space = false
	}
	return b.String()
}

// isEmoji approximates the emoji Dataview keeps in names: pictographs
// and other symbols.
func isEmoji(r rune) bool {
	return r >= 0x1F000 && r <= 0x1FAFF || r >= 0x2600 && r <= 0x27BF || unicode.Is(unicode.So, r)
}

// durationUnits are Dataview's duration units (DURATION_TYPES), longest
// first as its parser tries them.
var durationUnits = func() []string {
	u := []string{"year", "years", "yr", "yrs", "month", "months", "mo", "mos", "week", "weeks", "wk", "wks", "w",
		"day", "days", "d", "hour", "hours", "hr", "hrs", "h", "minute", "minutes", "min", "mins", "m",
		"second", "seconds", "sec", "secs", "s"}
	slices.SortStableFunc(u, func(a, b string) int { return len(b) - len(a) })
	return u
}()

// unitDuration is one of a unit.
func unitDuration(u string) Duration {
	switch u {
	case "year", "years", "yr", "yrs":
		return Duration{Years: 1}
	case "month", "months", "mo", "mos":
		return Duration{Months: 1}
	case "week", "weeks", "wk", "wks", "w":
		return Duration{Days: 7}
	case "day", "days", "d":
		return Duration{Days: 1}
	case "hour", "hours", "hr", "hrs", "h":
		return Duration{Millis: 3600e3}
	case "minute", "minutes", "min", "mins", "m":
		return Duration{Millis: 60e3}
	}
	return Duration{Millis: 1e3}
}

// The scan functions read a literal from the start of a string and
// return it with the rest, or ok false (nothing consumed).

var numberRE = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?`)

func scanNumber(s string) (float64, string, bool) {
	m := numberRE.FindString(s)
	if m == "" {
		return 0, s, false
	}
	f, err := strconv.ParseFloat(m, 64)
	if err != nil {
		return 0, s, false
	}
	return f, s[len(m):], true
}

// scanDuration reads "6hr 4min", "1 day, 3 hours".
func scanDuration(s string) (Duration, string, bool) {
	var d Duration
	rest, n := s, 0
	for {
		try := rest
		if n > 0 { // a separator: "," with spaces around, or spaces or nothing
			t := strings.TrimLeft(try, " \t\n\r")
			if strings.HasPrefix(t, ",") {
				t = strings.TrimLeft(t[1:], " \t\n\r")
			}
			try = t
		}
		f, after, ok := scanNumber(try)
		if !ok {
			break
		}
		after = strings.TrimLeft(after, " \t\n\r")
		unit := ""
		for _, u := range durationUnits {
			if strings.HasPrefix(after, u) {
				unit = u
				break
			}
		}
		if unit == "" {
			break
		}
		u := unitDuration(unit)
		d = Duration{Years: d.Years + f*u.Years, Months: d.Months + f*u.Months, Days: d.Days + f*u.Days, Millis: d.Millis + f*u.Millis}
		rest, n = after[len(unit):], n+1
	}
	if n == 0 {
		return Duration{}, s, false
	}
	return d, rest, true
}

func digits(s string, n int) (int, bool) {
	if len(s) < n {
		return 0, false
	}
	v := 0
	for i := range n {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		v = v*10 + int(s[i]-'0')
	}
	return v, true
}

var zoneRE = regexp.MustCompile(`^[+-](\d{1,2})(:(\d{2}))?`)

// scanDate reads YYYY-MM[-DD[THH[:mm[:ss[.SSS]]]]][+hh:mm|Z], each part
// optional after the month, as Dataview's date parser does. Dates are
// in UTC unless they give a zone.
func scanDate(s string) (time.Time, string, bool) {
	y, ok1 := digits(s, 4)
	if !ok1 || len(s) < 7 || s[4] != '-' {
		return time.Time{}, s, false
	}
	mo, ok2 := digits(s[5:], 2)
	if !ok2 || mo < 1 || mo > 12 {
		return time.Time{}, s, false
	}
	rest := s[7:]
	day, h, mi, sec, ms := 1, 0, 0, 0, 0
	step := func(sep byte, n int, v *int) bool {
		if len(rest) > n && rest[0] == sep {
			if x, ok := digits(rest[1:], n); ok {
				*v, rest = x, rest[1+n:]
				return true
			}
		}
		return false
	}
	if step('-', 2, &day) && step('T', 2, &h) && step(':', 2, &mi) && step(':', 2, &sec) {
		step('.', 3, &ms)
	}
	loc := time.UTC
	if m := zoneRE.FindStringSubmatch(rest); m != nil {
		hh, _ := strconv.Atoi(m[1])
		mm, _ := strconv.Atoi(m[3])
		off := hh*3600 + mm*60
		if rest[0] == '-' {
			off = -off
		}
		loc, rest = time.FixedZone("", off), rest[len(m[0]):]
	} else if strings.HasPrefix(rest, "Z") {
		rest = rest[1:]
	}
	t := time.Date(y, time.Month(mo), day, h, mi, sec, ms*1e6, loc)
	if t.Day() != day || h > 23 || mi > 59 || sec > 59 { // 2021-02-30 is not a date
		return time.Time{}, s, false
	}
	return t, rest, true
}

var linkRE = regexp.MustCompile(`^\[\[([^\[\]]*?)\]\]`)

// scanLink reads [[...]] or ![[...]].
func scanLink(s string) (Link, string, bool) {
	embed := strings.HasPrefix(s, "!")
	t := strings.TrimPrefix(s, "!")
	m := linkRE.FindStringSubmatch(t)
	if m == nil {
		return Link{}, s, false
	}
	return ParseLink(m[1], embed), t[len(m[0]):], true
}

// tagRE is a tag as Dataview's expression parser reads one.
var tagRE = regexp.MustCompile("^#[^\u2000-\u206F\u2E00-\u2E7F'!\"#$%&()*+,.:;<=>?@^`{|}~\\[\\]\\\\\\s]*")

// scanString reads a "quoted" text: \" and \\ are the characters, any
// other escape keeps its backslash (Dataview's escapeCharacter).
func scanString(s string) (string, string, bool) {
	if !strings.HasPrefix(s, `"`) {
		return "", s, false
	}
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch c := s[i]; c {
		case '"':
			return b.String(), s[i+1:], true
		case '\\':
			if i+1 >= len(s) {
				return "", s, false
			}
			i++
			if s[i] != '"' && s[i] != '\\' {
				b.WriteByte('\\')
			}
			b.WriteByte(s[i])
		default:
			b.WriteByte(c)
		}
	}
	return "", s, false
}

// scanAtom reads one value of an inline field (atomInlineField): a date,
// a duration, a "text", a #tag, a link, a boolean, a number or null.
func scanAtom(s string) (Value, string, bool) {
	if t, rest, ok := scanDate(s); ok {
		return t, rest, true
	}
	if d, rest, ok := scanDuration(s); ok {
		return d, rest, true
	}
	if str, rest, ok := scanString(s); ok {
		return str, rest, true
	}
	if m := tagRE.FindString(s); m != "" {
		return m, s[len(m):], true
	}
	if l, rest, ok := scanLink(s); ok {
		return l, rest, true
	}
	for _, b := range []string{"true", "false", "True", "False"} {
		if strings.HasPrefix(s, b) {
			return strings.EqualFold(b, "true"), s[len(b):], true
		}
	}
	if f, rest, ok := scanNumber(s); ok {
		return f, rest, true
	}
	if strings.HasPrefix(s, "null") {
		return nil, s[4:], true
	}
	return nil, s, false
}

// ParseInlineValue reads the value of an inline field (Key:: value) as
// Dataview does (parseInlineValue): empty is null; one value or several
// separated by commas (a list) when the whole text is such, else the text.
//
// https://blacksmithgu.github.io/obsidian-dataview/annotation/types-of-metadata/
// "In inline fields, they are comma-separated lists values ... you need to
// wrap text values into quotes to be recognized as a list".
func ParseInlineValue(s string) Value {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	sep := func(r string) (string, bool) {
		t := strings.TrimLeft(r, " \t")
		if !strings.HasPrefix(t, ",") {
			return r, false
		}
		return strings.TrimLeft(t[1:], " \t"), true
	}
	first, rest, ok := scanAtom(s)
	if !ok {
		return s
	}
	if r, more := sep(rest); more {
		list := List{first}
		for {
			v, after, ok := scanAtom(r)
			if !ok {
				return s // "a, b" where b is not a value: the first branch fails, and so the text
			}
			list = append(list, v)
			r = after
			next, more := sep(r)
			if !more {
				break
			}
			if _, _, ok := scanAtom(next); !ok {
				break // a trailing comma is left over: not the whole text
			}
			r = next
		}
		if r == "" {
			return list
		}
		return s
	}
	if rest != "" {
		return s
	}
	return first
}

// FrontmatterValue converts a decoded front matter value as Dataview does
// (parseFrontmatter): numbers and booleans as they are, a text that is
// wholly a date, a duration or a link as that, lists and maps item by item.
func FrontmatterValue(v any) Value {
	switch v := v.(type) {
	case nil:
		return nil
	case bool, float64, time.Time:
		return v
	case int:
		return float64(v)
	case int64:
		return float64(v)
	case uint64:
		return float64(v)
	case float32:
		return float64(v)
	case string:
		if t, rest, ok := scanDate(v); ok && rest == "" {
			return t
		}
		if d, rest, ok := scanDuration(v); ok && rest == "" {
			return d
		}
		if l, rest, ok := scanLink(v); ok && rest == "" {
			return l
		}
		return v
	case []any:
		out := make(List, len(v))
		for i, e := range v {
			out[i] = FrontmatterValue(e)
		}
		return out
	case map[string]any:
		o := NewObject()
		for _, k := range sortedKeys(v) {
			o.Set(k, FrontmatterValue(v[k]))
		}
		return o
	}
	return nil
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
