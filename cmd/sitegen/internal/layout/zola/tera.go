package zola

import (
	"fmt"
	"strconv"
	"strings"
)

// A small Tera (https://keats.github.io/tera/docs/, Tera 1.x as Zola uses
// it) for shortcode templates: text, {{ expression }}, {# comments #},
// whitespace control ({%- -%}), {% raw %}, {% if %}/{% elif %}/{% else %},
// {% for x in … %} and {% for k, v in … %} with loop.index, loop.index0,
// loop.first, loop.last, {% else %}, {% break %} and {% continue %},
// {% set %} and {% set_global %}; macros, {% include %}, {% extends %}
// with blocks and super(), and {% filter %} sections (teramacro.go).
// Expressions: literals (strings, numbers, true, false, arrays), names
// with .field and [index], math, comparisons, and/or/not, in, ~, is
// tests, the filters of applyFilter and moreFilters and the functions
// load_data, get_url, get_page, get_section (getpage.go), trans, range,
// resize_image (the original image, and a warning: teradata.go) and
// get_image_metadata (the image's size, read as Zola reads it). Maps
// are walked in their file's order
// (teraorder.go). Anything else (most of page and config) is a teraErr
// naming the template's line, and the call is warned as Tera sitegen does
// not run.

// teraErr is why a template cannot be rendered, at its line.
type teraErr struct {
	line int
	why  string
}

func (e *teraErr) Error() string { return fmt.Sprintf("line %d: %s", e.line, e.why) }

// Limits that keep a template's run bounded in time and memory.
const (
	teraMaxSteps  = 100_000 // loop iterations of one render
	teraMaxOutput = 4 << 20 // bytes of output
	teraMaxDepth  = 64      // nesting of blocks and expressions
)

// The template's nodes.
type (
	tNode  interface{}
	tText  struct{ s string }
	tPrint struct {
		e    tExpr
		line int
		src  string
	}
	tIf struct {
		conds  []tExpr
		bodies [][]tNode
		els    []tNode
	}
	tFor struct {
		key, val  string
		iter      tExpr
		body, els []tNode
		line      int
	}
	tSet struct {
		name   string
		e      tExpr
		global bool
		line   int
	}
	tBreak    struct{}
	tContinue struct{}
)

// tTok is a piece of a template: text, or the inside of {{ }} or {% %}.
type tTok struct {
	kind byte // 't' text, 'e' {{ }}, 's' {% %}
	s    string
	line int
}

// teraTokens splits a template into text, expressions and tags, applying
// whitespace control: "{%-" and "-%}" (and {{- -}}) remove the whitespace
// before and after the tag. Comments are dropped; {% raw %} … {% endraw
// %} is text.
func teraTokens(t string) ([]tTok, error) {
	var toks []tTok
	line := 1
	trimNext := false
	for len(t) > 0 {
		i := indexOpen(t)
		if i < 0 {
			toks = appendText(toks, t, line, trimNext)
			break
		}
		toks = appendText(toks, t[:i], line, trimNext)
		trimNext = false
		line += strings.Count(t[:i], "\n")
		open := t[i : i+2]
		closer := map[string]string{"{{": "}}", "{%": "%}", "{#": "#}"}[open]
		j := strings.Index(t[i+2:], closer)
		if j < 0 {
			return nil, &teraErr{line, "a " + open + " not closed by " + closer}
		}
		inner := t[i+2 : i+2+j]
		rest := t[i+2+j+2:]
		if strings.HasPrefix(inner, "-") {
			inner = inner[1:]
			if n := len(toks); n > 0 && toks[n-1].kind == 't' {
				toks[n-1].s = strings.TrimRight(toks[n-1].s, " \t\r\n")
			}
		}
		if strings.HasSuffix(inner, "-") {
			inner = inner[:len(inner)-1]
			trimNext = true
		}
		inner = strings.TrimSpace(inner)
		tagLine := line
		line += strings.Count(t[i:i+2+j+2], "\n")
		t = rest
		switch open {
		case "{#":
			continue
		case "{{":
			toks = append(toks, tTok{'e', inner, tagLine})
		default:
			if inner == "raw" {
				k := strings.Index(t, "{% endraw %}")
				if k < 0 {
					return nil, &teraErr{tagLine, "{% raw %} without {% endraw %}"}
				}
				toks = append(toks, tTok{'t', t[:k], line})
				line += strings.Count(t[:k], "\n")
				t = t[k+len("{% endraw %}"):]
				continue
			}
			toks = append(toks, tTok{'s', inner, tagLine})
		}
	}
	return toks, nil
}

func indexOpen(t string) int {
	for i := 0; i+1 < len(t); i++ {
		if t[i] == '{' && (t[i+1] == '{' || t[i+1] == '%' || t[i+1] == '#') {
			return i
		}
	}
	return -1
}

func appendText(toks []tTok, s string, line int, trimLeft bool) []tTok {
	if trimLeft {
		s = strings.TrimLeft(s, " \t\r\n")
	}
	if s == "" {
		return toks
	}
	return append(toks, tTok{'t', s, line})
}

// teraParser builds the node tree of a template's tokens.
type teraParser struct {
	toks []tTok
	i    int
}

