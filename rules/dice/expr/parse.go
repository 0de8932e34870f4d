// Package expr is a dice-expression language with exact distributions: the
// notation players know from Roll20 and Foundry (3d6, 4d6kh3, 2d20kl1,
// 10d10!, 2d6ro<=2, 8d6>=5, (2d6+3)>=10, 4dF), parsed with column-accurate
// errors and evaluated to exact probability distributions on top of
// package dice.
//
// Grammar (whitespace is ignored between tokens):
//
//	list    = item { ";" item }
//	item    = [ label ":" ] expr
//	expr    = sum [ cmp sum ]                     comparison: an outcome of 0 or 1
//	sum     = product { ("+" | "-") product }
//	product = unary { "*" unary }
//	unary   = "-" unary | primary
//	primary = int | dice | "(" expr ")"
//	dice    = [int] "d" (int | "F") { modifier } [ cmp int ]   the comparison counts successes
//	modifier = ("kh" | "k" | "kl" | "dh" | "dl") int
//	         | "!" [ ">=" int ]                    explode on the maximum, or on int or more
//	         | "ro" [ "<=" | "<" | ">=" | ">" | "=" ] int   reroll once
//	cmp     = ">=" | "<=" | ">" | "<" | "="
//
// A comparison with a number right after a dice term counts the dice that
// meet it (8d6>=5 is the number of fives and sixes), whatever arithmetic
// follows (8d6>=5+1 is that count plus one, 1+8d6>=5 one plus it);
// anywhere else it compares values and is 1 when true, 0 when false
// ((2d6+3)>=10, 2d6+3>=10, (2d6)>=5, 2d6>=2d6).
//
// Like the other rules packages it is pure Go without fmt or reflection,
// so it compiles into the calculators' WebAssembly module.
//
// This file holds the whole parser (about 600 lines): a recursive-descent
// parser reads best as one file that follows the grammar above top to
// bottom, one function per rule; evaluation lives in eval.go, rolling in
// roll.go.
package expr

import (
	"d6codex/rules/text"
	"strconv"
	"strings"
)

// Limits that bound the work an expression can ask for, so that no
// expression hangs a page or the command line.
const (
	MaxDice   = 1000    // dice in one term (1000d6)
	MaxSides  = 10000   // sides of one die (d10000)
	MaxValues = 100_000 // distinct values one distribution may span
	MaxWork   = 3e8     // multiply-adds one expression may cost
	MaxItems  = 20      // expressions in one list
	MaxLength = 2000    // characters of source text
	// Epsilon is the probability below which an exploding die is no longer
	// followed; what is left is reported as Truncated.
	Epsilon = 1e-12
	// MaxTimes is the Dice Roller's "i" (!i, ri): at most 100 more dice.
	MaxTimes = 100
	// DefaultFaces are the faces of a die written without them (d, 2d)
	// in the Dice Roller's notation.
	DefaultFaces = 100
)

// Notation is a spelling of dice expressions. Both share the grammar
// above; they differ where the two tools give one spelling two meanings.
type Notation int

const (
	// Roll20 is the notation of Roll20 and Foundry: d6! explodes without
	// limit, ro rerolls once, a label may come before ":" and ";" separates
	// expressions.
	Roll20 Notation = iota
	// DiceRoller is the notation of Obsidian's Dice Roller plugin
	// (javalent/dice-roller): one expression, no labels; d6! explodes
	// once and !3, !i (100) at most that often, !! likewise shown as one
	// die; r rerolls the lowest face once, r3, ri at most that often;
	// both take conditions (!>=5, r<3, chained: any holds); kh, kl, dh and
	// dl keep or drop one die when no number follows; a bare d is a d100;
	// conditions after dice count them (=, =!, <, >, <=, >=; -= counts -1);
	// { and } are spaces.
	DiceRoller
)

// Error is a parse or evaluation error at a column (1-based, in
// characters) of the source text.
type Error struct {
	Col int
	Msg string
}

