//go:build js && wasm

// Package wasm serves a calculator registry from a WebAssembly module. Serve
// registers one global object, d6calc, whose run(id, inputs, view) resolves a
// calculator of the registry and returns {html, inputs} or {error, field}:
// html is the result rendered by calc/render, the same code that
// pre-renders a page's preset at build time, and inputs how the module
// read them (the form shows a share link's values so); the page needs
// nothing else of a result, so the module sends nothing else (`sitegen
// calc run` prints the data). It
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

// run is d6calc.run(id, inputs, view): inputs is an object of field → text;
// view, if given, is {key, dist, mode, pin}: the options of calc/render and
// the inputs of a pinned set-up to compare with (a pinned set-up that no
// longer runs answers pinError and is left out). The answer is {html,
// inputs} (inputs as calc.Result.Texts reads them), with title when the
// calculator names its block by its inputs (a dice block by its rolls).
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
	res, err := reg.Run(id, raw)
	if err != nil {
		return errorObject(err)
	}
	m := calc.Object("inputs", res.Texts())
	var o render.Options
	var pin *calc.Result
	if len(args) > 2 && args[2].Type() == js.TypeObject {
		v := args[2]
		o = render.Options{Key: text(v.Get("key")), Dist: text(v.Get("dist")), Mode: text(v.Get("mode"))}
		if p := v.Get("pin"); p.Type() == js.TypeObject {
			pr, err := reg.Run(id, fieldsOf(p))
			if err != nil {
				m["pinError"] = err.Error()
			} else {
				pin = &pr
			}
		}
	}
	m["html"] = render.HTML(res, pin, o)
	if h := res.Heading(); h != "" {
		m["title"] = h
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
		}
		o["fields"] = list
	}
	return js.ValueOf(o)
}
