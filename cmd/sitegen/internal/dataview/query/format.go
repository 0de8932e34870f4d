package query

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// DateShorthand is the date a shorthand names (date(today), date(sow)):
// times are in UTC, so that a site built anywhere shows the same dates.
func DateShorthand(name string) time.Time {
	return dateShorthandAt(name, time.Now().UTC())
}

func dateShorthandAt(name string, now time.Time) time.Time {
	day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	// Luxon's weeks start on Monday.
	wd := (int(day.Weekday()) + 6) % 7
	end := func(t time.Time) time.Time { return t.Add(-time.Millisecond) }
	switch name {
	case "now":
		return now
	case "today":
		return day
	case "yesterday":
		return day.AddDate(0, 0, -1)
	case "tomorrow":
		return day.AddDate(0, 0, 1)
	case "sow", "start-of-week":
		return day.AddDate(0, 0, -wd)
	case "eow", "end-of-week":
		return end(day.AddDate(0, 0, 7-wd))
	case "som", "start-of-month":
		return time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	case "eom", "end-of-month":
		return end(time.Date(now.Year(), now.Month()+1, 1, 0, 0, 0, 0, time.UTC))
	case "soy", "start-of-year":
		return time.Date(now.Year(), 1, 1, 0, 0, 0, 0, time.UTC)
	case "eoy", "end-of-year":
		return end(time.Date(now.Year()+1, 1, 1, 0, 0, 0, 0, time.UTC))
	}
	return day
}

// FormatDate shows a date as Dataview does by default: "April 18, 2021",
// or "4:19 AM - April 18, 2021" when it has a time of day.
func FormatDate(t time.Time) string {
	if t.Hour() == 0 && t.Minute() == 0 && t.Second() == 0 {
		return FormatLuxon(t, DefaultSettings.DateFormat)
	}
	return FormatLuxon(t, DefaultSettings.DateTimeFormat)
}

// luxonTokens splits a Luxon format into its tokens: runs of one
// letter, 'quoted' text and the text between them.
func luxonTokens(format string) []string {
	var out []string
	for i := 0; i < len(format); {
		c := format[i]
		j := i + 1
		switch {
		case c == '\'':
			for j < len(format) && format[j] != '\'' {
				j++
			}
			j = min(j+1, len(format))
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			for j < len(format) && format[j] == c {
				j++
			}
		default:
			for j < len(format) && format[j] != '\'' && !(format[j] >= 'a' && format[j] <= 'z' || format[j] >= 'A' && format[j] <= 'Z') {
				j++
			}
		}
		out = append(out, format[i:j])
		i = j
	}
	return out
}