func (e *Error) Error() string { return "column " + strconv.Itoa(e.Col) + ": " + e.Msg }

// Item is one parsed expression of a list, with its optional label.
type Item struct {
	Label string
	Node  Node
}

// Text is the item's normalised source ("Advantage: 2d20kh1").
func (it Item) Text() string {
	if it.Label == "" {
		return it.Node.String()
	}
	return it.Label + ": " + it.Node.String()
}

// Node is an expression tree node.
type Node interface {
	String() string
	col() int
}

// Int is an integer literal.
type Int struct {
	V int
	c int
}

// Dice is a dice term with its modifiers.
type Dice struct {
	// The faces are Low..Sides (a Fudge die is -1..1); a digit die reads
	// one die per digit of Sides as the digits of its value (1d66%: a d6
	// for the tens and a d6 for the units, 11..66).
	N, Sides, Low int
	Fudge         bool
	Digits        bool
	Keep          Keep // zero: all dice
	Explode       Mod  // roll another die and add it on a face it holds for
	Reroll        Mod  // roll again on a face it holds for; the new roll stands
	Count         Cond // count the dice that meet it; nil: sum the dice
	Minus         Cond // dice that meet it count -1 (counting only)
	c             int
}

// Keep selects dice of a pool by rank.
type Keep struct {
	Op string // "kh", "kl", "dh", "dl"; "" keeps all
	N  int
}

// Cmp is a comparison with a constant.
type Cmp struct {
	Op string // ">=", "<=", ">", "<", "=", "!="; "" is none
	V  int
}

// Holds reports whether v meets the comparison.
func (c Cmp) Holds(v int) bool {
	switch c.Op {
	case ">=":
		return v >= c.V
	case "<=":
		return v <= c.V
	case ">":
		return v > c.V
	case "<":
		return v < c.V
	case "=":
		return v == c.V
	case "!=":
		return v != c.V
	}
	return false
}

func (c Cmp) String() string { return c.Op + strconv.Itoa(c.V) }

// Cond holds for a face when any of its comparisons does; an empty Cond
// holds for none.
type Cond []Cmp

// Holds reports whether v meets any of the comparisons.
func (c Cond) Holds(v int) bool {
	for _, x := range c {
		if x.Holds(v) {
			return true
		}
	}
	return false
}

// Mod is an explosion or a reroll: on the faces On holds for, at most
// Times more dice per die (0: no limit; an explosion is then followed
// until what is left is below Epsilon).
type Mod struct {
	On      Cond
	Times   int
	Combine bool // the Dice Roller's !!: the same value, shown as one die
}

// faces lists the faces of one die of the term, each equally likely.
func (n *Dice) faces() []int {
	if !n.Digits {
		out := make([]int, 0, n.Sides-n.Low+1)
		for v := n.Low; v <= n.Sides; v++ {
			out = append(out, v)
		}
		return out
	}
	out := []int{0}
	for _, d := range strconv.Itoa(n.Sides) {
		var next []int
		for _, v := range out {
			for f := 1; f <= int(d-'0'); f++ {
				next = append(next, v*10+f)
			}
		}
		out = next
	}
	return out
}

// digitSides lists the dice a digit die rolls, one per digit of Sides.
func (n *Dice) digitSides() []int {
	var out []int
	for _, d := range strconv.Itoa(n.Sides) {
		out = append(out, int(d-'0'))
	}
	return out
}

// Binary is a binary operation: + - * / ^ or a comparison.
type Binary struct {
	Op   string
	L, R Node
	// Round says how a division rounds: "" only divides exactly (a
	// quotient that is not whole is an error), "floor", "ceil" or "round"
	// (halves up, as JavaScript's Math.round).
	Round string
	c     int
}

// Neg is unary minus.
type Neg struct {
	X Node
	c int
}

// Paren is a parenthesised expression (kept to print the source's shape).
type Paren struct {
	X Node
	c int
}

