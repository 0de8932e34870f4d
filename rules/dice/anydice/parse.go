package anydice

import (
	"strings"

	"d6codex/rules/text"
)

// parser is a recursive-descent parser over the token list.
type parser struct {
	toks  []token
	i     int
	depth int
	fn    bool // inside a function's body
}

// maxNesting bounds how deeply expressions and blocks may nest, so that
// a pathological program cannot exhaust the stack.
const maxNesting = 200

func (p *parser) peek() token { return p.toks[p.i] }
func (p *parser) next() token {
	t := p.toks[p.i]
	if t.kind != tEOF {
		p.i++
	}
	return t
}
func (p *parser) isOp(s string) bool {
	t := p.peek()
	return t.kind == tOp && t.text == s
}
func (p *parser) isWord(s string) bool {
	t := p.peek()
	return t.kind == tWord && t.text == s
}

// describe names a token in an error message.
func describe(t token) string {
	switch t.kind {
	case tEOF:
		return "the end of the program"
	case tString:
		return quote(t.text)
	}
	return "“" + t.text + "”"
}

func (p *parser) expect(s string) (token, error) {
	t := p.next()
	if t.kind != tOp || t.text != s {
		return t, errAt(t.pos, "expected “"+s+"” here, found "+describe(t))
	}
	return t, nil
}

// parseProgram parses a whole program.
func parseProgram(src string) ([]stmt, []token, error) {
	toks, fields, err := lex(src)
	if err != nil {
		return nil, nil, err
	}
	p := &parser{toks: toks}
	out, err := p.stmts(false)
	if err != nil {
		return nil, nil, err
	}
	return out, fields, nil
}

