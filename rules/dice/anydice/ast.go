package anydice

// noEq, as a struct's first field, makes the struct not comparable, so the
// compiler emits no equality function for it: less code in the WebAssembly
// module, for types that are never compared.
type noEq [0]func()

// ast is one node of the syntax tree, an expression or a statement; kind
// says which and so which fields it uses. One struct type rather than one
// per kind: each type would add a descriptor, a method table and an at
// method to the WebAssembly module.
type ast struct {
	_    noEq
	kind byte
	p    pos

	v     int       // kNum: the number
	name  string    // kVar, kAssign, kLoop, kSet: the variable or setting
	op    string    // kUnary (- ! # d), kBinary
	x, y  *ast      // the operands; kAssign, kOutput, kResult: the value
	elems []seqElem // kSeq: {elem, ...}
	key   string    // kCall, kFuncDef: the function's name with each argument as "…"
	args  []*ast    // kCall

	named  string  // kOutput: the name with its [VAR] references; "" when unnamed
	hasNm  bool    // kOutput
	params []param // kFuncDef
	body   []*ast  // kFuncDef, kLoop
	cond   *ast    // kIf
	then   []*ast  // kIf
	els    []*ast  // kIf
	over   *ast    // kLoop
	value  *ast    // kSet: nil when the value is a string
	str    string  // kSet: the value when it is a string
}

// The kinds of node: expressions, then statements.
const (
	kNum     byte = iota // a number literal
	kVar                 // reads a variable
	kSeq                 // {elem, ...}
	kUnary               // - ! # or d applied to one operand
	kBinary              // x op y
	kCall                // [words and ARGS]
	kAssign              // VAR: x
	kOutput              // output x [named "..."]
	kFuncDef             // function: ... { body }
	kResult              // result: x
	kIf                  // if cond { then } else { els }
	kLoop                // loop VAR over x { body }
	kSet                 // set "name" to value
)

// node is an expression, stmt a statement.
type (
	node = *ast
	stmt = *ast
)

// seqElem is one element of a sequence literal: x, x..to, or either
// repeated (x:times).
type seqElem struct {
	_            noEq
	x, to, times node
}

// param is a function parameter: its variable and type ('n', 's', 'd' or
// 0 for untyped).
type param struct {
	_    noEq
	name string
	typ  byte
	dup  bool // an earlier parameter has the same name, and is the one seen
}

// start is where an expression begins (a binary node's own position is
// its operator's).
func start(n node) pos {
	for n.kind == kBinary {
		n = n.x
	}
	return n.p
}
