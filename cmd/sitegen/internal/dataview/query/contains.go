package query

// A Bases filter statement LIST.contains(property), where LIST reads only
// this and literals (this.StarterMoves) and property is a note property
// of the row (name), is true of a row exactly when the row's property is
// a text among LIST's texts, or when it is not a text and the general
// comparison says so. Views that filter a folder's notes by such a
// statement once an embed (Pokérole's learnsets: nine of them over the
// ~900 moves, in 2,220 notes) look the rows up by their property's text
// instead of evaluating the statement on every row.

// ContainsTest is a statement LIST.contains(property) of that shape.
type ContainsTest struct {
	list Expr
	prop *Var
}

// AsContainsTest reports whether x is LIST.contains(property), LIST
// reading only this and literals and property a bare note property.
func (e *Env) AsContainsTest(x Expr) (ContainsTest, bool) {
	m, ok := x.(*Method)
	if !ok || e.dialect != Bases || m.Name != "contains" || len(m.Args) != 1 || !e.isRowFree(m.X) {
		return ContainsTest{}, false
	}
	v, ok := m.Args[0].(*Var)
	if !ok || basesNames[v.Name] {
		return ContainsTest{}, false
	}
	return ContainsTest{list: m.X, prop: v}, true
}

// Key is the row's property as a text; ok is false when it is not a text
// (the statement must then be evaluated on the row).
func (t ContainsTest) Key(p *Page) (key string, ok bool) {
	key, ok = propertyFolded(p, t.prop.Name, t.prop.fold).(string)
	return key, ok
}

// Texts evaluates LIST in the env's page and returns its texts: a row
// whose property is a text passes the statement exactly when it is one
// of them (listMethod's contains compares a text with the list's texts
// only). A LIST that is null passes no row; ok is false when LIST is
// anything else but a list, or fails (the statement must then be
// evaluated on each row).
func (e *Env) Texts(t ContainsTest) (texts []string, ok bool) {
	v, err := e.eval(t.list, e.thisRow(), nil)
	if err != nil {
		return nil, false
	}
	switch v := v.(type) {
	case nil: // null.contains(x) is null: no row passes
		return nil, true
	case List:
		for _, item := range v {
			if s, ok := item.(string); ok {
				texts = append(texts, s)
			}
		}
		return texts, true
	}
	return nil, false
}
