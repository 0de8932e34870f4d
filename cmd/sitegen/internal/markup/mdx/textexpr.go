package mdx

import (
	"bytes"
	"cmp"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
	"go.abhg.dev/goldmark/frontmatter"
)

// An {expression} in running text is JavaScript, not text: MDX
// "supports JavaScript expressions inside curly braces"
// (https://mdxjs.com/docs/what-is-mdx/#expressions), so nothing in it is
// Markdown (its _ starts no emphasis). sitegen reads the expressions
// whose value it knows: a string or template literal ({' '}), the name of
// a string constant the page exports (export const title = '…', then
// {title}, https://mdxjs.com/docs/what-is-mdx/#esm), and a front matter
// field whose value is a string, a number or a boolean
// ({frontmatter.title}, as Astro's MDX integration provides it,
// https://docs.astro.build/en/guides/integrations-guide/mdx/). Any other
// is shown as its source, as code, with one warning a page naming the
// first.

// exprWarnedKey is set in a parser context once the page's first
// expression not read has been reported.
var exprWarnedKey = parser.NewContextKey()

// frontMatterKey caches, in a parser context, the page's front matter
// fields (nil map when it has none or it does not decode).
var frontMatterKey = parser.NewContextKey()

// maxExpression bounds the source of an {expression} read over lines.
const maxExpression = 64 << 10

// parseExpression reads the {expression} line starts with, which may go
// on over the paragraph's next lines (micromark-extension-mdx-expression
// reads one up to its matching brace, line endings and all); nil when it
// does not end in the paragraph (its text is then left as it is).
func (p *inlineParser) parseExpression(line []byte, seg text.Segment, block text.Reader, pc parser.Context) ast.Node {
	if texArgument(block.Source(), seg.Start) {
		return nil
	}
	closing := func(c byte, depth int) bool { return c == '}' && depth == 0 }
	end := scanJSX(line, 0, closing)
	if end < 0 { // over lines: read on, from the paragraph's next line
		startLine, startPos := block.Position()
		buf := append([]byte(nil), line...)
		for end < 0 && len(buf) < maxExpression {
			block.AdvanceLine()
			next, _ := block.PeekLine()
			if next == nil {
				break
			}
			from := len(buf)
			buf = append(buf, next...)
			if end = scanJSX(buf, 0, closing); end >= 0 {
				block.Advance(end + 1 - from)
			}
		}
		if end < 0 {
			block.SetPosition(startLine, startPos)
			return nil
		}
		line = buf
	} else {
		block.Advance(end + 1)
	}
	src := strings.TrimSpace(string(line[1:end]))
	if src == "" || isComment(src) { // {/* a comment */}, { /* spaced */ }: nothing
		return &InlineDropped{}
	}
	value, ok := useBaseURL(src, p.ext.Base) // its text: the URL as Docusaurus writes it
	if v, unread, str := jsString(src, exports(pc)); !ok && str && unread == "" {
		value, ok = v, true
	}
	if !ok {
		value, ok = frontMatterField(src, pc)
	}
	if ok { // its value, as text
		s := ast.NewString([]byte(value))
		s.SetRaw(true)
		return s
	}
	if p.ext.Warn != nil && pc.Get(exprWarnedKey) == nil {
		pc.Set(exprWarnedKey, true)
		p.ext.Warn(pc, seg.Start, fmt.Sprintf("MDX expression {%s} is not evaluated: its source is shown as code (so are the page's other such expressions)", src))
	}
	code := ast.NewCodeSpan() // its source, braces and all
	_, after := block.Position()
	code.AppendChild(code, ast.NewRawTextSegment(text.NewSegment(seg.Start, after.Start)))
	return code
}

// frontMatterField is the value of the front matter field expr names
// (frontMatterPath), when it is a string, a number or a boolean.
func frontMatterField(expr string, pc parser.Context) (string, bool) {
	return scalar(frontMatterValue(expr, pc))
}

// scalar is a front matter value as text, when it is a string, a number
// or a boolean.
func scalar(v any) (string, bool) {
	switch v := v.(type) {
	case string:
		return v, true
	case bool:
		return strconv.FormatBool(v), true
	case int:
		return strconv.Itoa(v), true
	case int64:
		return strconv.FormatInt(v, 10), true
	case uint64:
		return strconv.FormatUint(v, 10), true
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64), true
	}
	return "", false
}

// frontMatterValue is the value in the page's front matter (pc's) at the
// path expr names (frontMatterPath); nil for none.
func frontMatterValue(expr string, pc parser.Context) any {
	path, ok := frontMatterPath(expr)
	if !ok {
		return nil
	}
	fields, ok := pc.Get(frontMatterKey).(map[string]any)
	if !ok {
		if d := frontmatter.Get(pc); d != nil {
			_ = d.Decode(&fields) // a front matter that does not decode has no fields here; the page's loader reports it
		}
		pc.Set(frontMatterKey, fields)
	}
	return lookup(fields, path)
}

