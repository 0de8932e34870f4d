package jsconfig

import (
	"strconv"
	"strings"
)

// Arrays filled by code the reader follows: a top-level
// `const NAME = [literal…]` whose every change is NAME.push(…) — a
// statement of the file's top level, or of the top level of a helper
// function's body (`function add(id, label) { NAME.push([…id…]); }`)
// that is only ever called as a statement of the file's top level with
// arguments it can read (`add('toolchain', 'Toolchain');`) — is read as
// the literal and what those pushes add, in the order the file runs
// them, a parameter in a pushed value read as the call's argument (in
// a template too: `./sidebar/${id}.js`). neoforged/Documentation's
// docusaurus.config.js builds its docs plugin instances so
// (createContentDocs). Any other change (a push in a loop or a
// condition, a call of the helper in an expression, an assignment)
// leaves the name Computed.

// function is a top-level function declaration: its parameters and the
// tokens of its body (between its braces).
type function struct {
	params     []string
	start, end int
}

// functions are the file's top-level `function NAME(a, b) {…}`
// declarations whose parameters are plain names.
func (f *File) functions() map[string]function {
	out := map[string]function{}
	f.topLevel(0, len(f.toks), func(i int) int {
		if !f.isIdent(i, "function") || i+2 >= len(f.toks) || f.toks[i+1].kind != tokIdent || !f.is(i+2, "(") {
			return i
		}
		name := f.toks[i+1].text
		j := i + 3
		var params []string
		for !f.is(j, ")") {
			if j >= len(f.toks) || f.toks[j].kind != tokIdent {
				return i
			}
			params = append(params, f.toks[j].text)
			j++
			if f.is(j, ",") {
				j++
			}
		}
		end := -1
		if f.is(j+1, "{") {
			end = f.closing(j + 1)
		}
		if end < 0 {
			return i
		}
		out[name] = function{params: params, start: j + 2, end: end}
		return end
	})
	return out
}

// closing is the index of the bracket that closes the one at i, -1 for
// none.
func (f *File) closing(i int) int {
	depth := 0
	for j := i; j < len(f.toks); j++ {
		if f.toks[j].kind != tokPunct {
			continue
		}
		switch f.toks[j].text {
		case "{", "(", "[":
			depth++
		case "}", ")", "]":
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// statementStart reports whether token i starts a statement: the
// first token, or one after ";", "{" or "}", or after a line break that
// follows a value (JavaScript inserts the semicolon there).
func (f *File) statementStart(i int) bool {
	if i == 0 {
		return true
	}
	prev := f.toks[i-1]
	if prev.kind == tokPunct {
		switch prev.text {
		case ";", "{", "}":
			return true
		case ")", "]":
		default:
			return false
		}
	}
	return i < len(f.toks) && containsNewline(f.src[prev.off:f.toks[i].off])
}

func containsNewline(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			return true
		}
	}
	return false
}

// args reads the arguments of the call whose "(" is token i, in env:
// the values and the index of the closing ")"; ok false when one is not
// read.
func (f *File) args(i int, env map[string]any) ([]any, int, bool) {
	p := &parser{f: f, i: i + 1, env: env}
	var out []any
	for !p.punct(")") {
		v := p.value(1)
		if isComputed(v) {
			return nil, 0, false
		}
		out = append(out, v)
		if p.punct(",") {
			p.i++
		} else if !p.punct(")") {
			return nil, 0, false
		}
	}
	return out, p.i, true
}

// build reads the arrays that code fills as the package comment above
// says into f.built.
func (f *File) build() {
	f.built = map[string][]any{}
	funcs := f.functions()
	// The pushes a site may be: name -> the sites covered.
	covered := map[int]bool{}
	lists := map[string][]any{}
	for name := range f.mutated {
		if at, ok := f.consts[name]; ok && f.is(at, "[") {
			if v, ok := (&parser{f: f, i: at}).value(1).([]any); ok {
				lists[name] = v
			}
		}
	}
	if len(lists) == 0 {
		return
	}
	failed := map[string]bool{}
	// push reads the statement NAME.push(…) at token i in env; false when
	// it is not one of a list followed.
	push := func(i int, env map[string]any) bool {
		name := f.toks[i].text
		if _, ok := lists[name]; !ok || !f.is(i+1, ".") || !f.isIdent(i+2, "push") || !f.is(i+3, "(") || !f.statementStart(i) {
			return false
		}
		vals, _, ok := f.args(i+3, env)
		if !ok {
			failed[name] = true
			return true
		}
		lists[name] = append(lists[name], vals...)
		covered[i] = true
		return true
	}
	calls := map[string]int{} // the statement calls of each helper, to match its calls in all
	f.topLevel(0, len(f.toks), func(i int) int {
		if push(i, nil) {
			return i
		}
		name := f.toks[i].text
		fn, ok := funcs[name]
		if !ok || !f.is(i+1, "(") || !f.statementStart(i) || i > 0 && f.isIdent(i-1, "function") {
			return i
		}
		vals, end, ok := f.args(i+1, nil)
		if !ok {
			return i
		}
		calls[name]++
		env := map[string]any{}
		for k, p := range fn.params {
			env[p] = nil
			if k < len(vals) {
				env[p] = vals[k]
			}
		}
		f.topLevel(fn.start, fn.end, func(j int) int {
			push(j, env)
			return j
		})
		return end
	})
	// A helper called other than as a statement (in an expression, a
	// loop) runs pushes not read: its lists are not followed.
	for name, fn := range funcs {
		n := 0
		for i := range f.toks {
			if f.isIdent(i, name) && f.is(i+1, "(") && !(i > 0 && f.isIdent(i-1, "function")) {
				n++
			}
		}
		if n != calls[name] {
			for j := fn.start; j < fn.end; j++ {
				if _, ok := lists[f.toks[j].text]; ok && f.toks[j].kind == tokIdent {
					failed[f.toks[j].text] = true
				}
			}
		}
	}
	for name, list := range lists {
		if failed[name] {
			continue
		}
		all := true
		for _, site := range f.sites[name] {
			all = all && covered[site]
		}
		if all {
			f.built[name] = list
			delete(f.mutated, name)
			delete(f.consts, name)
		}
	}
}

// substitute reads the template literal at byte offset off whose every
// substitution is a parameter bound in env to a string or number (a
// helper's argument): its text; ok false otherwise (escapes are not
// read).
func (f *File) substitute(off int, env map[string]any) (string, bool) {
	if len(env) == 0 || off >= len(f.src) || f.src[off] != '`' {
		return "", false
	}
	_, n, _ := readTemplate(f.src[off:])
	if n < 2 {
		return "", false
	}
	raw := f.src[off+1 : off+n-1]
	if strings.ContainsAny(raw, "\\`") {
		return "", false
	}
	var b strings.Builder
	for {
		k := strings.Index(raw, "${")
		if k < 0 {
			b.WriteString(raw)
			return b.String(), true
		}
		end := strings.IndexByte(raw[k:], '}')
		if end < 0 {
			return "", false
		}
		switch v := env[strings.TrimSpace(raw[k+2:k+end])].(type) {
		case string:
			b.WriteString(raw[:k])
			b.WriteString(v)
		case float64:
			b.WriteString(raw[:k])
			b.WriteString(strconv.FormatFloat(v, 'f', -1, 64))
		default:
			return "", false
		}
		raw = raw[k+end+1:]
	}
}
