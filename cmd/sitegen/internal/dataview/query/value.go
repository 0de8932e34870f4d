package query

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Value is what an expression yields: nil (Dataview's null), bool,
// float64 (every number), string, time.Time (a date), Duration, Link,
// List, *Object, *Row (a note's data: this, a group), FileInfo (a
// note's file.* object), *Lambda, ListPair and ExternalLink (what LIST
// and elink() show).
type Value = any

// List is a list of values (Dataview's "array").
type List []Value

// Object maps names to values and keeps the order they were set in.
type Object struct {
	keys []string
	vals map[string]Value
}

// NewObject returns an empty object.
func NewObject() *Object { return &Object{vals: map[string]Value{}} }

// Set sets key to v, after the keys set before it.
func (o *Object) Set(key string, v Value) {
	if _, ok := o.vals[key]; !ok {
		o.keys = append(o.keys, key)
	}
	o.vals[key] = v
}

// Get returns the value of key.
func (o *Object) Get(key string) (Value, bool) {
	if o == nil {
		return nil, false
	}
	v, ok := o.vals[key]
	return v, ok
}

// Keys returns the keys in the order they were set.
func (o *Object) Keys() []string {
	if o == nil {
		return nil
	}
	return o.keys
}

// Len is the number of keys.
func (o *Object) Len() int {
	if o == nil {
		return 0
	}
	return len(o.keys)
}

// LinkType says what a link's Subpath names.
type LinkType int

// The kinds of links.
const (
	LinkFile   LinkType = iota // a whole note or file
	LinkHeader                 // a heading of it
	LinkBlock                  // a ^block of it
)

// Link is an Obsidian link as a value: [[Path#Subpath|Display]].
type Link struct {
	// Path is the linked note's vault path ("Games/Chess.md") once
	// resolved, else the target as written ("Chess").
	Path     string
	Display  string
	Subpath  string
	Type     LinkType
	Embed    bool
	Resolved bool // Path is a page's vault path
}

// ParseLink reads the inside of [[...]]: target, #subpath, |display.
func ParseLink(inner string, embed bool) Link {
	target, display := inner, ""
	for i := 0; i < len(inner); i++ {
		if inner[i] == '|' && (i == 0 || inner[i-1] != '\\') {
			target, display = inner[:i], inner[i+1:]
			break
		}
	}
	target = strings.ReplaceAll(target, `\|`, "|")
	l := Link{Path: target, Display: display, Embed: embed}
	if p, sub, ok := strings.Cut(target, "#^"); ok {
		l.Path, l.Subpath, l.Type = p, sub, LinkBlock
	} else if p, sub, ok := strings.Cut(target, "#"); ok {
		l.Path, l.Subpath, l.Type = p, sub, LinkHeader
	}
	return l
}

// Markdown is the link as Obsidian writes it, with its display text
// (Dataview's Link.markdown).
func (l Link) Markdown() string {
	var b strings.Builder
	if l.Embed {
		b.WriteByte('!')
	}
	b.WriteString("[[")
	b.WriteString(strings.ReplaceAll(l.Path, "|", `\|`))
	switch l.Type {
	case LinkHeader:
		b.WriteString("#" + l.Subpath)
	case LinkBlock:
		b.WriteString("#^" + l.Subpath)
	}
	b.WriteByte('|')
	if l.Display != "" {
		b.WriteString(l.Display)
	} else {
		b.WriteString(FileTitle(l.Path))
		if l.Type != LinkFile {
			b.WriteString(" > " + l.Subpath)
		}
	}
	b.WriteString("]]")
	return b.String()
}

// FileTitle is a path's file name without ".md" (Dataview's
// getFileTitle).
func FileTitle(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		p = p[i+1:]
	}
	return strings.TrimSuffix(p, ".md")
}

// Lambda is a function written in a query: (x, y) => expr.
type Lambda struct {
	Params []string
	Body   Expr
	env    *frame // the variables it was made with
	row    *Row   // and the row
}

