package jekyll

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/osteele/tuesday"
	"html"
	"net/url"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"

	"d6codex/cmd/sitegen/internal/layout"
)

// Jekyll's filters, beside Liquid's own
// (https://jekyllrb.com/docs/liquid/filters/): each is checked in
// TestLiquidFilters with the example of that page.

// addFilters registers Jekyll's filters on the run's engine. Each fails
// once the run is given up (render's timeout), which ends a loop that
// calls one.
func (r *run) addFilters() {
	add := func(name string, fn any) { r.engine.RegisterFilter(name, fn) }
	live := func() error {
		if r.cancelled.Load() {
			return errCancelled
		}
		return nil
	}
	// "relative_url: Prepend baseurl config value to the input"; an
	// absolute URL is left as it is.
	add("relative_url", func(in any) (string, error) {
		return r.relativeURL(fmt.Sprint(nilString(in))), live()
	})
	// "absolute_url: Prepend url and baseurl value to the input."
	add("absolute_url", func(in any) (string, error) {
		s := fmt.Sprint(nilString(in))
		if isAbsolute(s) {
			return s, live()
		}
		return r.url + r.relativeURL(s), live()
	})
	// "where: Select all the objects in an array where the key has the
	// given value."
	add("where", func(in any, key string, value any) ([]any, error) {
		var out []any
		want := fmt.Sprint(value)
		for _, x := range list(in) {
			v := property(x, key)
			if items := list(v); reflect.ValueOf(v).Kind() == reflect.Slice {
				for _, it := range items {
					if fmt.Sprint(it) == want {
						out = append(out, x)
						break
					}
				}
			} else if v != nil && fmt.Sprint(v) == want {
				out = append(out, x)
			}
		}
		return out, live()
	})
	// "group_by: Group an array's items by a given property": a list of
	// {name, items, size}.
	add("group_by", func(in any, key string) ([]any, error) {
		out, _ := groups(list(in), func(x any) (string, error) { return fmt.Sprint(nilString(property(x, key))), nil })
		return out, live()
	})
	// "sort: Sort an array. Optional arguments for hashes 1. property
	// name 2. nils order (first or last)."
	add("sort", func(in any, key func(any) any, nils func(any) any) ([]any, error) {
		items := append([]any(nil), list(in)...)
		k, _ := key(nil).(string)
		last := nils("first") == "last"
		sort.SliceStable(items, func(i, j int) bool {
			a, b := items[i], items[j]
			if k != "" {
				a, b = property(a, k), property(b, k)
			}
			switch {
			case a == nil && b == nil:
				return false
			case a == nil:
				return !last
			case b == nil:
				return last
			}
			return less(a, b)
		})
		return items, live()
	})
	// "jsonify: Convert Hash or Array to JSON."
	add("jsonify", func(in any) (string, error) {
		b, err := json.Marshal(jsonable(in))
		if err != nil {
			return "", err
		}
		return string(b), live()
	})
	// "markdownify: Convert a Markdown-formatted string into HTML."
	md := goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough))
	add("markdownify", func(in any) (string, error) {
		if s, ok := in.(string); ok && isPageContent(s) {
			// {{ content | markdownify }}: the content is the page's
			// HTML, which kramdown keeps as HTML blocks (jekyll 4.3.1
			// writes the same page with and without the filter).
			return s, live()
		}
		var b bytes.Buffer
		if err := md.Convert([]byte(fmt.Sprint(nilString(in))), &b); err != nil {
			return "", err
		}
		return b.String(), live()
	})
	// "slugify: Convert a string into a lowercase URL 'slug'."
	add("slugify", func(in any) (string, error) { return slugify(fmt.Sprint(nilString(in))), live() })
	// "xml_escape: Escape some text for use in XML."
	add("xml_escape", func(in any) (string, error) { return html.EscapeString(fmt.Sprint(nilString(in))), live() })
	// "cgi_escape: CGI escape a string for use in a URL."
	add("cgi_escape", func(in any) (string, error) { return url.QueryEscape(fmt.Sprint(nilString(in))), live() })
	// "uri_escape: Percent encodes any special characters in a URI."
	add("uri_escape", func(in any) (string, error) {
		return strings.ReplaceAll(url.PathEscape(fmt.Sprint(nilString(in))), "%2F", "/"), live()
	})
	// "number_of_words: Count the number of words in some text."
	add("number_of_words", func(in any) (int, error) {
		n := 0
		for _, w := range strings.Fields(fmt.Sprint(nilString(in))) {
			if w != textOpen && w != textClose { // a mark around a page's rendered text (contentfilter.go) is no word
				n++
			}
		}
		return n, live()
	})
	// "array_to_sentence_string: Convert an array into a sentence."
	add("array_to_sentence_string", func(in any, conj func(any) any) (string, error) {
		c := fmt.Sprint(conj("and"))
		var words []string
		for _, x := range list(in) {
			words = append(words, fmt.Sprint(x))
		}
		switch len(words) {
		case 0:
			return "", live()
		case 1:
			return words[0], live()
		case 2:
			return words[0] + " " + c + " " + words[1], live()
		}
		return strings.Join(words[:len(words)-1], ", ") + ", " + c + " " + words[len(words)-1], live()
	})
	// "smartify: Convert "quotes" into “smart quotes.”": the page's
	// Markdown makes them typographic already; text as it is.
	add("smartify", func(in any) (string, error) { return fmt.Sprint(nilString(in)), live() })
	// "normalize_whitespace: Replace any occurrence of whitespace with
	// a single space."
	add("normalize_whitespace", func(in any) (string, error) {
		return strings.Join(strings.Fields(fmt.Sprint(nilString(in))), " "), live()
	})
	// "date_to_xmlschema: Convert a Date into XML Schema (ISO 8601)
	// format", "date_to_rfc822", "date_to_string: Convert a date to
	// short format" (07 Nov 2008), "date_to_long_string" (07 November 2008).
	for name, f := range map[string]string{"date_to_xmlschema": "2006-01-02T15:04:05-07:00", "date_to_rfc822": time.RFC1123Z,
		"date_to_string": "02 Jan 2006", "date_to_long_string": "02 January 2006"} {
		add(name, func(in any) (string, error) {
			t, ok := toTime(in)
			if !ok {
				return fmt.Sprint(nilString(in)), live()
			}
			return t.Format(f), live()
		})
	}
	// Liquid's date: "Converts a timestamp into another date format ...
	// If the input is nil or an empty string, the input is returned"
	// (shopify.github.io/liquid/filters/date/; Ruby's Liquid returns what
	// it cannot read as a date too): "now" and "today" are the time of the
	// build, the format strftime's (tuesday, as the Liquid engine's own).
	add("date", func(in any, args ...any) (any, error) {
		format := "%a, %b %d, %y" // the Liquid engine's default
		if len(args) > 0 && args[0] != nil {
			format = fmt.Sprint(args[0])
		}
		t, ok := toTime(in)
		if s, text := in.(string); text {
			switch strings.TrimSpace(s) {
			case "":
				return s, live()
			case "now", "today":
				t, ok = time.Now(), true
			}
		}
		if !ok {
			return nilString(in), live()
		}
		out, err := tuesday.Strftime(format, t)
		if err != nil {
			return nilString(in), live()
		}
		return out, live()
	})
	// "push", "pop", "shift", "unshift": a new array with an item added
	// or removed at its end or start.
	add("push", func(in any, x any) ([]any, error) { return append(append([]any(nil), list(in)...), x), live() })
	add("unshift", func(in any, x any) ([]any, error) { return append([]any{x}, list(in)...), live() })
	add("pop", func(in any) ([]any, error) {
		l := list(in)
		if len(l) == 0 {
			return l, live()
		}
		return append([]any(nil), l[:len(l)-1]...), live()
	})
	add("shift", func(in any) ([]any, error) {
		l := list(in)
		if len(l) == 0 {
			return l, live()
		}
		return append([]any(nil), l[1:]...), live()
	})
	// "to_integer: Convert a string or boolean to integer."
	add("to_integer", func(in any) (int, error) {
		switch v := in.(type) {
		case bool:
			if v {
				return 1, live()
			}
			return 0, live()
		case int:
			return v, live()
		case float64:
			return int(v), live()
		}
		n, _ := strconv.Atoi(strings.TrimSpace(fmt.Sprint(nilString(in))))
		return n, live()
	})
	// "find: Return the first object in an array for which the queried
	// attribute has the given value."
	add("find", func(in any, key string, value any) (any, error) {
		for _, x := range list(in) {
			if fmt.Sprint(property(x, key)) == fmt.Sprint(value) {
				return x, live()
			}
		}
		return nil, live()
	})
	// Liquid's join on a text (one item, as Ruby's InputIterator wraps
	// it) as on a list.
	add("join", func(in any, sep func(string) string) (string, error) {
		items := inputs(in)
		words := make([]string, len(items))
		for i, x := range items {
			words[i] = fmt.Sprint(nilString(x)) // Ruby's nil.to_s
		}
		return strings.Join(words, sep(" ")), live()
	})
	// Liquid's uniq: "Removes any duplicate items in an array", by a
	// property of each when given ("ary.uniq { |a| a[property] }").
	add("uniq", func(in any, key func(any) any) ([]any, error) {
		k, _ := key(nil).(string)
		var out, keys []any
		seen := map[any]bool{}
	items:
		for _, x := range inputs(in) {
			v := x
			if k != "" {
				v = property(x, k)
			}
			if v == nil || reflect.TypeOf(v).Comparable() {
				if seen[v] {
					continue
				}
				seen[v] = true
			} else {
				for _, o := range keys { // a list or a hash: equal by value, as Ruby's eql?
					if reflect.DeepEqual(o, v) {
						continue items
					}
				}
				keys = append(keys, v)
			}
			if err := live(); err != nil {
				return nil, err
			}
			out = append(out, x)
		}
		return out, live()
	})
	// Liquid's compact: "Removes any nil values from an array", or the
	// items whose property is nil when one is given.
	add("compact", func(in any, key func(any) any) ([]any, error) {
		k, _ := key(nil).(string)
		var out []any
		for _, x := range inputs(in) {
			v := x
			if k != "" {
				v = property(x, k)
			}
			if v != nil {
				out = append(out, x)
			}
		}
		return out, live()
	})
	// Liquid's sort_natural: "Sorts items in an array in case-insensitive
	// order", by a property of each when given.
	add("sort_natural", func(in any, key func(any) any) ([]any, error) {
		items := append([]any(nil), list(in)...)
		k, _ := key(nil).(string)
		sort.SliceStable(items, func(i, j int) bool {
			a, b := items[i], items[j]
			if k != "" {
				a, b = property(a, k), property(b, k)
			}
			return strings.ToLower(fmt.Sprint(nilString(a))) < strings.ToLower(fmt.Sprint(nilString(b)))
		})
		return items, live()
	})
	// "where_exp: Select all the objects in an array where the expression
	// is true."
	add("where_exp", func(in any, name, expr string) ([]any, error) {
		tpl, err := r.engine.ParseTemplate(fixProperties([]byte("{% if " + expr + " %}1{% endif %}")))
		if err != nil {
			return nil, err
		}
		var out []any
		for _, x := range list(in) {
			if err := live(); err != nil {
				return nil, err
			}
			got, err := tpl.RenderString(map[string]any{name: x})
			if err != nil {
				return nil, err
			}
			if got == "1" {
				out = append(out, x)
			}
		}
		return out, nil
	})
	// "group_by_exp: Group an array's items using a Liquid expression"
	// (https://jekyllrb.com/docs/liquid/filters/): group_by's {name,
	// items, size}, each group named by the expression's value for the
	// item, in the order first met.
	add("group_by_exp", func(in any, name, expr string) ([]any, error) {
		tpl, err := r.engine.ParseTemplate(fixProperties([]byte("{{ " + expr + " }}")))
		if err != nil {
			return nil, err
		}
		return groups(list(in), func(x any) (string, error) {
			if err := live(); err != nil {
				return "", err
			}
			return tpl.RenderString(map[string]any{name: x})
		})
	})
	// "sample: Pick a random value from an array": the first, so that a
	// build is the same each time.
	add("sample", func(in any) (any, error) {
		if l := list(in); len(l) > 0 {
			return l[0], live()
		}
		return nil, live()
	})
}

