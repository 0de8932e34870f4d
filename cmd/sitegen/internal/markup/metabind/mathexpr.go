package metabind

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// A math view field's text is a mathjs expression whose `{property}`
// references are the note's values ("The math view field … evaluates
// the expression using mathjs", the references being variables of it:
// the plugin's MathVF compiles the text with each reference replaced by a
// variable whose value is the property's, "" when the note has none).
// evalMath evaluates the part of mathjs's language a view field uses:
// numbers, "strings", true/false, the operators ?: or xor and | & == !=
// < > <= >= + - * / ^ and unary + - not, parentheses, and the functions
// round, floor, ceil, fix, abs, sign, sqrt, cbrt, exp, log, log10, log2,
// pow, min, max, mod, number and string. Precedence and associativity are
// mathjs's (https://mathjs.org/docs/expressions/syntax.html#precedence):
// ^ binds tighter than a unary minus on its left (-2^2 is -4) and is
// right-associative, ?: is right-associative and lowest. Strings
// convert to numbers in arithmetic as mathjs converts them (a text that
// is no number is an error). Anything else (units, matrices, implicit
// multiplication, %, !, assignments, other functions) is Unsupported:
// the caller keeps the field's code and says why.

// maxExprDepth bounds the nesting of an expression.
const maxExprDepth = 64

// mval is a value of an expression: a number, a string or a boolean.
type mval struct {
	kind byte // 'n' number, 's' string, 'b' boolean
	n    float64
	s    string
	b    bool
}

// evalMath evaluates the math view text with meta's values.
func evalMath(text string, meta map[string]any) (mval, error) {
	p := &mparser{src: text, meta: meta}
	v, err := p.ternary(0)
	if err != nil {
		return mval{}, err
	}
	p.space()
	if p.pos < len(p.src) {
		return mval{}, fmt.Errorf("%q after %q (a unit, a conversion, implicit multiplication or an operator mathexpr.go does not read): %w",
			p.src[p.pos:], strings.TrimSpace(p.src[:p.pos]), Unsupported)
	}
	return v, nil
}

// mparser is a recursive-descent reader of one expression.
type mparser struct {
	src  string
	pos  int
	meta map[string]any
}

func (p *mparser) space() {
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t' || p.src[p.pos] == '\n') {
		p.pos++
	}
}

// peek reports whether the next token is tok (a word token must end
// there).
func (p *mparser) peek(tok string) bool {
	p.space()
	if !strings.HasPrefix(p.src[p.pos:], tok) {
		return false
	}
	if isWord(tok[0]) {
		end := p.pos + len(tok)
		return end == len(p.src) || !isWord(p.src[end])
	}
	return true
}

func (p *mparser) accept(tok string) bool {
	if p.peek(tok) {
		p.pos += len(tok)
		return true
	}
	return false
}

func (p *mparser) deeper(depth int) error {
	if depth > maxExprDepth {
		return fmt.Errorf("an expression nested deeper than %d", maxExprDepth)
	}
	return nil
}

func (p *mparser) ternary(depth int) (mval, error) {
	if err := p.deeper(depth); err != nil {
		return mval{}, err
	}
	c, err := p.or(depth)
	if err != nil || !p.accept("?") {
		return c, err
	}
	a, err := p.ternary(depth + 1)
	if err != nil {
		return a, err
	}
	if !p.accept(":") {
		return mval{}, fmt.Errorf("a ? without its : in %q: %w", p.src, Unsupported)
	}
	b, err := p.ternary(depth + 1)
	if err != nil {
		return b, err
	}
	t, err := truth(c)
	if err != nil {
		return mval{}, err
	}
	if t {
		return a, nil
	}
	return b, nil
}

// logical reads the operands of one logical operator, left to right.
func (p *mparser) logical(depth int, op string, next func(int) (mval, error), f func(a, b bool) bool) (mval, error) {
	a, err := next(depth)
	for err == nil && p.accept(op) {
		var b mval
		if b, err = next(depth); err != nil {
			break
		}
		var x, y bool
		if x, err = truth(a); err == nil {
			if y, err = truth(b); err == nil {
				a = mval{kind: 'b', b: f(x, y)}
			}
		}
	}
	return a, err
}