func (n *Int) col() int    { return n.c }
func (n *Dice) col() int   { return n.c }
func (n *Binary) col() int { return n.c }
func (n *Neg) col() int    { return n.c }
func (n *Paren) col() int  { return n.c }

func (n *Int) String() string   { return strconv.Itoa(n.V) }
func (n *Neg) String() string   { return "-" + n.X.String() }
func (n *Paren) String() string { return "(" + n.X.String() + ")" }
func (n *Binary) String() string {
	if isCmp(n.Op) {
		return n.L.String() + n.Op + n.R.String()
	}
	return n.L.String() + n.Op + n.R.String()
}

func (n *Dice) String() string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(n.N))
	b.WriteByte('d')
	switch {
	case n.Fudge:
		b.WriteByte('F')
	case n.Low != 1:
		b.WriteString("[" + strconv.Itoa(n.Low) + "," + strconv.Itoa(n.Sides) + "]")
	default:
		b.WriteString(strconv.Itoa(n.Sides))
		if n.Digits {
			b.WriteByte('%')
		}
	}
	if r := n.Reroll; len(r.On) > 0 {
		if r.Times == 1 && len(r.On) == 1 && r.On[0].Op != "!=" {
			b.WriteString("ro") // Roll20's reroll once
			if r.On[0].Op != "=" {
				b.WriteString(r.On[0].Op)
			}
			b.WriteString(strconv.Itoa(r.On[0].V))
		} else {
			b.WriteString("r" + times(r.Times) + conds(r.On))
		}
	}
	if x := n.Explode; len(x.On) > 0 {
		switch {
		case x.Times == 0 && len(x.On) == 1 && x.On[0] == Cmp{">=", n.Sides}:
			b.WriteByte('!') // Roll20's: on the highest face, no limit
		case x.Times == 0 && len(x.On) == 1 && x.On[0].Op == ">=":
			b.WriteString("!>=" + strconv.Itoa(x.On[0].V))
		default:
			b.WriteByte('!')
			if x.Combine {
				b.WriteByte('!')
			}
			b.WriteString(times(x.Times) + conds(x.On))
		}
	}
	if n.Keep.Op != "" {
		b.WriteString(n.Keep.Op + strconv.Itoa(n.Keep.N))
	}
	b.WriteString(conds(n.Count))
	for _, m := range n.Minus {
		b.WriteString("-=" + strconv.Itoa(m.V))
	}
	return b.String()
}

// times is a limit of a Mod as the Dice Roller writes it ("", "3", "i").
func times(t int) string {
	switch t {
	case 1:
		return ""
	case 0, MaxTimes:
		return "i"
	}
	return strconv.Itoa(t)
}

func conds(c Cond) string {
	var b strings.Builder
	for _, x := range c {
		b.WriteString(x.String())
	}
	return b.String()
}

func isCmp(op string) bool {
	switch op {
	case ">=", "<=", ">", "<", "=":
		return true
	}
	return false
}

// Parse parses a list of expressions in Roll20's notation separated by
// ";" (or newlines), each with an optional "label:" in front.
func Parse(src string) ([]Item, error) { return ParseNotation(src, Roll20) }

// ParseNotation parses src in notation n: a list as Parse does for
// Roll20, one expression without a label for DiceRoller.
func ParseNotation(src string, n Notation) ([]Item, error) {
	if n := len([]rune(src)); n > MaxLength {
		return nil, &Error{Col: MaxLength + 1, Msg: "the expression is longer than " + strconv.Itoa(MaxLength) + " characters"}
	}
	p := &parser{src: []rune(src), n: n}
	if n == DiceRoller {
		for i, c := range p.src {
			if c == '{' || c == '}' {
				p.src[i] = ' '
			}
		}
		p.skipSpace(false)
		if p.eof() {
			return nil, p.errf("an expression such as 2d6+1")
		}
		x, err := p.expr()
		if err != nil {
			return nil, err
		}
		p.skipSpace(false)
		if !p.eof() {
			return nil, p.errf("an operator (+ - * / ^), not " + p.show())
		}
		return []Item{{Node: x}}, nil
	}
	var items []Item
	for {
		p.skipSpace(true)
		if p.eof() && len(items) > 0 {
			break
		}
		if len(items) == MaxItems {
			return nil, p.errf("at most " + strconv.Itoa(MaxItems) + " expressions in one list")
		}
		it, err := p.item()
		if err != nil {
			return nil, err
		}
		items = append(items, it)
		p.skipSpace(false)
		if p.eof() {
			break
		}
		if c := p.peek(); c == ';' || c == '\n' {
			p.pos++
			continue
		}
		return nil, p.errf("an operator (+ - * >= …), or ; between expressions, not " + p.show())
	}
	return items, nil
}

