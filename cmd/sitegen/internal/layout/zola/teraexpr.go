package zola

import (
	"strconv"
	"strings"
)

// Tera expressions (https://keats.github.io/tera/docs/#expressions).

// tExpr is a parsed expression.
type tExpr interface{}

type (
	eLit  struct{ v any }
	eName struct{ name string }
	eAttr struct {
		x    tExpr
		name string
	}
	eIndex struct{ x, i tExpr }
	eList  struct{ items []tExpr }
	eUnary struct {
		op string
		x  tExpr
	}
	eBin struct {
		op   string
		l, r tExpr
	}
	eFilter struct {
		x    tExpr
		name string
		args map[string]tExpr
	}
	eCall struct {
		name string
		args map[string]tExpr
	}
	eTest struct {
		x    tExpr
		not  bool
		name string
		args []tExpr
	}
)

// tLex is an expression's token: an identifier, a literal or an operator.
type tLex struct {
	kind byte // 'i' identifier, 's' string, 'n' number, 'o' operator
	s    string
	v    any
}

func lexTera(s string, line int) ([]tLex, error) {
	var out []tLex
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '"' || c == '\'' || c == '`':
			j := strings.IndexByte(s[i+1:], c)
			if j < 0 {
				return nil, &teraErr{line, "a string not closed in " + s}
			}
			out = append(out, tLex{'s', s[i+1 : i+1+j], s[i+1 : i+1+j]})
			i += j + 2
		case c >= '0' && c <= '9':
			j := i
			for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == '.' && j+1 < len(s) && s[j+1] >= '0' && s[j+1] <= '9') {
				j++
			}
			num := s[i:j]
			var v any
			if strings.Contains(num, ".") {
				f, _ := strconv.ParseFloat(num, 64)
				v = f
			} else {
				n, err := strconv.ParseInt(num, 10, 64)
				if err != nil {
					return nil, &teraErr{line, "the number " + num}
				}
				v = n
			}
			out = append(out, tLex{'n', num, v})
			i = j
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			j := i
			for j < len(s) && (s[j] == '_' || s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z' || s[j] >= '0' && s[j] <= '9') {
				j++
			}
			out = append(out, tLex{'i', s[i:j], nil})
			i = j
		default:
			if i+1 < len(s) {
				if two := s[i : i+2]; two == "==" || two == "!=" || two == "<=" || two == ">=" || two == "::" {
					out = append(out, tLex{'o', two, nil})
					i += 2
					continue
				}
			}
			if !strings.ContainsRune("+-*/%~|.,()[]=<>", rune(c)) {
				return nil, &teraErr{line, "the character " + string(c) + " in " + s}
			}
			out = append(out, tLex{'o', string(c), nil})
			i++
		}
	}
	return out, nil
}

// exprParser reads one expression's tokens.
type exprParser struct {
	toks  []tLex
	i     int
	line  int
	src   string
	depth int
}

// parseTeraExpr parses expression s of the template's line.
func parseTeraExpr(s string, line int) (tExpr, error) {
	toks, err := lexTera(s, line)
	if err != nil {
		return nil, err
	}
	if len(toks) == 0 {
		return nil, &teraErr{line, "an empty expression"}
	}
	p := &exprParser{toks: toks, line: line, src: strings.TrimSpace(s)}
	e, err := p.or()
	if err != nil {
		return nil, err
	}
	if p.i < len(p.toks) {
		return nil, p.bad()
	}
	return e, nil
}

func (p *exprParser) bad() error {
	return &teraErr{p.line, "the expression " + p.src}
}

func (p *exprParser) peek(kind byte, s string) bool {
	return p.i < len(p.toks) && p.toks[p.i].kind == kind && p.toks[p.i].s == s
}

func (p *exprParser) eat(kind byte, s string) bool {
	if p.peek(kind, s) {
		p.i++
		return true
	}
	return false
}

func (p *exprParser) or() (tExpr, error) {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > teraMaxDepth {
		return nil, p.bad()
	}
	l, err := p.and()
	for err == nil && p.eat('i', "or") {
		var r tExpr
		r, err = p.and()
		l = eBin{"or", l, r}
	}
	return l, err
}

func (p *exprParser) and() (tExpr, error) {
	l, err := p.not()
	for err == nil && p.eat('i', "and") {
		var r tExpr
		r, err = p.not()
		l = eBin{"and", l, r}
	}
	return l, err
}

func (p *exprParser) not() (tExpr, error) {
	if p.eat('i', "not") {
		x, err := p.not()
		return eUnary{"not", x}, err
	}
	return p.cmp()
}