func (p *mparser) or(depth int) (mval, error) {
	return p.logical(depth, "or", p.xor, func(a, b bool) bool { return a || b })
}

func (p *mparser) xor(depth int) (mval, error) {
	return p.logical(depth, "xor", p.and, func(a, b bool) bool { return a != b })
}

func (p *mparser) and(depth int) (mval, error) {
	return p.logical(depth, "and", p.bitOr, func(a, b bool) bool { return a && b })
}

// bitOr and bitAnd are mathjs's | and &, which bind looser than the
// comparisons (a < b & c >= d is (a < b) & (c >= d)): on integers (a
// boolean is 0 or 1), else Unsupported.
func (p *mparser) bitOr(depth int) (mval, error) {
	return p.leftAssoc(depth, "|", p.bitAnd, bitwise)
}

func (p *mparser) bitAnd(depth int) (mval, error) {
	return p.leftAssoc(depth, "&", p.compare, bitwise)
}

// bitwise is a & b or a | b, on integers.
func bitwise(op byte, a, b mval) (mval, error) {
	x, y, err := numbers(a, b)
	if err != nil {
		return mval{}, err
	}
	if x != math.Trunc(x) || y != math.Trunc(y) || math.Abs(x) > 1<<53 || math.Abs(y) > 1<<53 {
		return mval{}, fmt.Errorf("%c on numbers that are not integers (%s, %s): %w", op, jsNumber(x), jsNumber(y), Unsupported)
	}
	if op == '&' {
		return mval{kind: 'n', n: float64(int64(x) & int64(y))}, nil
	}
	return mval{kind: 'n', n: float64(int64(x) | int64(y))}, nil
}

func (p *mparser) compare(depth int) (mval, error) {
	a, err := p.additive(depth)
	for err == nil {
		var op string
		for _, o := range []string{"==", "!=", "<=", ">=", "<", ">"} {
			if p.accept(o) {
				op = o
				break
			}
		}
		if op == "" {
			break
		}
		var b mval
		if b, err = p.additive(depth); err != nil {
			break
		}
		a, err = compareVals(op, a, b)
	}
	return a, err
}

// compareVals compares as mathjs does, as numbers (a string that is no
// number is an error there, and Unsupported here).
func compareVals(op string, a, b mval) (mval, error) {
	x, y, err := numbers(a, b)
	if err != nil {
		return mval{}, err
	}
	var r bool
	switch op {
	case "==":
		r = x == y
	case "!=":
		r = x != y
	case "<":
		r = x < y
	case ">":
		r = x > y
	case "<=":
		r = x <= y
	case ">=":
		r = x >= y
	}
	return mval{kind: 'b', b: r}, nil
}

func (p *mparser) additive(depth int) (mval, error) {
	return p.leftAssoc(depth, "+-", p.multiplicative, arith)
}

func (p *mparser) multiplicative(depth int) (mval, error) {
	return p.leftAssoc(depth, "*/", p.unary, arith)
}

// leftAssoc reads the operands of next joined by the one-character
// operators ops, left to right, each pair combined by apply. A doubled
// * & or | ("**", "&&", "||": no mathjs operators) ends the run, and is
// then no operator at all.
func (p *mparser) leftAssoc(depth int, ops string, next func(int) (mval, error), apply func(op byte, a, b mval) (mval, error)) (mval, error) {
	a, err := next(depth)
	for err == nil {
		p.space()
		if p.pos >= len(p.src) || !strings.ContainsRune(ops, rune(p.src[p.pos])) {
			return a, nil
		}
		op := p.src[p.pos]
		if strings.IndexByte("*&|", op) >= 0 && p.pos+1 < len(p.src) && p.src[p.pos+1] == op {
			return a, nil
		}
		p.pos++
		var b mval
		if b, err = next(depth); err != nil {
			break
		}
		a, err = apply(op, a, b)
	}
	return a, err
}