// relativeURL is the relative_url of s.
func (r *run) relativeURL(s string) string {
	if isAbsolute(s) {
		return s
	}
	if s == "" {
		return r.baseurl + "/"
	}
	return r.baseurl + "/" + strings.TrimPrefix(s, "/")
}

// isAbsolute reports whether s is a URL with a scheme or host.
func isAbsolute(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme != "" || u.Host != "")
}

// nilString is in, "" for nil (Liquid's nil prints nothing).
func nilString(in any) any {
	if in == nil {
		return ""
	}
	return in
}

// maxFlatten is how deep inputs flattens lists in lists: deeper lists
// are kept as items (YAML's anchors can nest a list in itself).
const maxFlatten = 32

// inputs is a filter's input as Ruby Liquid's InputIterator reads it
// (liquid 4's standardfilters.rb: "if input.is_a?(Array) then
// input.flatten elsif input.is_a?(Hash) then [input] … else
// Array(input)"): a list flattened, nothing for nil, else the one item.
func inputs(in any) []any {
	if in == nil {
		return nil
	}
	items := list(in)
	if items == nil {
		return []any{in}
	}
	return flatten(nil, items, 0)
}

// flatten appends items to out, the items of each list among them in
// its place.
func flatten(out, items []any, depth int) []any {
	for _, x := range items {
		if l := list(x); l != nil && depth < maxFlatten {
			out = flatten(out, l, depth+1)
			continue
		}
		out = append(out, x)
	}
	return out
}