// RoundResult makes the division an expression ends with (under any
// brackets) round its quotient by mode ("floor", "ceil", "round"), as the
// Dice Roller's |floor, |ceil and |round round its result; false when the
// expression does not end with a division.
func RoundResult(it Item, mode string) bool {
	n := it.Node
	for {
		switch x := n.(type) {
		case *Paren:
			n = x.X
			continue
		case *Binary:
			if x.Op == "/" {
				x.Round = mode
				return true
			}
		}
		return false
	}
}

type parser struct {
	src []rune
	pos int
	n   Notation
}

func (p *parser) eof() bool { return p.pos >= len(p.src) }

func (p *parser) peek() rune {
	if p.eof() {
		return 0
	}
	return p.src[p.pos]
}

// skipSpace skips blanks, and line breaks too when lines is set.
func (p *parser) skipSpace(lines bool) {
	for !p.eof() {
		switch p.src[p.pos] {
		case ' ', '\t', '\r':
		case '\n':
			if !lines {
				return
			}
		default:
			return
		}
		p.pos++
	}
}

func (p *parser) errf(msg string) error { return &Error{Col: p.pos + 1, Msg: msg} }

// show names what stands at the current position, for messages.
func (p *parser) show() string {
	if p.eof() {
		return "the end"
	}
	return text.Quote(string(p.src[p.pos]))
}

// item parses [label ":"] expr.
func (p *parser) item() (Item, error) {
	var it Item
	// A label is text up to a ':' on the same item, before any operator.
	for i := p.pos; i < len(p.src); i++ {
		c := p.src[i]
		if c == ';' || c == '\n' {
			break
		}
		if c == ':' {
			it.Label = text.TrimSpace(string(p.src[p.pos:i]))
			if it.Label == "" {
				return it, p.errf("a label before :")
			}
			p.pos = i + 1
			break
		}
	}
	p.skipSpace(false)
	if p.eof() || p.peek() == ';' || p.peek() == '\n' {
		return it, p.errf("an expression such as 2d6+1")
	}
	n, err := p.expr()
	it.Node = n
	return it, err
}

func (p *parser) expr() (Node, error) {
	l, err := p.sum()
	if err != nil {
		return nil, err
	}
	p.skipSpace(false)
	c := p.pos
	if p.n == DiceRoller && p.peekCmp() != "" {
		return nil, p.errf("a condition right after dice (8d6>=5 counts the dice of 5 or more): the Dice Roller compares no totals")
	}
	if op := p.cmpOp(); op != "" {
		r, err := p.sum()
		if err != nil {
			return nil, err
		}
		p.skipSpace(false)
		if p.peekCmp() != "" {
			return nil, p.errf("one comparison at a time: put the first in parentheses")
		}
		return &Binary{Op: op, L: l, R: r, c: c + 1}, nil
	}
	return l, nil
}

func (p *parser) sum() (Node, error) {
	l, err := p.product()
	if err != nil {
		return nil, err
	}
	for {
		p.skipSpace(false)
		c := p.peek()
		if c != '+' && c != '-' {
			return l, nil
		}
		col := p.pos + 1
		p.pos++
		r, err := p.product()
		if err != nil {
			return nil, err
		}
		l = &Binary{Op: string(c), L: l, R: r, c: col}
	}
}

