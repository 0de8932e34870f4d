package mdx

import (
	"html"
	"regexp"
	"strconv"
	"strings"
)

// JSX attributes in the raw HTML of an MDX page. "Since all doc files are
// parsed using MDX, anything that looks like HTML is actually JSX.
// Therefore, if you need to inline-style a component, follow JSX flavor
// and provide style objects" (https://docusaurus.io/docs/markdown-features/react#markdown-and-jsx-interoperability
// in 2.x, https://docusaurus.io/docs/2.x/markdown-features/react): <h3
// style={{color: '#58180D', marginBottom: '1rem'}}> is rendered by React
// as <h3 style="color:#58180D;margin-bottom:1rem">. An element goldmark
// keeps as raw HTML (one with text after its tag, one inside an HTML
// block) is read here, before the raw HTML's allowlist, so that the
// object is the CSS React writes, not HTML attributes made of its pieces.

// rawTagRE matches the start of a lower-case opening tag in raw HTML.
var rawTagRE = regexp.MustCompile(`<([a-z][\w-]*)[\s/>]`)

// JSXAttr is one attribute of raw HTML written as a JSX expression.
type JSXAttr struct {
	At   int    // the byte offset of its tag's "<" in the fragment
	Tag  string // the element's name
	Name string // the attribute's name
	Expr string // the expression, braces included, as written
	// CSS is the style React renders for a style object literal of
	// string and number values; "" when the expression is not one.
	CSS string
	// Value, when Valued (set by JSXAttrs' keep), is the string the
	// expression evaluates to (title={frontmatter.title}), written as
	// name="value", as React writes it.
	Value  string
	Valued bool
}

// JSXAttrs rewrites the attributes written as JSX expressions (name={…})
// in the opening tags of a fragment of raw HTML: each is given to keep,
// and replaced by style="CSS" when it is a style object literal and keep
// says so, or by name="Value" when keep gives it a Value, else removed.
// A fragment without one is returned as it is.
func JSXAttrs(s string, keep func(a *JSXAttr) bool) string {
	if !strings.Contains(s, "={") && !strings.Contains(s, "= {") {
		return s
	}
	return rewriteTags(s, func(start int, name, tag string) string {
		attrs := exprAttrRE.FindAllStringSubmatchIndex(tag, -1)
		if len(attrs) == 0 {
			return tag
		}
		var b strings.Builder
		at := 0
		for _, a := range attrs {
			open := a[1] - 1 // the "{"
			if open < at {
				continue
			}
			close := exprEnd(tag, open)
			if close < 0 {
				break
			}
			attr := JSXAttr{At: start, Tag: name, Name: tag[a[2]:a[3]], Expr: tag[open:close]}
			if attr.Name == "style" {
				attr.CSS = styleCSS(attr.Expr)
			}
			b.WriteString(tag[at:a[0]])
			switch {
			case !keep(&attr):
			case attr.Valued:
				b.WriteString(" " + htmlName(attr.Name) + `="` + html.EscapeString(attr.Value) + `"`)
			case attr.CSS != "":
				b.WriteString(` style="` + strings.ReplaceAll(attr.CSS, `"`, "&quot;") + `"`)
			}
			at = close
		}
		b.WriteString(tag[at:])
		return b.String()
	})
}

// rewriteTags is s with each lower-case opening tag of its raw HTML (from
// its "<" to its ">", quoted values and JSX expressions skipped: tagEnd)
// replaced by what rewrite makes of it, given the tag's byte offset in s
// and the element's name. The one walk over the tags of JSXAttrs and
// JSXNames.
func rewriteTags(s string, rewrite func(start int, name, tag string) string) string {
	var b strings.Builder
	last := 0
	for _, m := range rawTagRE.FindAllStringSubmatchIndex(s, -1) {
		start := m[0]
		if start < last {
			continue // inside a tag rewritten already
		}
		end, _, ok := tagEnd([]byte(s[start:]))
		if !ok {
			continue
		}
		b.WriteString(s[last:start])
		b.WriteString(rewrite(start, s[m[2]:m[3]], s[start:start+end]))
		last = start + end
	}
	b.WriteString(s[last:])
	return b.String()
}

// exprEnd is the byte after the "}" that closes the expression whose "{"
// is at open in s, skipping strings; -1 when it does not close.
func exprEnd(s string, open int) int {
	i := scanJSX([]byte(s), open, func(c byte, depth int) bool { return c == '}' && depth == 0 })
	if i < 0 {
		return -1
	}
	return i + 1
}

