package query

import (
	"fmt"
	"regexp"
	"strings"
)

// maxDepth bounds how deep expressions nest (parentheses, calls, lists):
// a parser's recursion is bounded by it, and so is an evaluator's.
const maxDepth = 64

// parser reads expressions, sources and queries from one text.
type parser struct {
	lx    lexer
	tok   token // the current token
	err   error
	depth int
}

func newParser(src string, d Dialect) *parser {
	p := &parser{lx: lexer{src: src, dialect: d}}
	p.advance()
	return p
}

func (p *parser) advance() {
	if p.err != nil {
		return
	}
	t, err := p.lx.next()
	if err != nil {
		p.err = err
		p.tok = token{kind: tEOF, pos: len(p.lx.src)}
		return
	}
	p.tok = t
}

func (p *parser) fail(pos int, format string, args ...any) {
	if p.err == nil {
		p.err = &SyntaxError{Pos: pos, Msg: fmt.Sprintf(format, args...)}
	}
	p.tok = token{kind: tEOF, pos: len(p.lx.src)}
}

func (p *parser) isOp(op string) bool { return p.tok.kind == tOp && p.tok.text == op }

// isWord reports whether the current token is the keyword w, in any case.
func (p *parser) isWord(w string) bool {
	return p.tok.kind == tIdent && strings.EqualFold(p.tok.text, w)
}

func (p *parser) expect(op string) {
	if !p.isOp(op) {
		p.fail(p.tok.pos, "expected %q, found %s", op, p.describe())
		return
	}
	p.advance()
}

// describe names the current token for a message.
func (p *parser) describe() string {
	if p.tok.kind == tEOF {
		return "the end"
	}
	return fmt.Sprintf("%q", p.tok.text)
}

// ParseExpr parses a whole expression (an inline query, a Bases formula
// or filter).
func ParseExpr(src string, d Dialect) (Expr, error) {
	p := newParser(src, d)
	e := p.expr()
	if p.err == nil && p.tok.kind != tEOF {
		p.fail(p.tok.pos, "unexpected %s after the expression", p.describe())
	}
	if p.err != nil {
		return nil, p.err
	}
	return e, nil
}

// keywords cannot be fields in DQL (write row["where"]).
var keywords = map[string]bool{"FROM": true, "WHERE": true, "LIMIT": true, "GROUP": true, "FLATTEN": true}

func (p *parser) enter() bool {
	p.depth++
	if p.depth > maxDepth {
		p.fail(p.tok.pos, "the expression nests deeper than %d levels", maxDepth)
		return false
	}
	return true
}

func (p *parser) leave() { p.depth-- }

// expr parses an expression at the lowest precedence.
func (p *parser) expr() Expr {
	if !p.enter() {
		return &Lit{}
	}
	defer p.leave()
	if p.lx.dialect == Bases {
		return p.jsBinary(0)
	}
	return p.dqlBinary(0)
}

// DQL's precedence, lowest first: and/or (one level, left to right, as
// Dataview's binaryBooleanField), comparisons, + -, * / %.
var dqlLevels = [][]string{{"&", "|"}, {">=", "<=", "!=", ">", "<", "="}, {"+", "-"}, {"*", "/", "%"}}

// JavaScript's, for Bases.
var jsLevels = [][]string{{"||"}, {"&&"}, {"==", "!="}, {"<", ">", "<=", ">="}, {"+", "-"}, {"*", "/", "%"}}

// dqlOp returns the current token as an operator of the level, or "".
func (p *parser) dqlOp(level int) string {
	if level == 0 && p.tok.kind == tIdent {
		switch strings.ToLower(p.tok.text) {
		case "and":
			return "&"
		case "or":
			return "|"
		}
	}
	if p.tok.kind == tOp {
		for _, op := range dqlLevels[level] {
			if p.tok.text == op {
				return op
			}
		}
	}
	return ""
}

func (p *parser) dqlBinary(level int) Expr {
	if level == len(dqlLevels) {
		return p.unary()
	}
	l := p.dqlBinary(level + 1)
	for p.err == nil {
		op := p.dqlOp(level)
		if op == "" {
			return l
		}
		pos := p.tok.pos
		p.advance()
		r := p.dqlBinary(level + 1)
		l = &Binary{Op: op, L: l, R: r, Pos: pos}
	}
	return l
}

func (p *parser) jsBinary(level int) Expr {
	if level == len(jsLevels) {
		return p.unary()
	}
	l := p.jsBinary(level + 1)
	for p.err == nil && p.tok.kind == tOp {
		op := ""
		for _, o := range jsLevels[level] {
			if p.tok.text == o {
				op = o
			}
		}
		if op == "" {
			return l
		}
		pos := p.tok.pos
		p.advance()
		r := p.jsBinary(level + 1)
		switch op {
		case "||":
			op = "|"
		case "&&":
			op = "&"
		case "==":
			op = "="
		}
		l = &Binary{Op: op, L: l, R: r, Pos: pos}
	}
	return l
}

