package hugotmpl

import (
	"cmp"
	"encoding/hex"
	"errors"
	"fmt"
	"html"
	"html/template"
	"math"
	"net/url"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	texttemplate "text/template"
	"unicode"
	"unicode/utf8"

	"github.com/gobuffalo/flect"
	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
)

// funcs are the Hugo template functions a run has, each as Hugo's
// documentation gives its arguments (https://gohugo.io/functions/): the
// collection or string they work on last, so that a pipe gives it.
func (r *run) funcs() template.FuncMap {
	return template.FuncMap{
		// Strings.
		"lower": strings.ToLower, "upper": strings.ToUpper,
		"title":     func(s any) string { return titleCase(toString(s)) },
		"replace":   replaceAll,
		"printf":    printf,
		"replaceRE": r.replaceRE, "findRE": r.findRE,
		"trim":         func(s, cut any) string { return strings.Trim(toString(s), toString(cut)) },
		"chomp":        func(s any) string { return strings.TrimRight(toString(s), "\r\n") },
		"split":        func(s, sep any) []string { return strings.Split(toString(s), toString(sep)) },
		"substr":       substr,
		"string":       toString,
		"strings":      func() stringsNS { return stringsNS{} },
		"int":          func(v any) (int, error) { f, err := toNumber(v); return int(f), err },
		"float":        toNumber,
		"urlize":       func(s any) string { return r.set.Urlize(toString(s)) },
		"anchorize":    func(s any) string { return Anchorize(toString(s)) },
		"humanize":     humanize,
		"plainify":     func(s any) string { return tagRE.ReplaceAllString(toString(s), "") },
		"htmlEscape":   func(s any) string { return html.EscapeString(toString(s)) },
		"htmlUnescape": func(s any) string { return html.UnescapeString(toString(s)) },
		"markdownify":  func(s any) (template.HTML, error) { return r.markdown(toString(s), true) },
		"safeHTML":     func(s any) template.HTML { return template.HTML(toString(s)) },
		"safeHTMLAttr": func(s any) template.HTMLAttr { return template.HTMLAttr(toString(s)) },
		"safeURL":      func(s any) template.URL { return template.URL(toString(s)) },
		"safeCSS":      func(s any) template.CSS { return template.CSS(toString(s)) },
		"safeJS":       func(s any) template.JS { return template.JS(toString(s)) },
		"relURL":       func(s any) string { return "/" + strings.TrimPrefix(toString(s), "/") },
		"absURL": func(s any) string {
			return strings.TrimSuffix(r.set.cfg.BaseURL, "/") + "/" + strings.TrimPrefix(toString(s), "/")
		},
		"ref": ref, "relref": ref,
		// Collections.
		"slice":   func(v ...any) []any { return v },
		"dict":    dict,
		"append":  r.appendTo,
		"first":   func(n any, c any) (any, error) { return part(n, c, true) },
		"after":   func(n any, c any) (any, error) { return part(n, c, false) },
		"last":    func(n any, c any) (any, error) { return lastN(n, c) },
		"delimit": delimit,
		"in":      in,
		"isset":   isset,
		"seq":     r.seq,
		"default": func(def, v any) any { return cond(truth(v), v, def) },
		"cond":    cond,
		// Math, bounded (bound.go).
		"add": func(a, b any) (any, error) { return arith(a, b, '+') },
		"sub": func(a, b any) (any, error) { return arith(a, b, '-') },
		"mul": func(a, b any) (any, error) { return arith(a, b, '*') },
		"div": func(a, b any) (any, error) { return arith(a, b, '/') },
		"mod": func(a, b any) (any, error) { return arith(a, b, '%') },
		// Files and paths (files.go).
		"readFile":   r.readFile,
		"fileExists": r.fileExists,
		"os":         func() osNS { return osNS{r} },
		"path":       func() pathNS { return pathNS{} },
		// Templates.
		"partial": r.partial,
		// Words (lang.Translate and its aliases).
		"i18n": r.translate, "T": r.translate, "lang": func() langNS { return langNS{r} },
		// boundRange guards each range loop (bound.go).
		boundFunc: r.boundRange,
		boundCall: r.boundTemplateCall,
	}
}

