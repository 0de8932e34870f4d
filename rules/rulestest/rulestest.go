// Package rulestest holds checks the rules packages' tests share.
package rulestest

import (
	"errors"
	"testing"

	"d6codex/rules"
)

// Agree checks that a calculator's Validate, Odds and Resolve agree on
// input in: an invalid input is a *rules.FieldError and both Odds and
// Resolve refuse it; a valid one both accept. It reports whether in is
// valid, so a fuzz target goes on to check the results only then.
func Agree(t testing.TB, in any, valid, odds, resolve error) bool {
	t.Helper()
	if valid != nil {
		var fe *rules.FieldError
		if !errors.As(valid, &fe) || odds == nil || resolve == nil {
			t.Fatalf("%+v: Validate %v, Odds %v, Resolve %v", in, valid, odds, resolve)
		}
		return false
	}
	if odds != nil || resolve != nil {
		t.Fatalf("%+v: Odds %v, Resolve %v", in, odds, resolve)
	}
	return true
}
