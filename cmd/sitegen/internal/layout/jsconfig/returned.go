package jsconfig

// A configuration exported as a function, async or not, is read as the
// object the function returns: Docusaurus
// (https://docusaurus.io/docs/configuration#syntax-to-declare-docusaurus-config)
// "the config file can export a function or an async function returning
// the config object" (ZeiZel/dndsidian's
// `const docusaurus = async (): Promise<Config> => { return {…} }`).
// The value read is an arrow's expression (`() => ({…})`), or the last
// `return` of the body's top level (a return inside an if or a loop is
// not followed), with the consts the body declares before it in scope
// (shadowing the file's). A body that returns nothing the reader reads
// leaves the export Computed.

// returned reads the value the function written at token i returns, and
// whether a function is written there.
func (f *File) returned(i, depth int) (any, bool) {
	j := i
	if f.isIdent(j, "async") {
		j++
	}
	if f.isIdent(j, "function") {
		j++
		if j < len(f.toks) && f.toks[j].kind == tokIdent {
			j++ // its name
		}
		if !f.is(j, "(") {
			return nil, false
		}
		if j = f.closing(j); j < 0 {
			return nil, false
		}
		j = f.typeUntil(j+1, "{")
		if !f.is(j, "{") {
			return nil, false
		}
		return f.fromBody(i, j, depth), true
	}
	switch {
	case f.is(j, "("):
		if j = f.closing(j); j < 0 {
			return nil, false
		}
		j++
	case j < len(f.toks) && f.toks[j].kind == tokIdent && f.is(j+1, "=>"):
		j++
	default:
		return nil, false
	}
	j = f.typeUntil(j, "=>")
	if !f.is(j, "=>") {
		return nil, false
	}
	j++
	if f.is(j, "{") {
		return f.fromBody(i, j, depth), true
	}
	if f.is(j, "(") && f.is(j+1, "{") { // () => ({…})
		j++
	}
	return f.exported(j, depth+1), true
}

// typeUntil skips a TypeScript return type (`: Promise<Config>`) at i:
// the index of the token want that follows it outside brackets, i itself
// when no type is written there.
func (f *File) typeUntil(i int, want string) int {
	if !f.is(i, ":") {
		return i
	}
	depth := 0
	for j := i + 1; j < len(f.toks) && j < i+200; j++ {
		t := f.toks[j]
		if t.kind != tokPunct {
			continue
		}
		if depth == 0 && t.text == want {
			return j
		}
		switch t.text {
		case "{", "(", "[", "<":
			depth++
		case "}", ")", "]", ">":
			depth--
		}
	}
	return i
}

// fromBody reads the value a function body (its "{" at token open)
// returns: the last top-level return's, the body's consts declared
// before it in scope; with none, the function (written from token fn)
// is Computed.
func (f *File) fromBody(fn, open, depth int) any {
	end := f.closing(open)
	if end < 0 {
		return f.computedAt(fn)
	}
	ret := -1
	locals := map[string]int{}
	f.topLevel(open+1, end, func(i int) int {
		t := f.toks[i]
		switch {
		case t.text == "return" && i+1 < end:
			ret = i + 1
		case (t.text == "const" || t.text == "let" || t.text == "var") && f.toks[i+1].kind == tokIdent:
			j := i + 2
			if f.is(j, ":") {
				j = f.skipType(j + 1)
			}
			if f.is(j, "=") && j+1 < end {
				locals[f.toks[i+1].text] = j + 1
			}
		}
		return i
	})
	if ret < 0 {
		return f.computedAt(fn)
	}
	outer := map[string]int{}
	for name, at := range locals {
		if at > ret {
			continue
		}
		if v, ok := f.consts[name]; ok {
			outer[name] = v
		}
		f.consts[name] = at
	}
	if f.is(ret, "(") && f.is(ret+1, "{") { // return ({…})
		ret++
	}
	v := f.exported(ret, depth+1)
	for name, at := range locals {
		if at > ret {
			continue
		}
		if v, ok := outer[name]; ok {
			f.consts[name] = v
		} else {
			delete(f.consts, name)
		}
	}
	return v
}