// stringsNS is Hugo's strings namespace (strings.TrimSpace …).
type stringsNS struct{}

func (stringsNS) TrimSpace(s any) string              { return strings.TrimSpace(toString(s)) }
func (stringsNS) ToLower(s any) string                { return strings.ToLower(toString(s)) }
func (stringsNS) ToUpper(s any) string                { return strings.ToUpper(toString(s)) }
func (stringsNS) Title(s any) string                  { return titleCase(toString(s)) }
func (stringsNS) Contains(s, sub any) bool            { return strings.Contains(toString(s), toString(sub)) }
func (stringsNS) HasPrefix(s, p any) bool             { return strings.HasPrefix(toString(s), toString(p)) }
func (stringsNS) HasSuffix(s, p any) bool             { return strings.HasSuffix(toString(s), toString(p)) }
func (stringsNS) TrimPrefix(p, s any) string          { return strings.TrimPrefix(toString(s), toString(p)) }
func (stringsNS) TrimSuffix(p, s any) string          { return strings.TrimSuffix(toString(s), toString(p)) }
func (stringsNS) Trim(s, cut any) string              { return strings.Trim(toString(s), toString(cut)) }
func (stringsNS) Replace(s, o, n any) (string, error) { return replaceAll(s, o, n) }
func (stringsNS) Split(s, sep any) []string           { return strings.Split(toString(s), toString(sep)) }
func (stringsNS) Repeat(n any, s any) (string, error) {
	f, err := toNumber(n)
	if err != nil || f < 0 || f*float64(len(toString(s))) > maxOutput {
		return "", fmt.Errorf("strings.Repeat: %v times is out of bounds", n)
	}
	return strings.Repeat(toString(s), int(f)), nil
}

// toString is Hugo's cast.ToString: nil is "".
func toString(v any) string {
	switch s := v.(type) {
	case nil:
		return ""
	case string:
		return s
	case template.HTML:
		return string(s)
	case []byte:
		return string(s)
	case fmt.Stringer:
		return s.String()
	}
	return fmt.Sprint(v)
}

func toNumber(v any) (float64, error) {
	switch n := v.(type) {
	case int:
		return float64(n), nil
	case int64:
		return float64(n), nil
	case float64:
		return n, nil
	case uint64:
		return float64(n), nil
	case string:
		return strconv.ParseFloat(strings.TrimSpace(n), 64)
	case nil:
		return 0, nil
	}
	return 0, fmt.Errorf("%v is not a number", v)
}

// truth is a template's truth: a zero value or an empty collection is false.
func truth(v any) bool {
	if v == nil {
		return false
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Slice, reflect.Map, reflect.String, reflect.Array:
		return rv.Len() > 0
	}
	return !rv.IsZero()
}

func cond(c bool, a, b any) any {
	if c {
		return a
	}
	return b
}

// titleCase is Hugo's title (its default "ap" style upper-cases each
// word's first letter; sitegen does not lower the AP style's small words).
func titleCase(s string) string {
	prev := ' '
	return strings.Map(func(r rune) rune {
		defer func() { prev = r }()
		if unicode.IsSpace(prev) || prev == '-' {
			return unicode.ToUpper(r)
		}
		return r
	}, s)
}

func substr(s any, args ...any) (string, error) {
	rs := []rune(toString(s))
	start, length := 0, len(rs)
	if len(args) > 0 {
		f, err := toNumber(args[0])
		if err != nil {
			return "", err
		}
		start = int(f)
	}
	if start < 0 {
		start += len(rs)
	}
	start = max(0, min(start, len(rs)))
	if len(args) > 1 {
		f, err := toNumber(args[1])
		if err != nil {
			return "", err
		}
		length = int(f)
	}
	end := len(rs)
	if length >= 0 {
		end = min(len(rs), start+length)
	} else {
		end = max(start, len(rs)+length)
	}
	return string(rs[start:end]), nil
}

// maxPattern bounds a template's regular expression.
const maxPattern = 1 << 10

