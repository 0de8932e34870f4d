//go:build js && wasm

// Package wasm serves a calculator registry from a WebAssembly module. Serve
// registers one global object, d6calc, whose run(id, inputs) resolves a
// calculator of the registry and returns {result} or {error, field}. It
// holds no rules logic of its own, and no entry point can kill the module:
// every call recovers from panics and answers with an error object instead.
//
// There is one module per system, so that a page loads only its game's
// calculators: cmd/sitegen/internal/wasmbuild generates each module's main
// package, which is only
//
//	func main() { wasm.Serve(calc.MustRegistry(game.System())) }
//
// for the system's registration package d6codex/calc/<id>.
package wasm

import (
	"errors"
	"syscall/js"

	"d6codex/calc"
)

// Serve publishes reg as the global d6calc and never returns.
func Serve(reg *calc.Registry) {
	js.Global().Set("d6calc", js.ValueOf(map[string]any{
		"run": js.FuncOf(func(_ js.Value, args []js.Value) any { return run(reg, args) }),
	}))
	select {}
}

// run is d6calc.run(id, inputs): inputs is an object of field → text.
func run(reg *calc.Registry, args []js.Value) (out any) {
	defer func() {
		if p := recover(); p != nil {
			out = js.ValueOf(map[string]any{"error": "internal error in the calculator; try other inputs"})
		}
	}()
	if len(args) < 1 || args[0].Type() != js.TypeString {
		return errorObject(errors.New("run(id, inputs): id must be a string"))
	}
	raw := map[string]string{}
	if len(args) > 1 && args[1].Type() == js.TypeObject {
		keys := js.Global().Get("Object").Call("keys", args[1])
		for i := 0; i < keys.Length(); i++ {
			k := keys.Index(i).String()
			v := args[1].Get(k)
			if v.Type() == js.TypeString {
				raw[k] = v.String()
			} else {
				// String(v), not v.toString(): syscall/js cannot call a
				// method on a primitive such as a number.
				raw[k] = js.Global().Call("String", v).String()
			}
		}
	}
	res, err := reg.Run(args[0].String(), raw)
	if err != nil {
		return errorObject(err)
	}
	return js.ValueOf(map[string]any{"result": res.Map()})
}

func errorObject(err error) js.Value {
	o := map[string]any{"error": err.Error()}
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
			list[i] = map[string]any{"field": fe.Field, "value": fe.Value, "allowed": fe.Allowed}
		}
		o["fields"] = list
	}
	return js.ValueOf(o)
}
