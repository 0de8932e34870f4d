// Package metabind reads the Obsidian Meta Bind plugin's inline fields
// and draws them read-only with the note's values: a published page
// cannot write the note, so an input field shows what the note holds, as
// the plugin's field shows it before anyone edits it.
//
// https://www.moritzjung.dev/obsidian-meta-bind-plugin-docs/ (Input
// Fields, View Fields, Bind Targets):
//
//   - an input field is `INPUT[type(arguments):bind target]`; the
//     arguments are `name(value, value)` or a bare `name` (addLabels),
//     values quoted with ' or " where they hold commas or parentheses;
//   - the bind target is a property of the note's front matter, nested
//     with dots or brackets (`axes.wisdom`, `nested["object"]`, `list[0]`);
//     `note#prop` binds another note's and `memory^x` / `globalMemory^x`
//     a value only the running plugin holds: neither is drawn here;
//   - a view field is `VIEW[text][type]`: the default, math, evaluates
//     the text with its `{property}` references replaced; text shows the
//     text with them replaced. A math view is evaluated as mathjs would,
//     for the part of its language mathexpr.go reads (arithmetic,
//     comparisons, conditions, common functions); a text view is drawn.
//
// Types drawn: toggle (a checkbox, checked at onValue when it has one),
// slider (a range, addLabels its bounds), progressBar (a meter), text,
// textArea, number, date, time, datePicker, dateTime, select,
// inlineSelect, suggester, editor (the value as text, a select's option
// label for it), list, inlineList, multiSelect, listSuggester,
// inlineListSuggester (the values), imageSuggester (the image); a field
// from a template (`INPUT[name][:target]`) whose type only the plugin's
// settings know, as its value. Views: math (mathexpr.go), text (with
// renderMarkdown, as Markdown), link (the value as a link). Any other is
// Unsupported: the caller keeps the code with a warning.
package metabind

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// MaxLen bounds the text of a field this package reads.
const MaxLen = 4096

// Field is one inline field.
type Field struct {
	// View is set for VIEW[…], else it is an INPUT[…].
	View bool
	// Type is the input field's type ("slider") or the view's ("math",
	// the default, or "text").
	Type string
	// Args are the input field's arguments, in order.
	Args []Arg
	// Target is the bind target as written ("axes.wisdom"); Text the
	// view's text.
	Target, Text string
	// Template names the plugin's input field template the field
	// starts from (`INPUT[name][overrides]`), "" for none.
	Template string
}

// isName reports whether s is a template's name: a word with spaces.
func isName(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isWord(s[i]) && s[i] != ' ' && s[i] != '-' {
			return false
		}
	}
	return s != ""
}

// Arg is one argument: its name and values ("minValue", ["-1"]).
type Arg struct {
	Name   string
	Values []string
}

// Unsupported says that a field is valid Meta Bind that this package does
// not draw; other errors say the field is not valid.
var Unsupported = errors.New("not drawn by sitegen")

// Parse reads the text of an inline code span, "INPUT[…]" or "VIEW[…]".
func Parse(s string) (Field, error) {
	if len(s) > MaxLen {
		return Field{}, fmt.Errorf("longer than %d bytes", MaxLen)
	}
	switch {
	case strings.HasPrefix(s, "INPUT[") && strings.HasSuffix(s, "]"):
		body := s[len("INPUT[") : len(s)-1]
		// "INPUT[template][overrides]": a template of the plugin's
		// settings, its type and bind target overridden by the second
		// part; the template's own type is the plugin's to know
		// (Template: its name, Type "" when the override gives none).
		if i := strings.Index(body, "]["); i > 0 && isName(body[:i]) {
			f, err := parseInput(body[i+2:], true)
			f.Template = body[:i]
			return f, err
		}
		return parseInput(body, false)
	case strings.HasPrefix(s, "VIEW[") && strings.HasSuffix(s, "]"):
		return parseView(s[len("VIEW[") : len(s)-1])
	}
	return Field{}, errors.New("not an INPUT[…] or VIEW[…] field")
}

