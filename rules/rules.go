// Package rules is the root of the combat engines: one sub-package per game
// system (d6xd6, spacedoor, skirmish, rollunder, opend6) built on the exact
// distributions of rules/dice. Everything below rules/ is pure Go with no
// I/O and no fmt or reflection, so the same code compiles into the small
// WebAssembly calculators and the command line.
//
// This package holds what the systems share: the error a bad input gets.
package rules

import (
	"d6codex/rules/text"
	"strconv"
	"strings"
)

// FieldError is a bad input value. It names the input field, what was given,
// and what is allowed, so a form or the command line can point at the field.
type FieldError struct {
	Field   string // input field name, e.g. "attack_dice"
	Value   string // the value given, as text
	Allowed string // what is allowed, e.g. "1 to 12" or "one of none, light"
}

// Error reads like `attack_dice: 13 is out of range (allowed: 1 to 12)`.
func (e *FieldError) Error() string {
	return e.Field + ": " + text.Quote(e.Value) + " is not allowed (allowed: " + e.Allowed + ")"
}

// IntRange returns a FieldError when v is outside lo..hi, else nil.
func IntRange(field string, v, lo, hi int) error {
	if v < lo || v > hi {
		return &FieldError{Field: field, Value: strconv.Itoa(v), Allowed: strconv.Itoa(lo) + " to " + strconv.Itoa(hi)}
	}
	return nil
}

// OneOf returns a FieldError when v is not one of the options, else nil.
func OneOf(field, v string, options ...string) error {
	for _, o := range options {
		if v == o {
			return nil
		}
	}
	return &FieldError{Field: field, Value: v, Allowed: "one of " + strings.Join(options, ", ")}
}

// FirstError returns the first non-nil error, for validating several fields
// in one expression.
func FirstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