func (p *parser) product() (Node, error) {
	l, err := p.unary()
	if err != nil {
		return nil, err
	}
	for {
		p.skipSpace(false)
		c := p.peek()
		if c != '*' && c != '/' {
			return l, nil
		}
		col := p.pos + 1
		p.pos++
		r, err := p.unary()
		if err != nil {
			return nil, err
		}
		l = &Binary{Op: string(c), L: l, R: r, c: col}
	}
}

func (p *parser) unary() (Node, error) {
	p.skipSpace(false)
	if p.peek() == '-' {
		col := p.pos + 1
		p.pos++
		x, err := p.unary()
		if err != nil {
			return nil, err
		}
		return &Neg{X: x, c: col}, nil
	}
	return p.power()
}

// power parses primary [ "^" unary ]: a power binds tighter than a sign
// before it (-2^2 is -4) and groups from the right (2^3^2 is 2^9).
func (p *parser) power() (Node, error) {
	l, err := p.primary()
	if err != nil {
		return nil, err
	}
	p.skipSpace(false)
	if p.peek() != '^' {
		return l, nil
	}
	col := p.pos + 1
	p.pos++
	r, err := p.unary()
	if err != nil {
		return nil, err
	}
	return &Binary{Op: "^", L: l, R: r, c: col}, nil
}

func (p *parser) primary() (Node, error) {
	p.skipSpace(false)
	col := p.pos + 1
	switch c := p.peek(); {
	case c == '(':
		p.pos++
		x, err := p.expr()
		if err != nil {
			return nil, err
		}
		p.skipSpace(false)
		if p.peek() != ')' {
			return nil, p.errf("a closing ) for the ( at column " + strconv.Itoa(col))
		}
		p.pos++
		return &Paren{X: x, c: col}, nil
	case c >= '0' && c <= '9':
		n, err := p.number("")
		if err != nil {
			return nil, err
		}
		if p.peek() == 'd' || p.peek() == 'D' {
			return p.dice(n, col)
		}
		return &Int{V: n, c: col}, nil
	case c == 'd' || c == 'D':
		return p.dice(1, col)
	}
	return nil, p.errf("a number, a dice term such as 2d6, or (, not " + p.show())
}

// number reads a non-negative integer; after names what it follows, for
// the message.
func (p *parser) number(after string) (int, error) {
	start := p.pos
	for !p.eof() && p.peek() >= '0' && p.peek() <= '9' {
		p.pos++
	}
	if p.pos == start {
		if after == "" {
			return 0, p.errf("a number")
		}
		return 0, p.errf("a number after " + after)
	}
	digits := string(p.src[start:p.pos])
	if len(digits) > 9 {
		return 0, &Error{Col: start + 1, Msg: "the number " + digits + " is too large"}
	}
	n, _ := text.Atoi(digits)
	return n, nil
}

