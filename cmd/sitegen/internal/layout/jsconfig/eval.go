package jsconfig

import "maps"

// This file reads the few expressions a configuration computes from what
// it states alone, as Node would — with no environment variable set where
// the file is read with Options.UnsetEnv
// (Spronghi/dnd-witchlight-campaign's astro.config.mjs):
//
//   - a condition c ? a : b, and a || b, a ?? b, a && b, where the
//     operands are literals, constants, process.env.NAME (Options.UnsetEnv
//     only: "If the
//     environment variable is not set, the property is undefined",
//     https://nodejs.org/api/process.html#processenv), a filter's
//     parameter and its properties (s.label), a variable the tool's build
//     sets (Options.Env: docusaurus build's NODE_ENV), combined by !, ===, !==,
//     ==, !=, <, <=, >, >= and parentheses;
//   - ARRAY.filter(x => condition) and ARRAY.filter((x) => { … }) whose
//     body is if (…) … else …, blocks and return statements.
//
// Anything else (a call, a name not known, a loop, an object compared)
// is not read: the whole expression stays Computed. Both branches of a
// condition are read, the one taken is kept. The work is bounded by
// maxDepth (nesting) and maxEvalSteps (operands read, all elements
// filtered included).

// maxEvalSteps bounds the operands one expression reads, each element a
// filter tests included.
const maxEvalSteps = 100_000

// undef is JavaScript's undefined inside an evaluation (null is nil); it
// is read as nil outside one.
type undef struct{}

// evaluator reads one expression from token i.
type evaluator struct {
	f     *File
	i     int
	env   map[string]any // names bound: a filter's parameter, a helper's
	depth int
	steps int
	// envRead: the variables read (process.env.NAME), each with its
	// first line; File.EnvRead once the expression is read.
	envRead map[string]int
}

// done records in the file the variables an expression read has read.
func (e *evaluator) done() {
	for name, line := range e.envRead {
		if old, seen := e.f.EnvRead[name]; !seen || line < old {
			if e.f.EnvRead == nil {
				e.f.EnvRead = map[string]int{}
			}
			e.f.EnvRead[name] = line
		}
	}
}

// evaluate reads the expression at token start with the evaluator and
// moves the parser past it; ok is false, the parser unmoved, when the
// expression is not one it reads, does not end where a value ends, or is
// undefined (process.env.X alone stays Computed: a layout says it is not
// read).
func (p *parser) evaluate(start, depth int) (any, bool) {
	e := &evaluator{f: p.f, i: start, env: p.env, depth: depth}
	v, ok := e.conditional()
	if !ok {
		return nil, false
	}
	if _, isUndef := v.(undef); isUndef {
		return nil, false
	}
	q := &parser{f: p.f, i: e.i}
	if t, more := q.peek(); more && !(t.kind == tokPunct && (t.text == "," || t.text == "}" || t.text == "]" || t.text == ")" || t.text == ";")) && !q.newStatement() {
		return nil, false
	}
	p.i = e.i
	e.done()
	return v, true
}

func (e *evaluator) is(s string) bool { return e.f.is(e.i, s) }

// enter counts one level of nesting and one step; false past the bounds.
func (e *evaluator) enter() bool {
	e.depth++
	e.steps++
	return e.depth <= maxDepth && e.steps <= maxEvalSteps
}

// conditional reads c ? a : b (or a lower-precedence operand alone).
func (e *evaluator) conditional() (any, bool) {
	if !e.enter() {
		return nil, false
	}
	defer func() { e.depth-- }()
	c, ok := e.logical()
	if !ok || !e.is("?") {
		return c, ok
	}
	e.i++
	a, ok := e.conditional()
	if !ok || !e.is(":") {
		return nil, false
	}
	e.i++
	b, ok := e.conditional()
	if !ok {
		return nil, false
	}
	if truthy(c) {
		return a, true
	}
	return b, true
}

// logical reads a || b, a ?? b and a && b (&& binding tighter), each
// giving an operand as JavaScript does.
func (e *evaluator) logical() (any, bool) {
	a, ok := e.and()
	for ok && (e.is("||") || e.is("??")) {
		op := e.f.toks[e.i].text
		e.i++
		var b any
		if b, ok = e.and(); ok && (op == "||" && !truthy(a) || op == "??" && isNullish(a)) {
			a = b
		}
	}
	return a, ok
}