// styleTokenRE reads one property of a style object literal: a key (a
// name or a quoted string), a colon, a value (a quoted string without
// escapes or ${…}, or a number), then a comma or the end.
var styleTokenRE = regexp.MustCompile(`^\s*(?:([A-Za-z_$][\w$]*)|'([^'\\]*)'|"([^"\\]*)")\s*:\s*(?:'([^'\\]*)'|"([^"\\]*)"|` + "`([^`\\\\$]*)`" + `|(-?(?:\d+\.?\d*|\.\d+)))\s*(?:,|$)`)

// styleCSS is the CSS React renders for the JSX style expression expr
// ("{{color: 'red', marginBottom: 4}}"): camelCase names in kebab-case,
// numbers as JavaScript writes them, with px but for unitless
// properties and 0 (React DOM's dangerousStyleValue), values trimmed, empty ones left out, joined
// with ";". "" when expr is not an object literal of string and number
// values (a variable, a call, a spread, a computed key).
func styleCSS(expr string) string {
	obj := strings.TrimSpace(expr)
	if !strings.HasPrefix(obj, "{") || !strings.HasSuffix(obj, "}") {
		return ""
	}
	obj = strings.TrimSpace(obj[1 : len(obj)-1])
	if !strings.HasPrefix(obj, "{") || !strings.HasSuffix(obj, "}") {
		return ""
	}
	obj = strings.TrimSpace(obj[1 : len(obj)-1])
	var decls []string
	for obj != "" {
		m := styleTokenRE.FindStringSubmatch(obj)
		if m == nil {
			return ""
		}
		obj = strings.TrimSpace(obj[len(m[0]):])
		key := m[1] + m[2] + m[3]
		val := strings.TrimSpace(m[4] + m[5] + m[6])
		if m[7] != "" {
			n, err := strconv.ParseFloat(m[7], 64)
			if err != nil {
				return ""
			}
			val = strconv.FormatFloat(n, 'f', -1, 64) // as JavaScript writes the number (.5 is 0.5)
			if n != 0 && !unitless[key] {
				val += "px"
			}
		}
		if val == "" {
			continue
		}
		if strings.ContainsAny(val, ";<>") {
			return "" // not one declaration: not a style sitegen writes
		}
		decls = append(decls, cssName(key)+":"+val)
	}
	return strings.Join(decls, ";")
}

// cssName is the CSS property React writes for a style key: a custom
// property (--x) as it is, else each capital letter as "-" and the
// letter, "ms" prefixed "-ms-" (React DOM's hyphenateStyleName).
func cssName(key string) string {
	if strings.HasPrefix(key, "--") {
		return key
	}
	var b strings.Builder
	for _, r := range key {
		if r >= 'A' && r <= 'Z' {
			b.WriteByte('-')
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	name := b.String()
	if strings.HasPrefix(name, "ms-") {
		name = "-" + name
	}
	return name
}

// unitless are the style properties whose numbers React writes without
// px (React DOM's isUnitlessNumber).
var unitless = func() map[string]bool {
	set := map[string]bool{}
	for _, k := range strings.Fields(`animationIterationCount aspectRatio borderImageOutset borderImageSlice
		borderImageWidth boxFlex boxFlexGroup boxOrdinalGroup columnCount columns flex flexGrow flexPositive
		flexShrink flexNegative flexOrder gridArea gridRow gridRowEnd gridRowSpan gridRowStart gridColumn
		gridColumnEnd gridColumnSpan gridColumnStart fontWeight lineClamp lineHeight opacity order orphans scale
		tabSize widows zIndex zoom fillOpacity floodOpacity stopOpacity strokeDasharray strokeDashoffset
		strokeMiterlimit strokeOpacity strokeWidth`) {
		set[k] = true
	}
	return set
}()

// jsxNameRE matches a JSX prop name React DOM writes as another HTML
// attribute (htmlName), where an attribute starts inside a tag.
var jsxNameRE = regexp.MustCompile(`(\s)(className|htmlFor)(\s*=)`)

// JSXNames writes the JSX prop names of the lower-case elements' tags of
// the raw HTML s as React DOM writes their attributes (className="x" is
// class="x", htmlFor for): MDX reads an element as JSX, its string props
// too.
func JSXNames(s string) string {
	if !strings.Contains(s, "className") && !strings.Contains(s, "htmlFor") {
		return s
	}
	return rewriteTags(s, func(_ int, _, tag string) string {
		return jsxNameRE.ReplaceAllStringFunc(tag, func(a string) string {
			p := jsxNameRE.FindStringSubmatch(a)
			return p[1] + htmlName(p[2]) + p[3]
		})
	})
}

// htmlName is the HTML attribute React DOM writes for the JSX prop name:
// className is class, htmlFor for; others as they are.
func htmlName(name string) string {
	switch name {
	case "className":
		return "class"
	case "htmlFor":
		return "for"
	}
	return name
}