// parseTera parses template t.
func parseTera(t string) ([]tNode, error) {
	toks, err := teraTokens(t)
	if err != nil {
		return nil, err
	}
	p := &teraParser{toks: toks}
	nodes, end, err := p.block(0)
	if err != nil {
		return nil, err
	}
	if end != nil {
		return nil, &teraErr{end.line, "{% " + end.s + " %} without its opening tag"}
	}
	return nodes, nil
}

// block reads nodes up to a tag that ends it (endif, elif, else, endfor),
// returned as end (nil at the template's end).
func (p *teraParser) block(depth int) (nodes []tNode, end *tTok, err error) {
	if depth > teraMaxDepth {
		return nil, nil, &teraErr{p.line(), "blocks nested too deep"}
	}
	for p.i < len(p.toks) {
		tok := p.toks[p.i]
		p.i++
		switch tok.kind {
		case 't':
			nodes = append(nodes, tText{tok.s})
		case 'e':
			e, err := parseTeraExpr(tok.s, tok.line)
			if err != nil {
				return nil, nil, err
			}
			nodes = append(nodes, tPrint{e, tok.line, tok.s})
		case 's':
			word, rest, _ := strings.Cut(tok.s, " ")
			rest = strings.TrimSpace(rest)
			switch word {
			case "endif", "elif", "else", "endfor", "endmacro", "endblock", "endfilter":
				return nodes, &tok, nil
			case "if":
				n, err := p.ifBlock(rest, tok.line, depth)
				if err != nil {
					return nil, nil, err
				}
				nodes = append(nodes, n)
			case "for":
				n, err := p.forBlock(rest, tok.line, depth)
				if err != nil {
					return nil, nil, err
				}
				nodes = append(nodes, n)
			case "set", "set_global":
				name, ex, ok := strings.Cut(rest, "=")
				name = strings.TrimSpace(name)
				if !ok || !isIdent(name) {
					return nil, nil, &teraErr{tok.line, "{% " + tok.s + " %}"}
				}
				e, err := parseTeraExpr(ex, tok.line)
				if err != nil {
					return nil, nil, err
				}
				nodes = append(nodes, tSet{name, e, word == "set_global", tok.line})
			case "break":
				nodes = append(nodes, tBreak{})
			case "continue":
				nodes = append(nodes, tContinue{})
			default:
				n, ok, err := p.composeTag(word, rest, tok.line, depth)
				if err != nil {
					return nil, nil, err
				}
				if !ok {
					return nil, nil, &teraErr{tok.line, "the tag {% " + word + " %}"}
				}
				nodes = append(nodes, n)
			}
		}
	}
	return nodes, nil, nil
}

func (p *teraParser) line() int {
	if p.i < len(p.toks) {
		return p.toks[p.i].line
	}
	return 1
}

func (p *teraParser) ifBlock(cond string, line, depth int) (tNode, error) {
	var n tIf
	for {
		e, err := parseTeraExpr(cond, line)
		if err != nil {
			return nil, err
		}
		body, end, err := p.block(depth + 1)
		if err != nil {
			return nil, err
		}
		n.conds, n.bodies = append(n.conds, e), append(n.bodies, body)
		if end == nil {
			return nil, &teraErr{line, "{% if %} without {% endif %}"}
		}
		word, rest, _ := strings.Cut(end.s, " ")
		switch word {
		case "endif":
			return n, nil
		case "elif":
			cond, line = strings.TrimSpace(rest), end.line
			continue
		case "else":
			els, end2, err := p.block(depth + 1)
			if err != nil {
				return nil, err
			}
			if end2 == nil || end2.s != "endif" {
				return nil, &teraErr{end.line, "{% else %} not ended by {% endif %}"}
			}
			n.els = els
			return n, nil
		default:
			return nil, &teraErr{end.line, "{% " + end.s + " %} inside {% if %}"}
		}
	}
}

func (p *teraParser) forBlock(head string, line, depth int) (tNode, error) {
	names, iter, ok := strings.Cut(head, " in ")
	if !ok {
		return nil, &teraErr{line, "{% for " + head + " %}"}
	}
	var n tFor
	n.line = line
	if k, v, two := strings.Cut(names, ","); two {
		n.key, n.val = strings.TrimSpace(k), strings.TrimSpace(v)
	} else {
		n.val = strings.TrimSpace(names)
	}
	if !isIdent(n.val) || n.key != "" && !isIdent(n.key) {
		return nil, &teraErr{line, "{% for " + head + " %}"}
	}
	e, err := parseTeraExpr(iter, line)
	if err != nil {
		return nil, err
	}
	n.iter = e
	body, end, err := p.block(depth + 1)
	if err != nil {
		return nil, err
	}
	n.body = body
	if end != nil && end.s == "else" {
		n.els, end, err = p.block(depth + 1)
		if err != nil {
			return nil, err
		}
	}
	if end == nil || end.s != "endfor" {
		return nil, &teraErr{line, "{% for %} without {% endfor %}"}
	}
	return n, nil
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, c := range s {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// formatNum writes a number as Tera does: an integer without a point.
func formatNum(v any) string {
	switch n := v.(type) {
	case int64:
		return strconv.FormatInt(n, 10)
	case float64:
		s := strconv.FormatFloat(n, 'f', -1, 64)
		if !strings.ContainsAny(s, ".eE") && !strings.Contains(s, "Inf") && !strings.Contains(s, "NaN") {
			s += ".0"
		}
		return s
	}
	return ""
}