func (e *evaluator) and() (any, bool) {
	a, ok := e.comparison()
	for ok && e.is("&&") {
		e.i++
		var b any
		if b, ok = e.comparison(); ok && truthy(a) {
			a = b
		}
	}
	return a, ok
}

// comparison reads a OP b for the equality and relational operators.
func (e *evaluator) comparison() (any, bool) {
	a, ok := e.unary()
	for ok && e.i < len(e.f.toks) && e.f.toks[e.i].kind == tokPunct {
		op := e.f.toks[e.i].text
		switch op {
		case "===", "!==", "==", "!=", "<", "<=", ">", ">=":
		default:
			return a, true
		}
		e.i++
		var b any
		if b, ok = e.unary(); !ok {
			return nil, false
		}
		a, ok = compare(op, a, b)
	}
	return a, ok
}

// compare applies a comparison to primitives: strict equality on values
// of the same type (null and undefined loosely equal each other), order
// on two numbers or two strings; ok is false otherwise (an object, or
// a loose comparison that converts a type).
func compare(op string, a, b any) (any, bool) {
	switch op {
	case "===", "!==", "==", "!=":
		if !isPrimitive(a) || !isPrimitive(b) {
			return nil, false
		}
		eq := a == b
		if op == "==" || op == "!=" {
			if isNullish(a) || isNullish(b) {
				eq = isNullish(a) && isNullish(b)
			} else if typeName(a) != typeName(b) {
				return nil, false // a conversion: not read
			}
		}
		return eq == (op == "===" || op == "=="), true
	}
	switch a := a.(type) {
	case float64:
		if b, ok := b.(float64); ok {
			return order(op, a, b), true
		}
	case string:
		if b, ok := b.(string); ok {
			return order(op, a, b), true
		}
	}
	return nil, false
}

func order[T float64 | string](op string, a, b T) bool {
	switch op {
	case "<":
		return a < b
	case "<=":
		return a <= b
	case ">":
		return a > b
	}
	return a >= b
}

func isPrimitive(v any) bool {
	switch v.(type) {
	case nil, undef, bool, float64, string:
		return true
	}
	return false
}

func typeName(v any) string {
	switch v.(type) {
	case bool:
		return "boolean"
	case float64:
		return "number"
	case string:
		return "string"
	}
	return "object"
}

func isNullish(v any) bool {
	_, u := v.(undef)
	return v == nil || u
}

// truthy is JavaScript's ToBoolean.
func truthy(v any) bool {
	switch v := v.(type) {
	case nil, undef:
		return false
	case bool:
		return v
	case float64:
		return v != 0 && v == v
	case string:
		return v != ""
	}
	return true
}

// unary reads !x, (x) and an operand.
func (e *evaluator) unary() (any, bool) {
	if !e.enter() {
		return nil, false
	}
	defer func() { e.depth-- }()
	switch {
	case e.is("!"):
		e.i++
		v, ok := e.unary()
		return !truthy(v), ok
	case e.is("("):
		e.i++
		v, ok := e.conditional()
		if !ok || !e.is(")") {
			return nil, false
		}
		e.i++
		return v, true
	}
	return e.operand()
}

// operand reads process.env.NAME, a bound name and its properties, or a
// literal or constant the parser reads.
func (e *evaluator) operand() (any, bool) {
	f := e.f
	if e.i >= len(f.toks) {
		return nil, false
	}
	t := f.toks[e.i]
	if t.kind == tokIdent {
		switch {
		case t.text == "undefined":
			e.i++
			return undef{}, true
		case t.text == "process" && f.is(e.i+1, ".") && f.isIdent(e.i+2, "env") && f.is(e.i+3, ".") &&
			e.i+4 < len(f.toks) && f.toks[e.i+4].kind == tokIdent:
			name := f.toks[e.i+4].text
			if v, set := f.env[name]; set { // the tool's build sets it (Options.Env)
				e.i += 5
				return v, true
			}
			if !f.unsetEnv {
				return nil, false
			}
			if _, seen := e.envRead[name]; !seen {
				if e.envRead == nil {
					e.envRead = map[string]int{}
				}
				e.envRead[name] = f.line(t.off)
			}
			e.i += 5
			return undef{}, true // the build's environment is not read: unset
		}
		if v, ok := e.env[t.text]; ok {
			e.i++
			for f.is(e.i, ".") && e.i+1 < len(f.toks) && f.toks[e.i+1].kind == tokIdent {
				o, isObj := v.(*Object)
				if !isObj {
					return nil, false
				}
				if v, ok = o.Values[f.toks[e.i+1].text]; !ok {
					v = undef{}
				}
				e.i += 2
			}
			if f.is(e.i, "(") || f.is(e.i, "[") {
				return nil, false
			}
			return v, true
		}
	}
	p := &parser{f: f, i: e.i, env: e.env}
	v := p.primary(e.depth)
	if _, call := v.(Call); call || isComputed(v) { // keep(s): not run
		return nil, false
	}
	e.i = p.i
	return v, true
}