func (r *run) replaceRE(pat, repl, s any) (string, error) {
	re, err := compile(pat)
	if err != nil {
		return "", err
	}
	in, with := toString(s), toString(repl)
	// each match at most its replacement's length with $n expanded to
	// the whole input: bounded before it is made
	if n := len(re.FindAllStringIndex(in, maxOutput)); n > 0 && len(in)+n*len(with)*(1+strings.Count(with, "$")*len(in)) > maxOutput {
		return "", fmt.Errorf("replaceRE: a result over %d bytes", maxOutput)
	}
	return re.ReplaceAllString(in, with), nil
}

// replaceAll is Hugo's replace INPUT OLD NEW, its result bounded.
func replaceAll(s, old, nw any) (string, error) {
	in, o, n := toString(s), toString(old), toString(nw)
	count := strings.Count(in, o)
	if len(in)+count*(len(n)-len(o)) > maxOutput {
		return "", fmt.Errorf("replace: a result over %d bytes", maxOutput)
	}
	return strings.ReplaceAll(in, o, n), nil
}

// widthRE finds the width or precision of a printf verb.
var widthRE = regexp.MustCompile(`%[-+# 0]*(\*|\d*)(?:\.(\*|\d*))?`)

// argIndexRE finds a verb's explicit argument index ("%[2]*d").
var argIndexRE = regexp.MustCompile(`%[-+# 0]*\[`)

// printf is Go's fmt.Sprintf (text/template's printf), a width or
// precision over 999 or given by an argument refused: "%9999999999d"
// would take memory without bound.
func printf(format string, args ...any) (string, error) {
	if argIndexRE.MatchString(format) {
		return "", fmt.Errorf("printf: an explicit argument index in %q", format)
	}
	for _, m := range widthRE.FindAllStringSubmatch(format, -1) {
		for _, w := range m[1:] {
			if w == "*" || len(w) > 3 {
				return "", fmt.Errorf("printf: a width or precision over 999 in %q", format)
			}
		}
	}
	return fmt.Sprintf(format, args...), nil
}

func (r *run) findRE(pat, s any, n ...any) ([]string, error) {
	re, err := compile(pat)
	if err != nil {
		return nil, err
	}
	limit := -1
	if len(n) > 0 {
		f, _ := toNumber(n[0])
		limit = int(f)
	}
	return re.FindAllString(toString(s), limit), nil
}

func compile(pat any) (*regexp.Regexp, error) {
	p := toString(pat)
	if len(p) > maxPattern {
		return nil, errors.New("a regular expression over 1 KiB")
	}
	return regexp.Compile(p) // RE2: linear in its input
}

// Urlize is Hugo's urlize: the text made a URL segment (Segment), then escaped
// as a URL ("urlize: Returns the given string, sanitized for usage in a
// URL", https://gohugo.io/functions/urls/urlize/; PathSpec.URLize).
func (s *Set) Urlize(text string) string {
	seg := text
	if s.cfg.Segment != nil {
		seg = s.cfg.Segment(seg)
	}
	u, err := url.Parse(seg)
	if err != nil {
		return seg
	}
	return u.String()
}

// anchorize is Hugo's: "Returns the given string, sanitized for usage in
// an HTML id attribute" (https://gohugo.io/functions/urls/anchorize/), as
// a heading's id is made (autoHeadingIDType "github", the default: Hugo
// 0.111's sanitizeAnchorName): spaces and hyphens are hyphens, letters
// lower-cased, digits and "_" kept, anything else dropped.
func Anchorize(s string) string {
	b := strings.TrimSpace(s)
	var out strings.Builder
	for len(b) > 0 {
		r, size := utf8.DecodeRuneInString(b)
		switch {
		case r == '-' || r == ' ':
			out.WriteByte('-')
		case r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			out.WriteRune(unicode.ToLower(r))
		}
		b = b[size:]
	}
	return out.String()
}

// humanize is Hugo's for a string: "Returns the humanized version of
// the given string with the first letter capitalized"
// (https://gohugo.io/functions/strings/humanize/), by flect.Humanize as
// Hugo 0.111 does it (flect.Humanize of the lower-cased flect.Humanize).
func humanize(s any) string {
	return flect.Humanize(strings.ToLower(flect.Humanize(toString(s))))
}

