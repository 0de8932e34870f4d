package zola

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer/html"
)

// Values a template computes: string, int64, float64, bool, nil (null),
// []any, map[string]any, and these.
type (
	// undef is a name not in the context.
	undef struct{ name string }
	// safeHTML is a string the safe filter marked: not escaped.
	safeHTML string
	// mdBlock is the markdown filter's result, kept as Markdown: put in
	// the page as its own block (where safe), read as the page's Markdown
	// (its links resolved as the page's).
	mdBlock struct {
		src  string
		safe bool
	}
	// partial is a variable Zola gives shortcodes of which sitegen knows
	// some fields (page.relative_path): another is a teraErr, not an
	// undefined value that would silently take an if's other branch.
	partial struct {
		name   string
		fields map[string]any
	}
)

// piece is a part of the output: text, or a Markdown block.
type piece struct {
	s     string
	block bool
}

// teraRun renders one shortcode call.
type teraRun struct {
	md     bool // a Markdown template (.md): nothing is escaped
	global map[string]any
	frames []map[string]any
	read   func(string) ([]byte, error)
	// pageURL is a page's URL by its content-relative path (nil: none).
	pageURL pageURLFunc
	// getPage and getSection are get_page and get_section (getpage.go;
	// nil: not known).
	getPage    contentFunc
	getSection func(rel string, pages bool) (map[string]any, bool)
	steps      int
	size       int
	out        []piece

	tmpls   map[string]tmpl      // templates read, by name
	theme   string               // config.toml's theme: its templates/ after the site's
	ns      map[string]string    // macro namespaces: name → template
	chain   []map[string][]tNode // blocks of the extends chain, child first
	cur     []blockRef           // blocks being rendered
	depth   int                  // macro calls and includes under way
	errFile string               // the template an error happened in, when not the top one
	trans   map[string]map[string]string
	defLang string
	notes   []teraNote // what ran differently from Zola, the page still built
	// readsSite: get_section listed a section's pages (siteInfo.readsSite).
	readsSite bool
}

// teraNote is a warning of a template run that went on: at a line of the
// template (of the one that failed, errFile, when not the top one).
type teraNote struct {
	line int
	msg  string
}

// errBreak and errContinue carry {% break %} and {% continue %} to their loop.
var (
	errBreak    = &teraErr{0, "break"}
	errContinue = &teraErr{0, "continue"}
)

func (r *teraRun) lookup(name string) any {
	for i := len(r.frames) - 1; i >= 0; i-- {
		if v, ok := r.frames[i][name]; ok {
			return v
		}
	}
	if v, ok := r.global[name]; ok {
		return v
	}
	return undef{name}
}

func (r *teraRun) emit(p piece) error {
	r.size += len(p.s)
	if r.size > teraMaxOutput {
		return &teraErr{1, fmt.Sprintf("output longer than %d MB", teraMaxOutput>>20)}
	}
	r.out = append(r.out, p)
	return nil
}

func (r *teraRun) exec(nodes []tNode) error {
	for _, n := range nodes {
		if err := r.node(n); err != nil {
			return err
		}
	}
	return nil
}

func (r *teraRun) node(n tNode) error {
	switch n := n.(type) {
	case tText:
		return r.emit(piece{s: n.s})
	case tPrint:
		v, err := r.eval(n.e, n.line)
		if err != nil {
			return err
		}
		return r.print(v, n)
	case tIf:
		for i, c := range n.conds {
			v, err := r.eval(c, 0)
			if err != nil {
				return err
			}
			if truthy(v) {
				return r.exec(n.bodies[i])
			}
		}
		return r.exec(n.els)
	case tSet:
		v, err := r.eval(n.e, n.line)
		if err != nil {
			return err
		}
		if _, ok := v.(undef); ok {
			return &teraErr{n.line, "{% set " + n.name + " %} to " + v.(undef).name + ", a value the call does not give"}
		}
		if n.global || len(r.frames) == 0 {
			r.global[n.name] = v
		} else {
			r.frames[len(r.frames)-1][n.name] = v
		}
	case tFor:
		return r.loop(n)
	case tInclude:
		return r.include(n)
	case tBlock:
		return r.block(n)
	case tFilterSec:
		return r.filterSection(n)
	case tMacro, tImport, tExtends:
		// Macros are called by name, imports read before the run, and
		// extends followed by render.
		return nil
	case tBreak:
		return errBreak
	case tContinue:
		return errContinue
	}
	return nil
}

