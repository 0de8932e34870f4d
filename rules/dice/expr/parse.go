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
	N, Sides int  // Sides is 0 for Fudge dice
	Fudge    bool //
	Keep     Keep // zero: all dice
	Explode  int  // explode on faces >= Explode; 0: no explosion
	Reroll   Cmp  // reroll once a face that meets it; zero: none
	Count    Cmp  // count the dice that meet it; zero: sum the dice
	c        int
}

// Keep selects dice of a pool by rank.
type Keep struct {
	Op string // "kh", "kl", "dh", "dl"; "" keeps all
	N  int
}

// Cmp is a comparison with a constant.
type Cmp struct {
	Op string // ">=", "<=", ">", "<", "="; "" is none
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
	}
	return false
}

// Binary is a binary operation: + - * or a comparison.
type Binary struct {
	Op   string
	L, R Node
	c    int
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
	if n.Fudge {
		b.WriteByte('F')
	} else {
		b.WriteString(strconv.Itoa(n.Sides))
	}
	if n.Reroll.Op != "" {
		b.WriteString("ro")
		if n.Reroll.Op != "=" {
			b.WriteString(n.Reroll.Op)
		}
		b.WriteString(strconv.Itoa(n.Reroll.V))
	}
	if n.Explode > 0 {
		b.WriteByte('!')
		if n.Explode != n.Sides {
			b.WriteString(">=" + strconv.Itoa(n.Explode))
		}
	}
	if n.Keep.Op != "" {
		b.WriteString(n.Keep.Op + strconv.Itoa(n.Keep.N))
	}
	if n.Count.Op != "" {
		b.WriteString(n.Count.Op + strconv.Itoa(n.Count.V))
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

// Parse parses a list of expressions separated by ";" (or newlines), each
// with an optional "label:" in front.
func Parse(src string) ([]Item, error) {
	if n := len([]rune(src)); n > MaxLength {
		return nil, &Error{Col: MaxLength + 1, Msg: "the expression is longer than " + strconv.Itoa(MaxLength) + " characters"}
	}
	p := &parser{src: []rune(src)}
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

type parser struct {
	src []rune
	pos int
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
		if p.peek() != '*' {
			return l, nil
		}
		col := p.pos + 1
		p.pos++
		r, err := p.unary()
		if err != nil {
			return nil, err
		}
		l = &Binary{Op: "*", L: l, R: r, c: col}
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
	return p.primary()
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
	d := &Dice{N: n, c: col}
	if p.peek() == 'F' || p.peek() == 'f' {
		p.pos++
		d.Fudge = true
	} else {
		s, err := p.number("d")
		if err != nil {
			return nil, err
		}
		d.Sides = s
	}
	switch {
	case d.N < 1:
		return nil, &Error{Col: col, Msg: "roll at least one die"}
	case d.N > MaxDice:
		return nil, &Error{Col: col, Msg: "at most " + strconv.Itoa(MaxDice) + " dice in one term"}
	case !d.Fudge && d.Sides < 1:
		return nil, &Error{Col: col, Msg: "a die needs at least one side"}
	case d.Sides > MaxSides:
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
			k, err := p.number(op)
			if err != nil {
				return nil, err
			}
			if k > d.N {
				return nil, &Error{Col: mcol, Msg: op + strconv.Itoa(k) + " needs at least " + strconv.Itoa(k) + " dice, not " + strconv.Itoa(d.N)}
			}
			d.Keep = Keep{Op: op, N: k}
		case p.lit("!"):
			if d.Explode > 0 {
				return nil, &Error{Col: mcol, Msg: "explode once per dice term"}
			}
			if d.Fudge {
				return nil, &Error{Col: mcol, Msg: "Fudge dice do not explode"}
			}
			d.Explode = d.Sides
			if p.lit(">=") {
				t, err := p.number("!>=")
				if err != nil {
					return nil, err
				}
				d.Explode = t
			}
			if d.Explode <= 1 {
				return nil, &Error{Col: mcol, Msg: "a die that explodes on every face never stops: explode on 2 or more"}
			}
		case p.lit("ro"):
			if d.Reroll.Op != "" {
				return nil, &Error{Col: mcol, Msg: "reroll once per dice term"}
			}
			op := p.cmpOp()
			if op == "" {
				op = "="
			}
			v, err := p.signedNumber("ro" + strings.TrimPrefix(op, "="))
			if err != nil {
				return nil, err
			}
			d.Reroll = Cmp{Op: op, V: v}
		default:
			save := p.pos
			p.skipSpace(false)
			if op := p.peekCmp(); op != "" && !p.parenAfterCmp(op) {
				p.pos += len(op)
				p.skipSpace(false)
				v, err := p.signedNumber(op)
				if err != nil {
					return nil, err
				}
				d.Count = Cmp{Op: op, V: v}
			} else {
				p.pos = save
			}
			if d.Explode > 0 && d.Reroll.Op != "" {
				return nil, &Error{Col: col, Msg: "reroll or explode a dice term, not both"}
			}
			if d.Count.Op != "" && (d.Keep.Op != "" || d.Explode > 0) {
				return nil, &Error{Col: col, Msg: "counting successes works on plain or rerolled dice, not on kept or exploding ones"}
			}
			return d, nil
		}
	}
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
