package query

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// binary applies a binary operator as Dataview does (createBinaryOps):
// comparisons order any two values (Compare); and/or take the truth of
// both sides; + - * / % on numbers; + joins text to anything; text * n
// repeats it; dates and durations add and subtract; + joins two lists
// or two objects; arithmetic on two nulls is null. Anything else is an
// error naming the types, as Dataview's "No implementation found for
// 'number + null'".
func binary(x Expr, op string, l, r Value, e *Env) (Value, error) {
	if e.dialect == Bases { // a link equals the file it leads to
		l, r = asLink(l), asLink(r)
	}
	switch op {
	case "=":
		return Equal(l, r), nil
	case "!=":
		return !Equal(l, r), nil
	case "<":
		return Compare(l, r) < 0, nil
	case "<=":
		return Compare(l, r) <= 0, nil
	case ">":
		return Compare(l, r) > 0, nil
	case ">=":
		return Compare(l, r) >= 0, nil
	case "&":
		return e.truthy(l) && e.truthy(r), nil
	case "|":
		return e.truthy(l) || e.truthy(r), nil
	}
	if e.dialect == Bases {
		if v, ok, err := basesArith(x, op, l, r, e); ok || err != nil {
			return v, err
		}
	}
	switch a := l.(type) {
	case float64:
		if b, ok := r.(float64); ok {
			switch op {
			case "+":
				return a + b, nil
			case "-":
				return a - b, nil
			case "*":
				return a * b, nil
			case "/":
				return a / b, nil
			case "%":
				return math.Mod(a, b), nil
			}
		}
	case time.Time:
		switch b := r.(type) {
		case time.Time:
			if op == "-" {
				return between(b, a), nil
			}
		case Duration:
			switch op {
			case "+":
				return addDuration(a, b, 1), nil
			case "-":
				return addDuration(a, b, -1), nil
			}
		case nil:
			if op == "+" || op == "-" {
				return nil, nil
			}
		}
	case Duration:
		switch b := r.(type) {
		case Duration:
			switch op {
			case "+":
				return Duration{a.Years + b.Years, a.Months + b.Months, a.Days + b.Days, a.Millis + b.Millis}, nil
			case "-":
				return Duration{a.Years - b.Years, a.Months - b.Months, a.Days - b.Days, a.Millis - b.Millis}, nil
			}
		case float64:
			switch op {
			case "*":
				return Duration{a.Years * b, a.Months * b, a.Days * b, a.Millis * b}, nil
			case "/":
				return Duration{a.Years / b, a.Months / b, a.Days / b, a.Millis / b}, nil
			}
		case time.Time:
			if op == "+" {
				return addDuration(b, a, 1), nil
			}
		}
	case List:
		if b, ok := r.(List); ok && op == "+" {
			if len(a)+len(b) > MaxList {
				return nil, &BudgetError{fmt.Sprintf("a list of more than %d items", MaxList)}
			}
			return append(append(List{}, a...), b...), nil
		}
	case *Object:
		if b, ok := r.(*Object); ok && op == "+" {
			o := NewObject()
			for _, k := range a.Keys() {
				o.Set(k, a.vals[k])
			}
			for _, k := range b.Keys() {
				o.Set(k, b.vals[k])
			}
			return o, nil
		}
	case nil:
		switch r.(type) {
		case nil:
			return nil, nil
		case time.Time:
			if op == "+" || op == "-" {
				return nil, nil
			}
		}
	}
	if op == "+" {
		if a, ok := l.(string); ok {
			return concat(a, String(r))
		}
		if b, ok := r.(string); ok {
			return concat(String(l), b)
		}
	}
	if op == "*" {
		if a, ok := l.(string); ok {
			if n, ok := r.(float64); ok {
				return repeat(a, n)
			}
		}
		if a, ok := r.(string); ok {
			if n, ok := l.(float64); ok {
				return repeat(a, n)
			}
		}
	}
	return nil, errAt(x, "No implementation found for '%s %s %s'", TypeOf(l), op, TypeOf(r))
}

func concat(a, b string) (Value, error) {
	if len(a)+len(b) > MaxString {
		return nil, &BudgetError{fmt.Sprintf("a text of more than %d characters", MaxString)}
	}
	return a + b, nil
}