var tagRE = regexp.MustCompile(`<[^>]*>`)

// ref and relref give the page a path names as a link sitegen resolves
// and checks (RefMarks): "ref: Returns the permalink of the given page"
// (https://gohugo.io/functions/urls/ref/). Their first argument is the
// page (.Page), the second its path (or a map of path=).
func ref(_ any, target any) template.URL {
	t := target
	if m, ok := target.(map[string]any); ok {
		t = m["path"]
	}
	return template.URL(refPrefix + hex.EncodeToString([]byte(toString(t))))
}

func dict(kv ...any) (map[string]any, error) {
	if len(kv)%2 != 0 {
		return nil, errors.New("dict: an odd number of arguments")
	}
	m := make(map[string]any, len(kv)/2)
	for i := 0; i < len(kv); i += 2 {
		m[toString(kv[i])] = kv[i+1]
	}
	return m, nil
}

// appendTo is Hugo's append: "append ELEMENT... COLLECTION", or two
// slices joined (https://gohugo.io/functions/collections/append/).
func (r *run) appendTo(args ...any) ([]any, error) {
	if len(args) < 2 {
		return nil, errors.New("append: needs elements and a collection")
	}
	coll := toSlice(args[len(args)-1])
	elems := args[:len(args)-1]
	if err := r.step(len(coll) + len(elems)); err != nil { // a copy: a loop of appends is bounded
		return nil, err
	}
	if len(elems) == 1 {
		if s := reflect.ValueOf(elems[0]); s.Kind() == reflect.Slice {
			return append(slices.Clone(coll), toSlice(elems[0])...), nil
		}
	}
	if len(coll)+len(elems) > maxSteps {
		return nil, errors.New("append: a collection too large")
	}
	return append(slices.Clone(coll), elems...), nil
}

func toSlice(v any) []any {
	if v == nil {
		return nil
	}
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Slice && rv.Kind() != reflect.Array {
		return []any{v}
	}
	out := make([]any, rv.Len())
	for i := range out {
		out[i] = rv.Index(i).Interface()
	}
	return out
}

func part(n, c any, first bool) (any, error) {
	f, err := toNumber(n)
	if err != nil {
		return nil, err
	}
	s := toSlice(c)
	k := max(0, min(int(f), len(s)))
	if first {
		return s[:k], nil
	}
	return s[k:], nil
}

func lastN(n, c any) (any, error) {
	f, err := toNumber(n)
	if err != nil {
		return nil, err
	}
	s := toSlice(c)
	k := max(0, min(int(f), len(s)))
	return s[len(s)-k:], nil
}

func delimit(c, sep any, last ...any) string {
	var parts []string
	rv := reflect.ValueOf(c)
	if rv.Kind() == reflect.Map {
		keys := rv.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int { return strings.Compare(fmt.Sprint(a), fmt.Sprint(b)) })
		for _, k := range keys {
			parts = append(parts, toString(rv.MapIndex(k).Interface()))
		}
	} else {
		for _, v := range toSlice(c) {
			parts = append(parts, toString(v))
		}
	}
	if len(last) > 0 && len(parts) > 1 {
		return strings.Join(parts[:len(parts)-1], toString(sep)) + toString(last[0]) + parts[len(parts)-1]
	}
	return strings.Join(parts, toString(sep))
}

func in(set, item any) bool {
	if s, ok := set.(string); ok {
		return strings.Contains(s, toString(item))
	}
	for _, v := range toSlice(set) {
		if reflect.DeepEqual(v, item) || toString(v) == toString(item) {
			return true
		}
	}
	return false
}

func isset(c, key any) bool {
	rv := reflect.ValueOf(c)
	switch rv.Kind() {
	case reflect.Map:
		for _, k := range rv.MapKeys() {
			if strings.EqualFold(fmt.Sprint(k), toString(key)) {
				return true
			}
		}
	case reflect.Slice, reflect.Array:
		f, err := toNumber(key)
		return err == nil && int(f) >= 0 && int(f) < rv.Len()
	}
	return false
}