func (p *mparser) unary(depth int) (mval, error) {
	if err := p.deeper(depth); err != nil {
		return mval{}, err
	}
	switch {
	case p.accept("-"):
		v, err := p.unary(depth + 1)
		if err != nil {
			return v, err
		}
		return arith('-', mval{kind: 'n'}, v)
	case p.accept("+"):
		v, err := p.unary(depth + 1)
		if err != nil {
			return v, err
		}
		x, err := number(v)
		return mval{kind: 'n', n: x}, err
	case p.accept("not"):
		v, err := p.unary(depth + 1)
		if err != nil {
			return v, err
		}
		t, err := truth(v)
		return mval{kind: 'b', b: !t}, err
	}
	return p.power(depth)
}

func (p *mparser) power(depth int) (mval, error) {
	a, err := p.primary(depth)
	if err != nil || !p.accept("^") {
		if err == nil && (p.peek("!") && !p.peek("!=") || p.peek("%")) {
			return mval{}, fmt.Errorf("%q (factorial or percent) in %q: %w", p.src[p.pos:p.pos+1], p.src, Unsupported)
		}
		return a, err
	}
	b, err := p.unary(depth + 1) // right-associative; 2^-1 is 0.5
	if err != nil {
		return b, err
	}
	return arith('^', a, b)
}

func (p *mparser) primary(depth int) (mval, error) {
	if err := p.deeper(depth); err != nil {
		return mval{}, err
	}
	p.space()
	if p.pos >= len(p.src) {
		return mval{}, fmt.Errorf("%q ends where a value is expected: %w", p.src, Unsupported)
	}
	c := p.src[p.pos]
	switch {
	case c == '(':
		p.pos++
		v, err := p.ternary(depth + 1)
		if err != nil {
			return v, err
		}
		if !p.accept(")") {
			return mval{}, fmt.Errorf("a ( without its ) in %q: %w", p.src, Unsupported)
		}
		return v, nil
	case c == '{':
		end := strings.IndexByte(p.src[p.pos:], '}')
		if end < 0 {
			return mval{}, fmt.Errorf("a { without its } in %q: %w", p.src, Unsupported)
		}
		ref := strings.TrimSpace(p.src[p.pos+1 : p.pos+end])
		p.pos += end + 1
		v, err := lookup(ref, p.meta)
		if err != nil {
			return mval{}, err
		}
		return fromValue(ref, v)
	case c == '"' || c == '\'':
		end := strings.IndexByte(p.src[p.pos+1:], c)
		if end < 0 {
			return mval{}, fmt.Errorf("a string without its closing %c in %q: %w", c, p.src, Unsupported)
		}
		s := p.src[p.pos+1 : p.pos+1+end]
		if strings.ContainsRune(s, '\\') {
			return mval{}, fmt.Errorf("a string with an escape in %q: %w", p.src, Unsupported)
		}
		p.pos += end + 2
		return mval{kind: 's', s: s}, nil
	case c >= '0' && c <= '9' || c == '.':
		start := p.pos
		for p.pos < len(p.src) && (p.src[p.pos] >= '0' && p.src[p.pos] <= '9' || p.src[p.pos] == '.') {
			p.pos++
		}
		if p.pos < len(p.src) && (p.src[p.pos] == 'e' || p.src[p.pos] == 'E') {
			q := p.pos + 1
			if q < len(p.src) && (p.src[q] == '+' || p.src[q] == '-') {
				q++
			}
			if q < len(p.src) && p.src[q] >= '0' && p.src[q] <= '9' {
				for p.pos = q; p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9'; p.pos++ {
				}
			}
		}
		if p.pos < len(p.src) && isWord(p.src[p.pos]) {
			return mval{}, fmt.Errorf("%q (a unit or implicit multiplication) in %q: %w", p.src[start:], p.src, Unsupported)
		}
		x, err := strconv.ParseFloat(p.src[start:p.pos], 64)
		if err != nil {
			return mval{}, fmt.Errorf("number %q: %w", p.src[start:p.pos], Unsupported)
		}
		return mval{kind: 'n', n: x}, nil
	case isWord(c):
		start := p.pos
		for p.pos < len(p.src) && isWord(p.src[p.pos]) {
			p.pos++
		}
		name := p.src[start:p.pos]
		switch name {
		case "true", "false":
			return mval{kind: 'b', b: name == "true"}, nil
		case "pi":
			return mval{kind: 'n', n: math.Pi}, nil
		case "e":
			return mval{kind: 'n', n: math.E}, nil
		}
		if !p.accept("(") {
			return mval{}, fmt.Errorf("the name %q (a mathjs variable or constant) in %q: %w", name, p.src, Unsupported)
		}
		var args []mval
		if !p.accept(")") {
			for {
				v, err := p.ternary(depth + 1)
				if err != nil {
					return v, err
				}
				args = append(args, v)
				if p.accept(")") {
					break
				}
				if !p.accept(",") {
					return mval{}, fmt.Errorf("the arguments of %s in %q: %w", name, p.src, Unsupported)
				}
			}
		}
		return call(name, args, p.src)
	}
	return mval{}, fmt.Errorf("%q at column %d of %q: %w", string(c), p.pos+1, p.src, Unsupported)
}

