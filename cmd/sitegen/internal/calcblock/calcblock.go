// Package calcblock renders ```calc fenced blocks: a calculator of the calc
// registry embedded in a rules page, with preset inputs.
//
//	```calc opend6/attack
//	skill = 4D+1
//	damage = 3D   # a comment
//	```
//
// The form is rendered server-side from the calculator's schema, and the
// preset's result (outcome table, chart, worded roll) is computed and
// rendered natively at build time, so both are there before any script
// runs; the page gets js/calc.js and
// css/calc.css, which load the WebAssembly calculators in a Web Worker. An
// unknown calculator, an unknown field or a value out of range fails the
// build at the block's line.
package calcblock

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"d6codex/calc"
	dicecalc "d6codex/calc/dice"
	"d6codex/calc/render"
	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/wasmbuild"
	"d6codex/rules"
	"d6codex/rules/dice"
	"d6codex/rules/dice/expr"
	"d6codex/templates"
)

// Info is the fence info word this package handles.
const Info = "calc"

// Assets the page needs: its script and style, and the files the script
// loads (the worker, Go's wasm_exec.js and the module).
const (
	ScriptAsset = "js/calc.js"
	StyleAsset  = "css/calc.css"
	WorkerAsset = "js/calc-worker.js"
)

// MainFields is how many of a calculator's first fields are always shown;
// the others are under "More options" unless the page presets them.
const MainFields = 6

// Handler renders ```calc blocks with the calculators of a registry.
type Handler struct {
	reg *calc.Registry
}

// New returns a handler for the registry's calculators.
func New(reg *calc.Registry) *Handler { return &Handler{reg: reg} }

// RenderBlock implements markup.BlockHandler.
func (h *Handler) RenderBlock(b *markup.Block) (string, error) {
	if len(b.Args) != 1 {
		example := "SYSTEM/NAME"
		if l := h.reg.List(); len(l) > 0 {
			example = l[0].ID
		}
		return "", errors.New("name one calculator after calc, e.g. ```calc " + example)
	}
	presets, lines, bad := parsePresets(b.Body)
	html, err := h.RenderPreset(b, b.Args[0], presets, lines, nil)
	if len(bad) > 0 { // every bad line, and whatever else is wrong
		if err != nil {
			bad = append(bad, err)
		}
		return "", errors.Join(bad...)
	}
	return html, err
}

// spendDice computes the expressions of src (a dice/roll calculator's
// expr field, which parsed) against budget: markup.ErrDiceBudget past it.
func spendDice(budget *expr.Budget, src string) error {
	items, err := expr.Parse(src)
	if err != nil {
		return err
	}
	for _, it := range items {
		_, err := budget.EvalItem(it)
		var be *expr.BudgetError
		if errors.As(err, &be) {
			return markup.ErrDiceBudget
		}
		// Any other error is the calculator's to tell, as it runs.
	}
	return nil
}

// Placement says where a block built on a calculator puts one field.
type Placement int

// Placements of a field.
const (
	Shown Placement = iota // a form control, where the calculator's order puts it
	Fixed                  // a hidden input the page fixes (never in the address)
	Omit                   // not in the form
	// Source is a block's own text (an AnyDice block's program) in a text
	// area under "Show the program": a reader can read, copy and edit it,
	// and an edited text goes into the address (the page's own does not).
	Source
)