// ExprValue is the string the JSX expression expr ("{…}", braces and
// all) of a page whose front matter is fields evaluates to, when it is a
// string literal or a front matter field of a string, number or boolean
// (as in text: parseExpression), or Docusaurus's useBaseUrl of a string
// literal (useBaseURL).
//
// A URL useBaseUrl gives under the site's baseUrl is returned
// root-relative without it ("/img/x.png" for "/rules/img/x.png"), as
// any link of the page is written before sitegen puts it under the
// site's base; an absolute one (absolute: true) as it is.
func ExprValue(expr string, fields map[string]any, base BaseURL) (string, bool) {
	inner, ok := strings.CutPrefix(strings.TrimSpace(expr), "{")
	if inner, ok = strings.CutSuffix(inner, "}"); !ok {
		return "", false
	}
	if u, ok := useBaseURL(inner, base); ok {
		if b := base.base(); b != "/" && strings.HasPrefix(u, b) {
			u = "/" + u[len(b):]
		}
		return u, true
	}
	if s, unread, ok := jsString(inner, nil); ok && unread == "" {
		return s, true
	}
	path, ok := frontMatterPath(inner)
	if !ok {
		return "", false
	}
	return scalar(lookup(fields, path))
}

// lookup is the value at path in the front matter fields; nil for none.
func lookup(fields map[string]any, path []string) any {
	var v any = fields
	for _, key := range path {
		switch c := v.(type) {
		case map[string]any:
			v = c[key]
		case []any:
			i, err := strconv.Atoi(key)
			if err != nil || i < 0 || i >= len(c) {
				return nil
			}
			v = c[i]
		default:
			return nil
		}
	}
	return v
}

// frontMatterPath is the path of keys expr, a member expression on
// frontmatter, names: frontmatter.a.b is [a b], frontmatter["a-b"] [a-b],
// frontmatter.list[1] [list 1], as Astro's rehype-heading-ids reads one
// (getMdxFrontmatterVariablePath: each property an identifier or, in
// brackets, a literal); ok is false for any other expression.
func frontMatterPath(expr string) (path []string, ok bool) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(expr), "frontmatter")
	if !ok {
		return nil, false
	}
	const space = " \t\r\n"
	for rest = strings.TrimLeft(rest, space); rest != ""; rest = strings.TrimLeft(rest, space) {
		switch rest[0] {
		case '.':
			rest = strings.TrimLeft(rest[1:], space)
			n := 0
			for n < len(rest) && (rest[n] == '$' || isNameStart(rest[n]) || n > 0 && rest[n] >= '0' && rest[n] <= '9') {
				n++
			}
			if n == 0 {
				return nil, false
			}
			path, rest = append(path, rest[:n]), rest[n:]
		case '[':
			rest = strings.TrimLeft(rest[1:], space)
			n := literalEnd([]byte(rest))
			key, _, str := jsString(rest[:max(n, 0)], nil)
			if !str {
				for n = 0; n < len(rest) && rest[n] >= '0' && rest[n] <= '9'; n++ {
				}
				if n == 0 {
					return nil, false
				}
				key = rest[:n]
			}
			rest = strings.TrimLeft(rest[n:], space)
			if rest == "" || rest[0] != ']' {
				return nil, false
			}
			path, rest = append(path, key), rest[1:]
		default:
			return nil, false
		}
	}
	return path, len(path) > 0
}

// isComment reports whether expr is one /* comment */ and nothing else.
func isComment(expr string) bool {
	return strings.HasPrefix(expr, "/*") && strings.Index(expr, "*/") == len(expr)-2
}

// HeadingSource is a heading's Markdown source (an MDX page's, pc's) as
// its id is made from it: each {expression} is its source, without its
// braces, or, with frontMatter, a front matter field's string value, as
// Astro's rehype-heading-ids reads an mdxTextExpression (the value "if
// typeof frontmatterValue === 'string'", else the expression's text);
// its punctuation is escaped, so that it is text, not Markdown. A
// {/* comment */} is left as it is (headingIDs reads {/* #id */}).
func HeadingSource(value []byte, pc parser.Context, frontMatter bool) []byte {
	if off(pc) || bytes.IndexByte(value, '{') < 0 {
		return value
	}
	var b []byte
	last := 0
	for i := 0; i < len(value); i++ {
		switch value[i] {
		case '\\':
			i++
			continue
		case '`': // a code span: its braces are text
			if j := bytes.IndexByte(value[i+1:], '`'); j >= 0 {
				i += j + 1
			}
			continue
		case '{':
		default:
			continue
		}
		end := scanJSX(value, i, func(c byte, depth int) bool { return c == '}' && depth == 0 })
		if end < 0 {
			break
		}
		src := strings.TrimSpace(string(value[i+1 : end]))
		if strings.HasPrefix(src, "/*") {
			i = end
			continue
		}
		text := src
		if v, ok := frontMatterField(src, pc); ok && frontMatter && isFrontMatterString(src, pc) {
			text = v
		}
		b = append(b, value[last:i]...)
		for k := 0; k < len(text); k++ {
			if c := text[k]; c < 0x80 && util.IsPunct(c) {
				b = append(b, '\\')
			}
			b = append(b, text[k])
		}
		last, i = end+1, end
	}
	if b == nil {
		return value
	}
	return append(b, value[last:]...)
}

