// Package calccmd implements `sitegen calc`: the calculators of the calc
// registry on the command line.
//
//	sitegen calc list                     one line per calculator: id and title
//	sitegen calc schema ID                the input schema as JSON
//	sitegen calc run ID [field=value ...] the result as one JSON object
//	sitegen calc run ID -                 inputs as a JSON object on stdin
//
// Bad input exits with status 2 and a one-line message on stderr that names
// the field.
package calccmd

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"d6codex/calc"
	"d6codex/calc/systems"
	"d6codex/rules"
)

// Usage is the help text of `sitegen calc`.
const Usage = `usage:
  sitegen calc list                      list the calculators (id and title)
  sitegen calc schema ID                 print a calculator's input schema as JSON
  sitegen calc run ID [field=value ...]  run a calculator, print the result as JSON
  sitegen calc run ID -                  read the inputs as a JSON object on stdin

Give dice=... (the faces you rolled) or seed=N to resolve one roll as well.
`

// Exit statuses.
const (
	ExitOK       = 0
	ExitFailure  = 1
	ExitBadInput = 2
)

// Run runs `sitegen calc` with the arguments after "calc" and returns the
// process exit status.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	reg := systems.New()
	fail := func(code int, err error) int {
		fmt.Fprintln(stderr, "sitegen calc: "+message(err))
		return code
	}
	if len(args) == 0 {
		fmt.Fprint(stderr, Usage)
		return ExitBadInput
	}
	switch args[0] {
	case "list":
		width := 0
		for _, c := range reg.List() {
			width = max(width, len(c.ID))
		}
		for _, c := range reg.List() {
			fmt.Fprintf(stdout, "%-*s  %s\n", width, c.ID, c.Title)
		}
		return ExitOK
	case "schema":
		if len(args) != 2 {
			return fail(ExitBadInput, errors.New("schema takes one calculator id"))
		}
		c, err := reg.Get(args[1])
		if err != nil {
			return fail(ExitBadInput, err)
		}
		return writeJSON(stdout, stderr, c)
	case "run":
		if len(args) < 2 {
			return fail(ExitBadInput, errors.New("run takes a calculator id, then field=value pairs or -"))
		}
		c, err := reg.Get(args[1])
		if err != nil {
			return fail(ExitBadInput, err)
		}
		raw, err := inputs(c, args[2:], stdin)
		if err != nil {
			return fail(ExitBadInput, err)
		}
		res, err := reg.Run(args[1], raw)
		if err != nil {
			return fail(ExitBadInput, err)
		}
		return writeJSON(stdout, stderr, res.Map())
	case "help", "-h", "--help":
		fmt.Fprint(stdout, Usage)
		return ExitOK
	}
	return fail(ExitBadInput, fmt.Errorf("unknown calc command %q (list, schema, run)", args[0]))
}

// inputs reads field=value pairs, or a JSON object from stdin when the only
// argument is "-". JSON numbers, booleans and arrays of numbers (for the
// fields of calculator c that take a list) become the same text a form
// would send.
func inputs(c *calc.Calculator, args []string, stdin io.Reader) (map[string]string, error) {
	if len(args) == 1 && args[0] == "-" {
		return jsonInputs(c, stdin)
	}
	pairs := make([]string, 0, 2*len(args))
	for _, a := range args {
		k, v, ok := strings.Cut(a, "=")
		if !ok || strings.TrimSpace(k) == "" {
			return nil, fmt.Errorf("argument %s: want field=value", short(a))
		}
		pairs = append(pairs, k, v)
	}
	// The one reading of pairs, a share link's too.
	raw := map[string]string{}
	return raw, calc.ReadArgs(raw, pairs)
}

// MaxStdin is the most `calc run ID -` reads from stdin, 1 MB: the inputs
// of any calculator take a few hundred bytes.
const MaxStdin = 1 << 20