// list is in as a list: a slice's items, nothing for anything else.
func list(in any) []any {
	if l, ok := in.([]any); ok {
		return l
	}
	v := reflect.ValueOf(in)
	if !v.IsValid() || v.Kind() != reflect.Slice && v.Kind() != reflect.Array {
		return nil
	}
	out := make([]any, v.Len())
	for i := range out {
		out[i] = v.Index(i).Interface()
	}
	return out
}

// property is x's value of key: a map's entry.
func property(x any, key string) any {
	switch m := x.(type) {
	case *hash:
		return m.m[key]
	case map[string]any:
		return m[key]
	case map[any]any:
		return m[key]
	}
	return nil
}

// less orders two values of a sort: numbers by value, times by time,
// else their text.
func less(a, b any) bool {
	if x, ok := number(a); ok {
		if y, ok := number(b); ok {
			return x < y
		}
	}
	if x, ok := a.(time.Time); ok {
		if y, ok := b.(time.Time); ok {
			return x.Before(y)
		}
	}
	return fmt.Sprint(a) < fmt.Sprint(b)
}

func number(v any) (float64, bool) {
	switch v := v.(type) {
	case int:
		return float64(v), true
	case int64:
		return float64(v), true
	case float64:
		return v, true
	}
	return 0, false
}

