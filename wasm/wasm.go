//go:build js && wasm

// Package wasm serves a calculator registry from a WebAssembly module. Serve
// registers one global object, d6calc, whose run(id, inputs, view) resolves a
// calculator of the registry and returns {result, html} or {error, field}:
// html is the result rendered by calc/render, the same code that
// pre-renders a page's preset at build time. It
// holds no rules logic of its own, and no entry point can kill the module:
// every call recovers from panics and answers with an error object instead.
//
// There is one module per system, so that a page loads only its game's
// calculators: cmd/sitegen/internal/wasmbuild generates each module's main
// package, which is only
//
//	func main() { wasm.Serve(calc.MustModule(calc.System{ID: id, Calculators: game.Calculators()})) }
//
// for the system's registration package d6codex/calc/<id>.
package wasm

import (
	"errors"
	"syscall/js"

	"d6codex/calc"
	"d6codex/calc/render"
)

// Serve publishes reg as the global d6calc and never returns.
func Serve(reg *calc.Registry) {
	js.Global().Set("d6calc", js.ValueOf(calc.Object(
		"run", js.FuncOf(func(_ js.Value, args []js.Value) any { return run(reg, args) }),
	)))
	select {}
}

// run is d6calc.run(id, inputs, view, link): inputs is an object of field
// → text; view, if given, is {key, dist, mode, pin}: the options of
// calc/render and the inputs of a pinned set-up to compare with (a pinned
// set-up that no longer runs answers pinError and is left out). link, if
// given, is a share link's fields, a list of [field, value] pairs as the
// address has them: read over inputs by calc.ReadArgs, the reading of
// `sitegen calc run`, and answered with the fields as read, canonical text
// where they read (form), beside the result or the error.
func run(reg *calc.Registry, args []js.Value) (out any) {
	defer func() {
		if p := recover(); p != nil {
			out = js.ValueOf(calc.Object("error", "internal error in the calculator; try other inputs"))
		}
	}()
	if len(args) < 1 || args[0].Type() != js.TypeString {
		return errorObject(errors.New("run(id, inputs): id must be a string"))
	}
	id := args[0].String()
	raw := map[string]string{}
	if len(args) > 1 {
		raw = fieldsOf(args[1])
	}
	link := len(args) > 3 && args[3].InstanceOf(js.Global().Get("Array"))
	var err error
	if link {
		raw, err = calc.ReadArgs(raw, pairsOf(args[3]))
	}
	var res calc.Result
	if err == nil {
		res, err = reg.Run(id, raw)
	}
	if err != nil {
		o := errorObject(err)
		if c, cerr := reg.Get(id); link && cerr == nil {
			o.Set("form", js.ValueOf(textObject(c.Form(raw))))
		}
		return o
	}
	m := calc.Object("result", res.Map())
	if link {
		m["form"] = textObject(res.Inputs.Form())
	}
	if len(args) > 2 && args[2].Type() == js.TypeObject {
		v := args[2]
		o := render.Options{Key: text(v.Get("key")), Dist: text(v.Get("dist")), Mode: text(v.Get("mode"))}
		var pin *calc.Result
		if p := v.Get("pin"); p.Type() == js.TypeObject {
			pr, err := reg.Run(id, fieldsOf(p))
			if err != nil {
				m["pinError"] = err.Error()
			} else {
				pin = &pr
			}
		}
		m["html"] = render.HTML(res, pin, o)
	}
	return js.ValueOf(m)
}

// fieldsOf reads a JavaScript object of field → value as text.
func fieldsOf(obj js.Value) map[string]string {
	raw := map[string]string{}
	if obj.Type() != js.TypeObject {
		return raw
	}
	keys := js.Global().Get("Object").Call("keys", obj)
	for i := 0; i < keys.Length(); i++ {
		k := keys.Index(i).String()
		raw[k] = text(obj.Get(k))
	}
	return raw
}

// pairsOf reads a list of [field, value] pairs.
func pairsOf(list js.Value) []calc.Arg {
	out := make([]calc.Arg, 0, list.Length())
	for i := 0; i < list.Length(); i++ {
		p := list.Index(i)
		if p.Type() != js.TypeObject || p.Length() < 2 {
			continue
		}
		out = append(out, calc.Arg{Field: text(p.Index(0)), Value: text(p.Index(1))})
	}
	return out
}

// textObject is a map of text as an object for js.ValueOf.
func textObject(m map[string]string) map[string]any {
	o := make(map[string]any, len(m))
	for k, v := range m {
		o[k] = v
	}
	return o
}

// text is a JavaScript value as text; undefined and null are empty.
func text(v js.Value) string {
	switch v.Type() {
	case js.TypeString:
		return v.String()
	case js.TypeUndefined, js.TypeNull:
		return ""
	}
	// String(v), not v.toString(): syscall/js cannot call a method on a
	// primitive such as a number.
	return js.Global().Call("String", v).String()
}

func errorObject(err error) js.Value {
	o := calc.Object("error", err.Error())
	// The calculators return a *rules.FieldError, calc.FieldErrors or a
	// *calc.DiceError as is, never wrapped, so type assertions find them
	// without errors.As (which links in reflection). "field" is the first bad
	// field; "fields" lists every bad field with what it allows.
	if _, ok := err.(*calc.DiceError); ok {
		o["field"] = "dice"
		o["dice"] = true // the odds stand without the dice
	} else if fes := calc.AsFieldErrors(err); len(fes) > 0 {
		o["field"] = fes[0].Field
		list := make([]any, len(fes))
		for i, fe := range fes {
			list[i] = calc.Object("field", fe.Field, "value", fe.Value, "allowed", fe.Allowed)
			if fe.Msg != "" { // its own words, not "value is not allowed"
				list[i].(map[string]any)["message"] = fe.Error()
			}
		}
		o["fields"] = list
	}
	return js.ValueOf(o)
}