// ListPair is a LIST row of a result with its extra value ("Link: value").
type ListPair struct{ Key, Val Value }

// ExternalLink is elink(url, display).
type ExternalLink struct{ URL, Display string }

// Duration is a span of time in calendar units, as Luxon keeps one.
type Duration struct {
	Years, Months, Days float64
	Millis              float64 // hours, minutes, seconds and milliseconds
}

// approxMillis orders durations of different units (a month is 30 days).
func (d Duration) approxMillis() float64 {
	return d.Millis + (d.Days+30*d.Months+365*d.Years)*86400e3
}

// TypeOf is a value's Dataview type name ("number", "array", ...): what
// typeof() returns and what orders values of different types.
func TypeOf(v Value) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case float64:
		return "number"
	case string:
		return "string"
	case time.Time:
		return "date"
	case Duration:
		return "duration"
	case Link:
		return "link"
	case List:
		return "array"
	case *Lambda, *builtin:
		return "function"
	case ListPair, ExternalLink:
		return "widget"
	case *Object, *Row, FileInfo:
		return "object"
	}
	return "unknown"
}

// Truthy is Dataview's truth of a value: non-null and not empty.
func Truthy(v Value) bool {
	switch v := v.(type) {
	case nil:
		return false
	case bool:
		return v
	case float64:
		return v != 0
	case string:
		return v != ""
	case Link:
		return v.Path != ""
	case time.Time:
		return !v.IsZero()
	case Duration:
		return v.approxMillis() != 0
	case List:
		return len(v) > 0
	case *Object:
		return v.Len() > 0
	}
	return true
}

// jsTruthy is JavaScript's truth (Obsidian Bases): an empty list or
// object is true.
func jsTruthy(v Value) bool {
	switch v := v.(type) {
	case List, *Object:
		return true
	case float64:
		return v != 0 && !math.IsNaN(v)
	}
	return Truthy(v)
}

// Compare orders any two values as Dataview does (compareValue): null
// first, values of different types by type name, then within a type;
// links compare by the paths they resolve to.
func Compare(a, b Value) int {
	if a == nil || b == nil {
		switch {
		case a == nil && b == nil:
			return 0
		case a == nil:
			return -1
		}
		return 1
	}
	ta, tb := TypeOf(a), TypeOf(b)
	if ta != tb {
		return cmp.Compare(ta, tb)
	}
	switch a := a.(type) {
	case string:
		return compareText(a, b.(string))
	case float64:
		return cmp.Compare(a, b.(float64))
	case bool:
		switch {
		case a == b.(bool):
			return 0
		case a:
			return 1
		}
		return -1
	case Link:
		l := b.(Link)
		return cmp.Or(compareText(a.Path, l.Path), cmp.Compare(a.Type, l.Type), cmp.Compare(a.Subpath, l.Subpath))
	case time.Time:
		return a.Compare(b.(time.Time))
	case Duration:
		return cmp.Compare(a.approxMillis(), b.(Duration).approxMillis())
	case List:
		l := b.(List)
		for i := range min(len(a), len(l)) {
			if c := Compare(a[i], l[i]); c != 0 {
				return c
			}
		}
		return cmp.Compare(len(a), len(l))
	case *Object:
		o := b.(*Object)
		ka, kb := slices.Sorted(slices.Values(a.Keys())), slices.Sorted(slices.Values(o.Keys()))
		if c := slices.Compare(ka, kb); c != 0 {
			return c
		}
		for _, k := range ka {
			if c := Compare(a.vals[k], o.vals[k]); c != 0 {
				return c
			}
		}
		return 0
	case *Row:
		if p, ok := b.(*Row); ok && a.page != nil && p.page != nil {
			return compareText(a.page.Path, p.page.Path)
		}
	case FileInfo:
		if f, ok := b.(FileInfo); ok {
			return compareText(a.p.Path, f.p.Path)
		}
	}
	return 0
}