// jsonInputs reads stdin strictly: at most MaxStdin bytes, exactly one
// JSON object, each key once, each value a string, number, boolean or (for
// a field of c that takes a list) a list of numbers, and nothing after it
// but white space.
func jsonInputs(c *calc.Calculator, stdin io.Reader) (map[string]string, error) {
	data, err := io.ReadAll(io.LimitReader(stdin, MaxStdin+1))
	if err != nil {
		return nil, fmt.Errorf("stdin: %w", err)
	}
	if len(data) > MaxStdin {
		return nil, fmt.Errorf("stdin: longer than %d MB, the most sitegen calc run reads: give one JSON object of inputs", MaxStdin>>20)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	bad := func(err error) error { return fmt.Errorf("stdin: want one JSON object of inputs: %w", err) }
	tok, err := dec.Token()
	if err != nil {
		return nil, bad(err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, bad(fmt.Errorf("found %s", describeToken(tok)))
	}
	raw := map[string]string{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, bad(err)
		}
		k := tok.(string) // inside an object, the decoder only yields string keys
		if _, dup := raw[k]; dup {
			return nil, fmt.Errorf("stdin: %s: given twice", name(k))
		}
		var v any
		if err := dec.Decode(&v); err != nil {
			return nil, bad(err)
		}
		text, err := jsonText(c, k, v)
		if err != nil {
			return nil, fmt.Errorf("stdin: %s: %w", name(k), err)
		}
		raw[k] = text
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return nil, bad(err)
	}
	if tok, err := dec.Token(); err != io.EOF {
		if err != nil {
			return nil, bad(fmt.Errorf("after the object: %w", err))
		}
		return nil, bad(fmt.Errorf("found %s after the object", describeToken(tok)))
	}
	return raw, nil
}

// describeToken names a JSON token for a message, values cut short.
func describeToken(tok json.Token) string {
	switch x := tok.(type) {
	case nil:
		return "null"
	case json.Delim:
		return fmt.Sprintf("%q", string(x))
	case string:
		return "the string " + short(x)
	case json.Number:
		return "the number " + short(x.String())
	}
	return fmt.Sprint(tok)
}

// jsonText is the form text of the JSON value v given for field k of c. A
// list is taken only by the fields whose value is a list (dice faces, a
// table of numbers): anywhere else it is an error, never its first number.
func jsonText(c *calc.Calculator, k string, v any) (string, error) {
	switch x := v.(type) {
	case string:
		return x, nil
	case json.Number:
		return x.String(), nil
	case bool:
		return strconv.FormatBool(x), nil
	case []any:
		if f, ok := c.Field(k); ok && f.Kind != calc.DiceList && f.Kind != calc.IntList {
			return "", fmt.Errorf("a list is not %s", kindName(f.Kind))
		}
		parts := make([]string, len(x))
		for i, e := range x {
			n, ok := e.(json.Number)
			if !ok {
				return "", errors.New("a list may hold only numbers (dice faces)")
			}
			parts[i] = n.String()
		}
		return strings.Join(parts, " "), nil
	}
	return "", errors.New("want a string, number, boolean or list of numbers")
}

// kindName says in words what a field of kind k takes.
func kindName(k calc.Kind) string {
	switch k {
	case calc.Int:
		return "a number"
	case calc.Bool:
		return "true or false"
	case calc.Choice:
		return "one of the field's choices"
	case calc.DieCode:
		return "a die code"
	case calc.Text:
		return "text"
	}
	return "a value of kind " + string(k)
}

// maxQuoted is how many bytes of a user's value a message quotes.
const maxQuoted = 40

// short quotes a value for a message, cut to maxQuoted bytes (at a rune
// boundary) with the full length said, so that a huge value cannot flood
// the terminal.
func short(s string) string {
	if len(s) <= maxQuoted {
		return strconv.Quote(s)
	}
	cut := maxQuoted
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + fmt.Sprintf("… (%d bytes)", len(s))
}

// name shows a field name as it is when it looks like one (short, letters,
// digits and "_"), quoted and cut short otherwise.
func name(s string) string {
	if s == "" || len(s) > maxQuoted {
		return short(s)
	}
	for _, r := range s {
		if r != '_' && (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') && (r < '0' || r > '9') {
			return short(s)
		}
	}
	return s
}

// message is the one-line text of an error: a field error quotes its
// value cut short, and any other message is capped at maxMessage bytes.
func message(err error) string {
	var fe *rules.FieldError
	if errors.As(err, &fe) {
		return name(fe.Field) + ": " + short(fe.Value) + " is not allowed (allowed: " + fe.Allowed + ")"
	}
	msg := oneLine(err.Error())
	if len(msg) > maxMessage {
		cut := maxMessage
		for cut > 0 && !utf8.RuneStart(msg[cut]) {
			cut--
		}
		msg = msg[:cut] + "…"
	}
	return msg
}

// maxMessage caps the length of any error line.
const maxMessage = 400

func writeJSON(stdout, stderr io.Writer, v any) int {
	b, err := json.Marshal(v)
	if err != nil {
		fmt.Fprintln(stderr, "sitegen calc: "+err.Error())
		return ExitFailure
	}
	stdout.Write(append(b, '\n'))
	return ExitOK
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
