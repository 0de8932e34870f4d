package anydice

// noEq, as a struct's first field, makes the struct not comparable, so the
// compiler emits no equality function for it: less code in the WebAssembly
// module, for types that are never compared.
type noEq [0]func()

// Node is an expression of the language.
type node interface{ at() pos }

type (
	// numLit is a number literal.
	numLit struct {
		p pos
		v int
	}
	// varRef reads a variable.
	varRef struct {
		_    noEq
		p    pos
		name string
	}
	// seqLit is {elem, ...}.
	seqLit struct {
		p     pos
		elems []seqElem
	}
	// unary is - ! # or d applied to one operand.
	unary struct {
		_  noEq
		p  pos
		op string
		x  node
	}
	// binary is x op y.
	binary struct {
		_    noEq
		p    pos
		op   string
		x, y node
	}
	// call is [words and ARGS].
	call struct {
		p    pos
		key  string // the function's name with each argument as "@"
		args []node
	}
)

// seqElem is one element of a sequence literal: x, x..to, or either
// repeated (x:times).
type seqElem struct {
	_            noEq
	x, to, times node
}

func (n *numLit) at() pos { return n.p }
func (n *varRef) at() pos { return n.p }
func (n *seqLit) at() pos { return n.p }
func (n *unary) at() pos  { return n.p }
func (n *binary) at() pos { return n.p }
func (n *call) at() pos   { return n.p }

// stmt is a statement.
type stmt interface{ at() pos }

type (
	assign struct {
		_    noEq
		p    pos
		name string
		x    node
	}
	output struct {
		_     noEq
		p     pos
		x     node
		named string // the name with its [VAR] references; "" when unnamed
		hasNm bool
	}
	funcDef struct {
		p      pos
		key    string
		params []param
		body   []stmt
	}
	result struct {
		_ noEq
		p pos
		x node
	}
	ifStmt struct {
		p         pos
		cond      node
		then, els []stmt
	}
	loopStmt struct {
		p    pos
		name string
		over node
		body []stmt
	}
	setStmt struct {
		_     noEq
		p     pos
		name  string
		value node   // nil when the value is a string
		str   string // the value when it is a string
	}
)

// param is a function parameter: its variable and type ('n', 's', 'd' or
// 0 for untyped).
type param struct {
	_    noEq
	name string
	typ  byte
}

func (s *assign) at() pos   { return s.p }
func (s *output) at() pos   { return s.p }
func (s *funcDef) at() pos  { return s.p }
func (s *result) at() pos   { return s.p }
func (s *ifStmt) at() pos   { return s.p }
func (s *loopStmt) at() pos { return s.p }
func (s *setStmt) at() pos  { return s.p }

// start is where an expression begins (a binary node's own position is
// its operator's).
func start(n node) pos {
	for {
		b, ok := n.(*binary)
		if !ok {
			return n.at()
		}
		n = b.x
	}
}