func (r *teraRun) print(v any, n tPrint) error {
	switch v := v.(type) {
	case partial:
		return &teraErr{n.line, "{{ " + n.src + " }}, which sitegen does not give shortcodes"}
	case undef:
		return &teraErr{n.line, "{{ " + n.src + " }}, a value the call does not give"}
	case mdBlock:
		if v.safe || r.md {
			return r.emit(piece{s: v.src, block: true})
		}
		return r.emit(piece{s: escapeTera(renderMarkdown(v.src, false))})
	case safeHTML:
		return r.emit(piece{s: string(v)})
	}
	s := toStr(v)
	if !r.md {
		s = escapeTera(s)
	}
	return r.emit(piece{s: s})
}

func (r *teraRun) loop(n tFor) error {
	c, err := r.eval(n.iter, n.line)
	if err != nil {
		return err
	}
	type kv struct{ k, v any }
	var items []kv
	switch c := c.(type) {
	case []any:
		for _, v := range c {
			items = append(items, kv{nil, v})
		}
	case map[string]any:
		for _, k := range mapKeys(c) {
			items = append(items, kv{k, c[k]})
		}
	case string:
		for _, ch := range c {
			items = append(items, kv{nil, string(ch)})
		}
	case undef:
		return &teraErr{n.line, "{% for %} over " + c.name + ", a value the call does not give"}
	default:
		return &teraErr{n.line, fmt.Sprintf("{%% for %%} over a %s", typeName(c))}
	}
	if len(items) == 0 {
		return r.exec(n.els)
	}
	for i, it := range items {
		if r.steps++; r.steps > teraMaxSteps {
			return &teraErr{n.line, fmt.Sprintf("loops of more than %d steps", teraMaxSteps)}
		}
		f := map[string]any{
			"loop": map[string]any{"index": int64(i + 1), "index0": int64(i), "first": i == 0, "last": i == len(items)-1},
		}
		if n.key != "" {
			if it.k == nil {
				return &teraErr{n.line, "{% for " + n.key + ", " + n.val + " %} over an array"}
			}
			f[n.key] = it.k
		}
		f[n.val] = it.v
		r.frames = append(r.frames, f)
		err := r.exec(n.body)
		r.frames = r.frames[:len(r.frames)-1]
		if err == errBreak {
			break
		}
		if err != nil && err != errContinue {
			return err
		}
	}
	return nil
}

// evalArgs evaluates the named arguments of a filter, a function or a
// macro call.
func (r *teraRun) evalArgs(exprs map[string]tExpr, line int) (map[string]any, error) {
	args := make(map[string]any, len(exprs))
	for k, a := range exprs {
		v, err := r.eval(a, line)
		if err != nil {
			return nil, err
		}
		args[k] = v
	}
	return args, nil
}

