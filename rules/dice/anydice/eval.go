package anydice

import (
	"strconv"
	"strings"

	"d6codex/rules/dice"
	"d6codex/rules/text"
)

// interp is the state of one run of a program.
type interp struct {
	scopes       []map[string]value
	funcs        map[string]*function
	outputs      []Output
	fields       map[string]int
	explodeDepth int
	lowestFirst  bool
	maxDepth     int
	depth        int
	work         float64
}

// function is a user-defined or library function.
type function struct {
	params []param
	body   []stmt
	lib    int // 1 + the index in libFuncs of a library function; 0 for a program's
}

func newInterp() *interp {
	in := &interp{
		scopes:       []map[string]value{{}},
		funcs:        map[string]*function{},
		fields:       map[string]int{},
		explodeDepth: 2,
		maxDepth:     10,
	}
	for k, f := range library() {
		in.funcs[k] = f
	}
	return in
}

func (in *interp) global() map[string]value { return in.scopes[0] }

// spend adds work and fails past MaxWork.
func (in *interp) spend(p pos, w float64) error {
	in.work += w
	if in.work > MaxWork {
		return errAt(p, "this program needs more computation than a page allows; use fewer or smaller dice, a lower explode depth or a lower maximum function depth")
	}
	return nil
}

// errReturn carries a function's result: result: ends the function.
type errReturn struct{ v value }

func (*errReturn) Error() string { return "result outside a function" }

func (in *interp) run(stmts []stmt) error {
	for _, s := range stmts {
		if err := in.exec(s); err != nil {
			if _, ok := err.(*errReturn); ok {
				return errAt(s.at(), "result: may only be used inside a function")
			}
			return err
		}
	}
	return nil
}

func (in *interp) execBlock(stmts []stmt) error {
	for _, s := range stmts {
		if err := in.exec(s); err != nil {
			return err
		}
	}
	return nil
}

// nodeCost is the work of evaluating one node or statement, in
// multiply-adds (it allocates and looks up maps).
const nodeCost = 40

func (in *interp) exec(s stmt) error {
	if err := in.spend(s.at(), nodeCost); err != nil {
		return err
	}
	switch s.kind {
	case kAssign:
		v, err := in.eval(s.x)
		if err != nil {
			return err
		}
		if _, isField := in.fields[s.name]; isField && in.depth == 0 {
			return nil // the form's value stands
		}
		in.scopes[len(in.scopes)-1][s.name] = v
	case kOutput:
		if in.depth > 0 {
			return errAt(s.p, "output may not be used inside a function")
		}
		if len(in.outputs) == MaxOutputs {
			return errAt(s.p, "at most "+maxOutputsText+" outputs in one program")
		}
		v, err := in.eval(s.x)
		if err != nil {
			return err
		}
		var d dice.PMF
		switch v := v.(type) {
		case num:
			d = dice.Const(int(v))
		case seq:
			if d, err = in.seqDie(s.p, v); err != nil {
				return err
			}
		case *die:
			d = v.pmf
		}
		name := "output " + strconv.Itoa(len(in.outputs)+1)
		if s.hasNm {
			name = in.interpolate(s.named)
		}
		in.outputs = append(in.outputs, newOutput(name, d))
	case kFuncDef:
		if in.depth > 0 {
			return errAt(s.p, "a function may not be defined inside a function")
		}
		in.funcs[s.key] = &function{params: s.params, body: s.body}
	case kResult:
		if in.depth == 0 {
			return errAt(s.p, "result: may only be used inside a function")
		}
		v, err := in.eval(s.x)
		if err != nil {
			return err
		}
		return &errReturn{v}
	case kIf:
		c, err := in.eval(s.cond)
		if err != nil {
			return err
		}
		var yes bool
		switch c := c.(type) {
		case num:
			yes = c != 0
		case seq:
			yes = sum(c) != 0
		case *die:
			return errAt(start(s.cond), "a die cannot be the condition of an if: pass it to a function's :n parameter, which runs once per number the die can roll")
		}
		if yes {
			return in.execBlock(s.then)
		}
		return in.execBlock(s.els)
	case kLoop:
		v, err := in.eval(s.over)
		if err != nil {
			return err
		}
		var over seq
		switch v := v.(type) {
		case num:
			over = seq{int(v)}
		case seq:
			over = v
		case *die:
			over = v.values()
		}
		for _, x := range over {
			if err := in.spend(s.p, 1); err != nil {
				return err
			}
			in.scopes[len(in.scopes)-1][s.name] = num(x)
			if err := in.execBlock(s.body); err != nil {
				return err
			}
		}
	case kSet:
		return in.set(s)
	}
	return nil
}

func (in *interp) set(s *ast) error {
	if in.depth > 0 {
		return errAt(s.p, "set may not be used inside a function")
	}
	str := s.str
	n, numOK := text.Atoi(text.TrimSpace(str))
	if s.value != nil {
		v, err := in.eval(s.value)
		if err != nil {
			return err
		}
		switch v := v.(type) {
		case num:
			n, numOK = int(v), true
		case seq:
			n, numOK = sum(v), true
		default:
			return errAt(s.value.at(), "a setting's value must be a number or a \"string\", not a die")
		}
	}
	switch s.name {
	case "explode depth":
		if !numOK || n < 0 || n > 100 {
			return errAt(s.p, "\"explode depth\" is a number from 0 to 100")
		}
		in.explodeDepth = n
	case "maximum function depth":
		if !numOK || n < 1 || n > maxCallDeep {
			return errAt(s.p, "\"maximum function depth\" is a number from 1 to "+maxCallDeepText)
		}
		in.maxDepth = n
	case "position order":
		switch str {
		case "highest first":
			in.lowestFirst = false
		case "lowest first":
			in.lowestFirst = true
		default:
			return errAt(s.p, "\"position order\" is \"highest first\" or \"lowest first\"")
		}
	default:
		return errAt(s.p, "unknown setting "+quote(s.name)+" (known: \"explode depth\", \"position order\", \"maximum function depth\")")
	}
	return nil
}