// dice parses the rest of a dice term after its count.
func (p *parser) dice(n, col int) (Node, error) {
	p.pos++ // the d
	d := &Dice{N: n, Low: 1, c: col}
	if err := p.faces(d); err != nil {
		return nil, err
	}
	switch {
	case d.N < 1:
		return nil, &Error{Col: col, Msg: "roll at least one die"}
	case d.N > MaxDice:
		return nil, &Error{Col: col, Msg: "at most " + strconv.Itoa(MaxDice) + " dice in one term"}
	case !d.Fudge && d.Sides < 1:
		return nil, &Error{Col: col, Msg: "a die needs at least one side"}
	case d.Sides-d.Low+1 > MaxSides || d.Digits && len(d.faces()) > MaxSides:
		return nil, &Error{Col: col, Msg: "at most " + strconv.Itoa(MaxSides) + " sides on a die"}
	}
	for {
		mcol := p.pos + 1
		switch {
		case p.lit("kh"), p.lit("kl"), p.lit("dh"), p.lit("dl"), p.lit("k"):
			op := string(p.src[mcol-1 : p.pos])
			if op == "k" {
				op = "kh"
			}
			if d.Keep.Op != "" {
				return nil, &Error{Col: mcol, Msg: "keep or drop once per dice term"}
			}
			k := 1 // the Dice Roller's default
			if p.n == Roll20 || p.digit() {
				var err error
				if k, err = p.number(op); err != nil {
					return nil, err
				}
			}
			if k > d.N {
				return nil, &Error{Col: mcol, Msg: op + strconv.Itoa(k) + " needs at least " + strconv.Itoa(k) + " dice, not " + strconv.Itoa(d.N)}
			}
			d.Keep = Keep{Op: op, N: k}
			if p.n == DiceRoller && p.peekCond() != "" {
				return nil, p.errf("a condition after " + op + ": the Dice Roller reads one right after the dice, ! or r, and ignores it here")
			}
		case p.lit("!"):
			if len(d.Explode.On) > 0 {
				return nil, &Error{Col: mcol, Msg: "explode once per dice term"}
			}
			if d.Fudge {
				return nil, &Error{Col: mcol, Msg: "Fudge dice do not explode"}
			}
			if p.n == Roll20 {
				d.Explode.On = Cond{{">=", d.Sides}}
				if p.lit(">=") {
					t, err := p.number("!>=")
					if err != nil {
						return nil, err
					}
					d.Explode.On[0].V = t
				}
			} else {
				d.Explode.Combine = p.lit("!")
				var err error
				if d.Explode.Times, d.Explode.On, err = p.mod(); err != nil {
					return nil, err
				}
				if d.Explode.On == nil {
					d.Explode.On = Cond{{"=", d.Sides}} // the highest face
				}
			}
			if d.Explode.Times == 0 && everyFace(d, d.Explode.On) {
				return nil, &Error{Col: mcol, Msg: "a die that explodes on every face never stops: explode on 2 or more"}
			}
		case p.n == Roll20 && p.lit("ro"), p.n == DiceRoller && p.lit("r"):
			if len(d.Reroll.On) > 0 {
				return nil, &Error{Col: mcol, Msg: "reroll once per dice term"}
			}
			if p.n == Roll20 {
				op := p.cmpOp()
				if op == "" {
					op = "="
				}
				v, err := p.signedNumber("ro" + strings.TrimPrefix(op, "="))
				if err != nil {
					return nil, err
				}
				d.Reroll = Mod{On: Cond{{op, v}}, Times: 1}
			} else {
				var err error
				if d.Reroll.Times, d.Reroll.On, err = p.mod(); err != nil {
					return nil, err
				}
				if d.Reroll.On == nil {
					d.Reroll.On = Cond{{"=", d.Low}} // the lowest face
				}
			}
		case p.n == DiceRoller && (p.lit("sa") || p.lit("sd") || p.lit("s")):
			// Sorting the dice changes how they are shown, not the total.
		case p.n == DiceRoller && p.lit("u"):
			return nil, &Error{Col: mcol, Msg: "u (dice rerolled until all differ) is not computed exactly here"}
		default:
			save := p.pos
			p.skipSpace(false)
			if p.n == DiceRoller {
				c, minus, err := p.counts()
				if err != nil {
					return nil, err
				}
				if c != nil || minus != nil { // more modifiers may follow
					d.Count, d.Minus = append(d.Count, c...), append(d.Minus, minus...)
					continue
				}
				p.pos = save
			} else if op := p.peekCmp(); op != "" && !p.parenAfterCmp(op) {
				p.pos += len(op)
				p.skipSpace(false)
				v, err := p.signedNumber(op)
				if err != nil {
					return nil, err
				}
				d.Count = Cond{{op, v}}
			} else {
				p.pos = save
			}
			return d, d.check()
		}
	}
}

