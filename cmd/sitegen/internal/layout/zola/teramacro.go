package zola

import (
	"fmt"
	"strings"
)

// Tera's template composition (https://keats.github.io/tera/docs/, Tera
// 1.x): macros ({% macro %} … {% endmacro %}, {% import "f" as ns %},
// ns::name(arg=…), self::name), {% include %}, {% extends %} with
// {% block %} and super(), and {% filter %} sections. Templates are read
// from the site's templates/ folder ("Zola will look for templates in
// the templates directory"). Macro calls and includes nest at most
// teraMaxDepth deep ("Macros can be called recursively but there is no
// limit to recursion": sitegen stops at the limit with an error naming
// the template's file and line), and at most teraMaxTemplates files are
// read for one call.

// teraMaxTemplates bounds the templates one render reads.
const teraMaxTemplates = 64

// teraMaxTemplateSize bounds the size of one template file.
const teraMaxTemplateSize = 1 << 20

// The composition nodes.
type (
	// tMacro is {% macro name(a, b="x") %} … {% endmacro %}.
	tMacro struct {
		name   string
		params []tParam
		body   []tNode
		line   int
	}
	tParam struct {
		name string
		def  tExpr // nil: the argument is required
	}
	// tImport is {% import "file" as ns %}.
	tImport struct {
		file, ns string
		line     int
	}
	// tInclude is {% include "f" %} or {% include ["a", "b"] ignore missing %}.
	tInclude struct {
		files         []string
		ignoreMissing bool
		line          int
	}
	// tExtends is {% extends "file" %}.
	tExtends struct {
		file string
		line int
	}
	// tBlock is {% block name %} … {% endblock %}.
	tBlock struct {
		name string
		body []tNode
	}
	// tFilterSec is {% filter name(args) %} … {% endfilter %}: f applies
	// the filter to the name teraFilterBody.
	tFilterSec struct {
		f    tExpr
		body []tNode
		line int
	}
)

// teraFilterBody is the variable a filter section's output is given to
// its filter as.
const teraFilterBody = "__filter_section_body"

// eMacro is a macro call, ns::name(args).
type eMacro struct {
	ns, name string
	args     map[string]tExpr
}

// composeTag parses the composition tag word (rest: what follows it), at
// line; ok false when word is not one of them.
func (p *teraParser) composeTag(word, rest string, line, depth int) (n tNode, ok bool, err error) {
	switch word {
	case "import":
		// Tera: {% import "macros.html" as macros %}
		file, ns, found := strings.Cut(rest, " as ")
		f, fok := teraString(file)
		ns = strings.TrimSpace(ns)
		if !found || !fok || !isIdent(ns) {
			return nil, true, &teraErr{line, "{% import " + rest + " %}"}
		}
		return tImport{f, ns, line}, true, nil
	case "extends":
		f, fok := teraString(rest)
		if !fok {
			return nil, true, &teraErr{line, "{% extends " + rest + " %}: the template's name must be a string"}
		}
		return tExtends{f, line}, true, nil
	case "include":
		// Tera: "The template path needs to be a static string";
		// "{% include "header.html" ignore missing %}"; "{% include
		// ["custom/header.html", "header.html"] %}".
		inc := tInclude{line: line}
		if r, found := strings.CutSuffix(rest, "ignore missing"); found {
			inc.ignoreMissing, rest = true, strings.TrimSpace(r)
		}
		if strings.HasPrefix(rest, "[") && strings.HasSuffix(rest, "]") {
			for _, s := range strings.Split(rest[1:len(rest)-1], ",") {
				if strings.TrimSpace(s) == "" {
					continue
				}
				f, fok := teraString(s)
				if !fok {
					return nil, true, &teraErr{line, "{% include " + rest + " %}: the template's name must be a string"}
				}
				inc.files = append(inc.files, f)
			}
		} else {
			f, fok := teraString(rest)
			if !fok {
				return nil, true, &teraErr{line, "{% include " + rest + " %}: the template's name must be a string"}
			}
			inc.files = []string{f}
		}
		return inc, true, nil
	case "macro":
		// Tera: "Macros must be defined top-level".
		if depth > 0 {
			return nil, true, &teraErr{line, "a {% macro %} inside another tag"}
		}
		m, err := parseMacroHead(rest, line)
		if err != nil {
			return nil, true, err
		}
		body, end, err := p.block(depth + 1)
		if err != nil {
			return nil, true, err
		}
		if end == nil || tagWord(end.s) != "endmacro" {
			return nil, true, &teraErr{line, "{% macro " + m.name + " %} without {% endmacro %}"}
		}
		m.body = body
		return m, true, nil
	case "block":
		name := strings.TrimSpace(rest)
		if !isIdent(name) {
			return nil, true, &teraErr{line, "{% block " + rest + " %}"}
		}
		body, end, err := p.block(depth + 1)
		if err != nil {
			return nil, true, err
		}
		if end == nil || tagWord(end.s) != "endblock" {
			return nil, true, &teraErr{line, "{% block " + name + " %} without {% endblock %}"}
		}
		return tBlock{name, body}, true, nil
	case "filter":
		f, err := parseTeraExpr(teraFilterBody+" | "+rest, line)
		if err != nil {
			return nil, true, err
		}
		body, end, err := p.block(depth + 1)
		if err != nil {
			return nil, true, err
		}
		if end == nil || tagWord(end.s) != "endfilter" {
			return nil, true, &teraErr{line, "{% filter " + rest + " %} without {% endfilter %}"}
		}
		return tFilterSec{f, body, line}, true, nil
	}
	return nil, false, nil
}

