package zola

import (
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// moreFilters are Tera 1's string, array, object and number filters
// beyond those of applyFilter, each as its documentation describes it
// and its source (Keats/tera v1.20.1, src/builtins/filters) does it.
func moreFilters(name string, x any, args map[string]any, line int) (any, error) {
	need := func(k string) (any, error) {
		v, ok := args[k]
		if !ok {
			return nil, &teraErr{line, "the filter " + name + " without its argument " + k}
		}
		return v, nil
	}
	list := func() ([]any, error) {
		l, ok := x.([]any)
		if !ok {
			return nil, &teraErr{line, name + " on a " + typeName(x)}
		}
		return l, nil
	}
	// listAttr is the array filtered and the attribute argument the
	// filters of an array of objects take (map, filter, group_by).
	listAttr := func() ([]any, string, error) {
		l, err := list()
		if err != nil {
			return nil, "", err
		}
		a, err := need("attribute")
		if err != nil {
			return nil, "", err
		}
		return l, toStr(a), nil
	}
	switch name {
	case "urlencode":
		// "Percent-encodes all the characters in a string which are not
		// included in unreserved chars (according to RFC3986) with the
		// exception of forward slash (/)".
		return percentEncode(plainStr(x), "-._~/"), nil
	case "urlencode_strict":
		// "encodes all non-alphanumeric characters in a string including
		// forward slashes".
		return percentEncode(plainStr(x), ""), nil
	case "striptags":
		// "Tries to remove HTML tags from input": (<!--.*?-->|<[^>]*>).
		return stripTagsRE.ReplaceAllString(plainStr(x), ""), nil
	case "spaceless":
		// "Remove space ( ) and line breaks (\n or \r\n) between HTML tags".
		return spacelessRE.ReplaceAllString(plainStr(x), "><"), nil
	case "addslashes":
		// "Adds slashes before quotes": \ " and '.
		return strings.NewReplacer(`\`, `\\`, `"`, `\"`, `'`, `\'`).Replace(plainStr(x)), nil
	case "escape_xml":
		return safeHTML(strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&apos;").Replace(plainStr(x))), nil
	case "trim_start_matches", "trim_end_matches":
		pat, err := need("pat")
		if err != nil {
			return nil, err
		}
		s, p := plainStr(x), toStr(pat)
		for p != "" {
			var cut bool
			if name == "trim_start_matches" {
				s, cut = strings.CutPrefix(s, p)
			} else {
				s, cut = strings.CutSuffix(s, p)
			}
			if !cut {
				break
			}
		}
		return s, nil
	case "indent":
		// "The prefix argument (default 4 spaces) specifies the prefix to
		// insert per line. If the first argument (default false) is set
		// true spaces are inserted for the first line. If the blank
		// argument (default false) is set true spaces are inserted for
		// blank/whitespace lines."
		prefix := "    "
		if p, ok := args["prefix"]; ok {
			prefix = toStr(p)
		}
		var b strings.Builder
		for i, l := range rustLines(plainStr(x)) {
			if i > 0 {
				b.WriteByte('\n')
			}
			if i == 0 && truthy(args["first"]) || i > 0 && (truthy(args["blank"]) || strings.TrimSpace(l) != "") {
				b.WriteString(prefix)
			}
			b.WriteString(l)
		}
		return b.String(), nil
	case "pluralize":
		// "Returns a plural suffix if the value is not equal to ±1, or a
		// singular suffix otherwise. The plural suffix defaults to s and
		// the singular suffix defaults to the empty string".
		n, ok := num(x)
		if !ok {
			return nil, &teraErr{line, "pluralize on a " + typeName(x)}
		}
		if math.Abs(math.Abs(n)-1) > 1e-12 {
			if p, ok := args["plural"]; ok {
				return toStr(p), nil
			}
			return "s", nil
		}
		return toStr(args["singular"]), nil
	case "round":
		// "Default method is common which will round to the nearest
		// integer. ceil and floor are available ... precision ...
		// defaults to 0": the result is a float (2.1 → 2.0).
		n, ok := num(x)
		if !ok {
			return nil, &teraErr{line, "round on a " + typeName(x)}
		}
		m := 1.0
		if p, ok := args["precision"].(int64); ok && p != 0 {
			m = math.Pow(10, float64(p))
		}
		switch method := toStr(args["method"]); method {
		case "", "common":
			return math.Round(m*n) / m, nil
		case "ceil":
			return math.Ceil(m*n) / m, nil
		case "floor":
			return math.Floor(m*n) / m, nil
		default:
			return nil, &teraErr{line, "round(method=" + strconv.Quote(method) + "): only common, ceil and floor"}
		}
	case "filesizeformat":
		// "Returns a human-readable file size (i.e. '110 MB') from an
		// integer": humansize's WINDOWS format (powers of 1024 named KB,
		// MB, …; 123456789 → "117.74 MB"), BINARY with binary=true (KiB).
		n, ok := x.(int64)
		if !ok || n < 0 {
			return nil, &teraErr{line, "filesizeformat on a " + typeName(x) + ", not a size"}
		}
		return fileSize(n, truthy(args["binary"])), nil
	case "get":
		// "Accesses a value from an object when the key is not a Tera
		// identifier ... a default parameter which can be used to provide
		// a return value when the key parameter is missing".
		k, err := need("key")
		if err != nil {
			return nil, err
		}
		m, ok := x.(map[string]any)
		if !ok {
			return nil, &teraErr{line, "get on a " + typeName(x) + ", not an object"}
		}
		if v, ok := m[toStr(k)]; ok && toStr(k) != teraKeyOrder {
			return v, nil
		}
		if d, ok := args["default"]; ok {
			return d, nil
		}
		return nil, &teraErr{line, "get(key=" + strconv.Quote(toStr(k)) + "): no such key"}
	case "concat":
		// "If the with parameter is an array, all of its values will be
		// appended one by one ... append a single value to an array if
		// the value passed to with is not an array".
		l, err := list()
		if err != nil {
			return nil, err
		}
		w, err := need("with")
		if err != nil {
			return nil, err
		}
		out := append([]any{}, l...)
		if wl, ok := w.([]any); ok {
			return append(out, wl...), nil
		}
		return append(out, w), nil
	case "map":
		// "Retrieves an attribute from each object in an array" (null and
		// missing ones left out).
		l, a, err := listAttr()
		if err != nil {
			return nil, err
		}
		out := []any{}
		for _, v := range l {
			if f, ok := dotted(v, a); ok && f != nil {
				out = append(out, f)
			}
		}
		return out, nil
	case "filter":
		// "returning only the values where the attribute is equal to the
		// value. Values with missing attribute or where attribute is null
		// will be discarded ... If value is not passed, it will drop any
		// elements where the attribute is null".
		l, a, err := listAttr()
		if err != nil {
			return nil, err
		}
		want, given := args["value"]
		out := []any{}
		for _, v := range l {
			f, ok := dotted(v, a)
			if !ok || f == nil {
				continue
			}
			if !given || want == nil || equal(f, want) {
				out = append(out, v)
			}
		}
		return out, nil
	case "group_by":
		// "returns a map where the keys are the values of the attribute
		// stringified and the values are all elements of the initial
		// array having that attribute. Values with missing attribute or
		// where attribute is null will be discarded."
		l, a, err := listAttr()
		if err != nil {
			return nil, err
		}
		out := newOrderedMap()
		for _, v := range l {
			f, ok := dotted(v, a)
			if !ok || f == nil {
				continue
			}
			k := toStr(f)
			g, _ := out.get(k).([]any)
			out.set(k, append(g, v))
		}
		return out.m, nil
	case "sort", "unique":
		l, err := list()
		if err != nil {
			return nil, err
		}
		if name == "sort" {
			return sortValues(l, toStr(args["attribute"]), line)
		}
		return uniqueValues(l, toStr(args["attribute"]), truthy(args["case_sensitive"]), line)
	}
	return nil, &teraErr{line, "the filter " + name}
}

var (
	stripTagsRE = regexp.MustCompile(`(<!--.*?-->|<[^>]*>)`)
	spacelessRE = regexp.MustCompile(`>\s+<`)
)

// rustLines splits s as Rust's str::lines: at \n, a \r before it
// dropped, no empty last line.
func rustLines(s string) []string {
	l := strings.Split(s, "\n")
	if len(l) > 0 && l[len(l)-1] == "" {
		l = l[:len(l)-1]
	}
	for i := range l {
		l[i] = strings.TrimSuffix(l[i], "\r")
	}
	return l
}

// percentEncode encodes every byte of s but ASCII letters, digits and
// the bytes of keep, as %XX.
func percentEncode(s, keep string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte(keep, c) >= 0 {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "%%%02X", c)
	}
	return b.String()
}

// fileSize is humansize's format of n bytes: powers of 1024, two
// decimals at most, no trailing zeros.
func fileSize(n int64, binary bool) string {
	units := []string{"B", "KB", "MB", "GB", "TB", "PB", "EB"}
	if binary {
		units = []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	}
	v, i := float64(n), 0
	for v >= 1024 && i < len(units)-1 {
		v /= 1024
		i++
	}
	s := strconv.FormatFloat(v, 'f', 2, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s + " " + units[i]
}

// dotted is the attribute path ("name.1", "author.name") of v; "" is v.
func dotted(v any, path string) (any, bool) {
	if path == "" {
		return v, true
	}
	for _, k := range strings.Split(path, ".") {
		switch c := v.(type) {
		case map[string]any:
			x, ok := c[k]
			if !ok || k == teraKeyOrder {
				return nil, false
			}
			v = x
		case []any:
			i, err := strconv.Atoi(k)
			if err != nil || i < 0 || i >= len(c) {
				return nil, false
			}
			v = c[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// sortKind is the kind of a sort or unique key: Tera compares numbers,
// strings, arrays (by their length) and bools, one kind per array.
func sortKind(v any) string {
	switch v.(type) {
	case int64, float64:
		return "number"
	case string, safeHTML:
		return "string"
	case []any:
		return "array"
	case bool:
		return "bool"
	}
	return ""
}

// sortValues is Tera's sort: "Sorts an array into ascending order ...
// numbers are sorted by their numerical value. strings are sorted in
// alphabetical order. arrays are sorted by their length. bools are
// sorted as if false=0 and true=1"; attribute names the field.
func sortValues(l []any, attr string, line int) (any, error) {
	if len(l) == 0 {
		return []any{}, nil
	}
	keys := make([]any, len(l))
	kind := ""
	for i, v := range l {
		k, ok := dotted(v, attr)
		if !ok {
			return nil, &teraErr{line, "sort(attribute=" + strconv.Quote(attr) + "): an item without it"}
		}
		kd := sortKind(k)
		if kd == "" || kind != "" && kd != kind {
			return nil, &teraErr{line, "sort of values of different kinds, or of objects"}
		}
		kind, keys[i] = kd, k
	}
	idx := make([]int, len(l))
	for i := range idx {
		idx[i] = i
	}
	less := func(a, b any) bool {
		switch kind {
		case "number":
			x, _ := num(a)
			y, _ := num(b)
			return x < y
		case "string":
			return toStr(a) < toStr(b)
		case "array":
			return len(a.([]any)) < len(b.([]any))
		}
		return !a.(bool) && b.(bool)
	}
	sort.SliceStable(idx, func(i, j int) bool { return less(keys[idx[i]], keys[idx[j]]) })
	out := make([]any, len(l))
	for i, j := range idx {
		out[i] = l[j]
	}
	return out, nil
}

// uniqueValues is Tera's unique: "Removes duplicate items from an array.
// The attribute argument can be used to select items based on the values
// of an inner attribute. For strings, the case_sensitive argument
// (default is false) can be used to control the comparison": the first
// of each is kept, items without the attribute left out.
func uniqueValues(l []any, attr string, caseSensitive bool, line int) (any, error) {
	out := []any{}
	seen := map[string]bool{}
	kind := ""
	for _, v := range l {
		k, ok := dotted(v, attr)
		if !ok {
			continue
		}
		kd := sortKind(k)
		if k == nil {
			kd = "null"
		}
		if kd == "" || kind != "" && kd != kind {
			return nil, &teraErr{line, "unique of values of different kinds, or of objects"}
		}
		kind = kd
		key := toStr(k)
		if kd == "string" && !caseSensitive {
			key = strings.ToLower(key)
		}
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, v)
	}
	return out, nil
}
