package metabind

import (
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"
	"time"
)

// Render draws f read-only with the values of meta, the note's front
// matter: its HTML, or an error (Unsupported wrapped for a valid field
// this package does not draw) saying why the field is not drawn. md
// renders inline Markdown of the note (links, images; trusted HTML); nil
// draws what needs it as text.
func Render(f Field, meta map[string]any, md func(string) string) (string, error) {
	if f.View {
		return renderView(f, meta, md)
	}
	label := f.Target
	if t, ok := f.arg("title"); ok && t != "" {
		label = t
	}
	v, err := lookup(f.Target, meta)
	if err != nil {
		return "", err
	}
	if v == nil {
		if d, ok := f.arg("defaultValue"); ok {
			v = d
		}
	}
	aria := html.EscapeString(label)
	switch f.Type {
	case "toggle":
		checked := ""
		on, hasOn := f.arg("onValue")
		if hasOn && text(v) == on || !hasOn && truthy(v) {
			checked = " checked"
		}
		return fmt.Sprintf(`<input type="checkbox" class="mb-field mb-toggle" disabled%s aria-label="%s">`, checked, aria), nil
	case "slider", "progressBar":
		lo, hi := f.number("minValue", 0), f.number("maxValue", 100)
		x, ok := num(v)
		if !ok {
			x = lo
		}
		if f.Type == "progressBar" {
			return fmt.Sprintf(`<meter class="mb-field mb-progress" min="%s" max="%s" value="%s" aria-label="%s">%s</meter>`,
				fnum(lo), fnum(hi), fnum(x), aria, fnum(x)), nil
		}
		var b strings.Builder
		b.WriteString(`<span class="mb-field mb-slider">`)
		_, labels := f.arg("addLabels")
		if labels {
			fmt.Fprintf(&b, `<span class="mb-bound">%s</span>`, fnum(lo))
		}
		fmt.Fprintf(&b, `<input type="range" min="%s" max="%s" step="%s" value="%s" disabled aria-label="%s" title="%s">`,
			fnum(lo), fnum(hi), fnum(f.number("stepSize", 1)), fnum(x), aria, fnum(x))
		if labels {
			fmt.Fprintf(&b, `<span class="mb-bound">%s</span>`, fnum(hi))
		}
		b.WriteString(`</span>`)
		return b.String(), nil
	case "number":
		x, ok := num(v)
		if !ok {
			x = 0
		}
		return value(fnum(x), aria), nil
	case "text", "textArea", "text_area", "date", "time", "datePicker", "date_picker", "dateTime", "editor":
		return value(text(v), aria), nil
	case "select", "inlineSelect", "suggester":
		s := text(v)
		for _, a := range f.Args {
			if a.Name == "option" && len(a.Values) == 2 && a.Values[0] == s {
				s = a.Values[1]
				break
			}
		}
		return value(s, aria), nil
	case "imageSuggester":
		img := text(v)
		if img == "" || md == nil {
			return value(img, aria), nil
		}
		if !strings.HasPrefix(img, "[[") {
			img = "[[" + img + "]]"
		}
		return `<span class="mb-field mb-image">` + md("!"+img) + `</span>`, nil
	case "", "list", "inlineList", "multiSelect", "listSuggester", "inlineListSuggester":
		var items []string
		switch l := v.(type) {
		case []any:
			for _, x := range l {
				items = append(items, text(x))
			}
		case nil:
		default:
			items = []string{text(l)}
		}
		return value(strings.Join(items, ", "), aria), nil
	}
	return "", fmt.Errorf("input field type %q: %w", f.Type, Unsupported)
}