// toTime reads a date: a time, or its text.
func toTime(in any) (time.Time, bool) {
	switch v := in.(type) {
	case time.Time:
		return v, true
	case string:
		if t, ok := layout.Time(v); ok {
			return t, true
		}
		if t, err := time.Parse("2006-01-02", strings.TrimSpace(v)); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// jsonable is v with the maps of YAML's non-text keys made text-keyed,
// which JSON needs.
func jsonable(v any) any {
	switch v := v.(type) {
	case *hash:
		return jsonable(v.m)
	case map[any]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[fmt.Sprint(k)] = jsonable(x)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[k] = jsonable(x)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = jsonable(x)
		}
		return out
	}
	return v
}

// isPageContent reports whether s is the page's content as a layout's
// chain holds it (the content mark, or the page's text between textOpen
// and textClose), whitespace around it aside.
func isPageContent(s string) bool {
	s = strings.TrimSpace(s)
	if s == contentMark {
		return true
	}
	inner, ok := strings.CutPrefix(s, textOpen)
	if !ok || !strings.HasSuffix(inner, textClose) {
		return false
	}
	return !strings.Contains(inner[:len(inner)-len(textClose)], textOpen)
}

// groups are group_by's groups of items ({name, items, size}), each named
// by key's value for the item, in the order first met.
func groups(items []any, key func(any) (string, error)) ([]any, error) {
	var out []any
	at := map[string]int{}
	for _, x := range items {
		name, err := key(x)
		if err != nil {
			return nil, err
		}
		i, ok := at[name]
		if !ok {
			i = len(out)
			at[name] = i
			out = append(out, map[string]any{"name": name, "items": []any{}, "size": 0})
		}
		g := out[i].(map[string]any)
		g["items"] = append(g["items"].([]any), x)
		g["size"] = len(g["items"].([]any))
	}
	return out, nil
}