// stmts reads statements up to the end of the program, or in a block up
// to its closing brace (which it reads).
func (p *parser) stmts(inBlock bool) ([]stmt, error) {
	var out []stmt
	for !inBlock || !p.isOp("}") {
		if p.peek().kind == tEOF {
			if inBlock {
				return nil, errAt(p.peek().pos, "a block opened with { is never closed")
			}
			return out, nil
		}
		if len(out) > 0 && out[len(out)-1].kind == kResult {
			return nil, errAt(p.peek().pos, "result: must be the last statement of its block: end the block with } here")
		}
		s, err := p.stmt()
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	p.next()
	return out, nil
}

func (p *parser) block() ([]stmt, error) {
	if _, err := p.expect("{"); err != nil {
		return nil, err
	}
	p.depth++ // not given back on an error, which ends the parse
	if p.depth > maxNesting {
		return nil, errAt(p.peek().pos, "blocks nest too deeply")
	}
	out, err := p.stmts(true)
	p.depth--
	return out, err
}

func (p *parser) stmt() (stmt, error) {
	t := p.peek()
	at := t.pos
	if t.kind == tWord {
		switch {
		case p.fn && (t.text == "output" || t.text == "function" || t.text == "set"):
			return nil, errAt(at, t.text+" may not be used inside a function")
		case !p.fn && t.text == "result":
			return nil, errAt(at, "result: may only be used inside a function")
		}
	}
	switch {
	case t.kind == tVar:
		p.next()
		if _, err := p.expect(":"); err != nil {
			return nil, errAt(at, "a variable at the start of a line must be assigned: write "+t.text+": VALUE")
		}
		x, err := p.binary(0)
		if err != nil {
			return nil, err
		}
		return &ast{kind: kAssign, p: at, name: t.text, x: x}, nil
	case t.kind == tWord && t.text == "output":
		p.next()
		x, err := p.binary(0)
		if err != nil {
			return nil, err
		}
		o := &ast{kind: kOutput, p: at, x: x}
		if p.isWord("named") {
			p.next()
			s := p.next()
			if s.kind != tString {
				return nil, errAt(s.pos, "expected a \"name\" in quotes after named, found "+describe(s))
			}
			o.named, o.hasNm = s.text, true
		}
		return o, nil
	case t.kind == tWord && t.text == "function":
		return p.funcDef()
	case t.kind == tWord && t.text == "result":
		p.next()
		if _, err := p.expect(":"); err != nil {
			return nil, err
		}
		x, err := p.binary(0)
		if err != nil {
			return nil, err
		}
		return &ast{kind: kResult, p: at, x: x}, nil
	case t.kind == tWord && t.text == "if":
		return p.ifStmt()
	case t.kind == tWord && t.text == "loop":
		p.next()
		v := p.next()
		if v.kind != tVar {
			return nil, errAt(v.pos, "expected a VARIABLE after loop, found "+describe(v))
		}
		if !p.isWord("over") {
			return nil, errAt(p.peek().pos, "expected “over” here, found "+describe(p.peek()))
		}
		p.next()
		over, err := p.binary(0)
		if err != nil {
			return nil, err
		}
		body, err := p.block()
		if err != nil {
			return nil, err
		}
		return &ast{kind: kLoop, p: at, name: v.text, over: over, body: body}, nil
	case t.kind == tWord && t.text == "set":
		p.next()
		name := p.next()
		if name.kind != tString {
			return nil, errAt(name.pos, "expected a setting in quotes after set, such as \"explode depth\"")
		}
		if !p.isWord("to") {
			return nil, errAt(p.peek().pos, "expected “to” here, found "+describe(p.peek()))
		}
		p.next()
		s := &ast{kind: kSet, p: at, name: name.text}
		if p.peek().kind == tString {
			s.str = p.next().text
			return s, nil
		}
		x, err := p.binary(0)
		if err != nil {
			return nil, err
		}
		s.value = x
		return s, nil
	}
	return nil, errAt(at, "expected a statement (VARIABLE: value, output, function:, if, loop, set, result:), found "+describe(t))
}

func (p *parser) ifStmt() (stmt, error) {
	at := p.next().pos
	cond, err := p.binary(0)
	if err != nil {
		return nil, err
	}
	then, err := p.block()
	if err != nil {
		return nil, err
	}
	s := &ast{kind: kIf, p: at, cond: cond, then: then}
	if p.isWord("else") {
		p.next()
		if p.isWord("if") {
			e, err := p.ifStmt()
			if err != nil {
				return nil, err
			}
			s.els = []stmt{e}
		} else if s.els, err = p.block(); err != nil {
			return nil, err
		}
	}
	return s, nil
}

func (p *parser) funcDef() (stmt, error) {
	at := p.next().pos
	if _, err := p.expect(":"); err != nil {
		return nil, err
	}
	var words []string
	var params []param
	for !p.isOp("{") {
		t := p.next()
		switch {
		case t.kind == tWord, t.kind == tOp && t.text == "d": // any lower-case word, keywords too
			words = append(words, t.text)
		case t.kind == tVar:
			pr := param{name: t.text}
			if p.isOp(":") {
				p.next()
				ty := p.next()
				switch {
				case ty.kind == tWord && (ty.text == "n" || ty.text == "s"):
					pr.typ = ty.text[0]
				case ty.kind == tOp && ty.text == "d":
					pr.typ = 'd'
				case ty.kind != tOp || ty.text != "?":
					return nil, errAt(ty.pos, "a parameter's type is :n (number), :s (sequence), :d (die) or :? (any), not "+describe(ty))
				}
			}
			for _, q := range params { // AnyDice allows it: the first is seen
				pr.dup = pr.dup || q.name == pr.name
			}
			params = append(params, pr)
			words = append(words, "…")
		default:
			return nil, errAt(t.pos, "a function's name is lower-case words and VARIABLES, then a { block }; found "+describe(t))
		}
	}
	p.fn = true
	body, err := p.block()
	p.fn = false
	if err != nil {
		return nil, err
	}
	return &ast{kind: kFuncDef, p: at, key: strings.Join(words, " "), params: params, body: body}, nil
}

// Binary operators by precedence level, lowest first.
var levels = [][]string{
	{"&", "|"},
	{"=", "!=", "<", ">", "<=", ">="},
	{"+", "-"},
	{"*", "/"},
	{"^"},
	{"@"},
	{"d"},
}

func (p *parser) binary(level int) (node, error) {
	if level == len(levels) {
		return p.unary()
	}
	x, err := p.binary(level + 1)
	if err != nil {
		return nil, err
	}
	for {
		t := p.peek()
		found := false
		for _, op := range levels[level] {
			found = found || t.kind == tOp && t.text == op
		}
		if !found {
			return x, nil
		}
		p.next()
		y, err := p.binary(level + 1)
		if err != nil {
			return nil, err
		}
		x = &ast{kind: kBinary, p: t.pos, op: t.text, x: x, y: y}
	}
}

func (p *parser) unary() (node, error) {
	p.depth++ // not given back on an error, which ends the parse
	if p.depth > maxNesting {
		return nil, errAt(p.peek().pos, "this expression nests too deeply")
	}
	t := p.peek()
	if t.kind == tOp && (t.text == "-" || t.text == "!" || t.text == "#" || t.text == "d" || t.text == "+") {
		p.next()
		x, err := p.unary()
		if err != nil {
			return nil, err
		}
		p.depth--
		if t.text == "+" {
			return x, nil
		}
		return &ast{kind: kUnary, p: t.pos, op: t.text, x: x}, nil
	}
	x, err := p.primary()
	p.depth--
	return x, err
}

func (p *parser) primary() (node, error) {
	t := p.next()
	at := t.pos
	switch {
	case t.kind == tNum:
		v, _ := text.Atoi(t.text)
		return &ast{kind: kNum, p: at, v: v}, nil
	case t.kind == tVar:
		return &ast{kind: kVar, p: at, name: t.text}, nil
	case t.kind == tOp && t.text == "(":
		x, err := p.binary(0)
		if err != nil {
			return nil, err
		}
		if _, err := p.expect(")"); err != nil {
			return nil, err
		}
		return x, nil
	case t.kind == tOp && t.text == "{":
		s := &ast{kind: kSeq, p: at}
		for !p.isOp("}") {
			if len(s.elems) > 0 {
				if _, err := p.expect(","); err != nil {
					return nil, err
				}
			}
			var e seqElem
			var err error
			if e.x, err = p.binary(0); err != nil {
				return nil, err
			}
			if p.isOp("..") {
				p.next()
				if e.to, err = p.binary(0); err != nil {
					return nil, err
				}
			}
			if p.isOp(":") {
				p.next()
				if e.times, err = p.binary(0); err != nil {
					return nil, err
				}
			}
			s.elems = append(s.elems, e)
		}
		p.next()
		return s, nil
	case t.kind == tOp && t.text == "[":
		c := &ast{kind: kCall, p: at}
		var words []string
		for !p.isOp("]") {
			u := p.peek()
			if u.kind == tEOF {
				return nil, errAt(at, "a function call opened with [ is never closed")
			}
			if u.kind == tWord {
				p.next()
				words = append(words, u.text)
				continue
			}
			x, err := p.binary(0)
			if err != nil {
				return nil, err
			}
			c.args = append(c.args, x)
			words = append(words, "…")
		}
		p.next()
		c.key = strings.Join(words, " ")
		return c, nil
	}
	return nil, errAt(at, "expected a number, VARIABLE, {sequence}, (expression) or [function call], found "+describe(t))
}