func (p *exprParser) cmp() (tExpr, error) {
	l, err := p.concat()
	if err != nil {
		return nil, err
	}
	for _, op := range []string{"==", "!=", "<=", ">=", "<", ">"} {
		if p.eat('o', op) {
			r, err := p.concat()
			return eBin{op, l, r}, err
		}
	}
	if p.peek('i', "not") && p.i+1 < len(p.toks) && p.toks[p.i+1].kind == 'i' && p.toks[p.i+1].s == "in" {
		p.i += 2
		r, err := p.concat()
		return eUnary{"not", eBin{"in", l, r}}, err
	}
	if p.eat('i', "in") {
		r, err := p.concat()
		return eBin{"in", l, r}, err
	}
	if p.eat('i', "is") {
		t := eTest{x: l}
		t.not = p.eat('i', "not")
		if p.i >= len(p.toks) || p.toks[p.i].kind != 'i' {
			return nil, p.bad()
		}
		t.name = p.toks[p.i].s
		p.i++
		if p.eat('o', "(") {
			for !p.eat('o', ")") {
				a, err := p.or()
				if err != nil {
					return nil, err
				}
				t.args = append(t.args, a)
				if !p.eat('o', ",") && !p.peek('o', ")") {
					return nil, p.bad()
				}
			}
		}
		return t, nil
	}
	return l, nil
}

func (p *exprParser) concat() (tExpr, error) {
	l, err := p.add()
	for err == nil && p.eat('o', "~") {
		var r tExpr
		r, err = p.add()
		l = eBin{"~", l, r}
	}
	return l, err
}

func (p *exprParser) add() (tExpr, error) {
	l, err := p.mul()
	for err == nil && (p.peek('o', "+") || p.peek('o', "-")) {
		op := p.toks[p.i].s
		p.i++
		var r tExpr
		r, err = p.mul()
		l = eBin{op, l, r}
	}
	return l, err
}

func (p *exprParser) mul() (tExpr, error) {
	l, err := p.unary()
	for err == nil && (p.peek('o', "*") || p.peek('o', "/") || p.peek('o', "%")) {
		op := p.toks[p.i].s
		p.i++
		var r tExpr
		r, err = p.unary()
		l = eBin{op, l, r}
	}
	return l, err
}

func (p *exprParser) unary() (tExpr, error) {
	if p.eat('o', "-") {
		x, err := p.unary()
		return eUnary{"-", x}, err
	}
	return p.postfix()
}

func (p *exprParser) postfix() (tExpr, error) {
	x, err := p.primary()
	if err != nil {
		return nil, err
	}
	for {
		switch {
		case p.eat('o', "."):
			if p.i >= len(p.toks) || p.toks[p.i].kind != 'i' && p.toks[p.i].kind != 'n' {
				return nil, p.bad()
			}
			x = eAttr{x, p.toks[p.i].s}
			p.i++
		case p.eat('o', "["):
			i, err := p.or()
			if err != nil {
				return nil, err
			}
			if !p.eat('o', "]") {
				return nil, p.bad()
			}
			x = eIndex{x, i}
		case p.eat('o', "|"):
			if p.i >= len(p.toks) || p.toks[p.i].kind != 'i' {
				return nil, p.bad()
			}
			f := eFilter{x: x, name: p.toks[p.i].s}
			p.i++
			if p.peek('o', "(") {
				if f.args, err = p.kwargs(); err != nil {
					return nil, err
				}
			}
			x = f
		default:
			return x, nil
		}
	}
}

// kwargs reads "(name=expr, …)".
func (p *exprParser) kwargs() (map[string]tExpr, error) {
	p.eat('o', "(")
	args := map[string]tExpr{}
	for !p.eat('o', ")") {
		if p.i+1 >= len(p.toks) || p.toks[p.i].kind != 'i' || !(p.toks[p.i+1].kind == 'o' && p.toks[p.i+1].s == "=") {
			return nil, p.bad()
		}
		name := p.toks[p.i].s
		p.i += 2
		v, err := p.or()
		if err != nil {
			return nil, err
		}
		args[name] = v
		if !p.eat('o', ",") && !p.peek('o', ")") {
			return nil, p.bad()
		}
	}
	return args, nil
}

func (p *exprParser) primary() (tExpr, error) {
	if p.i >= len(p.toks) {
		return nil, p.bad()
	}
	t := p.toks[p.i]
	p.i++
	switch t.kind {
	case 's', 'n':
		return eLit{t.v}, nil
	case 'i':
		switch t.s {
		case "true", "True":
			return eLit{true}, nil
		case "false", "False":
			return eLit{false}, nil
		}
		if p.eat('o', "::") {
			// Tera: "{{ macros::input(label="Name", type="text") }}".
			if p.i >= len(p.toks) || p.toks[p.i].kind != 'i' || !(p.i+1 < len(p.toks) && p.toks[p.i+1].kind == 'o' && p.toks[p.i+1].s == "(") {
				return nil, p.bad()
			}
			name := p.toks[p.i].s
			p.i++
			args, err := p.kwargs()
			return eMacro{t.s, name, args}, err
		}
		if p.peek('o', "(") {
			args, err := p.kwargs()
			return eCall{t.s, args}, err
		}
		return eName{t.s}, nil
	case 'o':
		switch t.s {
		case "(":
			e, err := p.or()
			if err != nil {
				return nil, err
			}
			if !p.eat('o', ")") {
				return nil, p.bad()
			}
			return e, nil
		case "[":
			var l eList
			for !p.eat('o', "]") {
				e, err := p.or()
				if err != nil {
					return nil, err
				}
				l.items = append(l.items, e)
				if !p.eat('o', ",") && !p.peek('o', "]") {
					return nil, p.bad()
				}
			}
			return l, nil
		}
	}
	return nil, p.bad()
}