// renderView draws a view field: a text view with its references
// replaced (renderMarkdown: rendered), a math view that is one reference
// as its value, a link view's value as a link.
func renderView(f Field, meta map[string]any, md func(string) string) (string, error) {
	switch f.Type {
	case "math":
		ref, ok := strings.CutPrefix(strings.TrimSpace(f.Text), "{")
		if ref, ok2 := strings.CutSuffix(ref, "}"); ok && ok2 && !strings.ContainsAny(ref, "{}") {
			v, err := lookup(strings.TrimSpace(ref), meta)
			if err != nil {
				return "", err
			}
			return value(text(v), html.EscapeString(ref)), nil
		}
		v, err := evalMath(f.Text, meta)
		if err != nil {
			return "", fmt.Errorf("a math view field (%s): %w", f.Text, err)
		}
		return value(jsString(v), html.EscapeString(strings.TrimSpace(f.Text))), nil
	case "text":
		var b strings.Builder
		s := f.Text
		for {
			i := strings.IndexByte(s, '{')
			if i < 0 {
				break
			}
			j := strings.IndexByte(s[i:], '}')
			if j < 0 {
				break
			}
			b.WriteString(s[:i])
			v, err := lookup(strings.TrimSpace(s[i+1:i+j]), meta)
			if err != nil {
				return "", err
			}
			b.WriteString(text(v))
			s = s[i+j+1:]
		}
		b.WriteString(s)
		if _, ok := f.arg("renderMarkdown"); ok && md != nil {
			return `<span class="mb-field mb-view">` + md(b.String()) + `</span>`, nil
		}
		return `<span class="mb-field mb-view">` + html.EscapeString(b.String()) + `</span>`, nil
	case "link":
		ref, ok := strings.CutPrefix(strings.TrimSpace(f.Text), "{")
		ref, ok2 := strings.CutSuffix(ref, "}")
		if !ok || !ok2 || strings.ContainsAny(ref, "{}") {
			return "", fmt.Errorf("a link view field (%s) that is not one reference: %w", f.Text, Unsupported)
		}
		v, err := lookup(strings.TrimSpace(ref), meta)
		if err != nil {
			return "", err
		}
		var links []string
		for _, x := range listOf(v) {
			l := text(x)
			if l == "" {
				continue
			}
			if !strings.HasPrefix(l, "[[") && !strings.HasPrefix(l, "[") {
				l = "[[" + l + "]]"
			}
			links = append(links, l)
		}
		if md == nil {
			return value(strings.Join(links, ", "), html.EscapeString(ref)), nil
		}
		return `<span class="mb-field mb-view">` + md(strings.Join(links, ", ")) + `</span>`, nil
	}
	return "", fmt.Errorf("view field type %q: %w", f.Type, Unsupported)
}

// value is a value shown as text, labelled for assistive technology.
func value(s, aria string) string {
	return `<span class="mb-field mb-value" aria-label="` + aria + `">` + html.EscapeString(s) + `</span>`
}

// maxDepth bounds a bind target's path.
const maxDepth = 32

// lookup is the value of the bind target in meta: nil when the note has
// none there; an error for a target that is another note's, the plugin's
// memory, or not a path.
func lookup(target string, meta map[string]any) (any, error) {
	if target == "" {
		return nil, nil
	}
	if strings.ContainsAny(target, "#^") {
		return nil, fmt.Errorf("bind target %q (another note's property or the plugin's memory): %w", target, Unsupported)
	}
	var cur any = meta
	s := target
	for depth := 0; s != ""; depth++ {
		if depth >= maxDepth {
			return nil, fmt.Errorf("bind target %q: deeper than %d", target, maxDepth)
		}
		var key string
		switch {
		case s[0] == '[':
			end := strings.IndexByte(s, ']')
			if end < 0 {
				return nil, fmt.Errorf("bind target %q: unclosed [", target)
			}
			key, s = unquote(strings.TrimSpace(s[1:end])), s[end+1:]
		case s[0] == '.':
			s = s[1:]
			continue
		default:
			end := strings.IndexAny(s, ".[")
			if end < 0 {
				end = len(s)
			}
			key, s = s[:end], s[end:]
		}
		switch c := cur.(type) {
		case map[string]any:
			cur = c[key]
		case []any:
			cur = nil
			if i, err := strconv.Atoi(key); err == nil && i >= 0 && i < len(c) {
				cur = c[i]
			}
		default:
			cur = nil // the note has nothing there; the rest of the path is still read
		}
	}
	return cur, nil
}

// listOf is v as a list: its items, or v alone.
func listOf(v any) []any {
	switch l := v.(type) {
	case []any:
		return l
	case nil:
		return nil
	}
	return []any{v}
}

func truthy(v any) bool {
	switch t := v.(type) {
	case bool:
		return t
	case string:
		return strings.EqualFold(strings.TrimSpace(t), "true")
	}
	return false
}

func num(v any) (float64, bool) {
	switch t := v.(type) {
	case int:
		return float64(t), true
	case int64:
		return float64(t), true
	case uint64:
		return float64(t), true
	case float64:
		return t, !math.IsNaN(t) && !math.IsInf(t, 0)
	case string:
		x, err := strconv.ParseFloat(strings.TrimSpace(t), 64)
		return x, err == nil && !math.IsNaN(x) && !math.IsInf(x, 0)
	}
	return 0, false
}

// fnum is a number as the plugin shows it: no exponent, no trailing zeros.
func fnum(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// text is a front matter value as text.
func text(v any) string {
	switch t := v.(type) {
	case nil:
		return ""
	case string:
		return t
	case bool:
		return strconv.FormatBool(t)
	case time.Time:
		return t.Format("2006-01-02")
	case []any:
		var s []string
		for _, x := range t {
			s = append(s, text(x))
		}
		return strings.Join(s, ", ")
	}
	if x, ok := num(v); ok {
		return jsNumber(x) // as the plugin's String() of it
	}
	return fmt.Sprint(v)
}