// fromValue is the property value v as a value of an expression; a
// note without the property gives "", as the plugin's variables do.
func fromValue(ref string, v any) (mval, error) {
	switch x := v.(type) {
	case nil:
		return mval{kind: 's'}, nil
	case bool:
		return mval{kind: 'b', b: x}, nil
	case string:
		return mval{kind: 's', s: x}, nil
	}
	if x, ok := num(v); ok {
		return mval{kind: 'n', n: x}, nil
	}
	return mval{}, fmt.Errorf("the property %s is not a number, a text or a boolean: %w", ref, Unsupported)
}

// number converts a value for arithmetic as mathjs does: a boolean is 0
// or 1, a string its number (JavaScript's Number: "" and blanks are 0),
// else an error.
func number(v mval) (float64, error) {
	switch v.kind {
	case 'b':
		if v.b {
			return 1, nil
		}
		return 0, nil
	case 's':
		s := strings.TrimSpace(v.s)
		if s == "" {
			return 0, nil
		}
		x, err := strconv.ParseFloat(s, 64)
		if err != nil || strings.ContainsAny(s, "_xXoObBnN") { // hex, NaN, Infinity: left to the plugin
			return 0, fmt.Errorf("the text %q is no number: %w", v.s, Unsupported)
		}
		return x, nil
	}
	return v.n, nil
}

// numbers are a and b as numbers, for a binary operator.
func numbers(a, b mval) (x, y float64, err error) {
	if x, err = number(a); err == nil {
		y, err = number(b)
	}
	return x, y, err
}

// truth is a value's truth in a condition (mathjs: a number is true
// when not 0; a string is converted to a number first).
func truth(v mval) (bool, error) {
	if v.kind == 'b' {
		return v.b, nil
	}
	x, err := number(v)
	return x != 0 && !math.IsNaN(x), err
}

func arith(op byte, a, b mval) (mval, error) {
	x, y, err := numbers(a, b)
	if err != nil {
		return mval{}, err
	}
	var r float64
	switch op {
	case '+':
		r = x + y
	case '-':
		r = x - y
	case '*':
		r = x * y
	case '/':
		r = x / y
	case '^':
		if x < 0 && y != math.Trunc(y) {
			return mval{}, fmt.Errorf("a negative number to a fractional power (a complex number in mathjs): %w", Unsupported)
		}
		r = math.Pow(x, y)
	}
	return mval{kind: 'n', n: r}, nil
}