func tagWord(s string) string {
	w, _, _ := strings.Cut(s, " ")
	return w
}

// teraString is a quoted string literal s, trimmed.
func teraString(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if len(s) < 2 || s[0] != s[len(s)-1] || !strings.ContainsRune("\"'`", rune(s[0])) {
		return "", false
	}
	return s[1 : len(s)-1], true
}

// parseMacroHead reads "name(a, b="x")": Tera: "macro arguments can have
// a default literal value".
func parseMacroHead(s string, line int) (tMacro, error) {
	m := tMacro{line: line}
	name, rest, ok := strings.Cut(s, "(")
	m.name = strings.TrimSpace(name)
	rest, closed := strings.CutSuffix(strings.TrimSpace(rest), ")")
	if !ok || !closed || !isIdent(m.name) {
		return m, &teraErr{line, "{% macro " + s + " %}"}
	}
	toks, err := lexTera(rest, line)
	if err != nil {
		return m, err
	}
	for i := 0; i < len(toks); {
		if toks[i].kind != 'i' {
			return m, &teraErr{line, "{% macro " + s + " %}"}
		}
		prm := tParam{name: toks[i].s}
		i++
		if i < len(toks) && toks[i].kind == 'o' && toks[i].s == "=" {
			j := i + 1
			for j < len(toks) && !(toks[j].kind == 'o' && toks[j].s == ",") {
				j++
			}
			var b strings.Builder
			for _, t := range toks[i+1 : j] {
				b.WriteString(lexSource(t))
				b.WriteByte(' ')
			}
			d, err := parseTeraExpr(b.String(), line)
			if err != nil {
				return m, err
			}
			prm.def = d
			i = j
		}
		m.params = append(m.params, prm)
		if i < len(toks) {
			if !(toks[i].kind == 'o' && toks[i].s == ",") {
				return m, &teraErr{line, "{% macro " + s + " %}"}
			}
			i++
		}
	}
	return m, nil
}

// lexSource writes a token back as source.
func lexSource(t tLex) string {
	if t.kind == 's' {
		return `"` + t.s + `"`
	}
	return t.s
}

// template is the parsed template name, read once per render: the
// site's templates/NAME, else the theme's themes/THEME/templates/NAME
// (Zola: "Any file from the theme can be overridden by creating a file
// with the same path and name in your templates … directory"), or
// "THEME/templates/NAME", the theme's own ("{% extends
// "simple-blog/templates/pages/post.html" %}"). file is the path read.
func (r *teraRun) template(name string, line int) (nodes []tNode, file string, found bool, err error) {
	if t, ok := r.tmpls[name]; ok {
		return t.nodes, t.file, t.nodes != nil, nil
	}
	if r.tmpls == nil {
		r.tmpls = map[string]tmpl{}
	}
	if len(r.tmpls) >= teraMaxTemplates {
		return nil, "", false, &teraErr{line, fmt.Sprintf("more than %d templates", teraMaxTemplates)}
	}
	name = strings.TrimLeft(name, "/")
	var b []byte
	if !strings.Contains(name, "..") && r.read != nil {
		for _, f := range r.templatePaths(name) {
			if b, err = r.read(f); err == nil {
				file = f
				break
			}
		}
	}
	if file == "" {
		r.tmpls[name] = tmpl{}
		return nil, "", false, nil
	}
	if len(b) > teraMaxTemplateSize {
		return nil, file, false, r.inFile(file, &teraErr{1, fmt.Sprintf("a template of more than %d MB", teraMaxTemplateSize>>20)})
	}
	nodes, err = parseTera(string(b))
	if err != nil {
		return nil, file, false, r.inFile(file, err)
	}
	if nodes == nil {
		nodes = []tNode{}
	}
	r.tmpls[name] = tmpl{nodes, file}
	return nodes, file, true, nil
}

// tmpl is a template read: its nodes (nil: none) and path.
type tmpl struct {
	nodes []tNode
	file  string
}