func repeat(s string, n float64) (Value, error) {
	if n < 0 || s == "" {
		return "", nil
	}
	if float64(len(s))*n > MaxString {
		return nil, &BudgetError{fmt.Sprintf("a text of more than %d characters", MaxString)}
	}
	return strings.Repeat(s, int(n)), nil
}

// addDuration moves a date by sign times d: calendar units first, as
// Luxon's plus does.
func addDuration(t time.Time, d Duration, sign float64) time.Time {
	y, mo, days := int(sign*d.Years), int(sign*d.Months), int(sign*d.Days)
	t = t.AddDate(y, mo, days)
	frac := sign * ((d.Years-math.Trunc(d.Years))*365*86400e3 + (d.Months-math.Trunc(d.Months))*30*86400e3 + (d.Days-math.Trunc(d.Days))*86400e3 + d.Millis)
	return t.Add(time.Duration(frac * float64(time.Millisecond)))
}

// between is a - b as a duration in whole calendar units, as Luxon's
// diff in years, months, days and time.
func between(b, a time.Time) Duration {
	sign := 1.0
	if a.Before(b) {
		a, b, sign = b, a, -1
	}
	y := a.Year() - b.Year()
	if b.AddDate(y, 0, 0).After(a) {
		y--
	}
	t := b.AddDate(y, 0, 0)
	mo := 0
	for t.AddDate(0, mo+1, 0).Compare(a) <= 0 {
		mo++
	}
	t = t.AddDate(0, mo, 0)
	days := int(a.Sub(t).Hours() / 24)
	t = t.AddDate(0, 0, days)
	ms := float64(a.Sub(t).Milliseconds())
	return Duration{Years: sign * float64(y), Months: sign * float64(mo), Days: sign * float64(days), Millis: sign * ms}
}

// basesArith is Bases' date arithmetic: a date plus or minus a duration
// written as text ("1d", "2 hours"), and the milliseconds between dates.
func basesArith(x Expr, op string, l, r Value, e *Env) (Value, bool, error) {
	a, ok := l.(time.Time)
	if !ok {
		if l == nil || r == nil {
			switch op {
			case "+", "-", "*", "/", "%":
				if _, s := l.(string); !s {
					if _, s := r.(string); !s {
						return nil, true, nil
					}
				}
			}
		}
		return nil, false, nil
	}
	switch b := r.(type) {
	case string:
		d, ok := parseBasesDuration(b)
		if !ok {
			return nil, true, errAt(x, "%q is not a duration", b)
		}
		if op == "-" {
			return addDuration(a, d, -1), true, nil
		}
		if op == "+" {
			return addDuration(a, d, 1), true, nil
		}
	case time.Time:
		if op == "-" {
			return float64(a.Sub(b).Milliseconds()), true, nil
		}
	}
	return nil, false, nil
}

// parseBasesDuration reads Bases' durations: "1M", "2h", "1 day", "7d".
//
// https://help.obsidian.md/bases/syntax "Duration units accept multiple
// formats: y, year, years; M, month, months; d, day, days; w, week, weeks;
// h, hour, hours; m, minute, minutes; s, second, seconds".
func parseBasesDuration(s string) (Duration, bool) {
	var d Duration
	rest := strings.TrimSpace(s)
	n := 0
	for rest != "" {
		f, after, ok := scanNumber(rest)
		if !ok {
			return d, false
		}
		after = strings.TrimLeft(after, " ")
		unitEnd := 0
		for unitEnd < len(after) && (after[unitEnd] >= 'a' && after[unitEnd] <= 'z' || after[unitEnd] >= 'A' && after[unitEnd] <= 'Z') {
			unitEnd++
		}
		var u Duration
		switch unit := after[:unitEnd]; unit {
		case "y", "year", "years":
			u = Duration{Years: 1}
		case "M", "month", "months":
			u = Duration{Months: 1}
		case "d", "day", "days":
			u = Duration{Days: 1}
		case "w", "week", "weeks":
			u = Duration{Days: 7}
		case "h", "hour", "hours":
			u = Duration{Millis: 3600e3}
		case "m", "minute", "minutes":
			u = Duration{Millis: 60e3}
		case "s", "second", "seconds":
			u = Duration{Millis: 1e3}
		default:
			return d, false
		}
		d = Duration{d.Years + f*u.Years, d.Months + f*u.Months, d.Days + f*u.Days, d.Millis + f*u.Millis}
		rest = strings.TrimLeft(after[unitEnd:], " ,")
		n++
	}
	return d, n > 0
}