// interpolate replaces [VAR] in an output's name by the variable's value.
func (in *interp) interpolate(s string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '[')
		if i < 0 {
			break
		}
		j := strings.IndexByte(s[i:], ']')
		if j < 0 {
			break
		}
		name := s[i+1 : i+j]
		b.WriteString(s[:i])
		if v, ok := in.lookup(name); ok {
			b.WriteString(valueString(v))
		} else {
			b.WriteString(s[i : i+j+1])
		}
		s = s[i+j+1:]
	}
	b.WriteString(s)
	return b.String()
}

func (in *interp) lookup(name string) (value, bool) {
	for i := len(in.scopes) - 1; i >= 0; i-- {
		if v, ok := in.scopes[i][name]; ok {
			return v, true
		}
	}
	return nil, false
}

func (in *interp) eval(n node) (value, error) {
	if err := in.spend(n.at(), nodeCost); err != nil {
		return nil, err
	}
	switch n.kind {
	case kNum:
		return num(n.v), nil
	case kVar:
		v, ok := in.lookup(n.name)
		if !ok {
			return nil, errAt(n.p, "the variable "+n.name+" has no value here")
		}
		return v, nil
	case kSeq:
		return in.seqLit(n)
	case kUnary:
		x, err := in.eval(n.x)
		if err != nil {
			return nil, err
		}
		return in.unary(n.p, n.op, x)
	case kBinary:
		x, err := in.eval(n.x)
		if err != nil {
			return nil, err
		}
		y, err := in.eval(n.y)
		if err != nil {
			return nil, err
		}
		return in.binary(n.p, n.op, x, y)
	case kCall:
		f, ok := in.funcs[n.key]
		if !ok {
			return nil, errAt(n.p, "no function is named ["+atToEllipsis(n.key)+"]")
		}
		args := make([]value, len(n.args))
		for i, a := range n.args {
			v, err := in.eval(a)
			if err != nil {
				return nil, err
			}
			args[i] = v
		}
		return in.call(n.p, f, args)
	}
	return nil, errAt(n.at(), "unknown expression")
}

func (in *interp) seqLit(n *ast) (value, error) {
	var out seq
	for _, e := range n.elems {
		x, err := in.eval(e.x)
		if err != nil {
			return nil, err
		}
		var part seq
		if e.to != nil {
			y, err := in.eval(e.to)
			if err != nil {
				return nil, err
			}
			lo, err := in.number(e.x.at(), x, "a range's start")
			if err != nil {
				return nil, err
			}
			hi, err := in.number(e.to.at(), y, "a range's end")
			if err != nil {
				return nil, err
			}
			if hi-lo >= MaxSeq {
				return nil, errAt(e.x.at(), "a range of more than "+maxSeqText+" numbers")
			}
			for v := lo; v <= hi; v++ {
				part = append(part, v)
			}
		} else {
			switch x := x.(type) {
			case num:
				part = seq{int(x)}
			case seq:
				part = x
			case *die:
				part = x.values()
			}
		}
		if e.times != nil {
			t, err := in.eval(e.times)
			if err != nil {
				return nil, err
			}
			k, err := in.number(e.times.at(), t, "a repetition count")
			if err != nil {
				return nil, err
			}
			if k < 0 {
				k = 0
			}
			if k > MaxSeq || k*len(part) > MaxSeq {
				return nil, errAt(e.times.at(), "a sequence of more than "+maxSeqText+" numbers")
			}
			rep := make(seq, 0, k*len(part))
			for range k {
				rep = append(rep, part...)
			}
			part = rep
		}
		if len(out)+len(part) > MaxSeq {
			return nil, errAt(n.p, "a sequence of more than "+maxSeqText+" numbers")
		}
		if err := in.spend(n.p, float64(len(part))); err != nil {
			return nil, err
		}
		out = append(out, part...)
	}
	if out == nil {
		out = seq{}
	}
	return out, nil
}

// number reads a number or a sequence (summed); a die is an error.
func (in *interp) number(p pos, v value, what string) (int, error) {
	switch v := v.(type) {
	case num:
		return int(v), nil
	case seq:
		return sum(v), nil
	}
	return 0, errAt(p, what+" must be a number, not a die")
}

// checkValue bounds a computed number.
func checkValue(p pos, v int) error {
	if v > MaxValue || v < -MaxValue {
		return errAt(p, "a value grew past ±"+maxValueText+", more than this page can hold")
	}
	return nil
}

// atToEllipsis writes a function key's parameter slots (@) as "…".
func atToEllipsis(key string) string {
	var b []byte
	for i := 0; i < len(key); i++ {
		if key[i] == '@' {
			b = append(b, "…"...)
		} else {
			b = append(b, key[i])
		}
	}
	return string(b)
}
