package quartz

import (
	"strconv"
	"strings"
)

// A careful reader of the literal subset quartz.config.ts is written in,
// without Node: top-level const/let/var declarations, `export default`,
// and values made of strings, template literals without substitutions,
// numbers, booleans, null, arrays, object literals (shorthand properties
// included) and calls (Plugin.CrawlLinks({ … })), with comments,
// trailing commas and TypeScript's types and casts skipped. Anything else
// (a spread, an arrow function, an operator, a `${}` template) is a
// computed value: its text and line, so that the layout falls back to
// Quartz's documented default and says so.

// maxConfig bounds the text read; a configuration is kilobytes.
const maxConfig = 1 << 20

// maxNesting bounds the nesting of values read.
const maxNesting = 64

type tokKind int

const (
	tokIdent tokKind = iota
	tokString
	tokNumber
	tokPunct
	tokTemplate // a template literal with a substitution: computed
)

type token struct {
	kind tokKind
	text string // the string's value for tokString
	off  int
}

// lex splits src into tokens, dropping comments.
func lex(src string) []token {
	var toks []token
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case strings.HasPrefix(src[i:], "//"):
			j := strings.IndexByte(src[i:], '\n')
			if j < 0 {
				return toks
			}
			i += j
		case strings.HasPrefix(src[i:], "/*"):
			j := strings.Index(src[i+2:], "*/")
			if j < 0 {
				return toks
			}
			i += j + 4
		case c == '"' || c == '\'':
			s, n := quoted(src[i:])
			toks = append(toks, token{kind: tokString, text: s, off: i})
			i += n
		case c == '`':
			s, n, plain := template(src[i:])
			kind := tokString
			if !plain {
				kind = tokTemplate
			}
			toks = append(toks, token{kind: kind, text: s, off: i})
			i += n
		case isIdentStart(c):
			j := i + 1
			for j < len(src) && isIdentPart(src[j]) {
				j++
			}
			toks = append(toks, token{kind: tokIdent, text: src[i:j], off: i})
			i = j
		case c >= '0' && c <= '9' || c == '.' && i+1 < len(src) && src[i+1] >= '0' && src[i+1] <= '9':
			j := i + 1
			for j < len(src) && (isIdentPart(src[j]) || src[j] == '.') {
				j++
			}
			toks = append(toks, token{kind: tokNumber, text: src[i:j], off: i})
			i = j
		case strings.HasPrefix(src[i:], "..."):
			toks = append(toks, token{kind: tokPunct, text: "...", off: i})
			i += 3
		default:
			toks = append(toks, token{kind: tokPunct, text: string(c), off: i})
			i++
		}
	}
	return toks
}

func isIdentStart(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func isIdentPart(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }

// quoted reads a '…' or "…" string at the start of s: its value and
// length.
func quoted(s string) (string, int) {
	q := s[0]
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch c := s[i]; c {
		case q:
			return b.String(), i + 1
		case '\n':
			return b.String(), i
		case '\\':
			if i+1 < len(s) {
				i++
				b.WriteString(unescape(s, &i))
			}
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), len(s)
}

// template reads a `…` literal: its value, length and whether it has no
// ${} substitution.
func template(s string) (string, int, bool) {
	var b strings.Builder
	plain := true
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case c == '`':
			return b.String(), i + 1, plain
		case c == '\\' && i+1 < len(s):
			i++
			b.WriteString(unescape(s, &i))
		case c == '$' && i+1 < len(s) && s[i+1] == '{':
			plain = false
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), len(s), plain
}

// unescape reads the escape whose letter is at s[*i] (after a
// backslash), leaving *i on its last byte.
func unescape(s string, i *int) string {
	switch c := s[*i]; c {
	case 'n':
		return "\n"
	case 't':
		return "\t"
	case 'r':
		return "\r"
	case '0':
		return "\x00"
	case 'u':
		if *i+4 < len(s) {
			if r, err := strconv.ParseUint(s[*i+1:*i+5], 16, 32); err == nil {
				*i += 4
				return string(rune(r))
			}
		}
		return "u"
	case '\n':
		return ""
	default:
		return string(c)
	}
}

// Values of the subset: string, float64, bool, nil, []any, *object,
// call, ident and computed.

// object is an object literal, its keys in order (the last of a repeated
// key wins).
type object struct {
	keys   []string
	values map[string]any
	lines  map[string]int
}

func (o *object) get(key string) any {
	if o == nil {
		return nil
	}
	return o.values[key]
}

func (o *object) has(key string) bool {
	if o == nil {
		return false
	}
	_, ok := o.values[key]
	return ok
}

func (o *object) set(key string, v any, line int) {
	if _, dup := o.values[key]; !dup {
		o.keys = append(o.keys, key)
	}
	o.values[key] = v
	o.lines[key] = line
}

// call is a call expression: Plugin.CrawlLinks({…}).
type call struct {
	callee string // "Plugin.CrawlLinks"
	args   []any
	line   int
}

