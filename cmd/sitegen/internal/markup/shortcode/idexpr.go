package shortcode

import (
	"d6codex/cmd/sitegen/internal/markup/shortcode/hugotmpl"
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// An id expression is the Go template pipeline a site's shortcode template
// gives an element's id attribute from the shortcode's arguments, as
// bestia-docs' item.html writes
// `{{ $id := replace (lower (.Get "name")) " " "-" }}<div id="{{ $id }}">`.
// sitegen does not run Hugo's templates; it evaluates this small part of
// their language ("Go templates ... pipelines", https://gohugo.io/templates/introduction/)
// so the anchors such a shortcode makes are on the page and links to them
// resolve: string and number literals, parentheses, pipes (the value
// piped is the command's last argument), .Get with a name or position
// ("Get: Returns the value of the given argument",
// https://gohugo.io/methods/shortcode/get/), and the functions below.
// Any other word makes the template's id one sitegen cannot tell.

// idExpr is a parsed id expression.
type idExpr struct {
	fn   string   // a function, ".Get", or "" for a literal
	lit  string   // the literal's value
	args []idExpr // the function's arguments
}

// idFuncs are the template functions an id expression may use, each as
// Hugo documents it (https://gohugo.io/functions/).
var idFuncs = map[string]func(args []string) (string, bool){
	// "lower: Returns the given string, converting all characters to lowercase."
	"lower": one(strings.ToLower), "strings.ToLower": one(strings.ToLower),
	"upper": one(strings.ToUpper), "strings.ToUpper": one(strings.ToUpper),
	"strings.TrimSpace": one(strings.TrimSpace), "string": one(func(s string) string { return s }),
	// "replace INPUT OLD NEW [LIMIT]: Returns a copy of INPUT, replacing
	// all occurrences of OLD with NEW."
	"replace": replaceFn, "strings.Replace": replaceFn,
	"trim": func(a []string) (string, bool) {
		if len(a) != 2 {
			return "", false
		}
		return strings.Trim(a[0], a[1]), true
	},
	"printf": func(a []string) (string, bool) {
		if len(a) == 0 || strings.Count(a[0], "%")-2*strings.Count(a[0], "%%") != strings.Count(a[0], "%s")+strings.Count(a[0], "%v") {
			return "", false // only %s and %v: every argument is text
		}
		vals := make([]any, len(a)-1)
		for i, s := range a[1:] {
			vals[i] = s
		}
		return fmt.Sprintf(a[0], vals...), true
	},
	"print": func(a []string) (string, bool) { return strings.Join(a, ""), true },
	// "anchorize: Returns the given string, sanitized for usage in an
	// HTML id attribute" (https://gohugo.io/functions/urls/anchorize/).
	"anchorize": one(hugotmpl.Anchorize),
	// "urlize: Returns the given string, sanitized for usage in a URL"
	// (https://gohugo.io/functions/urls/urlize/): by the site's URL
	// rules, which eval is given.
	"urlize": func([]string) (string, bool) { return "", false },
}

func one(f func(string) string) func([]string) (string, bool) {
	return func(a []string) (string, bool) {
		if len(a) != 1 {
			return "", false
		}
		return f(a[0]), true
	}
}

func replaceFn(a []string) (string, bool) {
	switch len(a) {
	case 3:
		return strings.ReplaceAll(a[0], a[1], a[2]), true
	case 4:
		n, err := strconv.Atoi(a[3])
		if err != nil {
			return "", false
		}
		return strings.Replace(a[0], a[1], a[2], n), true
	}
	return "", false
}

// ValidID reports whether s is an id expression sitegen evaluates: one
// that uses only what is listed above and reads an argument (.Get).
func ValidID(s string) bool {
	_, ok := parseID(s)
	return ok
}

// parseID parses an id expression; false unless ValidID.
func parseID(s string) (idExpr, bool) {
	toks, ok := idTokens(s)
	if !ok {
		return idExpr{}, false
	}
	p := &idParser{toks: toks}
	e, ok := p.pipeline()
	if !ok || p.i != len(toks) || !e.usesGet() {
		return idExpr{}, false
	}
	return e, true
}

func (e idExpr) usesGet() bool {
	if e.fn == ".Get" {
		return true
	}
	for _, a := range e.args {
		if a.usesGet() {
			return true
		}
	}
	return false
}

// eval returns the expression's value for the shortcode call c; urlize
// is the site's urlize (nil: an expression using it has no value).
func (e idExpr) eval(c call, urlize func(string) string) (string, bool) {
	if e.fn == "" {
		return e.lit, true
	}
	args := make([]string, len(e.args))
	for i, a := range e.args {
		v, ok := a.eval(c, urlize)
		if !ok {
			return "", false
		}
		args[i] = v
	}
	if e.fn == "urlize" {
		if urlize == nil || len(args) != 1 {
			return "", false
		}
		return urlize(args[0]), true
	}
	if e.fn == ".Get" {
		if len(args) != 1 {
			return "", false
		}
		if n, err := strconv.Atoi(args[0]); err == nil {
			return c.arg("\x00", n), true
		}
		return c.arg(strings.ToLower(args[0]), -1), true
	}
	return idFuncs[e.fn](args)
}

// keyArg returns the argument the expression reads first (.Get's name or
// position, as written).
func (e idExpr) keyArg() string {
	if e.fn == ".Get" && len(e.args) == 1 {
		return e.args[0].lit
	}
	for _, a := range e.args {
		if k := a.keyArg(); k != "" {
			return k
		}
	}
	return ""
}

type idParser struct {
	toks []string
	i    int
}

func (p *idParser) peek() string {
	if p.i < len(p.toks) {
		return p.toks[p.i]
	}
	return ""
}

// pipeline: command ("|" command)*; the value piped is the next command's
// last argument.
func (p *idParser) pipeline() (idExpr, bool) {
	e, ok := p.command()
	for ok && p.peek() == "|" {
		p.i++
		var next idExpr
		if next, ok = p.command(); !ok || next.fn == "" {
			return idExpr{}, false
		}
		next.args = append(next.args, e)
		e = next
	}
	return e, ok
}

// command: a function (or .Get) and its operands, or one operand.
func (p *idParser) command() (idExpr, bool) {
	t := p.peek()
	if _, fn := idFuncs[t]; fn || t == ".Get" {
		p.i++
		e := idExpr{fn: t}
		for {
			switch p.peek() {
			case "", "|", ")":
				return e, true
			}
			a, ok := p.operand()
			if !ok {
				return idExpr{}, false
			}
			e.args = append(e.args, a)
		}
	}
	return p.operand()
}

// operand: a literal or a parenthesised pipeline.
func (p *idParser) operand() (idExpr, bool) {
	t := p.peek()
	p.i++
	switch {
	case t == "(":
		e, ok := p.pipeline()
		if !ok || p.peek() != ")" {
			return idExpr{}, false
		}
		p.i++
		return e, true
	case strings.HasPrefix(t, `"`):
		s, err := strconv.Unquote(t)
		return idExpr{lit: s}, err == nil
	case strings.HasPrefix(t, "`"):
		return idExpr{lit: strings.Trim(t, "`")}, true
	case t != "" && strings.IndexFunc(t, func(r rune) bool { return !unicode.IsDigit(r) }) < 0:
		return idExpr{lit: t}, true
	}
	return idExpr{}, false
}

// idTokens splits an expression into words, quoted texts, "(", ")" and "|".
func idTokens(s string) ([]string, bool) {
	var out []string
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '(' || c == ')' || c == '|':
			out = append(out, s[i:i+1])
			i++
		case c == '"':
			j := i + 1
			for j < len(s) && s[j] != '"' {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(s) {
				return nil, false
			}
			out = append(out, s[i:j+1])
			i = j + 1
		case c == '`':
			j := strings.IndexByte(s[i+1:], '`')
			if j < 0 {
				return nil, false
			}
			out = append(out, s[i:i+j+2])
			i += j + 2
		default:
			j := i
			for j < len(s) && !strings.ContainsRune(" \t\r\n()|\"`", rune(s[j])) {
				j++
			}
			out = append(out, s[i:j])
			i = j
		}
	}
	return out, true
}

// argIndex is the position .Get names (its argument a number), else -1.
func argIndex(key string) int {
	if n, err := strconv.Atoi(key); err == nil {
		return n
	}
	return -1
}
