// Package jsconfig reads the settings a JavaScript or TypeScript
// configuration file exports (docusaurus.config.js, .vitepress/config.ts,
// sidebars.js, quartz.config.ts) without running Node: a careful reader of the literal
// subset such files are written in. It reads the value of
// `module.exports =` (also `(module.exports = …)`, Docusaurus 2's
// template) or `export default` — an object literal, a call wrapping one
// (`defineConfig({...})`), or the name of a top-level
// `const`/`let`/`var` holding one — made of strings, template literals
// without substitutions, numbers, booleans, null, arrays and nested
// objects, with comments, trailing commas, TypeScript's `as const`,
// `satisfies T` and typed declarations (`const config: Config = {...}`).
// A function exported (`async () => { return {...} }`, a declared
// `async function createConfig()`) is read as the object it returns
// (returned.go).
//
// Anything else — a function call, a variable that is not a top-level
// literal, a spread, an arrow function, `process.env.X`, a template with
// `${}` — is a Computed value: its text and line, so that a layout can
// fall back to its tool's documented default and say what it did not
// read; ParseCalls reads a call to a name (Plugin.CrawlLinks({...})) as
// a Call with its arguments instead. The reader never fails: a file it
// cannot follow at all gives a Computed root.
//
// A top-level name that code changes after its declaration is not read
// as its literal: list.push(x), name = …, name[k] = … make it Computed,
// name.key = … and name.key.push(…) that key, each naming the line of
// the change — except an array a helper function fills by push, called
// as statements with arguments the reader reads, which is read as it is
// once filled (built.go).
package jsconfig