// markdown renders src; inline drops the paragraph around a single
// paragraph ("markdownify ... If the result is a single paragraph, the
// wrapping p tags are removed", https://gohugo.io/functions/transform/markdownify/).
func (r *run) markdown(src string, inline bool) (template.HTML, error) {
	convert := r.set.cfg.Markdown
	if r.call != nil && r.call.Markdown != nil {
		convert = r.call.Markdown
	}
	if convert == nil {
		return template.HTML(html.EscapeString(src)), nil
	}
	if err := r.step(len(src)/64 + 1); err != nil {
		return "", err
	}
	out, err := convert(src)
	if err != nil {
		return "", err
	}
	if inline {
		t := strings.TrimSpace(out)
		if strings.HasPrefix(t, "<p>") && strings.HasSuffix(t, "</p>") && strings.Count(t, "<p>") == 1 {
			out = t[3 : len(t)-4]
		}
	}
	return template.HTML(out), nil
}

// partial runs layouts/partials/NAME with ctx as its dot
// (https://gohugo.io/functions/partials/include/); a partial the site
// does not have is a *Missing.
func (r *run) partial(name string, ctx ...any) (template.HTML, error) {
	key := name
	if !strings.HasSuffix(key, ".html") {
		key += ".html"
	}
	src, ok := r.set.cfg.Partials[key]
	if !ok {
		return "", &Missing{Shortcode: r.callName(), What: fmt.Sprintf("the partial %q (not in the site's layouts/partials)", name)}
	}
	if r.depth >= maxDepth {
		return "", fmt.Errorf("partials nested more than %d deep", maxDepth)
	}
	var dot any
	if len(ctx) > 0 {
		dot = ctx[0]
	}
	r.depth++
	defer func() { r.depth-- }()
	out, err := r.exec("partials/"+key, src, dot)
	return template.HTML(out), err
}

func (r *run) callName() string {
	if r.call == nil {
		return ""
	}
	return r.call.Name
}

// Math: ints stay ints (Hugo's math functions), bounded so a loop over
// their result stays bounded.
const maxNumber = 1 << 20

func arith(a, b any, op byte) (any, error) {
	x, err := toNumber(a)
	if err != nil {
		return nil, err
	}
	y, err := toNumber(b)
	if err != nil {
		return nil, err
	}
	var z float64
	switch op {
	case '+':
		z = x + y
	case '-':
		z = x - y
	case '*':
		z = x * y
	case '/':
		if y == 0 {
			return nil, errors.New("div: division by zero")
		}
		z = x / y
	case '%':
		if int(y) == 0 {
			return nil, errors.New("mod: division by zero")
		}
		z = float64(int(x) % int(y))
	}
	if math.Abs(z) > maxNumber {
		return nil, fmt.Errorf("a number over %d", maxNumber)
	}
	_, fa := a.(float64)
	_, fb := b.(float64)
	if !fa && !fb && op != '/' || op == '/' && z == math.Trunc(z) && !fa && !fb {
		return int(z), nil
	}
	return z, nil
}

// translate is Hugo's lang.Translate, "Translates a string using the
// translation tables in the i18n directory", "lang.Translate KEY
// [CONTEXT]", aliases T and i18n: "If the key is not found in the
// translation table for the defaultContentLanguage, the lang.Translate
// function returns an empty string" (https://gohugo.io/functions/lang/translate/;
// the tables are Config.Words). A text with template actions is run as a
// template with the context, an integer context as .Count ("{{ .Count }}
// minutes"), which also picks the plural form (pluralForm). Hugo 0.111 measured: minutes 1 is "1 minute", 3 "3
// minutes", no context "<no value> minutes"; the text is escaped as any
// string.
func (r *run) translate(key any, ctx ...any) (string, error) {
	v, ok := r.set.cfg.Words[toString(key)]
	if !ok {
		return "", nil
	}
	var data, count any
	if len(ctx) > 0 {
		data = ctx[0]
		switch n := data.(type) {
		case int, int64, uint64:
			count, data = n, countData{n}
		case map[string]any:
			count = n["Count"]
		case float64, float32, string: // Hugo's toPluralCountValue: the count, not .Count
			count = n
		}
	}
	text := toString(v)
	if forms, ok := v.(map[string]any); ok {
		text = toString(cmp.Or(forms[pluralForm(r.set.cfg.WordsLanguage, count)], forms["other"]))
	}
	if !strings.Contains(text, "{{") {
		return text, nil
	}
	t, err := texttemplate.New("i18n").Parse(text)
	if err != nil {
		return "", fmt.Errorf("i18n %q: %w", toString(key), err)
	}
	w := &limitWriter{r: r}
	if err := t.Execute(w, data); err != nil {
		return "", fmt.Errorf("i18n %q: %w", toString(key), err)
	}
	return w.b.String(), nil
}