func (r *teraRun) eval(e tExpr, line int) (any, error) {
	switch e := e.(type) {
	case eLit:
		return e.v, nil
	case eName:
		return r.lookup(e.name), nil
	case eList:
		l := make([]any, 0, len(e.items))
		for _, it := range e.items {
			v, err := r.eval(it, line)
			if err != nil {
				return nil, err
			}
			l = append(l, v)
		}
		return l, nil
	case eAttr:
		x, err := r.eval(e.x, line)
		if err != nil {
			return nil, err
		}
		if p, ok := x.(partial); ok {
			v, known := p.fields[e.name]
			if !known {
				return nil, &teraErr{line, p.name + "." + e.name + ", which sitegen does not give shortcodes"}
			}
			return v, nil
		}
		return member(x, e.name), nil
	case eIndex:
		x, err := r.eval(e.x, line)
		if err != nil {
			return nil, err
		}
		i, err := r.eval(e.i, line)
		if err != nil {
			return nil, err
		}
		if p, ok := x.(partial); ok {
			v, known := p.fields[toStr(i)]
			if !known {
				return nil, &teraErr{line, p.name + "[" + toStr(i) + "], which sitegen does not give shortcodes"}
			}
			return v, nil
		}
		if n, ok := i.(int64); ok {
			return member(x, strconv.FormatInt(n, 10)), nil
		}
		return member(x, toStr(i)), nil
	case eUnary:
		x, err := r.eval(e.x, line)
		if err != nil {
			return nil, err
		}
		if e.op == "not" {
			return !truthy(x), nil
		}
		switch n := x.(type) {
		case int64:
			return -n, nil
		case float64:
			return -n, nil
		}
		return nil, &teraErr{line, "minus before a " + typeName(x)}
	case eBin:
		return r.binary(e, line)
	case eTest:
		return r.test(e, line)
	case eFilter:
		x, err := r.eval(e.x, line)
		if err != nil {
			return nil, err
		}
		args, err := r.evalArgs(e.args, line)
		if err != nil {
			return nil, err
		}
		return applyFilter(e.name, x, args, line)
	case eMacro:
		return r.callMacro(e, line)
	case eCall:
		if e.name == "super" && len(e.args) == 0 {
			return r.super(line)
		}
		args, err := r.evalArgs(e.args, line)
		if err != nil {
			return nil, err
		}
		return r.call(e.name, args, line)
	}
	return nil, &teraErr{line, "an expression"}
}

func (r *teraRun) binary(e eBin, line int) (any, error) {
	l, err := r.eval(e.l, line)
	if err != nil {
		return nil, err
	}
	switch e.op {
	case "and":
		if !truthy(l) {
			return false, nil
		}
	case "or":
		if truthy(l) {
			return true, nil
		}
	}
	rv, err := r.eval(e.r, line)
	if err != nil {
		return nil, err
	}
	switch e.op {
	case "and", "or":
		return truthy(rv), nil
	case "==":
		return equal(l, rv), nil
	case "!=":
		return !equal(l, rv), nil
	case "~":
		for _, v := range []any{l, rv} {
			if u, ok := v.(undef); ok {
				return nil, &teraErr{line, u.name + ", a value the call does not give"}
			}
		}
		return toStr(l) + toStr(rv), nil
	case "in":
		switch c := rv.(type) {
		case string:
			return strings.Contains(c, toStr(l)), nil
		case []any:
			for _, v := range c {
				if equal(v, l) {
					return true, nil
				}
			}
			return false, nil
		case map[string]any:
			_, ok := c[toStr(l)]
			return ok && toStr(l) != teraKeyOrder, nil
		}
		return nil, &teraErr{line, "in on a " + typeName(rv)}
	}
	a, aok := num(l)
	b, bok := num(rv)
	if !aok || !bok {
		return nil, &teraErr{line, fmt.Sprintf("%s between a %s and a %s", e.op, typeName(l), typeName(rv))}
	}
	_, ai := l.(int64)
	_, bi := rv.(int64)
	ints := ai && bi
	switch e.op {
	case "<":
		return a < b, nil
	case ">":
		return a > b, nil
	case "<=":
		return a <= b, nil
	case ">=":
		return a >= b, nil
	case "+":
		return numOut(a+b, ints), nil
	case "-":
		return numOut(a-b, ints), nil
	case "*":
		return numOut(a*b, ints), nil
	case "/":
		if b == 0 {
			return nil, &teraErr{line, "a division by zero"}
		}
		return numOut(a/b, ints && math.Mod(a, b) == 0), nil
	case "%":
		if b == 0 {
			return nil, &teraErr{line, "a division by zero"}
		}
		return numOut(math.Mod(a, b), ints), nil
	}
	return nil, &teraErr{line, "the operator " + e.op}
}