// call applies a mathjs function.
func call(name string, args []mval, src string) (mval, error) {
	if name == "string" && len(args) == 1 {
		// "string(value): Create a string or convert any object into a
		// string" (https://mathjs.org/docs/reference/functions/string.html),
		// a number as math.format writes it: plain from 1e-3 up to 1e5,
		// as JavaScript does there; outside, its exponent notation is
		// mathjs's own and left to the plugin.
		v := args[0]
		if a := math.Abs(v.n); v.kind == 'n' && a != 0 && (a < 1e-3 || a >= 1e5 || math.IsNaN(a) || math.IsInf(a, 0)) {
			return mval{}, fmt.Errorf("string() of %s (mathjs's exponent notation): %w", jsNumber(v.n), Unsupported)
		}
		return mval{kind: 's', s: jsString(v)}, nil
	}
	nums := make([]float64, len(args))
	for i, a := range args {
		x, err := number(a)
		if err != nil {
			return mval{}, err
		}
		nums[i] = x
	}
	one := map[string]func(float64) float64{
		"floor": math.Floor, "ceil": math.Ceil, "fix": math.Trunc, "abs": math.Abs, "sqrt": math.Sqrt,
		"cbrt": math.Cbrt, "exp": math.Exp, "log10": math.Log10, "log2": math.Log2, "number": func(x float64) float64 { return x },
		"sign": func(x float64) float64 {
			switch {
			case x > 0:
				return 1
			case x < 0:
				return -1
			}
			return x
		},
	}
	if f, ok := one[name]; ok {
		if len(nums) != 1 {
			return mval{}, fmt.Errorf("%s with %d arguments in %q: %w", name, len(nums), src, Unsupported)
		}
		if name == "sqrt" && nums[0] < 0 {
			return mval{}, fmt.Errorf("sqrt of a negative number (a complex number in mathjs): %w", Unsupported)
		}
		return mval{kind: 'n', n: f(nums[0])}, nil
	}
	switch name {
	case "round":
		// "round(x, n): Round a value towards the nearest rounded value"
		// with n decimals (https://mathjs.org/docs/reference/functions/round.html).
		if len(nums) == 1 {
			return mval{kind: 'n', n: math.Round(nums[0])}, nil
		}
		if len(nums) == 2 && nums[1] == math.Trunc(nums[1]) && nums[1] >= 0 && nums[1] <= 15 {
			r, err := strconv.ParseFloat(strconv.FormatFloat(nums[0], 'f', int(nums[1]), 64), 64)
			if err == nil {
				return mval{kind: 'n', n: r}, nil
			}
		}
	case "log":
		if len(nums) == 1 {
			return mval{kind: 'n', n: math.Log(nums[0])}, nil
		}
		if len(nums) == 2 {
			return mval{kind: 'n', n: math.Log(nums[0]) / math.Log(nums[1])}, nil
		}
	case "pow":
		if len(nums) == 2 {
			return arith('^', mval{kind: 'n', n: nums[0]}, mval{kind: 'n', n: nums[1]})
		}
	case "mod":
		// "mod(x, y): x - y * floor(x / y)"
		// (https://mathjs.org/docs/reference/functions/mod.html).
		if len(nums) == 2 {
			if nums[1] == 0 {
				return mval{kind: 'n', n: nums[0]}, nil
			}
			return mval{kind: 'n', n: nums[0] - nums[1]*math.Floor(nums[0]/nums[1])}, nil
		}
	case "min", "max":
		if len(nums) > 0 {
			r := nums[0]
			for _, x := range nums[1:] {
				if name == "min" && x < r || name == "max" && x > r {
					r = x
				}
			}
			return mval{kind: 'n', n: r}, nil
		}
	}
	return mval{}, fmt.Errorf("the function %s with %d arguments in %q: %w", name, len(nums), src, Unsupported)
}

// jsString is the text the plugin shows for v: JavaScript's String() of
// a number, boolean or string.
func jsString(v mval) string {
	switch v.kind {
	case 'b':
		return strconv.FormatBool(v.b)
	case 's':
		return v.s
	}
	return jsNumber(v.n)
}

// jsNumber formats x as JavaScript's Number.prototype.toString does: the
// shortest digits that read back as x, in plain notation from 1e-6 up to
// 1e21 and exponent notation ("1e+21", "1.5e-7") outside.
func jsNumber(x float64) string {
	switch {
	case math.IsNaN(x):
		return "NaN"
	case math.IsInf(x, 1):
		return "Infinity"
	case math.IsInf(x, -1):
		return "-Infinity"
	case x == 0:
		return "0"
	}
	if a := math.Abs(x); a >= 1e-6 && a < 1e21 {
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	s := strconv.FormatFloat(x, 'e', -1, 64) // 1.5e-07
	mant, exp, _ := strings.Cut(s, "e")
	sign := exp[0]
	exp = strings.TrimLeft(exp[1:], "0")
	return mant + "e" + string(sign) + exp
}