// langNS is Hugo's lang namespace: lang.Translate, the function i18n
// and T are aliases of (https://gohugo.io/functions/lang/translate/).
type langNS struct{ r *run }

// Translate is lang.Translate KEY [CONTEXT] (translate).
func (l langNS) Translate(key any, ctx ...any) (string, error) { return l.r.translate(key, ctx...) }

// countData is an integer context of a translation: its .Count.
type countData struct{ Count any }

// pluralForm is the plural form ("zero", "one", "two", "few", "many",
// "other") of count in the language lang (a BCP 47 tag; English when ""
// or not one): go-i18n's, which Hugo's translations use, by CLDR's
// plural rules (https://gohugo.io/functions/lang/translate/#pluralization),
// here golang.org/x/text's tables of them. count is read as Hugo 0.111's
// toPluralCountValue reads it: an integer as itself, a float as its
// shortest text with ".0" added where it has no point (1.0 has one
// visible fraction digit: not English's "one"), a text that is a number
// as written; anything else, or no count, is "other".
func pluralForm(lang string, count any) string {
	var s string
	switch n := count.(type) {
	case nil:
		return "other"
	case int, int64, uint64, int32, uint32, int16, uint16, int8, uint8, uint:
		s = fmt.Sprint(n)
	case float64, float32:
		f, _ := toNumber(n)
		if s = strconv.FormatFloat(f, 'f', -1, 64); !strings.Contains(s, ".") {
			s += ".0"
		}
	case string:
		if _, err := strconv.ParseFloat(strings.TrimSpace(n), 64); err != nil {
			return "other"
		}
		s = strings.TrimSpace(n)
	default:
		return "other"
	}
	i, v, w, f, t, ok := pluralOperands(s)
	if !ok {
		return "other"
	}
	tag, err := language.Parse(lang)
	if err != nil || lang == "" {
		tag = language.English
	}
	switch plural.Cardinal.MatchPlural(tag, i, v, w, f, t) {
	case plural.Zero:
		return "zero"
	case plural.One:
		return "one"
	case plural.Two:
		return "two"
	case plural.Few:
		return "few"
	case plural.Many:
		return "many"
	}
	return "other"
}

// pluralOperands are CLDR's operands of the decimal number s
// (https://unicode.org/reports/tr35/tr35-numbers.html#Operands): i the
// integer digits, v the count of visible fraction digits and f their
// value, w and t the same without trailing zeros. Digits past the ninth
// are left out of i and f (the rules look at i modulo 10, 100, 1000000 at
// most), so that each fits an int; ok is false for an exponent form.
func pluralOperands(s string) (i, v, w, f, t int, ok bool) {
	s = strings.TrimPrefix(strings.TrimPrefix(s, "-"), "+")
	ip, fp, _ := strings.Cut(s, ".")
	digits := func(d string) (int, bool) {
		if len(d) > 9 {
			d = d[len(d)-9:]
		}
		n := 0
		for _, c := range d {
			if c < '0' || c > '9' {
				return 0, false
			}
			n = n*10 + int(c-'0')
		}
		return n, true
	}
	if i, ok = digits(ip); !ok || ip == "" {
		return 0, 0, 0, 0, 0, false
	}
	ft := strings.TrimRight(fp, "0")
	v, w = len(fp), len(ft)
	if len(fp) > 9 {
		fp, ft = fp[:9], strings.TrimRight(fp[:9], "0")
		v, w = 9, len(ft)
	}
	if f, ok = digits(fp); !ok {
		return 0, 0, 0, 0, 0, false
	}
	t, _ = digits(ft)
	return i, v, w, f, t, true
}
