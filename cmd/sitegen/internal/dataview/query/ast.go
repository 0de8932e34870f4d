package query

// Expr is an expression of Dataview's query language or of Obsidian
// Bases' formulas. Each node knows where it starts in the text it was
// parsed from (At, a byte offset), for messages.
type Expr interface{ At() int }

type (
	// Lit is a literal value.
	Lit struct {
		V   Value
		Pos int
		// Clock is set for a date read from the clock (date(today)):
		// evaluating it marks the query Volatile.
		Clock bool
	}
	// Var names a field, a variable or a function.
	Var struct {
		Name string
		Pos  int
		fold string // Name in lower case (a Bases property in any case)
	}
	// Not is !x.
	Not struct {
		X   Expr
		Pos int
	}
	// Neg is -x.
	Neg struct {
		X   Expr
		Pos int
	}
	// Binary is x OP y: + - * / % = != < > <= >= and or (& |).
	Binary struct {
		Op   string
		L, R Expr
		Pos  int
	}
	// ListLit is [a, b].
	ListLit struct {
		Elems []Expr
		Pos   int
	}
	// ObjLit is { a: 1, b: 2 }.
	ObjLit struct {
		Keys []string
		Vals []Expr
		Pos  int
	}
	// IndexExpr is x.name or x[key].
	IndexExpr struct {
		X, Key Expr
		Pos    int
	}
	// Call is f(args): a function by name, or a lambda's value.
	Call struct {
		Fn   Expr
		Args []Expr
		Pos  int
	}
	// Method is x.name(args), Obsidian Bases' functions of a type.
	Method struct {
		X    Expr
		Name string
		Args []Expr
		Pos  int
	}
	// LambdaLit is (a, b) => body.
	LambdaLit struct {
		Params []string
		Body   Expr
		Pos    int
	}
)

func (e *Lit) At() int       { return e.Pos }
func (e *Var) At() int       { return e.Pos }
func (e *Not) At() int       { return e.Pos }
func (e *Neg) At() int       { return e.Pos }
func (e *Binary) At() int    { return e.Pos }
func (e *ListLit) At() int   { return e.Pos }
func (e *ObjLit) At() int    { return e.Pos }
func (e *IndexExpr) At() int { return e.Pos }
func (e *Call) At() int      { return e.Pos }
func (e *Method) At() int    { return e.Pos }
func (e *LambdaLit) At() int { return e.Pos }

// Source is a FROM clause's set of notes.
type Source interface{ srcAt() int }

type (
	// TagSource is #tag: the notes with the tag or one under it.
	TagSource struct {
		Tag string
		Pos int
	}
	// FolderSource is "folder" (or "folder/File"): the notes in it.
	FolderSource struct {
		Folder string
		Pos    int
	}
	// LinkSource is [[note]] (the notes that link to it) or
	// outgoing([[note]]) (the notes it links to).
	LinkSource struct {
		Target   string
		Outgoing bool
		Pos      int
	}
	// NotSource is -source or !source.
	NotSource struct {
		X   Source
		Pos int
	}
	// BinSource is a and b, a or b.
	BinSource struct {
		And  bool
		L, R Source
		Pos  int
	}
)

func (s *TagSource) srcAt() int    { return s.Pos }
func (s *FolderSource) srcAt() int { return s.Pos }
func (s *LinkSource) srcAt() int   { return s.Pos }
func (s *NotSource) srcAt() int    { return s.Pos }
func (s *BinSource) srcAt() int    { return s.Pos }

// QueryType is a query's output.
type QueryType int

// The query types. Task and Calendar are parsed so that their notice can
// name them; they are not evaluated.
const (
	QList QueryType = iota
	QTable
	QTask
	QCalendar
)

// NamedExpr is a column (TABLE a AS "A"), a LIST's value, or what
// FLATTEN and GROUP BY name.
type NamedExpr struct {
	Name string
	X    Expr
}

// SortKey is one key of SORT.
type SortKey struct {
	X    Expr
	Desc bool
}

// Command is a data command after FROM: WHERE, SORT, LIMIT, GROUP BY or
// FLATTEN.
type Command struct {
	Kind  string // "where", "sort", "limit", "group", "flatten"
	X     Expr   // WHERE's and LIMIT's expression
	Sort  []SortKey
	Named NamedExpr // GROUP BY's and FLATTEN's
	Pos   int
}

// Query is a parsed ```dataview block.
type Query struct {
	Type      QueryType
	WithoutID bool
	Fields    []NamedExpr // TABLE's columns; LIST's one value (or none)
	From      Source      // nil: every note
	FromText  string      // the FROM clause as written, for Deps
	Commands  []Command
	Pos       int // where the query type is
}