// compareText orders text as JavaScript's localeCompare does in English
// for the common case: ignoring case first, then lower case before upper.
func compareText(a, b string) int {
	if a == b {
		return 0
	}
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		ra, na := rune(a[i]), 1
		if ra >= utf8.RuneSelf {
			ra, na = utf8.DecodeRuneInString(a[i:])
		}
		rb, nb := rune(b[j]), 1
		if rb >= utf8.RuneSelf {
			rb, nb = utf8.DecodeRuneInString(b[j:])
		}
		if la, lb := unicode.ToLower(ra), unicode.ToLower(rb); la != lb {
			return cmp.Compare(la, lb)
		}
		i, j = i+na, j+nb
	}
	switch {
	case i < len(a):
		return 1
	case j < len(b):
		return -1
	}
	return -strings.Compare(a, b) // "a" before "A"
}

// Equal is Dataview's =.
func Equal(a, b Value) bool {
	switch a := a.(type) {
	case string:
		if b, ok := b.(string); ok {
			return a == b
		}
	case float64:
		if b, ok := b.(float64); ok {
			return a == b
		}
	case bool:
		if b, ok := b.(bool); ok {
			return a == b
		}
	}
	return Compare(a, b) == 0
}

// Settings are how values are shown (Dataview's query settings).
type Settings struct {
	NullAs         string // "\\-": Markdown for a null
	DateFormat     string // Luxon format of a date without time
	DateTimeFormat string // and of one with a time
}

// DefaultSettings are Dataview's defaults.
var DefaultSettings = Settings{NullAs: `\-`, DateFormat: "MMMM dd, yyyy", DateTimeFormat: "h:mm a - MMMM dd, yyyy"}

// String is a value as Markdown text (Dataview's Values.toString).
func String(v Value) string { return toString(v, false) }

func toString(v Value, nested bool) string {
	switch v := v.(type) {
	case nil:
		return DefaultSettings.NullAs
	case string:
		return v
	case float64:
		return FormatNumber(v)
	case bool:
		return strconv.FormatBool(v)
	case Link:
		return v.Markdown()
	case time.Time:
		return FormatDate(v)
	case Duration:
		return FormatDuration(v)
	case List:
		parts := make([]string, len(v))
		for i, e := range v {
			parts[i] = toString(e, true)
		}
		s := strings.Join(parts, ", ")
		if nested {
			s = "[" + s + "]"
		}
		return s
	case *Object:
		parts := make([]string, 0, v.Len())
		for _, k := range v.Keys() {
			parts = append(parts, k+": "+toString(v.vals[k], true))
		}
		return "{ " + strings.Join(parts, ", ") + " }"
	case *Row:
		if v.page != nil {
			return Link{Path: v.page.Path, Resolved: true}.Markdown()
		}
		return toString(v.vars, nested)
	case FileInfo:
		return Link{Path: v.p.Path, Resolved: true}.Markdown()
	case *Lambda, *builtin:
		return "<function>"
	case ListPair:
		return toString(v.Key, false) + ": " + toString(v.Val, false)
	case ExternalLink:
		return "[" + cmp.Or(v.Display, v.URL) + "](" + v.URL + ")"
	}
	return fmt.Sprint(v)
}

// FormatNumber writes a number as JavaScript does ("3", "2.5", "1e+21").
func FormatNumber(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == 0:
		return "0"
	}
	if a := math.Abs(f); a >= 1e21 || a < 1e-6 {
		mant, exp, _ := strings.Cut(strconv.FormatFloat(f, 'e', -1, 64), "e")
		return mant + "e" + exp[:1] + strings.TrimLeft(exp[1:], "0") // Go writes e-07, JavaScript e-7
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// runeLen is a string's length as JavaScript counts it (UTF-16 units).
func runeLen(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}