// RenderPreset renders calculator id with presets (lines gives each
// preset's body line, for errors). adjust, when not nil, may change each
// field's control (its label, range) and says where the field goes;
// blocks built on a calculator (```dice, ```anydice) use it.
func (h *Handler) RenderPreset(b *markup.Block, id string, presets map[string]string, lines map[string]int,
	adjust func(f calc.Field, fv *templates.CalcField) Placement) (string, error) {
	c, err := h.reg.Get(id)
	if err != nil {
		return "", err
	}
	var bad []error
	values, err := c.Parse(presets)
	if err != nil {
		// Every field at fault, each at its line (the fence for a field
		// the block does not set).
		for _, e := range fieldErrors(err) {
			var fe *rules.FieldError
			if errors.As(e, &fe) {
				e = &markup.BlockError{Line: lines[fe.Field], Err: e}
			}
			bad = append(bad, e)
		}
	}
	if len(bad) > 0 {
		return "", errors.Join(bad...)
	}
	if c.ID == dicecalc.ID && b.Info == Info {
		// A ```calc dice/roll block's expressions spend from the page's
		// dice budget (a ```dice block, Info "dice", spent it already).
		if err := spendDice(b.DiceBudget(), values.Text("expr")); err != nil {
			return "", &markup.BlockError{Line: lines["expr"], Err: err}
		}
	}
	res, err := c.Run(presets)
	if err != nil {
		// The preset parsed, so only the page's dice can fail to fit.
		return "", &markup.BlockError{Line: lines["dice"], Err: fmt.Errorf("the preset's result: %w", err)}
	}
	b.SetFlag(Info)
	b.AddScript(ScriptAsset)
	b.AddStyle(StyleAsset)
	view := templates.CalcView{
		DOMID:  domID(c.ID, b.Index),
		CalcID: c.ID,
		Help:   c.Help,
		CLI:    cli(c, presets),
		Twice:  calc.GivenTwice,
	}
	// The preset's result, pre-rendered natively with the markup the
	// module renders in the browser: the page shows the answer before any
	// script runs, and without JavaScript.
	view.Result = render.HTML(res, nil, render.Options{Key: view.DOMID})
	for _, asset := range []struct {
		dst  *string
		name string
	}{{&view.Worker, WorkerAsset}, {&view.Exec, wasmbuild.ExecAsset}, {&view.Wasm, wasmbuild.ModuleAsset(c.System)}} {
		u, ok := b.AssetURL(asset.name)
		if !ok {
			return "", fmt.Errorf("asset %s is missing (is the calculators' module generator registered?)", asset.name)
		}
		*asset.dst = u
	}
	var shownPresets []templates.CalcField // what the reader sees set, for the title
	for i, f := range c.Fields {
		fv := field(view.DOMID, f, values)
		_, preset := presets[f.Name]
		place := Shown
		if adjust != nil {
			place = adjust(f, &fv)
		}
		if preset && place == Shown && f.Name != "dice" && f.Name != "seed" {
			shownPresets = append(shownPresets, fv)
		}
		switch {
		case place == Omit:
		case place == Fixed:
			view.Fixed = append(view.Fixed, fv)
		case place == Source:
			fv.Control = "textarea"
			view.Source = append(view.Source, fv)
		case f.Name == "dice" || f.Name == "seed":
			view.RollFields = append(view.RollFields, fv)
		case preset || i < MainFields:
			view.Fields = append(view.Fields, fv)
		default:
			view.More = append(view.More, fv)
		}
	}
	view.Title = title(c, values, shownPresets, b.Index)
	var out strings.Builder
	if err := templates.CalcForm(view).Render(context.Background(), &out); err != nil {
		return "", fmt.Errorf("render calculator %s: %w", c.ID, err)
	}
	return out.String(), nil
}

