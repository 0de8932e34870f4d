// Package anydiceblock renders ```anydice blocks: a program in AnyDice's
// language (package rules/dice/anydice), shown as the anydice/program
// calculator of the registry (calc/anydice) preset to that program, so a page gets the
// chart, table, share and pin of every calculator, recomputed in the
// calculators' worker by the anydice module. The program's field comments
// (\ field SKILL: "Skill" 1..10 = 3 \) become the form; the program itself
// is under "Show the program", where a reader can read, copy and edit it
// (recomputed in the worker, and in the address once edited). A bad
// program fails the build at its line and column. A block marked editable
// (```anydice editable) is a playground: its program opens shown, in an
// editor with line numbers (the line of an error marked), and a long run
// can be stopped.
package anydiceblock

import (
	"errors"
	"strconv"

	"d6codex/calc"
	dice "d6codex/calc/anydice"
	"d6codex/cmd/sitegen/internal/calcblock"
	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/rules/dice/anydice"
	"d6codex/templates"
)

// Info is the fence info word this package handles.
const Info = "anydice"

// Editable is the info string's word that makes a block a playground
// (```anydice editable): the program opens shown, in an editor with line
// numbers that marks the line of an error.
const Editable = "editable"

// Handler renders ```anydice blocks through the calculator block handler.
type Handler struct {
	calc *calcblock.Handler
}

// New returns a handler that renders through calc, the ```calc handler.
func New(calc *calcblock.Handler) *Handler { return &Handler{calc: calc} }

// BlockKey implements markup.BlockKeyer: an editable block counts with
// the others (its element ids follow theirs, none twice on a page).
func (h *Handler) BlockKey(fields []string) string { return Info }

// RenderBlock implements markup.BlockHandler.
func (h *Handler) RenderBlock(b *markup.Block) (string, error) {
	editable := false
	for _, a := range b.Args {
		if a != Editable {
			return "", errors.New("```anydice takes one word, " + Editable + " (a playground: the program open to edit), not \"" + a + "\": write the program inside the block")
		}
		editable = true
	}
	p, err := anydice.Parse(b.Body)
	if err == nil {
		_, err = p.Run(nil) // run-time errors and work limits fail the build too
	}
	if err != nil {
		var e *anydice.Error
		if errors.As(err, &e) {
			return "", &markup.BlockError{Line: e.Line, Col: e.Col, Err: errors.New(e.Msg)}
		}
		return "", err
	}
	fields := p.Fields()
	if len(fields) > dice.Slots {
		f := fields[dice.Slots]
		return "", &markup.BlockError{Line: f.Line, Col: f.Col, Err: errors.New("at most " + strconv.Itoa(dice.Slots) + " fields in one ```anydice block")}
	}
	presets := map[string]string{"program": b.Body}
	lines := map[string]int{"program": 1}
	for i, f := range fields {
		presets[dice.SlotName(i)] = strconv.Itoa(f.Def)
		lines[dice.SlotName(i)] = f.Line
	}
	return h.calc.RenderPreset(b, dice.ID, presets, lines, func(cf calc.Field, fv *templates.CalcField) calcblock.Placement {
		if cf.Name == "program" {
			fv.Label, fv.Help, fv.Allowed = "Program", "Edit it to recompute; an edited program goes into the link.", ""
			fv.Default = b.Body
			fv.Editor = editable
			return calcblock.Source
		}
		for i, f := range fields {
			if cf.Name == dice.SlotName(i) {
				fv.Label, fv.Help = f.Label, ""
				fv.Min, fv.Max, fv.Default = strconv.Itoa(f.Min), strconv.Itoa(f.Max), strconv.Itoa(f.Def)
				fv.Allowed = strconv.Itoa(f.Min) + " to " + strconv.Itoa(f.Max)
				return calcblock.Shown
			}
		}
		return calcblock.Omit
	})
}