import (
	"maps"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// MaxSize is the largest configuration file read; past it the file is
// cut (its tail is a Computed value). Configuration files are kilobytes.
const MaxSize = 4 << 20

// maxDepth bounds the nesting of arrays and objects read.
const maxDepth = 100

// MaxValues bounds the values read from one file, constants read out where
// they are named included; past it a value is Computed.
const MaxValues = 1 << 20

// Object is an object literal: its keys in the order written (the last of
// a repeated key wins, as in JavaScript) and their values: a string,
// float64, bool, nil, []any, *Object or Computed.
type Object struct {
	Keys   []string
	Values map[string]any
	Lines  map[string]int // the line each key is written on
	Cols   map[string]int // and its column, in bytes from 1
}

// Get returns the value of key, or nil when it is absent.
func (o *Object) Get(key string) any {
	if o == nil {
		return nil
	}
	return o.Values[key]
}

// Has reports whether the object sets key.
func (o *Object) Has(key string) bool {
	if o == nil {
		return false
	}
	_, ok := o.Values[key]
	return ok
}

// Object returns the object at key, or nil.
func (o *Object) Object(key string) *Object {
	v, _ := o.Get(key).(*Object)
	return v
}

// String returns the string at key and whether key holds one.
func (o *Object) String(key string) (string, bool) {
	s, ok := o.Get(key).(string)
	return s, ok
}

// Computed is a value the reader does not evaluate.
type Computed struct {
	Text string // the expression as written, shortened
	Line int
	// Code is the expression as written, whole, its comments blanked
	// with spaces: for a layout that recognises a function by its code
	// (Quartz's Explorer sortFn); "" where no expression is written.
	Code string
}

// Describe says what was not read: `title: process.env.TITLE (line 3)`.
func (c Computed) Describe(key string) string {
	return key + ": " + c.Text + " (line " + strconv.Itoa(c.Line) + ")"
}

// Call is a call to a name, read where the file is read with ParseCalls
// (Plugin.CrawlLinks({...}) in quartz.config.ts): the callee as written,
// dotted names joined ("Plugin.CrawlLinks"), its arguments read as values,
// and its line.
type Call struct {
	Callee string
	Args   []any
	Line   int
	// Code is the call as written, whole, its comments blanked with
	// spaces: two calls written alike have the same Code but for
	// whitespace.
	Code string
}

// File is a read configuration file.
type File struct {
	// Root is the exported value: an *Object, a []any (module.exports =
	// [main, other]: an array of sidebars), or a Computed when the
	// export is not one the reader follows (a function, a value built at
	// run time); nil when the file exports nothing it found.
	Root any
	src  string
	toks []token
	// comments are the byte spans of the file's comments, in order.
	comments [][2]int
	// consts holds the top-level const/let/var declarations: name ->
	// index of the first token of the value.
	consts map[string]int
	// mutated holds the declared names that code changes after their
	// declaration (list.push(x), name = other): name -> the line of the
	// first change. Such a name is not read as its literal (it is
	// Computed, its text saying so).
	mutated map[string]int
	// built holds the arrays that code fills in a way the reader follows
	// (built.go): name -> the array's elements once filled.
	built map[string][]any
	// sites are the tokens at which code changes each mutated name.
	sites map[string][]int
	// keySets holds the keys of declared objects that code sets after
	// the declaration (config.plugins = …): name -> key -> line.
	keySets map[string]map[string]int
	// lineStarts are the byte offsets at which the lines start.
	lineStarts []int
	// values counts the values read, against MaxValues.
	values int
	// reading are the constants whose value is being read: within its
	// own value a constant is not read again (readConst).
	reading map[string]bool
	// calls: a call to a name is a Call, not a Computed value.
	calls bool
	// unsetEnv: Options.UnsetEnv.
	unsetEnv bool
	// env: Options.Env.
	env map[string]string
	// EnvRead names the environment variables a value read depends on
	// (Options.UnsetEnv), each with the line of its first use: what a
	// layout says it assumed unset.
	EnvRead map[string]int
}

// Parse reads src.
func Parse(src []byte) *File { return ParseWith(src, Options{}) }

// ParseCalls reads src as Parse does, but a call to a (dotted) name in a
// value is read as a Call, its arguments as values, not as a Computed
// value: for a file whose settings are calls (quartz.config.ts's plugins).
func ParseCalls(src []byte) *File { return ParseWith(src, Options{Calls: true}) }

// Options are the ways a file can be read.
type Options struct {
	// Calls: read a call to a name as a Call (ParseCalls).
	Calls bool
	// UnsetEnv: process.env.NAME in a condition is undefined, as in a
	// build run with no such variable set (`process.env.MODE === "x" ?
	// a : b` is b; eval.go); File.EnvRead names the variables so read.
	// For a tool whose build a reader runs plainly (astro build); not
	// where a variable guards what is published (Quartz's
	// `process.env.CI ? [ExplicitPublish()] : []` stays Computed).
	UnsetEnv bool
	// Env: the variables the tool's build sets, with their values
	// (docusaurus build's NODE_ENV=production): process.env.NAME reads
	// its value wherever it is (eval.go); other names as UnsetEnv says.
	Env map[string]string
}

// ParseWith reads src with the options o.
func ParseWith(src []byte, o Options) *File {
	calls, unsetEnv := o.Calls, o.UnsetEnv
	if len(src) > MaxSize {
		src = src[:MaxSize]
	}
	f := &File{src: string(src), lineStarts: []int{0}, calls: calls, unsetEnv: unsetEnv, env: o.Env}
	for i, c := range src {
		if c == '\n' {
			f.lineStarts = append(f.lineStarts, i+1)
		}
	}
	f.toks, f.comments = lex(f.src)
	f.consts = map[string]int{}
	export := -1
	f.topLevel(0, len(f.toks), func(i int) int {
		t := f.toks[i]
		switch {
		case t.text == "module" && f.is(i+1, ".") && f.isIdent(i+2, "exports") && f.is(i+3, "="):
			export = i + 4
		case t.text == "export" && f.isIdent(i+1, "default"):
			export = i + 2
		case (t.text == "const" || t.text == "let" || t.text == "var") && i+1 < len(f.toks) && f.toks[i+1].kind == tokIdent:
			name := f.toks[i+1].text
			j := i + 2
			if f.is(j, ":") { // a TypeScript type: up to the "=" outside brackets
				j = f.skipType(j + 1)
			}
			if f.is(j, "=") {
				if _, seen := f.consts[name]; !seen {
					f.consts[name] = j + 1
				}
			}
		}
		return i
	})
	if export < 0 {
		export = f.parenthesizedExport()
	}
	f.findMutations()
	if export >= 0 {
		f.Root = f.exported(export, 0)
	}
	return f
}

// parenthesizedExport is the index of the value of a statement
// `(module.exports = value)` — Docusaurus 2's create-docusaurus template
// wraps its export so, after the JSDoc type comment — or -1.
func (f *File) parenthesizedExport() int {
	depth := 0
	for i, t := range f.toks {
		if t.kind != tokPunct {
			continue
		}
		switch t.text {
		case "(":
			if depth == 0 && f.isIdent(i+1, "module") && f.is(i+2, ".") && f.isIdent(i+3, "exports") && f.is(i+4, "=") {
				return i + 5
			}
			depth++
		case "{", "[":
			depth++
		case "}", ")", "]":
			depth--
		}
	}
	return -1
}

// topLevel calls visit with the index of each name or keyword among the
// tokens [from, to) outside brackets (the statements' level); visit
// returns the index of the last token it read, from which the walk goes
// on (i itself, or the closing bracket of what it read).
func (f *File) topLevel(from, to int, visit func(i int) int) {
	depth := 0
	for i := from; i < to && i < len(f.toks); i++ {
		t := f.toks[i]
		if t.kind == tokPunct {
			switch t.text {
			case "{", "(", "[":
				depth++
			case "}", ")", "]":
				depth--
			}
			continue
		}
		if depth == 0 && t.kind == tokIdent {
			i = visit(i)
		}
	}
}

// mutators are the array methods that change the array they are called on.
var mutators = map[string]bool{"push": true, "unshift": true, "splice": true, "pop": true, "shift": true,
	"sort": true, "reverse": true, "fill": true, "copyWithin": true}

// findMutations finds the declared names that code changes after their
// declaration, anywhere in the file (in a function's body too: a helper
// that pushes plugin entries, neoforged/Documentation's
// createContentDocs): NAME.push(…) and the other mutators, NAME = …,
// NAME[…] = …, NAME.key = …. Such a name's literal is not its value when
// the file runs, so it is not read (f.consts loses it).
func (f *File) findMutations() {
	f.mutated = map[string]int{}
	f.sites = map[string][]int{}
	f.keySets = map[string]map[string]int{}
	for i, t := range f.toks {
		if t.kind != tokIdent {
			continue
		}
		if _, ok := f.consts[t.text]; !ok {
			continue
		}
		if i > 0 {
			prev := f.toks[i-1]
			if prev.kind == tokPunct && (prev.text == "." || prev.text == "?.") ||
				prev.kind == tokIdent && (prev.text == "const" || prev.text == "let" || prev.text == "var") {
				continue
			}
		}
		if key := f.keyPath(i); key != "" {
			// NAME.key = …, NAME.key.push(…), at any depth
			// (config.themeConfig.navbar.items = …): that key only is
			// changed (config.plugins = […] after const config = {…}):
			// Computed, the rest read.
			if _, seen := f.keySets[t.text][key]; !seen {
				if f.keySets[t.text] == nil {
					f.keySets[t.text] = map[string]int{}
				}
				f.keySets[t.text][key] = f.line(t.off)
			}
			continue
		}
		changed := f.is(i+1, "=") ||
			f.is(i+1, ".") && i+3 < len(f.toks) && f.toks[i+2].kind == tokIdent && mutators[f.toks[i+2].text] && f.is(i+3, "(") ||
			f.is(i+1, "[") && f.assignedAfterIndex(i+1)
		if changed {
			if _, seen := f.mutated[t.text]; !seen {
				f.mutated[t.text] = f.line(t.off)
			}
			f.sites[t.text] = append(f.sites[t.text], i)
		}
	}
	f.build()
	for name := range f.mutated {
		delete(f.consts, name)
	}
}

// keyPath is the dotted key path that the statement at the declared
// name at token i sets or changes in place: "a.b" for NAME.a.b = … and
// NAME.a.b.push(…); "" for none (NAME.push(…) changes NAME itself).
func (f *File) keyPath(i int) string {
	var keys []string
	j := i + 1
	for f.is(j, ".") && j+1 < len(f.toks) && f.toks[j+1].kind == tokIdent {
		keys = append(keys, f.toks[j+1].text)
		j += 2
	}
	switch {
	case len(keys) >= 1 && f.is(j, "="):
		return strings.Join(keys, ".")
	case len(keys) >= 2 && mutators[keys[len(keys)-1]] && f.is(j, "("):
		return strings.Join(keys[:len(keys)-1], ".")
	}
	return ""
}

// withKeySets is the value v of the declared name with the keys code
// sets later (keySets) Computed, their text naming the line: a copy, v
// itself when none is set.
func (f *File) withKeySets(name string, v any) any {
	o, ok := v.(*Object)
	sets := f.keySets[name]
	if !ok || len(sets) == 0 {
		return v
	}
	for _, key := range slices.Sorted(maps.Keys(sets)) {
		o = o.withComputed(name, strings.Split(key, "."), sets[key])
	}
	return o
}

// withComputed is a copy of o whose value at the key path keys is
// Computed, changed by code at line; where the path leaves the objects
// written (a key missing, a value not an object), the key there is.
// prefix names o in the value's text.
func (o *Object) withComputed(prefix string, keys []string, line int) *Object {
	c := &Object{Keys: slices.Clone(o.Keys), Values: maps.Clone(o.Values), Lines: maps.Clone(o.Lines), Cols: maps.Clone(o.Cols)}
	key, path := keys[0], prefix+"."+keys[0]
	if sub, ok := c.Values[key].(*Object); ok && len(keys) > 1 {
		c.Values[key] = sub.withComputed(path, keys[1:], line)
		return c
	}
	text := path + " (changed by code at line " + strconv.Itoa(line) + ")"
	if _, had := c.Values[key]; had {
		c.Values[key] = Computed{Text: text, Line: c.Lines[key]}
	} else {
		c.set(key, Computed{Text: text, Line: line}, line, 0)
	}
	return c
}

// assignedAfterIndex reports whether the bracket at token i (NAME[…])
// closes before an "=": an element is assigned.
func (f *File) assignedAfterIndex(i int) bool {
	depth := 0
	for j := i; j < len(f.toks) && j < i+200; j++ {
		if f.toks[j].kind != tokPunct {
			continue
		}
		switch f.toks[j].text {
		case "[", "(", "{":
			depth++
		case "]", ")", "}":
			depth--
			if depth == 0 {
				return f.is(j+1, "=")
			}
		}
	}
	return false
}

// exported reads the exported expression at token i: an object or an
// array, a call wrapping an object, or a declared name.
func (f *File) exported(i, depth int) any {
	if i >= len(f.toks) || depth > 8 {
		return f.computedAt(i)
	}
	t := f.toks[i]
	if v, ok := f.returned(i, depth); ok { // async () => { return {...} } (returned.go)
		return v
	}
	if f.is(i, "(") {
		// (defineConfig({...})), ({...}): a parenthesised expression is
		// its value (ECMAScript's ParenthesizedExpression; Lingwcy/mt-wiki).
		if v := f.exported(i+1, depth+1); v != nil {
			if _, ok := v.(Computed); !ok {
				return v
			}
		}
		return f.computedAt(i)
	}
	if t.kind == tokIdent && f.is(i+1, "(") {
		// defineConfig({...}), withMermaid(defineConfig({...})): the
		// first argument.
		if v := f.exported(i+2, depth+1); v != nil {
			if _, ok := v.(*Object); ok {
				return v
			}
		}
		return f.computedAt(i)
	}
	if t.kind == tokIdent && t.text != "async" && t.text != "function" {
		if v, ok := f.built[t.text]; ok {
			return v
		}
		if at, ok := f.consts[t.text]; ok {
			if v, ok := f.readConst(t.text, func() any { return f.exported(at, depth+1) }); ok {
				return f.withKeySets(t.text, v)
			}
			return f.computedAt(i)
		}
		if fn, ok := f.functions()[t.text]; ok { // async function createConfig() {...}
			return f.fromBody(i, fn.start-1, depth+1)
		}
		return f.computedAt(i)
	}
	if t.kind == tokPunct && (t.text == "{" || t.text == "[") { // an object, or an array (module.exports = [main, other])
		p := &parser{f: f, i: i}
		return p.value(0)
	}
	return f.computedAt(i)
}

func (f *File) is(i int, punct string) bool {
	return i < len(f.toks) && f.toks[i].kind == tokPunct && f.toks[i].text == punct
}

func (f *File) isIdent(i int, name string) bool {
	return i < len(f.toks) && f.toks[i].kind == tokIdent && f.toks[i].text == name
}

// skipType returns the index of the "=" that ends a TypeScript type
// annotation starting at i (or where the statement ends).
func (f *File) skipType(i int) int {
	depth := 0
	for ; i < len(f.toks); i++ {
		t := f.toks[i]
		if t.kind != tokPunct {
			continue
		}
		switch t.text {
		case "{", "(", "[", "<":
			depth++
		case "}", ")", "]", ">":
			depth--
		case "=", ";":
			if depth <= 0 {
				return i
			}
		}
	}
	return i
}

// line is the 1-based line of a byte offset.
func (f *File) line(off int) int {
	line, _ := f.pos(off)
	return line
}

// pos is the 1-based line and column (in bytes, as Go's compiler counts
// them) of a byte offset; a binary search, so that a file of many keys
// costs no more than its length.
func (f *File) pos(off int) (line, col int) {
	off = min(off, len(f.src))
	i := sort.SearchInts(f.lineStarts, off+1) - 1 // the last line starting at or before off
	return i + 1, off - f.lineStarts[i] + 1
}

// computedAt is the Computed value of the expression starting at token i.
func (f *File) computedAt(i int) Computed {
	if i >= len(f.toks) {
		return Computed{Text: "(nothing)", Line: f.line(len(f.src))}
	}
	p := &parser{f: f, i: i}
	return p.skip()
}

// parser reads a value from the file's tokens.
type parser struct {
	f *File
	i int
	// env binds a helper function's parameters to the arguments of the
	// call being read (built): nil outside one.
	env map[string]any
}

func (p *parser) peek() (token, bool) {
	if p.i >= len(p.f.toks) {
		return token{}, false
	}
	return p.f.toks[p.i], true
}

func (p *parser) punct(s string) bool { return p.f.is(p.i, s) }

// value reads the value at the current token and the TypeScript
// suffixes after it (as const, satisfies T, !); a value followed by an
// operator (a + b, x || y) is Computed as a whole.
func (p *parser) value(depth int) any {
	start := p.i
	v := p.primary(depth)
	if _, ok := v.(Computed); ok {
		if ev, ok := p.evaluate(start, depth+1); ok { // c ? a : b, a || b (eval.go)
			return ev
		}
		return v
	}
	for {
		switch {
		case p.f.isIdent(p.i, "as") || p.f.isIdent(p.i, "satisfies"):
			p.i++
			p.skipTypeExpr()
		case p.punct("!"):
			p.i++
		case p.f.concatAt(p.i):
			list, ok := v.([]any)
			if !ok {
				p.i = start
				return p.skip()
			}
			if v, ok = p.concat(list, depth); !ok {
				p.i = start
				return p.skip()
			}
		case p.f.filterAt(p.i):
			list, ok := v.([]any)
			if ok {
				list, ok = p.filter(list, depth+1)
			}
			if !ok {
				p.i = start
				return p.skip()
			}
			v = list
		default:
			if t, ok := p.peek(); ok && !(t.kind == tokPunct && (t.text == "," || t.text == "}" || t.text == "]" || t.text == ")" || t.text == ";")) && !p.newStatement() {
				if ev, ok := p.evaluate(start, depth+1); ok { // 1 === 1 ? a : b (eval.go)
					return ev
				}
				p.i = start
				return p.skip()
			}
			return v
		}
	}
}

// plainName reports whether the name at token i is read as a value
// alone: not called, indexed or followed by a member, except
// .concat(…) and .filter(…), which value reads.
func (f *File) plainName(i int) bool {
	return !f.is(i+1, "(") && !f.is(i+1, "[") && (!f.is(i+1, ".") || f.concatAt(i+1) || f.filterAt(i+1))
}

// concatAt reports whether tokens from i are `.concat(`.
func (f *File) concatAt(i int) bool {
	return f.is(i, ".") && f.isIdent(i+1, "concat") && f.is(i+2, "(")
}

// concat reads the arguments of `.concat(…)` at the parser's token and
// returns list joined with them as Array.prototype.concat does: an
// array argument's elements, any other argument itself. ok is false
// when an argument is not read (then the caller reads the whole
// expression as Computed).
func (p *parser) concat(list []any, depth int) ([]any, bool) {
	p.i += 3 // . concat (
	out := slices.Clone(list)
	for {
		switch t, ok := p.peek(); {
		case !ok:
			return nil, false
		case t.kind == tokPunct && t.text == ")":
			p.i++
			return out, true
		case t.kind == tokPunct && t.text == ",":
			p.i++
		default:
			v := p.value(depth + 1)
			if isComputed(v) {
				return nil, false
			}
			if a, ok := v.([]any); ok {
				out = append(out, a...)
			} else {
				out = append(out, v)
			}
		}
	}
}

// newStatement reports whether the current token starts a statement of
// its own after a line break (JavaScript inserts the semicolon there): a
// name or a literal, not an operator that continues the expression.
func (p *parser) newStatement() bool {
	if p.i == 0 || p.i >= len(p.f.toks) {
		return false
	}
	t := p.f.toks[p.i]
	if t.kind == tokPunct {
		return false
	}
	return strings.Contains(p.f.src[p.f.toks[p.i-1].off:t.off], "\n")
}

// skipTypeExpr moves past a type after as/satisfies: up to a comma or a
// closing bracket outside brackets.
func (p *parser) skipTypeExpr() {
	depth := 0
	for ; p.i < len(p.f.toks); p.i++ {
		t := p.f.toks[p.i]
		if t.kind != tokPunct {
			continue
		}
		switch t.text {
		case "{", "(", "[", "<":
			depth++
		case ">":
			depth--
		case "}", ")", "]":
			if depth == 0 {
				return
			}
			depth--
		case ",", ";":
			if depth == 0 {
				return
			}
		}
	}
}

// constEnv is the top-level constants a template literal at byte offset
// off names in its substitutions (${name}), each that holds a string or
// a number bound to its value, so that substitute reads `/${basePath}`
// as Node builds it; nil when it names none.
func (p *parser) constEnv(off, depth int) map[string]any {
	_, n, _ := readTemplate(p.f.src[off:])
	if n < 2 || depth >= maxDepth {
		return nil
	}
	var env map[string]any
	for _, m := range templateNames.FindAllStringSubmatch(p.f.src[off:off+n], -1) {
		at, ok := p.f.consts[m[1]]
		if !ok {
			continue
		}
		if _, changed := p.f.mutated[m[1]]; changed {
			continue
		}
		q := &parser{f: p.f, i: at}
		switch v := q.value(depth + 1).(type) {
		case string, float64:
			if env == nil {
				env = map[string]any{}
			}
			env[m[1]] = v
		}
	}
	return env
}

// templateNames finds the substitutions of a template literal that are a
// name alone (${basePath}).
var templateNames = regexp.MustCompile(`\$\{\s*([A-Za-z_$][\w$]*)\s*\}`)

// primary reads one literal.
func (p *parser) primary(depth int) any {
	t, ok := p.peek()
	if !ok {
		return Computed{Text: "(nothing)", Line: p.f.line(len(p.f.src))}
	}
	if depth > maxDepth || p.f.values >= MaxValues {
		return p.skip()
	}
	p.f.values++
	switch t.kind {
	case tokString, tokTemplate:
		p.i++
		return t.text
	case tokComputed:
		if v, ok := p.f.substitute(t.off, p.env); ok {
			p.i++
			return v
		}
		if v, ok := p.f.substitute(t.off, p.constEnv(t.off, depth)); ok {
			p.i++
			return v
		}
	case tokNumber:
		n, err := parseNumber(t.text)
		if err != nil {
			return p.skip()
		}
		p.i++
		return n
	case tokIdent:
		switch t.text {
		case "true", "false":
			p.i++
			return t.text == "true"
		case "null", "undefined":
			p.i++
			return nil
		}
		if v, ok := p.env[t.text]; ok && p.f.plainName(p.i) {
			p.i++
			return v
		}
		if v, ok := p.f.built[t.text]; ok && p.f.plainName(p.i) {
			p.i++
			return v
		}
		if _, named := p.f.consts[t.text]; p.f.calls && !(named && p.f.plainName(p.i)) { // LIST.filter(…) is value's
			if c, ok := p.call(depth); ok {
				return c
			}
		}
		if v, ok := p.mapped(depth); ok {
			return v
		}
		if v, n, ok := p.member(depth); ok {
			p.i += n
			return v
		}
		if at, ok := p.f.consts[t.text]; ok && p.f.plainName(p.i) && depth < maxDepth {
			// A top-level constant holding a literal.
			q := &parser{f: p.f, i: at}
			if v, ok := p.f.readConst(t.text, func() any { return q.value(depth + 1) }); ok && !isComputed(v) {
				p.i++
				return p.f.withKeySets(t.text, v)
			}
		}
		return p.skip()
	case tokPunct:
		switch t.text {
		case "{":
			if o, ok := p.object(depth); ok {
				return o
			}
		case "[":
			if a, ok := p.array(depth); ok {
				return a
			}
		case "(": // a value in parentheses: /** @type {T} */ ({...})
			start := p.i
			p.i++
			v := p.value(depth + 1)
			if !isComputed(v) && p.punct(")") {
				p.i++
				return v
			}
			p.i = start
		case "-":
			if p.i+1 < len(p.f.toks) && p.f.toks[p.i+1].kind == tokNumber {
				if n, err := parseNumber(p.f.toks[p.i+1].text); err == nil {
					p.i += 2
					return -n
				}
			}
		}
	}
	return p.skip()
}

// member reads NAME.a.b at the parser's token, NAME a top-level constant
// holding an object literal: the value at that key path, as JavaScript
// reads a property (ZeiZel/dndsidian's `url: selfHostedConfig.urls.landing`),
// and the number of tokens it spans. ok is false for a key the object
// lacks, a value not read, or a path followed by a call or an index.
func (p *parser) member(depth int) (any, int, bool) {
	name := p.f.toks[p.i].text
	at, ok := p.f.consts[name]
	if !ok || !p.f.is(p.i+1, ".") || depth >= maxDepth {
		return nil, 0, false
	}
	q := &parser{f: p.f, i: at}
	v, ok := p.f.readConst(name, func() any { return q.value(depth + 1) })
	if !ok {
		return nil, 0, false
	}
	v = p.f.withKeySets(name, v)
	j := p.i + 1
	for p.f.is(j, ".") && j+1 < len(p.f.toks) && p.f.toks[j+1].kind == tokIdent {
		o, ok := v.(*Object)
		if !ok {
			return nil, 0, false
		}
		if v, ok = o.Values[p.f.toks[j+1].text]; !ok {
			return nil, 0, false
		}
		j += 2
	}
	if p.f.is(j, "(") || p.f.is(j, "[") || p.f.is(j, ".") || isComputed(v) {
		return nil, 0, false
	}
	return v, j - p.i, true
}

// mapped reads NAME.map(x => `text${x}text`) (or x => x, (x) => ...),
// NAME a top-level constant holding an array of strings: the array of
// the strings the arrow function makes of them (botc-wiki's sidebars:
// MODULES.map(module => `modules/${module}`)). ok is false, the parser
// unmoved, for any other expression: a template whose substitutions are
// not the parameter alone, or with escapes, is not read.
func (p *parser) mapped(depth int) (any, bool) {
	f, i := p.f, p.i
	at, ok := f.consts[f.toks[i].text]
	if !ok || !f.is(i+1, ".") || !f.isIdent(i+2, "map") || !f.is(i+3, "(") || depth >= maxDepth {
		return nil, false
	}
	param, j, ok := f.arrowParam(i + 4)
	if !ok {
		return nil, false
	}
	if !f.is(j, "=>") || j+2 >= len(f.toks) || !f.is(j+2, ")") {
		return nil, false
	}
	var parts []string // the template's text between the substitutions of param
	switch body := f.toks[j+1]; {
	case body.kind == tokIdent && body.text == param:
		parts = []string{"", ""}
	case body.kind == tokComputed && strings.HasPrefix(f.src[body.off:], "`"):
		raw := f.src[body.off:]
		_, n, _ := readTemplate(raw)
		raw = raw[1 : n-1]
		if strings.ContainsAny(raw, "\\`") {
			return nil, false
		}
		for {
			k := strings.Index(raw, "${")
			if k < 0 {
				parts = append(parts, raw)
				break
			}
			end := strings.IndexByte(raw[k:], '}')
			if end < 0 || strings.TrimSpace(raw[k+2:k+end]) != param {
				return nil, false
			}
			parts = append(parts, raw[:k])
			raw = raw[k+end+1:]
		}
	default:
		return nil, false
	}
	q := &parser{f: f, i: at}
	list, ok := q.value(depth + 1).([]any)
	if !ok {
		return nil, false
	}
	out := make([]any, 0, len(list))
	for _, v := range list {
		s, ok := v.(string)
		if !ok {
			return nil, false
		}
		out = append(out, strings.Join(parts, s))
	}
	p.i = j + 3
	return out, true
}

// arrowParam reads the one parameter of an arrow function at token j
// (x => or (x) =>, its arrow not read): its name and the index after it.
func (f *File) arrowParam(j int) (param string, next int, ok bool) {
	paren := f.is(j, "(")
	if paren {
		j++
	}
	if j >= len(f.toks) || f.toks[j].kind != tokIdent {
		return "", 0, false
	}
	param = f.toks[j].text
	j++
	if paren {
		if !f.is(j, ")") {
			return "", 0, false
		}
		j++
	}
	return param, j, true
}

// call reads a call to a name, name(.name)*(args), as a Call; ok is
// false, the parser unmoved, when the name is not called.
func (p *parser) call(depth int) (Call, bool) {
	t := p.f.toks[p.i]
	callee, i := t.text, p.i+1
	for p.f.is(i, ".") && i+1 < len(p.f.toks) && p.f.toks[i+1].kind == tokIdent {
		callee += "." + p.f.toks[i+1].text
		i += 2
	}
	if !p.f.is(i, "(") {
		return Call{}, false
	}
	p.i = i + 1
	c := Call{Callee: callee, Args: []any{}, Line: p.f.line(t.off)}
	t0 := t
	for {
		t, ok := p.peek()
		switch {
		case !ok:
			c.Code = p.f.code(t0.off, len(p.f.src))
			return c, true // cut short: what was read
		case t.kind == tokPunct && t.text == ")":
			c.Code = p.f.code(t0.off, t.off+1)
			p.i++
			return c, true
		case t.kind == tokPunct && t.text == ",":
			p.i++
		default:
			c.Args = append(c.Args, p.value(depth+1))
		}
	}
}

func isComputed(v any) bool {
	_, ok := v.(Computed)
	return ok
}

// object reads an object literal; ok is false when it is not one the
// reader follows (then the caller skips it).
func (p *parser) object(depth int) (*Object, bool) {
	start := p.i
	p.i++ // {
	o := &Object{Values: map[string]any{}, Lines: map[string]int{}, Cols: map[string]int{}}
	for {
		t, ok := p.peek()
		if !ok {
			return o, true // cut short: what was read
		}
		if t.kind == tokPunct && t.text == "}" {
			p.i++
			return o, true
		}
		if t.kind == tokPunct && t.text == "," {
			p.i++
			continue
		}
		var key string
		switch {
		case t.kind == tokIdent || t.kind == tokString || t.kind == tokTemplate:
			key = t.text
		case t.kind == tokNumber:
			if n, err := parseNumber(t.text); err == nil {
				key = strconv.FormatFloat(n, 'f', -1, 64)
			} else {
				key = t.text
			}
		case t.kind == tokPunct && t.text == "...":
			p.i++
			c := p.skip()
			o.set("...", Computed{Text: "..." + c.Text, Line: c.Line, Code: "..." + c.Code}, c.Line, 0)
			continue
		default: // [computed]: value
			c := p.skip()
			if p.punct(":") {
				p.i++
				p.skip()
			}
			o.set("["+c.Text+"]", c, c.Line, 0)
			continue
		}
		line, col := p.f.pos(t.off)
		p.i++
		if t.kind == tokIdent && (t.text == "async" || t.text == "get" || t.text == "set") && p.i < len(p.f.toks) && p.f.toks[p.i].kind == tokIdent {
			key = p.f.toks[p.i].text // async name() {...}
			p.i++
		}
		switch {
		case p.punct(":"):
			p.i++
			o.set(key, p.value(depth+1), line, col)
		case p.punct("(") || p.punct("<"): // a method: name(args) { body }
			c := p.skip()
			c.Text = key + c.Text
			o.set(key, c, line, col)
		case p.punct(",") || p.punct("}"): // shorthand {title}: a variable
			if v, ok := p.env[key]; ok {
				o.set(key, v, line, col)
			} else if v, ok := p.f.built[key]; ok {
				o.set(key, v, line, col)
			} else if at, ok := p.f.consts[key]; ok && depth < maxDepth && !p.f.reading[key] {
				q := &parser{f: p.f, i: at}
				v, _ := p.f.readConst(key, func() any { return q.value(depth + 1) })
				o.set(key, p.f.withKeySets(key, v), line, col)
			} else {
				text := key
				if ln, ok := p.f.mutated[key]; ok {
					text += " (changed by code at line " + strconv.Itoa(ln) + ")"
				}
				o.set(key, Computed{Text: text, Line: line}, line, col)
			}
		default:
			p.i = start
			return nil, false
		}
	}
}

func (o *Object) set(key string, v any, line, col int) {
	if _, seen := o.Values[key]; !seen {
		o.Keys = append(o.Keys, key)
	}
	o.Values[key] = v
	o.Lines[key], o.Cols[key] = line, col
}

// array reads an array literal.
func (p *parser) array(depth int) ([]any, bool) {
	p.i++ // [
	out := []any{}
	for {
		t, ok := p.peek()
		if !ok {
			return out, true
		}
		switch {
		case t.kind == tokPunct && t.text == "]":
			p.i++
			return out, true
		case t.kind == tokPunct && t.text == ",":
			p.i++
		case t.kind == tokPunct && t.text == "...":
			// A spread: the elements of an array read, as JavaScript
			// spreads them; else one Computed element.
			p.i++
			at := p.i
			if a, ok := p.value(depth + 1).([]any); ok && (p.punct(",") || p.punct("]")) {
				out = append(out, a...)
				continue
			}
			p.i = at
			c := p.skip()
			out = append(out, Computed{Text: "..." + c.Text, Line: c.Line, Code: "..." + c.Code})
		default:
			out = append(out, p.value(depth+1))
		}
	}
}

// skip moves past the expression at the current token — to the comma,
// semicolon or closing bracket that ends it outside brackets — and
// returns it as a Computed value.
func (p *parser) skip() Computed {
	start := p.i
	if start >= len(p.f.toks) {
		return Computed{Text: "(nothing)", Line: p.f.line(len(p.f.src))}
	}
	depth := 0
loop:
	for ; p.i < len(p.f.toks); p.i++ {
		t := p.f.toks[p.i]
		if t.kind != tokPunct {
			continue
		}
		switch t.text {
		case "{", "(", "[":
			depth++
		case "}", ")", "]":
			if depth == 0 {
				break loop
			}
			depth--
		case ",", ";":
			if depth == 0 {
				break loop
			}
		}
	}
	from := p.f.toks[start].off
	to := len(p.f.src)
	if p.i < len(p.f.toks) {
		to = p.f.toks[p.i].off
	}
	if p.i == start { // a stray closing bracket: take it, so the caller moves on
		p.i++
	}
	text := shorten(p.f.src[from:to])
	for name, v := range p.env { // a parameter in a template of a value not read: its argument
		if str, ok := v.(string); ok {
			text = strings.ReplaceAll(text, "${"+name+"}", str)
		}
	}
	if ln, ok := p.f.mutated[text]; ok {
		text += " (changed by code at line " + strconv.Itoa(ln) + ")"
	}
	return Computed{Text: text, Line: p.f.line(from), Code: p.f.code(from, to)}
}

// code is the file's text between the byte offsets from and to, its
// comments blanked with spaces (offsets and lines kept).
func (f *File) code(from, to int) string {
	b := []byte(f.src[from:to])
	i := sort.Search(len(f.comments), func(i int) bool { return f.comments[i][1] > from })
	for ; i < len(f.comments) && f.comments[i][0] < to; i++ {
		for j := max(f.comments[i][0], from); j < min(f.comments[i][1], to); j++ {
			if b[j-from] != '\n' {
				b[j-from] = ' '
			}
		}
	}
	return string(b)
}

// Names are the file's top-level const, let and var declarations, in
// the order they are written.
func (f *File) Names() []string {
	names := slices.Collect(maps.Keys(f.consts))
	sort.Slice(names, func(i, j int) bool { return f.consts[names[i]] < f.consts[names[j]] })
	return names
}

// Line is the line on which the value of the top-level declaration
// name starts, 0 when the file declares no such name.
func (f *File) Line(name string) int {
	at, ok := f.consts[name]
	if !ok || at >= len(f.toks) {
		return 0
	}
	return f.line(f.toks[at].off)
}

// Named reads the value of the top-level declaration name as a value
// written in the file is read (a Call where the file is read with
// ParseCalls); a function without parameters returning an expression,
// `const explorer = () => Component.Explorer({...})`, is read as that
// expression, which is what calling it gives. ok is false when the file
// declares no such name.
func (f *File) Named(name string) (v any, ok bool) {
	at, ok := f.consts[name]
	if !ok {
		return nil, false
	}
	if f.is(at, "(") && f.is(at+1, ")") && f.is(at+2, "=>") && !f.is(at+3, "{") {
		at += 3
	}
	p := &parser{f: f, i: at}
	v, _ = f.readConst(name, func() any { return p.value(0) })
	return f.withKeySets(name, v), true
}

// readConst reads the value of the top-level constant name with read;
// within its own value (const A = {a: [A, A]}) the name is not read
// again, ok false: JavaScript reads it there before its declaration
// ends (a ReferenceError), and reading it would read the value anew at
// every level, twice as many values at each.
func (f *File) readConst(name string, read func() any) (v any, ok bool) {
	if f.reading[name] {
		return nil, false
	}
	if f.reading == nil {
		f.reading = map[string]bool{}
	}
	f.reading[name] = true
	defer delete(f.reading, name)
	return read(), true
}

// shorten makes an expression's text one short line.
func shorten(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 60 {
		cut := 57
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut--
		}
		s = s[:cut] + "..."
	}
	return s
}

// parseNumber reads a JavaScript number literal (decimal, hex, octal,
// binary, with _ separators).
func parseNumber(s string) (float64, error) {
	s = strings.ReplaceAll(s, "_", "")
	if len(s) > 2 && s[0] == '0' {
		base := 0
		switch s[1] {
		case 'x', 'X':
			base = 16
		case 'o', 'O':
			base = 8
		case 'b', 'B':
			base = 2
		}
		if base != 0 {
			n, err := strconv.ParseInt(s[2:], base, 64)
			return float64(n), err
		}
	}
	return strconv.ParseFloat(strings.TrimSuffix(s, "n"), 64)
}