func numOut(f float64, integer bool) any {
	if integer {
		return int64(f)
	}
	return f
}

func (r *teraRun) test(e eTest, line int) (any, error) {
	x, err := r.eval(e.x, line)
	if err != nil {
		return nil, err
	}
	var args []any
	for _, a := range e.args {
		v, err := r.eval(a, line)
		if err != nil {
			return nil, err
		}
		args = append(args, v)
	}
	arg := func() string {
		if len(args) > 0 {
			return toStr(args[0])
		}
		return ""
	}
	var v bool
	switch e.name {
	case "defined":
		_, u := x.(undef)
		v = !u
	case "undefined":
		_, v = x.(undef)
	case "odd", "even":
		n, ok := x.(int64)
		if !ok {
			return nil, &teraErr{line, "is " + e.name + " on a " + typeName(x)}
		}
		v = (n%2 != 0) == (e.name == "odd")
	case "string":
		_, v = x.(string)
	case "number":
		_, v = num(x)
	case "iterable":
		switch x.(type) {
		case []any, map[string]any:
			v = true
		}
	case "object":
		_, v = x.(map[string]any)
	case "starting_with":
		v = strings.HasPrefix(toStr(x), arg())
	case "ending_with":
		v = strings.HasSuffix(toStr(x), arg())
	case "containing":
		c, err := r.binary(eBin{"in", eLit{arg()}, eLit{x}}, line)
		if err != nil {
			return nil, err
		}
		v = c.(bool)
	case "divisibleby":
		a, _ := num(x)
		b, _ := num(firstOr(args))
		v = b != 0 && math.Mod(a, b) == 0
	default:
		return nil, &teraErr{line, "the test " + e.name}
	}
	return v != e.not, nil
}

func firstOr(a []any) any {
	if len(a) == 0 {
		return nil
	}
	return a[0]
}

// member is x.name: a map's field or an array's index, undef when there
// is none.
func member(x any, name string) any {
	switch c := x.(type) {
	case map[string]any:
		if v, ok := c[name]; ok && name != teraKeyOrder {
			return v
		}
	case []any:
		if i, err := strconv.Atoi(name); err == nil && i >= 0 && i < len(c) {
			return c[i]
		}
	}
	if u, ok := x.(undef); ok {
		return undef{u.name + "." + name}
	}
	return undef{name}
}

// truthy is Tera's truth: "an undefined variable, false, 0, an empty
// string, array or object are false".
func truthy(v any) bool {
	switch v := v.(type) {
	case nil, undef:
		return false
	case bool:
		return v
	case string:
		return v != ""
	case safeHTML:
		return v != ""
	case mdBlock:
		return v.src != ""
	case int64:
		return v != 0
	case float64:
		return v != 0
	case []any:
		return len(v) > 0
	case map[string]any:
		return mapLen(v) > 0
	}
	return true
}

func num(v any) (float64, bool) {
	switch n := v.(type) {
	case int64:
		return float64(n), true
	case float64:
		return n, true
	}
	return 0, false
}

func equal(a, b any) bool {
	if x, ok := num(a); ok {
		y, ok := num(b)
		return ok && x == y
	}
	switch a.(type) {
	case string, safeHTML:
		switch b.(type) {
		case string, safeHTML:
			return toStr(a) == toStr(b)
		}
		return false
	case bool, nil:
		return a == b
	case undef:
		return false
	}
	return fmt.Sprint(a) == fmt.Sprint(b)
}

func typeName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string, safeHTML, mdBlock:
		return "string"
	case int64, float64:
		return "number"
	case bool:
		return "boolean"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	case undef:
		return "value the call does not give"
	}
	return fmt.Sprintf("%T", v)
}

