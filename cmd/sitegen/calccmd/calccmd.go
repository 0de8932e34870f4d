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
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"d6codex/calc/systems"
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
		fmt.Fprintln(stderr, "sitegen calc: "+oneLine(err.Error()))
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
		raw, err := inputs(args[2:], stdin)
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
// argument is "-". JSON numbers, booleans and arrays of numbers become the
// same text a form would send.
func inputs(args []string, stdin io.Reader) (map[string]string, error) {
	raw := map[string]string{}
	if len(args) == 1 && args[0] == "-" {
		var obj map[string]any
		dec := json.NewDecoder(stdin)
		dec.UseNumber()
		if err := dec.Decode(&obj); err != nil {
			return nil, fmt.Errorf("stdin: want a JSON object of inputs: %w", err)
		}
		for k, v := range obj {
			s, err := jsonText(v)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", k, err)
			}
			raw[k] = s
		}
		return raw, nil
	}
	for _, a := range args {
		k, v, ok := strings.Cut(a, "=")
		if !ok || strings.TrimSpace(k) == "" {
			return nil, fmt.Errorf("argument %q: want field=value", a)
		}
		k = strings.TrimSpace(k)
		if _, dup := raw[k]; dup {
			return nil, fmt.Errorf("%s: given twice", k)
		}
		raw[k] = v
	}
	return raw, nil
}

func jsonText(v any) (string, error) {
	switch x := v.(type) {
	case string:
		return x, nil
	case json.Number:
		return x.String(), nil
	case bool:
		return strconv.FormatBool(x), nil
	case nil:
		return "", nil
	case []any:
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