// unary parses !x, -x and a postfix expression.
func (p *parser) unary() Expr {
	pos := p.tok.pos
	switch {
	case p.isOp("!"):
		p.advance()
		if !p.enter() {
			return &Lit{}
		}
		defer p.leave()
		return &Not{X: p.unary(), Pos: pos}
	case p.isOp("-"):
		p.advance()
		if !p.enter() {
			return &Lit{}
		}
		defer p.leave()
		x := p.unary()
		if lit, ok := x.(*Lit); ok {
			if f, ok := lit.V.(float64); ok {
				return &Lit{V: -f, Pos: pos}
			}
		}
		return &Neg{X: x, Pos: pos}
	}
	return p.postfix(p.atom())
}

// postfix parses .name, [key], (args) and, in Bases, .name(args).
func (p *parser) postfix(x Expr) Expr {
	for p.err == nil {
		pos := p.tok.pos
		switch {
		case p.isOp("."):
			p.advance()
			if p.tok.kind != tIdent {
				p.fail(p.tok.pos, "expected a name after '.', found %s", p.describe())
				return x
			}
			name, namePos := p.tok.text, p.tok.pos
			p.advance()
			if p.lx.dialect == Bases && p.isOp("(") {
				x = &Method{X: x, Name: name, Args: p.args(), Pos: namePos}
				continue
			}
			x = &IndexExpr{X: x, Key: &Lit{V: name, Pos: pos + 1}, Pos: pos}
		case p.isOp("["):
			p.advance()
			key := p.expr()
			p.expect("]")
			x = &IndexExpr{X: x, Key: key, Pos: pos}
		case p.isOp("("):
			x = &Call{Fn: x, Args: p.args(), Pos: x.At()}
		default:
			return x
		}
	}
	return x
}

// args parses (a, b, ...).
func (p *parser) args() []Expr {
	p.expect("(")
	var args []Expr
	for p.err == nil && !p.isOp(")") {
		args = append(args, p.expr())
		if !p.isOp(",") {
			break
		}
		p.advance()
	}
	p.expect(")")
	return args
}

var (
	dateLitRE = regexp.MustCompile(`^date\(\s*`)
	durLitRE  = regexp.MustCompile(`^dur\(\s*`)
)

// dateShorthands are date(today) and its kind (DATE_SHORTHANDS), longest
// first.
var dateShorthands = []string{"start-of-month", "start-of-week", "start-of-year", "end-of-month", "end-of-week", "end-of-year",
	"yesterday", "tomorrow", "today", "now", "sow", "eow", "som", "eom", "soy", "eoy"}

// literalCall reads date(2021-04-18), date(today) and dur(1 day) as
// literals, as Dataview does before it tries a function call.
func (p *parser) literalCall() (Expr, bool) {
	rest := p.lx.src[p.tok.pos:]
	pos := p.tok.pos
	var v Value
	var after string
	clock := false
	if m := dateLitRE.FindString(rest); m != "" {
		in := rest[len(m):]
		for _, sh := range dateShorthands {
			if strings.HasPrefix(in, sh) {
				v, after, clock = DateShorthand(sh), in[len(sh):], true
				break
			}
		}
		if v == nil {
			t, a, ok := scanDate(in)
			if !ok {
				return nil, false
			}
			v, after = t, a
		}
	} else if m := durLitRE.FindString(rest); m != "" {
		d, a, ok := scanDuration(rest[len(m):])
		if !ok {
			return nil, false
		}
		v, after = d, a
	} else {
		return nil, false
	}
	after = strings.TrimLeft(after, " \t\r\n")
	if !strings.HasPrefix(after, ")") {
		return nil, false
	}
	p.lx.off = len(p.lx.src) - len(after) + 1
	p.advance()
	return &Lit{V: v, Pos: pos, Clock: clock}, true
}