// ident is a name (a variable, or a dotted member path).
type ident struct {
	name string
	line int
}

// computed is a value the reader does not evaluate.
type computed struct {
	text string
	line int
}

// tsFile is a read configuration file.
type tsFile struct {
	src    string
	starts []int // offsets of the lines' starts
	toks   []token
	consts map[string]any // top-level declarations
	export any            // the default export
}

// parseTS reads a configuration file's top-level declarations and its
// default export.
func parseTS(src []byte) *tsFile {
	if len(src) > maxConfig {
		src = src[:maxConfig]
	}
	f := &tsFile{src: string(src), consts: map[string]any{}, starts: []int{0}}
	for i, c := range src {
		if c == '\n' {
			f.starts = append(f.starts, i+1)
		}
	}
	f.toks = lex(f.src)
	depth := 0
	for i := 0; i < len(f.toks); i++ {
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
		if depth != 0 || t.kind != tokIdent {
			continue
		}
		switch {
		case (t.text == "const" || t.text == "let" || t.text == "var") && f.kindAt(i+1) == tokIdent:
			name := f.toks[i+1].text
			j := f.skipType(i + 2)
			if f.punctAt(j, "=") {
				p := &tsParser{f: f, i: j + 1}
				f.consts[name] = p.value(0)
				i = p.i - 1
			}
		case t.text == "export" && f.identAt(i+1, "default"):
			p := &tsParser{f: f, i: i + 2}
			f.export = p.value(0)
			i = p.i - 1
		case t.text == "module" && f.punctAt(i+1, ".") && f.identAt(i+2, "exports") && f.punctAt(i+3, "="):
			p := &tsParser{f: f, i: i + 4}
			f.export = p.value(0)
			i = p.i - 1
		}
	}
	return f
}

// resolve follows a name to the top-level declaration it names.
func (f *tsFile) resolve(v any) any {
	for range 8 {
		id, ok := v.(ident)
		if !ok {
			return v
		}
		d, ok := f.consts[id.name]
		if !ok {
			return computed{text: id.name, line: id.line}
		}
		v = d
	}
	return v
}

func (f *tsFile) kindAt(i int) tokKind {
	if i < len(f.toks) {
		return f.toks[i].kind
	}
	return -1
}

func (f *tsFile) punctAt(i int, p string) bool {
	return i < len(f.toks) && f.toks[i].kind == tokPunct && f.toks[i].text == p
}

func (f *tsFile) identAt(i int, name string) bool {
	return i < len(f.toks) && f.toks[i].kind == tokIdent && f.toks[i].text == name
}

// skipType skips a type annotation (": QuartzConfig") from i, returning
// the index of the "=" that follows it (or i when there is none).
func (f *tsFile) skipType(i int) int {
	if !f.punctAt(i, ":") {
		return i
	}
	depth := 0
	for j := i + 1; j < len(f.toks); j++ {
		t := f.toks[j]
		if t.kind == tokPunct {
			switch t.text {
			case "{", "(", "[", "<":
				depth++
			case "}", ")", "]", ">":
				depth--
			case "=":
				if depth <= 0 {
					return j
				}
			case ";":
				if depth <= 0 {
					return j
				}
			}
		}
	}
	return len(f.toks)
}