// check reports the modifiers a term cannot have together.
func (d *Dice) check() error {
	counts := len(d.Count) > 0 || len(d.Minus) > 0
	switch {
	case len(d.Explode.On) > 0 && len(d.Reroll.On) > 0:
		return &Error{Col: d.c, Msg: "reroll or explode a dice term, not both"}
	case counts && (d.Keep.Op != "" || len(d.Explode.On) > 0):
		return &Error{Col: d.c, Msg: "counting successes works on plain or rerolled dice, not on kept or exploding ones"}
	case d.Digits && (len(d.Explode.On) > 0 || len(d.Reroll.On) > 0):
		return &Error{Col: d.c, Msg: "a digit die (d66%) neither explodes nor rerolls"}
	case d.Keep.Op != "" && len(d.Explode.On) > 0 && d.Explode.Times > 0 && !d.Explode.Combine:
		// The Dice Roller's ! adds each new die to the pool beside the
		// others, where kh and kl pick among them all.
		return &Error{Col: d.c, Msg: "keep or drop after ! picks among the exploded dice one by one, which is not computed exactly here: write !! to keep whole explosions"}
	}
	return nil
}

// everyFace reports whether c holds for every face of the term's die.
func everyFace(d *Dice, c Cond) bool {
	for _, v := range d.faces() {
		if !c.Holds(v) {
			return false
		}
	}
	return true
}

// faces reads what follows the d: a number of sides, F (Fudge), % (100),
// [min, max], a number and % (a digit die), or, in the Dice Roller's
// notation, nothing (DefaultFaces).
func (p *parser) faces(d *Dice) error {
	switch c := p.peek(); {
	case c == 'F' || c == 'f':
		p.pos++
		d.Fudge, d.Low, d.Sides = true, -1, 1
	case c == '%':
		p.pos++
		d.Sides = 100
	case c == '[':
		open := p.pos + 1
		p.pos++
		var v []int
		for {
			p.skipSpace(false)
			x, err := p.number("[")
			if err != nil {
				return err
			}
			v = append(v, x)
			p.skipSpace(false)
			if !p.lit(",") {
				break
			}
		}
		if !p.lit("]") {
			return p.errf("a closing ] for the [ at column " + strconv.Itoa(open))
		}
		if len(v) != 2 || v[0] > v[1] {
			return &Error{Col: open, Msg: "faces as [lowest, highest]: two numbers, the lower first (d[3,5] is 3, 4 or 5)"}
		}
		d.Low, d.Sides = v[0], v[1]
	case p.digit():
		s, err := p.number("d")
		if err != nil {
			return err
		}
		d.Sides = s
		if p.peek() == '%' {
			p.pos++
			d.Digits = true
			if strings.ContainsRune(strconv.Itoa(s), '0') {
				return &Error{Col: p.pos, Msg: "a digit die (d66%) has no 0 digit: each digit is the sides of one die"}
			}
		}
	case p.n == DiceRoller:
		d.Sides = DefaultFaces
	default:
		return p.errf("a number after d")
	}
	return nil
}

// digit reports whether a digit stands at the current position.
func (p *parser) digit() bool { c := p.peek(); return c >= '0' && c <= '9' }

// mod reads the Dice Roller's limit and conditions after ! or r: "i"
// (MaxTimes) or a number (1 when none), then any conditions; On is nil
// when there are none.
func (p *parser) mod() (t int, on Cond, err error) {
	t = 1
	switch {
	case p.lit("i"):
		t = MaxTimes
	case p.digit():
		at := p.pos + 1
		if t, err = p.number(""); err != nil {
			return 0, nil, err
		}
		t = max(t, 1) // the plugin reads 0 as 1
		if t > MaxTimes {
			return 0, nil, &Error{Col: at, Msg: "at most " + strconv.Itoa(MaxTimes) + " more dice (i)"}
		}
	}
	for {
		op := p.peekCond()
		if op == "" || op == "-=" || op == "=-" {
			return t, on, nil
		}
		c, err := p.cond(op)
		if err != nil {
			return 0, nil, err
		}
		on = append(on, c)
	}
}