// parseInput reads "type(args):target"; in a template's overrides the
// type may be left out.
func parseInput(s string, override bool) (Field, error) {
	f := Field{}
	i := 0
	for i < len(s) && (isWord(s[i])) {
		i++
	}
	f.Type = s[:i]
	if f.Type == "" && !override {
		return f, errors.New("no input field type")
	}
	rest := s[i:]
	if strings.HasPrefix(rest, "(") {
		end, err := closing(rest)
		if err != nil {
			return f, err
		}
		args, err := parseArgs(rest[1:end])
		if err != nil {
			return f, err
		}
		f.Args, rest = args, rest[end+1:]
	}
	switch {
	case rest == "":
	case strings.HasPrefix(rest, ":"):
		f.Target = strings.TrimSpace(rest[1:])
	default:
		return f, fmt.Errorf("unexpected %q after the type", rest)
	}
	return f, nil
}

// parseView reads "text" or "text][type…" (the outer brackets gone).
func parseView(s string) (Field, error) {
	f := Field{View: true, Type: "math", Text: s}
	if i := strings.LastIndex(s, "]["); i >= 0 {
		f.Text = s[:i]
		// "\[" and "\]" are brackets of the text, not of the field.
		f.Text = strings.NewReplacer(`\[`, "[", `\]`, "]").Replace(f.Text)
		t := s[i+2:]
		if j := strings.IndexAny(t, "(:"); j >= 0 {
			if t[j] == '(' {
				if end, err := closing(t[j:]); err == nil {
					f.Args, _ = parseArgs(t[j+1 : j+end])
				}
			}
			t = t[:j]
		}
		f.Type = t
	}
	return f, nil
}

// closing is the index of the parenthesis that closes s[0], quotes
// respected.
func closing(s string) (int, error) {
	at := -1
	scanTop(s, func(i int, c byte, depth int) bool {
		if c == ')' && depth == 1 {
			at = i
			return false
		}
		return true
	})
	if at < 0 {
		return 0, errors.New("unclosed parenthesis")
	}
	return at, nil
}

// scanTop calls f with each byte of s outside quotes (' or ", a
// backslash escaping the next byte) and the depth of parentheses before
// it, until f returns false.
func scanTop(s string, f func(i int, c byte, depth int) bool) {
	depth := 0
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
			continue
		case c == '\'' || c == '"':
			quote = c
			continue
		}
		if !f(i, c, depth) {
			return
		}
		switch c {
		case '(':
			depth++
		case ')':
			depth--
		}
	}
}

// parseArgs reads "name(v, v), name, …".
func parseArgs(s string) ([]Arg, error) {
	var out []Arg
	for _, part := range splitTop(s) {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		a := Arg{Name: part}
		if i := strings.IndexByte(part, '('); i >= 0 {
			end, err := closing(part[i:])
			if err != nil {
				return nil, err
			}
			a.Name = strings.TrimSpace(part[:i])
			for _, v := range splitTop(part[i+1 : i+end]) {
				a.Values = append(a.Values, unquote(strings.TrimSpace(v)))
			}
		}
		out = append(out, a)
	}
	return out, nil
}

// splitTop splits s at the commas outside parentheses and quotes.
func splitTop(s string) []string {
	var out []string
	start := 0
	scanTop(s, func(i int, c byte, depth int) bool {
		if c == ',' && depth == 0 {
			out = append(out, s[start:i])
			start = i + 1
		}
		return true
	})
	return append(out, s[start:])
}

// unquote drops a value's quotes and its escapes.
func unquote(v string) string {
	if len(v) >= 2 && (v[0] == '\'' || v[0] == '"') && v[len(v)-1] == v[0] {
		v = v[1 : len(v)-1]
		v = strings.NewReplacer(`\'`, `'`, `\"`, `"`, `\\`, `\`).Replace(v)
	}
	return v
}

func isWord(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// arg is the first value of the argument name, and whether f has it.
func (f Field) arg(name string) (string, bool) {
	for _, a := range f.Args {
		if a.Name == name {
			if len(a.Values) > 0 {
				return a.Values[0], true
			}
			return "", true
		}
	}
	return "", false
}

// number is the argument name as a number, def when absent or not one.
func (f Field) number(name string, def float64) float64 {
	if s, ok := f.arg(name); ok {
		if x, err := strconv.ParseFloat(strings.TrimSpace(s), 64); err == nil && !math.IsInf(x, 0) && !math.IsNaN(x) {
			return x
		}
	}
	return def
}