// toStr is a value as Tera prints it.
func toStr(v any) string {
	switch v := v.(type) {
	case nil, undef:
		return ""
	case string:
		return v
	case safeHTML:
		return string(v)
	case mdBlock:
		return renderMarkdown(v.src, false)
	case bool:
		return strconv.FormatBool(v)
	case int64, float64:
		return formatNum(v)
	case []any:
		// Tera (src/context.rs, Render for Value): "[" the items
		// rendered ", " "]"; an object "[object]".
		parts := make([]string, len(v))
		for i, x := range v {
			parts[i] = toStr(x)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case map[string]any:
		return "[object]"
	}
	return fmt.Sprint(v)
}

// renderMarkdown is Zola's markdown filter: CommonMark with tables,
// strikethrough and raw HTML; inline drops the paragraph around the text
// ("By default, the filter will wrap all text in a paragraph. To disable
// this behaviour, you can pass true to the inline argument").
func renderMarkdown(src string, inline bool) string {
	md := goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithRendererOptions(html.WithUnsafe()))
	var b bytes.Buffer
	if err := md.Convert([]byte(src), &b); err != nil {
		return src
	}
	s := b.String()
	if inline {
		s = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(s), "<p>"), "</p>")
	}
	return s
}

// plainStr is a filter's input as a string: a Markdown block rendered.
func plainStr(v any) string { return toStr(v) }