// templatePaths are where template name may be, in Zola's order.
func (r *teraRun) templatePaths(name string) []string {
	paths := []string{"templates/" + name}
	if r.theme != "" {
		paths = append(paths, "themes/"+r.theme+"/templates/"+name)
		if rest, ok := strings.CutPrefix(name, r.theme+"/templates/"); ok {
			paths = append(paths, "themes/"+r.theme+"/templates/"+rest)
		}
	}
	return paths
}

// inFile records that err happened in file (the innermost file wins)
// and returns it.
func (r *teraRun) inFile(file string, err error) error {
	if te, ok := err.(*teraErr); ok && te != errBreak && te != errContinue && r.errFile == "" {
		r.errFile = file
	}
	return err
}

// capture runs fn and returns what it wrote.
func (r *teraRun) capture(fn func() error) (string, error) {
	saved := r.out
	r.out = nil
	err := fn()
	out := joinPieces(r.out, r.md)
	r.out = saved
	return out, err
}

// enter counts one more level of macro calls and includes.
func (r *teraRun) enter(line int) error {
	r.depth++
	if r.steps++; r.steps > teraMaxSteps {
		return &teraErr{line, fmt.Sprintf("more than %d steps", teraMaxSteps)}
	}
	if r.depth > teraMaxDepth {
		return &teraErr{line, fmt.Sprintf("macro calls or includes nested more than %d deep", teraMaxDepth)}
	}
	return nil
}

// importsOf is the namespaces template nodes of file name import, with
// self for its own macros.
func importsOf(name string, nodes []tNode) map[string]string {
	ns := map[string]string{"self": name}
	for _, n := range nodes {
		if im, ok := n.(tImport); ok {
			ns[im.ns] = im.file
		}
	}
	return ns
}

// callMacro runs ns::name(args). Tera: a macro "should only reference
// arguments, not template variables directly": it sees its arguments
// (and their defaults), not the caller's variables; its output is not
// escaped again.
func (r *teraRun) callMacro(e eMacro, line int) (any, error) {
	file, ok := r.ns[e.ns]
	if !ok {
		return nil, &teraErr{line, "the macro " + e.ns + "::" + e.name + "(): no {% import … as " + e.ns + " %}"}
	}
	args, err := r.evalArgs(e.args, line)
	if err != nil {
		return nil, err
	}
	nodes, path, found, err := r.template(file, line)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, &teraErr{line, "the macro " + e.ns + "::" + e.name + "(): templates/" + file + " does not exist"}
	}
	var m *tMacro
	for _, n := range nodes {
		if d, ok := n.(tMacro); ok && d.name == e.name {
			m = &d
			break
		}
	}
	if m == nil {
		return nil, &teraErr{line, "the macro " + e.ns + "::" + e.name + "(): templates/" + file + " has no such macro"}
	}
	ctx := map[string]any{}
	for _, prm := range m.params {
		if v, ok := args[prm.name]; ok {
			ctx[prm.name] = v
			delete(args, prm.name)
			continue
		}
		if prm.def == nil {
			return nil, &teraErr{line, "the macro " + e.ns + "::" + e.name + "() without its argument " + prm.name}
		}
		v, err := r.eval(prm.def, m.line)
		if err != nil {
			return nil, r.inFile(path, err)
		}
		ctx[prm.name] = v
	}
	for k := range args {
		return nil, &teraErr{line, "the macro " + e.ns + "::" + e.name + "() has no argument " + k}
	}
	if err := r.enter(line); err != nil {
		return nil, err
	}
	savedG, savedF, savedNS := r.global, r.frames, r.ns
	r.global, r.frames, r.ns = ctx, nil, importsOf(file, nodes)
	out, err := r.capture(func() error { return r.exec(m.body) })
	r.global, r.frames, r.ns = savedG, savedF, savedNS
	r.depth--
	if err == errBreak || err == errContinue {
		err = nil
	}
	if err != nil {
		return nil, r.inFile(path, err)
	}
	return safeHTML(out), nil
}

// include renders the first of n's templates that exists with the
// current variables. Tera: "While you can set values in included
// templates, those values only exist while rendering them".
func (r *teraRun) include(n tInclude) error {
	for _, f := range n.files {
		nodes, path, found, err := r.template(f, n.line)
		if err != nil {
			return err
		}
		if !found {
			continue
		}
		if err := r.enter(n.line); err != nil {
			return err
		}
		savedNS := r.ns
		r.ns = importsOf(f, nodes)
		r.frames = append(r.frames, map[string]any{})
		err = r.exec(nodes)
		r.frames = r.frames[:len(r.frames)-1]
		r.ns = savedNS
		r.depth--
		if err != nil && err != errBreak && err != errContinue {
			return r.inFile(path, err)
		}
		return nil
	}
	if n.ignoreMissing {
		return nil
	}
	return &teraErr{n.line, "{% include \"" + strings.Join(n.files, "\", \"") + "\" %}: no such template in templates/"}
}