// isToken reports whether a piece of luxonTokens is a letter token.
func isToken(tok string) bool {
	c := tok[0]
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// replaceTokens rewrites each letter token with f, unquotes 'text'.
func replaceTokens(format string, f func(string) string) string {
	var b strings.Builder
	for _, tok := range luxonTokens(format) {
		switch {
		case strings.HasPrefix(tok, "'"):
			b.WriteString(strings.Trim(tok, "'"))
		case isToken(tok):
			b.WriteString(f(tok))
		default:
			b.WriteString(tok)
		}
	}
	return b.String()
}

// FormatLuxon formats a date with a Luxon format ("yyyy-MM-dd",
// "MMMM dd, yyyy"): the tokens of years, months, days, weekdays, hours,
// minutes, seconds, milliseconds, AM/PM and ISO weeks; other letters are
// kept as written.
func FormatLuxon(t time.Time, format string) string {
	return replaceTokens(format, func(tok string) string {
		pad := func(n, w int) string { return fmt.Sprintf("%0*d", w, n) }
		h12 := t.Hour() % 12
		if h12 == 0 {
			h12 = 12
		}
		isoYear, isoWeek := t.ISOWeek()
		wd := int(t.Weekday())
		if wd == 0 {
			wd = 7
		}
		switch tok {
		case "yyyy":
			return pad(t.Year(), 4)
		case "yy":
			return pad(t.Year()%100, 2)
		case "y":
			return strconv.Itoa(t.Year())
		case "MMMM", "LLLL":
			return t.Month().String()
		case "MMM", "LLL":
			return t.Month().String()[:3]
		case "MM", "LL":
			return pad(int(t.Month()), 2)
		case "M", "L":
			return strconv.Itoa(int(t.Month()))
		case "dd":
			return pad(t.Day(), 2)
		case "d":
			return strconv.Itoa(t.Day())
		case "EEEE", "cccc":
			return t.Weekday().String()
		case "EEE", "ccc":
			return t.Weekday().String()[:3]
		case "E", "c":
			return strconv.Itoa(wd)
		case "HH":
			return pad(t.Hour(), 2)
		case "H":
			return strconv.Itoa(t.Hour())
		case "hh":
			return pad(h12, 2)
		case "h":
			return strconv.Itoa(h12)
		case "mm":
			return pad(t.Minute(), 2)
		case "m":
			return strconv.Itoa(t.Minute())
		case "ss":
			return pad(t.Second(), 2)
		case "s":
			return strconv.Itoa(t.Second())
		case "SSS":
			return pad(t.Nanosecond()/1e6, 3)
		case "a":
			if t.Hour() < 12 {
				return "AM"
			}
			return "PM"
		case "kkkk":
			return pad(isoYear, 4)
		case "WW":
			return pad(isoWeek, 2)
		case "W":
			return strconv.Itoa(isoWeek)
		case "ooo":
			return pad(t.YearDay(), 3)
		case "o":
			return strconv.Itoa(t.YearDay())
		}
		return tok
	})
}

// parseLuxon reads a date written in a Luxon format (date(text, format))
// with the tokens yyyy yy MM M dd d HH H mm ss MMMM MMM.
func parseLuxon(s, format string) (time.Time, error) {
	var re strings.Builder
	var fields []string
	re.WriteByte('^')
	for _, tok := range luxonTokens(format) {
		if !isToken(tok) {
			re.WriteString(regexp.QuoteMeta(strings.Trim(tok, "'")))
			continue
		}
		switch tok {
		case "yyyy":
			re.WriteString(`(\d{4})`)
		case "yy", "MM", "dd", "HH", "mm", "ss":
			re.WriteString(`(\d{2})`)
		case "M", "d", "H", "m", "s":
			re.WriteString(`(\d{1,2})`)
		case "MMMM", "MMM":
			re.WriteString(`([A-Za-z]+)`)
		default:
			return time.Time{}, fmt.Errorf("unsupported token %s", tok)
		}
		fields = append(fields, tok)
	}
	re.WriteString("$")
	m := regexp.MustCompile(re.String()).FindStringSubmatch(s)
	if m == nil {
		return time.Time{}, fmt.Errorf("no match")
	}
	y, mo, d, h, mi, sec := 1970, 1, 1, 0, 0, 0
	for i, f := range fields {
		v := m[i+1]
		n, _ := strconv.Atoi(v)
		switch f {
		case "yyyy":
			y = n
		case "yy":
			y = 2000 + n
		case "MM", "M":
			mo = n
		case "MMMM", "MMM":
			found := false
			for k := time.January; k <= time.December; k++ {
				if strings.EqualFold(k.String(), v) || strings.EqualFold(k.String()[:3], v) {
					mo, found = int(k), true
				}
			}
			if !found {
				return time.Time{}, fmt.Errorf("no month %s", v)
			}
		case "dd", "d":
			d = n
		case "HH", "H":
			h = n
		case "mm", "m":
			mi = n
		case "ss", "s":
			sec = n
		}
	}
	t := time.Date(y, time.Month(mo), d, h, mi, sec, 0, time.UTC)
	if t.Day() != d || int(t.Month()) != mo {
		return time.Time{}, fmt.Errorf("not a date")
	}
	return t, nil
}

// FormatDuration shows a duration as Dataview does (Luxon's toHuman of
// its non-zero units): "1 year, 2 months, 3 hours".
func FormatDuration(d Duration) string {
	ms := d.Millis
	units := []struct {
		n    float64
		name string
	}{{d.Years, "year"}, {d.Months, "month"}, {0, "week"}, {d.Days, "day"}}
	h := math.Trunc(ms / 3600e3)
	ms -= h * 3600e3
	mi := math.Trunc(ms / 60e3)
	ms -= mi * 60e3
	s := math.Trunc(ms / 1e3)
	ms -= s * 1e3
	units = append(units, []struct {
		n    float64
		name string
	}{{h, "hour"}, {mi, "minute"}, {s, "second"}, {ms, "millisecond"}}...)
	var parts []string
	for _, u := range units {
		if u.n == 0 {
			continue
		}
		name := u.name
		if u.n != 1 {
			name += "s"
		}
		parts = append(parts, FormatNumber(u.n)+" "+name)
	}
	if len(parts) == 0 {
		return "0 seconds"
	}
	return strings.Join(parts, ", ")
}

// formatDurationLuxon is durationformat(): the tokens y M w d h m s S of
// Luxon's Duration.toFormat, with 'quoted' text.
func formatDurationLuxon(d Duration, format string) string {
	total := d.approxMillis()
	has := map[byte]bool{}
	for _, t := range luxonTokens(format) {
		if isToken(t) {
			has[t[0]] = true
		}
	}
	amount := map[byte]float64{}
	for _, u := range []struct {
		c  byte
		ms float64
	}{{'y', 365 * 86400e3}, {'M', 30 * 86400e3}, {'w', 7 * 86400e3}, {'d', 86400e3}, {'h', 3600e3}, {'m', 60e3}, {'s', 1e3}, {'S', 1}} {
		if has[u.c] {
			amount[u.c] = math.Trunc(total / u.ms)
			total -= amount[u.c] * u.ms
		}
	}
	return replaceTokens(format, func(tok string) string {
		if _, ok := amount[tok[0]]; ok {
			return fmt.Sprintf("%0*d", len(tok), int64(amount[tok[0]]))
		}
		return tok
	})
}