// applyFilter applies filter name with its arguments to x.
func applyFilter(name string, x any, args map[string]any, line int) (any, error) {
	if u, ok := x.(undef); ok && name != "default" {
		return nil, &teraErr{line, u.name + " | " + name + ", a value the call does not give"}
	}
	sArg := func(k, def string) string {
		if v, ok := args[k]; ok {
			return toStr(v)
		}
		return def
	}
	need := func(k string) error {
		if _, ok := args[k]; !ok {
			return &teraErr{line, "the filter " + name + " without its argument " + k}
		}
		return nil
	}
	switch name {
	case "safe":
		if m, ok := x.(mdBlock); ok {
			m.safe = true
			return m, nil
		}
		return safeHTML(plainStr(x)), nil
	case "markdown":
		s := plainStr(x)
		if truthy(args["inline"]) {
			return renderMarkdown(s, true), nil
		}
		return mdBlock{src: strings.Trim(s, "\n")}, nil
	case "default":
		if err := need("value"); err != nil {
			return nil, err
		}
		if _, ok := x.(undef); ok {
			return args["value"], nil
		}
		return x, nil
	case "trim":
		return strings.TrimSpace(plainStr(x)), nil
	case "trim_start":
		return strings.TrimLeftFunc(plainStr(x), unicode.IsSpace), nil
	case "trim_end":
		return strings.TrimRightFunc(plainStr(x), unicode.IsSpace), nil
	case "lower":
		return strings.ToLower(plainStr(x)), nil
	case "upper":
		return strings.ToUpper(plainStr(x)), nil
	case "capitalize":
		s := strings.ToLower(plainStr(x))
		if r, n := utf8.DecodeRuneInString(s); n > 0 {
			s = string(unicode.ToUpper(r)) + s[n:]
		}
		return s, nil
	case "title":
		words := strings.Fields(plainStr(x))
		for i, w := range words {
			if r, n := utf8.DecodeRuneInString(w); n > 0 {
				words[i] = string(unicode.ToUpper(r)) + strings.ToLower(w[n:])
			}
		}
		return strings.Join(words, " "), nil
	case "replace":
		if err := need("from"); err != nil {
			return nil, err
		}
		if err := need("to"); err != nil {
			return nil, err
		}
		return strings.ReplaceAll(plainStr(x), sArg("from", ""), sArg("to", "")), nil
	case "truncate":
		if err := need("length"); err != nil {
			return nil, err
		}
		n, ok := args["length"].(int64)
		if !ok || n < 0 {
			return nil, &teraErr{line, "truncate(length=…) not a whole number"}
		}
		s := []rune(plainStr(x))
		if int64(len(s)) <= n {
			return string(s), nil
		}
		return string(s[:n]) + sArg("end", "…"), nil
	case "join":
		l, ok := x.([]any)
		if !ok {
			return nil, &teraErr{line, "join on a " + typeName(x)}
		}
		parts := make([]string, len(l))
		for i, v := range l {
			parts[i] = toStr(v)
		}
		return strings.Join(parts, sArg("sep", "")), nil
	case "split":
		if err := need("pat"); err != nil {
			return nil, err
		}
		var l []any
		for _, s := range strings.Split(plainStr(x), sArg("pat", "")) {
			l = append(l, s)
		}
		return l, nil
	case "length":
		switch c := x.(type) {
		case []any:
			return int64(len(c)), nil
		case map[string]any:
			return int64(mapLen(c)), nil
		}
		return int64(utf8.RuneCountInString(plainStr(x))), nil
	case "first", "last":
		l, ok := x.([]any)
		if !ok {
			return nil, &teraErr{line, name + " on a " + typeName(x)}
		}
		if len(l) == 0 {
			return undef{name}, nil
		}
		if name == "first" {
			return l[0], nil
		}
		return l[len(l)-1], nil
	case "nth":
		l, ok := x.([]any)
		n, nok := args["n"].(int64)
		if !ok || !nok {
			return nil, &teraErr{line, "nth on a " + typeName(x)}
		}
		if n < 0 || n >= int64(len(l)) {
			return undef{"nth"}, nil
		}
		return l[n], nil
	case "reverse":
		if l, ok := x.([]any); ok {
			out := make([]any, len(l))
			for i, v := range l {
				out[len(l)-1-i] = v
			}
			return out, nil
		}
		s := []rune(plainStr(x))
		for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
			s[i], s[j] = s[j], s[i]
		}
		return string(s), nil
	case "slice":
		// Tera: "Slices an array by the given start and end parameter
		// ... start (inclusive, default to 0) ... end ... (exclusive,
		// default to the length of the array) ... negative index values
		// to refer the array from the last element".
		l, ok := x.([]any)
		if !ok {
			return nil, &teraErr{line, "slice on a " + typeName(x)}
		}
		at := func(k string, def int) (int, bool) {
			v, given := args[k]
			if !given {
				return def, true
			}
			n, ok := v.(int64)
			if !ok {
				return 0, false
			}
			if n < 0 {
				n += int64(len(l))
			}
			return int(min(max(n, 0), int64(len(l)))), true
		}
		start, ok1 := at("start", 0)
		end, ok2 := at("end", len(l))
		if !ok1 || !ok2 {
			return nil, &teraErr{line, "slice(start=…, end=…) not whole numbers"}
		}
		if start >= end {
			return []any{}, nil
		}
		return append([]any{}, l[start:end]...), nil
	case "json_encode":
		// Tera: "Transforms any value into a JSON representation ... It
		// accepts a parameter pretty (boolean) to print a formatted JSON
		// instead of a one-liner" (serde_json: "<" and "&" as they are).
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if truthy(args["pretty"]) {
			enc.SetIndent("", "  ")
		}
		if err := enc.Encode(jsonValue(x)); err != nil {
			return nil, &teraErr{line, "json_encode: " + err.Error()}
		}
		return strings.TrimSuffix(b.String(), "\n"), nil
	case "slugify":
		return Slugify(plainStr(x), "on"), nil
	case "escape":
		return safeHTML(escapeTera(plainStr(x))), nil
	case "int":
		switch n := x.(type) {
		case int64:
			return n, nil
		case float64:
			return int64(n), nil
		}
		n, err := strconv.ParseInt(strings.TrimSpace(plainStr(x)), 10, 64)
		if err != nil {
			if d, ok := args["default"].(int64); ok {
				return d, nil
			}
			return int64(0), nil
		}
		return n, nil
	case "float":
		if f, ok := num(x); ok {
			return f, nil
		}
		f, _ := strconv.ParseFloat(strings.TrimSpace(plainStr(x)), 64)
		return f, nil
	case "as_str":
		return toStr(x), nil
	case "wordcount":
		return int64(len(strings.Fields(plainStr(x)))), nil
	case "abs":
		switch n := x.(type) {
		case int64:
			if n < 0 {
				return -n, nil
			}
			return n, nil
		case float64:
			return math.Abs(n), nil
		}
		return nil, &teraErr{line, "abs on a " + typeName(x)}
	case "linebreaksbr":
		s := strings.ReplaceAll(plainStr(x), "\r\n", "<br>")
		return strings.ReplaceAll(s, "\n", "<br>"), nil
	case "date":
		return teraDate(x, sArg("format", "%Y-%m-%d"), line)
	}
	return moreFilters(name, x, args, line)
}

