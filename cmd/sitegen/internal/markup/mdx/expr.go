package mdx

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/yuin/goldmark/parser"

	"d6codex/cmd/sitegen/internal/jsstring"
)

// An attribute of a JSX opening tag is a string ("…", '…'), a bare name
// or an expression ({…}). An expression is read when it is a string:
// a string literal, a template literal, or the name of a string constant
// the page exports (export const exampleCode = `…`, as Starlight's
// <Code code={exampleCode} /> is written,
// https://starlight.astro.build/components/code/); a template literal's
// ${name} is that constant, any other substitution kept as written. What
// is not read is named in Element.Unread for the caller to report.

// attr is one attribute of an opening tag.
type attr struct {
	name  string
	value string // the string; "true" for a bare name; "" for an expression not read
	str   bool   // value is a string (quoted, or an expression read as one)
	bare  bool   // a name without a value
	// unread is, for an expression, what of it was not read: the whole
	// expression, or the template literal's substitutions (${HASH}).
	unread string
}

// exportsKey holds, in a parser context, the string constants the page's
// export statements have declared so far (name -> value).
var exportsKey = parser.NewContextKey()

// exports is the page's exported string constants read so far.
func exports(pc parser.Context) map[string]string {
	if pc == nil {
		return nil
	}
	m, _ := pc.Get(exportsKey).(map[string]string)
	return m
}

// exportConstRE matches the start of an exported constant.
var exportConstRE = regexp.MustCompile(`(?m)^export\s+const\s+([A-Za-z_$][\w$]*)\s*=\s*`)

// readExports adds the string constants an export block declares
// (export const name = '…' | "…" | `…`, a template literal's ${name}
// from the constants before it) to pc's.
func readExports(block []byte, pc parser.Context) {
	m := exports(pc)
	for _, loc := range exportConstRE.FindAllSubmatchIndex(block, -1) {
		rest := block[loc[1]:]
		end := literalEnd(rest)
		if end < 0 {
			continue
		}
		if s, unread, ok := jsString(string(rest[:end]), m); ok && unread == "" {
			if m == nil {
				m = map[string]string{}
				pc.Set(exportsKey, m)
			}
			m[string(block[loc[2]:loc[3]])] = s
		}
	}
}

// literalEnd is the end of the string or template literal b starts
// with, -1 when b does not start with one or it does not end.
func literalEnd(b []byte) int {
	if len(b) == 0 || (b[0] != '"' && b[0] != '\'' && b[0] != '`') {
		return -1
	}
	q := b[0]
	for i := 1; i < len(b); i++ {
		switch {
		case b[i] == '\\':
			i++
		case b[i] == q:
			return i + 1
		case q == '`' && b[i] == '$' && i+1 < len(b) && b[i+1] == '{':
			j := scanJSX(b, i+1, func(c byte, depth int) bool { return c == '}' && depth == 0 })
			if j < 0 {
				return -1
			}
			i = j
		}
	}
	return -1
}

// identRE is a JavaScript identifier.
var identRE = regexp.MustCompile(`^[A-Za-z_$][\w$]*$`)

// jsString is the string the expression expr evaluates to when it is a
// string literal, a template literal or the name of one of consts; ok is
// false for any other expression. A template literal's substitution that
// is not one of consts is kept as written (${HASH}) and named in unread.
func jsString(expr string, consts map[string]string) (s, unread string, ok bool) {
	expr = strings.TrimSpace(expr)
	if identRE.MatchString(expr) {
		s, ok = consts[expr]
		return s, "", ok
	}
	if literalEnd([]byte(expr)) != len(expr) {
		return "", "", false
	}
	q, body := expr[0], expr[1:len(expr)-1]
	var b strings.Builder
	var missing []string
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c == '\\' && i+1 < len(body):
			n := jsstring.Unescape(&b, body[i+1:])
			i += n
		case q == '`' && c == '$' && i+1 < len(body) && body[i+1] == '{':
			j := scanJSX([]byte(body), i+1, func(c byte, depth int) bool { return c == '}' && depth == 0 })
			name := strings.TrimSpace(body[i+2 : j])
			if v, found := consts[name]; found && identRE.MatchString(name) {
				b.WriteString(v)
			} else {
				b.WriteString(body[i : j+1])
				missing = append(missing, body[i:j+1])
			}
			i = j
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), strings.Join(missing, " "), true
}

// tagAttrs reads the attributes of an opening tag (after its name); an
// expression is read with the page's exported constants and front
// matter (pc's).
func tagAttrs(b []byte, pc parser.Context) []attr {
	b = bytes.TrimSuffix(bytes.TrimSuffix(bytes.TrimSpace(b), []byte(">")), []byte("/"))
	consts := exports(pc)
	var out []attr
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case c == '{': // {...spread}: not an attribute
			j := scanJSX(b, i, func(c byte, depth int) bool { return c == '}' && depth == 0 })
			if j < 0 {
				return out
			}
			i = j + 1
			continue
		case !isNameStart(c):
			i++
			continue
		}
		j := i
		for j < len(b) && isNameByte(b[j]) {
			j++
		}
		a := attr{name: string(b[i:j])}
		k := skipSpace(b, j)
		if k >= len(b) || b[k] != '=' {
			a.value, a.str, a.bare = "true", false, true
			out = append(out, a)
			i = j
			continue
		}
		k = skipSpace(b, k+1)
		if k >= len(b) {
			out = append(out, a)
			return out
		}
		switch b[k] {
		case '"', '\'':
			end := bytes.IndexByte(b[k+1:], b[k])
			if end < 0 {
				a.value, a.str = string(b[k+1:]), true
				return append(out, a)
			}
			a.value, a.str = string(b[k+1:k+1+end]), true
			i = k + end + 2
		case '{':
			end := scanJSX(b, k, func(c byte, depth int) bool { return c == '}' && depth == 0 })
			if end < 0 {
				a.unread = string(b[k+1:])
				return append(out, a)
			}
			expr := string(b[k+1 : end])
			if s, unread, ok := jsString(expr, consts); ok {
				a.value, a.str, a.unread = s, true, unread
			} else if s, ok := frontMatterField(expr, pc); ok { // title={frontmatter.title}
				a.value, a.str = s, true
			} else {
				a.unread = strings.TrimSpace(expr)
			}
			i = end + 1
		default:
			i = k
		}
		out = append(out, a)
	}
	return out
}

func isNameStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isNameByte(c byte) bool {
	return isNameStart(c) || c >= '0' && c <= '9' || c == ':' || c == '-' || c == '.'
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}