// atom parses a literal, a name, a list, an object, a lambda or a
// parenthesized expression.
func (p *parser) atom() Expr {
	t := p.tok
	switch t.kind {
	case tNumber, tString, tLink:
		p.advance()
		return &Lit{V: t.val, Pos: t.pos}
	case tTag:
		p.advance()
		return &Lit{V: t.text, Pos: t.pos}
	case tIdent:
		if p.lx.dialect == DQL {
			if e, ok := p.literalCall(); ok {
				return e
			}
		}
		switch t.text {
		case "true", "True":
			p.advance()
			return &Lit{V: true, Pos: t.pos}
		case "false", "False":
			p.advance()
			return &Lit{V: false, Pos: t.pos}
		case "null":
			p.advance()
			return &Lit{V: nil, Pos: t.pos}
		}
		if p.lx.dialect == DQL && keywords[strings.ToUpper(t.text)] {
			p.fail(t.pos, "%s is a keyword, not a field here (write row[%q] for a field of that name)", t.text, t.text)
			return &Lit{}
		}
		p.advance()
		return &Var{Name: t.text, Pos: t.pos, fold: strings.ToLower(t.text)}
	case tOp:
		switch t.text {
		case "(":
			if l, ok := p.lambda(); ok {
				return l
			}
			p.advance()
			e := p.expr()
			p.expect(")")
			return e
		case "[":
			p.advance()
			l := &ListLit{Pos: t.pos}
			for p.err == nil && !p.isOp("]") {
				l.Elems = append(l.Elems, p.expr())
				if !p.isOp(",") {
					break
				}
				p.advance()
			}
			p.expect("]")
			return l
		case "{":
			p.advance()
			o := &ObjLit{Pos: t.pos}
			for p.err == nil && !p.isOp("}") {
				var key string
				switch p.tok.kind {
				case tIdent:
					key = p.tok.text
				case tString:
					key = p.tok.val.(string)
				default:
					p.fail(p.tok.pos, "expected a key, found %s", p.describe())
					return o
				}
				p.advance()
				p.expect(":")
				o.Keys = append(o.Keys, key)
				o.Vals = append(o.Vals, p.expr())
				if !p.isOp(",") {
					break
				}
				p.advance()
			}
			p.expect("}")
			return o
		}
	}
	p.fail(t.pos, "expected a value, found %s", p.describe())
	return &Lit{}
}

// lambda parses (a, b) => body when the text is one.
func (p *parser) lambda() (Expr, bool) {
	if p.lx.dialect != DQL {
		return nil, false
	}
	save, saveTok := p.lx.off, p.tok
	p.advance()
	var params []string
	for p.tok.kind == tIdent {
		params = append(params, p.tok.text)
		p.advance()
		if !p.isOp(",") {
			break
		}
		p.advance()
	}
	if p.err == nil && p.isOp(")") {
		p.advance()
		if p.isOp("=>") {
			p.advance()
			return &LambdaLit{Params: params, Body: p.expr(), Pos: saveTok.pos}, true
		}
	}
	p.lx.off, p.tok, p.err = save, saveTok, nil
	return nil, false
}

// ParseQuery parses a ```dataview block.
//
// https://blacksmithgu.github.io/obsidian-dataview/queries/structure/
// "Every query follows the same structure and consists of exactly one
// Query Type with zero, one or many fields, depending on query type; zero
// or one FROM data commands with one to many sources; zero to many other
// data commands with one to many expressions".
func ParseQuery(src string) (*Query, error) {
	p := newParser(src, DQL)
	q := &Query{Pos: p.tok.pos}
	switch {
	case p.isWord("TABLE"):
		q.Type = QTable
	case p.isWord("LIST"):
		q.Type = QList
	case p.isWord("TASK"):
		q.Type = QTask
	case p.isWord("CALENDAR"):
		q.Type = QCalendar
	default:
		return nil, &SyntaxError{p.tok.pos, fmt.Sprintf("a query starts with TABLE, LIST, TASK or CALENDAR, not %s", p.describe())}
	}
	p.advance()
	if q.Type == QTable || q.Type == QList {
		if p.isWord("WITHOUT") {
			p.advance()
			if !p.isWord("ID") {
				p.fail(p.tok.pos, "expected ID after WITHOUT, found %s", p.describe())
			}
			p.advance()
			q.WithoutID = true
		}
	}
	switch q.Type {
	case QTable:
		for p.err == nil && !p.atClause() {
			q.Fields = append(q.Fields, p.named())
			if !p.isOp(",") {
				break
			}
			p.advance()
		}
	case QList:
		if !p.atClause() {
			e, _ := p.exprText()
			q.Fields = append(q.Fields, NamedExpr{Name: "target", X: e})
		}
	case QCalendar:
		q.Fields = append(q.Fields, p.named())
	}
	if p.isWord("FROM") {
		p.advance()
		start := p.tok.pos
		q.From = p.source()
		q.FromText = strings.TrimSpace(p.lx.src[start:p.tok.pos])
	}
	for p.err == nil && p.tok.kind != tEOF {
		c := Command{Pos: p.tok.pos}
		switch {
		case p.isWord("WHERE"):
			p.advance()
			c.Kind, c.X = "where", p.expr()
		case p.isWord("LIMIT"):
			p.advance()
			c.Kind, c.X = "limit", p.expr()
		case p.isWord("SORT"):
			p.advance()
			c.Kind = "sort"
			for p.err == nil {
				k := SortKey{X: p.expr()}
				switch {
				case p.isWord("DESC") || p.isWord("DESCENDING"):
					k.Desc = true
					p.advance()
				case p.isWord("ASC") || p.isWord("ASCENDING"):
					p.advance()
				}
				c.Sort = append(c.Sort, k)
				if !p.isOp(",") {
					break
				}
				p.advance()
			}
		case p.isWord("GROUP"):
			p.advance()
			if !p.isWord("BY") {
				p.fail(p.tok.pos, "expected BY after GROUP, found %s", p.describe())
			}
			p.advance()
			c.Kind, c.Named = "group", p.named()
		case p.isWord("FLATTEN"):
			p.advance()
			c.Kind, c.Named = "flatten", p.named()
		case p.isWord("FROM"):
			p.fail(p.tok.pos, "FROM comes once, right after the query type")
		default:
			p.fail(p.tok.pos, "expected WHERE, SORT, LIMIT, GROUP BY or FLATTEN, found %s", p.describe())
		}
		q.Commands = append(q.Commands, c)
	}
	if p.err != nil {
		return nil, p.err
	}
	return q, nil
}