// counts reads the Dice Roller's conditions after dice: those that count
// a die 1, and -= (or =-) those that count it -1.
func (p *parser) counts() (c, minus Cond, err error) {
	for {
		op := p.peekCond()
		if op == "" {
			return c, minus, nil
		}
		x, err := p.cond(op)
		if err != nil {
			return nil, nil, err
		}
		if op == "-=" || op == "=-" {
			minus = append(minus, x)
		} else {
			c = append(c, x)
		}
	}
}

// condOps are the Dice Roller's condition operators, longest first.
var condOps = []string{">=", "<=", "=<", "=>", "=!", "-=", "=-", "=", "<", ">"}

// peekCond returns the Dice Roller condition operator at the current
// position (after blanks), or "".
func (p *parser) peekCond() string {
	i := p.pos
	for i < len(p.src) && (p.src[i] == ' ' || p.src[i] == '\t') {
		i++
	}
	for _, op := range condOps {
		save := p.pos
		p.pos = i
		ok := p.lit(op)
		p.pos = save
		if ok {
			return op
		}
	}
	return ""
}

// cond reads a condition with operator op and its number.
func (p *parser) cond(op string) (Cmp, error) {
	p.skipSpace(false)
	p.pos += len(op)
	p.skipSpace(false)
	at := p.pos + 1
	onDice := &Error{Col: at, Msg: "a condition on a number: one on dice is rolled anew for each die, which is not computed exactly here"}
	if c := p.peek(); c == 'd' || c == 'D' || c == '(' {
		return Cmp{}, onDice
	}
	v, err := p.number(op)
	if err != nil {
		return Cmp{}, err
	}
	switch op {
	case "=<":
		op = "<="
	case "=>":
		op = ">="
	case "=!":
		op = "!="
	case "-=", "=-":
		op = "="
	}
	if p.peek() == 'd' || p.peek() == 'D' {
		return Cmp{}, onDice
	}
	return Cmp{op, v}, nil
}

// lit consumes s if it stands at the current position.
func (p *parser) lit(s string) bool {
	r := []rune(s)
	if p.pos+len(r) > len(p.src) {
		return false
	}
	for i, c := range r {
		if p.src[p.pos+i] != c {
			return false
		}
	}
	p.pos += len(r)
	return true
}

// peekCmp returns the comparison operator at the current position, or "".
func (p *parser) peekCmp() string {
	for _, op := range []string{">=", "<=", ">", "<", "="} {
		save := p.pos
		if p.lit(op) {
			p.pos = save
			return op
		}
	}
	return ""
}

// cmpOp consumes a comparison operator, or returns "".
func (p *parser) cmpOp() string {
	op := p.peekCmp()
	p.pos += len(op)
	return op
}

// parenAfterCmp reports whether the operand after op is not a plain number
// but brackets or dice (then the comparison compares values instead of
// counting dice).
func (p *parser) parenAfterCmp(op string) bool {
	i := p.pos + len(op)
	for i < len(p.src) && (p.src[i] == ' ' || p.src[i] == '\t') {
		i++
	}
	if i < len(p.src) && p.src[i] == '-' {
		i++
	}
	j := i
	for j < len(p.src) && p.src[j] >= '0' && p.src[j] <= '9' {
		j++
	}
	if j == i {
		return true
	}
	// 8d6>=5 counts, and so does 8d6>=5+1 (the count plus one, as Roll20
	// reads it: what follows the number is arithmetic on the count);
	// 8d6>=2d6 compares values. To compare a total, bracket it:
	// (2d6)>=5.
	return j < len(p.src) && (p.src[j] == 'd' || p.src[j] == 'D')
}

// signedNumber reads an integer with an optional minus sign.
func (p *parser) signedNumber(after string) (int, error) {
	neg := p.lit("-")
	n, err := p.number(after)
	if neg {
		n = -n
	}
	return n, err
}