// jsonValue is v as encoding/json writes it: the template's own types
// as their text.
func jsonValue(v any) any {
	switch v := v.(type) {
	case safeHTML:
		return string(v)
	case mdBlock:
		return v.src
	case undef, partial:
		return nil
	case []any:
		l := make([]any, len(v))
		for i, x := range v {
			l[i] = jsonValue(x)
		}
		return l
	case map[string]any:
		o := orderedJSON{keys: mapKeys(v), vals: make(map[string]any, len(v))}
		for _, k := range o.keys {
			o.vals[k] = jsonValue(v[k])
		}
		return o
	}
	return v
}

// teraDate is Tera's date filter: a timestamp (seconds) or an ISO 8601
// date or date-time, in UTC, formatted with chrono's strftime (the common
// specifiers; another is a teraErr).
func teraDate(x any, format string, line int) (any, error) {
	var t time.Time
	switch v := x.(type) {
	case int64:
		t = time.Unix(v, 0).UTC()
	case float64:
		t = time.Unix(int64(v), 0).UTC()
	default:
		s := strings.TrimSpace(toStr(x))
		var err error
		for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02 15:04:05", "2006-01-02"} {
			if t, err = time.Parse(layout, s); err == nil {
				break
			}
		}
		if err != nil {
			return nil, &teraErr{line, "date on " + strconv.Quote(s) + ", not a date"}
		}
	}
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		if format[i] != '%' || i+1 >= len(format) {
			b.WriteByte(format[i])
			continue
		}
		i++
		pad := true
		if format[i] == '-' && i+1 < len(format) {
			pad = false
			i++
		}
		two := func(n int) string {
			if pad {
				return fmt.Sprintf("%02d", n)
			}
			return strconv.Itoa(n)
		}
		switch format[i] {
		case 'Y':
			b.WriteString(strconv.Itoa(t.Year()))
		case 'y':
			b.WriteString(fmt.Sprintf("%02d", t.Year()%100))
		case 'm':
			b.WriteString(two(int(t.Month())))
		case 'd':
			b.WriteString(two(t.Day()))
		case 'e':
			b.WriteString(fmt.Sprintf("%2d", t.Day()))
		case 'H':
			b.WriteString(two(t.Hour()))
		case 'M':
			b.WriteString(two(t.Minute()))
		case 'S':
			b.WriteString(two(t.Second()))
		case 'B':
			b.WriteString(t.Month().String())
		case 'b':
			b.WriteString(t.Month().String()[:3])
		case 'A':
			b.WriteString(t.Weekday().String())
		case 'a':
			b.WriteString(t.Weekday().String()[:3])
		case 'j':
			b.WriteString(fmt.Sprintf("%03d", t.YearDay()))
		case 'F':
			b.WriteString(t.Format("2006-01-02"))
		case 'T':
			b.WriteString(t.Format("15:04:05"))
		case '%':
			b.WriteByte('%')
		default:
			return nil, &teraErr{line, "date(format=…) with %" + string(format[i])}
		}
	}
	return b.String(), nil
}