// atClause reports whether the current token starts a data command (or
// the query ends): a header's fields stop there.
func (p *parser) atClause() bool {
	if p.tok.kind == tEOF {
		return true
	}
	for _, w := range []string{"FROM", "WHERE", "SORT", "LIMIT", "GROUP", "FLATTEN"} {
		if p.isWord(w) {
			return true
		}
	}
	return false
}

// exprText parses an expression and returns it with its text, its lines
// joined (the name Dataview gives a column without AS).
func (p *parser) exprText() (Expr, string) {
	start := p.tok.pos
	e := p.expr()
	end := len(p.lx.src)
	if p.tok.kind != tEOF {
		end = p.tok.pos
	}
	var parts []string
	for _, l := range strings.FieldsFunc(p.lx.src[start:end], func(r rune) bool { return r == '\n' || r == '\r' }) {
		parts = append(parts, strings.TrimSpace(l))
	}
	return e, strings.Join(parts, "")
}

// named parses expr [AS name].
func (p *parser) named() NamedExpr {
	e, text := p.exprText()
	if p.isWord("AS") {
		p.advance()
		switch p.tok.kind {
		case tIdent:
			text = p.tok.text
		case tString:
			text = p.tok.val.(string)
		default:
			p.fail(p.tok.pos, "expected a name after AS, found %s", p.describe())
		}
		p.advance()
	}
	return NamedExpr{Name: text, X: e}
}

// source parses a FROM clause: sources joined by and/or (one level, left
// to right), each a #tag, a "folder", a [[link]], outgoing([[link]]), a
// negated source (-#tag, !"folder") or one in parentheses.
func (p *parser) source() Source {
	l := p.sourceAtom()
	for p.err == nil {
		pos := p.tok.pos
		and := p.isWord("and") || p.isOp("&")
		if !and && !p.isWord("or") && !p.isOp("|") {
			return l
		}
		p.advance()
		l = &BinSource{And: and, L: l, R: p.sourceAtom(), Pos: pos}
	}
	return l
}

func (p *parser) sourceAtom() Source {
	if !p.enter() {
		return &FolderSource{}
	}
	defer p.leave()
	t := p.tok
	switch {
	case t.kind == tTag:
		p.advance()
		return &TagSource{Tag: strings.TrimPrefix(t.text, "#"), Pos: t.pos}
	case t.kind == tString:
		p.advance()
		return &FolderSource{Folder: t.val.(string), Pos: t.pos}
	case t.kind == tLink:
		p.advance()
		return &LinkSource{Target: t.val.(Link).Path, Pos: t.pos}
	case t.kind == tIdent && t.text == "outgoing":
		p.advance()
		p.expect("(")
		if p.tok.kind != tLink {
			p.fail(p.tok.pos, "outgoing() takes a [[link]], not %s", p.describe())
			return &FolderSource{}
		}
		target := p.tok.val.(Link).Path
		p.advance()
		p.expect(")")
		return &LinkSource{Target: target, Outgoing: true, Pos: t.pos}
	case t.kind == tIdent && t.text == "csv":
		p.fail(t.pos, "csv() sources are not read: sitegen queries notes only")
	case p.isOp("-") || p.isOp("!"):
		p.advance()
		return &NotSource{X: p.sourceAtom(), Pos: t.pos}
	case p.isOp("("):
		p.advance()
		s := p.source()
		p.expect(")")
		return s
	default:
		p.fail(t.pos, "expected a #tag, a \"folder\" or a [[link]] after FROM, found %s", p.describe())
	}
	return &FolderSource{}
}