// fieldErrors lists the errors of a calculator's Parse: each field's of a
// calc.FieldErrors, or err alone.
func fieldErrors(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

// parsePresets reads "field = value" lines; blank lines and # comments are
// skipped. It returns the presets, the body line of each field and an
// error for every line that is not a preset (the others are still read).
func parsePresets(body string) (map[string]string, map[string]int, []error) {
	presets, lines := map[string]string{}, map[string]int{}
	var bad []error
	for i, line := range strings.Split(body, "\n") {
		if j := strings.Index(line, "#"); j >= 0 {
			line = line[:j]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" {
			bad = append(bad, &markup.BlockError{Line: i + 1, Err: fmt.Errorf("want field = value, got %q", line)})
			continue
		}
		if _, dup := presets[k]; dup {
			bad = append(bad, &markup.BlockError{Line: i + 1, Err: fmt.Errorf("%s is set twice", k)})
			continue
		}
		presets[k], lines[k] = v, i+1
	}
	return presets, lines, bad
}

// title names a block for its page, uniquely among the page's landmarks:
// by its inputs when the calculator says how (a dice block by its rolls,
// "Odds of 4d6kh3"); else the calculator's title, and for a later block of
// the same calculator on the page, what its presets set as the form shows
// them ("Attack: Skill 5D, All-out attack, Partial"), never a counter.
func title(c *calc.Calculator, v calc.Values, presets []templates.CalcField, index int) string {
	if c.Heading != nil {
		return c.Heading(v)
	}
	if index == 0 {
		return c.Title
	}
	// What the block changes from the form's defaults, its choices in
	// words first, tells it from the page's other blocks of the calculator
	// (two blocks may share their first four numbers and differ in an
	// effect chosen).
	presets = slices.Clone(presets)
	rank := map[string]int{"select": 0, "checkbox": 1, "number": 2}
	key := func(f templates.CalcField) int {
		r, ok := rank[f.Control]
		if !ok {
			r = 3
		}
		if f.Value == f.Default {
			r += 4
		}
		return r
	}
	slices.SortStableFunc(presets, func(a, b templates.CalcField) int { return cmp.Compare(key(a), key(b)) })
	var parts []string
	for _, f := range presets {
		if len(parts) == 4 {
			parts[3] += " …"
			break
		}
		parts = append(parts, presetWords(f))
	}
	if len(parts) == 0 {
		return c.Title + ", again"
	}
	return c.Title + ": " + strings.Join(parts, ", ")
}

// presetWords says a preset as the form shows it: a choice by its label,
// a box ticked by its label ("no " before it when not), a number or die
// code after its label ("Skill 5D").
func presetWords(f templates.CalcField) string {
	switch f.Control {
	case "select":
		for _, o := range f.Options {
			if o.Value == f.Value {
				return o.Label
			}
		}
	case "checkbox":
		if f.Value == "true" {
			return f.Label
		}
		return "no " + strings.ToLower(f.Label[:1]) + f.Label[1:]
	}
	return f.Label + " " + strings.ReplaceAll(f.Value, "-", "−")
}

// domID is the element id of the page's index-th calculator with this id:
// "calc-opend6-attack", then "calc-opend6-attack-2", ...
func domID(id string, index int) string {
	s := "calc-" + strings.ReplaceAll(id, "/", "-")
	if index > 0 {
		s += "-" + strconv.Itoa(index+1)
	}
	return s
}

// field turns a schema field and its preset value into a form control.
func field(domID string, f calc.Field, v calc.Values) templates.CalcField {
	fv := templates.CalcField{
		Name:    f.Name,
		ID:      domID + "-" + f.Name,
		Label:   f.Label,
		Help:    f.Help,
		Value:   v.Canonical(f),
		Default: f.Default,
	}
	if !v.Given(f.Name) && (f.Name == "dice" || f.Name == "seed") {
		fv.Value = ""
	}
	switch f.Kind {
	case calc.Int:
		fv.Control, fv.Min, fv.Max = "number", strconv.Itoa(f.Min), strconv.Itoa(f.Max)
		fv.Allowed = signed(f.Min) + " to " + signed(f.Max)
		if f.Name == "seed" {
			fv.Allowed = "any whole number"
		}
	case calc.Bool:
		fv.Control = "checkbox"
	case calc.Choice:
		fv.Control = "select"
		for _, o := range f.Options {
			fv.Options = append(fv.Options, templates.CalcOption{Value: o.Value, Label: o.Label})
		}
	case calc.DieCode:
		fv.Control, fv.Placeholder = "text", "3D+1"
		fv.Allowed = dice.FromPips(f.Min).String() + " to " + dice.FromPips(f.Max).String()
	case calc.DiceList:
		fv.Control, fv.InputMode, fv.Placeholder = "text", "numeric", "e.g. 6 5 3"
		fv.Allowed = "faces " + strconv.Itoa(f.Min) + " to " + strconv.Itoa(f.Max)
	case calc.IntList:
		fv.Control, fv.InputMode = "text", "numeric"
		fv.Allowed = "numbers " + signed(f.Min) + " to " + signed(f.Max)
	case calc.Text:
		fv.Control, fv.Placeholder = "text", f.Default
		fv.Allowed = "up to " + strconv.Itoa(f.Max) + " characters"
	}
	return fv
}

// cli is the `sitegen calc run` command line for the presets.
func cli(c *calc.Calculator, presets map[string]string) string {
	var b strings.Builder
	b.WriteString("sitegen calc run " + c.ID)
	for _, f := range c.Fields {
		if v, ok := presets[f.Name]; ok {
			arg := f.Name + "=" + v
			if strings.ContainsAny(arg, " \t'\"") {
				arg = "'" + strings.ReplaceAll(arg, "'", `'\''`) + "'"
			}
			b.WriteString(" " + arg)
		}
	}
	return b.String()
}

// signed is n as a page shows it: a negative number with a minus sign
// (−3), as in the rules' text, not a hyphen.
func signed(n int) string {
	if n < 0 {
		return "−" + strconv.Itoa(-n)
	}
	return strconv.Itoa(n)
}