// isFrontMatterString reports whether the front matter field expr names
// is a string (not a number or a boolean).
func isFrontMatterString(expr string, pc parser.Context) bool {
	_, ok := frontMatterValue(expr, pc).(string)
	return ok
}

// texArgument reports whether the { at src[at] is a TeX command's
// argument (\text{…}, x^{2}, a_{i}): math (remark-math, which a site
// adds to MDX and sitegen may not read) whose braces are no expression.
func texArgument(src []byte, at int) bool {
	i := at
	for i > 0 && (src[i-1] >= 'a' && src[i-1] <= 'z' || src[i-1] >= 'A' && src[i-1] <= 'Z') {
		i--
	}
	if i == 0 {
		return false
	}
	switch src[i-1] {
	case '\\':
		return i < at
	case '^', '_': // x^{2}, a_{i}; not _{expression}_, emphasis around one
		return i == at && i >= 2 && (isNameByte(src[i-2]) || src[i-2] == '}')
	}
	return false
}

// useBaseURLRE matches a call of Docusaurus's useBaseUrl: its first
// argument (a string literal, checked by jsString) and what follows it.
var useBaseURLRE = regexp.MustCompile(`^\s*useBaseUrl\s*\(\s*(.*?)\s*\)\s*$`)

// useBaseOptionRE matches one property of useBaseUrl's options object
// literal: "absolute: true", "'forcePrependBaseUrl': false".
var useBaseOptionRE = regexp.MustCompile(`^\s*["']?(\w+)["']?\s*:\s*(true|false)\s*$`)

// base is b's baseUrl, "/" when unset.
func (b BaseURL) base() string { return cmp.Or(b.Base, "/") }

// useBaseURL is the URL useBaseUrl('…') or useBaseUrl('…', {options})
// gives on a site of url and baseUrl b, by @docusaurus/core's addBaseUrl
// (the options of https://docusaurus.io/docs/docusaurus-core#useBaseUrl:
// "forcePrependBaseUrl: boolean; absolute: boolean"): a URL that is
// empty, a local anchor or has a protocol as it is ("It never makes sense
// to add base url to a local anchor url, or one with a protocol");
// forcePrependBaseUrl: baseUrl + the URL without its leading "/", even
// where it has the baseUrl already; else the baseUrl without its
// trailing "/" is the baseUrl, a URL that starts with the baseUrl as it
// is, any other baseUrl + the URL without its leading "/"; absolute: the
// site's url before that. ok is false when expr is no such call of a
// string literal (a variable, options not written as literals).
func useBaseURL(expr string, b BaseURL) (string, bool) {
	m := useBaseURLRE.FindStringSubmatch(expr)
	if m == nil || identRE.MatchString(strings.TrimSpace(m[1])) {
		return "", false
	}
	arg := strings.TrimSpace(m[1])
	end := literalEnd([]byte(arg))
	if end <= 0 {
		return "", false
	}
	u, unread, ok := jsString(arg[:end], nil)
	if !ok || unread != "" {
		return "", false
	}
	var absolute, force bool
	if rest := strings.TrimSpace(arg[end:]); rest != "" {
		opts, ok := strings.CutPrefix(rest, ",")
		if !ok {
			return "", false
		}
		opts = strings.TrimSpace(opts)
		inner, ok := strings.CutPrefix(opts, "{")
		if inner, ok = strings.CutSuffix(inner, "}"); !ok {
			return "", false
		}
		for _, prop := range strings.Split(inner, ",") {
			if strings.TrimSpace(prop) == "" {
				continue // a trailing comma
			}
			p := useBaseOptionRE.FindStringSubmatch(prop)
			if p == nil {
				return "", false
			}
			switch p[1] {
			case "absolute":
				absolute = p[2] == "true"
			case "forcePrependBaseUrl":
				force = p[2] == "true"
			default:
				return "", false
			}
		}
	}
	if u == "" || strings.HasPrefix(u, "#") || protocolRE.MatchString(u) {
		return u, true
	}
	base := b.base()
	if force {
		return base + strings.TrimPrefix(u, "/"), true
	}
	if u == strings.TrimSuffix(base, "/") {
		return base, true
	}
	path := u
	if !strings.HasPrefix(u, base) {
		path = base + strings.TrimPrefix(u, "/")
	}
	if absolute {
		return b.Site + path, true
	}
	return path, true
}

// protocolRE is @docusaurus/core's hasProtocol (isInternalUrl.js): a
// scheme and its colon (https:, mailto:) or "//".
var protocolRE = regexp.MustCompile(`^(?:[A-Za-z][A-Za-z\d+.-]*:|//)`)