// blocksOf is the blocks nodes define, nested ones too.
func blocksOf(nodes []tNode, into map[string][]tNode) map[string][]tNode {
	for _, n := range nodes {
		switch n := n.(type) {
		case tBlock:
			if _, dup := into[n.name]; !dup {
				into[n.name] = n.body
			}
			blocksOf(n.body, into)
		case tIf:
			for _, b := range n.bodies {
				blocksOf(b, into)
			}
			blocksOf(n.els, into)
		case tFor:
			blocksOf(n.body, into)
		case tFilterSec:
			blocksOf(n.body, into)
		}
	}
	return into
}

// extendsOf is the {% extends %} of a template: its first tag, after
// whitespace only.
func extendsOf(nodes []tNode) (tExtends, bool) {
	for _, n := range nodes {
		switch n := n.(type) {
		case tText:
			if strings.TrimSpace(n.s) == "" {
				continue
			}
		case tExtends:
			return n, true
		case tImport:
			continue
		}
		return tExtends{}, false
	}
	return tExtends{}, false
}

// render runs the top template, file, with Tera's inheritance: "you
// define a base template and extend it in child templates through
// blocks"; "in a child template, any content outside of a block will be
// ignored, including variable assignments"; "There can be multiple
// levels of inheritance".
func (r *teraRun) render(file string, nodes []tNode) error {
	r.ns = importsOf(file, nodes)
	ext, ok := extendsOf(nodes)
	if !ok {
		return r.exec(nodes)
	}
	r.chain = []map[string][]tNode{blocksOf(nodes, map[string][]tNode{})}
	seen := map[string]bool{}
	for ok {
		if seen[ext.file] {
			return &teraErr{ext.line, "{% extends \"" + ext.file + "\" %} in a loop"}
		}
		seen[ext.file] = true
		parent, path, found, err := r.template(ext.file, ext.line)
		if err != nil {
			return err
		}
		if !found {
			return &teraErr{ext.line, "{% extends \"" + ext.file + "\" %}: no such template in templates/"}
		}
		for k, v := range importsOf(ext.file, parent) {
			if _, mine := r.ns[k]; !mine {
				r.ns[k] = v
			}
		}
		r.chain = append(r.chain, blocksOf(parent, map[string][]tNode{}))
		nodes, file = parent, path
		ext, ok = extendsOf(parent)
	}
	return r.inFile(file, r.exec(nodes))
}

// block renders block name as the lowest template of the chain that
// defines it; super() renders the next one up.
func (r *teraRun) block(b tBlock) error {
	if r.chain == nil {
		return r.exec(b.body)
	}
	for lvl, blocks := range r.chain {
		if body, ok := blocks[b.name]; ok {
			return r.blockAt(b.name, lvl, body)
		}
	}
	return r.exec(b.body)
}

func (r *teraRun) blockAt(name string, lvl int, body []tNode) error {
	r.cur = append(r.cur, blockRef{name, lvl})
	err := r.exec(body)
	r.cur = r.cur[:len(r.cur)-1]
	return err
}

// blockRef is a block being rendered, and the level of the chain it
// comes from.
type blockRef struct {
	name string
	lvl  int
}

// super is Tera's super(): "tells Tera to render the parent block there".
func (r *teraRun) super(line int) (any, error) {
	if len(r.cur) == 0 {
		return nil, &teraErr{line, "super() outside a {% block %}"}
	}
	c := r.cur[len(r.cur)-1]
	for lvl := c.lvl + 1; lvl < len(r.chain); lvl++ {
		if body, ok := r.chain[lvl][c.name]; ok {
			if err := r.enter(line); err != nil {
				return nil, err
			}
			out, err := r.capture(func() error { return r.blockAt(c.name, lvl, body) })
			r.depth--
			return safeHTML(out), err
		}
	}
	return nil, &teraErr{line, "super() in the block " + c.name + ", which no parent template has"}
}

// filterSection is {% filter %}: Tera renders the body, applies the
// filter and writes the result unescaped.
func (r *teraRun) filterSection(n tFilterSec) error {
	body, err := r.capture(func() error { return r.exec(n.body) })
	if err != nil {
		return err
	}
	r.frames = append(r.frames, map[string]any{teraFilterBody: body})
	v, err := r.eval(n.f, n.line)
	r.frames = r.frames[:len(r.frames)-1]
	if err != nil {
		return err
	}
	if f, ok := n.f.(eFilter); ok && f.name == "safe" {
		return r.emit(piece{s: body})
	}
	return r.emit(piece{s: plainStr(v)})
}