// filterAt reports whether tokens from i are `.filter(`.
func (f *File) filterAt(i int) bool {
	return f.is(i, ".") && f.isIdent(i+1, "filter") && f.is(i+2, "(")
}

// filter reads `.filter(predicate)` at the parser's token and returns the
// elements of list the predicate keeps; ok is false when the predicate
// is not one the evaluator reads for every element.
func (p *parser) filter(list []any, depth int) ([]any, bool) {
	f := p.f
	param, j, ok := f.arrowParam(p.i + 3) // after . filter (
	if !ok {
		return nil, false
	}
	if !f.is(j, "=>") {
		return nil, false
	}
	body := j + 1
	env := maps.Clone(p.env)
	if env == nil {
		env = map[string]any{}
	}
	e := &evaluator{f: f, depth: depth}
	out := []any{}
	end := -1
	for _, v := range list {
		env[param] = v
		e.i, e.env = body, env
		var keep any
		var ok bool
		if f.is(body, "{") {
			var returned bool
			keep, returned, ok = e.block(true)
			if !returned {
				keep = undef{}
			}
		} else {
			keep, ok = e.conditional()
		}
		if !ok || !f.is(e.i, ")") {
			return nil, false
		}
		end = e.i
		if truthy(keep) {
			out = append(out, v)
		}
	}
	if end < 0 { // an empty array: the predicate never runs; find its end
		end = (&parser{f: f, i: body}).skipAt()
		if !f.is(end, ")") {
			return nil, false
		}
	}
	p.i = end + 1
	e.done()
	return out, true
}

// skipAt is the index of the token that ends the expression at the
// parser's token (parser.skip's stopping point).
func (p *parser) skipAt() int {
	p.skip()
	return p.i
}

// block runs the statements of a block `{ … }` at the evaluator's token:
// live when its statements run (a branch not taken is read, not run).
// It returns the value of the first return run.
func (e *evaluator) block(live bool) (ret any, returned, ok bool) {
	e.i++ // {
	for !e.is("}") {
		if e.i >= len(e.f.toks) {
			return nil, false, false
		}
		v, r, ok := e.statement(live && !returned)
		if !ok {
			return nil, false, false
		}
		if r && !returned {
			ret, returned = v, true
		}
	}
	e.i++
	return ret, returned, true
}

// statement runs one statement: a block, if/else, return, or ";".
func (e *evaluator) statement(live bool) (ret any, returned, ok bool) {
	if !e.enter() {
		return nil, false, false
	}
	defer func() { e.depth-- }()
	switch {
	case e.is(";"):
		e.i++
		return nil, false, true
	case e.is("{"):
		return e.block(live)
	case e.f.isIdent(e.i, "return"):
		e.i++
		v, ok := e.conditional()
		if e.is(";") {
			e.i++
		}
		return v, live, ok
	case e.f.isIdent(e.i, "if") && e.f.is(e.i+1, "("):
		e.i += 2
		c, ok := e.conditional()
		if !ok || !e.is(")") {
			return nil, false, false
		}
		e.i++
		ret, returned, ok = e.statement(live && truthy(c))
		if !ok {
			return nil, false, false
		}
		if e.f.isIdent(e.i, "else") {
			e.i++
			v, r, ok := e.statement(live && !truthy(c))
			if !ok {
				return nil, false, false
			}
			if r {
				ret, returned = v, true
			}
		}
		return ret, returned, true
	}
	return nil, false, false
}
