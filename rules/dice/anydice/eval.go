package anydice

import (
	"strconv"
	"strings"

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
	truncated    bool // a call went past the maximum function depth
	values       int  // values of the outputs so far
	budget       float64
	report       float64 // work at which to call progress next
	progress     func(done, budget float64) bool
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
		budget:       MaxWork,
		report:       ProgressEvery,
	}
	for k, f := range library() {
		in.funcs[k] = f
	}
	return in
}

// spend adds work, fails past the run's budget and reports progress.
func (in *interp) spend(p pos, w float64) error {
	in.work += w
	if in.work > in.budget {
		e := errAt(p, "this program needs more steps than this run allows: use fewer or smaller dice, a lower \"explode depth\" or \"maximum function depth\", or fewer outputs")
		e.Kind = ErrBudget
		return e
	}
	if in.work >= in.report {
		in.report = in.work + ProgressEvery
		if in.progress != nil && !in.progress(in.work, in.budget) {
			e := errAt(p, "the run was stopped")
			e.Kind = ErrStopped
			return e
		}
	}
	return nil
}

// errReturn carries a function's result: result: ends the function.
type errReturn struct{ v value }

func (*errReturn) Error() string { return "result outside a function" }

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
	if err := in.spend(s.p, nodeCost); err != nil {
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
		if len(in.outputs) == MaxOutputs {
			return errAt(s.p, "at most "+maxOutputsText+" outputs in one program")
		}
		v, err := in.eval(s.x)
		if err != nil {
			return err
		}
		d := toPMF(v)
		if sq, ok := v.(seq); ok { // a sequence is shown as a die
			if d, err = in.seqDie(s.p, sq); err != nil {
				return err
			}
		}
		name := "output " + strconv.Itoa(len(in.outputs)+1)
		if s.hasNm {
			if name, err = in.interpolate(s.p, s.named); err != nil {
				return err
			}
		}
		if in.values += d.Max() - d.Min() + 1; !d.Empty() && in.values > MaxValues {
			return errAt(s.p, "the outputs hold more than "+maxValuesText+" values in all; output fewer or smaller dice")
		}
		in.outputs = append(in.outputs, newOutput(name, d))
	case kFuncDef:
		in.funcs[s.key] = &function{params: s.params, body: s.body}
	case kResult:
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
		yes, ok := c.(num)
		if !ok {
			return errAt(start(s.cond), "the condition of an if must be a number, not a sequence or a die: pass a die to a function's :n parameter, which runs once per number the die can roll")
		}
		if yes != 0 {
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
			return errAt(s.value.p, "a setting's value must be a number or a \"string\", not a die")
		}
	}
	switch s.name {
	case "explode depth":
		if !numOK || n < 1 || n > 100 {
			return errAt(s.p, "\"explode depth\" is a number from 1 to 100")
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

// interpolate replaces [VAR] in an output's name by the variable's
// value as AnyDice writes it (valueString); other text in brackets stays.
// A variable without a value is an error at the output statement at.
func (in *interp) interpolate(at pos, s string) (string, error) {
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
		isVar := name != ""
		for k := 0; k < len(name); k++ {
			isVar = isVar && isUpper(name[k])
		}
		if !isVar {
			b.WriteString(s[i : i+j+1])
		} else if v, ok := in.lookup(name); ok {
			b.WriteString(valueString(v))
		} else {
			return "", errAt(at, "the name refers to ["+name+"], which has no value here")
		}
		if b.Len() > 4*MaxName { // more than MaxName characters already
			break
		}
		s = s[i+j+1:]
	}
	b.WriteString(s)
	chars := 0
	for _, c := range []byte(b.String()) {
		chars += b2i(c&0xc0 != 0x80) // the first byte of a character
	}
	if chars > MaxName {
		return "", errAt(at, "an output's name is longer than "+maxNameText+" characters")
	}
	return b.String(), nil
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
	if err := in.spend(n.p, nodeCost); err != nil {
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
			return nil, errAt(n.p, "no function is named ["+n.key+"]")
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
	return nil, errAt(n.p, "unknown expression")
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
			lo, err := in.number(e.x.p, x, "a range's start")
			if err != nil {
				return nil, err
			}
			hi, err := in.number(e.to.p, y, "a range's end")
			if err != nil {
				return nil, err
			}
			if hi-lo >= MaxSeq {
				return nil, errAt(e.x.p, "a range of more than "+maxSeqText+" numbers")
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
			k, err := in.number(e.times.p, t, "a repetition count")
			if err != nil {
				return nil, err
			}
			if k < 0 {
				k = 0
			}
			if k > MaxSeq || k*len(part) > MaxSeq {
				return nil, errAt(e.times.p, "a sequence of more than "+maxSeqText+" numbers")
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