// line is the 1-based line of the offset off.
func (f *tsFile) line(off int) int {
	lo, hi := 0, len(f.starts)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if f.starts[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo + 1
}

type tsParser struct {
	f *tsFile
	i int
}

func (p *tsParser) tok() (token, bool) {
	if p.i < len(p.f.toks) {
		return p.f.toks[p.i], true
	}
	return token{}, false
}

func (p *tsParser) is(s string) bool { return p.f.punctAt(p.i, s) }

// value reads one value; a value it cannot follow is skipped to the end
// of its expression and returned as computed.
func (p *tsParser) value(depth int) any {
	start := p.i
	if depth > maxNesting {
		return p.skip(start)
	}
	v, ok := p.primary(depth)
	if !ok {
		return p.skip(start)
	}
	// Casts and checks: `as const`, `as Type`, `satisfies Type`, `!`.
	for {
		switch {
		case p.f.identAt(p.i, "as") || p.f.identAt(p.i, "satisfies"):
			p.i++
			p.skipTypeExpr()
		case p.is("!"):
			p.i++
		default:
			if p.atEnd() {
				return v
			}
			return p.skip(start) // an operator: the value is computed
		}
	}
}

// atEnd reports whether the expression ends here.
func (p *tsParser) atEnd() bool {
	t, ok := p.tok()
	if !ok {
		return true
	}
	if t.kind == tokPunct {
		switch t.text {
		case ",", ")", "]", "}", ";":
			return true
		}
	}
	// A new statement on the next line (no semicolons).
	return p.i > 0 && t.kind == tokIdent && p.f.line(t.off) > p.f.line(p.f.toks[p.i-1].off) &&
		(t.text == "export" || t.text == "const" || t.text == "let" || t.text == "var" || t.text == "module" || t.text == "import" || t.text == "function")
}

// skipTypeExpr skips a type after `as` or `satisfies`.
func (p *tsParser) skipTypeExpr() {
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

func (p *tsParser) primary(depth int) (any, bool) {
	t, ok := p.tok()
	if !ok {
		return nil, false
	}
	line := p.f.line(t.off)
	switch t.kind {
	case tokString:
		p.i++
		return t.text, true
	case tokTemplate:
		return nil, false
	case tokNumber:
		p.i++
		n, err := strconv.ParseFloat(strings.ReplaceAll(t.text, "_", ""), 64)
		return n, err == nil
	case tokIdent:
		switch t.text {
		case "true", "false":
			p.i++
			return t.text == "true", true
		case "null", "undefined":
			p.i++
			return nil, true
		case "function", "async", "new", "typeof", "await":
			return nil, false
		}
		name := t.text
		p.i++
		for p.is(".") && p.f.kindAt(p.i+1) == tokIdent {
			name += "." + p.f.toks[p.i+1].text
			p.i += 2
		}
		if p.is("(") {
			return p.call(name, line, depth)
		}
		if p.is("=") && p.f.punctAt(p.i+1, ">") { // x => …
			return nil, false
		}
		return ident{name: name, line: line}, true
	}
	switch t.text {
	case "{":
		return p.object(depth)
	case "[":
		return p.array(depth)
	case "-", "+":
		if p.f.kindAt(p.i+1) == tokNumber {
			p.i++
			n, ok := p.primary(depth)
			if f, isNum := n.(float64); ok && isNum && t.text == "-" {
				return -f, true
			}
			return n, ok
		}
	}
	return nil, false
}

// call reads the arguments of a call to callee, p.i at its "(".
func (p *tsParser) call(callee string, line, depth int) (any, bool) {
	p.i++
	c := call{callee: callee, line: line}
	for !p.is(")") {
		if _, ok := p.tok(); !ok {
			return nil, false
		}
		c.args = append(c.args, p.value(depth+1))
		if p.is(",") {
			p.i++
		} else if !p.is(")") {
			return nil, false
		}
	}
	p.i++
	if p.is("(") || p.is(".") { // f(x)(y), f(x).y: not a plugin
		return nil, false
	}
	return c, true
}

func (p *tsParser) object(depth int) (any, bool) {
	p.i++ // {
	o := &object{values: map[string]any{}, lines: map[string]int{}}
	for !p.is("}") {
		t, ok := p.tok()
		if !ok {
			return nil, false
		}
		line := p.f.line(t.off)
		var key string
		switch {
		case t.kind == tokIdent || t.kind == tokString || t.kind == tokNumber:
			key = t.text
			p.i++
		case t.text == "...": // a spread: the object is computed
			return nil, false
		default:
			return nil, false
		}
		switch {
		case p.is(":"):
			p.i++
			o.set(key, p.value(depth+1), line)
		case p.is(",") || p.is("}"):
			o.set(key, ident{name: key, line: line}, line) // shorthand
		default: // a method
			return nil, false
		}
		if p.is(",") {
			p.i++
		} else if !p.is("}") {
			return nil, false
		}
	}
	p.i++
	return o, true
}

func (p *tsParser) array(depth int) (any, bool) {
	p.i++ // [
	out := []any{}
	for !p.is("]") {
		if _, ok := p.tok(); !ok {
			return nil, false
		}
		if p.is("...") {
			return nil, false
		}
		out = append(out, p.value(depth+1))
		if p.is(",") {
			p.i++
		} else if !p.is("]") {
			return nil, false
		}
	}
	p.i++
	return out, true
}

// skip moves past the expression that starts at start (to the next "," or
// closing bracket at its level) and returns it as computed.
func (p *tsParser) skip(start int) computed {
	depth := 0
	p.i = start
	for ; p.i < len(p.f.toks); p.i++ {
		t := p.f.toks[p.i]
		if t.kind != tokPunct {
			if depth == 0 && p.i > start && p.atEnd() {
				break
			}
			continue
		}
		switch t.text {
		case "{", "(", "[":
			depth++
		case "}", ")", "]":
			if depth == 0 {
				return p.computedFrom(start)
			}
			depth--
		case ",", ";":
			if depth == 0 {
				return p.computedFrom(start)
			}
		}
	}
	return p.computedFrom(start)
}

func (p *tsParser) computedFrom(start int) computed {
	if start >= len(p.f.toks) {
		return computed{line: p.f.line(len(p.f.src))}
	}
	from := p.f.toks[start].off
	to := len(p.f.src)
	if p.i < len(p.f.toks) {
		to = p.f.toks[p.i].off
	}
	text := strings.Join(strings.Fields(p.f.src[from:to]), " ")
	if len(text) > 80 {
		text = text[:77] + "…"
	}
	return computed{text: text, line: p.f.line(from)}
}
