package jekyll

import (
	"errors"
	"math"
	"reflect"
	"regexp"
	"strconv"
	"strings"
)

// Liquid's arithmetic filters (plus, minus, times, divided_by, modulo,
// round, ceil, floor) as Ruby's Liquid (Jekyll's) runs them: each
// operand is read by Liquid::Utils.to_number, a number as it is, a text
// of the form 1.5 as a decimal, any other text by Ruby's String#to_i (its
// leading digits: "5 sp" is 5, "varies" and "---" are 0), anything else
// 0; two integers make an integer, as round, ceil and floor do (divided_by rounds down: "The result is
// rounded down to the nearest integer (that is, the floor) if the divisor
// is an integer", https://shopify.github.io/liquid/filters/divided_by/).
// The engine's own stop the page at a text that is not a number
// (rooneg/5srd.github.io's format_cost include: {{ include.cost | times:
// 100 }} with cost "5 sp").
func (r *run) addArithmetic() {
	ops := map[string]func(a, b int64) (int64, error){
		"plus":  func(a, b int64) (int64, error) { return a + b, nil },
		"minus": func(a, b int64) (int64, error) { return a - b, nil },
		"times": func(a, b int64) (int64, error) { return a * b, nil },
		"divided_by": func(a, b int64) (int64, error) {
			if b == 0 {
				return 0, errDivZero
			}
			q := a / b
			if (a%b != 0) && ((a < 0) != (b < 0)) {
				q--
			}
			return q, nil
		},
		"modulo": func(a, b int64) (int64, error) {
			if b == 0 {
				return 0, errDivZero
			}
			m := a % b
			if m != 0 && (m < 0) != (b < 0) {
				m += b
			}
			return m, nil
		},
	}
	fops := map[string]func(a, b float64) (float64, error){
		"plus":  func(a, b float64) (float64, error) { return a + b, nil },
		"minus": func(a, b float64) (float64, error) { return a - b, nil },
		"times": func(a, b float64) (float64, error) { return a * b, nil },
		"divided_by": func(a, b float64) (float64, error) {
			if b == 0 {
				return 0, errDivZero
			}
			return a / b, nil
		},
		"modulo": func(a, b float64) (float64, error) {
			if b == 0 {
				return 0, errDivZero
			}
			m := math.Mod(a, b)
			if m != 0 && (m < 0) != (b < 0) {
				m += b
			}
			return m, nil
		},
	}
	// round, ceil and floor make an integer (Ruby's Liquid: to_number,
	// then Integer#round; round: N keeps N decimals).
	r.engine.RegisterFilter("round", func(in any, digits func(int) int) (any, error) {
		n := digits(0)
		x := rubyNumber(in)
		if i, ok := x.(int64); ok {
			return int(i), nil
		}
		if n <= 0 {
			return int(math.Round(toFloat(x))), nil
		}
		p := math.Pow(10, float64(n))
		return math.Round(toFloat(x)*p) / p, nil
	})
	r.engine.RegisterFilter("ceil", func(in any) (any, error) { return int(math.Ceil(toFloat(rubyNumber(in)))), nil })
	r.engine.RegisterFilter("floor", func(in any) (any, error) { return int(math.Floor(toFloat(rubyNumber(in)))), nil })
	// at_least and at_most (Liquid 4.0, Jekyll 4's): "Limits a number to
	// a minimum value", "… to a maximum value"
	// (https://shopify.github.io/liquid/filters/at_least/); both read
	// their operands by Liquid::Utils.to_number, as plus does.
	limit := func(atLeast bool) func(in, arg any) (any, error) {
		return func(in, arg any) (any, error) {
			a, b := rubyNumber(in), rubyNumber(arg)
			if less := toFloat(a) < toFloat(b); less == atLeast {
				a = b
			}
			if i, ok := a.(int64); ok {
				return int(i), nil
			}
			return a, nil
		}
	}
	r.engine.RegisterFilter("at_least", limit(true))
	r.engine.RegisterFilter("at_most", limit(false))
	for name, op := range ops {
		fop := fops[name]
		r.engine.RegisterFilter(name, func(in, arg any) (any, error) {
			if r.cancelled.Load() {
				return nil, errCancelled
			}
			a, b := rubyNumber(in), rubyNumber(arg)
			ai, aInt := a.(int64)
			bi, bInt := b.(int64)
			if aInt && bInt {
				n, err := op(ai, bi)
				return int(n), err // an int, as Liquid's ranges (1..n) read only int
			}
			return fop(toFloat(a), toFloat(b))
		})
	}
}

// errDivZero is Ruby's ZeroDivisionError.
var errDivZero = errors.New("divided by 0")

// decimalText is the text Liquid::Utils.to_number reads as a decimal.
var decimalText = regexp.MustCompile(`^-?\d+\.\d+$`)

// leadingInt is what Ruby's String#to_i reads: spaces, a sign, digits.
var leadingInt = regexp.MustCompile(`^\s*[+-]?\d+`)

// rubyNumber is v as Liquid::Utils.to_number reads it: an int64 or a
// float64.
func rubyNumber(v any) any {
	switch x := v.(type) {
	case nil:
		return int64(0)
	case string:
		if decimalText.MatchString(strings.TrimSpace(x)) {
			f, _ := strconv.ParseFloat(strings.TrimSpace(x), 64)
			return f
		}
		n, _ := strconv.ParseInt(strings.TrimSpace(leadingInt.FindString(x)), 10, 64)
		return n
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return rv.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return int64(rv.Uint())
	case reflect.Float32, reflect.Float64:
		return rv.Float()
	}
	return int64(0)
}

// toFloat is a rubyNumber as a float64.
func toFloat(v any) float64 {
	if i, ok := v.(int64); ok {
		return float64(i)
	}
	f, _ := v.(float64)
	return f
}
